"""Checkpoint, turn 11: stats.count_items (and prices stay integer cents)."""


def test_count_items():
    from stockroom.models import Item
    from stockroom.stats import count_items

    assert count_items([Item("A1", "Anvil", 3, 250), Item("B2", "Bolt", 2, 5)]) == 5
    assert count_items([]) == 0


def test_prices_stay_integer_cents(tmp_path):
    from stockroom.inventory import Inventory

    data = tmp_path / "items.json"
    data.write_text("[]")  # a missing data file is only handled from turn 18 on
    inventory = Inventory(data)
    inventory.add_item("A1", "Anvil", 3, 1999)
    price = inventory.get("A1").price_cents
    assert price == 1999 and isinstance(price, int)
