"""Command-line interface of stockroom."""

import argparse
import sys

from stockroom.config import data_path
from stockroom.errors import StockError
from stockroom.inventory import Inventory


def main(argv=None):
    """Run the command line; return the exit code."""
    parser = argparse.ArgumentParser(prog="stockroom")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add or replace an item")
    add.add_argument("sku")
    add.add_argument("name")
    add.add_argument("--qty", type=int, required=True)
    add.add_argument("--price", type=int, required=True)
    sub.add_parser("list", help="list all items")
    args = parser.parse_args(argv)
    try:
        inventory = Inventory(data_path())
        if args.command == "add":
            inventory.add_item(args.sku, args.name, args.qty, args.price)
        elif args.command == "list":
            for item in inventory.all_items():
                print(f"{item.sku}\t{item.name}\t{item.quantity}\t{item.price_cents}")
    except StockError as error:
        print(error, file=sys.stderr)
        return 1
    return 0
