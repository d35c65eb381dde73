"""A late-phase change of the data format (version 3): a new layout, the old one still read.

The files the project reads gain a second layout (`catalogue/format_changes.py`); the user
states it exactly and asks for both to be read, since the files already on disk keep the
old one. The turn's test runs the reader on its cases in both layouts and the commands
built on it on one case each, its input restated in the new layout: it fails on the
project before the turn (the marker line is read as a header) and passes after it, and
the reader's old cases keep it honest about the old layout.
"""

from __future__ import annotations

import ast
import re

from inspect_stamina.generator import commands
from inspect_stamina.generator.model import Cases, FormatChange
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner

_WRITTEN = re.compile(r"(?:'([^']*)'\))?\.write_text\(('(?:[^'\\]|\\.)*')\)")
MAX_COMMANDS = 2  # commands checked in the new layout, beside the reader itself


def _restated_literal(change: FormatChange, source: str) -> str | None:
    """A Python string literal's text restated, as a literal (None: not a text to restate)."""
    try:
        text = ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return None
    if not isinstance(text, str):
        return None
    restated = change.restate(text)
    return None if restated is None else repr(restated)


def _restated_cases(change: FormatChange, cases: Cases) -> Cases:
    """The reader's cases whose text can be restated, in the new layout."""
    restated = ((_restated_literal(change, args), expected) for args, expected in cases)
    return tuple((args, expected) for args, expected in restated if args is not None)


def _restated_command_case(change: FormatChange, case: str) -> str | None:
    """A command case whose every input file the reader reads is restated, or None."""
    written = [
        literal
        for name, literal in _WRITTEN.findall(case)
        if change.suffix is None or name.endswith(change.suffix)
    ]
    restated = [_restated_literal(change, literal) for literal in written]
    if not written or any(r is None for r in restated):
        return None
    for literal, new in zip(written, restated, strict=True):
        case = case.replace(f".write_text({literal})", f".write_text({new})", 1)
    return case


def changeable_readers(planner: Planner) -> list[str]:
    """The reader, once: live, its requirement unchanged, with a case in the new layout."""
    change = planner.domain.format_change
    if change is None or planner.version < 3:
        return []
    name = planner.project.current_names().get(change.function)
    if name is None or planner.project.functions[name].changed:
        return []
    if not _restated_cases(change, planner.project.functions[name].cases):
        return []
    return [name]


def format_change_turn(planner: Planner, number: int) -> GeneratedTurn:
    """The new layout stated; the reader and the commands on it checked in both."""
    change = planner.domain.format_change
    assert change is not None
    [name] = changeable_readers(planner)
    live = planner.project.functions[name]
    new_cases = _restated_cases(change, live.cases)
    live.body, live.changed = change.body, True
    live.cases = (*live.cases, *new_cases)
    checked: list[tuple[str, tuple[str, ...]]] = []
    for command_name, command in sorted(planner.project.commands.items()):
        if change.function not in command.template.uses or len(checked) >= MAX_COMMANDS:
            continue
        restated = [r for r in (_restated_command_case(change, c) for c in command.cases) if r]
        if restated:
            checked.append((command_name, (restated[0],)))
    pkg = planner.project.package
    also = f" and {change.readers}" if checked else ""
    text = planner.noisy_prose(
        f"{change.subject} are moving to a second layout: {change.layout}. Make `{name}`"
        f"{also} read both: {change.tells_apart()}, since the files already on disk stay "
        "in the old layout. What the commands print and write does not change: the old "
        "layout still."
    )
    extra = "\n\n" + commands.test(pkg, checked) if checked else ""
    turn = planner.code_turn(
        number,
        "feature",
        text,
        f"`{name}` now reads both layouts ({change.marks()}); old files read as before.",
        name,
        extra=extra,
    )
    assert turn.checkpoint is not None
    turn.checkpoint["name"] = f"{name} reads both layouts"
    for command_name, _ in checked:
        planner.checks_of.setdefault(f"command:{command_name}", []).append(turn)
    return turn


__all__ = ["MAX_COMMANDS", "changeable_readers", "format_change_turn"]
