"""The web API as a whole: its health, its record counts and the store that persists them."""

from __future__ import annotations

from inspect_stamina.generator.model import FunctionTemplate
from inspect_stamina.generator.webapi.handlers import HANDLER, code
from inspect_stamina.generator.webapi.scenarios import (
    RESTART,
    call,
    expect,
    new_note,
    new_task,
    note,
    scenario,
)

F = FunctionTemplate

SERVICE: tuple[FunctionTemplate, ...] = (
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
