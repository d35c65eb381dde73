"""CSV export."""

import csv

from stockroom.money import format_cents


def export_csv(items, path):
    """Write items as CSV: sku,name,quantity,price (dollars, two decimals), quoted as needed."""
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["sku", "name", "quantity", "price"])
        for item in items:
            writer.writerow([item.sku, item.name, item.quantity, format_cents(item.price_cents)])
