"""Inventory operations on top of the store."""

from stockroom.errors import StockError
from stockroom.models import Item
from stockroom.store import load_items, save_items


class Inventory:
    """The items of one data file; every change is saved at once."""

    def __init__(self, path):
        self.path = path
        self.items = load_items(path)

    def add_item(self, sku, name, quantity, price_cents):
        """Add an item, replacing any item with the same SKU."""
        self.items[sku] = Item(sku, name, quantity, price_cents)
        save_items(self.path, self.items)

    def remove_item(self, sku):
        """Remove an item."""
        self.get(sku)
        del self.items[sku]
        save_items(self.path, self.items)

    def adjust(self, sku, delta):
        """Change an item's quantity; it may not go below zero."""
        item = self.get(sku)
        if item.quantity + delta < 0:
            raise StockError("E002")
        item.quantity += delta
        save_items(self.path, self.items)

    def get(self, sku):
        """The item with this SKU."""
        if sku not in self.items:
            raise StockError("E001")
        return self.items[sku]

    def all_items(self):
        """Every item, sorted by SKU."""
        return sorted(self.items.values(), key=lambda item: item.sku)
