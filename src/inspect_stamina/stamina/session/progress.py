"""Live progress in Inspect's display while sessions run: turns done, the last checkpoint.

A session is one sample, so Inspect's own counter reads `Samples 0/1` for the whole of a
100-turn run. Two display counters say more: the turns finished over every session this
process has running or ran (with `--display log` they are logged as lines), and the
latest checkpoint turn's result.
"""

from __future__ import annotations

from inspect_ai.util import display_counter

from inspect_stamina.stamina.record import TurnRecord

TURNS_CAPTION = "stamina turns"
CHECKPOINT_CAPTION = "last checkpoint"
# keyed by sample uuid: (turns finished, turns in its script)
_sessions: dict[str, tuple[int, int]] = {}


def session_started(sample: str, total_turns: int) -> None:
    """Count a new session's turns in the process-wide tally."""
    _sessions[sample] = (0, total_turns)
    _show_turns()


def turn_finished(sample: str, record: TurnRecord) -> None:
    """One more turn done; a checkpoint turn also shows what its checks found."""
    done, total = _sessions.get(sample, (0, 0))
    _sessions[sample] = (done + 1, max(total, record.turn))
    _show_turns()
    if record.checkpoints:
        display_counter(CHECKPOINT_CAPTION, checkpoint_line(record))


def checkpoint_line(record: TurnRecord) -> str:
    """`turn 12: 3/3 passed`, or which one failed first, short enough for a footer."""
    passed = sum(c.passed for c in record.checkpoints)
    line = f"turn {record.turn}: {passed}/{len(record.checkpoints)} passed"
    failed = next((c.name for c in record.checkpoints if not c.passed), None)
    return line if failed is None else f"{line}, {failed[:40]} failed"


def _show_turns() -> None:
    done = sum(d for d, _ in _sessions.values())
    total = sum(t for _, t in _sessions.values())
    display_counter(TURNS_CAPTION, f"{done}/{total}")
