"""What a fairness instrument reports: findings located in the script, figures, a verdict."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One thing an instrument found wrong, located by turn and by file:line where known."""

    message: str
    turn: int | None = None
    where: str | None = None

    def line(self) -> str:
        """The finding as one printed line."""
        at = [f"turn {self.turn}"] if self.turn is not None else []
        at += [self.where] if self.where else []
        return f"{', '.join(at)}: {self.message}" if at else self.message


@dataclass
class InstrumentResult:
    """One instrument's verdict on one script."""

    name: str
    passed: bool
    findings: list[Finding] = field(default_factory=list)
    # the instrument's headline numbers (counts, coverage, scores), for the table in docs/validation.md
    figures: dict[str, Any] = field(default_factory=dict)
    # facts that are not findings (what was measured, what was skipped and why)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        """The result as JSON-ready data (fairness.json)."""
        return asdict(self)
