"""What people read in the log viewer: a turn in a few lines, a score in a paragraph.

The turn records and the metrics are the data; these render them as Markdown for the
transcript (one info event per turn) and for the score's explanation, naming what
failed and why rather than repeating the numbers.
"""

from __future__ import annotations

import math

from inspect_stamina.stamina.record import (
    CheckResult,
    FinalEvaluation,
    SessionRecord,
    TurnRecord,
    first_failed,
)
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS, Script

# marks in fonts every browser has (headless Chromium on Debian shows no emoji)
_PASS, _FAIL = "✓", "✗"
TURN_SPAN_TYPE = "session_turn"


def turn_span_name(number: int, phase: str, kind: str) -> str:
    """The transcript span of a session turn: `turn 7 · Features · feature`."""
    return f"turn {number} · {phase} · {kind}"


def _first_line(text: str, limit: int = 160) -> str:
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _check(check: CheckResult) -> str:
    if check.passed:
        return f"{_PASS} {check.name}"
    why = _first_line(check.output)
    return f"{_FAIL} {check.name}" + (f" ({why})" if why else "")


def turn_summary(record: TurnRecord) -> str:
    """A finished turn as Markdown: outcome, checkpoints, regressions, rules, probes, robustness."""
    status = record.status + ("" if record.status == "ok" else f": {record.error or ''}")
    lines = [
        f"**Turn {record.turn} · {record.phase} · {record.kind}**: {status.strip()}, "
        + ("effective" if record.effective else "not effective")
    ]
    if record.answered:
        lines.append(f"Asked: {_first_line(record.asked)} · answered: {_first_line(record.answer)}")
    if record.checkpoints:
        lines.append("Checkpoints: " + " · ".join(_check(c) for c in record.checkpoints))
    if record.rechecks:
        lines.append("Re-checked after failing: " + " · ".join(_check(c) for c in record.rechecks))
    if record.regressions:
        lines.append(f"Regressions: {_FAIL} " + f" · {_FAIL} ".join(record.regressions))
    if record.rules:
        broken = [rule for rule, held in record.rules.items() if not held]
        lines.append(
            "Rules: " + (f"{_FAIL} broken: {', '.join(broken)}" if broken else f"{_PASS} all held")
        )
    for probe in record.probes:
        seen = {True: "in context", False: "compacted away", None: ""}[probe.in_context]
        detail = "; ".join(x for x in (seen, _first_line(probe.detail)) if x)
        lines.append(
            f"Memory probe {probe.id}: {_PASS if probe.passed else _FAIL}"
            + (f" ({detail})" if detail else "")
        )
    if record.robustness is not None:
        r = record.robustness
        lines.append(
            f"Robustness ({r.behaviour}): {_PASS if r.passed else _FAIL}"
            + (f" {_first_line(r.detail)}" if r.detail else "")
        )
    if record.facts:
        lines.append(
            "Facts: "
            + " · ".join(
                f"{_PASS if f.passed else _FAIL} {f.name}"
                + ("" if f.passed else f" ({_first_line(f.detail)})")
                for f in record.facts
            )
        )
    if record.answer_grade is not None:
        g = record.answer_grade
        lines.append(f"Answered (grader): {_PASS if g.passed else _FAIL} {_first_line(g.detail)}")
    facts = []
    if record.changed:
        shown = ", ".join(record.changed[:6])
        more = len(record.changed) - 6
        facts.append(f"changed {shown}" + (f" and {more} more" if more > 0 else ""))
    if record.tokens:
        facts.append(f"{record.tokens:,} tokens")
    if "total" in record.seconds:
        facts.append(f"{record.seconds['total']:.1f} s")
    if record.note:
        facts.append(record.note)
    if facts:
        lines.append(" · ".join(facts))
    return "  \n".join(lines)


def score_explanation(
    script: Script, session: SessionRecord, final: FinalEvaluation, values: dict[str, float]
) -> str:
    """Where stamina ended and why each metric below its best is there, in Markdown."""
    total = script.total_turns
    survived = int(values.get("stamina", 0))
    strict = values.get("stamina_strict", math.nan)
    first = first_failed(session.turns)
    lines = [f"**Stamina {survived}/{total} turns.**"]
    if not math.isnan(strict) and int(strict) != survived:
        lines[0] += f" Strict stamina {int(strict)} (a repaired failure ends it)."
    if first is not None:
        turn, check = first
        why = _first_line(check.output)
        lines[0] += f" First failed checkpoint: turn {turn}, {check.name}" + (
            f" ({why})." if why else "."
        )
    if session.stopped_at is not None:
        lines.append(f"The session stopped at turn {session.stopped_at}: {session.stop_reason}.")
    causes = _causes(script, session, final)
    for key, cause in causes.items():
        value = values.get(key, math.nan)
        # stamina's own line heads the explanation; a key without a cause gets no line
        if math.isnan(value) or not cause:
            continue
        best = 10.0 if key == "code_quality" else 1.0
        if key == "regressions":
            if value > 0:
                lines.append(f"- regressions {value:.0f}: {cause}")
        elif value < best:
            lines.append(f"- {key} {value:.3g}: {cause}")
    if len(lines) == 1 + (session.stopped_at is not None):
        lines.append("Every metric at its best.")
    return "\n".join(lines)


def _causes(script: Script, session: SessionRecord, final: FinalEvaluation) -> dict[str, str]:
    """Per metric, what in the session made it less than perfect."""
    records = session.turns
    checks = [(r.turn, c) for r in records for c in r.checkpoints]
    failed = [f"turn {t}: {c.name}" for t, c in checks if not c.passed]
    planned = sum(len(p.evaluation_checkpoints) for p in script.narrative_script)
    unreached = max(planned - len(checks), 0)
    acceptance = final.acceptance
    broken_rules = sorted(
        rule.id
        for rule in script.consistency_rules
        if not final.rules.get(rule.id, False)
        or any(r.rules.get(rule.id) is False for r in records)
    )
    probes = [p for r in records for p in r.probes]
    robustness = [(r.turn, r.robustness) for r in records if r.robustness is not None]
    ineffective = [r.turn for r in records if not r.effective]
    planned_robustness = sum(
        p.kind in ROBUSTNESS_KINDS for ph in script.narrative_script for p in ph.user_prompts
    )
    regressed = sorted({label for r in records for label in r.regressions})
    return {
        "completion": (
            f"acceptance tests {acceptance.passed_tests or 0}/{acceptance.total_tests or 0} passed"
            if acceptance is not None
            else "no acceptance tests ran"
        ),
        "checkpoint_pass_rate": _listed("failed", failed)
        + (f"; {unreached} never reached" if unreached else ""),
        "code_quality": (
            f"pylint {f'{final.pylint:.2f}' if final.pylint is not None else 'n/a'}, "
            f"bandit issues {final.bandit_issues if final.bandit_issues is not None else 'n/a'}"
            + (f" ({'; '.join(final.errors)})" if final.errors else "")
        ),
        "consistency": _listed("rules broken", broken_rules),
        "efficiency": _listed("turns not effective", [str(t) for t in ineffective]),
        "robustness": _listed(
            "not met",
            [f"turn {t} ({r.behaviour})" for t, r in robustness if not r.passed],
        )
        + (
            f"; {len(robustness)} of the script's robustness turns reached"
            if len(robustness) < planned_robustness
            else ""
        ),
        "memory": _listed("probes failed", [p.id for p in probes if not p.passed])
        + (
            f"; {len(probes)} of {len(script.memory_probes)} probes reached"
            if len(probes) < len(script.memory_probes)
            else ""
        ),
        "memory_in_context": _listed(
            "failed while the fact was in context",
            [p.id for p in probes if p.in_context and not p.passed],
        ),
        "memory_compacted": _listed(
            "failed after the fact was compacted away",
            [p.id for p in probes if p.in_context is False and not p.passed],
        ),
        "solved": "not every checkpoint and acceptance test passed in a complete session",
        "regressions": _listed("passed once, failed later", regressed),
        # counted in turns and told in the first line
        "stamina": "",
        "stamina_strict": "",
        "stamina_share": "",
    }


def _listed(what: str, items: list[str], limit: int = 8) -> str:
    if not items:
        return f"nothing {what}"
    shown = ", ".join(items[:limit])
    return f"{what}: {shown}" + (f" and {len(items) - limit} more" if len(items) > limit else "")


__all__ = ["TURN_SPAN_TYPE", "score_explanation", "turn_span_name", "turn_summary"]
