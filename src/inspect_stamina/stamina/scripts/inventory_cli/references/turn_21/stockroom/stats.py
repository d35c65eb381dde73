"""Figures over the items of an inventory."""


def total_value(items):
    """The stock's total value in cents: quantity × price_cents summed over the items."""
    return sum(item.quantity * item.price_cents for item in items)


def count_items(items):
    """The total quantity over the items."""
    return sum(item.quantity for item in items)


def most_valuable(items):
    """The SKU whose stock is worth most (the smallest SKU on a tie); None without items."""
    ranked = sorted(items, key=lambda item: (-item.quantity * item.price_cents, item.sku))
    return ranked[0].sku if ranked else None
