"""A turn's check run: its checkpoints, the due regressions and re-checks, in one batch.

The check run also keeps the session's view of the workspace (the manifest of its
files), since which regressions are due depends on what a turn changed. With feedback
on, a failed checkpoint is shown to the agent, which works again before a re-run.
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import TaskState

from inspect_stamina.stamina.checks import run_checks, run_checks_with_manifest
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.record import CheckResult, TurnRecord
from inspect_stamina.stamina.regressions import CheckpointLedger
from inspect_stamina.stamina.sandbox import changed_files, workspace_manifest
from inspect_stamina.stamina.script import Checkpoint
from inspect_stamina.stamina.session.agent_run import AgentRun
from inspect_stamina.stamina.session.settings import SessionSettings

FEEDBACK_PROMPT = "A check failed after your last change:\n\n{output}\n\nPlease fix it."


class CheckRun:
    """Runs what is due at each turn and keeps the ledger of checkpoints and the manifest."""

    def __init__(self, loaded: LoadedScript, settings: SessionSettings, agent: AgentRun) -> None:
        self.loaded, self.settings, self.agent = loaded, settings, agent
        # checkpoints that failed at the last checkpoint turn are re-run at the next one,
        # so that stamina knows whether the failure was repaired (not regressions)
        self.ledger = CheckpointLedger(settings.regressions)
        self.manifest: dict[str, str] = {}
        self.copied = False

    async def refresh(self, everything_changed: bool = False) -> None:
        """Take the manifest anew: after a setup or an answer (not the agent's change), or
        after the workspace was replaced (then every passed checkpoint may differ)."""
        self.manifest = await workspace_manifest()
        if everything_changed:
            self.ledger.note_everything_changed()

    async def run(
        self, state: TaskState, turn: Turn, record: TurnRecord, copy_to: Path | None = None
    ) -> tuple[float, float]:
        """Run what is due in one batch; return (check command seconds, feedback seconds).

        The turn's changed files come from the manifest the check run takes first (one
        sandbox call for both), or from a manifest alone on a turn without checks, or
        taken before the run when they decide which checkpoints it re-runs (affected).
        With ``copy_to``, the check run also copies the workspace's source files there
        (``copied`` says whether it did, and they are still the workspace's).
        """
        self.copied = False
        before = self.manifest
        known: dict[str, str] | None = None
        if self.ledger.needs_changes_first(turn):
            # which checkpoints to re-run depends on what this turn changed
            known = await workspace_manifest()
            self.ledger.note_changes(changed_files(before, known))
        earlier = self.ledger.due_regressions(turn, changes_known=known is not None)
        again = self.ledger.due_rechecks(turn)
        record.regression_runs = len(earlier)
        results: list[CheckResult] = []
        listing: dict[str, str] | None = known
        if turn.checkpoints or earlier or again:
            results, run_listing, self.copied = await run_checks_with_manifest(
                [*turn.checkpoints, *earlier, *again],
                self.loaded.directory,
                manifest=known is None,
                isolation=self.loaded.script.isolation,
                copy_to=copy_to,
            )
            listing = known if known is not None else run_listing
        self.manifest = listing if listing is not None else await workspace_manifest()
        record.changed = changed_files(before, self.manifest)
        if known is None:
            self.ledger.note_changes(record.changed)
        seconds, feedback_seconds = sum(r.seconds for r in results), 0.0
        own, rerun = len(turn.checkpoints), len(turn.checkpoints) + len(earlier)
        self._note_regressions(record, earlier, results[own:rerun])
        for checkpoint, result in zip(again, results[rerun:], strict=True):
            record.rechecks.append(result)
            if result.passed:  # repaired: from now on a later failure is a regression
                self.ledger.passed_now(checkpoint)
        due = results[:own]
        for index, checkpoint in enumerate(turn.checkpoints):
            result, tries = due[index], 0
            while not result.passed and self.settings.feedback and tries < self.settings.attempts:
                tries += 1
                result, spent = await self._retry(state, record, checkpoint, result)
                feedback_seconds += spent
                seconds += result.seconds
            result.retries = tries
            due[index] = result
            if result.passed:
                self.ledger.passed_now(checkpoint)
            else:
                self.ledger.failed_now(checkpoint)
        record.checkpoints = list(due)
        return seconds, feedback_seconds

    def _note_regressions(
        self, record: TurnRecord, earlier: list[Checkpoint], results: list[CheckResult]
    ) -> None:
        for checkpoint, result in zip(earlier, results, strict=True):
            if result.passed:
                self.ledger.passed_now(checkpoint)
            else:
                record.regressions.append(checkpoint.label)
                self.ledger.regressed(checkpoint)

    async def _retry(
        self, state: TaskState, record: TurnRecord, checkpoint: Checkpoint, failed: CheckResult
    ) -> tuple[CheckResult, float]:
        """Feedback: show the agent the failure, let it work, run the checkpoint again."""
        state.messages.append(ChatMessageUser(content=FEEDBACK_PROMPT.format(output=failed.output)))
        spent = await self.agent.work(state, record)
        self.copied = False  # the agent worked again: the check run's copy is out of date
        before, self.manifest = self.manifest, await workspace_manifest()
        retried = changed_files(before, self.manifest)
        self.ledger.note_changes(retried)
        record.changed = sorted(set(record.changed) | set(retried))
        [result] = await run_checks(
            [checkpoint], self.loaded.directory, self.loaded.script.isolation
        )
        return result, spent
