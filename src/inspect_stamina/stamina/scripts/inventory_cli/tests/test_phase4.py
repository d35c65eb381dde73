"""Checkpoint, turn 26: where, packaging, CSV quoting, atomic saves."""

import csv
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

# benchmark tests live outside the workspace; checks run them from inside it
WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", os.getcwd()))


def cli(env_extra, *args):
    env = {**os.environ, **env_extra}
    return subprocess.run(
        [sys.executable, "-m", "stockroom", *args],
        cwd=WORKSPACE,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_where_follows_default_and_override(tmp_path):
    home = tmp_path / "home"
    env = {"HOME": str(home)}
    env_without_override = {k: v for k, v in os.environ.items() if k != "STOCKROOM_DATA"}
    result = subprocess.run(
        [sys.executable, "-m", "stockroom", "where"],
        cwd=WORKSPACE,
        env={**env_without_override, **env},
        capture_output=True,
        text=True,
    )
    assert result.stdout.strip() == str(home / ".stockroom" / "items.json")
    override = tmp_path / "elsewhere.json"
    assert cli({"STOCKROOM_DATA": str(override)}, "where").stdout.strip() == str(override)


def test_pyproject():
    project = tomllib.loads((WORKSPACE / "pyproject.toml").read_text())["project"]
    assert project["name"] == "stockroom"
    assert project["scripts"]["stockroom"] == "stockroom.cli:main"
    assert project["requires-python"].replace(" ", "") == ">=3.11"


def test_csv_quoting_round_trip(tmp_path):
    data = {"STOCKROOM_DATA": str(tmp_path / "items.json")}
    name = 'Bolt, 5mm "hex"'
    assert cli(data, "add", "B2", name, "--qty", "2", "--price", "30").returncode == 0
    out = tmp_path / "out.csv"
    assert cli(data, "export", str(out)).returncode == 0
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[1] == ["B2", name, "2", "0.30"]


def test_save_is_atomic(tmp_path):
    import stockroom.store as store
    from stockroom.models import Item

    # a data file that cannot be written in place: only a new file renamed over it can
    # replace it, as a save that writes a temporary file and renames it does
    path = tmp_path / "items.json"
    path.write_text("[]")
    path.chmod(0o444)
    store.save_items(path, {"A1": Item("A1", "Anvil", 2, 100)})
    assert [row["quantity"] for row in json.loads(path.read_text())] == [2], (
        "save must write a temporary file and rename it"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["items.json"]
