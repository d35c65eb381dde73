"""Scripts in another image: a Django + React script runs in stamina-web, its pytest
checkpoint gets its conftest.py, its vitest checkpoint its runner, and installed
packages stay out of the harness's view."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from inspect_ai.log import read_eval_log

from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.script import ScriptError
from inspect_stamina.stamina.task import resolve_script, script_image, stamina

WEB_MINI = Path(__file__).parent / "fixtures" / "web_mini"
WEB_IMAGE = image_specs()["stamina-web"].tag
STAMINA_IMAGE = image_specs()["stamina"].tag


def test_script_names_its_image() -> None:
    assert script_image(resolve_script(str(WEB_MINI))) == WEB_IMAGE
    # a script that names none runs in the stamina image
    assert script_image(resolve_script("inventory_cli")) == STAMINA_IMAGE


def test_missing_support_file_is_located(tmp_path: Path) -> None:
    root = tmp_path / "web_mini"
    shutil.copytree(WEB_MINI, root)
    (root / "tests/frontend/run-vitest.sh").unlink()
    with pytest.raises(ScriptError) as error:
        load_script(root / "script.yaml")
    message = str(error.value)
    assert "support file tests/frontend/run-vitest.sh not found" in message
    assert "evaluation_checkpoints[1].support[0]" in message


def _image_of(spec: object) -> str:
    compose = yaml.safe_load(Path(spec.config).read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    return str(compose["services"]["default"]["image"])


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_each_sample_runs_in_its_scripts_image_unless_one_is_given() -> None:
    task = stamina(script=f"{WEB_MINI},inventory_cli")
    images = {s.id: _image_of(s.sandbox) for s in task.dataset}
    assert images == {"web_mini": WEB_IMAGE, "inventory_cli": STAMINA_IMAGE}
    assert {s.id: s.metadata["image"] for s in task.dataset} == images  # type: ignore[index]
    forced = stamina(script=f"{WEB_MINI},inventory_cli", docker_image=STAMINA_IMAGE)
    assert {_image_of(s.sandbox) for s in forced.dataset} == {STAMINA_IMAGE}


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_web_script_validates() -> None:
    """The oracle passes the Django and vitest checkpoints, the noop fails them, and
    neither passes before its turn (so conftest and runner really were placed)."""
    result = subprocess.run(
        ["inspect-stamina", "validate", str(WEB_MINI), "--run"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 behavioural checkpoints, 2 failing before their turn" in result.stdout
    assert "oracle passed 2/2 checkpoints" in result.stdout
    assert "noop failed 2/2 behavioural checkpoints" in result.stdout


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_web_script_from_the_command_line(tmp_path: Path) -> None:
    result = subprocess.run(
        ["inspect", "eval", "inspect_stamina/stamina", "-T", f"script={WEB_MINI}"]
        + ["--model", "stamina/oracle", "--log-dir", str(tmp_path), "--display", "none"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    [path] = tmp_path.glob("*.eval")
    [sample] = read_eval_log(str(path)).samples or []
    assert sample.metadata["image"] == WEB_IMAGE
    [score] = sample.scores.values()  # type: ignore[union-attr]
    turns = score.metadata["turns"]  # type: ignore[index]
    checks = {c["name"]: c for t in turns for c in t["checkpoints"]}
    assert checks["health endpoint"]["passed"] and checks["app heading"]["passed"]
    assert "1 passed" in checks["app heading"]["output"]
    # npm ci put thousands of files in frontend/node_modules: none is the agent's change
    frontend = turns[1]["changed"]
    assert "frontend/src/App.jsx" in frontend and "frontend/package-lock.json" in frontend
    assert not [f for f in frontend if "node_modules" in f]
