"""CSV export."""

from pathlib import Path

from stockroom.money import format_cents


def export_csv(items, path):
    """Write items as CSV: sku,name,quantity,price (dollars, two decimals)."""
    lines = ["sku,name,quantity,price"]
    for item in items:
        lines.append(",".join([item.sku, item.name, str(item.quantity), format_cents(item.price_cents)]))
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
