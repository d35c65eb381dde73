"""Version 3's persistence: the data file's layout stated, and its late second layout.

Up to version 2 the user asks for records that survive a restart and leaves the file's
layout to the agent. Version 3 states it when persistence is asked for (`OPEN_STORE`),
since a later turn moves the file to a second layout that must still read the first
(`LAYOUT_CHANGE_CASES`, `planner/store_format.py`), and a test can only write a file in a
layout some prompt stated. Every case touches notes alone: the only kind of record whose
name and shape every service script states (`create_note` opens each one).
"""

from __future__ import annotations

from inspect_stamina.generator.model import Cases, FunctionTemplate
from inspect_stamina.generator.webapi.scenarios import (
    Src,
    call,
    expect,
    new_note,
    note,
    scenario,
)
from inspect_stamina.generator.webapi.service import SERVICE

FIRST_LAYOUT = (
    '`{"tables": {"notes": [...], ...}, "next_ids": {"notes": 3, ...}}`: under `tables`, '
    "each kind of record's records in id order (the notes under `notes`, each as the API "
    "answers it), and under `next_ids` the id each kind will give its next record"
)
SECOND_LAYOUT = (
    '`{"format": 2, "collections": {"notes": {"next_id": 3, "records": [...]}, ...}}`: '
    "under `collections`, each kind of record (the notes under `notes`) with its next id "
    "(`next_id`) and its records in id order (`records`, each as the API answers it)"
)

# the published template's body: its store reads and writes whatever store.py's layout is
_PUBLISHED = next(t for t in SERVICE if t.name == "open_store")
# its one case: records and ids survive a restart
[_RESTARTS] = _PUBLISHED.cases

_FILE = "os.path.join(api.home, 'state.json')"
_STOPPED_READ = (
    "api.stop()",
    f"with open({_FILE}, encoding='utf-8') as file:\n    data = json.load(file)",
)
_OLD_NOTES = [note(1, "milk"), note(4, "tea", "green")]
_OLD_FILE = {"tables": {"notes": _OLD_NOTES}, "next_ids": {"notes": 5}}
_NEW_FILE = {"format": 2, "collections": {"notes": {"next_id": 5, "records": _OLD_NOTES}}}


def _written(data: object) -> tuple[str, ...]:
    """Steps that stop the server, write this data file and start it again."""
    return (
        "api.stop()",
        f"with open({_FILE}, 'w', encoding='utf-8') as file:\n    json.dump({data!r}, file)",
        "api.start()",
    )


def _reads(data: object) -> tuple[str, str]:
    """A case: a data file written while the server is down is what it serves."""
    return scenario(
        *_written(data),
        expect(call("GET", "/notes/4"), 200, note(4, "tea", "green")),
        expect(call("GET", "/notes/1"), 200, note(1, "milk")),
        expect(new_note("jam"), 201, note(5, "jam")),
    )


def _writes_first_layout() -> tuple[str, str]:
    return scenario(
        new_note("milk"),
        new_note("eggs", "a dozen"),
        *_STOPPED_READ,
        (
            Src("(data['tables']['notes'], data['next_ids']['notes'])"),
            repr(([note(1, "milk"), note(2, "eggs", "a dozen")], 3)),
        ),
    )


OPEN_STORE = FunctionTemplate(
    "open_store",
    "storage",
    "path",
    "returns the store the server uses: it reads the records from the JSON file at path "
    "when the server starts (if the file exists) and writes them back after every change, "
    "so that the records and their ids survive a restart. The file holds one JSON object, "
    f"{FIRST_LAYOUT}",
    _PUBLISHED.body,
    (_RESTARTS, _writes_first_layout(), _reads(_OLD_FILE)),
    requires=_PUBLISHED.requires,
)

# the store format turn: open_store's cases once the file moves to the second layout (the
# first layout still read, written anew at the next change)
LAYOUT_CHANGE_CASES: Cases = (
    _RESTARTS,
    _reads(_OLD_FILE),
    _reads(_NEW_FILE),
    scenario(
        new_note("milk"),
        new_note("eggs", "a dozen"),
        *_STOPPED_READ,
        (
            Src("(data['format'], data['collections']['notes'])"),
            repr((2, {"next_id": 3, "records": [note(1, "milk"), note(2, "eggs", "a dozen")]})),
        ),
    ),
    scenario(
        *_written(_OLD_FILE),
        new_note("jam"),
        *_STOPPED_READ,
        (
            Src("(data['format'], data['collections']['notes'])"),
            repr((2, {"next_id": 6, "records": [*_OLD_NOTES, note(5, "jam")]})),
        ),
    ),
)

__all__ = ["FIRST_LAYOUT", "LAYOUT_CHANGE_CASES", "OPEN_STORE", "SECOND_LAYOUT"]
