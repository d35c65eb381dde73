"""Checkpoint, turn 22: validation, missing data file, exit codes, money, sorting."""

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


def test_negative_quantity_rejected(tmp_path):
    from stockroom.errors import StockError
    from stockroom.inventory import Inventory

    inventory = Inventory(tmp_path / "items.json")
    with pytest.raises(StockError, match="E003"):
        inventory.add_item("A1", "Anvil", -3, 100)
    result = cli(tmp_path / "items.json", "add", "A1", "Anvil", "--qty", "-3", "--price", "100")
    assert result.returncode == 2
    assert "E003: invalid quantity" in result.stderr


def test_missing_data_file_is_empty(tmp_path):
    data = tmp_path / "new" / "items.json"
    assert cli(data, "list").returncode == 0
    assert cli(data, "add", "A1", "Anvil", "--qty", "1", "--price", "100").returncode == 0
    assert cli(data, "list").stdout.splitlines() == ["A1\tAnvil\t1\t100"]


def test_unknown_sku_exit_code_and_message(tmp_path):
    result = cli(tmp_path / "items.json", "adjust", "NOPE", "1")
    assert result.returncode == 2
    assert result.stderr.strip() == "E001: unknown sku"


def test_format_cents():
    from stockroom.money import format_cents

    assert [format_cents(c) for c in (0, 5, 1250, 100000)] == ["0.00", "0.05", "12.50", "1000.00"]


def test_build_parser():
    from stockroom.cli import build_parser

    assert build_parser().parse_args(["report"]).threshold == 5


def test_list_sorted_by_name(tmp_path):
    data = tmp_path / "items.json"
    for sku, name in [("A1", "Zip"), ("B2", "Axe"), ("C3", "Mop")]:
        cli(data, "add", sku, name, "--qty", "1", "--price", "1")
    by_name = cli(data, "list", "--sort", "name").stdout.splitlines()
    assert [line.split("\t")[1] for line in by_name] == ["Axe", "Mop", "Zip"]
    by_sku = cli(data, "list").stdout.splitlines()
    assert [line.split("\t")[0] for line in by_sku] == ["A1", "B2", "C3"]
