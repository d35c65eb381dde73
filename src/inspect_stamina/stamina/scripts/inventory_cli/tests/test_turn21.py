"""Checkpoint, turn 21 (after the user's answer): stats.most_valuable."""


def test_most_valuable():
    from stockroom.models import Item
    from stockroom.stats import most_valuable

    items = [Item("B2", "Bolt", 10, 25), Item("A1", "Anvil", 1, 100), Item("C3", "Cog", 2, 300)]
    assert most_valuable(items) == "C3"
    assert most_valuable([Item("B2", "Bolt", 1, 100), Item("A1", "Anvil", 2, 50)]) == "A1"
    assert most_valuable([]) is None
