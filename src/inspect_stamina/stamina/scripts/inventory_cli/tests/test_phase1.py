"""Checkpoint, turn 7: the model, the store, errors, the inventory and the first CLI."""

import json
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
    return path


def test_item_fields():
    from stockroom.models import Item

    item = Item("A1", "Anvil", 3, 1999)
    assert (item.sku, item.name, item.quantity, item.price_cents) == ("A1", "Anvil", 3, 1999)


def test_store_round_trip(tmp_path):
    from stockroom.models import Item
    from stockroom.store import load_items, save_items

    path = tmp_path / "items.json"
    save_items(path, {"B2": Item("B2", "Bolt", 10, 25), "A1": Item("A1", "Anvil", 1, 1999)})
    rows = json.loads(path.read_text())
    assert [row["sku"] for row in rows] == ["A1", "B2"]
    assert load_items(path)["B2"] == Item("B2", "Bolt", 10, 25)


def test_error_message():
    from stockroom.errors import ERROR_CODES, StockError

    assert str(StockError("E001")) == "E001: unknown sku"
    assert set(ERROR_CODES) >= {"E001", "E002", "E003"}


def test_inventory_add_get_remove_persist(data):
    from stockroom.errors import StockError
    from stockroom.inventory import Inventory

    inventory = Inventory(data)
    inventory.add_item("A1", "Anvil", 3, 1999)
    assert Inventory(data).get("A1").quantity == 3
    inventory.add_item("A1", "Anvil", 5, 1999)
    assert Inventory(data).get("A1").quantity == 5
    inventory.remove_item("A1")
    with pytest.raises(StockError, match="E001"):
        Inventory(data).get("A1")
    with pytest.raises(StockError, match="E001"):
        inventory.remove_item("nope")


def test_data_path_default_and_override(monkeypatch, tmp_path):
    from stockroom import config

    monkeypatch.delenv("STOCKROOM_DATA", raising=False)
    assert config.data_path() == config.DEFAULT_DATA_PATH
    assert Path.home() / ".stockroom" / "items.json" == config.DEFAULT_DATA_PATH
    monkeypatch.setenv("STOCKROOM_DATA", str(tmp_path / "x.json"))
    assert config.data_path() == tmp_path / "x.json"


def test_cli_add_and_list(data):
    assert cli(data, "add", "B2", "Bolt", "--qty", "10", "--price", "25").returncode == 0
    assert cli(data, "add", "A1", "Anvil", "--qty", "3", "--price", "1999").returncode == 0
    listed = cli(data, "list")
    assert listed.returncode == 0
    assert listed.stdout.splitlines() == ["A1\tAnvil\t3\t1999", "B2\tBolt\t10\t25"]
