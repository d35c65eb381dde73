"""Turn ablation and bug truthfulness: two fairness instruments drawn from one replay.

Both need the script's reference states, turn by turn, with its checks run against
them, so they share one Inspect run and one sandbox (as validate's replay does). The
references are replayed once as a baseline; the workspace is saved after every turn (a
copy in a root-only directory of the sandbox) with the change each reference made (a
binary git diff); installed dependency trees (node_modules) are not saved. An ablation
restores the state before its turn instead of replaying from the start. What the sandbox found comes back in the sample's store; the verdicts
are drawn on the host.

This module runs the replay's course; ``replay_plan.py`` says which turns are left out
and which checks run after each, ``replay_sandbox.py`` does the work in the sandbox,
and ``replay_verdicts.py`` draws the verdicts.

Turn ablation: for each work turn (a code turn with a reference), the script is
replayed with that turn's change left out (its setup still runs: the world moves
whatever the agent does). Later turns' changes are applied as the diffs they made in the
baseline, as far as they still apply: a reference that writes whole files would
otherwise bring the left-out change back. At each checkpoint turn the checks a session
runs there (that turn's checkpoints and the earlier ones still in force) run, until one
fails; a check whose ``reads`` miss every path where the workspace now differs from the
baseline's is left out (it would see what it saw there), and once the workspace no
longer differs at all, nothing later can catch the omission. The turn is caught by that checkpoint, by a later change (or setup) that no
longer applies, or by the acceptance tests at the end. The instrument passes only if
every work turn is caught: strict on purpose, since a turn whose omission nobody
notices is unchecked work, whatever kind of turn it is. A check that the full baseline
fails too at that turn catches nothing. The baseline runs its checks as a session with
the default regression runs does (each checkpoint turn's own and those that failed,
every one in force at a phase's end), and one that fails there is itself a finding; so,
as in a session, a check that one reference breaks and a later one repairs before the
phase ends is not. Whether the baseline fails a check at a turn where it did not run it
is asked only when an ablation fails it there, on the baseline's saved state.

Bug truthfulness: each bug turn declares where its defect comes from (``origin``), and
a check must see the defect before the turn: the bug's test is the turn's behavioural
checkpoints, or, without any, the first later checkpoint that catches the turn's
ablation (the defect carried forward fails it, the fix makes it pass). ``harness``: the
turn's setup plants the defect, so the test fails after the setup; ``unstated``: the
reference state before the turn passes every earlier check still in force, and fails
the bug's test. It passes only with no finding.
"""

from __future__ import annotations

import tempfile
import time
from typing import Any

from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import store

from inspect_stamina.stamina.fairness.replay_plan import due_checks, in_force, work_turns
from inspect_stamina.stamina.fairness.replay_sandbox import (
    OUTPUT_TAIL,
    STASH,
    ReplaySandbox,
)
from inspect_stamina.stamina.fairness.replay_verdicts import ablation_result, bug_result
from inspect_stamina.stamina.fairness.result import InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.record import CheckResult
from inspect_stamina.stamina.regressions import CheckpointLedger, reads_path
from inspect_stamina.stamina.script import Checkpoint
from inspect_stamina.stamina.session import script_of

_KEY = "stamina:fairness:replay"


class _Replay(ReplaySandbox):
    """The replay's course: the baseline, each work turn left out, each bug turn's state."""

    def __init__(self, loaded: LoadedScript) -> None:
        super().__init__(loaded)
        # (turn, label) -> whether the baseline passes that check after that turn
        self._baseline_verdicts: dict[tuple[int, str], bool] = {}

    async def baseline(self) -> dict[str, Any]:
        """Every setup and reference in order, saved after each turn, checks as due.

        As in a session with the default regression runs: each checkpoint turn runs its
        own checks and those that failed before; every check in force runs at a phase's
        last turn. Whether the baseline fails an earlier check at another turn is asked
        only when an ablation fails it there (``_baseline_failing``)."""
        failed: list[list[Any]] = []
        ledger = CheckpointLedger("phase_end")
        await self.snapshot("0")
        for turn in self.turns:
            problem = await self.setup(turn)
            if problem is None and turn.prompt.setup:
                await self.snapshot(f"p{turn.number}")
            problem = problem or await self.reference(turn)
            if problem:
                return {"broken": problem, "broken_at": turn.number, "failed": failed}
            await self.snapshot(str(turn.number))
            if turn.prompt.reference:
                await self.record_change(turn)
            if turn.last_of_phase:
                ledger.note_everything_changed()
            due = [
                c
                for c in due_checks(self.loaded, turn)
                if c.label not in ledger.passed or c.label in ledger.stale
            ]
            for c, r in zip(due, await self.check(due), strict=True):
                self._baseline_verdicts[turn.number, c.label] = r.passed
                if r.passed:
                    ledger.passed_now(c)
                else:
                    ledger.regressed(c)
                    failed.append([turn.number, c.label, r.output[-OUTPUT_TAIL:]])
        accepted = await self.acceptance()
        return {
            "broken": None,
            "failed": failed,
            "acceptance": None if accepted is None else _acceptance(accepted),
        }

    async def ablate(self, left_out: int, baseline: dict[str, Any]) -> dict[str, Any]:
        """Replay from the state before a turn without its reference, to the first catch."""
        await self.restore(left_out - 1)
        for turn in self.turns[left_out - 1 :]:
            problem = await self.setup(turn)
            if problem is None and turn.number != left_out:
                problem = await self.change(turn)
            if problem:
                kind = "setup" if problem.startswith("setup") else "reference"
                return _caught(left_out, kind, turn.number, problem.split(":")[0])
            due = due_checks(self.loaded, turn)
            diverged = await self.divergence(turn.number) if due else None
            if diverged == []:
                # the workspace is the baseline's again: every later state is too
                return _caught(left_out, None, None, None)
            if diverged is not None:
                # a check that reads nothing the omission changed passes as in the baseline
                due = [c for c in due if any(reads_path(c, p) for p in diverged)]
            failing = await self._failing(turn, due)
            if failing:
                caught = _caught(
                    left_out,
                    "checkpoint",
                    turn.number,
                    f"checkpoint {failing[0].label!r} at turn {turn.number}",
                )
                caught["failing"] = [[c.label, c.at_turn] for c in failing]
                return caught
        accepted = baseline.get("acceptance")
        if accepted is not None and accepted["passed"]:
            result = await self.acceptance()
            if result is not None and not result.passed:
                counts = _acceptance(result)["tests"]
                return _caught(
                    left_out, "acceptance", None, f"the acceptance tests ({counts} passed)"
                )
        return _caught(left_out, None, None, None)

    async def _failing(self, turn: Turn, due: list[Checkpoint]) -> list[Checkpoint]:
        """The due checks that fail, less those the full baseline fails too (they say
        nothing about the left-out turn).

        The turn's own checkpoints run first, alone: they are what usually catches an
        omission, and a catch needs no more. Only when none of them fails do the earlier
        ones in force run, so a regression batch (every test file of the front end, say)
        runs only where it can decide the verdict, which is the same either way."""
        own = [c for c in due if c.at_turn == turn.number]
        stages = [own, [c for c in due if c.at_turn != turn.number]] if own else [due]
        for stage in stages:
            results = await self.check(stage)
            failing = [c for c, r in zip(stage, results, strict=True) if not r.passed]
            if failing:
                also = await self._baseline_failing(turn.number, failing)
                failing = [c for c in failing if c.label not in also]
            if failing:
                return failing
        return []

    async def _baseline_failing(self, number: int, checks: list[Checkpoint]) -> set[str]:
        """The labels of these checks that the baseline fails after a turn.

        The baseline ran some of them there; the rest run now on its saved state, with
        the ablation's workspace put aside and back (and the verdicts kept for later)."""
        unknown = [c for c in checks if (number, c.label) not in self._baseline_verdicts]
        if unknown:
            await self.stash()
            await self.restore(number)
            for c, r in zip(unknown, await self.check(unknown), strict=True):
                self._baseline_verdicts[number, c.label] = r.passed
            await self.restore(STASH)
        return {c.label for c in checks if not self._baseline_verdicts[number, c.label]}

    async def bug(self, turn: Turn, ablation: dict[str, Any] | None) -> dict[str, Any]:
        """What the checks see of a bug turn's defect on the state before the turn."""
        number = turn.number
        own = [c for c in turn.checkpoints if c.behavioural]
        found: dict[str, Any] = {
            "turn": number,
            "tests": [c.label for c in own],
            "source": "own" if own else None,
            "fails_before": None,
            "fails_without_setup": None,
            "setup_failed": None,
            "earlier_failing": [],
            "ablation": None if ablation is None else ablation["caught_by"],
        }
        if not own and ablation is not None and ablation["kind"] == "checkpoint":
            # the defect carried forward fails it at its turn, and the fix makes it pass
            later = [label for label, at in ablation["failing"] if at > number]
            if later:
                found.update(tests=later[:1], source="later", fails_before=True)
        await self.restore(number - 1)
        if own and turn.prompt.setup:
            without = await self.check(own)
            found["fails_without_setup"] = any(not r.passed for r in without)
        found["setup_failed"] = await self.setup(turn)
        # in force on the state after the previous turn (what an agent had in hand)
        earlier = in_force(self.checkpoints, number - 1) + [
            c for c in self.checkpoints if c.at_turn == number - 1
        ]
        results = await self.check([*own, *earlier])
        if own:
            found["fails_before"] = any(not r.passed for r in results[: len(own)])
        found["earlier_failing"] = [
            [c.label, r.output[-OUTPUT_TAIL:]]
            for c, r in zip(earlier, results[len(own) :], strict=True)
            if not r.passed
        ]
        return found


def _acceptance(result: CheckResult) -> dict[str, Any]:
    tests = f"{result.passed_tests or 0}/{result.total_tests or 0}"
    return {"passed": result.passed, "tests": tests, "output": result.output[-OUTPUT_TAIL:]}


def _caught(turn: int, kind: str | None, at: int | None, by: str | None) -> dict[str, Any]:
    return {"turn": turn, "kind": kind, "at": at, "caught_by": by, "failing": []}


# run by replay_instruments, whose tests are in tests/stamina/test_fairness_replay.py
@solver
def _replay_for_fairness() -> Solver:  # inspect-evals-lint: ignore[custom_solver_tests] -- see above  # fmt: skip
    """Replay the references: a baseline, each work turn left out, each bug turn's state."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        replay = _Replay(script_of(state))
        data: dict[str, Any] = {"ablations": [], "bugs": []}
        started = time.monotonic()
        data["baseline"] = baseline = await replay.baseline()
        ablations: dict[int, dict[str, Any]] = {}
        if baseline["broken"] is None:
            for turn in work_turns(replay.loaded):
                ablations[turn.number] = await replay.ablate(turn.number, baseline)
        data["ablations"] = list(ablations.values())
        data["ablation_seconds"] = time.monotonic() - started
        started = time.monotonic()
        saved_up_to = baseline.get("broken_at", len(replay.turns) + 1) - 1
        for turn in replay.turns:
            # the state before a turn exists only up to where the baseline broke
            if turn.prompt.kind == "bug" and turn.number - 1 <= saved_up_to:
                data["bugs"].append(await replay.bug(turn, ablations.get(turn.number)))
        data["bug_seconds"] = time.monotonic() - started
        data["check_runs"], data["references_applied"] = replay.check_runs, replay.applied
        store().set(_KEY, data)
        return state

    return solve


def replay_instruments(
    loaded: LoadedScript, log_dir: str | None = None
) -> tuple[InstrumentResult, InstrumentResult]:
    """Turn ablation and bug truthfulness for a script, from one replay in one sandbox."""
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval

    from inspect_stamina.stamina.task import stamina

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stamina-fairness-") as scratch:
        task = stamina(script=str(loaded.path))
        replay = Task(dataset=task.dataset, solver=_replay_for_fairness(), sandbox=task.sandbox)
        logs = inspect_eval(
            replay, model="mockllm/model", log_dir=log_dir or scratch, display="none"
        )
        if len(logs) != 1:  # Inspect ended the run without a log of it
            raise RuntimeError(f"the fairness replay did not complete: {len(logs)} logs")
        [log] = logs
        # read while the log exists: its samples load from the file when first used
        if log.status != "success" or not log.samples or _KEY not in log.samples[0].store:
            raise RuntimeError(
                "the fairness replay did not complete: "
                f"{log.error.message if log.error else log.status}"
            )
        data: dict[str, Any] = log.samples[0].store[_KEY]
    wall = time.monotonic() - started
    return ablation_result(loaded, data, wall), bug_result(loaded, data, wall)
