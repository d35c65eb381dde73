"""Command-line interface of stockroom."""

import argparse
import sys

from stockroom.config import data_path
from stockroom.errors import StockError
from stockroom.export import export_csv
from stockroom.inventory import Inventory


def build_parser():
    """The argument parser for every command."""
    parser = argparse.ArgumentParser(prog="stockroom")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add or replace an item")
    add.add_argument("sku")
    add.add_argument("name")
    add.add_argument("--qty", type=int, required=True)
    add.add_argument("--price", type=int, required=True)
    listing = sub.add_parser("list", help="list all items")
    listing.add_argument("--sort", choices=["sku", "name"], default="sku")
    adjust = sub.add_parser("adjust", help="change an item's quantity")
    adjust.add_argument("sku")
    adjust.add_argument("delta", type=int)
    report = sub.add_parser("report", help="items low on stock")
    report.add_argument("--threshold", type=int, default=5)
    export = sub.add_parser("export", help="write all items as CSV")
    export.add_argument("file")
    sub.add_parser("where", help="print the data file's path")
    return parser


def run(args, inventory):
    """Execute one parsed command."""
    if args.command == "add":
        inventory.add_item(args.sku, args.name, args.qty, args.price)
    elif args.command == "list":
        for item in inventory.all_items(sort=args.sort):
            print(f"{item.sku}\t{item.name}\t{item.quantity}\t{item.price_cents}")
    elif args.command == "adjust":
        inventory.adjust(args.sku, args.delta)
    elif args.command == "report":
        for item in inventory.low_stock(args.threshold):
            quantity = "OUT" if item.quantity == 0 else str(item.quantity)
            print(f"{item.sku} {item.name} {quantity}")
    elif args.command == "export":
        export_csv(inventory.all_items(), args.file)


def main(argv=None):
    """Run the command line; return the exit code."""
    args = build_parser().parse_args(argv)
    if args.command == "where":
        print(data_path())
        return 0
    try:
        run(args, Inventory(data_path()))
    except StockError as error:
        print(error, file=sys.stderr)
        return 2
    return 0
