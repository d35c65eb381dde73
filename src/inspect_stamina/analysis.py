"""Dataframes of StaminaBench results for users' own analysis and plots.

The scorer returns one dict-valued score (Inspect's way for several values from one
scorer), which ``inspect_ai.analysis.samples_df`` keeps as one JSON column. The
``SampleColumn``s here read each metric into its own numeric column instead::

    from inspect_ai.analysis import samples_df, SampleSummary
    from inspect_stamina.analysis import STAMINA_COLUMNS
    df = samples_df("logs", columns=SampleSummary + STAMINA_COLUMNS)

or simply ``stamina_samples_df("logs")``; ``turns_df("logs")`` has one row per turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspect_ai.analysis import Column, EvalColumn, EvalModel, SampleColumn, samples_df
from inspect_ai.log import EvalSampleSummary

from inspect_stamina.report.logs import Session, read_logs, script_domain
from inspect_stamina.stamina.scorers import METRIC_KEYS

if TYPE_CHECKING:
    import pandas as pd


def _domain(sample: EvalSampleSummary) -> str | None:
    # summaries keep the first 1k characters of a string: the task name comes first
    return script_domain(str((sample.metadata or {}).get("script_text", "")))


STAMINA_COLUMNS: list[Column] = [
    SampleColumn("script", path="metadata.script", type=str),
    SampleColumn("domain", path=_domain, type=str),
    SampleColumn("total_turns", path="metadata.total_turns", type=int),
    *[
        SampleColumn(key, path=f"scores.stamina_scorer.value.{key}", type=float)
        for key in METRIC_KEYS
    ],
]
"""One column per StaminaBench metric (``completion``, ``code_quality``, …,
``stamina``, ``regressions``) plus the script, its generator domain and its length."""

_SAMPLE_BASICS: list[Column] = [
    EvalColumn("task_name", path="eval.task", required=True),
    EvalColumn("agent", path="eval.task_args.agent"),
    SampleColumn("id", path="id", required=True, type=str),
    SampleColumn("epoch", path="epoch", required=True, type=int),
    SampleColumn("error", path="error", default=""),
    SampleColumn("total_time", path="total_time"),
    SampleColumn("working_time", path="working_time"),
]


def stamina_samples_df(logs: str | Path | Sequence[str | Path], quiet: bool = True) -> pd.DataFrame:
    """One row per StaminaBench session, one numeric column per metric (GAIA samples left out)."""
    frame = samples_df(
        [str(p) for p in ([logs] if isinstance(logs, str | Path) else logs)],
        columns=EvalModel[:1] + _SAMPLE_BASICS + STAMINA_COLUMNS,
        quiet=quiet,
    )
    frame = frame[frame["script"].notna()].reset_index(drop=True)
    # GAIA rows (no turn count) made the column float before they were left out
    frame["total_turns"] = frame["total_turns"].astype("Int64")
    # plain floats, NaN where a metric had nothing to measure, as numpy and plotting expect
    frame[list(METRIC_KEYS)] = frame[list(METRIC_KEYS)].astype("float64")
    return frame


TURN_COLUMNS = (
    "log",
    "model",
    "agent",
    "script",
    "domain",
    "epoch",
    "scored",
    "turn",
    "phase",
    "kind",
    "layer",
    "status",
    "effective",
    "checkpoints",
    "checkpoints_passed",
    "checkpoints_failed",
    "failed_checkpoints",
    "regressions",
    "probes_passed",
    "probes_failed",
    "robustness",
    "tokens",
    "context_tokens",
    "compactions",
    "tool_calls",
    "seconds",
    "agent_seconds",
)


def _turn_rows(session: Session) -> list[dict[str, Any]]:
    rows = []
    for turn in session.turns:
        failed = [c.name for c in turn.checkpoints if not c.passed]
        rows.append(
            {
                "log": session.log,
                "model": session.model,
                "agent": session.agent,
                "script": session.script,
                "domain": session.domain,
                "epoch": session.epoch,
                "scored": session.scored,
                "turn": turn.turn,
                "phase": turn.phase,
                "kind": turn.kind,
                "layer": turn.layer,
                "status": turn.status,
                "effective": turn.effective,
                "checkpoints": len(turn.checkpoints),
                "checkpoints_passed": len(turn.checkpoints) - len(failed),
                "checkpoints_failed": len(failed),
                "failed_checkpoints": "; ".join(failed),
                "regressions": len(turn.regressions),
                "probes_passed": sum(p.passed for p in turn.probes),
                "probes_failed": sum(not p.passed for p in turn.probes),
                "robustness": None if turn.robustness is None else turn.robustness.passed,
                "tokens": turn.tokens,
                "context_tokens": turn.context_tokens,
                "compactions": turn.compactions,
                "tool_calls": sum(turn.tool_calls.values()),
                "seconds": turn.seconds.get("total"),
                "agent_seconds": turn.seconds.get("agent"),
            }
        )
    return rows


def sessions_turns_df(sessions: Sequence[Session]) -> pd.DataFrame:
    """One row per turn of the given sessions (the columns of ``turns_df``)."""
    import pandas as pd

    rows = [row for session in sessions for row in _turn_rows(session)]
    return pd.DataFrame(rows, columns=list(TURN_COLUMNS))


def turns_df(logs: str | Path | Sequence[str | Path]) -> pd.DataFrame:
    """One row per turn per StaminaBench session in the logs (files or directories)."""
    return sessions_turns_df(read_logs([logs] if isinstance(logs, str | Path) else logs).sessions)
