"""The web API's planted constants and the endpoints that must reuse them."""

from __future__ import annotations

from inspect_stamina.generator.model import Cases, FunctionTemplate, Plant
from inspect_stamina.generator.webapi.handlers import HANDLER, NOTE_LOOKUP, code
from inspect_stamina.generator.webapi.scenarios import (
    Src,
    call,
    expect,
    new_note,
    note,
    scenario,
)

F = FunctionTemplate

TITLES = "abcdef"  # six notes: two pages for every page size drawn


def _pages_cases(size: int) -> Cases:
    """The paging probe's scenario when a page holds `size` notes."""
    return (
        scenario(
            f"for title in {TITLES!r}: " + call("POST", "/notes", {"title": Src("title")}),
            expect(
                call("GET", "/notes/pages/1"),
                200,
                {
                    "page": 1,
                    "notes": [note(i, t) for i, t in enumerate(TITLES[:size], 1)],
                    "more": True,
                },
            ),
            expect(call("GET", "/notes/pages/0"), 400, {"error": "page must be 1 or more"}),
            expect(
                call("GET", "/notes/pages/2"),
                200,
                {
                    "page": 2,
                    "notes": [note(i, t) for i, t in enumerate(TITLES[size:], size + 1)],
                    "more": False,
                },
            ),
        ),
    )


# a body of exactly the preview length for each length drawn: shown whole, no "..."
EXACT = {
    12: "twelve chars",
    16: "sixteen chars ok",
    20: "exactly twenty chars",
    24: "two dozen characters ok.",
}
LONG = "buy oat milk, bread, apples and tea"


def _preview_cases(length: int) -> Cases:
    """The preview probe's scenario when a preview shows `length` characters."""
    exact = EXACT[length]
    assert len(exact) == length < len(LONG)
    return (
        scenario(
            new_note("eggs", "two eggs"),
            new_note("shop", LONG),
            new_note("exact", exact),
            expect(call("GET", "/notes/1/preview"), 200, {"id": 1, "preview": "two eggs"}),
            expect(call("GET", "/notes/3/preview"), 200, {"id": 3, "preview": exact}),
            expect(
                call("GET", "/notes/2/preview"), 200, {"id": 2, "preview": LONG[:length] + "..."}
            ),
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
            _pages_cases(4),
            route="GET /notes/pages/{page}",
            requires=("create_note",),
        ),
        variants=tuple((str(size), _pages_cases(size)) for size in (3, 5)),
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
            NOTE_LOOKUP
            + code(
                """
                text = note['body']
                preview = text if len(text) <= PREVIEW_LENGTH else text[:PREVIEW_LENGTH] + '...'
                return 200, {'id': note['id'], 'preview': preview}
                """
            ),
            _preview_cases(20),
            route="GET /notes/{id}/preview",
            requires=("create_note",),
        ),
        variants=tuple((str(length), _preview_cases(length)) for length in (12, 16, 24)),
    ),
)
