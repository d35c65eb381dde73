"""The inventory's data model."""

from dataclasses import dataclass


@dataclass
class Item:
    """One stock-keeping unit; prices are integer cents."""

    sku: str
    name: str
    quantity: int
    price_cents: int
