"""Checkpoint, turn 18: a missing data file means an empty inventory."""

import os
import subprocess
import sys
from pathlib import Path

WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", os.getcwd()))


def test_missing_data_file_is_an_empty_inventory(tmp_path):
    from stockroom.inventory import Inventory

    assert list(Inventory(tmp_path / "nowhere" / "items.json").all_items()) == []
    env = {**os.environ, "STOCKROOM_DATA": str(tmp_path / "none.json")}
    listed = subprocess.run(
        [sys.executable, "-m", "stockroom", "list"],
        cwd=WORKSPACE,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0 and listed.stdout == ""
