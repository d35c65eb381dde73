"""The web API's stock items: add, list and restock them, and value the stock."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import HANDLER, code
from inspect_stamina.generator.webapi.scenarios import (
    call,
    expect,
    item,
    new_item,
    scenario,
)

F = FunctionTemplate

_CREATE_ITEM = code(
    """
    if not isinstance(body, dict) or not isinstance(body.get('name'), str) or not body['name'].strip():
        return 400, {'error': 'name is required'}
    quantity, price = body.get('quantity'), body.get('price')
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 0:
        return 400, {'error': 'quantity must be a whole number, 0 or more'}
    if isinstance(price, bool) or not isinstance(price, (int, float)) or price < 0:
        return 400, {'error': 'price must be a number, 0 or more'}
    return 201, store.add('items', {'name': body['name'], 'quantity': quantity, 'price': price})
    """
)
_RESTOCK = code(
    """
    item = store.find('items', params['id'])
    if item is None:
        return 404, {'error': 'item not found'}
    amount = body.get('amount') if isinstance(body, dict) else None
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        return 400, {'error': 'amount must be 1 or more'}
    return 200, store.update('items', item['id'], {'quantity': item['quantity'] + amount})
    """
)

INVENTORY: tuple[FunctionTemplate, ...] = (
    F(
        "create_item",
        "inventory",
        HANDLER,
        "adds a stock item from a JSON body with a `name` (a non-empty string), a `quantity` "
        "(a whole number, 0 or more) and a `price` (a number, 0 or more), and answers 201 with "
        'the item and its `id`. It answers 400 with {"error": "name is required"}, '
        '{"error": "quantity must be a whole number, 0 or more"} or '
        '{"error": "price must be a number, 0 or more"} when one of them is wrong',
        _CREATE_ITEM,
        (
            scenario(
                expect(new_item("bolt", 100, 0.25), 201, item(1, "bolt", 100, 0.25)),
                expect(
                    new_item("nut", "lots", 0.1),
                    400,
                    {"error": "quantity must be a whole number, 0 or more"},
                ),
                expect(
                    new_item("washer", 5, -1), 400, {"error": "price must be a number, 0 or more"}
                ),
            ),
        ),
        defect=Defect(
            _CREATE_ITEM.replace(" or quantity < 0", ""),
            "a negative quantity, such as -3",
            "the item is stored with it. Stock cannot be negative: it should be a 400 with "
            '{"error": "quantity must be a whole number, 0 or more"}',
            (
                scenario(
                    expect(
                        new_item("bolt", -3, 0.25),
                        400,
                        {"error": "quantity must be a whole number, 0 or more"},
                    ),
                    expect(new_item("bolt", 0, 0.25), 201, item(1, "bolt", 0, 0.25)),
                ),
            ),
        ),
        route="POST /items",
    ),
    F(
        "list_items",
        "inventory",
        HANDLER,
        "answers 200 with every stock item, sorted by name",
        "    return 200, sorted(store.records('items'), key=lambda item: item['name'])",
        (
            scenario(
                new_item("nut", 40, 0.1),
                new_item("bolt", 100, 0.25),
                expect(
                    call("GET", "/items"),
                    200,
                    [item(2, "bolt", 100, 0.25), item(1, "nut", 40, 0.1)],
                ),
            ),
        ),
        change=Change(
            "GET /items takes an optional `below=N`: then it lists only the items with fewer "
            "than N in stock, still sorted by name; a `below` that is not a whole number is a "
            '400 with {"error": "below must be a whole number"}',
            code(
                """
                items = sorted(store.records('items'), key=lambda item: item['name'])
                if 'below' in params:
                    if not params['below'].isdigit():
                        return 400, {'error': 'below must be a whole number'}
                    items = [item for item in items if item['quantity'] < int(params['below'])]
                return 200, items
                """
            ),
            (
                scenario(
                    new_item("nut", 40, 0.1),
                    new_item("bolt", 3, 0.25),
                    new_item("washer", 0, 0.05),
                    expect(
                        call("GET", "/items?below=5"),
                        200,
                        [item(2, "bolt", 3, 0.25), item(3, "washer", 0, 0.05)],
                    ),
                    expect(
                        call("GET", "/items?below=few"),
                        400,
                        {"error": "below must be a whole number"},
                    ),
                    expect(
                        call("GET", "/items"),
                        200,
                        [
                            item(2, "bolt", 3, 0.25),
                            item(1, "nut", 40, 0.1),
                            item(3, "washer", 0, 0.05),
                        ],
                    ),
                ),
            ),
        ),
        route="GET /items",
        requires=("create_item",),
    ),
    F(
        "restock_item",
        "inventory",
        HANDLER,
        "adds the JSON body's `amount` (a whole number, 1 or more) to the quantity of the item "
        'whose id is in the path and answers 200 with the item; 404 with {"error": "item not '
        'found"} for an unknown id, 400 with {"error": "amount must be 1 or more"} for a bad '
        "amount",
        _RESTOCK,
        (
            scenario(
                new_item("bolt", 10, 0.25),
                expect(
                    call("POST", "/items/1/restock", {"amount": 5}), 200, item(1, "bolt", 15, 0.25)
                ),
                expect(
                    call("POST", "/items/1/restock", {"amount": 7}), 200, item(1, "bolt", 22, 0.25)
                ),
                expect(
                    call("POST", "/items/9/restock", {"amount": 1}),
                    404,
                    {"error": "item not found"},
                ),
            ),
        ),
        defect=Defect(
            _RESTOCK.replace(" or amount < 1", ""),
            "an amount of 0 or below, such as -20",
            "it is applied: a restock lowers the stock, even below zero. It should be a 400 "
            'with {"error": "amount must be 1 or more"}',
            (
                scenario(
                    new_item("bolt", 10, 0.25),
                    expect(
                        call("POST", "/items/1/restock", {"amount": -20}),
                        400,
                        {"error": "amount must be 1 or more"},
                    ),
                    expect(
                        call("POST", "/items/1/restock", {"amount": 0}),
                        400,
                        {"error": "amount must be 1 or more"},
                    ),
                    expect(
                        call("POST", "/items/1/restock", {"amount": 1}),
                        200,
                        item(1, "bolt", 11, 0.25),
                    ),
                ),
            ),
        ),
        route="POST /items/{id}/restock",
        requires=("create_item",),
    ),
    F(
        "inventory_value",
        "inventory",
        HANDLER,
        'answers 200 with {"total": t}: the sum of quantity times price over every item, '
        "rounded to 2 decimals",
        code(
            """
            total = sum(item['quantity'] * item['price'] for item in store.records('items'))
            return 200, {'total': round(total, 2)}
            """
        ),
        (
            scenario(
                expect(call("GET", "/items/value"), 200, {"total": 0}),
                new_item("bolt", 100, 0.25),
                new_item("nut", 3, 1.1),
                expect(call("GET", "/items/value"), 200, {"total": 28.3}),
            ),
        ),
        route="GET /items/value",
        requires=("create_item",),
    ),
)
