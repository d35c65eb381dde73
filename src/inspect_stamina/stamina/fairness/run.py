"""`validate --fairness`: every instrument over one script, printed and kept as JSON."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from inspect_stamina.stamina.fairness.interfaces import stated_interfaces
from inspect_stamina.stamina.fairness.questions import graded_questions
from inspect_stamina.stamina.fairness.replay import replay_instruments
from inspect_stamina.stamina.fairness.repliers import canned_replies
from inspect_stamina.stamina.fairness.result import InstrumentResult
from inspect_stamina.stamina.fairness.rules import stated_rules
from inspect_stamina.stamina.loaded_script import LoadedScript
from inspect_stamina.stamina.task import resolve_script

HOST_INSTRUMENTS: tuple[Callable[[LoadedScript], InstrumentResult], ...] = (
    stated_interfaces,
    canned_replies,
    graded_questions,
    stated_rules,
)
REPLAY_INSTRUMENTS = ("turn ablation", "bug truthfulness")


@dataclass
class FairnessReport:
    """Every instrument's result for one script."""

    script: str
    instruments: list[InstrumentResult] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        """Every instrument that ran passed."""
        return all(i.passed for i in self.instruments)

    def as_json(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "script": self.script,
            "passed": self.passed,
            "seconds": self.seconds,
            "skipped": self.skipped,
            "instruments": [i.as_json() for i in self.instruments],
        }

    def text(self) -> str:
        """The report as printed: a section per instrument."""
        lines = [f"{self.script}: {'fair' if self.passed else 'UNFAIR'} ({self.seconds:.1f} s)"]
        for result in self.instruments:
            verdict = "pass" if result.passed else "FAIL"
            figures = ", ".join(f"{k}={_short(v)}" for k, v in result.figures.items())
            lines.append(f"  [{verdict}] {result.name} ({result.seconds:.1f} s): {figures}")
            lines += [f"    - {f.line()}" for f in result.findings]
            lines += [f"    note: {n}" for n in result.notes]
        lines += [f"  [skipped] {name}" for name in self.skipped]
        return "\n".join(lines)


def _short(value: Any) -> str:
    """A figure as printed: long mappings and lists are left to fairness.json."""
    if isinstance(value, dict | list) and len(value) > 6 and len(str(value)) > 100:
        return f"({len(value)} entries in fairness.json)"
    return str(value)


def run_fairness(spec: str, replay: bool = True) -> FairnessReport:
    """Run every fairness instrument over one script (bundled name or path)."""
    started = time.perf_counter()
    loaded = resolve_script(spec)
    report = FairnessReport(loaded.name)
    report.instruments = [instrument(loaded) for instrument in HOST_INSTRUMENTS]
    if replay:
        report.instruments += replay_instruments(loaded)
    else:
        report.skipped = list(REPLAY_INSTRUMENTS)
    report.seconds = round(time.perf_counter() - started, 2)
    return report
