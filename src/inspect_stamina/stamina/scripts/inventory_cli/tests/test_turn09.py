"""Checkpoint, turn 9 (after the user's answer): stats.total_value."""


def test_total_value():
    from stockroom.models import Item
    from stockroom.stats import total_value

    items = [Item("A1", "Anvil", 3, 250), Item("B2", "Bolt", 2, 5)]
    assert total_value(items) == 760
    assert total_value([]) == 0
