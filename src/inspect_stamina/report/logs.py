"""Reading StaminaBench and GAIA eval logs into sessions, GAIA answers and problems.

Logs can be large (a 100-turn session carries every message and event), so each log's
header is read first and its samples then one at a time without messages, events or
attachments: everything the report needs is in the scores and the store. A sample with
neither (one that ``inspect log recover`` rebuilt after the eval process was killed)
is read once more with its events, which hold every finished turn's record.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai.log import (
    EvalLog,
    EvalSample,
    read_eval_log,
    read_eval_log_sample,
    read_eval_log_samples,
)

from inspect_stamina.errors import StaminaError
from inspect_stamina.log_files import find_logs
from inspect_stamina.report.config import Config, run_config
from inspect_stamina.stamina.record import TurnRecord, turn_records
from inspect_stamina.stamina.user import USER_ROLE

STAMINA_SCORER = "stamina_scorer"
GAIA_SCORER = "gaia_scorer"
# the sample fields the report never reads: by far the largest part of a long log
_SKIPPED_FIELDS = {"messages", "events", "attachments"}
# generated scripts are named after their domain: "Generated devops library (100 turns, …)",
# "Generated webstack project (36 turns, …)"
_GENERATED = re.compile(r"task_name:\s*['\"]?Generated (\S+) (?:library|project)")


@dataclass(frozen=True)
class Usage:
    """What a session cost: tokens over every model it called, generations, time."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    # cache reads and writes, when the provider reports them apart from input_tokens
    cached_tokens: int | None = None
    # tokens of the model bound to the user role (part of the totals above)
    user_tokens: int | None = None
    # the agent's generations, summed over turns; None when the turns did not record them
    generations: int | None = None
    total_time: float | None = None
    working_time: float | None = None


@dataclass(frozen=True)
class Session:
    """One StaminaBench session (a sample and epoch): who ran which script, and its turns."""

    log: str
    config: Config
    script: str
    epoch: int
    total_turns: int
    turns: list[TurnRecord]
    # the scorer's values; empty when the session was never scored (it errored)
    values: dict[str, float] = field(default_factory=dict)
    stopped_at: int | None = None
    domain: str | None = None
    error: str | None = None
    sample_id: str = ""
    # the sample's uuid: the key that joins turns_df to stamina_samples_df
    uuid: str | None = None
    # the script's content hash: two versions of a script under one name are told apart
    script_sha256: str | None = None
    usage: Usage = field(default_factory=Usage)

    @property
    def model(self) -> str:
        """The model the agent ran on."""
        return self.config.model

    @property
    def scored(self) -> bool:
        """Whether the scorer ran on this session."""
        return bool(self.values)

    def share(self, key: str) -> float:
        """A turn count (stamina, stamina_strict) as a share of the script's turns."""
        value = self.values.get(key, math.nan)
        return value / self.total_turns if self.total_turns else math.nan


@dataclass(frozen=True)
class GaiaAnswer:
    """One scored GAIA question."""

    log: str
    model: str
    level: str
    correct: bool


@dataclass(frozen=True)
class Problem:
    """A log, or a sample in one, that the report could not count, and why."""

    log: str
    what: str
    error: str


@dataclass
class LogSet:
    """Everything read from a set of logs."""

    logs: list[str] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)
    gaia: list[GaiaAnswer] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def scored(self) -> list[Session]:
        """Sessions the scorer ran on: the ones every metric is computed from."""
        return [s for s in self.sessions if s.scored]


def script_domain(script_text: str) -> str | None:
    """The generator domain a script came from, when it is a generated one."""
    match = _GENERATED.search(script_text[:2000])
    return match.group(1) if match else None


def _error_text(error: Any) -> str:
    return str(getattr(error, "message", error) or "unknown error")


def _recovered_turns(path: str, sample: EvalSample) -> list[TurnRecord]:
    """The turns of a sample whose store is empty, from its transcript's turn events."""
    with_events = read_eval_log_sample(
        path,
        id=sample.id,
        epoch=sample.epoch,
        resolve_attachments="core",
        exclude_fields={"messages"},
    )
    return turn_records(with_events.events)


def _session(log: EvalLog, path: str, sample: EvalSample) -> Session | None:
    metadata = sample.metadata or {}
    if "script" not in metadata:
        return None
    score = (sample.scores or {}).get(STAMINA_SCORER)
    score_meta = (score.metadata or {}) if score is not None else {}
    store = sample.store or {}
    if score is not None and isinstance(score.value, dict):
        values = {k: float(v) if v is not None else math.nan for k, v in score.value.items()}
        turns = [TurnRecord.model_validate(t) for t in score_meta.get("turns", [])]
        stopped_at = score_meta.get("stopped_at")
    elif "SessionRecord:turns" in store:
        # never scored: the turns finished before the error are still in the store
        values = {}
        turns = [TurnRecord.model_validate(t) for t in store["SessionRecord:turns"]]
        stopped_at = store.get("SessionRecord:stopped_at")
    else:
        # no store either: a recovered log of a killed eval keeps the turns as events
        values, turns, stopped_at = {}, _recovered_turns(path, sample), None
    return Session(
        log=path,
        config=run_config(log.eval),
        script=str(score_meta.get("script") or metadata.get("script") or sample.id),
        epoch=sample.epoch,
        total_turns=int(metadata.get("total_turns") or len(turns) or 0),
        turns=turns,
        values=values,
        stopped_at=stopped_at,
        domain=script_domain(str(metadata.get("script_text", ""))),
        error=_error_text(sample.error) if sample.error else None,
        sample_id=str(sample.id),
        uuid=sample.uuid,
        script_sha256=metadata.get("script_sha256"),
        usage=_usage(sample, turns),
    )


def _usage(sample: EvalSample, turns: list[TurnRecord]) -> Usage:
    """Tokens from the sample's model usage (every model it called), time from the sample."""
    usage = list((sample.model_usage or {}).values())
    user = (sample.role_usage or {}).get(USER_ROLE)
    cached = [
        (u.input_tokens_cache_read or 0) + (u.input_tokens_cache_write or 0)
        for u in usage
        if u.input_tokens_cache_read is not None or u.input_tokens_cache_write is not None
    ]
    generations = [t.generations for t in turns]
    return Usage(
        input_tokens=sum(u.input_tokens for u in usage) if usage else None,
        output_tokens=sum(u.output_tokens for u in usage) if usage else None,
        cached_tokens=sum(cached) if cached else None,
        user_tokens=user.total_tokens if user is not None else None,
        generations=(
            sum(g for g in generations if g is not None)
            if generations and all(g is not None for g in generations)
            else None
        ),
        total_time=sample.total_time,
        working_time=sample.working_time,
    )


def _gaia_answer(log: EvalLog, path: str, sample: EvalSample) -> GaiaAnswer | None:
    score = (sample.scores or {}).get(GAIA_SCORER)
    if score is None:
        return None
    level = str((sample.metadata or {}).get("level", "?"))
    return GaiaAnswer(path, log.eval.model, level, score.value == "C")


def _read_one(path: Path, into: LogSet) -> None:
    location = str(path)
    try:
        header = read_eval_log(location, header_only=True)
        samples: Iterator[EvalSample] = read_eval_log_samples(
            location, all_samples_required=False, exclude_fields=_SKIPPED_FIELDS
        )
        read = list(samples)
    except Exception as ex:  # noqa: BLE001 - any failure to parse means an unreadable log
        into.problems.append(Problem(location, "unreadable log", str(ex) or type(ex).__name__))
        return
    into.logs.append(location)
    if header.status == "started":
        # still running, or its process was killed: the finished turns are in the buffer
        recovered = path.with_name(f"{path.stem}-recovered{path.suffix}")
        message = "the eval did not finish; " + (
            f"its recovered log is {recovered}"
            if recovered.exists()
            else f"if its process was killed, `inspect log recover {location}` rebuilds its samples"
        )
        into.problems.append(Problem(location, "eval status started", message))
    elif header.status != "success":
        if header.error:
            message = _error_text(header.error)
        else:
            # the eval ran on past errored samples (continue_on_fail); each is listed below
            failed = sum(1 for sample in read if sample.error)
            message = (
                f"{failed} of {len(read)} samples errored; the others were scored"
                if failed
                else "the eval did not finish"
            )
        into.problems.append(Problem(location, f"eval status {header.status}", message))
    for sample in read:
        try:
            session = _session(header, location, sample)
        except Exception as ex:  # noqa: BLE001 - a sample whose turns cannot be read
            what = f"unreadable sample {sample.id} epoch {sample.epoch}"
            into.problems.append(Problem(location, what, str(ex) or type(ex).__name__))
            continue
        if session is not None:
            into.sessions.append(session)
            if not session.scored:
                into.problems.append(
                    Problem(
                        location,
                        f"unscored session {session.script} epoch {session.epoch}",
                        session.error or "the sample has no StaminaBench score",
                    )
                )
            continue
        answer = _gaia_answer(header, location, sample)
        if answer is not None:
            into.gaia.append(answer)
        elif sample.error:
            into.problems.append(
                Problem(
                    location, f"sample {sample.id} epoch {sample.epoch}", _error_text(sample.error)
                )
            )


def read_logs(paths: Sequence[str | Path], progress: bool = False) -> LogSet:
    """Read every log in the given files and directories; unreadable ones become problems."""
    files = find_logs(paths)
    result = LogSet()
    if progress and len(files) > 1:
        from rich.console import Console
        from rich.progress import Progress

        # on stderr: stdout carries the command's own output
        with Progress(console=Console(stderr=True), transient=True) as bar:
            job = bar.add_task("reading logs", total=len(files))
            for path in files:
                _read_one(path, result)
                bar.advance(job)
    else:
        for path in files:
            _read_one(path, result)
    if not result.logs:
        raise StaminaError(
            "Cannot read the eval log"
            + ("s" if len(files) > 1 else "")
            + ": "
            + "; ".join(f"{p.log}: {p.error}" for p in result.problems)
        )
    return result
