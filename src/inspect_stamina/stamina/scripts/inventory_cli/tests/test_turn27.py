"""Checkpoint, turn 27: version 0.2.0, and the Python requirement left at >=3.11."""

import os
import tomllib
from pathlib import Path

WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", os.getcwd()))


def test_version_bumped_requirement_kept():
    project = tomllib.loads((WORKSPACE / "pyproject.toml").read_text())["project"]
    assert project["version"] == "0.2.0"
    assert project["requires-python"].replace(" ", "") == ">=3.11"

    import stockroom

    assert stockroom.__version__ == "0.2.0"
