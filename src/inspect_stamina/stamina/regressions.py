"""Which earlier checkpoints a check run re-runs: a session's regression policy.

A passed checkpoint is re-run to catch regressions. Under ``phase_end`` (the default)
every passed checkpoint is re-run at each phase's last turn: a regression is a check
that passed at its own turn and fails when a later phase ends (or in the acceptance
run). Stamina, solved, completion and the pass rate come from each checkpoint at its own
turn, never from these re-runs, and the agent never sees them; so re-running less often
changes only the ``regressions`` count (a break repaired before its phase ends is not
counted) and the turn where a regression shows, and it halved the flagship's session
time. ``affected`` also re-runs, at every checkpoint turn, the passed checkpoints
whose inputs changed: a checkpoint that says which paths it ``reads`` waits until one of
them changes; one that does not say is re-run after any change. ``all`` re-runs every
passed checkpoint at every checkpoint turn, ``none`` never.
"""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase
from typing import Literal, get_args

from inspect_stamina.stamina.loaded_script import Turn
from inspect_stamina.stamina.script import Checkpoint

Regressions = Literal["affected", "all", "phase_end", "none"]
REGRESSION_MODES: tuple[str, ...] = get_args(Regressions)
# a regression is a check still broken when a later phase ends (see above)
DEFAULT_REGRESSIONS: Regressions = "phase_end"


def _matches(path: str, entry: str) -> bool:
    return path.startswith(entry) if entry.endswith("/") else fnmatchcase(path, entry)


def reads_path(checkpoint: Checkpoint, path: str) -> bool:
    """Whether a change to this workspace path can change the checkpoint's result: it
    matches an entry of ``reads`` (any path, when every entry is a ``!`` exclusion) and
    no ``!`` entry; without ``reads``, every path counts."""
    if checkpoint.reads is None:
        return True
    included = [e for e in checkpoint.reads if not e.startswith("!")]
    excluded = [e[1:] for e in checkpoint.reads if e.startswith("!")]
    if included and not any(_matches(path, e) for e in included):
        return False
    return not any(_matches(path, e) for e in excluded)


class CheckpointLedger:
    """A session's checkpoints by outcome: passed (and whether their inputs changed since
    they last ran), and failed at the last checkpoint turn (re-checked once at the next)."""

    def __init__(self, mode: Regressions) -> None:
        self.mode = mode
        self.passed: dict[str, Checkpoint] = {}
        self.stale: set[str] = set()
        self.failed: dict[str, Checkpoint] = {}

    def _regression_turn(self, turn: Turn) -> bool:
        if self.mode == "none":
            return False
        if self.mode == "phase_end":
            return turn.last_of_phase
        return bool(turn.checkpoints) or (self.mode == "affected" and turn.last_of_phase)

    def needs_changes_first(self, turn: Turn) -> bool:
        """Whether the due regressions depend on this turn's changed files, so that the
        session must list them before the check run rather than within it."""
        return (
            self.mode == "affected"
            and self._regression_turn(turn)
            and not turn.last_of_phase
            and any(c.reads is not None for c in self.passed.values())
        )

    def note_changes(self, paths: Iterable[str]) -> None:
        """Workspace files changed: the passed checkpoints that read them may now differ."""
        changed = list(paths)
        if not changed:
            return
        for label, checkpoint in self.passed.items():
            if label not in self.stale and any(reads_path(checkpoint, p) for p in changed):
                self.stale.add(label)

    def note_everything_changed(self) -> None:
        """The workspace was replaced (teacher forcing): every passed checkpoint may differ."""
        self.stale = set(self.passed)

    def due_regressions(self, turn: Turn, changes_known: bool) -> list[Checkpoint]:
        """The earlier passed checkpoints to re-run with this turn's, as the mode says;
        without the turn's changes known yet, ``affected`` re-runs every passed one."""
        if not self._regression_turn(turn):
            return []
        selective = self.mode == "affected" and changes_known and not turn.last_of_phase
        return [
            c
            for label, c in self.passed.items()
            if c.at_turn < turn.number
            and (c.until_turn is None or turn.number <= c.until_turn)
            and (not selective or label in self.stale)
        ]

    def due_rechecks(self, turn: Turn) -> list[Checkpoint]:
        """At a checkpoint turn, the checkpoints that failed at the previous one (once)."""
        if not turn.checkpoints:
            return []
        due = [
            c for c in self.failed.values() if c.until_turn is None or turn.number <= c.until_turn
        ]
        self.failed = {}
        return due

    def passed_now(self, checkpoint: Checkpoint) -> None:
        """It passed on the current workspace."""
        self.passed[checkpoint.label] = checkpoint
        self.stale.discard(checkpoint.label)

    def regressed(self, checkpoint: Checkpoint) -> None:
        """A re-run failed: it is no longer counted as passed."""
        self.passed.pop(checkpoint.label, None)
        self.stale.discard(checkpoint.label)

    def failed_now(self, checkpoint: Checkpoint) -> None:
        """Its own run failed: re-check it at the next checkpoint turn."""
        self.failed[checkpoint.label] = checkpoint
