"""What a user gets from `pip install inspect-stamina`: tasks, providers and shipped files."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
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
        "inspect_stamina/gaia/example/README.md",
        "inspect_stamina/gaia/example/2023/validation/metadata.parquet",
        "inspect_stamina/gaia/example/2023/validation/book_sales.xlsx",
    ]:
        assert shipped in names, shipped


def test_wheel_registers_entry_points(wheel: zipfile.ZipFile) -> None:
    [entry_points] = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    text = wheel.read(entry_points).decode()
    assert "[inspect_ai]\ninspect_stamina = inspect_stamina._registry" in text
    assert "inspect-stamina = inspect_stamina.cli:main" in text


def test_compose_paths_are_absolute() -> None:
    from inspect_stamina.gaia.task import COMPOSE_TEMPLATE

    assert COMPOSE_TEMPLATE.is_absolute() and COMPOSE_TEMPLATE.is_file()
