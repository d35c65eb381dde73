"""More functions of the webapi domain, asked for from generator version 3 on.

More endpoints on the notes, tasks and stock items of the first catalogue (search, copy,
append, word counts, clearing; deleting, reopening and re-prioritising tasks; selling
and repricing stock) and new resources, each opened by a create endpoint the others'
tests require: contacts, bookmarks, events and comments on notes; projects and their
members, invoices and their lines (cents), tickets moving through their statuses, polls
and votes, recipes and their ingredients, rooms and their bookings (overlaps), each
user's preferences, a library's books and loans (due days compared as text), shopping
carts (cents, a discount), feature flags, an append-only audit log, counters and a cache
whose entries expire after a number of reads. Each summary states every status, key,
message, order and filter its cases and its defect's cases check. From projects on, a
change is asked only of an endpoint that no other template requires. Beside it,
`webapi_records.py` adds resources whose endpoints need only their create endpoint and
`webapi_endpoints.py` more endpoints on these resources; `domains.py` joins the three.
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import (
    DATA,
    HANDLER,
    NOTE_LOOKUP,
    TITLE_CHECK,
    code,
    lookup,
)
from inspect_stamina.generator.webapi.scenarios import (
    NOTE_MISSING,
    TITLE_REQUIRED,
    call,
    expect,
    item,
    new_item,
    new_note,
    new_task,
    note,
    scenario,
    task,
)

F = FunctionTemplate

# ---- the shapes the new resources answer, and the requests that create them ----


def contact(i: int, name: str, email: str) -> dict[str, object]:
    """A contact as the service answers it."""
    return {"id": i, "name": name, "email": email}


def bookmark(i: int, url: str, tags: list[str] | None = None) -> dict[str, object]:
    """A bookmark as the service answers it."""
    return {"id": i, "url": url, "tags": tags or []}


def event(i: int, title: str, date: str) -> dict[str, object]:
    """An event as the service answers it."""
    return {"id": i, "title": title, "date": date}


def comment(i: int, note_id: int, text: str) -> dict[str, object]:
    """A comment on a note as the service answers it."""
    return {"id": i, "note_id": note_id, "text": text}


def new_contact(name: str, email: str) -> str:
    """POST /contacts."""
    return call("POST", "/contacts", {"name": name, "email": email})


def new_bookmark(url: str, tags: list[str] | None = None) -> str:
    """POST /bookmarks."""
    return call("POST", "/bookmarks", {"url": url} if tags is None else {"url": url, "tags": tags})


def new_event(title: str, date: str) -> str:
    """POST /events."""
    return call("POST", "/events", {"title": title, "date": date})


def new_comment(note_id: int, text: str) -> str:
    """POST /notes/<id>/comments."""
    return call("POST", f"/notes/{note_id}/comments", {"text": text})


# ---- pieces of handler source ----

_TASK_LOOKUP = """\
    task = store.find('tasks', params['id'])
    if task is None:
        return 404, {'error': 'task not found'}
"""
_ITEM_LOOKUP = """\
    item = store.find('items', params['id'])
    if item is None:
        return 404, {'error': 'item not found'}
"""
_CONTACT_LOOKUP = """\
    contact = store.find('contacts', params['id'])
    if contact is None:
        return 404, {'error': 'contact not found'}
"""
_TEXT_CHECK = """\
    text = body.get('text') if isinstance(body, dict) else None
    if not isinstance(text, str) or not text.strip():
        return 400, {'error': 'text is required'}
"""
_EMAIL_CHECK = """\
    parts = email.split('@') if isinstance(email, str) else []
    if len(parts) != 2 or not parts[0] or not parts[1]:
        return 400, {'error': 'email is not valid'}
"""
_NAME_CHECK = """\
    if not isinstance(body, dict) or not isinstance(body.get('name'), str) or not body['name'].strip():
        return 400, {'error': 'name is required'}
    email = body.get('email')
"""

_TASK_MISSING = {"error": "task not found"}
_ITEM_MISSING = {"error": "item not found"}
_CONTACT_MISSING = {"error": "contact not found"}
_TEXT_REQUIRED = {"error": "text is required"}
_PRIORITY = {"error": "priority must be 1, 2 or 3"}
_AMOUNT = {"error": "amount must be 1 or more"}
_NO_STOCK = {"error": "not enough stock"}
_PRICE = {"error": "price must be a number, 0 or more"}
_NAME_REQUIRED = {"error": "name is required"}
_EMAIL_INVALID = {"error": "email is not valid"}
_EMAIL_USED = {"error": "email already used"}
_URL = {"error": "url must start with http:// or https://"}
_TAGS = {"error": "tags must be a list of strings"}
_DATE = {"error": "date must be a valid YYYY-MM-DD date"}
_FROM = {"error": "from must be a valid YYYY-MM-DD date"}

# ---- notes ----

_SEARCH_NOTES = code(
    """
    query = params.get('q', '')
    if not query:
        return 400, {'error': 'q is required'}
    query = query.lower()
    return 200, [
        note for note in store.records('notes')
        if query in note['title'].lower() or query in note['body'].lower()
    ]
    """
)
_SEARCH_NOTES_NAIVE = code(
    """
    query = params.get('q', '')
    if not query:
        return 400, {'error': 'q is required'}
    return 200, [note for note in store.records('notes') if query in note['title'] or query in note['body']]
    """
)
_APPEND_TO_NOTE = (
    NOTE_LOOKUP
    + _TEXT_CHECK
    + code(
        """
        joined = note['body'] + '\\n' + text if note['body'] else text
        return 200, store.update('notes', note['id'], {'body': joined})
        """
    )
)
_APPEND_TO_NOTE_NAIVE = (
    NOTE_LOOKUP
    + _TEXT_CHECK
    + "    return 200, store.update('notes', note['id'], {'body': note['body'] + '\\n' + text})"
)

NOTES: tuple[FunctionTemplate, ...] = (
    F(
        "search_notes",
        "notes",
        HANDLER,
        "answers 200 with the notes whose title or body contains the query parameter `q`, "
        "ignoring case, in id order (`GET /notes/search?q=milk`); without a `q` it answers "
        '400 with {"error": "q is required"}',
        _SEARCH_NOTES,
        (
            scenario(
                new_note("Milk"),
                new_note("shop", "buy oat milk"),
                new_note("eggs", "a dozen"),
                expect(
                    call("GET", "/notes/search?q=milk"),
                    200,
                    [note(1, "Milk"), note(2, "shop", "buy oat milk")],
                ),
                expect(call("GET", "/notes/search?q=dozen"), 200, [note(3, "eggs", "a dozen")]),
                expect(call("GET", "/notes/search?q=tea"), 200, []),
                expect(call("GET", "/notes/search"), 400, {"error": "q is required"}),
            ),
        ),
        defect=Defect(
            _SEARCH_NOTES_NAIVE,
            'a query in other letters\' case than the note, such as ?q=MILK for a note titled "Milk"',
            "the note is not found; the search must ignore case",
            (
                scenario(
                    new_note("Milk"),
                    new_note("shop", "buy oat milk"),
                    expect(
                        call("GET", "/notes/search?q=MILK"),
                        200,
                        [note(1, "Milk"), note(2, "shop", "buy oat milk")],
                    ),
                ),
            ),
        ),
        route="GET /notes/search",
        requires=("create_note",),
    ),
    F(
        "duplicate_note",
        "notes",
        HANDLER,
        "creates a copy of the note whose id is in the path, with the same body and its title "
        'followed by " (copy)", and answers 201 with the copy, which gets an id of its own '
        '(the next one); 404 with {"error": "note not found"} for an unknown note',
        NOTE_LOOKUP
        + code(
            """
            fields = {'title': note['title'] + ' (copy)', 'body': note['body']}
            return 201, store.add('notes', fields)
            """
        ),
        (
            scenario(
                new_note("milk", "2 litres"),
                new_note("eggs"),
                expect(call("POST", "/notes/1/copy"), 201, note(3, "milk (copy)", "2 litres")),
                expect(
                    call("POST", "/notes/3/copy"), 201, note(4, "milk (copy) (copy)", "2 litres")
                ),
                expect(call("POST", "/notes/9/copy"), 404, NOTE_MISSING),
            ),
        ),
        defect=Defect(
            NOTE_LOOKUP
            + code(
                """
                copy = dict(note)
                copy['title'] = note['title'] + ' (copy)'
                return 201, store.add('notes', copy)
                """
            ),
            "a copy of an existing note, such as POST /notes/1/copy when notes 1 and 2 exist",
            "the copy answers with the original's id (1) instead of an id of its own (3)",
            (
                scenario(
                    new_note("milk"),
                    new_note("eggs"),
                    expect(call("POST", "/notes/1/copy"), 201, note(3, "milk (copy)")),
                ),
            ),
        ),
        route="POST /notes/{id}/copy",
        requires=("create_note",),
    ),
    F(
        "clear_notes",
        "notes",
        HANDLER,
        'deletes every note and answers 200 with {"deleted": n}, how many notes it deleted; '
        "ids are not reused, so a note created afterwards gets the next id",
        code(
            """
            notes = store.records('notes')
            for note in notes:
                store.remove('notes', note['id'])
            return 200, {'deleted': len(notes)}
            """
        ),
        (
            scenario(
                new_note("milk"),
                new_note("eggs"),
                expect(call("DELETE", "/notes"), 200, {"deleted": 2}),
                expect(call("GET", "/notes/1"), 404, NOTE_MISSING),
                expect(call("DELETE", "/notes"), 200, {"deleted": 0}),
                expect(new_note("tea"), 201, note(3, "tea")),
            ),
        ),
        defect=Defect(
            code(
                """
                store.table('notes').clear()
                store.changed()
                return 200, {'deleted': len(store.table('notes'))}
                """
            ),
            "notes to delete, such as two notes",
            'they are deleted but the answer is {"deleted": 0}; it should say how many were '
            'deleted ({"deleted": 2})',
            (
                scenario(
                    new_note("milk"),
                    new_note("eggs"),
                    expect(call("DELETE", "/notes"), 200, {"deleted": 2}),
                ),
            ),
        ),
        route="DELETE /notes",
        requires=("create_note", "get_note"),
    ),
    F(
        "append_to_note",
        "notes",
        HANDLER,
        "adds the JSON body's `text` (a non-empty string) to the end of the body of the note "
        'whose id is in the path, on a new line ("\\n" between the old body and the text, '
        "nothing before it when the body was empty), and answers 200 with the note; 404 with "
        '{"error": "note not found"} for an unknown note, 400 with {"error": "text is '
        'required"} without a text',
        _APPEND_TO_NOTE,
        (
            scenario(
                new_note("shop", "bread"),
                expect(
                    call("POST", "/notes/1/append", {"text": "milk"}),
                    200,
                    note(1, "shop", "bread\nmilk"),
                ),
                expect(
                    call("POST", "/notes/1/append", {"text": "tea"}),
                    200,
                    note(1, "shop", "bread\nmilk\ntea"),
                ),
                expect(call("POST", "/notes/1/append", {}), 400, _TEXT_REQUIRED),
                expect(call("POST", "/notes/5/append", {"text": "milk"}), 404, NOTE_MISSING),
            ),
        ),
        defect=Defect(
            _APPEND_TO_NOTE_NAIVE,
            "a note whose body is empty",
            'the new body starts with a line break ("\\nmilk"); the text should become the '
            'whole body ("milk")',
            (
                scenario(
                    new_note("shop"),
                    expect(
                        call("POST", "/notes/1/append", {"text": "milk"}),
                        200,
                        note(1, "shop", "milk"),
                    ),
                ),
            ),
        ),
        route="POST /notes/{id}/append",
        requires=("create_note",),
    ),
    F(
        "note_word_count",
        "notes",
        HANDLER,
        'answers 200 with {"id": id, "words": n}: the number of words in the note\'s body, '
        "words being separated by any run of spaces, tabs or line breaks (an empty body has "
        '0); 404 with {"error": "note not found"} for an unknown note',
        NOTE_LOOKUP + "    return 200, {'id': note['id'], 'words': len(note['body'].split())}",
        (
            scenario(
                new_note("shop", "buy oat milk"),
                expect(call("GET", "/notes/1/words"), 200, {"id": 1, "words": 3}),
                expect(call("GET", "/notes/4/words"), 404, NOTE_MISSING),
            ),
        ),
        defect=Defect(
            NOTE_LOOKUP
            + "    return 200, {'id': note['id'], 'words': len(note['body'].split(' '))}",
            'an empty body, or words separated by two spaces or a line break, such as "milk  '
            'eggs" or "milk\\neggs"',
            'the count is off: 1 for the empty body, 3 for "milk  eggs" and 1 for '
            '"milk\\neggs"; it should be 0, 2 and 2',
            (
                scenario(
                    new_note("empty"),
                    new_note("spaced", "milk  eggs"),
                    new_note("lines", "milk\neggs"),
                    expect(call("GET", "/notes/1/words"), 200, {"id": 1, "words": 0}),
                    expect(call("GET", "/notes/2/words"), 200, {"id": 2, "words": 2}),
                    expect(call("GET", "/notes/3/words"), 200, {"id": 3, "words": 2}),
                ),
            ),
        ),
        route="GET /notes/{id}/words",
        requires=("create_note",),
    ),
)

# ---- tasks ----

_SET_PRIORITY = _TASK_LOOKUP + code(
    """
    priority = body.get('priority') if isinstance(body, dict) else None
    if isinstance(priority, bool) or priority not in (1, 2, 3):
        return 400, {'error': 'priority must be 1, 2 or 3'}
    return 200, store.update('tasks', task['id'], {'priority': priority})
    """
)
_REOPEN = _TASK_LOOKUP + "    return 200, store.update('tasks', task['id'], {'done': False})"

TASKS: tuple[FunctionTemplate, ...] = (
    F(
        "delete_task",
        "tasks",
        HANDLER,
        "deletes the task whose id is in the path and answers 204 with an empty body, or 404 "
        'with {"error": "task not found"} when there is no such task (one deleted before '
        "included)",
        _TASK_LOOKUP + "    store.remove('tasks', task['id'])\n    return 204, None",
        (
            scenario(
                new_task("write report"),
                new_task("call bank", 1),
                expect(call("DELETE", "/tasks/1"), 204, None),
                expect(call("DELETE", "/tasks/1"), 404, _TASK_MISSING),
                expect(call("GET", "/tasks"), 200, [task(2, "call bank", 1)]),
            ),
        ),
        defect=Defect(
            code(
                """
                store.table('tasks').pop(int(params['id']), None)
                store.changed()
                return 204, None
                """
            ),
            "an id that does not exist, such as DELETE /tasks/42 (or a task deleted before)",
            "it answers 204 as if it had deleted a task; it should be a 404 with "
            '{"error": "task not found"}',
            (
                scenario(
                    new_task("write report"),
                    expect(call("DELETE", "/tasks/42"), 404, _TASK_MISSING),
                    expect(call("DELETE", "/tasks/1"), 204, None),
                    expect(call("DELETE", "/tasks/1"), 404, _TASK_MISSING),
                ),
            ),
        ),
        route="DELETE /tasks/{id}",
        requires=("create_task", "list_tasks"),
    ),
    F(
        "reopen_task",
        "tasks",
        HANDLER,
        "marks the task whose id is in the path as not done again (`done` false) and answers "
        '200 with the task; 404 with {"error": "task not found"} for an unknown id',
        _REOPEN,
        (
            scenario(
                new_task("write report"),
                call("POST", "/tasks/1/done"),
                expect(call("POST", "/tasks/1/reopen"), 200, task(1, "write report")),
                expect(call("POST", "/tasks/1/reopen"), 200, task(1, "write report")),
                expect(call("POST", "/tasks/9/reopen"), 404, _TASK_MISSING),
            ),
        ),
        change=Change(
            "POST /tasks/<id>/reopen must refuse a task that is not done: it answers 409 with "
            '{"error": "task is not done"} and leaves the task as it is',
            _TASK_LOOKUP
            + code(
                """
                if not task['done']:
                    return 409, {'error': 'task is not done'}
                return 200, store.update('tasks', task['id'], {'done': False})
                """
            ),
            (
                scenario(
                    new_task("write report"),
                    new_task("call bank"),
                    expect(call("POST", "/tasks/2/reopen"), 409, {"error": "task is not done"}),
                    call("POST", "/tasks/1/done"),
                    expect(call("POST", "/tasks/1/reopen"), 200, task(1, "write report")),
                    expect(call("POST", "/tasks/1/reopen"), 409, {"error": "task is not done"}),
                    expect(call("POST", "/tasks/9/reopen"), 404, _TASK_MISSING),
                ),
            ),
        ),
        route="POST /tasks/{id}/reopen",
        requires=("create_task", "complete_task"),
    ),
    F(
        "set_task_priority",
        "tasks",
        HANDLER,
        "sets the priority of the task whose id is in the path to the JSON body's `priority` "
        'and answers 200 with the task; 404 with {"error": "task not found"} for an unknown '
        'id, 400 with {"error": "priority must be 1, 2 or 3"} unless the priority is the '
        'number 1, 2 or 3 (true and "2" are rejected too)',
        _SET_PRIORITY,
        (
            scenario(
                new_task("write report"),
                expect(
                    call("PATCH", "/tasks/1/priority", {"priority": 1}),
                    200,
                    task(1, "write report", 1),
                ),
                expect(call("PATCH", "/tasks/1/priority", {"priority": 5}), 400, _PRIORITY),
                expect(call("PATCH", "/tasks/1/priority", {"priority": "2"}), 400, _PRIORITY),
                expect(call("PATCH", "/tasks/8/priority", {"priority": 3}), 404, _TASK_MISSING),
            ),
        ),
        defect=Defect(
            _TASK_LOOKUP
            + code(
                """
                priority = body.get('priority') if isinstance(body, dict) else None
                if priority not in (1, 2, 3):
                    return 400, {'error': 'priority must be 1, 2 or 3'}
                return 200, store.update('tasks', task['id'], {'priority': priority})
                """
            ),
            'a body of {"priority": true}',
            "the task is stored with priority true (Python takes True for 1); it should be a "
            '400 with {"error": "priority must be 1, 2 or 3"}',
            (
                scenario(
                    new_task("write report"),
                    expect(call("PATCH", "/tasks/1/priority", {"priority": True}), 400, _PRIORITY),
                    expect(
                        call("PATCH", "/tasks/1/priority", {"priority": 3}),
                        200,
                        task(1, "write report", 3),
                    ),
                ),
            ),
        ),
        route="PATCH /tasks/{id}/priority",
        requires=("create_task",),
    ),
    F(
        "clear_done_tasks",
        "tasks",
        HANDLER,
        'deletes every task that is done and answers 200 with {"deleted": n}, how many it '
        "deleted; the open tasks stay as they are",
        code(
            """
            done = [task for task in store.records('tasks') if task['done']]
            for task in done:
                store.remove('tasks', task['id'])
            return 200, {'deleted': len(done)}
            """
        ),
        (
            scenario(
                new_task("a"),
                new_task("b"),
                new_task("c"),
                call("POST", "/tasks/1/done"),
                call("POST", "/tasks/3/done"),
                expect(call("DELETE", "/tasks/done"), 200, {"deleted": 2}),
                expect(call("GET", "/tasks"), 200, [task(2, "b")]),
                expect(call("DELETE", "/tasks/done"), 200, {"deleted": 0}),
            ),
        ),
        defect=Defect(
            code(
                """
                deleted = 0
                for task_id, task in store.table('tasks').items():
                    if task['done']:
                        store.remove('tasks', task_id)
                        deleted += 1
                return 200, {'deleted': deleted}
                """
            ),
            "a done task to delete, such as after POST /tasks/1/done",
            "the request fails with a server error (500): the tasks are deleted while being "
            'looped over. It should answer 200 with {"deleted": 1}',
            (
                scenario(
                    new_task("a"),
                    new_task("b"),
                    call("POST", "/tasks/1/done"),
                    expect(call("DELETE", "/tasks/done"), 200, {"deleted": 1}),
                ),
            ),
        ),
        route="DELETE /tasks/done",
        requires=("create_task", "complete_task", "list_tasks"),
    ),
)

# ---- stock items ----

_SELL = _ITEM_LOOKUP + code(
    """
    amount = body.get('amount') if isinstance(body, dict) else None
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        return 400, {'error': 'amount must be 1 or more'}
    if amount > item['quantity']:
        return 409, {'error': 'not enough stock'}
    return 200, store.update('items', item['id'], {'quantity': item['quantity'] - amount})
    """
)

INVENTORY: tuple[FunctionTemplate, ...] = (
    F(
        "sell_item",
        "inventory",
        HANDLER,
        "takes the JSON body's `amount` (a whole number, 1 or more) off the quantity of the "
        "item whose id is in the path and answers 200 with the item; 404 with "
        '{"error": "item not found"} for an unknown id, 400 with {"error": "amount must be 1 '
        'or more"} for a bad amount, and 409 with {"error": "not enough stock"} when the '
        "amount is more than the quantity in stock (selling all of it, down to 0, is fine)",
        _SELL,
        (
            scenario(
                new_item("bolt", 10, 0.25),
                expect(call("POST", "/items/1/sell", {"amount": 4}), 200, item(1, "bolt", 6, 0.25)),
                expect(call("POST", "/items/1/sell", {"amount": 7}), 409, _NO_STOCK),
                expect(call("POST", "/items/1/sell", {"amount": 0}), 400, _AMOUNT),
                expect(call("POST", "/items/3/sell", {"amount": 1}), 404, _ITEM_MISSING),
            ),
        ),
        defect=Defect(
            _SELL.replace("amount > item['quantity']", "amount >= item['quantity']"),
            "an amount equal to the stock, such as selling 10 when 10 are in stock",
            'it answers 409 with {"error": "not enough stock"}; selling the whole stock is '
            "allowed and leaves a quantity of 0",
            (
                scenario(
                    new_item("bolt", 10, 0.25),
                    expect(
                        call("POST", "/items/1/sell", {"amount": 10}),
                        200,
                        item(1, "bolt", 0, 0.25),
                    ),
                    expect(call("POST", "/items/1/sell", {"amount": 1}), 409, _NO_STOCK),
                ),
            ),
        ),
        route="POST /items/{id}/sell",
        requires=("create_item",),
    ),
    F(
        "get_item",
        "inventory",
        HANDLER,
        "answers 200 with the stock item whose id is in the path, or 404 with "
        '{"error": "item not found"} when there is none',
        _ITEM_LOOKUP + "    return 200, item",
        (
            scenario(
                new_item("bolt", 100, 0.25),
                new_item("nut", 3, 1.1),
                expect(call("GET", "/items/2"), 200, item(2, "nut", 3, 1.1)),
                expect(call("GET", "/items/7"), 404, _ITEM_MISSING),
            ),
        ),
        change=Change(
            "GET /items/<id> also answers the item's `value`: its quantity times its price, "
            "rounded to 2 decimals (the stored item itself does not change)",
            _ITEM_LOOKUP
            + "    return 200, dict(item, value=round(item['quantity'] * item['price'], 2))",
            (
                scenario(
                    new_item("bolt", 100, 0.25),
                    new_item("nut", 3, 1.1),
                    expect(call("GET", "/items/2"), 200, {**item(2, "nut", 3, 1.1), "value": 3.3}),
                    expect(
                        call("GET", "/items/1"),
                        200,
                        {**item(1, "bolt", 100, 0.25), "value": 25.0},
                    ),
                    expect(call("GET", "/items/7"), 404, _ITEM_MISSING),
                ),
            ),
        ),
        route="GET /items/{id}",
        requires=("create_item",),
    ),
    F(
        "reprice_item",
        "inventory",
        HANDLER,
        "sets the price of the item whose id is in the path to the JSON body's `price` (a "
        "JSON number, 0 or more) and answers 200 with the item; 404 with "
        '{"error": "item not found"} for an unknown id, 400 with {"error": "price must be a '
        'number, 0 or more"} for any other price, text such as "2.50" included',
        _ITEM_LOOKUP
        + code(
            """
            price = body.get('price') if isinstance(body, dict) else None
            if isinstance(price, bool) or not isinstance(price, (int, float)) or price < 0:
                return 400, {'error': 'price must be a number, 0 or more'}
            return 200, store.update('items', item['id'], {'price': price})
            """
        ),
        (
            scenario(
                new_item("bolt", 10, 0.25),
                expect(
                    call("PATCH", "/items/1/price", {"price": 0.3}), 200, item(1, "bolt", 10, 0.3)
                ),
                expect(call("PATCH", "/items/1/price", {"price": -1}), 400, _PRICE),
                expect(call("PATCH", "/items/4/price", {"price": 1}), 404, _ITEM_MISSING),
            ),
        ),
        defect=Defect(
            _ITEM_LOOKUP
            + code(
                """
                price = float(body['price'])
                if price < 0:
                    return 400, {'error': 'price must be a number, 0 or more'}
                return 200, store.update('items', item['id'], {'price': price})
                """
            ),
            'a price sent as text, such as "2.50" or "cheap"',
            '"2.50" is stored as the number 2.5 and "cheap" fails with a server error (500); '
            'a price that is not a JSON number should be a 400 with {"error": "price must be a '
            'number, 0 or more"}',
            (
                scenario(
                    new_item("bolt", 10, 0.25),
                    expect(call("PATCH", "/items/1/price", {"price": "2.50"}), 400, _PRICE),
                    expect(call("PATCH", "/items/1/price", {"price": "cheap"}), 400, _PRICE),
                    expect(
                        call("PATCH", "/items/1/price", {"price": 2}), 200, item(1, "bolt", 10, 2)
                    ),
                ),
            ),
        ),
        route="PATCH /items/{id}/price",
        requires=("create_item",),
    ),
)

# ---- contacts ----

_CREATE_CONTACT = (
    _NAME_CHECK
    + _EMAIL_CHECK
    + code(
        """
        if any(other['email'].lower() == email.lower() for other in store.records('contacts')):
            return 409, {'error': 'email already used'}
        return 201, store.add('contacts', {'name': body['name'], 'email': email})
        """
    )
)
_UPDATE_CONTACT = _CONTACT_LOOKUP + code(
    """
    if not isinstance(body, dict):
        return 400, {'error': 'the body must be a JSON object'}
    fields = {key: body[key] for key in ('name', 'email') if key in body}
    if 'name' in fields and (not isinstance(fields['name'], str) or not fields['name'].strip()):
        return 400, {'error': 'name is required'}
    if 'email' in fields:
        email = fields['email']
        parts = email.split('@') if isinstance(email, str) else []
        if len(parts) != 2 or not parts[0] or not parts[1]:
            return 400, {'error': 'email is not valid'}
        for other in store.records('contacts'):
            if other['id'] != contact['id'] and other['email'].lower() == email.lower():
                return 409, {'error': 'email already used'}
    return 200, store.update('contacts', contact['id'], fields)
    """
)
_FIND_CONTACT = code(
    """
    email = params.get('email', '').lower()
    if not email:
        return 400, {'error': 'email is required'}
    for contact in store.records('contacts'):
        if contact['email'].lower() == email:
            return 200, contact
    return 404, {'error': 'contact not found'}
    """
)

CONTACTS: tuple[FunctionTemplate, ...] = (
    F(
        "create_contact",
        "contacts",
        HANDLER,
        "adds a contact from a JSON body with a `name` (a non-empty string) and an `email` (a "
        'string with one "@" and text on both sides of it), and answers 201 with the contact: '
        "its `id` (counting from 1), `name` and `email` as given. It answers 400 with "
        '{"error": "name is required"} or {"error": "email is not valid"} when one is wrong, '
        'and 409 with {"error": "email already used"} when another contact has the same '
        "email, compared ignoring case",
        _CREATE_CONTACT,
        (
            scenario(
                expect(
                    new_contact("Ann", "ann@example.com"),
                    201,
                    contact(1, "Ann", "ann@example.com"),
                ),
                expect(new_contact("Bob", "bob"), 400, _EMAIL_INVALID),
                expect(new_contact("Bob", "bob@x@y.org"), 400, _EMAIL_INVALID),
                expect(new_contact("Bob", "@example.com"), 400, _EMAIL_INVALID),
                expect(
                    call("POST", "/contacts", {"email": "bob@example.com"}), 400, _NAME_REQUIRED
                ),
                expect(new_contact("Annie", "ann@example.com"), 409, _EMAIL_USED),
                expect(
                    new_contact("Bob", "bob@example.com"),
                    201,
                    contact(2, "Bob", "bob@example.com"),
                ),
            ),
        ),
        defect=Defect(
            _CREATE_CONTACT.replace(
                "other['email'].lower() == email.lower()", "other['email'] == email"
            ),
            'an email that differs from a stored one only in case, such as "Ann@Example.com" '
            'after "ann@example.com"',
            "a second contact is created with it (201); it should be a 409 with "
            '{"error": "email already used"}',
            (
                scenario(
                    new_contact("Ann", "ann@example.com"),
                    expect(new_contact("Annie", "Ann@Example.com"), 409, _EMAIL_USED),
                    expect(
                        new_contact("Bob", "bob@example.com"),
                        201,
                        contact(2, "Bob", "bob@example.com"),
                    ),
                ),
            ),
        ),
        route="POST /contacts",
    ),
    F(
        "list_contacts",
        "contacts",
        HANDLER,
        "answers 200 with every contact, sorted by name ignoring case (contacts whose names "
        "differ only in case in id order)",
        "    return 200, sorted(store.records('contacts'), key=lambda contact: contact['name'].lower())",
        (
            scenario(
                expect(call("GET", "/contacts"), 200, []),
                new_contact("Carol", "carol@example.com"),
                new_contact("bob", "bob@example.com"),
                new_contact("Alice", "alice@example.com"),
                new_contact("BOB", "bob@work.org"),
                expect(
                    call("GET", "/contacts"),
                    200,
                    [
                        contact(3, "Alice", "alice@example.com"),
                        contact(2, "bob", "bob@example.com"),
                        contact(4, "BOB", "bob@work.org"),
                        contact(1, "Carol", "carol@example.com"),
                    ],
                ),
            ),
        ),
        defect=Defect(
            "    return 200, sorted(store.records('contacts'), key=lambda contact: contact['name'])",
            'names that start with a small letter, such as "bob" beside "Alice" and "Carol"',
            '"bob" comes after "Carol" (capitals sort first); the order must ignore case',
            (
                scenario(
                    new_contact("Carol", "carol@example.com"),
                    new_contact("bob", "bob@example.com"),
                    new_contact("Alice", "alice@example.com"),
                    expect(
                        call("GET", "/contacts"),
                        200,
                        [
                            contact(3, "Alice", "alice@example.com"),
                            contact(2, "bob", "bob@example.com"),
                            contact(1, "Carol", "carol@example.com"),
                        ],
                    ),
                ),
            ),
        ),
        change=Change(
            "GET /contacts takes an optional query parameter `q`: then it lists only the "
            "contacts whose name or email contains q, ignoring case, still sorted by name "
            "ignoring case (`GET /contacts?q=example`)",
            code(
                """
                query = params.get('q', '').lower()
                found = [
                    contact for contact in store.records('contacts')
                    if query in contact['name'].lower() or query in contact['email'].lower()
                ]
                return 200, sorted(found, key=lambda contact: contact['name'].lower())
                """
            ),
            (
                scenario(
                    new_contact("Carol", "carol@example.com"),
                    new_contact("bob", "bob@work.org"),
                    new_contact("Alice", "alice@example.com"),
                    expect(
                        call("GET", "/contacts?q=EXAMPLE"),
                        200,
                        [
                            contact(3, "Alice", "alice@example.com"),
                            contact(1, "Carol", "carol@example.com"),
                        ],
                    ),
                    expect(
                        call("GET", "/contacts?q=Bo"),
                        200,
                        [contact(2, "bob", "bob@work.org")],
                    ),
                    expect(
                        call("GET", "/contacts"),
                        200,
                        [
                            contact(3, "Alice", "alice@example.com"),
                            contact(2, "bob", "bob@work.org"),
                            contact(1, "Carol", "carol@example.com"),
                        ],
                    ),
                ),
            ),
        ),
        route="GET /contacts",
        requires=("create_contact",),
    ),
    F(
        "update_contact",
        "contacts",
        HANDLER,
        "changes the `name` and/or `email` given in the JSON body of the contact whose id is "
        "in the path (other fields are ignored) and answers 200 with the contact. They are "
        'checked as when a contact is created: 400 with {"error": "name is required"} or '
        '{"error": "email is not valid"}, 409 with {"error": "email already used"} when '
        "another contact has that email ignoring case (sending the contact's own email again "
        'is fine); 404 with {"error": "contact not found"} for an unknown id',
        _UPDATE_CONTACT,
        (
            scenario(
                new_contact("Ann", "ann@example.com"),
                new_contact("Bob", "bob@example.com"),
                expect(
                    call("PATCH", "/contacts/1", {"email": "ann@work.org"}),
                    200,
                    contact(1, "Ann", "ann@work.org"),
                ),
                expect(
                    call("PATCH", "/contacts/1", {"email": "BOB@example.com"}), 409, _EMAIL_USED
                ),
                expect(
                    call("PATCH", "/contacts/1", {"email": "ann.work.org"}), 400, _EMAIL_INVALID
                ),
                expect(call("PATCH", "/contacts/1", {"name": ""}), 400, _NAME_REQUIRED),
                expect(
                    call("PATCH", "/contacts/1", {"id": 7, "name": "Annie"}),
                    200,
                    contact(1, "Annie", "ann@work.org"),
                ),
                expect(call("PATCH", "/contacts/9", {"name": "Zed"}), 404, _CONTACT_MISSING),
            ),
        ),
        defect=Defect(
            _UPDATE_CONTACT.replace("other['id'] != contact['id'] and ", ""),
            "a PATCH that sends the contact's own email again, such as "
            '{"name": "Ann Lee", "email": "ann@example.com"} for Ann herself',
            'it answers 409 with {"error": "email already used"}; only another contact\'s '
            "email is taken",
            (
                scenario(
                    new_contact("Ann", "ann@example.com"),
                    expect(
                        call(
                            "PATCH",
                            "/contacts/1",
                            {"name": "Ann Lee", "email": "ann@example.com"},
                        ),
                        200,
                        contact(1, "Ann Lee", "ann@example.com"),
                    ),
                    expect(
                        call("PATCH", "/contacts/1", {"email": "ANN@example.com"}),
                        200,
                        contact(1, "Ann Lee", "ANN@example.com"),
                    ),
                ),
            ),
        ),
        route="PATCH /contacts/{id}",
        requires=("create_contact",),
    ),
    F(
        "find_contact",
        "contacts",
        HANDLER,
        "answers 200 with the contact whose email is the query parameter `email`, the whole "
        "email compared ignoring case (`GET /contacts/lookup?email=ann@example.com`); 404 with "
        '{"error": "contact not found"} when no contact has it, 400 with '
        '{"error": "email is required"} without an `email`',
        _FIND_CONTACT,
        (
            scenario(
                new_contact("Ann", "ann@example.com"),
                new_contact("Bob", "bob@example.com"),
                expect(
                    call("GET", "/contacts/lookup?email=bob@example.com"),
                    200,
                    contact(2, "Bob", "bob@example.com"),
                ),
                expect(
                    call("GET", "/contacts/lookup?email=ANN@Example.com"),
                    200,
                    contact(1, "Ann", "ann@example.com"),
                ),
                expect(
                    call("GET", "/contacts/lookup?email=eve@example.com"), 404, _CONTACT_MISSING
                ),
                expect(call("GET", "/contacts/lookup"), 400, {"error": "email is required"}),
            ),
        ),
        defect=Defect(
            _FIND_CONTACT.replace(
                "contact['email'].lower() == email", "email in contact['email'].lower()"
            ),
            "an email that is the end of another contact's, such as ann@example.com when "
            "joann@example.com was added first",
            "it answers that other contact (Jo), whose email merely contains it; only the "
            "whole email counts",
            (
                scenario(
                    new_contact("Jo", "joann@example.com"),
                    new_contact("Ann", "ann@example.com"),
                    expect(
                        call("GET", "/contacts/lookup?email=ann@example.com"),
                        200,
                        contact(2, "Ann", "ann@example.com"),
                    ),
                    expect(
                        call("GET", "/contacts/lookup?email=example.com"), 404, _CONTACT_MISSING
                    ),
                ),
            ),
        ),
        route="GET /contacts/lookup",
        requires=("create_contact",),
    ),
)

# ---- bookmarks ----

_CREATE_BOOKMARK = code(
    """
    url = body.get('url') if isinstance(body, dict) else None
    if not isinstance(url, str) or not url.startswith(('http://', 'https://')):
        return 400, {'error': 'url must start with http:// or https://'}
    tags = body.get('tags', [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        return 400, {'error': 'tags must be a list of strings'}
    kept = []
    for tag in tags:
        if tag.lower() not in kept:
            kept.append(tag.lower())
    return 201, store.add('bookmarks', {'url': url, 'tags': kept})
    """
)
_LIST_BOOKMARKS = code(
    """
    bookmarks = store.records('bookmarks')
    if 'tag' in params:
        tag = params['tag'].lower()
        bookmarks = [bookmark for bookmark in bookmarks if tag in bookmark['tags']]
    return 200, bookmarks
    """
)
_BOOKMARK_TAGS = code(
    """
    counts = {}
    for bookmark in store.records('bookmarks'):
        for tag in bookmark['tags']:
            counts[tag] = counts.get(tag, 0) + 1
    ranked = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
    return 200, [{'tag': tag, 'count': count} for tag, count in ranked]
    """
)

_DOCS = "https://docs.python.org"
_NEWS = "https://news.example.com"
_BLOG = "http://blog.example.org"

BOOKMARKS: tuple[FunctionTemplate, ...] = (
    F(
        "create_bookmark",
        "bookmarks",
        HANDLER,
        'saves a bookmark from a JSON body with a `url` (a string starting with "http://" or '
        '"https://") and optional `tags` (a list of strings, default empty), and answers 201 '
        "with the bookmark: its `id` (counting from 1), `url` and `tags`, the tags lower-cased "
        "and each kept once, in the order first given. It answers 400 with "
        '{"error": "url must start with http:// or https://"} or {"error": "tags must be a '
        'list of strings"} when one is wrong',
        _CREATE_BOOKMARK,
        (
            scenario(
                expect(
                    new_bookmark(_DOCS, ["Python", "docs", "python"]),
                    201,
                    bookmark(1, _DOCS, ["python", "docs"]),
                ),
                expect(new_bookmark(_BLOG), 201, bookmark(2, _BLOG)),
                expect(new_bookmark("ftp://files.example.org"), 400, _URL),
                expect(call("POST", "/bookmarks", {"tags": ["x"]}), 400, _URL),
                expect(call("POST", "/bookmarks", {"url": _NEWS, "tags": "news"}), 400, _TAGS),
                expect(call("POST", "/bookmarks", {"url": _NEWS, "tags": ["news", 7]}), 400, _TAGS),
            ),
        ),
        defect=Defect(
            _CREATE_BOOKMARK.replace(
                "url.startswith(('http://', 'https://'))", "url.startswith('http')"
            ),
            'a url that only starts with the letters "http", such as "httpbin.org/get" or '
            '"http:/example.com"',
            'it is saved (201); it should be a 400 with {"error": "url must start with http:// '
            'or https://"}',
            (
                scenario(
                    expect(new_bookmark("httpbin.org/get"), 400, _URL),
                    expect(new_bookmark("http:/example.com"), 400, _URL),
                    expect(new_bookmark(_NEWS), 201, bookmark(1, _NEWS)),
                ),
            ),
        ),
        route="POST /bookmarks",
    ),
    F(
        "list_bookmarks",
        "bookmarks",
        HANDLER,
        "answers 200 with every bookmark in id order; with the query parameter `tag` "
        "(`GET /bookmarks?tag=python`) only the bookmarks that have that tag, ignoring case",
        _LIST_BOOKMARKS,
        (
            scenario(
                new_bookmark(_DOCS, ["python", "docs"]),
                new_bookmark(_NEWS, ["news"]),
                new_bookmark(_BLOG, ["python"]),
                expect(
                    call("GET", "/bookmarks"),
                    200,
                    [
                        bookmark(1, _DOCS, ["python", "docs"]),
                        bookmark(2, _NEWS, ["news"]),
                        bookmark(3, _BLOG, ["python"]),
                    ],
                ),
                expect(
                    call("GET", "/bookmarks?tag=python"),
                    200,
                    [bookmark(1, _DOCS, ["python", "docs"]), bookmark(3, _BLOG, ["python"])],
                ),
                expect(call("GET", "/bookmarks?tag=rust"), 200, []),
            ),
        ),
        defect=Defect(
            _LIST_BOOKMARKS.replace("params['tag'].lower()", "params['tag']"),
            "a tag in capitals, such as ?tag=Python",
            "no bookmark is found; the tag must be matched ignoring case",
            (
                scenario(
                    new_bookmark(_DOCS, ["Python", "docs"]),
                    new_bookmark(_NEWS, ["news"]),
                    expect(
                        call("GET", "/bookmarks?tag=Python"),
                        200,
                        [bookmark(1, _DOCS, ["python", "docs"])],
                    ),
                    expect(call("GET", "/bookmarks?tag=NEWS"), 200, [bookmark(2, _NEWS, ["news"])]),
                ),
            ),
        ),
        route="GET /bookmarks",
        requires=("create_bookmark",),
    ),
    F(
        "bookmark_tags",
        "bookmarks",
        HANDLER,
        "answers 200 with every tag in use and how many bookmarks have it, as a list of "
        '{"tag": t, "count": n}: the most used first, tags used equally often in alphabetical '
        "order",
        _BOOKMARK_TAGS,
        (
            scenario(
                expect(call("GET", "/bookmarks/tags"), 200, []),
                new_bookmark(_DOCS, ["python", "docs"]),
                new_bookmark(_BLOG, ["python"]),
                new_bookmark(_NEWS, ["news", "python", "daily"]),
                expect(
                    call("GET", "/bookmarks/tags"),
                    200,
                    [
                        {"tag": "python", "count": 3},
                        {"tag": "daily", "count": 1},
                        {"tag": "docs", "count": 1},
                        {"tag": "news", "count": 1},
                    ],
                ),
            ),
        ),
        defect=Defect(
            _BOOKMARK_TAGS.replace(
                "key=lambda pair: (-pair[1], pair[0])", "key=lambda pair: pair[1], reverse=True"
            ),
            'tags used equally often, such as "web" seen before "api"',
            'they come in the order first seen, "web" before "api"; tags with the same count '
            "must be in alphabetical order",
            (
                scenario(
                    new_bookmark(_BLOG, ["web", "python"]),
                    new_bookmark(_DOCS, ["api", "python"]),
                    expect(
                        call("GET", "/bookmarks/tags"),
                        200,
                        [
                            {"tag": "python", "count": 2},
                            {"tag": "api", "count": 1},
                            {"tag": "web", "count": 1},
                        ],
                    ),
                ),
            ),
        ),
        route="GET /bookmarks/tags",
        requires=("create_bookmark",),
    ),
)

# ---- events ----

_DATE_FORMAT = r"r'\d{4}-\d{2}-\d{2}'"
_CREATE_EVENT = (
    "    import datetime\n    import re\n\n"
    + TITLE_CHECK
    + code(
        f"""
        date = body.get('date')
        if not isinstance(date, str) or re.fullmatch({_DATE_FORMAT}, date) is None:
            return 400, {{'error': 'date must be a valid YYYY-MM-DD date'}}
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            return 400, {{'error': 'date must be a valid YYYY-MM-DD date'}}
        return 201, store.add('events', {{'title': body['title'], 'date': date}})
        """
    )
)
_UPCOMING = code(
    f"""
    import datetime
    import re

    start = params.get('from', '')
    if re.fullmatch({_DATE_FORMAT}, start) is None:
        return 400, {{'error': 'from must be a valid YYYY-MM-DD date'}}
    try:
        datetime.date.fromisoformat(start)
    except ValueError:
        return 400, {{'error': 'from must be a valid YYYY-MM-DD date'}}
    events = [event for event in store.records('events') if event['date'] >= start]
    return 200, sorted(events, key=lambda event: event['date'])
    """
)

EVENTS: tuple[FunctionTemplate, ...] = (
    F(
        "create_event",
        "events",
        HANDLER,
        "adds an event from a JSON body with a `title` (a non-empty string) and a `date` "
        '(written "YYYY-MM-DD", a day that exists on the calendar), and answers 201 with the '
        "event: its `id` (counting from 1), `title` and `date`. It answers 400 with "
        '{"error": "title is required"} without a title and {"error": "date must be a valid '
        'YYYY-MM-DD date"} for any other date',
        _CREATE_EVENT,
        (
            scenario(
                expect(new_event("standup", "2024-03-05"), 201, event(1, "standup", "2024-03-05")),
                expect(new_event("standup", "2024-3-5"), 400, _DATE),
                expect(new_event("standup", "tomorrow"), 400, _DATE),
                expect(call("POST", "/events", {"title": "standup"}), 400, _DATE),
                expect(call("POST", "/events", {"date": "2024-03-05"}), 400, TITLE_REQUIRED),
                expect(new_event("retro", "2024-03-08"), 201, event(2, "retro", "2024-03-08")),
            ),
        ),
        defect=Defect(
            _CREATE_EVENT.replace(
                "    try:\n"
                "        datetime.date.fromisoformat(date)\n"
                "    except ValueError:\n"
                "        return 400, {'error': 'date must be a valid YYYY-MM-DD date'}\n",
                "",
            ).replace("    import datetime\n", ""),
            'a well-formed date that does not exist, such as "2023-02-30" or "2023-13-01"',
            'the event is saved with it (201); it should be a 400 with {"error": "date must be '
            'a valid YYYY-MM-DD date"}',
            (
                scenario(
                    expect(new_event("party", "2023-02-30"), 400, _DATE),
                    expect(new_event("party", "2023-13-01"), 400, _DATE),
                    expect(new_event("leap", "2024-02-29"), 201, event(1, "leap", "2024-02-29")),
                ),
            ),
        ),
        route="POST /events",
    ),
    F(
        "upcoming_events",
        "events",
        HANDLER,
        "answers 200 with the events on or after the day given as the query parameter `from` "
        "(`GET /events/upcoming?from=2024-03-01`), sorted by date, events of the same day in "
        "id order; a `from` that is missing or not a valid YYYY-MM-DD date is a 400 with "
        '{"error": "from must be a valid YYYY-MM-DD date"}',
        _UPCOMING,
        (
            scenario(
                new_event("review", "2024-04-01"),
                new_event("standup", "2024-03-05"),
                new_event("party", "2023-12-31"),
                new_event("retro", "2024-03-05"),
                expect(
                    call("GET", "/events/upcoming?from=2024-03-01"),
                    200,
                    [
                        event(2, "standup", "2024-03-05"),
                        event(4, "retro", "2024-03-05"),
                        event(1, "review", "2024-04-01"),
                    ],
                ),
                expect(call("GET", "/events/upcoming?from=2025-01-01"), 200, []),
                expect(call("GET", "/events/upcoming?from=2024-13-01"), 400, _FROM),
                expect(call("GET", "/events/upcoming"), 400, _FROM),
            ),
        ),
        defect=Defect(
            _UPCOMING.replace("event['date'] >= start", "event['date'] > start"),
            "an event on the `from` day itself, such as ?from=2024-03-05 for an event on "
            "2024-03-05",
            "it is left out; the list starts on that day",
            (
                scenario(
                    new_event("standup", "2024-03-05"),
                    new_event("review", "2024-04-01"),
                    expect(
                        call("GET", "/events/upcoming?from=2024-03-05"),
                        200,
                        [event(1, "standup", "2024-03-05"), event(2, "review", "2024-04-01")],
                    ),
                ),
            ),
        ),
        route="GET /events/upcoming",
        requires=("create_event",),
    ),
    F(
        "events_by_month",
        "events",
        HANDLER,
        'answers 200 with an object mapping each month that has events, written "YYYY-MM", to '
        'how many events fall in it (such as {"2024-03": 2, "2024-04": 1}); months without '
        "events are left out",
        code(
            """
            counts = {}
            for event in store.records('events'):
                month = event['date'][:7]
                counts[month] = counts.get(month, 0) + 1
            return 200, counts
            """
        ),
        (
            scenario(
                expect(call("GET", "/events/months"), 200, {}),
                new_event("standup", "2024-03-05"),
                new_event("review", "2024-04-01"),
                new_event("retro", "2024-03-29"),
                new_event("party", "2023-03-10"),
                expect(
                    call("GET", "/events/months"),
                    200,
                    {"2024-03": 2, "2024-04": 1, "2023-03": 1},
                ),
            ),
        ),
        change=Change(
            "GET /events/months takes an optional query parameter `year` "
            "(`GET /events/months?year=2024`): then it counts only that year's events; a year "
            'that is not four digits is a 400 with {"error": "year must be four digits"}',
            code(
                """
                year = params.get('year')
                if year is not None and (len(year) != 4 or not year.isdigit()):
                    return 400, {'error': 'year must be four digits'}
                counts = {}
                for event in store.records('events'):
                    if year is None or event['date'][:4] == year:
                        month = event['date'][:7]
                        counts[month] = counts.get(month, 0) + 1
                return 200, counts
                """
            ),
            (
                scenario(
                    new_event("standup", "2024-03-05"),
                    new_event("review", "2024-04-01"),
                    new_event("party", "2023-03-10"),
                    expect(
                        call("GET", "/events/months?year=2024"),
                        200,
                        {"2024-03": 1, "2024-04": 1},
                    ),
                    expect(call("GET", "/events/months?year=2022"), 200, {}),
                    expect(
                        call("GET", "/events/months?year=24"),
                        400,
                        {"error": "year must be four digits"},
                    ),
                    expect(
                        call("GET", "/events/months"),
                        200,
                        {"2024-03": 1, "2024-04": 1, "2023-03": 1},
                    ),
                ),
            ),
        ),
        route="GET /events/months",
        requires=("create_event",),
    ),
)

# ---- comments on notes ----

COMMENTS: tuple[FunctionTemplate, ...] = (
    F(
        "add_comment",
        "comments",
        HANDLER,
        "adds a comment to the note whose id is in the path from a JSON body with a `text` (a "
        "non-empty string) and answers 201 with the comment: its own `id` (counting from 1 "
        'across all notes), `note_id` and `text`; 404 with {"error": "note not found"} when '
        'there is no such note, 400 with {"error": "text is required"} without a text',
        NOTE_LOOKUP
        + _TEXT_CHECK
        + "    return 201, store.add('comments', {'note_id': note['id'], 'text': text})",
        (
            scenario(
                new_note("milk"),
                new_note("eggs"),
                expect(new_comment(2, "free range?"), 201, comment(1, 2, "free range?")),
                expect(new_comment(1, "oat, please"), 201, comment(2, 1, "oat, please")),
                expect(call("POST", "/notes/1/comments", {}), 400, _TEXT_REQUIRED),
                expect(new_comment(5, "hello"), 404, NOTE_MISSING),
            ),
        ),
        defect=Defect(
            _TEXT_CHECK
            + "    return 201, store.add('comments', {'note_id': int(params['id']), 'text': text})",
            "a note that does not exist, such as POST /notes/99/comments",
            "the comment is saved anyway (201) for a note nobody can see; it should be a 404 "
            'with {"error": "note not found"}',
            (
                scenario(
                    new_note("milk"),
                    expect(new_comment(99, "hello"), 404, NOTE_MISSING),
                    expect(new_comment(1, "hello"), 201, comment(1, 1, "hello")),
                ),
            ),
        ),
        route="POST /notes/{id}/comments",
        requires=("create_note",),
    ),
    F(
        "list_comments",
        "comments",
        HANDLER,
        "answers 200 with the comments on the note whose id is in the path, oldest first (in "
        'id order), and [] for a note without any; 404 with {"error": "note not found"} when '
        "there is no such note",
        NOTE_LOOKUP
        + "    return 200, [c for c in store.records('comments') if c['note_id'] == note['id']]",
        (
            scenario(
                new_note("milk"),
                new_note("eggs"),
                new_comment(1, "oat?"),
                new_comment(2, "free range"),
                new_comment(1, "or soy"),
                expect(
                    call("GET", "/notes/1/comments"),
                    200,
                    [comment(1, 1, "oat?"), comment(3, 1, "or soy")],
                ),
                expect(call("GET", "/notes/2/comments"), 200, [comment(2, 2, "free range")]),
                new_note("tea"),
                expect(call("GET", "/notes/3/comments"), 200, []),
                expect(call("GET", "/notes/8/comments"), 404, NOTE_MISSING),
            ),
        ),
        change=Change(
            "GET /notes/<id>/comments lists the newest comment first (the highest id first)",
            NOTE_LOOKUP
            + code(
                """
                found = [c for c in store.records('comments') if c['note_id'] == note['id']]
                return 200, found[::-1]
                """
            ),
            (
                scenario(
                    new_note("milk"),
                    new_note("eggs"),
                    new_comment(1, "oat?"),
                    new_comment(2, "free range"),
                    new_comment(1, "or soy"),
                    expect(
                        call("GET", "/notes/1/comments"),
                        200,
                        [comment(3, 1, "or soy"), comment(1, 1, "oat?")],
                    ),
                    expect(call("GET", "/notes/8/comments"), 404, NOTE_MISSING),
                ),
            ),
        ),
        route="GET /notes/{id}/comments",
        requires=("create_note", "add_comment"),
    ),
    F(
        "delete_comment",
        "comments",
        HANDLER,
        "deletes the comment whose id is in the path and answers 204 with an empty body, or "
        '404 with {"error": "comment not found"} when there is no such comment',
        code(
            """
            found = store.find('comments', params['id'])
            if found is None:
                return 404, {'error': 'comment not found'}
            store.remove('comments', found['id'])
            return 204, None
            """
        ),
        (
            scenario(
                new_note("milk"),
                new_comment(1, "oat?"),
                new_comment(1, "or soy"),
                expect(call("DELETE", "/comments/1"), 204, None),
                expect(call("DELETE", "/comments/1"), 404, {"error": "comment not found"}),
                expect(call("GET", "/notes/1/comments"), 200, [comment(2, 1, "or soy")]),
            ),
        ),
        route="DELETE /comments/{id}",
        requires=("create_note", "add_comment", "list_comments"),
    ),
)

# ---- pieces the resources below share ----


def _dated(source: str) -> str:
    """A handler body whose DATE_PATTERN is the YYYY-MM-DD pattern events use."""
    return source.replace("DATE_PATTERN", _DATE_FORMAT)


# ---- projects and their members ----


def project(i: int, name: str, members: list[str] | None = None) -> dict[str, object]:
    """A project as the service answers it."""
    return {"id": i, "name": name, "members": members or []}


def new_project(name: str) -> str:
    """POST /projects."""
    return call("POST", "/projects", {"name": name})


def new_member(project_id: int, user: str) -> str:
    """POST /projects/<id>/members."""
    return call("POST", f"/projects/{project_id}/members", {"user": user})


_PROJECT_LOOKUP = lookup("projects", "project", "project")
_PROJECT_MISSING = {"error": "project not found"}
_USER_REQUIRED = {"error": "user is required"}
_ALREADY_MEMBER = {"error": "already a member"}
_NOT_MEMBER = {"error": "not a member"}

_CREATE_PROJECT = code(
    """
    name = body.get('name') if isinstance(body, dict) else None
    if not isinstance(name, str) or not name.strip():
        return 400, {'error': 'name is required'}
    return 201, store.add('projects', {'name': name.strip(), 'members': []})
    """
)
_ADD_MEMBER = _PROJECT_LOOKUP + code(
    """
    user = body.get('user') if isinstance(body, dict) else None
    if not isinstance(user, str) or not user.strip():
        return 400, {'error': 'user is required'}
    if user in project['members']:
        return 409, {'error': 'already a member'}
    return 200, store.update('projects', project['id'], {'members': project['members'] + [user]})
    """
)
_LIST_PROJECTS = code(
    """
    projects = store.records('projects')
    if 'member' in params:
        projects = [project for project in projects if params['member'] in project['members']]
    return 200, projects
    """
)

PROJECTS: tuple[FunctionTemplate, ...] = (
    F(
        "create_project",
        "projects",
        HANDLER,
        "creates a project from a JSON body with a `name` (a string that is not empty once "
        "the spaces around it are taken off; it is saved without them) and answers 201 with "
        "the project: its `id` (counting from 1), `name` and `members` (an empty list). "
        'Without a name it answers 400 with {"error": "name is required"}',
        _CREATE_PROJECT,
        (
            scenario(
                expect(new_project("Apollo"), 201, project(1, "Apollo")),
                expect(new_project("   "), 400, _NAME_REQUIRED),
                expect(call("POST", "/projects", {"name": 7}), 400, _NAME_REQUIRED),
                expect(call("POST", "/projects", {}), 400, _NAME_REQUIRED),
                expect(new_project("Gemini"), 201, project(2, "Gemini")),
            ),
        ),
        defect=Defect(
            _CREATE_PROJECT.replace("{'name': name.strip(),", "{'name': name,"),
            'a name with spaces around it, such as "  Apollo  "',
            'the project is saved and answered with the spaces ("  Apollo  "); its name should '
            'be "Apollo"',
            (
                scenario(
                    expect(new_project("  Apollo  "), 201, project(1, "Apollo")),
                    expect(new_project("Gemini "), 201, project(2, "Gemini")),
                ),
            ),
        ),
        route="POST /projects",
    ),
    F(
        "get_project",
        "projects",
        HANDLER,
        "answers 200 with the project whose id is in the path, or 404 with "
        '{"error": "project not found"} when there is none, an id that is not a whole number '
        "(such as /projects/abc) included",
        _PROJECT_LOOKUP + "    return 200, project",
        (
            scenario(
                new_project("Apollo"),
                new_project("Gemini"),
                expect(call("GET", "/projects/2"), 200, project(2, "Gemini")),
                expect(call("GET", "/projects/1"), 200, project(1, "Apollo")),
                expect(call("GET", "/projects/7"), 404, _PROJECT_MISSING),
            ),
        ),
        defect=Defect(
            code(
                """
                project = store.table('projects').get(int(params['id']))
                if project is None:
                    return 404, {'error': 'project not found'}
                return 200, project
                """
            ),
            "an id that is not a whole number, such as GET /projects/abc or /projects/1.5",
            'the request fails with a server error (500) instead of a 404 with {"error": '
            '"project not found"}',
            (
                scenario(
                    new_project("Apollo"),
                    expect(call("GET", "/projects/abc"), 404, _PROJECT_MISSING),
                    expect(call("GET", "/projects/1.5"), 404, _PROJECT_MISSING),
                    expect(call("GET", "/projects/1"), 200, project(1, "Apollo")),
                ),
            ),
        ),
        route="GET /projects/{id}",
        requires=("create_project",),
    ),
    F(
        "add_member",
        "projects",
        HANDLER,
        "adds the JSON body's `user` (a non-empty string) to the `members` of the project "
        "whose id is in the path, at the end of the list, and answers 200 with the project; "
        '404 with {"error": "project not found"} for an unknown project, 400 with '
        '{"error": "user is required"} without a user, and 409 with {"error": "already a '
        'member"} when the user is one of its members already (names are compared exactly: '
        '"ann" and "Ann" are two users)',
        _ADD_MEMBER,
        (
            scenario(
                new_project("Apollo"),
                expect(new_member(1, "ann"), 200, project(1, "Apollo", ["ann"])),
                expect(new_member(1, "bob"), 200, project(1, "Apollo", ["ann", "bob"])),
                expect(new_member(1, "ann"), 409, _ALREADY_MEMBER),
                expect(call("POST", "/projects/1/members", {}), 400, _USER_REQUIRED),
                expect(new_member(1, ""), 400, _USER_REQUIRED),
                expect(new_member(4, "ann"), 404, _PROJECT_MISSING),
                expect(new_member(1, "Ann"), 200, project(1, "Apollo", ["ann", "bob", "Ann"])),
            ),
        ),
        defect=Defect(
            _ADD_MEMBER.replace(
                "    if user in project['members']:\n"
                "        return 409, {'error': 'already a member'}\n",
                "",
            ),
            'a user who is a member already, such as adding "ann" to a project twice',
            '"ann" is listed twice in the members (200); it should be a 409 with '
            '{"error": "already a member"}',
            (
                scenario(
                    new_project("Apollo"),
                    new_member(1, "ann"),
                    expect(new_member(1, "ann"), 409, _ALREADY_MEMBER),
                    expect(new_member(1, "bob"), 200, project(1, "Apollo", ["ann", "bob"])),
                ),
            ),
        ),
        route="POST /projects/{id}/members",
        requires=("create_project",),
    ),
    F(
        "remove_member",
        "projects",
        HANDLER,
        "removes the user named in the path from the members of the project whose id is in "
        "the path (`DELETE /projects/1/members/ann`) and answers 200 with the project, the "
        'other members in their order; 404 with {"error": "project not found"} for an '
        'unknown project and 404 with {"error": "not a member"} when the user is not one of '
        "its members",
        _PROJECT_LOOKUP
        + code(
            """
            user = params['user']
            if user not in project['members']:
                return 404, {'error': 'not a member'}
            members = [member for member in project['members'] if member != user]
            return 200, store.update('projects', project['id'], {'members': members})
            """
        ),
        (
            scenario(
                new_project("Apollo"),
                new_member(1, "ann"),
                new_member(1, "bob"),
                new_member(1, "cy"),
                expect(
                    call("DELETE", "/projects/1/members/bob"),
                    200,
                    project(1, "Apollo", ["ann", "cy"]),
                ),
                expect(call("DELETE", "/projects/1/members/bob"), 404, _NOT_MEMBER),
                expect(call("DELETE", "/projects/3/members/ann"), 404, _PROJECT_MISSING),
                expect(
                    call("DELETE", "/projects/1/members/ann"), 200, project(1, "Apollo", ["cy"])
                ),
            ),
        ),
        defect=Defect(
            _PROJECT_LOOKUP
            + code(
                """
                members = list(project['members'])
                members.remove(params['user'])
                return 200, store.update('projects', project['id'], {'members': members})
                """
            ),
            "a user who is not a member of the project, such as DELETE /projects/1/members/zoe",
            'the request fails with a server error (500) instead of a 404 with {"error": "not '
            'a member"}',
            (
                scenario(
                    new_project("Apollo"),
                    new_member(1, "ann"),
                    expect(call("DELETE", "/projects/1/members/zoe"), 404, _NOT_MEMBER),
                    expect(call("DELETE", "/projects/1/members/ann"), 200, project(1, "Apollo")),
                ),
            ),
        ),
        route="DELETE /projects/{id}/members/{user}",
        requires=("create_project", "add_member"),
    ),
    F(
        "list_projects",
        "projects",
        HANDLER,
        "answers 200 with every project in id order; with the query parameter `member` "
        "(`GET /projects?member=ann`) only the projects that user is a member of",
        _LIST_PROJECTS,
        (
            scenario(
                expect(call("GET", "/projects"), 200, []),
                new_project("Zeta"),
                new_project("apollo"),
                new_project("Mercury"),
                new_member(1, "ann"),
                new_member(3, "ann"),
                new_member(3, "bob"),
                expect(
                    call("GET", "/projects"),
                    200,
                    [
                        project(1, "Zeta", ["ann"]),
                        project(2, "apollo"),
                        project(3, "Mercury", ["ann", "bob"]),
                    ],
                ),
                expect(
                    call("GET", "/projects?member=ann"),
                    200,
                    [project(1, "Zeta", ["ann"]), project(3, "Mercury", ["ann", "bob"])],
                ),
                expect(call("GET", "/projects?member=zoe"), 200, []),
            ),
        ),
        change=Change(
            "GET /projects lists the projects sorted by name, ignoring case (projects whose "
            "names differ only in case in id order); the `member` filter stays as it is",
            _LIST_PROJECTS.replace(
                "return 200, projects",
                "return 200, sorted(projects, key=lambda project: project['name'].lower())",
            ),
            (
                scenario(
                    new_project("Zeta"),
                    new_project("apollo"),
                    new_project("Mercury"),
                    new_member(1, "ann"),
                    new_member(3, "ann"),
                    expect(
                        call("GET", "/projects"),
                        200,
                        [
                            project(2, "apollo"),
                            project(3, "Mercury", ["ann"]),
                            project(1, "Zeta", ["ann"]),
                        ],
                    ),
                    expect(
                        call("GET", "/projects?member=ann"),
                        200,
                        [project(3, "Mercury", ["ann"]), project(1, "Zeta", ["ann"])],
                    ),
                ),
            ),
        ),
        route="GET /projects",
        requires=("create_project", "add_member"),
    ),
)

# ---- invoices and their lines, amounts in cents ----


def invoice(
    i: int, customer: str, lines: list[dict[str, object]] | None = None, paid: bool = False
) -> dict[str, object]:
    """An invoice as the service answers it."""
    return {"id": i, "customer": customer, "lines": lines or [], "paid": paid}


def line(description: str, quantity: int, unit_cents: int) -> dict[str, object]:
    """A line of an invoice."""
    return {"description": description, "quantity": quantity, "unit_cents": unit_cents}


def new_invoice(customer: str) -> str:
    """POST /invoices."""
    return call("POST", "/invoices", {"customer": customer})


def new_line(invoice_id: int, description: str, quantity: int, unit_cents: object) -> str:
    """POST /invoices/<id>/lines."""
    fields = {"description": description, "quantity": quantity, "unit_cents": unit_cents}
    return call("POST", f"/invoices/{invoice_id}/lines", fields)


_INVOICE_LOOKUP = lookup("invoices", "invoice", "invoice")
_INVOICE_MISSING = {"error": "invoice not found"}
_INVOICE_PAID = {"error": "invoice is already paid"}
_NO_LINES = {"error": "invoice has no lines"}
_LINE_MISSING = {"error": "line not found"}
_QUANTITY = {"error": "quantity must be a whole number, 1 or more"}
_UNIT_CENTS = {"error": "unit_cents must be a whole number, 0 or more"}
_PAID_FLAG = {"error": "paid must be true or false"}
_TEA = line("tea", 2, 350)
_CAKE = line("cake", 1, 420)

_ADD_LINE = (
    _INVOICE_LOOKUP
    + code(
        """
        if invoice['paid']:
            return 409, {'error': 'invoice is already paid'}
        """
    )
    + "\n"
    + DATA
    + code(
        """
        description = data.get('description')
        if not isinstance(description, str) or not description.strip():
            return 400, {'error': 'description is required'}
        quantity = data.get('quantity', 1)
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
            return 400, {'error': 'quantity must be a whole number, 1 or more'}
        unit_cents = data.get('unit_cents')
        if isinstance(unit_cents, bool) or not isinstance(unit_cents, int) or unit_cents < 0:
            return 400, {'error': 'unit_cents must be a whole number, 0 or more'}
        added = {'description': description, 'quantity': quantity, 'unit_cents': unit_cents}
        return 201, store.update('invoices', invoice['id'], {'lines': invoice['lines'] + [added]})
        """
    )
)
_PAY = _INVOICE_LOOKUP + code(
    """
    if invoice['paid']:
        return 409, {'error': 'invoice is already paid'}
    if not invoice['lines']:
        return 409, {'error': 'invoice has no lines'}
    return 200, store.update('invoices', invoice['id'], {'paid': True})
    """
)
_REMOVE_LINE = _INVOICE_LOOKUP + code(
    """
    if invoice['paid']:
        return 409, {'error': 'invoice is already paid'}
    text = params['position']
    lines = invoice['lines']
    if not text.isdigit() or not 1 <= int(text) <= len(lines):
        return 404, {'error': 'line not found'}
    kept = lines[:int(text) - 1] + lines[int(text):]
    return 200, store.update('invoices', invoice['id'], {'lines': kept})
    """
)

INVOICES: tuple[FunctionTemplate, ...] = (
    F(
        "create_invoice",
        "invoices",
        HANDLER,
        "opens an invoice from a JSON body with a `customer` (a non-empty string) and "
        "answers 201 with the invoice: its `id` (counting from 1), `customer`, `lines` (an "
        "empty list) and `paid` (false). Without a customer it answers 400 with "
        '{"error": "customer is required"}',
        code(
            """
            customer = body.get('customer') if isinstance(body, dict) else None
            if not isinstance(customer, str) or not customer.strip():
                return 400, {'error': 'customer is required'}
            return 201, store.add('invoices', {'customer': customer, 'lines': [], 'paid': False})
            """
        ),
        (
            scenario(
                expect(new_invoice("Acme"), 201, invoice(1, "Acme")),
                expect(new_invoice(" "), 400, {"error": "customer is required"}),
                expect(call("POST", "/invoices"), 400, {"error": "customer is required"}),
                expect(new_invoice("Globex"), 201, invoice(2, "Globex")),
            ),
        ),
        route="POST /invoices",
    ),
    F(
        "add_invoice_line",
        "invoices",
        HANDLER,
        "adds a line to the invoice whose id is in the path from a JSON body with a "
        "`description` (a non-empty string), an optional `quantity` (a whole number, 1 or "
        "more; default 1) and `unit_cents` (the price of one, a whole number of cents, 0 or "
        'more), and answers 201 with the whole invoice, its `lines` a list of {"description": '
        'd, "quantity": q, "unit_cents": u} in the order added. It answers 404 with '
        '{"error": "invoice not found"} for an unknown invoice, 400 with {"error": '
        '"description is required"}, {"error": "quantity must be a whole number, 1 or more"} '
        'or {"error": "unit_cents must be a whole number, 0 or more"} when one is wrong (a '
        "number with a fraction, or a number written as text, is not a whole number), and 409 "
        'with {"error": "invoice is already paid"} when the invoice\'s `paid` is true',
        _ADD_LINE,
        (
            scenario(
                new_invoice("Acme"),
                expect(new_line(1, "tea", 2, 350), 201, invoice(1, "Acme", [_TEA])),
                expect(
                    call("POST", "/invoices/1/lines", {"description": "cake", "unit_cents": 420}),
                    201,
                    invoice(1, "Acme", [_TEA, _CAKE]),
                ),
                expect(new_line(1, "tea", 0, 350), 400, _QUANTITY),
                expect(new_line(1, "tea", 1, -5), 400, _UNIT_CENTS),
                expect(new_line(1, "tea", 1, "350"), 400, _UNIT_CENTS),
                expect(
                    call("POST", "/invoices/1/lines", {"quantity": 1, "unit_cents": 5}),
                    400,
                    {"error": "description is required"},
                ),
                expect(new_line(3, "tea", 1, 350), 404, _INVOICE_MISSING),
                expect(
                    new_line(1, "sample", 1, 0),
                    201,
                    invoice(1, "Acme", [_TEA, _CAKE, line("sample", 1, 0)]),
                ),
            ),
        ),
        defect=Defect(
            _ADD_LINE.replace(
                "not isinstance(unit_cents, int)", "not isinstance(unit_cents, (int, float))"
            ),
            'a unit price with a fraction of a cent, such as "unit_cents": 2.5',
            "the line is added with it (201); it should be a 400 with "
            '{"error": "unit_cents must be a whole number, 0 or more"}',
            (
                scenario(
                    new_invoice("Acme"),
                    expect(new_line(1, "tea", 1, 2.5), 400, _UNIT_CENTS),
                    expect(new_line(1, "tea", 2, 350), 201, invoice(1, "Acme", [_TEA])),
                ),
            ),
        ),
        route="POST /invoices/{id}/lines",
        requires=("create_invoice",),
    ),
    F(
        "invoice_total",
        "invoices",
        HANDLER,
        'answers 200 with {"id": id, "total_cents": t} for the invoice whose id is in the '
        "path: the sum over its lines of quantity times unit_cents (0 for an invoice without "
        'lines); 404 with {"error": "invoice not found"} for an unknown invoice',
        _INVOICE_LOOKUP
        + code(
            """
            total = sum(line['quantity'] * line['unit_cents'] for line in invoice['lines'])
            return 200, {'id': invoice['id'], 'total_cents': total}
            """
        ),
        (
            scenario(
                new_invoice("Acme"),
                new_invoice("Globex"),
                expect(call("GET", "/invoices/2/total"), 200, {"id": 2, "total_cents": 0}),
                new_line(1, "tea", 2, 350),
                new_line(1, "cake", 1, 420),
                expect(call("GET", "/invoices/1/total"), 200, {"id": 1, "total_cents": 1120}),
                expect(call("GET", "/invoices/5/total"), 404, _INVOICE_MISSING),
            ),
        ),
        defect=Defect(
            _INVOICE_LOOKUP
            + code(
                """
                total = sum(line['unit_cents'] for line in invoice['lines'])
                return 200, {'id': invoice['id'], 'total_cents': total}
                """
            ),
            "a line with a quantity above 1, such as 3 at 250 cents",
            "the total counts it once (250); it should be 750",
            (
                scenario(
                    new_invoice("Acme"),
                    new_line(1, "pens", 3, 250),
                    expect(call("GET", "/invoices/1/total"), 200, {"id": 1, "total_cents": 750}),
                ),
            ),
        ),
        route="GET /invoices/{id}/total",
        requires=("create_invoice", "add_invoice_line"),
    ),
    F(
        "pay_invoice",
        "invoices",
        HANDLER,
        "marks the invoice whose id is in the path paid (`paid` true) and answers 200 with "
        'it; 404 with {"error": "invoice not found"} for an unknown invoice, 409 with '
        '{"error": "invoice has no lines"} for an invoice without lines and 409 with '
        '{"error": "invoice is already paid"} when it was paid before. A paid invoice takes '
        "no more lines: POST /invoices/<id>/lines answers it with 409 and "
        '{"error": "invoice is already paid"}',
        _PAY,
        (
            scenario(
                new_invoice("Acme"),
                expect(call("POST", "/invoices/1/pay"), 409, _NO_LINES),
                new_line(1, "tea", 2, 350),
                expect(call("POST", "/invoices/1/pay"), 200, invoice(1, "Acme", [_TEA], True)),
                expect(new_line(1, "cake", 1, 420), 409, _INVOICE_PAID),
                expect(call("POST", "/invoices/4/pay"), 404, _INVOICE_MISSING),
                expect(call("POST", "/invoices/1/pay"), 409, _INVOICE_PAID),
            ),
        ),
        defect=Defect(
            _PAY.replace(
                "    if invoice['paid']:\n        return 409, {'error': 'invoice is already paid'}\n",
                "",
            ),
            "an invoice that was paid before, such as a second POST /invoices/1/pay",
            'it answers 200 again; it should be a 409 with {"error": "invoice is already paid"}',
            (
                scenario(
                    new_invoice("Acme"),
                    new_line(1, "tea", 2, 350),
                    expect(call("POST", "/invoices/1/pay"), 200, invoice(1, "Acme", [_TEA], True)),
                    expect(call("POST", "/invoices/1/pay"), 409, _INVOICE_PAID),
                ),
            ),
        ),
        route="POST /invoices/{id}/pay",
        requires=("create_invoice", "add_invoice_line"),
    ),
    F(
        "list_invoices",
        "invoices",
        HANDLER,
        "answers 200 with every invoice in id order; with the query parameter `paid` only "
        "the paid invoices (`GET /invoices?paid=true`) or only the unpaid ones "
        '(`?paid=false`); any other value of `paid` is a 400 with {"error": "paid must be '
        'true or false"}',
        code(
            """
            invoices = store.records('invoices')
            if 'paid' in params:
                if params['paid'] not in ('true', 'false'):
                    return 400, {'error': 'paid must be true or false'}
                wanted = params['paid'] == 'true'
                invoices = [invoice for invoice in invoices if invoice['paid'] == wanted]
            return 200, invoices
            """
        ),
        (
            scenario(
                new_invoice("Acme"),
                new_invoice("Globex"),
                new_invoice("Initech"),
                new_line(2, "tea", 2, 350),
                call("POST", "/invoices/2/pay"),
                expect(
                    call("GET", "/invoices"),
                    200,
                    [invoice(1, "Acme"), invoice(2, "Globex", [_TEA], True), invoice(3, "Initech")],
                ),
                expect(
                    call("GET", "/invoices?paid=true"), 200, [invoice(2, "Globex", [_TEA], True)]
                ),
                expect(
                    call("GET", "/invoices?paid=false"),
                    200,
                    [invoice(1, "Acme"), invoice(3, "Initech")],
                ),
                expect(call("GET", "/invoices?paid=yes"), 400, _PAID_FLAG),
            ),
        ),
        defect=Defect(
            code(
                """
                invoices = store.records('invoices')
                if 'paid' in params:
                    invoices = [i for i in invoices if i['paid'] == bool(params['paid'])]
                return 200, invoices
                """
            ),
            "?paid=false",
            "it lists the paid invoices instead of the unpaid ones",
            (
                scenario(
                    new_invoice("Acme"),
                    new_invoice("Globex"),
                    new_line(2, "tea", 2, 350),
                    call("POST", "/invoices/2/pay"),
                    expect(call("GET", "/invoices?paid=false"), 200, [invoice(1, "Acme")]),
                ),
            ),
        ),
        route="GET /invoices",
        requires=("create_invoice", "add_invoice_line", "pay_invoice"),
    ),
    F(
        "remove_invoice_line",
        "invoices",
        HANDLER,
        "removes a line from the invoice whose id is in the path, the line given by its "
        "position in `lines` counting from 1 (`DELETE /invoices/1/lines/2` removes the "
        "second line), and answers 200 with the invoice, the other lines in their order; 404 "
        'with {"error": "invoice not found"} for an unknown invoice, 404 with {"error": '
        '"line not found"} when the invoice has no line at that position (0 included), and '
        '409 with {"error": "invoice is already paid"} for a paid invoice',
        _REMOVE_LINE,
        (
            scenario(
                new_invoice("Acme"),
                new_line(1, "tea", 2, 350),
                new_line(1, "cake", 1, 420),
                new_line(1, "jam", 1, 300),
                expect(
                    call("DELETE", "/invoices/1/lines/2"),
                    200,
                    invoice(1, "Acme", [_TEA, line("jam", 1, 300)]),
                ),
                expect(call("DELETE", "/invoices/1/lines/3"), 404, _LINE_MISSING),
                expect(call("DELETE", "/invoices/1/lines/0"), 404, _LINE_MISSING),
                expect(call("DELETE", "/invoices/2/lines/1"), 404, _INVOICE_MISSING),
                expect(call("DELETE", "/invoices/1/lines/2"), 200, invoice(1, "Acme", [_TEA])),
                call("POST", "/invoices/1/pay"),
                expect(call("DELETE", "/invoices/1/lines/1"), 409, _INVOICE_PAID),
            ),
        ),
        defect=Defect(
            _REMOVE_LINE.replace(
                "not 1 <= int(text) <= len(lines)", "int(text) > len(lines)"
            ).replace(
                "lines[:int(text) - 1] + lines[int(text):]",
                "lines[:int(text)] + lines[int(text) + 1:]",
            ),
            "DELETE /invoices/1/lines/1 on an invoice with two lines",
            "the second line is removed instead of the first; positions count from 1",
            (
                scenario(
                    new_invoice("Acme"),
                    new_line(1, "tea", 2, 350),
                    new_line(1, "cake", 1, 420),
                    expect(call("DELETE", "/invoices/1/lines/1"), 200, invoice(1, "Acme", [_CAKE])),
                ),
            ),
        ),
        route="DELETE /invoices/{id}/lines/{position}",
        requires=("create_invoice", "add_invoice_line", "pay_invoice"),
    ),
)

# ---- tickets and their status moves ----


def ticket(i: int, title: str, severity: str = "normal", status: str = "open") -> dict[str, object]:
    """A ticket as the service answers it."""
    return {"id": i, "title": title, "severity": severity, "status": status}


def new_ticket(title: str, severity: str | None = None) -> str:
    """POST /tickets."""
    fields = {"title": title} if severity is None else {"title": title, "severity": severity}
    return call("POST", "/tickets", fields)


def move(ticket_id: int, status: str) -> str:
    """POST /tickets/<id>/status."""
    return call("POST", f"/tickets/{ticket_id}/status", {"status": status})


def _no_move(old: str, new: str) -> dict[str, str]:
    return {"error": f"cannot move a ticket from {old} to {new}"}


_TICKET_LOOKUP = lookup("tickets", "ticket", "ticket")
_TICKET_MISSING = {"error": "ticket not found"}
_SEVERITY = {"error": "severity must be low, normal or high"}
_STATUS = {"error": "status must be open, in_progress, resolved or closed"}

_CREATE_TICKET = TITLE_CHECK + code(
    """
    severity = body.get('severity', 'normal')
    if severity not in ('low', 'normal', 'high'):
        return 400, {'error': 'severity must be low, normal or high'}
    fields = {'title': body['title'], 'severity': severity, 'status': 'open'}
    return 201, store.add('tickets', fields)
    """
)
_MOVE_TICKET = _TICKET_LOOKUP + code(
    """
    moves = {
        'open': ('in_progress',),
        'in_progress': ('open', 'resolved'),
        'resolved': ('in_progress', 'closed'),
        'closed': (),
    }
    status = body.get('status') if isinstance(body, dict) else None
    if not isinstance(status, str) or status not in moves:
        return 400, {'error': 'status must be open, in_progress, resolved or closed'}
    if status not in moves[ticket['status']]:
        return 409, {'error': f"cannot move a ticket from {ticket['status']} to {status}"}
    return 200, store.update('tickets', ticket['id'], {'status': status})
    """
)
_LIST_TICKETS = code(
    """
    tickets = store.records('tickets')
    if 'status' in params:
        if params['status'] not in ('open', 'in_progress', 'resolved', 'closed'):
            return 400, {'error': 'status must be open, in_progress, resolved or closed'}
        tickets = [ticket for ticket in tickets if ticket['status'] == params['status']]
    rank = {'high': 0, 'normal': 1, 'low': 2}
    return 200, sorted(tickets, key=lambda ticket: rank[ticket['severity']])
    """
)
_TICKET_COUNTS = code(
    """
    counts = {'open': 0, 'in_progress': 0, 'resolved': 0, 'closed': 0}
    for ticket in store.records('tickets'):
        counts[ticket['status']] += 1
    return 200, counts
    """
)

TICKETS: tuple[FunctionTemplate, ...] = (
    F(
        "create_ticket",
        "tickets",
        HANDLER,
        "opens a ticket from a JSON body with a `title` (a non-empty string) and an optional "
        '`severity` ("low", "normal" or "high"; default "normal"), and answers 201 with the '
        'ticket: its `id` (counting from 1), `title`, `severity` and `status` ("open"). It '
        'answers 400 with {"error": "title is required"} without a title and with '
        '{"error": "severity must be low, normal or high"} for any other severity, "High" '
        "included",
        _CREATE_TICKET,
        (
            scenario(
                expect(new_ticket("login broken"), 201, ticket(1, "login broken")),
                expect(new_ticket("typo", "low"), 201, ticket(2, "typo", "low")),
                expect(new_ticket("data loss", "urgent"), 400, _SEVERITY),
                expect(call("POST", "/tickets", {"severity": "high"}), 400, TITLE_REQUIRED),
                expect(new_ticket("data loss", "high"), 201, ticket(3, "data loss", "high")),
            ),
        ),
        defect=Defect(
            TITLE_CHECK
            + code(
                """
                fields = {
                    'title': body['title'],
                    'severity': body.get('severity', 'normal'),
                    'status': 'open',
                }
                return 201, store.add('tickets', fields)
                """
            ),
            'a severity that is not one of the three, such as "urgent" or "High"',
            "the ticket is opened with it (201); it should be a 400 with "
            '{"error": "severity must be low, normal or high"}',
            (
                scenario(
                    expect(new_ticket("data loss", "urgent"), 400, _SEVERITY),
                    expect(new_ticket("data loss", "High"), 400, _SEVERITY),
                    expect(new_ticket("data loss", "high"), 201, ticket(1, "data loss", "high")),
                ),
            ),
        ),
        route="POST /tickets",
    ),
    F(
        "get_ticket",
        "tickets",
        HANDLER,
        "answers 200 with the ticket whose id is in the path, or 404 with "
        '{"error": "ticket not found"} when there is none',
        _TICKET_LOOKUP + "    return 200, ticket",
        (
            scenario(
                new_ticket("login broken"),
                new_ticket("typo", "low"),
                expect(call("GET", "/tickets/2"), 200, ticket(2, "typo", "low")),
                expect(call("GET", "/tickets/3"), 404, _TICKET_MISSING),
            ),
        ),
        route="GET /tickets/{id}",
        requires=("create_ticket",),
    ),
    F(
        "move_ticket",
        "tickets",
        HANDLER,
        "moves the ticket whose id is in the path to the JSON body's `status` and answers "
        "200 with the ticket. The moves allowed are open to in_progress, in_progress to "
        "resolved or back to open, and resolved to closed or back to in_progress; closed is "
        "final. Any other move, to the status the ticket already has included, answers 409 "
        'with {"error": "cannot move a ticket from A to B"}, A being its status and B the one '
        'asked for (such as {"error": "cannot move a ticket from open to closed"}); a status '
        'that is not one of the four is a 400 with {"error": "status must be open, '
        'in_progress, resolved or closed"}; 404 with {"error": "ticket not found"} for an '
        "unknown id",
        _MOVE_TICKET,
        (
            scenario(
                new_ticket("login broken"),
                new_ticket("typo", "low"),
                expect(
                    move(1, "in_progress"), 200, ticket(1, "login broken", status="in_progress")
                ),
                expect(move(1, "resolved"), 200, ticket(1, "login broken", status="resolved")),
                expect(
                    move(1, "in_progress"), 200, ticket(1, "login broken", status="in_progress")
                ),
                expect(move(1, "open"), 200, ticket(1, "login broken")),
                expect(move(2, "resolved"), 409, _no_move("open", "resolved")),
                expect(move(2, "open"), 409, _no_move("open", "open")),
                expect(move(2, "done"), 400, _STATUS),
                expect(move(5, "in_progress"), 404, _TICKET_MISSING),
                move(2, "in_progress"),
                move(2, "resolved"),
                expect(move(2, "closed"), 200, ticket(2, "typo", "low", "closed")),
                expect(move(2, "open"), 409, _no_move("closed", "open")),
            ),
        ),
        defect=Defect(
            _MOVE_TICKET.replace(
                "    if status not in moves[ticket['status']]:\n"
                "        return 409, {'error': f\"cannot move a ticket from {ticket['status']} to {status}\"}\n",
                "",
            ),
            "a move that skips a step, such as an open ticket straight to closed",
            "the ticket is closed (200); it should be a 409 with "
            '{"error": "cannot move a ticket from open to closed"}',
            (
                scenario(
                    new_ticket("login broken"),
                    expect(move(1, "closed"), 409, _no_move("open", "closed")),
                    expect(
                        move(1, "in_progress"), 200, ticket(1, "login broken", status="in_progress")
                    ),
                ),
            ),
        ),
        route="POST /tickets/{id}/status",
        requires=("create_ticket",),
    ),
    F(
        "list_tickets",
        "tickets",
        HANDLER,
        "answers 200 with the tickets, the most severe first (high, then normal, then low), "
        "tickets of the same severity in id order; with the query parameter `status` "
        "(`GET /tickets?status=open`) only the tickets in that status, and a status that is "
        'not one of the four is a 400 with {"error": "status must be open, in_progress, '
        'resolved or closed"}',
        _LIST_TICKETS,
        (
            scenario(
                expect(call("GET", "/tickets"), 200, []),
                new_ticket("typo", "low"),
                new_ticket("login broken"),
                new_ticket("data loss", "high"),
                new_ticket("slow page"),
                move(2, "in_progress"),
                expect(
                    call("GET", "/tickets"),
                    200,
                    [
                        ticket(3, "data loss", "high"),
                        ticket(2, "login broken", status="in_progress"),
                        ticket(4, "slow page"),
                        ticket(1, "typo", "low"),
                    ],
                ),
                expect(
                    call("GET", "/tickets?status=open"),
                    200,
                    [
                        ticket(3, "data loss", "high"),
                        ticket(4, "slow page"),
                        ticket(1, "typo", "low"),
                    ],
                ),
                expect(call("GET", "/tickets?status=closed"), 200, []),
                expect(call("GET", "/tickets?status=new"), 400, _STATUS),
            ),
        ),
        defect=Defect(
            _LIST_TICKETS.replace("rank[ticket['severity']]", "ticket['severity']"),
            "a low ticket beside a normal one",
            "the low ticket comes first (the severities are sorted by their names); normal "
            "must come before low",
            (
                scenario(
                    new_ticket("typo", "low"),
                    new_ticket("login broken"),
                    expect(
                        call("GET", "/tickets"),
                        200,
                        [ticket(2, "login broken"), ticket(1, "typo", "low")],
                    ),
                ),
            ),
        ),
        route="GET /tickets",
        requires=("create_ticket", "move_ticket"),
    ),
    F(
        "ticket_counts",
        "tickets",
        HANDLER,
        "answers 200 with how many tickets are in each status, as "
        '{"open": o, "in_progress": i, "resolved": r, "closed": c}, every status there even '
        "when its count is 0",
        _TICKET_COUNTS,
        (
            scenario(
                expect(
                    call("GET", "/tickets/counts"),
                    200,
                    {"open": 0, "in_progress": 0, "resolved": 0, "closed": 0},
                ),
                new_ticket("typo", "low"),
                new_ticket("login broken"),
                new_ticket("data loss", "high"),
                move(2, "in_progress"),
                move(3, "in_progress"),
                move(3, "resolved"),
                expect(
                    call("GET", "/tickets/counts"),
                    200,
                    {"open": 1, "in_progress": 1, "resolved": 1, "closed": 0},
                ),
            ),
        ),
        defect=Defect(
            code(
                """
                counts = {}
                for ticket in store.records('tickets'):
                    counts[ticket['status']] = counts.get(ticket['status'], 0) + 1
                return 200, counts
                """
            ),
            "a status no ticket is in, such as when every ticket is open",
            'that status is left out of the answer ({"open": 2}); every status must be there, '
            "with 0",
            (
                scenario(
                    new_ticket("typo", "low"),
                    new_ticket("login broken"),
                    expect(
                        call("GET", "/tickets/counts"),
                        200,
                        {"open": 2, "in_progress": 0, "resolved": 0, "closed": 0},
                    ),
                ),
            ),
        ),
        change=Change(
            "GET /tickets/counts takes an optional query parameter `severity` "
            "(`GET /tickets/counts?severity=high`): then it counts only the tickets of that "
            'severity; a severity that is not low, normal or high is a 400 with {"error": '
            '"severity must be low, normal or high"}',
            code(
                """
                severity = params.get('severity')
                if severity is not None and severity not in ('low', 'normal', 'high'):
                    return 400, {'error': 'severity must be low, normal or high'}
                counts = {'open': 0, 'in_progress': 0, 'resolved': 0, 'closed': 0}
                for ticket in store.records('tickets'):
                    if severity is None or ticket['severity'] == severity:
                        counts[ticket['status']] += 1
                return 200, counts
                """
            ),
            (
                scenario(
                    new_ticket("typo", "low"),
                    new_ticket("login broken", "high"),
                    new_ticket("data loss", "high"),
                    move(2, "in_progress"),
                    expect(
                        call("GET", "/tickets/counts?severity=high"),
                        200,
                        {"open": 1, "in_progress": 1, "resolved": 0, "closed": 0},
                    ),
                    expect(
                        call("GET", "/tickets/counts?severity=normal"),
                        200,
                        {"open": 0, "in_progress": 0, "resolved": 0, "closed": 0},
                    ),
                    expect(call("GET", "/tickets/counts?severity=urgent"), 400, _SEVERITY),
                    expect(
                        call("GET", "/tickets/counts"),
                        200,
                        {"open": 2, "in_progress": 1, "resolved": 0, "closed": 0},
                    ),
                ),
            ),
        ),
        route="GET /tickets/counts",
        requires=("create_ticket", "move_ticket"),
    ),
)

# ---- polls and their votes ----


def poll(i: int, question: str, options: list[str], is_open: bool = True) -> dict[str, object]:
    """A poll as the service answers it."""
    return {"id": i, "question": question, "options": options, "open": is_open}


def a_vote(i: int, poll_id: int, voter: str, option: str) -> dict[str, object]:
    """A vote as the service answers it."""
    return {"id": i, "poll_id": poll_id, "voter": voter, "option": option}


def new_poll(question: str, options: object) -> str:
    """POST /polls."""
    return call("POST", "/polls", {"question": question, "options": options})


def vote(poll_id: int, voter: str, option: str) -> str:
    """POST /polls/<id>/votes."""
    return call("POST", f"/polls/{poll_id}/votes", {"voter": voter, "option": option})


def results(poll_id: int, counts: list[tuple[str, int]], winner: str | None) -> dict[str, object]:
    """The answer of GET /polls/<id>/results."""
    return {
        "poll_id": poll_id,
        "total": sum(n for _, n in counts),
        "results": [{"option": o, "votes": n} for o, n in counts],
        "winner": winner,
    }


_DRINKS = ["tea", "coffee", "water"]
_YES_NO = ["yes", "no"]
_POLL_LOOKUP = lookup("polls", "poll", "poll")
_POLL_MISSING = {"error": "poll not found"}
_OPTIONS = {"error": "options must be a list of 2 or more different strings"}
_ALREADY_VOTED = {"error": "already voted"}
_POLL_CLOSED = {"error": "poll is closed"}

_CREATE_POLL = DATA + code(
    """
    question = data.get('question')
    if not isinstance(question, str) or not question.strip():
        return 400, {'error': 'question is required'}
    options = data.get('options')
    if (
        not isinstance(options, list)
        or len(options) < 2
        or not all(isinstance(option, str) and option.strip() for option in options)
        or len(set(options)) != len(options)
    ):
        return 400, {'error': 'options must be a list of 2 or more different strings'}
    return 201, store.add('polls', {'question': question, 'options': options, 'open': True})
    """
)
_VOTE = (
    _POLL_LOOKUP
    + code(
        """
        if not poll['open']:
            return 409, {'error': 'poll is closed'}
        """
    )
    + "\n"
    + DATA
    + code(
        """
        voter = data.get('voter')
        if not isinstance(voter, str) or not voter.strip():
            return 400, {'error': 'voter is required'}
        option = data.get('option')
        if option not in poll['options']:
            return 400, {'error': 'option is not on the poll'}
        for other in store.records('votes'):
            if other['poll_id'] == poll['id'] and other['voter'] == voter:
                return 409, {'error': 'already voted'}
        return 201, store.add('votes', {'poll_id': poll['id'], 'voter': voter, 'option': option})
        """
    )
)
_RESULTS = _POLL_LOOKUP + code(
    """
    votes = [vote for vote in store.records('votes') if vote['poll_id'] == poll['id']]
    counted = [
        {'option': option, 'votes': sum(1 for vote in votes if vote['option'] == option)}
        for option in poll['options']
    ]
    winner, best = None, 0
    for result in counted:
        if result['votes'] > best:
            winner, best = result['option'], result['votes']
    return 200, {'poll_id': poll['id'], 'total': len(votes), 'results': counted, 'winner': winner}
    """
)

POLLS: tuple[FunctionTemplate, ...] = (
    F(
        "create_poll",
        "polls",
        HANDLER,
        "creates a poll from a JSON body with a `question` (a non-empty string) and "
        "`options` (a list of 2 or more non-empty strings, no two the same), and answers 201 "
        "with the poll: its `id` (counting from 1), `question`, `options` as given and "
        '`open` (true). It answers 400 with {"error": "question is required"} or '
        '{"error": "options must be a list of 2 or more different strings"} when one is wrong',
        _CREATE_POLL,
        (
            scenario(
                expect(new_poll("Lunch drink?", _DRINKS), 201, poll(1, "Lunch drink?", _DRINKS)),
                expect(new_poll("Ship it?", ["yes"]), 400, _OPTIONS),
                expect(new_poll("Ship it?", "yes, no"), 400, _OPTIONS),
                expect(new_poll("Ship it?", ["yes", ""]), 400, _OPTIONS),
                expect(new_poll("Ship it?", ["yes", 2]), 400, _OPTIONS),
                expect(
                    call("POST", "/polls", {"options": _YES_NO}),
                    400,
                    {"error": "question is required"},
                ),
                expect(new_poll("Ship it?", _YES_NO), 201, poll(2, "Ship it?", _YES_NO)),
            ),
        ),
        defect=Defect(
            _CREATE_POLL.replace("        or len(set(options)) != len(options)\n", ""),
            'the same option twice, such as ["yes", "yes"] or ["yes", "no", "yes"]',
            "the poll is created with it (201); it should be a 400 with "
            '{"error": "options must be a list of 2 or more different strings"}',
            (
                scenario(
                    expect(new_poll("Ship it?", ["yes", "yes"]), 400, _OPTIONS),
                    expect(new_poll("Ship it?", ["yes", "no", "yes"]), 400, _OPTIONS),
                    expect(new_poll("Ship it?", _YES_NO), 201, poll(1, "Ship it?", _YES_NO)),
                ),
            ),
        ),
        route="POST /polls",
    ),
    F(
        "vote_poll",
        "polls",
        HANDLER,
        "records a vote on the poll whose id is in the path from a JSON body with a `voter` "
        "(a non-empty string) and an `option` (one of the poll's options, exactly as written "
        "there), and answers 201 with the vote: its own `id` (counting from 1 across all "
        "polls), `poll_id`, `voter` and `option`. Each voter votes once per poll: a second "
        'vote by the same voter on the same poll is a 409 with {"error": "already voted"}, '
        'while a vote on another poll is fine. It answers 404 with {"error": "poll not '
        'found"} for an unknown poll, 400 with {"error": "voter is required"} or '
        '{"error": "option is not on the poll"}, and 409 with {"error": "poll is closed"} '
        "when the poll's `open` is false",
        _VOTE,
        (
            scenario(
                new_poll("Lunch drink?", _DRINKS),
                new_poll("Ship it?", _YES_NO),
                expect(vote(1, "ann", "tea"), 201, a_vote(1, 1, "ann", "tea")),
                expect(vote(1, "bob", "tea"), 201, a_vote(2, 1, "bob", "tea")),
                expect(vote(1, "ann", "coffee"), 409, _ALREADY_VOTED),
                expect(vote(1, "cy", "Tea"), 400, {"error": "option is not on the poll"}),
                expect(vote(1, "cy", "yes"), 400, {"error": "option is not on the poll"}),
                expect(
                    call("POST", "/polls/1/votes", {"option": "tea"}),
                    400,
                    {"error": "voter is required"},
                ),
                expect(vote(3, "cy", "tea"), 404, _POLL_MISSING),
                expect(vote(2, "ann", "no"), 201, a_vote(3, 2, "ann", "no")),
            ),
        ),
        defect=Defect(
            _VOTE.replace("other['poll_id'] == poll['id'] and ", ""),
            "a voter who has voted on another poll, such as ann voting on poll 2 after "
            "voting on poll 1",
            'it answers 409 with {"error": "already voted"}; each poll counts its own votes',
            (
                scenario(
                    new_poll("Lunch drink?", _DRINKS),
                    new_poll("Ship it?", _YES_NO),
                    vote(1, "ann", "tea"),
                    expect(vote(2, "ann", "yes"), 201, a_vote(2, 2, "ann", "yes")),
                    expect(vote(2, "ann", "no"), 409, _ALREADY_VOTED),
                ),
            ),
        ),
        route="POST /polls/{id}/votes",
        requires=("create_poll",),
    ),
    F(
        "poll_results",
        "polls",
        HANDLER,
        "answers 200 with the count of the poll whose id is in the path: "
        '{"poll_id": id, "total": n, "results": [...], "winner": w}, where `results` holds '
        '{"option": o, "votes": v} for every option in the poll\'s order (0 votes '
        "included), `total` is the number of votes and `winner` the option with the most "
        "votes, the one listed first in the poll when several tie, and null while there are "
        'no votes; 404 with {"error": "poll not found"} for an unknown poll',
        _RESULTS,
        (
            scenario(
                new_poll("Lunch drink?", _DRINKS),
                expect(
                    call("GET", "/polls/1/results"),
                    200,
                    results(1, [("tea", 0), ("coffee", 0), ("water", 0)], None),
                ),
                vote(1, "ann", "coffee"),
                vote(1, "bob", "water"),
                vote(1, "cy", "water"),
                expect(
                    call("GET", "/polls/1/results"),
                    200,
                    results(1, [("tea", 0), ("coffee", 1), ("water", 2)], "water"),
                ),
                expect(call("GET", "/polls/2/results"), 404, _POLL_MISSING),
            ),
        ),
        defect=Defect(
            _RESULTS.replace("result['votes'] > best", "result['votes'] >= best"),
            'options that tie for the most votes, such as one vote each for "tea" and '
            '"coffee" on a poll listing tea first',
            'the winner is the one listed last ("coffee"); it should be the one listed first '
            '("tea")',
            (
                scenario(
                    new_poll("Lunch drink?", _DRINKS),
                    vote(1, "ann", "coffee"),
                    vote(1, "bob", "tea"),
                    expect(
                        call("GET", "/polls/1/results"),
                        200,
                        results(1, [("tea", 1), ("coffee", 1), ("water", 0)], "tea"),
                    ),
                ),
            ),
        ),
        route="GET /polls/{id}/results",
        requires=("create_poll", "vote_poll"),
    ),
    F(
        "close_poll",
        "polls",
        HANDLER,
        "closes the poll whose id is in the path (its `open` becomes false) and answers 200 "
        "with the poll, also when it was closed already; from then on a vote on it is a 409 "
        'with {"error": "poll is closed"}; 404 with {"error": "poll not found"} for an '
        "unknown poll",
        _POLL_LOOKUP + "    return 200, store.update('polls', poll['id'], {'open': False})",
        (
            scenario(
                new_poll("Ship it?", _YES_NO),
                vote(1, "ann", "yes"),
                expect(call("POST", "/polls/1/close"), 200, poll(1, "Ship it?", _YES_NO, False)),
                expect(vote(1, "bob", "no"), 409, _POLL_CLOSED),
                expect(call("POST", "/polls/1/close"), 200, poll(1, "Ship it?", _YES_NO, False)),
                expect(call("POST", "/polls/2/close"), 404, _POLL_MISSING),
            ),
        ),
        change=Change(
            "POST /polls/<id>/close refuses a poll that is closed already: it answers 409 with "
            '{"error": "poll is closed"} (the first close still answers 200 with the poll)',
            _POLL_LOOKUP
            + code(
                """
                if not poll['open']:
                    return 409, {'error': 'poll is closed'}
                return 200, store.update('polls', poll['id'], {'open': False})
                """
            ),
            (
                scenario(
                    new_poll("Ship it?", _YES_NO),
                    expect(
                        call("POST", "/polls/1/close"), 200, poll(1, "Ship it?", _YES_NO, False)
                    ),
                    expect(call("POST", "/polls/1/close"), 409, _POLL_CLOSED),
                    expect(call("POST", "/polls/2/close"), 404, _POLL_MISSING),
                ),
            ),
        ),
        route="POST /polls/{id}/close",
        requires=("create_poll", "vote_poll"),
    ),
)

# ---- recipes and their ingredients ----


def recipe(
    i: int, name: str, servings: int, ingredients: list[dict[str, object]] | None = None
) -> dict[str, object]:
    """A recipe as the service answers it."""
    return {"id": i, "name": name, "servings": servings, "ingredients": ingredients or []}


def grams(name: str, amount: int) -> dict[str, object]:
    """An ingredient of a recipe."""
    return {"name": name, "grams": amount}


def new_recipe(name: str, servings: object) -> str:
    """POST /recipes."""
    return call("POST", "/recipes", {"name": name, "servings": servings})


def new_ingredient(recipe_id: int, name: str, amount: object) -> str:
    """POST /recipes/<id>/ingredients."""
    return call("POST", f"/recipes/{recipe_id}/ingredients", {"name": name, "grams": amount})


_RECIPE_LOOKUP = lookup("recipes", "recipe", "recipe")
_RECIPE_MISSING = {"error": "recipe not found"}
_SERVINGS = {"error": "servings must be a whole number, 1 or more"}
_GRAMS = {"error": "grams must be a whole number, 1 or more"}
_INGREDIENT_REQUIRED = {"error": "ingredient is required"}

_ADD_INGREDIENT = (
    _RECIPE_LOOKUP
    + DATA
    + code(
        """
        name = data.get('name')
        if not isinstance(name, str) or not name.strip():
            return 400, {'error': 'name is required'}
        amount = data.get('grams')
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            return 400, {'error': 'grams must be a whole number, 1 or more'}
        name = name.lower()
        ingredients = [dict(entry) for entry in recipe['ingredients']]
        for entry in ingredients:
            if entry['name'] == name:
                entry['grams'] += amount
                break
        else:
            ingredients.append({'name': name, 'grams': amount})
        return 200, store.update('recipes', recipe['id'], {'ingredients': ingredients})
        """
    )
)
_SCALE = _RECIPE_LOOKUP + code(
    """
    text = params.get('servings', '')
    if not text.isdigit() or int(text) < 1:
        return 400, {'error': 'servings must be a whole number, 1 or more'}
    servings = int(text)
    ingredients = [
        {'name': entry['name'], 'grams': round(entry['grams'] * servings / recipe['servings'])}
        for entry in recipe['ingredients']
    ]
    return 200, dict(recipe, servings=servings, ingredients=ingredients)
    """
)
_RECIPES_WITH = code(
    """
    wanted = params.get('ingredient', '').lower()
    if not wanted:
        return 400, {'error': 'ingredient is required'}
    return 200, [
        recipe for recipe in store.records('recipes')
        if any(entry['name'] == wanted for entry in recipe['ingredients'])
    ]
    """
)

RECIPES: tuple[FunctionTemplate, ...] = (
    F(
        "create_recipe",
        "recipes",
        HANDLER,
        "adds a recipe from a JSON body with a `name` (a non-empty string) and `servings` "
        '(a whole number, 1 or more; a number written as text, such as "2", is not one), and '
        "answers 201 with the recipe: its `id` (counting "
        "from 1), `name`, `servings` and `ingredients` (an empty list). It answers 400 with "
        '{"error": "name is required"} or {"error": "servings must be a whole number, 1 or '
        'more"} when one is wrong',
        DATA
        + code(
            """
            name = data.get('name')
            if not isinstance(name, str) or not name.strip():
                return 400, {'error': 'name is required'}
            servings = data.get('servings')
            if isinstance(servings, bool) or not isinstance(servings, int) or servings < 1:
                return 400, {'error': 'servings must be a whole number, 1 or more'}
            fields = {'name': name, 'servings': servings, 'ingredients': []}
            return 201, store.add('recipes', fields)
            """
        ),
        (
            scenario(
                expect(new_recipe("pancakes", 4), 201, recipe(1, "pancakes", 4)),
                expect(new_recipe("omelette", 0), 400, _SERVINGS),
                expect(new_recipe("omelette", "2"), 400, _SERVINGS),
                expect(new_recipe("omelette", 1.5), 400, _SERVINGS),
                expect(call("POST", "/recipes", {"servings": 2}), 400, _NAME_REQUIRED),
                expect(new_recipe("omelette", 1), 201, recipe(2, "omelette", 1)),
            ),
        ),
        route="POST /recipes",
    ),
    F(
        "get_recipe",
        "recipes",
        HANDLER,
        "answers 200 with the recipe whose id is in the path, or 404 with "
        '{"error": "recipe not found"} when there is none',
        _RECIPE_LOOKUP + "    return 200, recipe",
        (
            scenario(
                new_recipe("pancakes", 4),
                new_recipe("omelette", 1),
                expect(call("GET", "/recipes/2"), 200, recipe(2, "omelette", 1)),
                expect(call("GET", "/recipes/8"), 404, _RECIPE_MISSING),
            ),
        ),
        route="GET /recipes/{id}",
        requires=("create_recipe",),
    ),
    F(
        "add_ingredient",
        "recipes",
        HANDLER,
        "adds an ingredient to the recipe whose id is in the path from a JSON body with a "
        "`name` (a non-empty string, saved in lower case) and `grams` (a whole number, 1 or "
        'more), and answers 200 with the recipe, its `ingredients` a list of {"name": n, '
        '"grams": g} in the order first added. An ingredient the recipe has already (the '
        "same name ignoring case) gets the grams added to its own instead of a second entry. "
        'It answers 404 with {"error": "recipe not found"} for an unknown recipe and 400 with '
        '{"error": "name is required"} or {"error": "grams must be a whole number, 1 or '
        'more"} when one is wrong',
        _ADD_INGREDIENT,
        (
            scenario(
                new_recipe("pancakes", 4),
                expect(
                    new_ingredient(1, "Flour", 200),
                    200,
                    recipe(1, "pancakes", 4, [grams("flour", 200)]),
                ),
                expect(
                    new_ingredient(1, "milk", 300),
                    200,
                    recipe(1, "pancakes", 4, [grams("flour", 200), grams("milk", 300)]),
                ),
                expect(
                    new_ingredient(1, "flour", 50),
                    200,
                    recipe(1, "pancakes", 4, [grams("flour", 250), grams("milk", 300)]),
                ),
                expect(new_ingredient(1, "egg", 0), 400, _GRAMS),
                expect(new_ingredient(1, "", 10), 400, _NAME_REQUIRED),
                expect(new_ingredient(2, "egg", 50), 404, _RECIPE_MISSING),
            ),
        ),
        defect=Defect(
            _RECIPE_LOOKUP
            + DATA
            + code(
                """
                name = data.get('name')
                if not isinstance(name, str) or not name.strip():
                    return 400, {'error': 'name is required'}
                amount = data.get('grams')
                if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
                    return 400, {'error': 'grams must be a whole number, 1 or more'}
                ingredients = recipe['ingredients'] + [{'name': name.lower(), 'grams': amount}]
                return 200, store.update('recipes', recipe['id'], {'ingredients': ingredients})
                """
            ),
            'an ingredient the recipe has already, such as 100 g of "Flour" after 200 g of "flour"',
            "flour is listed a second time; it should be one entry of 300 g",
            (
                scenario(
                    new_recipe("pancakes", 4),
                    new_ingredient(1, "flour", 200),
                    expect(
                        new_ingredient(1, "Flour", 100),
                        200,
                        recipe(1, "pancakes", 4, [grams("flour", 300)]),
                    ),
                ),
            ),
        ),
        route="POST /recipes/{id}/ingredients",
        requires=("create_recipe",),
    ),
    F(
        "scale_recipe",
        "recipes",
        HANDLER,
        "answers 200 with the recipe whose id is in the path as it would be for the number "
        "of servings given as the query parameter `servings` (`GET /recipes/1/scaled?"
        "servings=6`): that `servings`, and each ingredient's grams multiplied by the new "
        "servings and divided by the recipe's own, rounded to the nearest whole gram. The "
        "stored recipe does not change. A `servings` that is missing or not a whole number, "
        '1 or more, is a 400 with {"error": "servings must be a whole number, 1 or more"}; '
        '404 with {"error": "recipe not found"} for an unknown recipe',
        _SCALE,
        (
            scenario(
                new_recipe("pancakes", 4),
                new_ingredient(1, "flour", 500),
                new_ingredient(1, "sugar", 90),
                expect(
                    call("GET", "/recipes/1/scaled?servings=6"),
                    200,
                    recipe(1, "pancakes", 6, [grams("flour", 750), grams("sugar", 135)]),
                ),
                expect(
                    call("GET", "/recipes/1/scaled?servings=2"),
                    200,
                    recipe(1, "pancakes", 2, [grams("flour", 250), grams("sugar", 45)]),
                ),
                expect(call("GET", "/recipes/1/scaled?servings=0"), 400, _SERVINGS),
                expect(call("GET", "/recipes/1/scaled"), 400, _SERVINGS),
                expect(call("GET", "/recipes/3/scaled?servings=2"), 404, _RECIPE_MISSING),
                expect(
                    call("GET", "/recipes/1"),
                    200,
                    recipe(1, "pancakes", 4, [grams("flour", 500), grams("sugar", 90)]),
                ),
            ),
        ),
        defect=Defect(
            _SCALE.replace(
                "round(entry['grams'] * servings / recipe['servings'])",
                "entry['grams'] * servings // recipe['servings']",
            ),
            "grams that do not divide evenly, such as 100 g for 3 servings scaled to 2",
            "the grams are rounded down (66); they should be rounded to the nearest gram (67)",
            (
                scenario(
                    new_recipe("dip", 3),
                    new_ingredient(1, "yoghurt", 100),
                    expect(
                        call("GET", "/recipes/1/scaled?servings=2"),
                        200,
                        recipe(1, "dip", 2, [grams("yoghurt", 67)]),
                    ),
                ),
            ),
        ),
        route="GET /recipes/{id}/scaled",
        requires=("create_recipe", "add_ingredient", "get_recipe"),
    ),
    F(
        "recipes_with",
        "recipes",
        HANDLER,
        "answers 200 with the recipes, in id order, that have an ingredient of the name "
        "given as the query parameter `ingredient`, the whole name compared ignoring case "
        '(`GET /recipes/search?ingredient=egg` does not find "eggplant"); without an '
        '`ingredient` it answers 400 with {"error": "ingredient is required"}',
        _RECIPES_WITH,
        (
            scenario(
                new_recipe("pancakes", 4),
                new_recipe("omelette", 1),
                new_recipe("toast", 2),
                new_ingredient(1, "flour", 200),
                new_ingredient(1, "egg", 100),
                new_ingredient(2, "egg", 120),
                new_ingredient(3, "bread", 80),
                expect(
                    call("GET", "/recipes/search?ingredient=EGG"),
                    200,
                    [
                        recipe(1, "pancakes", 4, [grams("flour", 200), grams("egg", 100)]),
                        recipe(2, "omelette", 1, [grams("egg", 120)]),
                    ],
                ),
                expect(call("GET", "/recipes/search?ingredient=rice"), 200, []),
                expect(call("GET", "/recipes/search"), 400, _INGREDIENT_REQUIRED),
            ),
        ),
        defect=Defect(
            _RECIPES_WITH.replace("entry['name'] == wanted", "wanted in entry['name']"),
            "an ingredient whose name is part of another's, such as ?ingredient=egg beside a "
            'recipe with "eggplant"',
            "the recipe with eggplant is listed too; only the whole name counts",
            (
                scenario(
                    new_recipe("moussaka", 4),
                    new_recipe("omelette", 1),
                    new_ingredient(1, "eggplant", 400),
                    new_ingredient(2, "egg", 120),
                    expect(
                        call("GET", "/recipes/search?ingredient=egg"),
                        200,
                        [recipe(2, "omelette", 1, [grams("egg", 120)])],
                    ),
                ),
            ),
        ),
        change=Change(
            "GET /recipes/search takes several ingredients separated by commas "
            "(`GET /recipes/search?ingredient=egg,flour`) and lists the recipes that have "
            "every one of them, in id order; a single name works as before",
            code(
                """
                text = params.get('ingredient', '').lower()
                wanted = [name.strip() for name in text.split(',') if name.strip()]
                if not wanted:
                    return 400, {'error': 'ingredient is required'}
                return 200, [
                    recipe for recipe in store.records('recipes')
                    if all(any(entry['name'] == name for entry in recipe['ingredients'])
                           for name in wanted)
                ]
                """
            ),
            (
                scenario(
                    new_recipe("pancakes", 4),
                    new_recipe("omelette", 1),
                    new_ingredient(1, "flour", 200),
                    new_ingredient(1, "egg", 100),
                    new_ingredient(2, "egg", 120),
                    expect(
                        call("GET", "/recipes/search?ingredient=egg,Flour"),
                        200,
                        [recipe(1, "pancakes", 4, [grams("flour", 200), grams("egg", 100)])],
                    ),
                    expect(
                        call("GET", "/recipes/search?ingredient=egg"),
                        200,
                        [
                            recipe(1, "pancakes", 4, [grams("flour", 200), grams("egg", 100)]),
                            recipe(2, "omelette", 1, [grams("egg", 120)]),
                        ],
                    ),
                    expect(call("GET", "/recipes/search"), 400, _INGREDIENT_REQUIRED),
                ),
            ),
        ),
        route="GET /recipes/search",
        requires=("create_recipe", "add_ingredient"),
    ),
)

# ---- rooms and their bookings ----


def room(i: int, name: str, capacity: int) -> dict[str, object]:
    """A room as the service answers it."""
    return {"id": i, "name": name, "capacity": capacity}


def booking(i: int, room_id: int, day: str, start: int, end: int) -> dict[str, object]:
    """A booking as the service answers it."""
    return {"id": i, "room_id": room_id, "day": day, "start": start, "end": end}


def new_room(name: str, capacity: object) -> str:
    """POST /rooms."""
    return call("POST", "/rooms", {"name": name, "capacity": capacity})


def book(room_id: int, day: str, start: object, end: object) -> str:
    """POST /rooms/<id>/bookings."""
    return call("POST", f"/rooms/{room_id}/bookings", {"day": day, "start": start, "end": end})


_MAY1, _MAY2 = "2024-05-01", "2024-05-02"
_ROOM_LOOKUP = lookup("rooms", "room", "room")
_ROOM_MISSING = {"error": "room not found"}
_CAPACITY = {"error": "capacity must be a whole number, 1 or more"}
_DAY = {"error": "day must be written YYYY-MM-DD"}
_HOURS = {"error": "start and end must be whole hours from 0 to 24, start before end"}
_BOOKED = {"error": "room is already booked then"}

_CREATE_ROOM = DATA + code(
    """
    name = data.get('name')
    if not isinstance(name, str) or not name.strip():
        return 400, {'error': 'name is required'}
    capacity = data.get('capacity')
    if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
        return 400, {'error': 'capacity must be a whole number, 1 or more'}
    return 201, store.add('rooms', {'name': name, 'capacity': capacity})
    """
)
_BOOK_ROOM = _dated(
    _ROOM_LOOKUP
    + "    import re\n\n"
    + DATA
    + code(
        """
        day = data.get('day')
        if not isinstance(day, str) or re.fullmatch(DATE_PATTERN, day) is None:
            return 400, {'error': 'day must be written YYYY-MM-DD'}
        start, end = data.get('start'), data.get('end')
        hours = [h for h in (start, end) if isinstance(h, int) and not isinstance(h, bool)]
        if len(hours) != 2 or not 0 <= start < end <= 24:
            return 400, {'error': 'start and end must be whole hours from 0 to 24, start before end'}
        for other in store.records('bookings'):
            if other['room_id'] == room['id'] and other['day'] == day:
                if start < other['end'] and other['start'] < end:
                    return 409, {'error': 'room is already booked then'}
        fields = {'room_id': room['id'], 'day': day, 'start': start, 'end': end}
        return 201, store.add('bookings', fields)
        """
    )
)
_ROOM_BOOKINGS = _ROOM_LOOKUP + code(
    """
    found = [b for b in store.records('bookings') if b['room_id'] == room['id']]
    if 'day' in params:
        found = [b for b in found if b['day'] == params['day']]
    return 200, sorted(found, key=lambda b: (b['day'], b['start']))
    """
)
_FREE_ROOMS = _dated(
    code(
        """
        import re

        day = params.get('day', '')
        if re.fullmatch(DATE_PATTERN, day) is None:
            return 400, {'error': 'day must be written YYYY-MM-DD'}
        start, end = params.get('start', ''), params.get('end', '')
        if not start.isdigit() or not end.isdigit() or not 0 <= int(start) < int(end) <= 24:
            return 400, {'error': 'start and end must be whole hours from 0 to 24, start before end'}
        start, end = int(start), int(end)
        busy = {
            b['room_id'] for b in store.records('bookings')
            if b['day'] == day and b['start'] < end and start < b['end']
        }
        return 200, [room for room in store.records('rooms') if room['id'] not in busy]
        """
    )
)
_CANCEL_BOOKING = code(
    """
    found = store.find('bookings', params['id'])
    if found is None:
        return 404, {'error': 'booking not found'}
    store.remove('bookings', found['id'])
    return 204, None
    """
)

ROOMS: tuple[FunctionTemplate, ...] = (
    F(
        "create_room",
        "rooms",
        HANDLER,
        "adds a meeting room from a JSON body with a `name` (a non-empty string) and a "
        '`capacity` (a whole number of people, 1 or more; text such as "8" is not one), and '
        "answers 201 with the room: "
        "its `id` (counting from 1), `name` and `capacity`. It answers 400 with "
        '{"error": "name is required"} or {"error": "capacity must be a whole number, 1 or '
        'more"} when one is wrong',
        _CREATE_ROOM,
        (
            scenario(
                expect(new_room("Oak", 8), 201, room(1, "Oak", 8)),
                expect(new_room("Pine", -2), 400, _CAPACITY),
                expect(new_room("Pine", "8"), 400, _CAPACITY),
                expect(call("POST", "/rooms", {"capacity": 4}), 400, _NAME_REQUIRED),
                expect(new_room("Pine", 1), 201, room(2, "Pine", 1)),
            ),
        ),
        defect=Defect(
            _CREATE_ROOM.replace("capacity < 1", "capacity < 0"),
            "a capacity of 0",
            "the room is created with it (201); it should be a 400 with "
            '{"error": "capacity must be a whole number, 1 or more"}',
            (
                scenario(
                    expect(new_room("Closet", 0), 400, _CAPACITY),
                    expect(new_room("Oak", 8), 201, room(1, "Oak", 8)),
                ),
            ),
        ),
        route="POST /rooms",
    ),
    F(
        "book_room",
        "rooms",
        HANDLER,
        "books the room whose id is in the path from a JSON body with a `day` (a string "
        "written YYYY-MM-DD: four digits, a dash, two digits, a dash, two digits), a `start` "
        "and an `end` (whole hours from 0 to 24, start before end), and answers 201 with the "
        "booking: its `id` (counting from 1 across all rooms), `room_id`, `day`, `start` and "
        "`end`. A booking that overlaps another booking of the same room on the same day "
        'answers 409 with {"error": "room is already booked then"}; one that ends at the '
        'hour another starts does not overlap it. It answers 404 with {"error": "room not '
        'found"} for an unknown room, and 400 with {"error": "day must be written '
        'YYYY-MM-DD"} or {"error": "start and end must be whole hours from 0 to 24, start '
        'before end"} when one is wrong',
        _BOOK_ROOM,
        (
            scenario(
                new_room("Oak", 8),
                new_room("Pine", 4),
                expect(book(1, _MAY1, 9, 11), 201, booking(1, 1, _MAY1, 9, 11)),
                expect(book(1, _MAY1, 10, 12), 409, _BOOKED),
                expect(book(1, _MAY1, 8, 13), 409, _BOOKED),
                expect(book(2, _MAY1, 10, 12), 201, booking(2, 2, _MAY1, 10, 12)),
                expect(book(1, _MAY2, 10, 12), 201, booking(3, 1, _MAY2, 10, 12)),
                expect(book(1, "1 May", 14, 15), 400, _DAY),
                expect(book(1, _MAY1, 15, 14), 400, _HOURS),
                expect(book(1, _MAY1, 23, 25), 400, _HOURS),
                expect(book(1, _MAY1, 14.5, 15), 400, _HOURS),
                expect(book(3, _MAY1, 14, 15), 404, _ROOM_MISSING),
                expect(book(1, _MAY1, 0, 9), 201, booking(4, 1, _MAY1, 0, 9)),
            ),
        ),
        defect=Defect(
            _BOOK_ROOM.replace(
                "start < other['end'] and other['start'] < end",
                "start <= other['end'] and other['start'] <= end",
            ),
            "a booking that starts at the hour another ends, such as 11 to 12 after 9 to 11",
            'it answers 409 with {"error": "room is already booked then"}; bookings that only '
            "touch do not overlap",
            (
                scenario(
                    new_room("Oak", 8),
                    book(1, _MAY1, 9, 11),
                    expect(book(1, _MAY1, 11, 12), 201, booking(2, 1, _MAY1, 11, 12)),
                    expect(book(1, _MAY1, 7, 9), 201, booking(3, 1, _MAY1, 7, 9)),
                ),
            ),
        ),
        route="POST /rooms/{id}/bookings",
        requires=("create_room",),
    ),
    F(
        "room_bookings",
        "rooms",
        HANDLER,
        "answers 200 with the bookings of the room whose id is in the path, sorted by day, "
        "then by start hour; with the query parameter `day` "
        "(`GET /rooms/1/bookings?day=2024-05-01`) only that day's bookings; 404 with "
        '{"error": "room not found"} for an unknown room',
        _ROOM_BOOKINGS,
        (
            scenario(
                new_room("Oak", 8),
                new_room("Pine", 4),
                expect(call("GET", "/rooms/1/bookings"), 200, []),
                book(1, _MAY1, 14, 15),
                book(2, _MAY1, 9, 10),
                book(1, _MAY1, 9, 10),
                book(1, "2024-04-30", 16, 17),
                expect(
                    call("GET", "/rooms/1/bookings"),
                    200,
                    [
                        booking(4, 1, "2024-04-30", 16, 17),
                        booking(3, 1, _MAY1, 9, 10),
                        booking(1, 1, _MAY1, 14, 15),
                    ],
                ),
                expect(
                    call("GET", f"/rooms/1/bookings?day={_MAY1}"),
                    200,
                    [booking(3, 1, _MAY1, 9, 10), booking(1, 1, _MAY1, 14, 15)],
                ),
                expect(call("GET", "/rooms/3/bookings"), 404, _ROOM_MISSING),
            ),
        ),
        defect=Defect(
            _ROOM_BOOKINGS.replace(
                "key=lambda b: (b['day'], b['start'])", "key=lambda b: b['start']"
            ),
            f"bookings on two days, such as 14 to 15 on {_MAY1} and 9 to 10 on {_MAY2}",
            "the 9 o'clock booking of the later day comes first; the bookings are sorted by "
            "day first, then by hour",
            (
                scenario(
                    new_room("Oak", 8),
                    book(1, _MAY2, 9, 10),
                    book(1, _MAY1, 14, 15),
                    expect(
                        call("GET", "/rooms/1/bookings"),
                        200,
                        [booking(2, 1, _MAY1, 14, 15), booking(1, 1, _MAY2, 9, 10)],
                    ),
                ),
            ),
        ),
        route="GET /rooms/{id}/bookings",
        requires=("create_room", "book_room"),
    ),
    F(
        "cancel_booking",
        "rooms",
        HANDLER,
        "cancels (deletes) the booking whose id is in the path and answers 204 with an empty "
        'body, or 404 with {"error": "booking not found"} when there is no such booking; '
        "the room can be booked for those hours again",
        _CANCEL_BOOKING,
        (
            scenario(
                new_room("Oak", 8),
                book(1, _MAY1, 9, 11),
                expect(call("DELETE", "/bookings/1"), 204, None),
                expect(call("DELETE", "/bookings/1"), 404, {"error": "booking not found"}),
                expect(book(1, _MAY1, 10, 12), 201, booking(2, 1, _MAY1, 10, 12)),
            ),
        ),
        change=Change(
            "DELETE /bookings/<id> answers 200 with the booking it cancelled instead of 204 "
            "with an empty body (an unknown booking is still a 404)",
            _CANCEL_BOOKING.replace("return 204, None", "return 200, found"),
            (
                scenario(
                    new_room("Oak", 8),
                    book(1, _MAY1, 9, 11),
                    expect(call("DELETE", "/bookings/1"), 200, booking(1, 1, _MAY1, 9, 11)),
                    expect(call("DELETE", "/bookings/1"), 404, {"error": "booking not found"}),
                    expect(book(1, _MAY1, 9, 11), 201, booking(2, 1, _MAY1, 9, 11)),
                ),
            ),
        ),
        route="DELETE /bookings/{id}",
        requires=("create_room", "book_room"),
    ),
    F(
        "free_rooms",
        "rooms",
        HANDLER,
        "answers 200 with the rooms, in id order, that are free for the whole time given by "
        "the query parameters `day`, `start` and `end` "
        "(`GET /rooms/free?day=2024-05-01&start=9&end=11`): no booking of the room that day "
        "overlaps it (one that ends at `start` or begins at `end` does not). A missing or "
        'wrong `day` is a 400 with {"error": "day must be written YYYY-MM-DD"}, missing or '
        'wrong hours a 400 with {"error": "start and end must be whole hours from 0 to 24, '
        'start before end"}',
        _FREE_ROOMS,
        (
            scenario(
                new_room("Oak", 8),
                new_room("Pine", 4),
                new_room("Elm", 12),
                book(1, _MAY1, 10, 12),
                book(2, _MAY1, 11, 13),
                book(3, _MAY2, 9, 11),
                expect(
                    call("GET", f"/rooms/free?day={_MAY1}&start=9&end=11"),
                    200,
                    [room(2, "Pine", 4), room(3, "Elm", 12)],
                ),
                expect(
                    call("GET", f"/rooms/free?day={_MAY1}&start=12&end=14"),
                    200,
                    [room(1, "Oak", 8), room(3, "Elm", 12)],
                ),
                expect(call("GET", "/rooms/free?day=May&start=9&end=11"), 400, _DAY),
                expect(call("GET", f"/rooms/free?day={_MAY1}&start=11&end=9"), 400, _HOURS),
                expect(call("GET", f"/rooms/free?day={_MAY1}"), 400, _HOURS),
            ),
        ),
        defect=Defect(
            _FREE_ROOMS.replace(
                "b['start'] < end and start < b['end']", "start <= b['start'] < end"
            ),
            "a booking that began before the time asked about and runs into it, such as a "
            "room booked 8 to 10 when asking for 9 to 11",
            "that room is listed as free; it is busy until 10",
            (
                scenario(
                    new_room("Oak", 8),
                    new_room("Pine", 4),
                    book(1, _MAY1, 8, 10),
                    expect(
                        call("GET", f"/rooms/free?day={_MAY1}&start=9&end=11"),
                        200,
                        [room(2, "Pine", 4)],
                    ),
                ),
            ),
        ),
        route="GET /rooms/free",
        requires=("create_room", "book_room"),
    ),
)

# ---- each user's preferences, keys and values ----


def pref(user: str, key: str, value: object) -> dict[str, object]:
    """A preference as the service answers it."""
    return {"user": user, "key": key, "value": value}


def set_pref(user: str, key: str, value: object) -> str:
    """POST /users/<user>/preferences."""
    return call("POST", f"/users/{user}/preferences", {"key": key, "value": value})


_PREF_MISSING = {"error": "preference not found"}
_KEY_REQUIRED = {"error": "key is required"}
_VALUE = {"error": "value must be a string, a number or true/false"}

_SET_PREFERENCE = DATA + code(
    """
    key = data.get('key')
    if not isinstance(key, str) or not key.strip():
        return 400, {'error': 'key is required'}
    value = data.get('value')
    if value is None or isinstance(value, (list, dict)):
        return 400, {'error': 'value must be a string, a number or true/false'}
    key = key.lower()
    answer = {'user': params['user'], 'key': key, 'value': value}
    for found in store.records('preferences'):
        if found['user'] == params['user'] and found['key'] == key:
            store.update('preferences', found['id'], {'value': value})
            return 200, answer
    store.add('preferences', {'user': params['user'], 'key': key, 'value': value})
    return 201, answer
    """
)
_LIST_PREFERENCES = code(
    """
    found = [p for p in store.records('preferences') if p['user'] == params['user']]
    found.sort(key=lambda p: p['key'])
    return 200, [{'key': p['key'], 'value': p['value']} for p in found]
    """
)
_GET_PREFERENCE = code(
    """
    key = params['key'].lower()
    for found in store.records('preferences'):
        if found['user'] == params['user'] and found['key'] == key:
            return 200, {'user': found['user'], 'key': key, 'value': found['value']}
    return 404, {'error': 'preference not found'}
    """
)

PREFERENCES: tuple[FunctionTemplate, ...] = (
    F(
        "set_preference",
        "preferences",
        HANDLER,
        "sets a preference of the user named in the path (`POST /users/ann/preferences`) "
        "from a JSON body with a `key` (a non-empty string, saved in lower case, so "
        '"Theme" and "theme" are one key) and a `value` (a string, a number, true or '
        'false), and answers {"user": u, "key": k, "value": v}: 201 when the user did not '
        "have that key yet, 200 when it replaces the value they had. Each user has "
        'preferences of their own. It answers 400 with {"error": "key is required"} without '
        'a key and with {"error": "value must be a string, a number or true/false"} for a '
        "missing value, null, a list or an object",
        _SET_PREFERENCE,
        (
            scenario(
                expect(set_pref("ann", "theme", "dark"), 201, pref("ann", "theme", "dark")),
                expect(set_pref("ann", "font_size", 14), 201, pref("ann", "font_size", 14)),
                expect(set_pref("bob", "theme", "light"), 201, pref("bob", "theme", "light")),
                expect(set_pref("ann", "theme", "light"), 200, pref("ann", "theme", "light")),
                expect(set_pref("ann", "beta", True), 201, pref("ann", "beta", True)),
                expect(set_pref("ann", "tags", ["a"]), 400, _VALUE),
                expect(set_pref("ann", "theme", None), 400, _VALUE),
                expect(call("POST", "/users/ann/preferences", {"value": 1}), 400, _KEY_REQUIRED),
                expect(set_pref("ann", "Font_Size", 16), 200, pref("ann", "font_size", 16)),
            ),
        ),
        defect=Defect(
            _SET_PREFERENCE.replace("    key = key.lower()\n", ""),
            'the same key in other letters\' case, such as "Theme" after "theme"',
            'it answers 201 and keeps a second key "Theme"; it should replace the value of '
            '"theme" and answer 200 with "key": "theme"',
            (
                scenario(
                    set_pref("ann", "theme", "dark"),
                    expect(set_pref("ann", "Theme", "light"), 200, pref("ann", "theme", "light")),
                ),
            ),
        ),
        route="POST /users/{user}/preferences",
    ),
    F(
        "list_preferences",
        "preferences",
        HANDLER,
        'answers 200 with the preferences of the user named in the path as a list of {"key": '
        'k, "value": v} sorted by key, and [] for a user who has none; other users\' '
        "preferences are not listed",
        _LIST_PREFERENCES,
        (
            scenario(
                expect(call("GET", "/users/ann/preferences"), 200, []),
                set_pref("ann", "theme", "dark"),
                set_pref("ann", "editor.tabs", 4),
                set_pref("ann", "beta", False),
                expect(
                    call("GET", "/users/ann/preferences"),
                    200,
                    [
                        {"key": "beta", "value": False},
                        {"key": "editor.tabs", "value": 4},
                        {"key": "theme", "value": "dark"},
                    ],
                ),
            ),
        ),
        defect=Defect(
            _LIST_PREFERENCES.replace(
                "[p for p in store.records('preferences') if p['user'] == params['user']]",
                "store.records('preferences')",
            ),
            "another user with preferences of their own, such as bob beside ann",
            "bob's preferences are listed among ann's; each user sees only their own",
            (
                scenario(
                    set_pref("ann", "theme", "dark"),
                    set_pref("bob", "lang", "de"),
                    expect(
                        call("GET", "/users/ann/preferences"),
                        200,
                        [{"key": "theme", "value": "dark"}],
                    ),
                    expect(call("GET", "/users/cy/preferences"), 200, []),
                ),
            ),
        ),
        change=Change(
            "GET /users/<user>/preferences takes an optional query parameter `prefix` "
            "(`GET /users/ann/preferences?prefix=editor.`): then it lists only the keys that "
            "start with it, the prefix compared in lower case; without it, every key as before",
            code(
                """
                prefix = params.get('prefix', '').lower()
                found = [
                    p for p in store.records('preferences')
                    if p['user'] == params['user'] and p['key'].startswith(prefix)
                ]
                found.sort(key=lambda p: p['key'])
                return 200, [{'key': p['key'], 'value': p['value']} for p in found]
                """
            ),
            (
                scenario(
                    set_pref("ann", "theme", "dark"),
                    set_pref("ann", "editor.tabs", 4),
                    set_pref("ann", "editor.font", "mono"),
                    set_pref("bob", "editor.tabs", 2),
                    expect(
                        call("GET", "/users/ann/preferences?prefix=Editor."),
                        200,
                        [
                            {"key": "editor.font", "value": "mono"},
                            {"key": "editor.tabs", "value": 4},
                        ],
                    ),
                    expect(call("GET", "/users/ann/preferences?prefix=zz"), 200, []),
                    expect(
                        call("GET", "/users/bob/preferences"),
                        200,
                        [{"key": "editor.tabs", "value": 2}],
                    ),
                ),
            ),
        ),
        route="GET /users/{user}/preferences",
        requires=("set_preference",),
    ),
    F(
        "get_preference",
        "preferences",
        HANDLER,
        'answers 200 with {"user": u, "key": k, "value": v} for the preference of the user '
        "named in the path whose key is the last part of the path, compared ignoring case "
        "(`GET /users/ann/preferences/theme`, or .../THEME); 404 with "
        '{"error": "preference not found"} when that user has no such key',
        _GET_PREFERENCE,
        (
            scenario(
                set_pref("ann", "theme", "dark"),
                set_pref("bob", "lang", "de"),
                expect(
                    call("GET", "/users/ann/preferences/theme"), 200, pref("ann", "theme", "dark")
                ),
                expect(call("GET", "/users/ann/preferences/lang"), 404, _PREF_MISSING),
                expect(call("GET", "/users/cy/preferences/theme"), 404, _PREF_MISSING),
                expect(call("GET", "/users/bob/preferences/lang"), 200, pref("bob", "lang", "de")),
            ),
        ),
        defect=Defect(
            _GET_PREFERENCE.replace("params['key'].lower()", "params['key']"),
            "a key in capitals in the path, such as GET /users/ann/preferences/THEME",
            "it answers 404; keys are compared ignoring case",
            (
                scenario(
                    set_pref("ann", "theme", "dark"),
                    expect(
                        call("GET", "/users/ann/preferences/THEME"),
                        200,
                        pref("ann", "theme", "dark"),
                    ),
                ),
            ),
        ),
        route="GET /users/{user}/preferences/{key}",
        requires=("set_preference",),
    ),
    F(
        "delete_preference",
        "preferences",
        HANDLER,
        "deletes the preference of the user named in the path whose key is the last part of "
        "the path, compared ignoring case, and answers 204 with an empty body; 404 with "
        '{"error": "preference not found"} when that user has no such key. Other users keep '
        "theirs",
        code(
            """
            key = params['key'].lower()
            for found in store.records('preferences'):
                if found['user'] == params['user'] and found['key'] == key:
                    store.remove('preferences', found['id'])
                    return 204, None
            return 404, {'error': 'preference not found'}
            """
        ),
        (
            scenario(
                set_pref("ann", "theme", "dark"),
                set_pref("bob", "theme", "light"),
                expect(call("DELETE", "/users/ann/preferences/Theme"), 204, None),
                expect(call("DELETE", "/users/ann/preferences/theme"), 404, _PREF_MISSING),
                expect(call("GET", "/users/ann/preferences/theme"), 404, _PREF_MISSING),
                expect(
                    call("GET", "/users/bob/preferences/theme"), 200, pref("bob", "theme", "light")
                ),
            ),
        ),
        defect=Defect(
            code(
                """
                key = params['key'].lower()
                found = [p for p in store.records('preferences') if p['key'] == key]
                if not found:
                    return 404, {'error': 'preference not found'}
                for p in found:
                    store.remove('preferences', p['id'])
                return 204, None
                """
            ),
            "a key that another user has too, such as deleting ann's theme when bob has one",
            "bob's theme is deleted as well; only ann's should go",
            (
                scenario(
                    set_pref("ann", "theme", "dark"),
                    set_pref("bob", "theme", "light"),
                    call("DELETE", "/users/ann/preferences/theme"),
                    expect(
                        call("GET", "/users/bob/preferences/theme"),
                        200,
                        pref("bob", "theme", "light"),
                    ),
                ),
            ),
        ),
        route="DELETE /users/{user}/preferences/{key}",
        requires=("set_preference", "get_preference"),
    ),
)

# ---- a library's books and their loans, due days as YYYY-MM-DD text ----


def a_book(i: int, title: str, copies: int = 1) -> dict[str, object]:
    """A book as the service answers it."""
    return {"id": i, "title": title, "copies": copies}


def loan(i: int, book_id: int, member: str, due: str, returned: bool = False) -> dict[str, object]:
    """A loan as the service answers it."""
    return {"id": i, "book_id": book_id, "member": member, "due": due, "returned": returned}


def new_book(title: str, copies: object = None) -> str:
    """POST /books."""
    return call(
        "POST", "/books", {"title": title} if copies is None else {"title": title, "copies": copies}
    )


def lend(book_id: int, member: str, due: str) -> str:
    """POST /books/<id>/loans."""
    return call("POST", f"/books/{book_id}/loans", {"member": member, "due": due})


_BOOK_LOOKUP = lookup("books", "book", "book")
_LOAN_LOOKUP = lookup("loans", "loan", "loan")
_BOOK_MISSING = {"error": "book not found"}
_LOAN_MISSING = {"error": "loan not found"}
_COPIES = {"error": "copies must be a whole number, 1 or more"}
_NO_COPY = {"error": "no copy left"}
_DUE = {"error": "due must be written YYYY-MM-DD"}
_RETURNED = {"error": "loan already returned"}
_TODAY = {"error": "today must be written YYYY-MM-DD"}

_LEND = _dated(
    _BOOK_LOOKUP
    + "    import re\n\n"
    + DATA
    + code(
        """
        member = data.get('member')
        if not isinstance(member, str) or not member.strip():
            return 400, {'error': 'member is required'}
        due = data.get('due')
        if not isinstance(due, str) or re.fullmatch(DATE_PATTERN, due) is None:
            return 400, {'error': 'due must be written YYYY-MM-DD'}
        out = [
            loan for loan in store.records('loans')
            if loan['book_id'] == book['id'] and not loan['returned']
        ]
        if len(out) >= book['copies']:
            return 409, {'error': 'no copy left'}
        fields = {'book_id': book['id'], 'member': member, 'due': due, 'returned': False}
        return 201, store.add('loans', fields)
        """
    )
)
_RETURN = _LOAN_LOOKUP + code(
    """
    if loan['returned']:
        return 409, {'error': 'loan already returned'}
    return 200, store.update('loans', loan['id'], {'returned': True})
    """
)
_OVERDUE = _dated(
    code(
        """
        import re

        today = params.get('today', '')
        if re.fullmatch(DATE_PATTERN, today) is None:
            return 400, {'error': 'today must be written YYYY-MM-DD'}
        late = [
            loan for loan in store.records('loans')
            if not loan['returned'] and loan['due'] < today
        ]
        return 200, sorted(late, key=lambda loan: loan['due'])
        """
    )
)
_GET_BOOK = _BOOK_LOOKUP + code(
    """
    out = [
        loan for loan in store.records('loans')
        if loan['book_id'] == book['id'] and not loan['returned']
    ]
    return 200, dict(book, available=book['copies'] - len(out))
    """
)

LOANS: tuple[FunctionTemplate, ...] = (
    F(
        "add_book",
        "loans",
        HANDLER,
        "adds a book to the library from a JSON body with a `title` (a non-empty string) "
        'and an optional `copies` (a whole number, 1 or more, text such as "2" not being one; '
        "default 1), and answers 201 "
        "with the book: its `id` (counting from 1), `title` and `copies`. It answers 400 "
        'with {"error": "title is required"} or {"error": "copies must be a whole number, 1 '
        'or more"} when one is wrong',
        TITLE_CHECK
        + code(
            """
            copies = body.get('copies', 1)
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                return 400, {'error': 'copies must be a whole number, 1 or more'}
            return 201, store.add('books', {'title': body['title'], 'copies': copies})
            """
        ),
        (
            scenario(
                expect(new_book("Dune"), 201, a_book(1, "Dune")),
                expect(new_book("Emma", 3), 201, a_book(2, "Emma", 3)),
                expect(new_book("Ulysses", 0), 400, _COPIES),
                expect(new_book("Ulysses", "2"), 400, _COPIES),
                expect(call("POST", "/books", {"copies": 2}), 400, TITLE_REQUIRED),
                expect(new_book("Ulysses", 2), 201, a_book(3, "Ulysses", 2)),
            ),
        ),
        route="POST /books",
    ),
    F(
        "lend_book",
        "loans",
        HANDLER,
        "lends a copy of the book whose id is in the path from a JSON body with a `member` "
        "(a non-empty string) and a `due` day (a string written YYYY-MM-DD), and answers 201 "
        "with the loan: its `id` (counting from 1 across all books), `book_id`, `member`, "
        "`due` and `returned` (false). When every copy of the book is out on a loan that is "
        'not returned yet it answers 409 with {"error": "no copy left"}. It answers 404 with '
        '{"error": "book not found"} for an unknown book, and 400 with {"error": "member is '
        'required"} or {"error": "due must be written YYYY-MM-DD"} when one is wrong',
        _LEND,
        (
            scenario(
                new_book("Dune"),
                new_book("Emma", 2),
                expect(lend(2, "ann", "2024-05-10"), 201, loan(1, 2, "ann", "2024-05-10")),
                expect(lend(2, "bob", "2024-05-12"), 201, loan(2, 2, "bob", "2024-05-12")),
                expect(lend(2, "cy", "2024-05-12"), 409, _NO_COPY),
                expect(lend(1, "cy", "12/05/2024"), 400, _DUE),
                expect(
                    call("POST", "/books/1/loans", {"due": "2024-05-12"}),
                    400,
                    {"error": "member is required"},
                ),
                expect(lend(3, "cy", "2024-05-12"), 404, _BOOK_MISSING),
                expect(lend(1, "cy", "2024-05-12"), 201, loan(3, 1, "cy", "2024-05-12")),
            ),
        ),
        defect=Defect(
            _LEND.replace("len(out) >= book['copies']", "len(out) > book['copies']"),
            "a book whose copies are all lent, such as a second loan of a book with 1 copy",
            "the loan is made (201), one more than the book has copies; it should be a 409 "
            'with {"error": "no copy left"}',
            (
                scenario(
                    new_book("Dune"),
                    expect(lend(1, "ann", "2024-05-10"), 201, loan(1, 1, "ann", "2024-05-10")),
                    expect(lend(1, "bob", "2024-05-10"), 409, _NO_COPY),
                ),
            ),
        ),
        route="POST /books/{id}/loans",
        requires=("add_book",),
    ),
    F(
        "return_loan",
        "loans",
        HANDLER,
        "marks the loan whose id is in the path returned (`returned` true) and answers 200 "
        'with it, which frees its copy for another loan; 409 with {"error": "loan already '
        'returned"} when it was returned before, 404 with {"error": "loan not found"} for '
        "an unknown loan",
        _RETURN,
        (
            scenario(
                new_book("Dune"),
                lend(1, "ann", "2024-05-10"),
                expect(lend(1, "bob", "2024-05-12"), 409, _NO_COPY),
                expect(call("POST", "/loans/1/return"), 200, loan(1, 1, "ann", "2024-05-10", True)),
                expect(call("POST", "/loans/1/return"), 409, _RETURNED),
                expect(call("POST", "/loans/4/return"), 404, _LOAN_MISSING),
                expect(lend(1, "bob", "2024-05-12"), 201, loan(2, 1, "bob", "2024-05-12")),
            ),
        ),
        defect=Defect(
            _RETURN.replace(
                "    if loan['returned']:\n        return 409, {'error': 'loan already returned'}\n",
                "",
            ),
            "a loan that was returned before, such as a second POST /loans/1/return",
            'it answers 200 again; it should be a 409 with {"error": "loan already returned"}',
            (
                scenario(
                    new_book("Dune"),
                    lend(1, "ann", "2024-05-10"),
                    call("POST", "/loans/1/return"),
                    expect(call("POST", "/loans/1/return"), 409, _RETURNED),
                ),
            ),
        ),
        route="POST /loans/{id}/return",
        requires=("add_book", "lend_book"),
    ),
    F(
        "overdue_loans",
        "loans",
        HANDLER,
        "answers 200 with the loans not returned yet whose due day is before the day given "
        "as the query parameter `today` (`GET /loans/overdue?today=2024-05-10`), the days "
        "compared as text: the earliest due first, loans due the same day in id order. A "
        "loan due on `today` itself is not overdue yet. A missing or wrong `today` is a 400 "
        'with {"error": "today must be written YYYY-MM-DD"}',
        _OVERDUE,
        (
            scenario(
                new_book("Dune", 5),
                lend(1, "ann", "2024-05-09"),
                lend(1, "bob", "2024-05-01"),
                lend(1, "cy", "2024-05-20"),
                lend(1, "dee", "2024-05-09"),
                lend(1, "eve", "2024-04-30"),
                call("POST", "/loans/5/return"),
                expect(
                    call("GET", "/loans/overdue?today=2024-05-10"),
                    200,
                    [
                        loan(2, 1, "bob", "2024-05-01"),
                        loan(1, 1, "ann", "2024-05-09"),
                        loan(4, 1, "dee", "2024-05-09"),
                    ],
                ),
                expect(call("GET", "/loans/overdue?today=2024-04-01"), 200, []),
                expect(call("GET", "/loans/overdue?today=10.5.2024"), 400, _TODAY),
                expect(call("GET", "/loans/overdue"), 400, _TODAY),
            ),
        ),
        defect=Defect(
            _OVERDUE.replace("loan['due'] < today", "loan['due'] <= today"),
            "a loan due on the day given as today, such as one due 2024-05-10 with "
            "?today=2024-05-10",
            "it is listed as overdue; it is due that day, not late yet",
            (
                scenario(
                    new_book("Dune", 2),
                    lend(1, "ann", "2024-05-10"),
                    lend(1, "bob", "2024-05-09"),
                    expect(
                        call("GET", "/loans/overdue?today=2024-05-10"),
                        200,
                        [loan(2, 1, "bob", "2024-05-09")],
                    ),
                ),
            ),
        ),
        route="GET /loans/overdue",
        requires=("add_book", "lend_book", "return_loan"),
    ),
    F(
        "get_book",
        "loans",
        HANDLER,
        "answers 200 with the book whose id is in the path and how many of its copies are "
        'in: {"id": i, "title": t, "copies": c, "available": a}, `available` being its '
        "copies minus its loans that are not returned yet; 404 with "
        '{"error": "book not found"} for an unknown book',
        _GET_BOOK,
        (
            scenario(
                new_book("Dune"),
                new_book("Emma", 3),
                lend(2, "ann", "2024-05-10"),
                lend(2, "bob", "2024-05-12"),
                call("POST", "/loans/1/return"),
                expect(call("GET", "/books/2"), 200, {**a_book(2, "Emma", 3), "available": 2}),
                expect(call("GET", "/books/1"), 200, {**a_book(1, "Dune"), "available": 1}),
                expect(call("GET", "/books/3"), 404, _BOOK_MISSING),
            ),
        ),
        defect=Defect(
            _GET_BOOK.replace(" and not loan['returned']", ""),
            "a loan that has been returned",
            "it still counts as out (a book with 1 copy shows available 0 after its loan came "
            "back); it should count as in (available 1)",
            (
                scenario(
                    new_book("Dune"),
                    lend(1, "ann", "2024-05-10"),
                    call("POST", "/loans/1/return"),
                    expect(call("GET", "/books/1"), 200, {**a_book(1, "Dune"), "available": 1}),
                ),
            ),
        ),
        change=Change(
            "GET /books/<id> also answers `next_due`: the earliest due day among the book's "
            "loans that are not returned yet, or null when every copy is in",
            _BOOK_LOOKUP
            + code(
                """
                out = [
                    loan for loan in store.records('loans')
                    if loan['book_id'] == book['id'] and not loan['returned']
                ]
                due = min((loan['due'] for loan in out), default=None)
                return 200, dict(book, available=book['copies'] - len(out), next_due=due)
                """
            ),
            (
                scenario(
                    new_book("Dune"),
                    new_book("Emma", 3),
                    lend(2, "ann", "2024-05-20"),
                    lend(2, "bob", "2024-05-12"),
                    lend(2, "cy", "2024-05-02"),
                    call("POST", "/loans/3/return"),
                    expect(
                        call("GET", "/books/2"),
                        200,
                        {**a_book(2, "Emma", 3), "available": 1, "next_due": "2024-05-12"},
                    ),
                    expect(
                        call("GET", "/books/1"),
                        200,
                        {**a_book(1, "Dune"), "available": 1, "next_due": None},
                    ),
                    expect(call("GET", "/books/3"), 404, _BOOK_MISSING),
                ),
            ),
        ),
        route="GET /books/{id}",
        requires=("add_book", "lend_book", "return_loan"),
    ),
)

# ---- shopping carts, prices in cents ----


def cart(i: int, owner: str, items: list[dict[str, object]] | None = None) -> dict[str, object]:
    """A cart as the service answers it."""
    return {"id": i, "owner": owner, "items": items or []}


def cart_line(sku: str, price_cents: int, quantity: int) -> dict[str, object]:
    """A line of a cart."""
    return {"sku": sku, "price_cents": price_cents, "quantity": quantity}


def new_cart(owner: str) -> str:
    """POST /carts."""
    return call("POST", "/carts", {"owner": owner})


def put(cart_id: int, sku: str, price_cents: object, quantity: object = None) -> str:
    """POST /carts/<id>/items."""
    fields = {"sku": sku, "price_cents": price_cents}
    if quantity is not None:
        fields["quantity"] = quantity
    return call("POST", f"/carts/{cart_id}/items", fields)


def totals(cart_id: int, subtotal: int, discount: int) -> dict[str, object]:
    """The answer of GET /carts/<id>/total."""
    return {
        "id": cart_id,
        "subtotal_cents": subtotal,
        "discount_cents": discount,
        "total_cents": subtotal - discount,
    }


_CART_LOOKUP = lookup("carts", "cart", "cart")
_CART_MISSING = {"error": "cart not found"}
_NOT_IN_CART = {"error": "sku not in cart"}
_PRICE_CENTS = {"error": "price_cents must be a whole number, 0 or more"}
_EMPTY_CART = {"error": "cart is empty"}

_PUT_IN_CART = (
    _CART_LOOKUP
    + DATA
    + code(
        """
        sku = data.get('sku')
        if not isinstance(sku, str) or not sku.strip():
            return 400, {'error': 'sku is required'}
        price = data.get('price_cents')
        if isinstance(price, bool) or not isinstance(price, int) or price < 0:
            return 400, {'error': 'price_cents must be a whole number, 0 or more'}
        quantity = data.get('quantity', 1)
        if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
            return 400, {'error': 'quantity must be a whole number, 1 or more'}
        items = [dict(entry) for entry in cart['items']]
        for entry in items:
            if entry['sku'] == sku:
                entry['quantity'] += quantity
                break
        else:
            items.append({'sku': sku, 'price_cents': price, 'quantity': quantity})
        return 200, store.update('carts', cart['id'], {'items': items})
        """
    )
)
_CART_TOTAL = _CART_LOOKUP + code(
    """
    subtotal = sum(entry['price_cents'] * entry['quantity'] for entry in cart['items'])
    discount = subtotal // 10 if subtotal >= 5000 else 0
    return 200, {
        'id': cart['id'],
        'subtotal_cents': subtotal,
        'discount_cents': discount,
        'total_cents': subtotal - discount,
    }
    """
)
_CHECKOUT = _CART_LOOKUP + code(
    """
    if not cart['items']:
        return 409, {'error': 'cart is empty'}
    subtotal = sum(entry['price_cents'] * entry['quantity'] for entry in cart['items'])
    total = subtotal - (subtotal // 10 if subtotal >= 5000 else 0)
    fields = {'cart_id': cart['id'], 'owner': cart['owner'], 'total_cents': total}
    order = store.add('orders', fields)
    store.update('carts', cart['id'], {'items': []})
    return 201, order
    """
)
_REMOVE_FROM_CART = _CART_LOOKUP + code(
    """
    items = [entry for entry in cart['items'] if entry['sku'] != params['sku']]
    if len(items) == len(cart['items']):
        return 404, {'error': 'sku not in cart'}
    return 200, store.update('carts', cart['id'], {'items': items})
    """
)

CARTS: tuple[FunctionTemplate, ...] = (
    F(
        "create_cart",
        "carts",
        HANDLER,
        "opens a shopping cart from a JSON body with an `owner` (a non-empty string) and "
        "answers 201 with the cart: its `id` (counting from 1), `owner` and `items` (an "
        'empty list). Without an owner it answers 400 with {"error": "owner is required"}',
        code(
            """
            owner = body.get('owner') if isinstance(body, dict) else None
            if not isinstance(owner, str) or not owner.strip():
                return 400, {'error': 'owner is required'}
            return 201, store.add('carts', {'owner': owner, 'items': []})
            """
        ),
        (
            scenario(
                expect(new_cart("ann"), 201, cart(1, "ann")),
                expect(call("POST", "/carts", {"owner": ""}), 400, {"error": "owner is required"}),
                expect(call("POST", "/carts"), 400, {"error": "owner is required"}),
                expect(new_cart("bob"), 201, cart(2, "bob")),
            ),
        ),
        route="POST /carts",
    ),
    F(
        "add_to_cart",
        "carts",
        HANDLER,
        "puts an article in the cart whose id is in the path from a JSON body with a `sku` "
        "(a non-empty string), `price_cents` (a whole number, 0 or more) and an optional "
        "`quantity` (a whole number, 1 or more; default 1), and answers 200 with the cart, "
        'its `items` a list of {"sku": s, "price_cents": p, "quantity": q} in the order first '
        "added. A sku that is in the cart already (compared exactly) gets the quantity added "
        "to its line, which keeps its first price. It answers 404 with "
        '{"error": "cart not found"} for an unknown cart, and 400 with {"error": "sku is '
        'required"}, {"error": "price_cents must be a whole number, 0 or more"} or '
        '{"error": "quantity must be a whole number, 1 or more"} when one is wrong',
        _PUT_IN_CART,
        (
            scenario(
                new_cart("ann"),
                expect(put(1, "TEA-1", 450), 200, cart(1, "ann", [cart_line("TEA-1", 450, 1)])),
                expect(
                    put(1, "MUG-2", 1200, 2),
                    200,
                    cart(1, "ann", [cart_line("TEA-1", 450, 1), cart_line("MUG-2", 1200, 2)]),
                ),
                expect(
                    put(1, "TEA-1", 500, 3),
                    200,
                    cart(1, "ann", [cart_line("TEA-1", 450, 4), cart_line("MUG-2", 1200, 2)]),
                ),
                expect(put(1, "JAM-3", 4.5), 400, _PRICE_CENTS),
                expect(put(1, "JAM-3", 300, -1), 400, _QUANTITY),
                expect(
                    call("POST", "/carts/1/items", {"price_cents": 300}),
                    400,
                    {"error": "sku is required"},
                ),
                expect(put(2, "JAM-3", 300), 404, _CART_MISSING),
            ),
        ),
        defect=Defect(
            _PUT_IN_CART.replace("quantity < 1", "quantity < 0"),
            "a quantity of 0",
            "a line with quantity 0 is put in the cart (200); it should be a 400 with "
            '{"error": "quantity must be a whole number, 1 or more"}',
            (
                scenario(
                    new_cart("ann"),
                    expect(put(1, "TEA-1", 450, 0), 400, _QUANTITY),
                    expect(put(1, "TEA-1", 450), 200, cart(1, "ann", [cart_line("TEA-1", 450, 1)])),
                ),
            ),
        ),
        route="POST /carts/{id}/items",
        requires=("create_cart",),
    ),
    F(
        "cart_total",
        "carts",
        HANDLER,
        'answers 200 with {"id": id, "subtotal_cents": s, "discount_cents": d, '
        '"total_cents": t} for the cart whose id is in the path: the subtotal is the sum of '
        "price_cents times quantity over its items, the discount 10 % of the subtotal rounded "
        "down to a whole cent when the subtotal is 5000 cents or more (0 below that), and "
        'the total the subtotal minus the discount; 404 with {"error": "cart not found"} '
        "for an unknown cart",
        _CART_TOTAL,
        (
            scenario(
                new_cart("ann"),
                new_cart("bob"),
                expect(call("GET", "/carts/1/total"), 200, totals(1, 0, 0)),
                put(1, "TEA-1", 450, 2),
                put(1, "MUG-2", 1200),
                expect(call("GET", "/carts/1/total"), 200, totals(1, 2100, 0)),
                put(2, "LAMP-4", 5999),
                expect(call("GET", "/carts/2/total"), 200, totals(2, 5999, 599)),
                expect(call("GET", "/carts/3/total"), 404, _CART_MISSING),
            ),
        ),
        defect=Defect(
            _CART_TOTAL.replace("subtotal >= 5000", "subtotal > 5000"),
            "a subtotal of exactly 5000 cents",
            "it gets no discount; from 5000 cents on the discount applies (500 off)",
            (
                scenario(
                    new_cart("ann"),
                    put(1, "MUG-2", 2500, 2),
                    expect(call("GET", "/carts/1/total"), 200, totals(1, 5000, 500)),
                ),
            ),
        ),
        route="GET /carts/{id}/total",
        requires=("create_cart", "add_to_cart"),
    ),
    F(
        "remove_from_cart",
        "carts",
        HANDLER,
        "removes the line of the sku named in the path from the cart whose id is in the path "
        "(`DELETE /carts/1/items/TEA-1`) and answers 200 with the cart; 404 with "
        '{"error": "cart not found"} for an unknown cart and 404 with {"error": "sku not in '
        'cart"} when the cart has no such line',
        _REMOVE_FROM_CART,
        (
            scenario(
                new_cart("ann"),
                put(1, "TEA-1", 450, 2),
                put(1, "MUG-2", 1200),
                expect(
                    call("DELETE", "/carts/1/items/TEA-1"),
                    200,
                    cart(1, "ann", [cart_line("MUG-2", 1200, 1)]),
                ),
                expect(call("DELETE", "/carts/1/items/TEA-1"), 404, _NOT_IN_CART),
                expect(call("DELETE", "/carts/2/items/MUG-2"), 404, _CART_MISSING),
                expect(call("DELETE", "/carts/1/items/MUG-2"), 200, cart(1, "ann")),
            ),
        ),
        change=Change(
            "DELETE /carts/<id>/items/<sku> takes an optional query parameter `quantity` "
            "(`?quantity=2`, a whole number, 1 or more): then it takes only that many off the "
            "line, and removes the line once none are left (taking as many as it has, or more, "
            "removes it); another quantity is a 400 with "
            '{"error": "quantity must be a whole number, 1 or more"}. Without it the whole '
            "line goes, as before",
            _CART_LOOKUP
            + code(
                """
                found = [entry for entry in cart['items'] if entry['sku'] == params['sku']]
                if not found:
                    return 404, {'error': 'sku not in cart'}
                left = 0
                if 'quantity' in params:
                    text = params['quantity']
                    if not text.isdigit() or int(text) < 1:
                        return 400, {'error': 'quantity must be a whole number, 1 or more'}
                    left = found[0]['quantity'] - int(text)
                items = []
                for entry in cart['items']:
                    if entry['sku'] != params['sku']:
                        items.append(entry)
                    elif left > 0:
                        items.append(dict(entry, quantity=left))
                return 200, store.update('carts', cart['id'], {'items': items})
                """
            ),
            (
                scenario(
                    new_cart("ann"),
                    put(1, "TEA-1", 450, 3),
                    put(1, "MUG-2", 1200),
                    expect(
                        call("DELETE", "/carts/1/items/TEA-1?quantity=2"),
                        200,
                        cart(1, "ann", [cart_line("TEA-1", 450, 1), cart_line("MUG-2", 1200, 1)]),
                    ),
                    expect(call("DELETE", "/carts/1/items/TEA-1?quantity=0"), 400, _QUANTITY),
                    expect(
                        call("DELETE", "/carts/1/items/TEA-1?quantity=5"),
                        200,
                        cart(1, "ann", [cart_line("MUG-2", 1200, 1)]),
                    ),
                    expect(call("DELETE", "/carts/1/items/TEA-1"), 404, _NOT_IN_CART),
                    expect(call("DELETE", "/carts/1/items/MUG-2"), 200, cart(1, "ann")),
                ),
            ),
        ),
        route="DELETE /carts/{id}/items/{sku}",
        requires=("create_cart", "add_to_cart"),
    ),
    F(
        "checkout_cart",
        "carts",
        HANDLER,
        "checks out the cart whose id is in the path: it answers 201 with an order "
        '{"id": o, "cart_id": c, "owner": w, "total_cents": t} (order ids count from 1) and '
        "empties the cart (its `items` become []). The total is the sum of price_cents times "
        "quantity over the items, less a discount of 10 % of that sum rounded down to a "
        "whole cent when the sum is 5000 cents or more. An empty cart answers 409 with "
        '{"error": "cart is empty"}; 404 with {"error": "cart not found"} for an unknown cart',
        _CHECKOUT,
        (
            scenario(
                new_cart("ann"),
                new_cart("bob"),
                expect(call("POST", "/carts/1/checkout"), 409, _EMPTY_CART),
                put(1, "TEA-1", 450, 2),
                put(2, "LAMP-4", 6000),
                expect(
                    call("POST", "/carts/1/checkout"),
                    201,
                    {"id": 1, "cart_id": 1, "owner": "ann", "total_cents": 900},
                ),
                expect(
                    call("POST", "/carts/2/checkout"),
                    201,
                    {"id": 2, "cart_id": 2, "owner": "bob", "total_cents": 5400},
                ),
                expect(call("POST", "/carts/3/checkout"), 404, _CART_MISSING),
                expect(put(1, "MUG-2", 1200), 200, cart(1, "ann", [cart_line("MUG-2", 1200, 1)])),
            ),
        ),
        defect=Defect(
            _CHECKOUT.replace("    store.update('carts', cart['id'], {'items': []})\n", ""),
            "a second checkout of the same cart right after the first",
            "it makes a second order of the same items (201); the first checkout should have "
            'emptied the cart, so it is a 409 with {"error": "cart is empty"}',
            (
                scenario(
                    new_cart("ann"),
                    put(1, "TEA-1", 450, 2),
                    call("POST", "/carts/1/checkout"),
                    expect(call("POST", "/carts/1/checkout"), 409, _EMPTY_CART),
                ),
            ),
        ),
        route="POST /carts/{id}/checkout",
        requires=("create_cart", "add_to_cart"),
    ),
)

# ---- feature flags, named in the path ----


def flag(i: int, name: str, enabled: bool = False) -> dict[str, object]:
    """A feature flag as the service answers it."""
    return {"id": i, "name": name, "enabled": enabled}


def new_flag(name: str, enabled: object = None) -> str:
    """POST /flags."""
    return call(
        "POST", "/flags", {"name": name} if enabled is None else {"name": name, "enabled": enabled}
    )


_FLAG_BY_NAME = (
    code(
        """
    flag = next((f for f in store.records('flags') if f['name'] == params['name']), None)
    if flag is None:
        return 404, {'error': 'flag not found'}
    """
    )
    + "\n"
)
_FLAG_MISSING = {"error": "flag not found"}
_FLAG_NAME = {"error": "name must be lower-case letters, digits and dashes"}
_ENABLED = {"error": "enabled must be true or false"}
_FLAG_EXISTS = {"error": "flag already exists"}

_CREATE_FLAG = code(
    """
    import re

    data = body if isinstance(body, dict) else {}
    name = data.get('name')
    if not isinstance(name, str) or re.fullmatch(r'[a-z0-9-]+', name) is None:
        return 400, {'error': 'name must be lower-case letters, digits and dashes'}
    enabled = data.get('enabled', False)
    if not isinstance(enabled, bool):
        return 400, {'error': 'enabled must be true or false'}
    if any(flag['name'] == name for flag in store.records('flags')):
        return 409, {'error': 'flag already exists'}
    return 201, store.add('flags', {'name': name, 'enabled': enabled})
    """
)

FLAGS: tuple[FunctionTemplate, ...] = (
    F(
        "create_flag",
        "flags",
        HANDLER,
        "creates a feature flag from a JSON body with a `name` (one or more lower-case "
        "letters a to z, digits and dashes, nothing else) and an optional `enabled` (true or "
        "false; default false), and answers 201 with the flag: its `id` (counting from 1), "
        '`name` and `enabled`. It answers 400 with {"error": "name must be lower-case '
        'letters, digits and dashes"} or {"error": "enabled must be true or false"} when one '
        'is wrong, and 409 with {"error": "flag already exists"} when a flag has that name',
        _CREATE_FLAG,
        (
            scenario(
                expect(new_flag("new-ui"), 201, flag(1, "new-ui")),
                expect(new_flag("beta2", True), 201, flag(2, "beta2", True)),
                expect(new_flag("New-UI"), 400, _FLAG_NAME),
                expect(new_flag(""), 400, _FLAG_NAME),
                expect(call("POST", "/flags", {}), 400, _FLAG_NAME),
                expect(new_flag("search", "yes"), 400, _ENABLED),
                expect(new_flag("new-ui", True), 409, _FLAG_EXISTS),
                expect(new_flag("search", False), 201, flag(3, "search")),
            ),
        ),
        defect=Defect(
            _CREATE_FLAG.replace("re.fullmatch(", "re.match("),
            "a name that starts well but goes on with a character that is not allowed, such "
            'as "new_ui" or "beta!"',
            "the flag is created with it (201); it should be a 400 with "
            '{"error": "name must be lower-case letters, digits and dashes"}',
            (
                scenario(
                    expect(new_flag("new_ui"), 400, _FLAG_NAME),
                    expect(new_flag("beta!"), 400, _FLAG_NAME),
                    expect(new_flag("new-ui"), 201, flag(1, "new-ui")),
                ),
            ),
        ),
        route="POST /flags",
    ),
    F(
        "get_flag",
        "flags",
        HANDLER,
        "answers 200 with the flag whose name is in the path (`GET /flags/new-ui`), or 404 "
        'with {"error": "flag not found"} when there is none',
        _FLAG_BY_NAME + "    return 200, flag",
        (
            scenario(
                new_flag("new-ui"),
                new_flag("search", True),
                expect(call("GET", "/flags/search"), 200, flag(2, "search", True)),
                expect(call("GET", "/flags/dark-mode"), 404, _FLAG_MISSING),
            ),
        ),
        route="GET /flags/{name}",
        requires=("create_flag",),
    ),
    F(
        "update_flag",
        "flags",
        HANDLER,
        "switches the flag whose name is in the path on or off: it sets `enabled` to the "
        "JSON body's `enabled` (true or false) and answers 200 with the flag; 404 with "
        '{"error": "flag not found"} for an unknown name, and 400 with {"error": "enabled '
        'must be true or false"} for anything else, such as "false" written as text, or 0',
        _FLAG_BY_NAME
        + code(
            """
            enabled = body.get('enabled') if isinstance(body, dict) else None
            if not isinstance(enabled, bool):
                return 400, {'error': 'enabled must be true or false'}
            return 200, store.update('flags', flag['id'], {'enabled': enabled})
            """
        ),
        (
            scenario(
                new_flag("new-ui"),
                expect(
                    call("PATCH", "/flags/new-ui", {"enabled": True}), 200, flag(1, "new-ui", True)
                ),
                expect(call("PATCH", "/flags/new-ui", {"enabled": 0}), 400, _ENABLED),
                expect(call("PATCH", "/flags/new-ui", {}), 400, _ENABLED),
                expect(call("PATCH", "/flags/search", {"enabled": True}), 404, _FLAG_MISSING),
                expect(call("PATCH", "/flags/new-ui", {"enabled": False}), 200, flag(1, "new-ui")),
            ),
        ),
        defect=Defect(
            _FLAG_BY_NAME
            + code(
                """
                if not isinstance(body, dict) or 'enabled' not in body:
                    return 400, {'error': 'enabled must be true or false'}
                return 200, store.update('flags', flag['id'], {'enabled': bool(body['enabled'])})
                """
            ),
            'an `enabled` sent as text, such as {"enabled": "false"}',
            "the flag is switched on (the text counts as true); it should be a 400 with "
            '{"error": "enabled must be true or false"}',
            (
                scenario(
                    new_flag("new-ui"),
                    expect(call("PATCH", "/flags/new-ui", {"enabled": "false"}), 400, _ENABLED),
                    expect(call("PATCH", "/flags/new-ui", {"enabled": "true"}), 400, _ENABLED),
                    expect(call("GET", "/flags/new-ui"), 200, flag(1, "new-ui")),
                ),
            ),
        ),
        route="PATCH /flags/{name}",
        requires=("create_flag", "get_flag"),
    ),
    F(
        "enabled_flags",
        "flags",
        HANDLER,
        "answers 200 with the names of the flags that are enabled, as a list of strings in "
        "alphabetical order",
        "    return 200, sorted(flag['name'] for flag in store.records('flags') if flag['enabled'])",
        (
            scenario(
                expect(call("GET", "/flags/enabled"), 200, []),
                new_flag("search", True),
                new_flag("new-ui"),
                new_flag("beta", True),
                new_flag("dark-mode", True),
                expect(call("GET", "/flags/enabled"), 200, ["beta", "dark-mode", "search"]),
            ),
        ),
        defect=Defect(
            "    return 200, [flag['name'] for flag in store.records('flags') if flag['enabled']]",
            'enabled flags created out of alphabetical order, such as "search" before "beta"',
            "they come in the order they were created; the names must be in alphabetical order",
            (
                scenario(
                    new_flag("search", True),
                    new_flag("beta", True),
                    expect(call("GET", "/flags/enabled"), 200, ["beta", "search"]),
                ),
            ),
        ),
        route="GET /flags/enabled",
        requires=("create_flag",),
    ),
    F(
        "delete_flag",
        "flags",
        HANDLER,
        "deletes the flag whose name is in the path and answers 204 with an empty body; 404 "
        'with {"error": "flag not found"} for an unknown name',
        _FLAG_BY_NAME + "    store.remove('flags', flag['id'])\n    return 204, None",
        (
            scenario(
                new_flag("new-ui"),
                new_flag("search", True),
                expect(call("DELETE", "/flags/search"), 204, None),
                expect(call("DELETE", "/flags/search"), 404, _FLAG_MISSING),
                expect(call("GET", "/flags/search"), 404, _FLAG_MISSING),
                expect(call("GET", "/flags/new-ui"), 200, flag(1, "new-ui")),
            ),
        ),
        change=Change(
            "DELETE /flags/<name> refuses a flag that is enabled: it answers 409 with "
            '{"error": "flag is enabled"} and keeps the flag; a flag that is off is deleted as '
            "before",
            _FLAG_BY_NAME
            + code(
                """
                if flag['enabled']:
                    return 409, {'error': 'flag is enabled'}
                store.remove('flags', flag['id'])
                return 204, None
                """
            ),
            (
                scenario(
                    new_flag("new-ui"),
                    new_flag("search", True),
                    expect(call("DELETE", "/flags/search"), 409, {"error": "flag is enabled"}),
                    expect(call("GET", "/flags/search"), 200, flag(2, "search", True)),
                    expect(call("DELETE", "/flags/new-ui"), 204, None),
                    expect(call("DELETE", "/flags/new-ui"), 404, _FLAG_MISSING),
                ),
            ),
        ),
        route="DELETE /flags/{name}",
        requires=("create_flag", "get_flag"),
    ),
)


# ---- an append-only audit log ----


def entry(i: int, actor: str, action: str) -> dict[str, object]:
    """An audit entry as the service answers it."""
    return {"id": i, "actor": actor, "action": action}


def audit(actor: str, action: str) -> str:
    """POST /audit."""
    return call("POST", "/audit", {"actor": actor, "action": action})


_ENTRY_MISSING = {"error": "entry not found"}
_LIMIT = {"error": "limit must be a whole number, 1 or more"}
_APPEND_ONLY = {"error": "audit entries cannot be changed"}

_LIST_AUDIT = code(
    """
    entries = store.records('audit')
    if 'actor' in params:
        entries = [entry for entry in entries if entry['actor'] == params['actor']]
    entries = entries[::-1]
    if 'limit' in params:
        text = params['limit']
        if not text.isdigit() or int(text) < 1:
            return 400, {'error': 'limit must be a whole number, 1 or more'}
        entries = entries[:int(text)]
    return 200, entries
    """
)

AUDIT: tuple[FunctionTemplate, ...] = (
    F(
        "record_audit",
        "audit",
        HANDLER,
        "appends an entry to the audit log from a JSON body with an `actor` and an `action` "
        "(both non-empty strings), and answers 201 with the entry: its `id` (counting from "
        '1), `actor` and `action`. It answers 400 with {"error": "actor is required"} or '
        '{"error": "action is required"} when one is missing or empty',
        DATA
        + code(
            """
            for field in ('actor', 'action'):
                if not isinstance(data.get(field), str) or not data[field].strip():
                    return 400, {'error': f'{field} is required'}
            return 201, store.add('audit', {'actor': data['actor'], 'action': data['action']})
            """
        ),
        (
            scenario(
                expect(audit("ann", "login"), 201, entry(1, "ann", "login")),
                expect(
                    call("POST", "/audit", {"action": "login"}), 400, {"error": "actor is required"}
                ),
                expect(
                    call("POST", "/audit", {"actor": "bob", "action": ""}),
                    400,
                    {"error": "action is required"},
                ),
                expect(audit("bob", "delete note 4"), 201, entry(2, "bob", "delete note 4")),
            ),
        ),
        route="POST /audit",
    ),
    F(
        "list_audit",
        "audit",
        HANDLER,
        "answers 200 with the audit entries, the newest first (the highest id first); with "
        "the query parameter `actor` (`GET /audit?actor=ann`) only that actor's entries, and "
        "with `limit` (`GET /audit?limit=2`, a whole number, 1 or more) at most that many, "
        "the newest ones. Both can be given together. Another `limit` is a 400 with "
        '{"error": "limit must be a whole number, 1 or more"}',
        _LIST_AUDIT,
        (
            scenario(
                expect(call("GET", "/audit"), 200, []),
                audit("ann", "login"),
                audit("bob", "login"),
                audit("ann", "edit note 1"),
                audit("ann", "logout"),
                expect(
                    call("GET", "/audit"),
                    200,
                    [
                        entry(4, "ann", "logout"),
                        entry(3, "ann", "edit note 1"),
                        entry(2, "bob", "login"),
                        entry(1, "ann", "login"),
                    ],
                ),
                expect(call("GET", "/audit?actor=bob"), 200, [entry(2, "bob", "login")]),
                expect(
                    call("GET", "/audit?actor=ann&limit=2"),
                    200,
                    [entry(4, "ann", "logout"), entry(3, "ann", "edit note 1")],
                ),
                expect(call("GET", "/audit?limit=0"), 400, _LIMIT),
                expect(
                    call("GET", "/audit?limit=9"),
                    200,
                    [
                        entry(4, "ann", "logout"),
                        entry(3, "ann", "edit note 1"),
                        entry(2, "bob", "login"),
                        entry(1, "ann", "login"),
                    ],
                ),
            ),
        ),
        defect=Defect(
            code(
                """
                entries = store.records('audit')
                if 'actor' in params:
                    entries = [entry for entry in entries if entry['actor'] == params['actor']]
                if 'limit' in params:
                    text = params['limit']
                    if not text.isdigit() or int(text) < 1:
                        return 400, {'error': 'limit must be a whole number, 1 or more'}
                    entries = entries[:int(text)]
                return 200, entries[::-1]
                """
            ),
            "a `limit` smaller than the number of entries, such as ?limit=2 with three entries",
            "it answers the two oldest entries (2, then 1); it should be the two newest (3, "
            "then 2)",
            (
                scenario(
                    audit("ann", "login"),
                    audit("bob", "login"),
                    audit("ann", "logout"),
                    expect(
                        call("GET", "/audit?limit=2"),
                        200,
                        [entry(3, "ann", "logout"), entry(2, "bob", "login")],
                    ),
                ),
            ),
        ),
        route="GET /audit",
        requires=("record_audit",),
    ),
    F(
        "get_audit_entry",
        "audit",
        HANDLER,
        "answers 200 with the audit entry whose id is in the path, or 404 with "
        '{"error": "entry not found"} when there is none',
        lookup("audit", "found", "entry") + "    return 200, found",
        (
            scenario(
                audit("ann", "login"),
                audit("bob", "login"),
                expect(call("GET", "/audit/2"), 200, entry(2, "bob", "login")),
                expect(call("GET", "/audit/3"), 404, _ENTRY_MISSING),
            ),
        ),
        route="GET /audit/{id}",
        requires=("record_audit",),
    ),
    F(
        "refuse_audit_delete",
        "audit",
        HANDLER,
        "refuses to delete an audit entry, the log being append-only: it answers 405 with "
        '{"error": "audit entries cannot be changed"} whatever the id in the path, and the '
        "entry stays as it was",
        "    return 405, {'error': 'audit entries cannot be changed'}",
        (
            scenario(
                audit("ann", "login"),
                expect(call("DELETE", "/audit/1"), 405, _APPEND_ONLY),
                expect(call("DELETE", "/audit/8"), 405, _APPEND_ONLY),
                expect(call("GET", "/audit"), 200, [entry(1, "ann", "login")]),
            ),
        ),
        route="DELETE /audit/{id}",
        requires=("record_audit", "list_audit"),
    ),
)

# ---- named counters ----


def counter(i: int, name: str, value: int, start: int = 0) -> dict[str, object]:
    """A counter as the service answers it."""
    return {"id": i, "name": name, "start": start, "value": value}


def new_counter(name: str, start: object = None) -> str:
    """POST /counters."""
    return call(
        "POST", "/counters", {"name": name} if start is None else {"name": name, "start": start}
    )


def step(counter_id: int, way: str, by: object = None) -> str:
    """POST /counters/<id>/increment or /decrement, with `by` when given."""
    return call("POST", f"/counters/{counter_id}/{way}", None if by is None else {"by": by})


_COUNTER_LOOKUP = lookup("counters", "counter", "counter")
_COUNTER_MISSING = {"error": "counter not found"}
_BY = {"error": "by must be a whole number, 1 or more"}
_BELOW_ZERO = {"error": "counter cannot go below 0"}
_BY_CHECK = (
    code(
        """
    by = body.get('by', 1) if isinstance(body, dict) else 1
    if isinstance(by, bool) or not isinstance(by, int) or by < 1:
        return 400, {'error': 'by must be a whole number, 1 or more'}
    """
    )
    + "\n"
)
_DECREMENT = (
    _COUNTER_LOOKUP
    + _BY_CHECK
    + code(
        """
    if counter['value'] - by < 0:
        return 409, {'error': 'counter cannot go below 0'}
    return 200, store.update('counters', counter['id'], {'value': counter['value'] - by})
    """
    )
)

COUNTERS: tuple[FunctionTemplate, ...] = (
    F(
        "create_counter",
        "counters",
        HANDLER,
        "creates a counter from a JSON body with a `name` (a non-empty string) and an "
        "optional `start` (a whole number, 0 or more; default 0), and answers 201 with the "
        "counter: its `id` (counting from 1), `name`, `start` and `value` (equal to start). "
        'It answers 400 with {"error": "name is required"} or {"error": "start must be a '
        'whole number, 0 or more"} when one is wrong',
        DATA
        + code(
            """
            name = data.get('name')
            if not isinstance(name, str) or not name.strip():
                return 400, {'error': 'name is required'}
            start = data.get('start', 0)
            if isinstance(start, bool) or not isinstance(start, int) or start < 0:
                return 400, {'error': 'start must be a whole number, 0 or more'}
            return 201, store.add('counters', {'name': name, 'start': start, 'value': start})
            """
        ),
        (
            scenario(
                expect(new_counter("visits"), 201, counter(1, "visits", 0)),
                expect(new_counter("tickets", 100), 201, counter(2, "tickets", 100, 100)),
                expect(
                    new_counter("x", -1), 400, {"error": "start must be a whole number, 0 or more"}
                ),
                expect(
                    new_counter("x", 2.5), 400, {"error": "start must be a whole number, 0 or more"}
                ),
                expect(call("POST", "/counters", {"start": 1}), 400, _NAME_REQUIRED),
            ),
        ),
        route="POST /counters",
    ),
    F(
        "increment_counter",
        "counters",
        HANDLER,
        'adds the JSON body\'s `by` (a whole number, 1 or more; text such as "2" is not one) '
        "to the value of the counter "
        "whose id is in the path and answers 200 with the counter; without `by`, or without "
        'any body at all, it adds 1. 404 with {"error": "counter not found"} for an unknown '
        'counter, 400 with {"error": "by must be a whole number, 1 or more"} for another `by`',
        _COUNTER_LOOKUP
        + _BY_CHECK
        + "    return 200, store.update('counters', counter['id'], {'value': counter['value'] + by})",
        (
            scenario(
                new_counter("visits"),
                expect(step(1, "increment", 5), 200, counter(1, "visits", 5)),
                expect(call("POST", "/counters/1/increment", {}), 200, counter(1, "visits", 6)),
                expect(step(1, "increment"), 200, counter(1, "visits", 7)),
                expect(step(1, "increment", 0), 400, _BY),
                expect(step(1, "increment", "2"), 400, _BY),
                expect(step(2, "increment"), 404, _COUNTER_MISSING),
            ),
        ),
        defect=Defect(
            _COUNTER_LOOKUP
            + code(
                """
                by = body.get('by', 1)
                if isinstance(by, bool) or not isinstance(by, int) or by < 1:
                    return 400, {'error': 'by must be a whole number, 1 or more'}
                return 200, store.update('counters', counter['id'], {'value': counter['value'] + by})
                """
            ),
            "a POST without any body, such as POST /counters/1/increment with nothing sent",
            "the request fails with a server error (500); without a body it should add 1",
            (
                scenario(
                    new_counter("visits"),
                    expect(step(1, "increment"), 200, counter(1, "visits", 1)),
                    expect(step(1, "increment", 2), 200, counter(1, "visits", 3)),
                ),
            ),
        ),
        route="POST /counters/{id}/increment",
        requires=("create_counter",),
    ),
    F(
        "decrement_counter",
        "counters",
        HANDLER,
        "takes the JSON body's `by` (a whole number, 1 or more; 1 without `by` or without "
        "any body) off the value of the counter whose id is in the path and answers 200 with "
        "the counter. A counter never goes below 0: a `by` larger than the value is a 409 "
        'with {"error": "counter cannot go below 0"} (coming down to exactly 0 is fine). '
        '404 with {"error": "counter not found"} for an unknown counter, 400 with '
        '{"error": "by must be a whole number, 1 or more"} for another `by`',
        _DECREMENT,
        (
            scenario(
                new_counter("seats", 10),
                expect(step(1, "decrement", 4), 200, counter(1, "seats", 6, 10)),
                expect(step(1, "decrement"), 200, counter(1, "seats", 5, 10)),
                expect(step(1, "decrement", 6), 409, _BELOW_ZERO),
                expect(step(1, "decrement", -1), 400, _BY),
                expect(step(3, "decrement"), 404, _COUNTER_MISSING),
                expect(step(1, "decrement", 5), 200, counter(1, "seats", 0, 10)),
            ),
        ),
        defect=Defect(
            _DECREMENT.replace("counter['value'] - by < 0", "counter['value'] - by <= 0"),
            "a decrement that brings the counter down to exactly 0, such as by 3 when the "
            "value is 3",
            'it answers 409 with {"error": "counter cannot go below 0"}; 0 itself is allowed',
            (
                scenario(
                    new_counter("seats", 3),
                    expect(step(1, "decrement", 3), 200, counter(1, "seats", 0, 3)),
                    expect(step(1, "decrement"), 409, _BELOW_ZERO),
                ),
            ),
        ),
        route="POST /counters/{id}/decrement",
        requires=("create_counter",),
    ),
    F(
        "reset_counter",
        "counters",
        HANDLER,
        "sets the value of the counter whose id is in the path back to its `start` and "
        'answers 200 with the counter; 404 with {"error": "counter not found"} for an unknown '
        "counter",
        _COUNTER_LOOKUP
        + "    return 200, store.update('counters', counter['id'], {'value': counter['start']})",
        (
            scenario(
                new_counter("visits"),
                new_counter("tickets", 100),
                step(1, "increment", 7),
                step(2, "increment", 5),
                expect(call("POST", "/counters/1/reset"), 200, counter(1, "visits", 0)),
                expect(call("POST", "/counters/2/reset"), 200, counter(2, "tickets", 100, 100)),
                expect(call("POST", "/counters/3/reset"), 404, _COUNTER_MISSING),
            ),
        ),
        defect=Defect(
            _COUNTER_LOOKUP
            + "    return 200, store.update('counters', counter['id'], {'value': 0})",
            "a counter that started above 0, such as one created with start 100",
            "it is reset to 0; it should go back to its start (100)",
            (
                scenario(
                    new_counter("tickets", 100),
                    step(1, "increment", 5),
                    expect(call("POST", "/counters/1/reset"), 200, counter(1, "tickets", 100, 100)),
                ),
            ),
        ),
        route="POST /counters/{id}/reset",
        requires=("create_counter", "increment_counter"),
    ),
)

# ---- a key/value cache whose entries expire after a number of reads ----


def cached(key: str, value: object, reads_left: int) -> dict[str, object]:
    """A cache entry as the service answers it."""
    return {"key": key, "value": value, "reads_left": reads_left}


def cache_it(key: str, value: object, reads: object = None) -> str:
    """POST /cache."""
    fields = {"key": key, "value": value}
    if reads is not None:
        fields["reads"] = reads
    return call("POST", "/cache", fields)


_KEY_MISSING = {"error": "key not found"}
_READS = {"error": "reads must be a whole number, 1 or more"}
_CACHE_ENTRY = (
    code(
        """
    found = next((e for e in store.records('cache') if e['key'] == params['key']), None)
    if found is None:
        return 404, {'error': 'key not found'}
    """
    )
    + "\n"
)
_CACHE_PUT = DATA + code(
    """
    key = data.get('key')
    if not isinstance(key, str) or not key.strip():
        return 400, {'error': 'key is required'}
    reads = data.get('reads', 1)
    if isinstance(reads, bool) or not isinstance(reads, int) or reads < 1:
        return 400, {'error': 'reads must be a whole number, 1 or more'}
    fields = {'key': key, 'value': data.get('value'), 'reads_left': reads}
    for found in store.records('cache'):
        if found['key'] == key:
            store.update('cache', found['id'], fields)
            return 200, fields
    store.add('cache', fields)
    return 201, fields
    """
)
_CACHE_GET = _CACHE_ENTRY + code(
    """
    left = found['reads_left'] - 1
    if left == 0:
        store.remove('cache', found['id'])
    else:
        store.update('cache', found['id'], {'reads_left': left})
    return 200, {'key': found['key'], 'value': found['value'], 'reads_left': left}
    """
)
_CACHE_KEYS = code(
    """
    entries = sorted(store.records('cache'), key=lambda e: e['key'])
    return 200, [{'key': e['key'], 'reads_left': e['reads_left']} for e in entries]
    """
)

CACHE: tuple[FunctionTemplate, ...] = (
    F(
        "cache_put",
        "cache",
        HANDLER,
        "stores a value in the cache from a JSON body with a `key` (a non-empty string), a "
        "`value` (any JSON) and an optional `reads` (a whole number, 1 or more, text such as "
        '"5" not being one; default 1): '
        "how many times it can be read before it expires. It answers "
        '{"key": k, "value": v, "reads_left": r}, `reads_left` being `reads`: 201 for a new '
        "key, 200 when it replaces the entry the key had (value and reads both). It answers "
        '400 with {"error": "key is required"} or {"error": "reads must be a whole number, '
        '1 or more"} when one is wrong',
        _CACHE_PUT,
        (
            scenario(
                expect(cache_it("greeting", "hello", 3), 201, cached("greeting", "hello", 3)),
                expect(cache_it("ids", [1, 2]), 201, cached("ids", [1, 2], 1)),
                expect(cache_it("greeting", "hi", 2), 200, cached("greeting", "hi", 2)),
                expect(cache_it("x", 1, 0), 400, _READS),
                expect(cache_it("x", 1, "5"), 400, _READS),
                expect(call("POST", "/cache", {"value": 1}), 400, _KEY_REQUIRED),
            ),
        ),
        route="POST /cache",
    ),
    F(
        "cache_get",
        "cache",
        HANDLER,
        "reads the cache entry whose key is in the path (`GET /cache/greeting`): it answers "
        '200 with {"key": k, "value": v, "reads_left": r}, `reads_left` being the reads left '
        "after this one, and the read that brings it to 0 is the entry's last: after it the "
        'key is gone. An unknown or expired key answers 404 with {"error": "key not found"}',
        _CACHE_GET,
        (
            scenario(
                cache_it("greeting", "hello", 2),
                cache_it("ids", [1, 2]),
                expect(call("GET", "/cache/greeting"), 200, cached("greeting", "hello", 1)),
                expect(call("GET", "/cache/greeting"), 200, cached("greeting", "hello", 0)),
                expect(call("GET", "/cache/greeting"), 404, _KEY_MISSING),
                expect(call("GET", "/cache/nothing"), 404, _KEY_MISSING),
                expect(call("GET", "/cache/ids"), 200, cached("ids", [1, 2], 0)),
            ),
        ),
        defect=Defect(
            _CACHE_ENTRY
            + code(
                """
                left = found['reads_left'] - 1
                if left <= 0:
                    store.remove('cache', found['id'])
                    return 404, {'error': 'key not found'}
                store.update('cache', found['id'], {'reads_left': left})
                return 200, {'key': found['key'], 'value': found['value'], 'reads_left': left}
                """
            ),
            "the last read an entry has, such as the first read of an entry stored with reads 1",
            'it answers 404 with {"error": "key not found"}: the entry expires one read too '
            'early. That read should answer the value with "reads_left": 0',
            (
                scenario(
                    cache_it("token", "abc"),
                    expect(call("GET", "/cache/token"), 200, cached("token", "abc", 0)),
                    expect(call("GET", "/cache/token"), 404, _KEY_MISSING),
                ),
            ),
        ),
        route="GET /cache/{key}",
        requires=("cache_put",),
    ),
    F(
        "cache_delete",
        "cache",
        HANDLER,
        "deletes the cache entry whose key is in the path and answers 204 with an empty "
        'body; 404 with {"error": "key not found"} for an unknown or expired key',
        _CACHE_ENTRY + "    store.remove('cache', found['id'])\n    return 204, None",
        (
            scenario(
                cache_it("greeting", "hello", 3),
                cache_it("token", "abc"),
                expect(call("DELETE", "/cache/greeting"), 204, None),
                expect(call("GET", "/cache/greeting"), 404, _KEY_MISSING),
                expect(call("DELETE", "/cache/greeting"), 404, _KEY_MISSING),
                call("GET", "/cache/token"),
                expect(call("DELETE", "/cache/token"), 404, _KEY_MISSING),
            ),
        ),
        route="DELETE /cache/{key}",
        requires=("cache_put", "cache_get"),
    ),
    F(
        "cache_keys",
        "cache",
        HANDLER,
        'answers 200 with the entries in the cache as a list of {"key": k, "reads_left": r} '
        "sorted by key (the values are left out); expired entries are not listed",
        _CACHE_KEYS,
        (
            scenario(
                expect(call("GET", "/cache"), 200, []),
                cache_it("token", "abc"),
                cache_it("greeting", "hello", 3),
                cache_it("ids", [1, 2], 2),
                call("GET", "/cache/token"),
                call("GET", "/cache/ids"),
                expect(
                    call("GET", "/cache"),
                    200,
                    [{"key": "greeting", "reads_left": 3}, {"key": "ids", "reads_left": 1}],
                ),
            ),
        ),
        change=Change(
            'GET /cache answers an object {"count": n, "entries": [...]} instead of the bare '
            "list: `entries` is the list it answered so far and `count` how many entries it has",
            code(
                """
                entries = sorted(store.records('cache'), key=lambda e: e['key'])
                listed = [{'key': e['key'], 'reads_left': e['reads_left']} for e in entries]
                return 200, {'count': len(listed), 'entries': listed}
                """
            ),
            (
                scenario(
                    expect(call("GET", "/cache"), 200, {"count": 0, "entries": []}),
                    cache_it("token", "abc"),
                    cache_it("greeting", "hello", 3),
                    expect(
                        call("GET", "/cache"),
                        200,
                        {
                            "count": 2,
                            "entries": [
                                {"key": "greeting", "reads_left": 3},
                                {"key": "token", "reads_left": 1},
                            ],
                        },
                    ),
                ),
            ),
        ),
        route="GET /cache",
        requires=("cache_put", "cache_get"),
    ),
)


MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *NOTES,
    *TASKS,
    *INVENTORY,
    *CONTACTS,
    *BOOKMARKS,
    *EVENTS,
    *COMMENTS,
    *PROJECTS,
    *INVOICES,
    *TICKETS,
    *POLLS,
    *RECIPES,
    *ROOMS,
    *PREFERENCES,
    *LOANS,
    *CARTS,
    *FLAGS,
    *AUDIT,
    *COUNTERS,
    *CACHE,
)
