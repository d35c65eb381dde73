"""The web API's notes: create, list, read, update, delete and count them."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import HANDLER, NOTE_LOOKUP, TITLE_CHECK, code
from inspect_stamina.generator.webapi.scenarios import (
    NOTE_MISSING,
    TITLE_REQUIRED,
    Src,
    call,
    expect,
    new_note,
    note,
    scenario,
)

F = FunctionTemplate

_CREATE_NOTE = "    return 201, store.add('notes', {'title': body['title'], 'body': str(body.get('body', ''))})"

NOTES: tuple[FunctionTemplate, ...] = (
    F(
        "create_note",
        "notes",
        HANDLER,
        "creates a note from a JSON body with a `title` (a non-empty string) and an optional "
        '`body` text (default ""), and answers 201 with the note: its `id` (counting from 1), '
        '`title` and `body`. Without a title it answers 400 with {"error": "title is required"}',
        TITLE_CHECK + _CREATE_NOTE,
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
            TITLE_CHECK + "    if len(body['title']) > 60:\n"
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
        NOTE_LOOKUP + "    return 200, note",
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
        NOTE_LOOKUP + "    store.remove('notes', note['id'])\n    return 204, None",
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
        NOTE_LOOKUP
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
            NOTE_LOOKUP
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
)
