"""What a user gets from `pip install inspect-stamina`: tasks, providers and shipped files."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    # one build at a time in the source tree's build/ (workers of pytest-xdist share it)
    with FileLock(tmp_path_factory.getbasetemp().parent / "wheel-build.lock"):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "--no-build-isolation",
                "-q",
                "-w",
                str(out),
                str(ROOT),
            ],
            check=True,
        )
    [path] = out.glob("inspect_stamina-*.whl")
    return zipfile.ZipFile(path)


def test_wheel_ships_compose_and_example_data(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for shipped in [
        "inspect_stamina/compose/gaia/compose.yaml",
        "inspect_stamina/compose/bootstrap_docker.sh",
        "inspect_stamina/compose/images/gaia/Dockerfile",
        "inspect_stamina/compose/images/gaia/requirements.txt",
        "inspect_stamina/compose/images/gaia/apt-packages.txt",
        "inspect_stamina/compose/images/gaia-browser/extends",
        "inspect_stamina/compose/images/gaia-browser/setup.sh",
        "inspect_stamina/gaia/example/README.md",
        "inspect_stamina/gaia/example/2023/validation/metadata.parquet",
        "inspect_stamina/gaia/example/2023/validation/book_sales.xlsx",
        "inspect_stamina/compose/stamina/compose.yaml",
        "inspect_stamina/compose/images/stamina/setup.sh",
        # the library setup.sh installs into the image, and its reference
        "inspect_stamina/compose/images/stamina/fenwright/fenwright/__init__.py",
        "inspect_stamina/compose/images/stamina/fenwright/README.md",
        "inspect_stamina/stamina/scripts/inventory_cli/script.yaml",
        "inspect_stamina/stamina/scripts/inventory_cli/references/turn_26.patch",
        "inspect_stamina/stamina/scripts/inventory_cli/references/turn_01/stockroom/models.py",
        "inspect_stamina/stamina/scripts/inventory_cli/tests/test_phase1.py",
        "inspect_stamina/stamina/scripts/inventory_cli/acceptance/test_acceptance.py",
    ]:
        assert shipped in names, shipped


def test_wheel_registers_entry_points(wheel: zipfile.ZipFile) -> None:
    [entry_points] = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    text = wheel.read(entry_points).decode()
    assert "[inspect_ai]\ninspect_stamina = inspect_stamina._registry" in text
    assert "inspect-stamina = inspect_stamina.cli:main" in text


def test_sandboxes_do_not_depend_on_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inspect_stamina.gaia.sandbox import gaia_sandbox
    from inspect_stamina.stamina.task import stamina_sandbox

    monkeypatch.chdir(tmp_path)  # Inspect would resolve a relative compose path against this
    monkeypatch.setenv("INSPECT_STAMINA_CACHE", "relative/cache")
    gaia_spec = gaia_sandbox(Path("relative/cache"), "img:1", network_enabled=False)
    stamina_spec = stamina_sandbox("img:2")
    # absolute compose files (GAIA's mount is filled per sample from its metadata)
    assert isinstance(gaia_spec.config, str) and Path(gaia_spec.config).is_absolute()
    assert isinstance(stamina_spec.config, str) and Path(stamina_spec.config).is_absolute()
    gaia_service = _default_service(gaia_spec.config)
    empty = tmp_path / "relative/cache/shared_files/_no_attachment"
    assert gaia_service["volumes"] == [
        f"${{SAMPLE_METADATA_SHARED_FILES_DIR:-{empty}}}:/shared_files:ro"
    ]
    assert (gaia_service["image"], gaia_service["network_mode"]) == ("img:1", "none")
    assert _default_service(stamina_spec.config)["image"] == "img:2"


def _default_service(compose_file: str) -> dict[str, Any]:
    # plain YAML: Inspect's compose model has no `labels`, which these files carry
    service = yaml.safe_load(Path(compose_file).read_text(encoding="utf-8"))["services"]["default"]
    assert isinstance(service, dict)
    return service
