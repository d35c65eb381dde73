"""Figures over the items of an inventory."""


def total_value(items):
    """The stock's total value in cents: quantity × price_cents summed over the items."""
    return sum(item.quantity * item.price_cents for item in items)


def count_items(items):
    """The total quantity over the items."""
    return sum(item.quantity for item in items)
