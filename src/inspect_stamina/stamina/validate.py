"""Prove a script usable: it loads, every turn has a reference, and (with a run) the
oracle passes every check while the noop fails every behavioural one."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field

from inspect_ai.log import EvalLog
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import store

from inspect_stamina.stamina.checks import run_checks
from inspect_stamina.stamina.difficulty import describe_difficulty, difficulty_by_phase
from inspect_stamina.stamina.record import SessionRecord
from inspect_stamina.stamina.references import reference_command, run_as_agent, setup_command
from inspect_stamina.stamina.session import script_of
from inspect_stamina.stamina.task import resolve_script


@dataclass
class Validation:
    """What validating one script found."""

    script: str
    problems: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    # figures about the script's shape, a line each (difficulty by phase)
    figures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problem found."""
        return not self.problems


# the two halves of a full-stack script, whose turns that change both are counted
FULL_STACK = ("backend", "frontend")

# the three runs of `validate --run`: the oracle, the noop, the replay that checks each
# behavioural checkpoint before its turn
ORACLE, NOOP, REPLAY = "stamina/oracle", "stamina/noop", "mockllm/model"


def _runs(spec: str, log_dir: str) -> dict[str, EvalLog]:
    """The oracle, the noop and the replay over the script, run together; their logs by model.

    They use separate sandboxes and share nothing, so one eval runs them at once
    rather than one after another.
    """
    from inspect_ai import eval as inspect_eval
    from inspect_ai import task_with

    from inspect_stamina.stamina.task import stamina

    tasks = [
        task_with(stamina(script=spec), model=ORACLE, name="validate_oracle"),
        task_with(stamina(script=spec), model=NOOP, name="validate_noop"),
        task_with(
            stamina(script=spec),
            model=REPLAY,
            solver=_replay_checking_early(),
            scorer=None,
            name="validate_replay",
        ),
    ]
    logs = inspect_eval(tasks, log_dir=log_dir, display="none", max_tasks=len(tasks))
    by_model = {}
    for log in logs:
        if log.status != "success" or not log.samples:
            raise RuntimeError(
                f"the {log.eval.model} run did not complete: "
                f"{log.error.message if log.error else log.status}"
            )
        by_model[log.eval.model] = log
    missing = [model for model in (ORACLE, NOOP, REPLAY) if model not in by_model]
    if missing:
        raise RuntimeError(
            f"no log of the {', '.join(missing)} run among the logs of {', '.join(by_model)}"
        )
    return by_model


def _session(log: EvalLog) -> SessionRecord:
    """The session record a scored run left in its log."""
    sample = log.samples[0] if log.samples else None
    if sample is None or not sample.scores:
        raise RuntimeError(f"the {log.eval.model} run left no scored sample")
    return sample.store_as(SessionRecord)


def validate_script(spec: str, run: bool = False) -> Validation:
    """Check one script (bundled name or path); with run, replay the oracle and the noop."""
    loaded = resolve_script(spec)
    result = Validation(loaded.name)
    result.facts.append(
        f"{loaded.script.total_turns} turns, {len(loaded.checkpoints())} checkpoints"
    )
    result.problems += loaded.missing_references()
    if not result.problems:
        phases = difficulty_by_phase(loaded, FULL_STACK)
        result.figures.append(describe_difficulty(phases))
        spanning = [turn for p in phases for turn in p.turns_spanning]
        if spanning:
            result.figures.append(
                f"{len(spanning)} turns change {' and '.join(FULL_STACK)} together: {spanning}"
            )
    if not run or result.problems:
        return result
    with tempfile.TemporaryDirectory(prefix="stamina-validate-") as log_dir:
        logs = _runs(spec, log_dir)
    oracle, noop = _session(logs[ORACLE]), _session(logs[NOOP])
    [replay] = logs[REPLAY].samples or []
    early = [(str(label), int(turn)) for label, turn in replay.store.get(_EARLY_KEY, [])]
    for label, turn in early:
        result.problems.append(
            f"behavioural checkpoint {label} already passes with the references up to turn "
            f"{turn - 1}, before its own turn: it measures nothing"
        )
    behavioural = {c.label for c in loaded.checkpoints() if c.behavioural}
    oracle_checks = [c for t in oracle.turns for c in t.checkpoints]
    for check in oracle_checks:
        if not check.passed:
            result.problems.append(f"oracle fails checkpoint {check.name}: {check.output[-300:]}")
    acceptance = oracle.final.acceptance if oracle.final else None
    passed = (acceptance.passed_tests or 0) if acceptance else 0
    total = (acceptance.total_tests or 0) if acceptance else 0
    accepted = f"{passed}/{total}"
    if loaded.acceptance_dir and (passed != total or total == 0):
        result.problems.append(f"oracle passes {accepted} acceptance tests")
    noop_checks = [c for t in noop.turns for c in t.checkpoints if c.name in behavioural]
    for check in noop_checks:
        if check.passed:
            result.problems.append(
                f"noop passes behavioural checkpoint {check.name}: it cannot discriminate"
            )
    result.facts.append(
        f"{len(behavioural)} behavioural checkpoints, {len(behavioural) - len(early)} failing "
        "before their turn"
    )
    result.facts.append(
        f"oracle passed {sum(c.passed for c in oracle_checks)}/{len(oracle_checks)} checkpoints "
        f"and {accepted} acceptance tests; noop failed "
        f"{sum(not c.passed for c in noop_checks)}/{len(noop_checks)} behavioural checkpoints"
    )
    return result


_EARLY_KEY = "stamina:validate:passing_early"


# run by `inspect-stamina validate --run`, whose tests are in tests/stamina/test_validate.py
@solver
def _replay_checking_early() -> Solver:  # inspect-evals-lint: ignore[custom_solver_tests] -- see above  # fmt: skip
    """Replay the references turn by turn; before each turn's reference, run its checkpoints."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        loaded = script_of(state)
        early: list[list[object]] = []
        for turn in loaded.turns():
            if turn.prompt.setup:  # the state before the agent's turn includes it
                await run_as_agent(setup_command(turn.prompt.setup))
            due = [c for c in turn.checkpoints if c.behavioural]
            results = await run_checks(due, loaded.directory, loaded.script.isolation)
            early += [[c.label, turn.number] for c, r in zip(due, results, strict=True) if r.passed]
            if turn.prompt.reference:
                command = reference_command(loaded.directory / turn.prompt.reference)
                await run_as_agent(command)
        store().set(_EARLY_KEY, early)
        return state

    return solve
