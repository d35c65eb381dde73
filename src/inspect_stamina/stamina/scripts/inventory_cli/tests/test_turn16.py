"""Checkpoint, turn 16: add_item rejects negative quantities and prices with E003."""

import pytest


@pytest.mark.parametrize("quantity, price", [(-3, 100), (3, -100)])
def test_negative_quantity_or_price_rejected(tmp_path, quantity, price):
    from stockroom.errors import StockError
    from stockroom.inventory import Inventory

    data = tmp_path / "items.json"
    data.write_text("[]")  # a missing data file is only handled from turn 18 on
    inventory = Inventory(data)
    with pytest.raises(StockError, match="E003"):
        inventory.add_item("A1", "Anvil", quantity, price)
    with pytest.raises(StockError, match="E001"):
        inventory.get("A1")
