"""StaminaBench scoring: the per-turn records and the final workspace -> one dict score."""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai.scorer import (
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    grouped,
    mean,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState
from inspect_ai.util import store
from inspect_ai.util import subprocess as async_subprocess

from inspect_stamina.stamina.checks import evaluate_check, fetch_workspace, run_acceptance
from inspect_stamina.stamina.script import LoadedScript, load_script
from inspect_stamina.stamina.session import RECORDS_KEY

METRIC_KEYS = (
    "solved",
    "completion",
    "checkpoint_pass_rate",
    "code_quality",
    "consistency",
    "efficiency",
    "robustness",
    "memory",
    "stamina",
    "regressions",
)
_EMPTY_RC = "[MAIN]\n"


@dataclass
class FinalEvaluation:
    """What the final evaluation found in the last workspace."""

    acceptance_passed: int = 0
    acceptance_total: int = 0
    acceptance_output: str = ""
    pylint: float | None = None
    bandit_issues: int | None = None
    rules: dict[str, bool] = field(default_factory=dict)
    python_files: int = 0


def code_quality(pylint: float | None, bandit_issues: int | None) -> float:
    """The seed's formula: pylint * 0.7 + (10 - min(bandit issues, 10)) * 0.3, on 0..10."""
    lint = max(pylint or 0.0, 0.0)
    security = 10 - min(bandit_issues if bandit_issues is not None else 10, 10)
    return round(lint * 0.7 + security * 0.3, 4)


def stamina_turns(records: list[dict[str, Any]], total_turns: int) -> int:
    """Turns survived: the turns before the first one with a failed checkpoint."""
    for record in records:
        if any(not c["passed"] for c in record["checkpoints"]):
            return int(record["turn"]) - 1
    return total_turns


def _ratio(passed: int, total: int) -> float:
    return passed / total if total else 1.0


def compute_metrics(
    loaded: LoadedScript, records: list[dict[str, Any]], final: FinalEvaluation
) -> dict[str, float]:
    """Every StaminaBench metric from the turn records and the final evaluation."""
    checks = [c for r in records for c in r["checkpoints"]]
    robustness = [r["robustness"] for r in records if r.get("robustness")]
    probes = [r["probe"] for r in records if r.get("probe")]
    rules_held = 0
    for rule in loaded.script.consistency_rules:
        results = [r["rules"][rule.id] for r in records if rule.id in r.get("rules", {})]
        results.append(final.rules.get(rule.id, False))
        rules_held += all(results)
    regressed = {label for r in records for label in r.get("regressions", [])}
    total_turns = loaded.script.total_turns
    completion = final.acceptance_passed / final.acceptance_total if final.acceptance_total else 0.0
    pass_rate = _ratio(sum(c["passed"] for c in checks), len(checks))
    return {
        # the whole session held: every checkpoint and every acceptance test passed
        "solved": float(completion == 1.0 and pass_rate == 1.0),
        "completion": completion,
        "checkpoint_pass_rate": pass_rate,
        "code_quality": code_quality(final.pylint, final.bandit_issues)
        if final.python_files
        else 0.0,
        "consistency": _ratio(rules_held, len(loaded.script.consistency_rules)),
        "efficiency": _ratio(sum(bool(r["effective"]) for r in records), total_turns),
        "robustness": _ratio(sum(bool(r["passed"]) for r in robustness), len(robustness)),
        "memory": _ratio(sum(bool(p["passed"]) for p in probes), len(loaded.script.memory_probes)),
        "stamina": float(stamina_turns(records, total_turns)),
        "regressions": float(len(regressed)),
    }


async def static_analysis(
    workspace: Path, tools: list[str]
) -> tuple[float | None, int | None, int]:
    """pylint score and bandit issue count over the non-test Python files of a workspace copy."""
    files = [
        p
        for p in sorted(workspace.rglob("*.py"))
        if not p.name.startswith("test_") and "tests" not in p.relative_to(workspace).parts
    ]
    pylint = bandit = None
    if not files:
        return None, None, 0
    if "pylint" in tools:
        rc = workspace.parent / "empty.pylintrc"
        rc.write_text(_EMPTY_RC)
        result = await async_subprocess(
            [
                sys.executable,
                "-m",
                "pylint",
                f"--rcfile={rc}",
                "--output-format=json2",
                "--exit-zero",
                *[str(f) for f in files],
            ],
            cwd=str(workspace.parent),
        )
        try:
            pylint = float(json.loads(result.stdout)["statistics"]["score"])
        except (ValueError, KeyError):
            pylint = 0.0
    if "bandit" in tools:
        result = await async_subprocess(
            [sys.executable, "-m", "bandit", "-q", "-f", "json", *[str(f) for f in files]],
            cwd=str(workspace.parent),
        )
        try:
            bandit = len(json.loads(result.stdout)["results"])
        except (ValueError, KeyError):
            bandit = 10
    return pylint, bandit, len(files)


async def final_evaluation(loaded: LoadedScript) -> FinalEvaluation:
    """Acceptance tests in the sandbox, static analysis and rules over a host copy."""
    final = FinalEvaluation()
    if loaded.acceptance_dir:
        result = await run_acceptance(loaded.directory, loaded.acceptance_dir)
        final.acceptance_passed = result.passed_tests or 0
        final.acceptance_total = result.total_tests or 0
        final.acceptance_output = result.output
    with tempfile.TemporaryDirectory(prefix="stamina-final-") as tmp:
        copy = await fetch_workspace(Path(tmp) / "workspace")
        final.pylint, final.bandit_issues, final.python_files = await static_analysis(
            copy, loaded.static_analysis
        )
        for rule in loaded.script.consistency_rules:
            final.rules[rule.id] = (await evaluate_check(rule.check, copy))[0]
    return final


@metric
def pass_hat_k() -> Metric:
    """pass^k: the share of samples solved in every one of their epochs (`--epochs k`)."""

    def compute(scores: list[SampleScore]) -> float:
        # epochs are reduced by their mean first, so 1.0 means solved every time
        return sum(s.score.as_float() == 1.0 for s in scores) / len(scores) if scores else 0.0

    return compute


def _metrics(key: str) -> list[Metric]:
    extra = [pass_hat_k()] if key == "solved" else []
    return [mean(), stderr(), *extra, grouped(mean(), "script", all=False)]


@scorer(metrics={key: _metrics(key) for key in METRIC_KEYS})
def stamina_scorer() -> Scorer:
    """Solved, completion, checkpoints, code quality, consistency, efficiency, robustness, memory, stamina, regressions."""

    async def score(state: TaskState, target: Target) -> Score:
        loaded = load_script(state.metadata["script_path"])
        records: list[dict[str, Any]] = store().get(RECORDS_KEY, [])
        final = await final_evaluation(loaded)
        values = compute_metrics(loaded, records, final)
        explanation = ", ".join(f"{k}={v:.3g}" for k, v in values.items())
        return Score(
            value=values,
            explanation=explanation,
            metadata={
                "script": loaded.name,
                "turns": records,
                "final": {
                    "acceptance": f"{final.acceptance_passed}/{final.acceptance_total}",
                    "acceptance_output": final.acceptance_output,
                    "pylint": final.pylint,
                    "bandit_issues": final.bandit_issues,
                    "rules": final.rules,
                },
            },
        )

    return score
