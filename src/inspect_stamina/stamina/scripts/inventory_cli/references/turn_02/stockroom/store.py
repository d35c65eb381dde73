"""Persistence: the only module that reads or writes the data file."""

import json
from dataclasses import asdict
from pathlib import Path

from stockroom.models import Item


def load_items(path):
    """The items in the data file, by SKU."""
    rows = json.loads(Path(path).read_text(encoding="utf-8"))
    return {row["sku"]: Item(**row) for row in rows}


def save_items(path, items):
    """Write every item to the data file, sorted by SKU."""
    rows = [asdict(item) for item in sorted(items.values(), key=lambda item: item.sku)]
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(rows, indent=2), encoding="utf-8")
