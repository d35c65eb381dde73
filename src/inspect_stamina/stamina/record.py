"""The typed records of a session: what every stage (session, scorer, report, validate) reads.

A turn record is made by the session as the turn ends, kept in the sample's store
(``SessionRecord`` through Inspect's ``store_as``) and also written to the transcript
as two info events: a Markdown summary for people (``TURN_EVENT_SOURCE``) and the whole
record as JSON (``TURN_RECORD_SOURCE``). Events reach Inspect's sample buffer as they
happen, so a log that ``inspect log recover`` rebuilt after the eval process was
killed (no score, no store) still holds every finished turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, NamedTuple

from inspect_ai.event import Event, InfoEvent
from inspect_ai.util import StoreModel
from pydantic import BaseModel, Field

TurnStatus = Literal["ok", "limit", "context_overflow", "error", "not_reached"]
TURN_EVENT_SOURCE = "stamina turn"
TURN_RECORD_SOURCE = "stamina turn record"


class CheckResult(BaseModel):
    """The outcome of one check (a checkpoint, a regression re-run or the acceptance tests)."""

    name: str
    passed: bool
    output: str = ""
    passed_tests: int | None = None
    total_tests: int | None = None
    seconds: float = 0.0
    retries: int = 0
    # an in-process run's canary showed its report was forged: the check failed for that
    tampered: bool = False


class ProbeResult(BaseModel):
    """A memory probe evaluated after its probe turn."""

    id: str
    passed: bool
    detail: str = ""
    # whether the turn that planted the fact was still in the conversation the agent saw
    # at the probe turn (False: compacted away; None: not known)
    in_context: bool | None = None


class SearchRecord(BaseModel):
    """One project_search query the agent made, and the sources of its hits."""

    query: str
    k: int
    hits: list[str] = Field(default_factory=list)


class RobustnessResult(BaseModel):
    """Whether a vague, contradictory or erroneous turn met its expectation."""

    behaviour: str
    passed: bool
    detail: str = ""
    grader: str | None = None


class FactResult(BaseModel):
    """Whether an explain, follow-up or recall reply carried one of the turn's facts."""

    name: str
    passed: bool
    detail: str = ""


class AnswerGrade(BaseModel):
    """The grader's verdict on whether a question turn without facts was answered."""

    passed: bool
    detail: str = ""


class TurnRecord(BaseModel):
    """What happened in one turn: the data every StaminaBench metric is computed from."""

    turn: int
    phase: str
    kind: str
    layer: str
    message: str
    reply: str = ""
    status: TurnStatus = "ok"
    error: str | None = None
    note: str = ""
    user_settings: dict[str, Any] | None = None
    # the agent asked instead of acting and the user sent the turn's answer: `asked` is
    # the reply that asked, `answer` what the user answered; `reply` is the last reply
    answered: bool = False
    asked: str = ""
    answer: str = ""
    changed: list[str] = Field(default_factory=list)
    # the turn's changes to text files as a unified diff (cut at DIFF_LIMIT characters)
    diff: str = ""
    checkpoints: list[CheckResult] = Field(default_factory=list)
    regressions: list[str] = Field(default_factory=list)
    # how many earlier passed checkpoints were re-run at this turn (the regression runs)
    regression_runs: int = 0
    # checkpoints that failed at the previous checkpoint turn, re-run at this one (for
    # stamina: was the failure repaired?); not regressions
    rechecks: list[CheckResult] = Field(default_factory=list)
    rules: dict[str, bool] = Field(default_factory=dict)
    probes: list[ProbeResult] = Field(default_factory=list)
    robustness: RobustnessResult | None = None
    # a question turn: its facts, checked by code; without facts, the grader's verdict
    facts: list[FactResult] = Field(default_factory=list)
    answer_grade: AnswerGrade | None = None
    effective: bool = False
    tokens: int = 0
    # input tokens of the agent's last generation in the turn: the context it saw
    context_tokens: int | None = None
    compactions: int = 0
    # the agent's model generations in the turn (feedback retries included); None in
    # logs from before it was recorded
    generations: int | None = None
    # tool calls that ran, by tool; calls whose arguments did not parse are counted apart
    # (they never ran), and calls a limit cut off before they ran are not counted
    tool_calls: dict[str, int] = Field(default_factory=dict)
    unparsed_tool_calls: int = 0
    searches: list[SearchRecord] = Field(default_factory=list)
    seconds: dict[str, float] = Field(default_factory=dict)


class FinalEvaluation(BaseModel):
    """What the final evaluation found in the last workspace; errors say what could not run."""

    acceptance: CheckResult | None = None
    pylint: float | None = None
    bandit_issues: int | None = None
    python_files: int = 0
    # the agent's suppression pragmas (``# pylint:``) removed before the analysis
    pragmas: int = 0
    rules: dict[str, bool] = Field(default_factory=dict)
    errors: list[str] = Field(default_factory=list)


class SessionRecord(StoreModel):
    """The session so far, in the sample's store: finished turns and how the session ended."""

    turns: list[TurnRecord] = Field(default_factory=list)
    stopped_at: int | None = None
    stop_reason: str | None = None
    final: FinalEvaluation | None = None

    def add(self, record: TurnRecord) -> None:
        """Append a finished turn (reassigned so the store sees the change)."""
        self.turns = [*self.turns, record]


class FailedCheckpoint(NamedTuple):
    """A checkpoint that failed at its own turn, after any feedback retries."""

    turn: int
    check: CheckResult


def first_failed(records: Iterable[TurnRecord]) -> FailedCheckpoint | None:
    """The session's first failed checkpoint, repaired later or not; None when none failed."""
    for record in records:
        for check in record.checkpoints:
            if not check.passed:
                return FailedCheckpoint(record.turn, check)
    return None


def turn_records(events: Iterable[Event]) -> list[TurnRecord]:
    """The turn records a transcript holds, in the order the turns finished.

    The events' attachments must be resolved (Inspect keeps long strings apart).
    """
    return [
        TurnRecord.model_validate(event.data)
        for event in events
        if isinstance(event, InfoEvent) and event.source == TURN_RECORD_SOURCE
    ]
