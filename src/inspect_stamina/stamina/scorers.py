"""StaminaBench scoring: the session record and the final workspace -> one dict score.

Everything scoring needs is in the log: the turn records and the final evaluation in
the sample's store, the script's text in the sample's metadata. ``inspect score``
therefore re-scores a log on a machine without the script file. A metric with
nothing to count for a sample (a script without robustness turns, say) is NaN for
that sample: Inspect leaves it out of the mean instead of counting it as 1 or 0.
"""

from __future__ import annotations

import hashlib
import math
import tempfile
from pathlib import Path
from typing import Literal, TypeVar

from inspect_ai import Task, task_with
from inspect_ai.log import HeadlineMetric
from inspect_ai.scorer import Metric, Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_stamina.metrics import by_domain, by_script
from inspect_stamina.stamina.checks import run_acceptance
from inspect_stamina.stamina.loaded_script import parse_script_text
from inspect_stamina.stamina.quality import analyse_workspace
from inspect_stamina.stamina.record import (
    FinalEvaluation,
    SessionRecord,
    TurnRecord,
    first_failed,
)
from inspect_stamina.stamina.rules import evaluate_check
from inspect_stamina.stamina.sandbox import fetch_workspace
from inspect_stamina.stamina.script import (
    ROBUSTNESS_KINDS,
    Script,
    acceptance_directory,
    headline_metrics,
    static_analysers,
)
from inspect_stamina.stamina.summary import score_explanation

METRIC_KEYS = (
    "solved",
    "completion",
    "checkpoint_pass_rate",
    "code_quality",
    "consistency",
    "efficiency",
    "robustness",
    "memory",
    "memory_in_context",
    "memory_compacted",
    "stamina",
    "stamina_strict",
    "stamina_share",
    "regressions",
)
MISSING = float("nan")
T = TypeVar("T")
# The copy is analysed on the host, where the project's own dependencies (Django, say)
# are not installed: whether a third-party import resolves there says nothing about the
# code, and as errors those would outweigh everything else in pylint's score.
_PYLINT_RC = "[MAIN]\ndisable=import-error,no-name-in-module\n"
# directories of generated code (Django's makemigrations) and of tests are not analysed
_NOT_ANALYSED = frozenset({"tests", "migrations"})
SCRIPT_TEXT_KEY = "script_text"
SCRIPT_HASH_KEY = "script_sha256"


def script_metadata(text: str) -> dict[str, str]:
    """What a sample keeps of its script so that its log can be re-scored anywhere."""
    return {SCRIPT_TEXT_KEY: text, SCRIPT_HASH_KEY: hashlib.sha256(text.encode()).hexdigest()}


def code_quality(pylint: float | None, bandit_issues: int | None) -> float:
    """The seed's formula, pylint × 0.7 + (10 − min(bandit issues, 10)) × 0.3, on 0..10.

    With one analyser asked for, its own 0..10 score; with neither result, NaN.
    """
    security = None if bandit_issues is None else 10 - min(bandit_issues, 10)
    if pylint is not None and security is not None:
        return round(max(pylint, 0.0) * 0.7 + security * 0.3, 4)
    if pylint is not None:
        return round(max(pylint, 0.0), 4)
    return float(security) if security is not None else MISSING


def _code_quality(script: Script, final: FinalEvaluation) -> float:
    """The formula over the analysers the script asks for; 0 when one of them gave no
    result (its error is in ``final.errors``); NaN when it asks for none."""
    tools = static_analysers(script)
    if not tools:
        return MISSING
    results = {"pylint": final.pylint, "bandit": final.bandit_issues}
    if any(results.get(tool) is None for tool in tools if tool in results):
        return 0.0
    return code_quality(final.pylint, final.bandit_issues)


def _reached(records: list[TurnRecord], total_turns: int, stopped_at: int | None) -> int:
    """The last turn the session finished (a turn a limit stopped is not survived)."""
    reached = total_turns if stopped_at is None else stopped_at - 1
    return min(reached, max((r.turn for r in records), default=0))


def stamina_turns(records: list[TurnRecord], total_turns: int, stopped_at: int | None) -> int:
    """Turns survived: those before the first checkpoint failure still failing at the next
    checkpoint turn; turns not reached are not survived.

    A checkpoint that fails at turn t (after any feedback retries) is repaired when its
    re-run at the next turn with checkpoints of its own (the record's ``rechecks``)
    passes. It is still failing when that re-run fails, when it was not re-run there
    (retired by ``until_turn``), or when there is no later checkpoint turn among the
    records (a failure at the last checkpoint turn, or in a session cut short): then
    stamina is t - 1.
    """
    reached = _reached(records, total_turns, stopped_at)
    checkpoint_turns = [r for r in records if r.checkpoints]
    for index, record in enumerate(checkpoint_turns):
        failed = {c.name for c in record.checkpoints if not c.passed}
        if not failed:
            continue
        later = checkpoint_turns[index + 1 : index + 2]
        repaired = {c.name for r in later for c in r.rechecks if c.passed}
        if failed - repaired:
            return min(record.turn - 1, reached)
    return reached


def stamina_strict_turns(
    records: list[TurnRecord], total_turns: int, stopped_at: int | None
) -> int:
    """Turns before the first failed checkpoint, repaired or not; turns not reached are not survived."""
    reached = _reached(records, total_turns, stopped_at)
    first = first_failed(records)
    return reached if first is None else min(first.turn - 1, reached)


def _ratio(passed: int, total: int) -> float:
    return passed / total if total else MISSING


def compute_metrics(
    script: Script, session: SessionRecord, final: FinalEvaluation
) -> dict[str, float]:
    """Every StaminaBench metric from the session record and the final evaluation."""
    records = session.turns
    total_turns = script.total_turns
    all_checkpoints = [c for p in script.narrative_script for c in p.evaluation_checkpoints]
    checks = [c for r in records for c in r.checkpoints]
    robustness_turns = [
        p for ph in script.narrative_script for p in ph.user_prompts if p.kind in ROBUSTNESS_KINDS
    ]
    robustness = [r.robustness for r in records if r.robustness is not None]
    probes = [p for r in records for p in r.probes]
    rules_held = 0
    for rule in script.consistency_rules:
        results = [r.rules[rule.id] for r in records if rule.id in r.rules]
        results.append(final.rules.get(rule.id, False))
        rules_held += all(results)
    regressed = {label for r in records for label in r.regressions}
    acceptance = final.acceptance
    if acceptance is None:
        completion = MISSING
    else:
        completion = _ratio(acceptance.passed_tests or 0, acceptance.total_tests or 0)
        completion = 0.0 if math.isnan(completion) else completion
    # checkpoints never reached (a session cut short) count as not passed
    pass_rate = _ratio(sum(c.passed for c in checks), max(len(all_checkpoints), len(checks)))
    complete = session.stopped_at is None and len(records) == total_turns
    measured = [v for v in (pass_rate, completion) if not math.isnan(v)]
    solved = complete and bool(measured) and all(v == 1.0 for v in measured)
    survived = stamina_turns(records, total_turns, session.stopped_at)
    return {
        "solved": float(solved),
        "completion": completion,
        "checkpoint_pass_rate": pass_rate,
        "code_quality": _code_quality(script, final),
        "consistency": _ratio(rules_held, len(script.consistency_rules)),
        "efficiency": _ratio(sum(r.effective for r in records), total_turns),
        "robustness": _ratio(sum(r.passed for r in robustness), len(robustness_turns)),
        "memory": _ratio(sum(p.passed for p in probes), len(script.memory_probes)),
        # context utilisation: did the agent remember, or merely still see, the fact?
        "memory_in_context": _ratio(
            sum(p.passed for p in probes if p.in_context), sum(bool(p.in_context) for p in probes)
        ),
        "memory_compacted": _ratio(
            sum(p.passed for p in probes if p.in_context is False),
            sum(p.in_context is False for p in probes),
        ),
        "stamina": float(survived),
        "stamina_strict": float(stamina_strict_turns(records, total_turns, session.stopped_at)),
        # comparable across scripts of different lengths (a mean of turns is not)
        "stamina_share": _ratio(survived, total_turns),
        "regressions": float(len(regressed)),
    }


async def final_evaluation(script: Script, script_dir: Path | None) -> FinalEvaluation:
    """Acceptance tests and static analysis in the sandbox; rules over a host copy."""
    final = FinalEvaluation()
    acceptance_dir = acceptance_directory(script)
    if acceptance_dir:
        if script_dir is None or not (script_dir / acceptance_dir).is_dir():
            final.errors.append(f"acceptance tests {acceptance_dir} not available here")
        else:
            final.acceptance = await run_acceptance(
                script_dir, acceptance_dir, isolation=script.isolation
            )
    await analyse_workspace(static_analysers(script), final)
    with tempfile.TemporaryDirectory(prefix="stamina-final-") as tmp:
        copy = Path(tmp) / "workspace"
        final.errors.extend(await fetch_workspace(copy))
        for rule in script.consistency_rules:
            final.rules[rule.id] = (await evaluate_check(rule.check, copy))[0]
    return final


# the number the viewer's header and log listings show first: graded, and never NaN for
# a session that ran (its checkpoints are the script's own)
HEADLINE = HeadlineMetric(score="checkpoint_pass_rate", metric="mean")


def session_metrics(
    group: Literal["script", "domain"] | None, compaction: bool = True
) -> list[Metric | dict[str, list[Metric]]] | dict[str, list[Metric]]:
    """Mean and stderr of every key, and the headline's mean per script or per domain
    when asked (the report has every key's); without compaction, no `memory_compacted`
    (nothing can be compacted away: a column of NaN)."""
    keys = [k for k in METRIC_KEYS if compaction or k != "memory_compacted"]
    per_key: dict[str, list[Metric]] = {key: [mean(), stderr()] for key in keys}
    if group is None:  # not in a list: that would add an empty group of the scorer's
        return per_key
    per_group = {"script": by_script, "domain": by_domain}[group]
    # beside the per-key metrics, not inside them: then the terminal names each row by
    # the script or domain alone (inside, every row is `inspect_stamina/by_script_...`)
    return [per_group(value_key=HEADLINE.score), per_key]


def with_session_metrics(
    task: Task, metrics: list[Metric | dict[str, list[Metric]]] | dict[str, list[Metric]]
) -> Task:
    """The task with its scorer's metrics replaced.

    `task_with(metrics=...)` sets the task's attribute only, while Inspect computes a
    scorer's results from the metrics bound to the scorer when the Task was built; a
    Task built around a fresh scorer binds them.
    """
    scorer = Task(scorer=stamina_scorer(), metrics=metrics).scorer
    return task_with(task, scorer=scorer, metrics=metrics)


@scorer(metrics=session_metrics("script"))
def stamina_scorer() -> Scorer:
    """Solved, completion, checkpoints, code quality, consistency, efficiency, robustness, memory (all, in context, compacted), stamina (strict, share of turns), regressions."""

    async def score(state: TaskState, target: Target) -> Score:
        script = parse_script_text(state.metadata[SCRIPT_TEXT_KEY])
        session = store_as(SessionRecord)
        if session.final is None:
            # the session was cut short before its own final evaluation: run it now
            path = Path(state.metadata.get("script_path", ""))
            try:
                session.final = await final_evaluation(
                    script, path.parent if path.is_file() else None
                )
            except Exception as ex:  # noqa: BLE001 - no sandbox (re-scoring a log), say so
                session.final = FinalEvaluation(errors=[f"final evaluation failed: {ex}"])
        values = compute_metrics(script, session, session.final)
        headline = headline_metrics(script) or list(METRIC_KEYS)
        return Score(
            value=values,
            explanation=score_explanation(script, session, session.final, values),
            metadata={
                "script": state.metadata.get("script"),
                "headline": headline,
                "turns": [r.model_dump(mode="json") for r in session.turns],
                "stopped_at": session.stopped_at,
                "final": session.final.model_dump(mode="json"),
            },
        )

    return score
