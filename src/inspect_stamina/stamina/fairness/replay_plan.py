"""What a fairness replay leaves out and checks: the work turns, and the checks a
session runs after each turn (``replay.py`` replays them)."""

from __future__ import annotations

from collections.abc import Sequence

from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.script import Checkpoint


def in_force(checkpoints: Sequence[Checkpoint], turn: int) -> list[Checkpoint]:
    """Checkpoints of turns before ``turn`` that still hold at it (not past their until_turn)."""
    return [
        c
        for c in checkpoints
        if c.at_turn < turn and (c.until_turn is None or turn <= c.until_turn)
    ]


def due_checks(loaded: LoadedScript, turn: Turn) -> list[Checkpoint]:
    """What a session runs after a turn: its checkpoints and the earlier ones in force
    (regressions re-run only at turns that have checkpoints of their own)."""
    if not turn.checkpoints:
        return []
    return [*turn.checkpoints, *in_force(loaded.checkpoints(), turn.number)]


def work_turns(loaded: LoadedScript) -> list[Turn]:
    """The turns whose reference changes the code: any turn with a reference (a robustness
    turn's real request beside its mistaken one is work too)."""
    return [t for t in loaded.turns() if t.prompt.reference]
