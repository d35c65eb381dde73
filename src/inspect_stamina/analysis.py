"""Dataframes of StaminaBench results for users' own analysis and plots.

The scorer returns one dict-valued score (Inspect's way for several values from one
scorer), which ``inspect_ai.analysis.samples_df`` keeps as one JSON column. The
``SampleColumn``s here read each metric into its own numeric column instead::

    from inspect_ai.analysis import samples_df, SampleSummary
    from inspect_stamina.analysis import STAMINA_COLUMNS
    df = samples_df("logs", columns=SampleSummary + STAMINA_COLUMNS)

or simply ``stamina_samples_df("logs")``, which adds each session's configuration and
tokens; ``turns_df("logs")`` has one row per turn, joined to it on ``sample_id`` (the
sample's uuid).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspect_ai.analysis import Column, EvalColumn, EvalModel, SampleColumn, samples_df
from inspect_ai.log import EvalLog, EvalSampleSummary

from inspect_stamina.report.config import Config, run_config
from inspect_stamina.report.logs import Session, read_logs, script_domain
from inspect_stamina.stamina.scorers import METRIC_KEYS
from inspect_stamina.stamina.user import USER_ROLE

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


def configuration_key(config: Config) -> str:
    """A configuration as one string (JSON of every setting): equal exactly when configs are."""
    return json.dumps(config.settings(), sort_keys=True)


def _setting(name: str) -> Any:
    def read(log: EvalLog) -> Any:
        return getattr(run_config(log.eval), name)

    return read


def _configuration(log: EvalLog) -> str:
    return configuration_key(run_config(log.eval))


CONFIG_COLUMNS: list[Column] = [
    EvalColumn("agent", path=_setting("agent"), type=str),
    EvalColumn("compaction", path=_setting("compaction"), type=str),
    EvalColumn("memory_tool", path=_setting("memory_tool"), type=bool),
    EvalColumn("knowledge_base", path=_setting("knowledge_base"), type=bool),
    EvalColumn("mode", path=_setting("mode"), type=str),
    EvalColumn("user_model", path=_setting("user_model"), type=str),
    EvalColumn("feedback", path=_setting("feedback"), type=str),
    EvalColumn("suite", path=_setting("suite"), type=str),
    EvalColumn("configuration", path=_configuration, type=str),
]
"""A session's configuration (what the report's columns group by): the agent's name
(``default`` for the default agent), compaction, memory tool, knowledge base, mode, the
user model (``none`` without a `user` role), feedback, the task and its version, and
``configuration``, every setting as one JSON string to group by."""


def _tokens(field: str) -> Any:
    def read(sample: EvalSampleSummary) -> int | None:
        usage = list((sample.model_usage or {}).values())
        return sum(getattr(u, field) or 0 for u in usage) if usage else None

    return read


def _cached_tokens(sample: EvalSampleSummary) -> int | None:
    usage = [
        u
        for u in (sample.model_usage or {}).values()
        if u.input_tokens_cache_read is not None or u.input_tokens_cache_write is not None
    ]
    if not usage:
        return None
    return sum((u.input_tokens_cache_read or 0) + (u.input_tokens_cache_write or 0) for u in usage)


def _user_tokens(sample: EvalSampleSummary) -> int | None:
    usage = (sample.role_usage or {}).get(USER_ROLE)
    return usage.total_tokens if usage is not None else None


TOKEN_COLUMNS: list[Column] = [
    SampleColumn("input_tokens", path=_tokens("input_tokens"), type=int),
    SampleColumn("cached_tokens", path=_cached_tokens, type=int),
    SampleColumn("output_tokens", path=_tokens("output_tokens"), type=int),
    SampleColumn("total_tokens", path=_tokens("total_tokens"), type=int),
    SampleColumn("user_tokens", path=_user_tokens, type=int),
]
"""A session's tokens over every model it called (the agent's, the user model's,
graders'), cache reads and writes apart where reported, and the user model's alone."""

_SAMPLE_BASICS: list[Column] = [
    EvalColumn("task_name", path="eval.task", required=True),
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
        columns=EvalModel[:1] + _SAMPLE_BASICS + CONFIG_COLUMNS + TOKEN_COLUMNS + STAMINA_COLUMNS,
        quiet=quiet,
    )
    frame = frame[frame["script"].notna()].reset_index(drop=True)
    # GAIA rows (no turn count) made the column float before they were left out
    frame["total_turns"] = frame["total_turns"].astype("Int64")
    for column in ("input_tokens", "cached_tokens", "output_tokens", "total_tokens", "user_tokens"):
        frame[column] = frame[column].astype("Int64")
    # plain floats, NaN where a metric had nothing to measure, as numpy and plotting expect
    frame[list(METRIC_KEYS)] = frame[list(METRIC_KEYS)].astype("float64")
    # turns survived as a share of the script's turns: comparable across script lengths
    # (the score carries stamina's own; a log written before it had one gets it here)
    turns = frame["total_turns"].astype("float64")
    frame["stamina_share"] = frame["stamina_share"].fillna(frame["stamina"] / turns)
    frame["stamina_strict_share"] = frame["stamina_strict"] / turns
    return frame


# what names a turn's session: the join key, the log, the sample and its configuration
_SESSION_COLUMNS = (
    "sample_id",
    "log",
    "id",
    "model",
    "agent",
    "configuration",
    "script",
    "domain",
)
TURN_COLUMNS = (
    *_SESSION_COLUMNS,
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
    "generations",
    "tool_calls",
    "seconds",
    "agent_seconds",
)
# each column's dtype: pandas' nullable ones, so a missing value never turns a column
# into objects or its integers into floats
_TURN_DTYPES = {
    **dict.fromkeys(
        (
            *_SESSION_COLUMNS,
            "phase",
            "kind",
            "layer",
            "status",
            "failed_checkpoints",
        ),
        "string",
    ),
    **dict.fromkeys(("scored", "effective", "robustness"), "boolean"),
    **dict.fromkeys(
        (
            "epoch",
            "turn",
            "checkpoints",
            "checkpoints_passed",
            "checkpoints_failed",
            "regressions",
            "probes_passed",
            "probes_failed",
            "tokens",
            "context_tokens",
            "compactions",
            "generations",
            "tool_calls",
        ),
        "Int64",
    ),
    **dict.fromkeys(("seconds", "agent_seconds"), "Float64"),
}


def _turn_rows(session: Session) -> list[dict[str, Any]]:
    rows = []
    for turn in session.turns:
        failed = [c.name for c in turn.checkpoints if not c.passed]
        rows.append(
            {
                "sample_id": session.uuid,
                "log": session.log,
                "id": session.sample_id,
                "model": session.model,
                "agent": session.config.agent,
                "configuration": configuration_key(session.config),
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
                "generations": turn.generations,
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
    return pd.DataFrame(rows, columns=list(TURN_COLUMNS)).astype(_TURN_DTYPES)


def turns_df(logs: str | Path | Sequence[str | Path]) -> pd.DataFrame:
    """One row per turn per StaminaBench session in the logs (files or directories)."""
    return sessions_turns_df(read_logs([logs] if isinstance(logs, str | Path) else logs).sessions)
