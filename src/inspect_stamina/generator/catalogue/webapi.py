"""More functions of the webapi domain, asked for from generator version 3 on.

More endpoints on the notes, tasks and stock items of the first catalogue (search, copy,
append, word counts, clearing; deleting, reopening and re-prioritising tasks; selling
and repricing stock) and four new resources, each opened by a create endpoint the others'
tests require: contacts, bookmarks, events and comments on notes. Each summary states
every status, key, message, order and filter its cases and its defect's cases check.
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import HANDLER, NOTE_LOOKUP, TITLE_CHECK, code
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

MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *NOTES,
    *TASKS,
    *INVENTORY,
    *CONTACTS,
    *BOOKMARKS,
    *EVENTS,
    *COMMENTS,
)
