"""Acceptance: the finished stockroom CLI, end to end, as its user would drive it."""

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# benchmark tests live outside the workspace; checks run them from inside it
WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", os.getcwd()))


@pytest.fixture
def run(tmp_path):
    data = tmp_path / "data" / "items.json"

    def _run(*args):
        env = {**os.environ, "STOCKROOM_DATA": str(data)}
        return subprocess.run(
            [sys.executable, "-m", "stockroom", *args],
            cwd=WORKSPACE,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    _run.data = data
    return _run


def test_first_run_without_data_file(run):
    result = run("list")
    assert result.returncode == 0 and result.stdout == ""


def test_add_list_persists_as_json(run):
    run("add", "B2", "Bolt", "--qty", "10", "--price", "25")
    run("add", "A1", "Anvil", "--qty", "3", "--price", "1999")
    assert run("list").stdout.splitlines() == ["A1\tAnvil\t3\t1999", "B2\tBolt\t10\t25"]
    rows = json.loads(run.data.read_text())
    assert {r["sku"]: r["price_cents"] for r in rows} == {"A1": 1999, "B2": 25}


def test_adjust_and_insufficient_stock(run):
    run("add", "A1", "Anvil", "--qty", "3", "--price", "1999")
    assert run("adjust", "A1", "-3").returncode == 0
    result = run("adjust", "A1", "-1")
    assert result.returncode == 2 and "E002: insufficient stock" in result.stderr
    assert run("list").stdout.split("\t")[2] == "0"


def test_unknown_sku(run):
    result = run("adjust", "ZZ", "1")
    assert result.returncode == 2 and result.stderr.strip() == "E001: unknown sku"


def test_invalid_quantity(run):
    result = run("add", "A1", "Anvil", "--qty", "-1", "--price", "5")
    assert result.returncode == 2 and "E003: invalid quantity" in result.stderr


def test_report(run):
    for sku, qty in [("A1", 0), ("B2", 4), ("C3", 5), ("D4", 9)]:
        run("add", sku, f"Item{sku}", "--qty", str(qty), "--price", "100")
    assert run("report").stdout.splitlines() == ["A1 ItemA1 OUT", "B2 ItemB2 4"]
    assert run("report", "--threshold", "6").stdout.splitlines()[-1] == "C3 ItemC3 5"


def test_export_round_trip(run, tmp_path):
    run("add", "A1", 'Anvil, heavy "XL"', "--qty", "3", "--price", "1905")
    run("add", "B2", "Bolt", "--qty", "7", "--price", "5")
    out = tmp_path / "export.csv"
    assert run("export", str(out)).returncode == 0
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    assert rows == [
        ["sku", "name", "quantity", "price"],
        ["A1", 'Anvil, heavy "XL"', "3", "19.05"],
        ["B2", "Bolt", "7", "0.05"],
    ]


def test_list_by_name(run):
    run("add", "A1", "Zebra", "--qty", "1", "--price", "1")
    run("add", "B2", "Apple", "--qty", "1", "--price", "1")
    assert [line.split("\t")[0] for line in run("list", "--sort", "name").stdout.splitlines()] == [
        "B2",
        "A1",
    ]


def test_where(run):
    assert run("where").stdout.strip() == str(run.data)


def test_console_script_declared():
    import tomllib

    scripts = tomllib.loads((WORKSPACE / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"stockroom": "stockroom.cli:main"}
