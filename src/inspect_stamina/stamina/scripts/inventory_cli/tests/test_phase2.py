"""Checkpoint, turn 13: adjust, the low-stock report (changed requirement), CSV export."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

# benchmark tests live outside the workspace; checks run them from inside it
WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", os.getcwd()))


def cli(data, *args):
    env = {**os.environ, "STOCKROOM_DATA": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "stockroom", *args],
        cwd=WORKSPACE,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "items.json"
    path.write_text("[]")
    for sku, name, qty, price in [
        ("C3", "Clamp", 0, 450),
        ("A1", "Anvil", 3, 1999),
        ("B2", "Bolt", 10, 25),
        ("D4", "Drill", 4, 8900),
    ]:
        assert cli(path, "add", sku, name, "--qty", str(qty), "--price", str(price)).returncode == 0
    return path


def test_adjust(data):
    from stockroom.errors import StockError
    from stockroom.inventory import Inventory

    inventory = Inventory(data)
    inventory.adjust("A1", 4)
    inventory.adjust("A1", -2)
    assert Inventory(data).get("A1").quantity == 5
    with pytest.raises(StockError, match="E002"):
        inventory.adjust("A1", -6)
    assert Inventory(data).get("A1").quantity == 5
    assert cli(data, "adjust", "B2", "-3").returncode == 0
    assert Inventory(data).get("B2").quantity == 7


def test_low_stock(data):
    from stockroom.inventory import Inventory

    assert [i.sku for i in Inventory(data).low_stock(4)] == ["A1", "C3"]


def test_report_default_threshold_and_out(data):
    result = cli(data, "report")
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["A1 Anvil 3", "C3 Clamp OUT", "D4 Drill 4"]
    assert cli(data, "report", "--threshold", "11").stdout.splitlines()[1] == "B2 Bolt 10"


def test_export(data, tmp_path):
    out = tmp_path / "items.csv"
    assert cli(data, "export", str(out)).returncode == 0
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["sku", "name", "quantity", "price"]
    assert rows[1:] == [
        ["A1", "Anvil", "3", "19.99"],
        ["B2", "Bolt", "10", "0.25"],
        ["C3", "Clamp", "0", "4.50"],
        ["D4", "Drill", "4", "89.00"],
    ]
