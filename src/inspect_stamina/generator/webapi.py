"""The web API domain: a JSON-over-HTTP service of notes, tasks and stock items.

Every template is a request handler `name(store, params, body)` returning `(status,
payload)` for the request its route names (see `http_service.py`); `create_note` opens
every script, since most tests create a note first. A case is a scenario against a fresh
server: requests (some already asserted), maybe a restart, and a last request whose
`(status, body)` is the expected value. Its defects are ones services ship with: an
unknown id that crashes into a 500, a negative quantity or an out-of-range priority let
through, a PATCH that lets a client overwrite the id.
"""

from __future__ import annotations

from textwrap import dedent, indent

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate, Plant


class Src(str):
    """Python source that goes into a case as it is (its repr is itself)."""

    def __repr__(self) -> str:
        return str(self)


def call(method: str, path: str, body: object = None) -> str:
    """The source of one request to the service under test."""
    return f"api({method!r}, {path!r}" + ("" if body is None else f", {body!r}") + ")"


def expect(request: str, status: int, payload: object) -> tuple[str, str]:
    """A request and the (status, body) it must answer, as source."""
    return request, repr((status, payload))


def scenario(*steps: str | tuple[str, str]) -> tuple[str, str]:
    """A case: steps in order (a plain step is not checked), the last one checked."""
    *before, checked = steps
    assert not isinstance(checked, str), "a scenario ends with a checked request"
    lines = [s if isinstance(s, str) else f"assert {s[0]} == {s[1]}" for s in before]
    return "\n".join([*lines, checked[0]]), checked[1]


def code(text: str) -> str:
    """A handler body from an indented block."""
    return indent(dedent(text).strip("\n"), "    ")


HANDLER = "store, params, body"
RESTART = "api.restart()"
NOTE_MISSING = {"error": "note not found"}
TITLE_REQUIRED = {"error": "title is required"}


def note(i: int, title: str, text: str = "") -> dict[str, object]:
    """A note as the service answers it."""
    return {"id": i, "title": title, "body": text}


def task(i: int, title: str, priority: int = 2, done: bool = False) -> dict[str, object]:
    """A task as the service answers it."""
    return {"id": i, "title": title, "priority": priority, "done": done}


def item(i: int, name: str, quantity: int, price: float) -> dict[str, object]:
    """A stock item as the service answers it."""
    return {"id": i, "name": name, "quantity": quantity, "price": price}


def new_note(title: str, text: str | None = None) -> str:
    """POST /notes."""
    return call(
        "POST", "/notes", {"title": title} if text is None else {"title": title, "body": text}
    )


def new_task(title: str, priority: int | None = None) -> str:
    """POST /tasks."""
    fields: dict[str, object] = {"title": title}
    if priority is not None:
        fields["priority"] = priority
    return call("POST", "/tasks", fields)


def new_item(name: str, quantity: object, price: object) -> str:
    """POST /items."""
    return call("POST", "/items", {"name": name, "quantity": quantity, "price": price})


_TITLE_CHECK = """\
    if not isinstance(body, dict) or not isinstance(body.get('title'), str) or not body['title'].strip():
        return 400, {'error': 'title is required'}
"""
_CREATE_NOTE = "    return 201, store.add('notes', {'title': body['title'], 'body': str(body.get('body', ''))})"
_NOTE_LOOKUP = """\
    note = store.find('notes', params['id'])
    if note is None:
        return 404, {'error': 'note not found'}
"""
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

F = FunctionTemplate

TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "create_note",
        "notes",
        HANDLER,
        "creates a note from a JSON body with a `title` (a non-empty string) and an optional "
        '`body` text (default ""), and answers 201 with the note: its `id` (counting from 1), '
        '`title` and `body`. Without a title it answers 400 with {"error": "title is required"}',
        _TITLE_CHECK + _CREATE_NOTE,
        (
            scenario(
                expect(new_note("milk"), 201, note(1, "milk")),
                expect(new_note("eggs", "a dozen"), 201, note(2, "eggs", "a dozen")),
                expect(call("POST", "/notes", {"body": "no title"}), 400, TITLE_REQUIRED),
            ),
        ),
        defect=Defect(
            "    if not isinstance(body, dict) or 'title' not in body:\n"
            "        return 400, {'error': 'title is required'}\n" + _CREATE_NOTE,
            'an empty title ("title": "") or one of spaces only',
            'the note is created anyway (201); it should be a 400 with {"error": "title is required"}',
            (
                scenario(
                    expect(new_note(""), 400, TITLE_REQUIRED),
                    expect(new_note("   "), 400, TITLE_REQUIRED),
                    expect(new_note("milk"), 201, note(1, "milk")),
                ),
            ),
        ),
        change=Change(
            "POST /notes must reject a title longer than 60 characters with a 400 and "
            '{"error": "title is too long"}',
            _TITLE_CHECK + "    if len(body['title']) > 60:\n"
            "        return 400, {'error': 'title is too long'}\n" + _CREATE_NOTE,
            (
                scenario(
                    expect(
                        call("POST", "/notes", {"title": Src("'x' * 61")}),
                        400,
                        {"error": "title is too long"},
                    ),
                    expect(call("POST", "/notes", {"body": "no title"}), 400, TITLE_REQUIRED),
                    expect(
                        call("POST", "/notes", {"title": Src("'x' * 60")}),
                        201,
                        {"id": 1, "title": Src("'x' * 60"), "body": ""},
                    ),
                ),
            ),
        ),
        route="POST /notes",
    ),
    F(
        "list_notes",
        "notes",
        HANDLER,
        "answers 200 with the list of every note, in id order",
        "    return 200, store.records('notes')",
        (
            scenario(
                expect(call("GET", "/notes"), 200, []),
                new_note("milk"),
                new_note("eggs", "a dozen"),
                expect(call("GET", "/notes"), 200, [note(1, "milk"), note(2, "eggs", "a dozen")]),
            ),
        ),
        change=Change(
            "GET /notes takes an optional query parameter `q`: then it lists only the notes "
            "whose title contains q, ignoring case (`GET /notes?q=milk`)",
            code(
                """
                query = params.get('q', '').lower()
                return 200, [note for note in store.records('notes') if query in note['title'].lower()]
                """
            ),
            (
                scenario(
                    new_note("Milk"),
                    new_note("eggs"),
                    new_note("oat milk"),
                    expect(
                        call("GET", "/notes?q=MILK"), 200, [note(1, "Milk"), note(3, "oat milk")]
                    ),
                    expect(
                        call("GET", "/notes"),
                        200,
                        [note(1, "Milk"), note(2, "eggs"), note(3, "oat milk")],
                    ),
                ),
            ),
        ),
        route="GET /notes",
        requires=("create_note",),
    ),
    F(
        "get_note",
        "notes",
        HANDLER,
        "answers 200 with the note whose id is in the path, or 404 with "
        '{"error": "note not found"} when there is none',
        _NOTE_LOOKUP + "    return 200, note",
        (
            scenario(
                new_note("milk"),
                new_note("eggs", "a dozen"),
                expect(call("GET", "/notes/2"), 200, note(2, "eggs", "a dozen")),
            ),
        ),
        defect=Defect(
            "    return 200, store.table('notes')[int(params['id'])]",
            "an id that does not exist, such as GET /notes/99 (or /notes/abc)",
            'the request fails with a server error (500) instead of a 404 with {"error": "note not found"}',
            (
                scenario(
                    new_note("milk"),
                    expect(call("GET", "/notes/99"), 404, NOTE_MISSING),
                    expect(call("GET", "/notes/abc"), 404, NOTE_MISSING),
                ),
            ),
        ),
        route="GET /notes/{id}",
        requires=("create_note",),
    ),
    F(
        "delete_note",
        "notes",
        HANDLER,
        "deletes the note whose id is in the path and answers 204 with an empty body, or 404 "
        'with {"error": "note not found"} when there is no such note',
        _NOTE_LOOKUP + "    store.remove('notes', note['id'])\n    return 204, None",
        (
            scenario(
                new_note("milk"),
                new_note("eggs"),
                expect(call("DELETE", "/notes/1"), 204, None),
                expect(call("DELETE", "/notes/1"), 404, NOTE_MISSING),
            ),
        ),
        route="DELETE /notes/{id}",
        requires=("create_note",),
    ),
    F(
        "update_note",
        "notes",
        HANDLER,
        "changes the `title` and/or `body` given in the JSON body of the note whose id is in "
        'the path and answers 200 with the note; 404 with {"error": "note not found"} for an '
        'unknown id, 400 with {"error": "title is required"} for an empty title',
        _NOTE_LOOKUP
        + code(
            """
            if not isinstance(body, dict):
                return 400, {'error': 'the body must be a JSON object'}
            fields = {key: body[key] for key in ('title', 'body') if key in body}
            if 'title' in fields and (not isinstance(fields['title'], str) or not fields['title'].strip()):
                return 400, {'error': 'title is required'}
            return 200, store.update('notes', note['id'], fields)
            """
        ),
        (
            scenario(
                new_note("milk"),
                expect(
                    call("PATCH", "/notes/1", {"body": "semi-skimmed"}),
                    200,
                    note(1, "milk", "semi-skimmed"),
                ),
                expect(call("PATCH", "/notes/1", {"title": ""}), 400, TITLE_REQUIRED),
                expect(call("PATCH", "/notes/7", {"title": "tea"}), 404, NOTE_MISSING),
            ),
        ),
        defect=Defect(
            _NOTE_LOOKUP
            + code(
                """
                if not isinstance(body, dict):
                    return 400, {'error': 'the body must be a JSON object'}
                if 'title' in body and (not isinstance(body['title'], str) or not body['title'].strip()):
                    return 400, {'error': 'title is required'}
                return 200, store.update('notes', note['id'], body)
                """
            ),
            'a body with other fields than title and body, such as {"id": 9, "title": "new", '
            '"colour": "red"}',
            "they are stored too: the note's id becomes 9 and it gains a colour. Only title and "
            "body may change; other fields are ignored",
            (
                scenario(
                    new_note("milk"),
                    expect(
                        call("PATCH", "/notes/1", {"id": 9, "title": "new", "colour": "red"}),
                        200,
                        note(1, "new"),
                    ),
                ),
            ),
        ),
        route="PATCH /notes/{id}",
        requires=("create_note",),
    ),
    F(
        "count_notes",
        "notes",
        HANDLER,
        'answers 200 with {"count": n}, the number of notes',
        "    return 200, {'count': len(store.table('notes'))}",
        (
            scenario(
                expect(call("GET", "/notes/count"), 200, {"count": 0}),
                new_note("milk"),
                new_note("eggs"),
                expect(call("GET", "/notes/count"), 200, {"count": 2}),
            ),
        ),
        route="GET /notes/count",
        requires=("create_note",),
    ),
    F(
        "create_task",
        "tasks",
        HANDLER,
        "creates a task from a JSON body with a `title` (a non-empty string) and an optional "
        "`priority` (1, 2 or 3, 1 the most urgent; default 2), and answers 201 with the task: "
        "`id`, `title`, `priority` and `done` (false). Without a title it answers 400 with "
        '{"error": "title is required"}, with another priority 400 with '
        '{"error": "priority must be 1, 2 or 3"}',
        _TITLE_CHECK
        + code(
            """
            priority = body.get('priority', 2)
            if isinstance(priority, bool) or priority not in (1, 2, 3):
                return 400, {'error': 'priority must be 1, 2 or 3'}
            fields = {'title': body['title'], 'priority': priority, 'done': False}
            return 201, store.add('tasks', fields)
            """
        ),
        (
            scenario(
                expect(new_task("write report"), 201, task(1, "write report")),
                expect(new_task("call bank", 1), 201, task(2, "call bank", 1)),
                expect(call("POST", "/tasks", {"priority": 1}), 400, TITLE_REQUIRED),
            ),
        ),
        defect=Defect(
            _TITLE_CHECK
            + code(
                """
                fields = {'title': body['title'], 'priority': body.get('priority', 2), 'done': False}
                return 201, store.add('tasks', fields)
                """
            ),
            'a priority outside 1 to 3, such as 7 or "high"',
            'the task is created with it; it should be a 400 with {"error": "priority must be 1, 2 or 3"}',
            (
                scenario(
                    expect(new_task("x", 7), 400, {"error": "priority must be 1, 2 or 3"}),
                    expect(
                        call("POST", "/tasks", {"title": "x", "priority": "high"}),
                        400,
                        {"error": "priority must be 1, 2 or 3"},
                    ),
                    expect(new_task("x", 3), 201, task(1, "x", 3)),
                ),
            ),
        ),
        route="POST /tasks",
    ),
    F(
        "list_tasks",
        "tasks",
        HANDLER,
        "answers 200 with every task, in id order",
        "    return 200, store.records('tasks')",
        (
            scenario(
                new_task("write report", 3),
                new_task("call bank", 1),
                expect(
                    call("GET", "/tasks"),
                    200,
                    [task(1, "write report", 3), task(2, "call bank", 1)],
                ),
            ),
        ),
        change=Change(
            "GET /tasks takes an optional `sort=priority`: then the most urgent tasks come "
            "first (priority 1, then 2, then 3), tasks of equal priority in id order",
            code(
                """
                tasks = store.records('tasks')
                if params.get('sort') == 'priority':
                    tasks.sort(key=lambda task: task['priority'])
                return 200, tasks
                """
            ),
            (
                scenario(
                    new_task("a", 3),
                    new_task("b", 1),
                    new_task("c", 3),
                    expect(
                        call("GET", "/tasks?sort=priority"),
                        200,
                        [task(2, "b", 1), task(1, "a", 3), task(3, "c", 3)],
                    ),
                    expect(
                        call("GET", "/tasks"),
                        200,
                        [task(1, "a", 3), task(2, "b", 1), task(3, "c", 3)],
                    ),
                ),
            ),
        ),
        route="GET /tasks",
        requires=("create_task",),
    ),
    F(
        "complete_task",
        "tasks",
        HANDLER,
        "marks the task whose id is in the path done and answers 200 with the task; 404 with "
        '{"error": "task not found"} for an unknown id',
        code(
            """
            task = store.find('tasks', params['id'])
            if task is None:
                return 404, {'error': 'task not found'}
            return 200, store.update('tasks', task['id'], {'done': True})
            """
        ),
        (
            scenario(
                new_task("write report"),
                new_task("call bank"),
                expect(call("POST", "/tasks/2/done"), 200, task(2, "call bank", done=True)),
            ),
        ),
        defect=Defect(
            "    return 200, store.update('tasks', int(params['id']), {'done': True})",
            "an id that does not exist, such as POST /tasks/42/done",
            'the request fails with a server error (500) instead of a 404 with {"error": "task not found"}',
            (
                scenario(
                    new_task("write report"),
                    expect(call("POST", "/tasks/42/done"), 404, {"error": "task not found"}),
                ),
            ),
        ),
        route="POST /tasks/{id}/done",
        requires=("create_task",),
    ),
    F(
        "open_tasks",
        "tasks",
        HANDLER,
        "answers 200 with the tasks that are not done yet, in id order",
        "    return 200, [task for task in store.records('tasks') if not task['done']]",
        (
            scenario(
                new_task("a"),
                new_task("b"),
                new_task("c"),
                call("POST", "/tasks/2/done"),
                expect(call("GET", "/tasks/open"), 200, [task(1, "a"), task(3, "c")]),
            ),
        ),
        route="GET /tasks/open",
        requires=("create_task", "complete_task"),
    ),
    F(
        "task_stats",
        "tasks",
        HANDLER,
        'answers 200 with {"total": n, "done": d, "open": o}, counted over every task',
        code(
            """
            tasks = store.records('tasks')
            done = sum(1 for task in tasks if task['done'])
            return 200, {'total': len(tasks), 'done': done, 'open': len(tasks) - done}
            """
        ),
        (
            scenario(
                expect(call("GET", "/tasks/stats"), 200, {"total": 0, "done": 0, "open": 0}),
                new_task("a"),
                new_task("b"),
                new_task("c"),
                call("POST", "/tasks/1/done"),
                expect(call("GET", "/tasks/stats"), 200, {"total": 3, "done": 1, "open": 2}),
            ),
        ),
        route="GET /tasks/stats",
        requires=("create_task", "complete_task"),
    ),
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
    F(
        "health",
        "meta",
        HANDLER,
        'answers 200 with {"status": "ok"}, for load balancers and monitoring',
        "    return 200, {'status': 'ok'}",
        (scenario(expect(call("GET", "/health"), 200, {"status": "ok"})),),
        route="GET /health",
    ),
    F(
        "service_stats",
        "meta",
        HANDLER,
        'answers 200 with how many records each resource holds: {"notes": n, "tasks": t, '
        '"items": i}',
        "    return 200, {name: len(store.table(name)) for name in ('notes', 'tasks', 'items')}",
        (
            scenario(
                new_note("milk"),
                new_note("eggs"),
                new_task("write report"),
                expect(call("GET", "/stats"), 200, {"notes": 2, "tasks": 1, "items": 0}),
            ),
        ),
        route="GET /stats",
        requires=("create_note", "create_task", "create_item"),
    ),
    F(
        "open_store",
        "storage",
        "path",
        "returns the store the server uses: it reads the records from the JSON file at path "
        "when the server starts (if the file exists) and writes them back after every change, "
        "so that the records and their ids survive a restart",
        code(
            """
            import json
            import os

            store = Store()
            if path and os.path.exists(path):
                with open(path, encoding='utf-8') as file:
                    store.load(json.load(file))

            def save():
                with open(path, 'w', encoding='utf-8') as file:
                    json.dump(store.dump(), file)

            if path:
                store.listeners.append(save)
            return store
            """
        ),
        (
            scenario(
                new_note("milk"),
                new_note("eggs", "a dozen"),
                RESTART,
                expect(call("GET", "/notes/2"), 200, note(2, "eggs", "a dozen")),
                expect(new_note("tea"), 201, note(3, "tea")),
            ),
        ),
        requires=("create_note", "get_note"),
    ),
)

# both probes use notes only: create_note opens every script
PLANTS = (
    Plant(
        "PAGE_SIZE",
        "4",
        "a list that comes in pages holds the same number of records on every page, "
        "whatever it lists",
        F(
            "list_note_pages",
            "notes",
            HANDLER,
            'answers one page of the notes in id order as {"page": n, "notes": [...], "more": '
            "true when a later page has notes}. Pages count from 1 and hold the number of "
            "records we agreed on for a page; a page that is not a positive whole number is a "
            '400 with {"error": "page must be 1 or more"}',
            code(
                """
                text = params['page']
                if not text.isdigit() or int(text) < 1:
                    return 400, {'error': 'page must be 1 or more'}
                page = int(text)
                notes = store.records('notes')
                start = (page - 1) * PAGE_SIZE
                shown = notes[start:start + PAGE_SIZE]
                return 200, {'page': page, 'notes': shown, 'more': len(notes) > start + PAGE_SIZE}
                """
            ),
            (
                scenario(
                    "for title in 'abcdef': " + call("POST", "/notes", {"title": Src("title")}),
                    expect(
                        call("GET", "/notes/pages/1"),
                        200,
                        {
                            "page": 1,
                            "notes": [note(i, t) for i, t in enumerate("abcd", 1)],
                            "more": True,
                        },
                    ),
                    expect(
                        call("GET", "/notes/pages/0"),
                        400,
                        {"error": "page must be 1 or more"},
                    ),
                    expect(
                        call("GET", "/notes/pages/2"),
                        200,
                        {"page": 2, "notes": [note(5, "e"), note(6, "f")], "more": False},
                    ),
                ),
            ),
            route="GET /notes/pages/{page}",
            requires=("create_note",),
        ),
    ),
    Plant(
        "PREVIEW_LENGTH",
        "20",
        "a preview of a long text shows the same number of its first characters everywhere, "
        'then "..."',
        F(
            "note_preview",
            "notes",
            HANDLER,
            'answers 200 with {"id": id, "preview": p}: the note\'s body cut to the preview '
            'length we agreed on, followed by "..." only when it was cut; 404 with '
            '{"error": "note not found"} for an unknown note',
            _NOTE_LOOKUP
            + code(
                """
                text = note['body']
                preview = text if len(text) <= PREVIEW_LENGTH else text[:PREVIEW_LENGTH] + '...'
                return 200, {'id': note['id'], 'preview': preview}
                """
            ),
            (
                scenario(
                    new_note("eggs", "two eggs"),
                    new_note("shop", "buy oat milk, bread, apples and tea"),
                    new_note("exact", "exactly twenty chars"),
                    expect(call("GET", "/notes/1/preview"), 200, {"id": 1, "preview": "two eggs"}),
                    expect(
                        call("GET", "/notes/3/preview"),
                        200,
                        {"id": 3, "preview": "exactly twenty chars"},
                    ),
                    expect(
                        call("GET", "/notes/2/preview"),
                        200,
                        {"id": 2, "preview": "buy oat milk, bread,..."},
                    ),
                ),
            ),
            route="GET /notes/{id}/preview",
            requires=("create_note",),
        ),
    ),
)

RENAMES: dict[str, str] = {}  # a handler's name is not part of an HTTP API
