"""The flagship script: a 100-turn Django + React todo app, as the seed describes it.

Its shape is checked here without Docker (the promises a script author makes: phases,
probes, rules, robustness turns, a checkpoint every few turns); its runs in Docker
(`validate --run`, `--fairness` with the replay) are in test_flagship.py.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.stamina.loaded_script import LoadedScript
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS
from inspect_stamina.stamina.task import bundled_scripts, resolve_script, script_image
from tests.helpers import validate_cli, validated_run

# the oracle's bash tool call carries a reference whole: one argument must stay below
# Linux's 128 KiB limit with room to spare
REFERENCE_LIMIT = 100 * 1024


@pytest.fixture(scope="module")
def todo_app() -> LoadedScript:
    assert "todo_app" in bundled_scripts()
    return resolve_script("todo_app")


def test_four_phases_over_100_turns(todo_app: LoadedScript) -> None:
    script = todo_app.script
    assert script.total_turns == 100 and len(todo_app.turns()) == 100
    assert [(p.turn_range[0], p.turn_range[1]) for p in script.narrative_script] == [
        (1, 15),
        (16, 40),
        (41, 70),
        (71, 100),
    ]
    assert set(script.programming_languages) == {"python", "javascript"}
    assert script_image(todo_app) == image_specs()["stamina-web"].tag
    assert todo_app.missing_references() == []


def test_every_code_turn_has_a_small_reference(todo_app: LoadedScript) -> None:
    for turn in todo_app.turns():
        if turn.prompt.reference:
            path = todo_app.directory / turn.prompt.reference
            size = (
                sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
                if path.is_dir()
                else path.stat().st_size
            )
            assert size < REFERENCE_LIMIT, f"turn {turn.number}: {size} bytes"


def test_the_seeds_probes_rules_and_robustness_turns(todo_app: LoadedScript) -> None:
    script, turns = todo_app.script, todo_app.turns()
    probes = {p.id: (p.planted_at, p.probed_at) for p in script.memory_probes}
    assert probes["error_code_map"] == (15, 75)  # the seed's own example
    assert len(probes) >= 4
    assert all(10 <= probed - planted <= 90 for planted, probed in probes.values())
    assert len(script.consistency_rules) >= 5
    robustness = [t for t in turns if t.prompt.kind in ROBUSTNESS_KINDS]
    assert len(robustness) >= 10
    assert {t.prompt.expect.behaviour for t in robustness if t.prompt.expect} >= {
        "ask_clarification",
        "point_out_error",
        "state_assumption",
    }
    assert any(t.prompt.user_layer == "template" for t in turns)
    kinds = {t.prompt.kind for t in turns}
    assert {"bug", "refactor", "explain", "memory_plant", "memory_probe"} <= kinds


def test_a_checkpoint_at_least_every_five_turns(todo_app: LoadedScript) -> None:
    at = sorted({c.at_turn for c in todo_app.checkpoints()})
    gaps = [b - a for a, b in zip([0, *at], [*at, 100], strict=True)]
    assert max(gaps) <= 5, at
    runners = {c.runner for c in todo_app.checkpoints() if c.runner}
    assert runners and all(c and "{junit}" in c for c in runners)  # vitest runs batched


def test_references_are_the_projects_history(tmp_path: Path, todo_app: LoadedScript) -> None:
    """Applied in order on the host, the references rebuild the reference project: every
    patch applies cleanly on the state the turns before it left."""
    work = tmp_path / "workspace"
    work.mkdir()
    for turn in todo_app.turns():
        ref = turn.prompt.reference
        if not ref:
            continue
        path = todo_app.directory / ref
        if path.is_dir():
            subprocess.run(["cp", "-r", f"{path}/.", str(work)], check=True)
        elif path.suffix == ".patch":
            run = subprocess.run(
                ["patch", "-p1", "--forward", "--quiet", "-i", str(path)],
                cwd=work,
                capture_output=True,
                text=True,
            )
            assert run.returncode == 0, f"turn {turn.number}: {run.stdout}{run.stderr}"
        else:  # turn 10 sets the frontend up from the image's npm template: its files only
            assert path.suffix == ".sh"
            script = (
                path.read_text()
                .replace("cp /opt/web-template/", "true /opt/web-template/")
                .replace("(cd frontend && npm ci", "(true")
            )
            subprocess.run(["bash", "-c", script], cwd=work, check=True)
    assert (work / "backend/todos/services.py").is_file()
    assert (work / "frontend/src/api/client.js").is_file()
    assert (work / "deploy/nginx.conf").is_file()


def test_version_1_is_kept_loadable_for_comparison(tmp_path: Path) -> None:
    v1 = resolve_script("todo_app_v1")
    assert v1.script.total_turns == 100 and v1.missing_references() == []
    assert "version 1" in v1.script.task_name
    # version 1's own tests: the unfair ones its audit found are still there
    assert (v1.directory / "tests/frontend/t11_client.test.jsx").read_text().count("API_BASE") > 0
    result = validate_cli("todo_app_v1", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "todo_app_v1: valid" in result.stdout


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.usefixtures("docker_engine")
def test_version_1_still_validates_with_run(tmp_path: Path) -> None:
    # its oracle passes all 59 checkpoints and the noop fails every behavioural one
    line, passed, total = validated_run("todo_app_v1", tmp_path)
    assert "todo_app_v1: valid (100 turns, 59 checkpoints" in line
    assert "oracle passed 59/59 checkpoints and 7/7 acceptance tests" in line
    assert "noop failed 58/58 behavioural checkpoints" in line
    assert passed == total == 7
