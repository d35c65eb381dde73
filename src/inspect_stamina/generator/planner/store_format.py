"""A service's late data-format change (version 3): a second layout, the first still read.

Version 3 states the layout of the service's data file when persistence is asked for
(`webapi/persistence.py`). Late on, the user moves the file to a second layout: the
server must write the new one and still load files in the old one, written anew at their
next change. The turn's test writes files in either layout while the server is down and
reads what the server serves and writes: it fails on the project before the turn (the
file it writes is in the first layout) and passes after it; the old layout's cases keep
files already on disk readable.
"""

from __future__ import annotations

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner
from inspect_stamina.generator.webapi.persistence import (
    LAYOUT_CHANGE_CASES,
    OPEN_STORE,
    SECOND_LAYOUT,
)


def changeable_stores(planner: Planner) -> list[str]:
    """The store opener, once: live, asked for with its layout stated, not yet changed."""
    project = planner.project
    name = project.current_names().get(OPEN_STORE.name)
    if planner.version < 3 or project.store_layout != 1 or name is None:
        return []
    return [name] if project.functions[name].template is OPEN_STORE else []


def store_format_turn(planner: Planner, number: int) -> GeneratedTurn:
    """The second layout stated; the opener checked on files in both."""
    [name] = changeable_stores(planner)
    live, pkg = planner.project.functions[name], planner.project.package
    planner.project.store_layout = 2
    live.cases, live.changed = LAYOUT_CHANGE_CASES, True
    planner.retire(name, number - 1)  # their case reads back the first layout
    text = planner.noisy_prose(
        f"The data file of `{pkg}` moves to a second layout, so that each kind of record "
        f"keeps its next id beside its records: {SECOND_LAYOUT}. From now on the server "
        "writes the new layout. The files already on disk stay in the first one "
        "(`tables` and `next_ids`) until they change: the server must still load them, "
        "records and next ids kept, and write them in the new layout at their next change."
    )
    turn = planner.code_turn(
        number,
        "feature",
        text,
        f"The store now writes the second layout and reads both; `{name}` is unchanged.",
        name,
    )
    assert turn.checkpoint is not None
    turn.checkpoint["name"] = "the data file's second layout, the first still read"
    return turn


__all__ = ["changeable_stores", "store_format_turn"]
