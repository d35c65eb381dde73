"""CSV export."""

from pathlib import Path


def export_csv(items, path):
    """Write items as CSV: sku,name,quantity,price (dollars, two decimals)."""
    lines = ["sku,name,quantity,price"]
    for item in items:
        price = f"{item.price_cents // 100}.{item.price_cents % 100:02d}"
        lines.append(",".join([item.sku, item.name, str(item.quantity), price]))
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
