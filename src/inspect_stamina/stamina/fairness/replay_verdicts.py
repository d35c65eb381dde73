"""The turn ablation and bug truthfulness verdicts, drawn on the host from what the
fairness replay stored (``replay.py``)."""

from __future__ import annotations

from typing import Any

from inspect_stamina.stamina.fairness.replay_plan import work_turns
from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript

ABLATION = "turn ablation"
BUG_TRUTHFULNESS = "bug truthfulness"


def _reference_of(loaded: LoadedScript, turn: int) -> str | None:
    return loaded.turns()[turn - 1].prompt.reference


def ablation_result(loaded: LoadedScript, data: dict[str, Any], wall: float) -> InstrumentResult:
    """The turn ablation verdict from what the replay stored."""
    result = InstrumentResult(ABLATION, passed=False, seconds=float(data["ablation_seconds"]))
    baseline = data["baseline"]
    work = work_turns(loaded)
    result.figures["work_turns"] = len(work)
    if baseline["broken"]:
        result.findings.append(
            Finding(f"the baseline replay breaks: {baseline['broken']}", turn=baseline["broken_at"])
        )
        result.notes.append("no turn was left out: the references do not replay in full")
        return result
    for turn, label, output in baseline["failed"]:
        result.findings.append(
            Finding(f"the baseline (every reference) fails checkpoint {label!r}: {output}", turn)
        )
    accepted = baseline.get("acceptance")
    if accepted is not None and not accepted["passed"]:
        result.findings.append(
            Finding(
                f"the baseline passes {accepted['tests']} acceptance tests: {accepted['output']}"
            )
        )
        result.notes.append("the acceptance tests catch nothing: the baseline fails them too")
    caught_by = {int(a["turn"]): a["caught_by"] for a in data["ablations"]}
    uncaught = [turn for turn, by in caught_by.items() if by is None]
    for turn in uncaught:
        result.findings.append(
            Finding(
                "unchecked work: with this turn's reference left out, every later reference "
                "applies and every check passes",
                turn=turn,
                where=_reference_of(loaded, turn),
            )
        )
    caught = len(caught_by) - len(uncaught)
    # a change that no longer applies is a weaker catch than a failing check: say how many
    kinds = [a["kind"] for a in data["ablations"] if a["kind"]]
    result.figures.update(
        caught=caught,
        coverage=round(caught / len(caught_by), 3) if caught_by else None,
        uncaught=uncaught,
        caught_by_kind={kind: kinds.count(kind) for kind in dict.fromkeys(kinds)},
        caught_by={turn: by or "nothing" for turn, by in caught_by.items()},
    )
    result.notes.append(
        f"one replay for both instruments: {data['references_applied']} references applied, "
        f"{data['check_runs']} check runs, {wall:.0f} s in all"
    )
    result.passed = not result.findings
    return result


def bug_result(loaded: LoadedScript, data: dict[str, Any], wall: float) -> InstrumentResult:
    """The bug truthfulness verdict from what the replay stored."""
    result = InstrumentResult(BUG_TRUTHFULNESS, passed=False, seconds=float(data["bug_seconds"]))
    turns = loaded.turns()
    bugs = [t for t in turns if t.prompt.kind == "bug"]
    seen = {int(b["turn"]): b for b in data["bugs"]}
    tests: dict[int, str] = {}
    for turn in bugs:
        number, origin = turn.number, turn.prompt.origin
        found = seen.get(number)
        if origin is None:
            result.findings.append(
                Finding("declares no origin (harness: planted by its setup; unstated)", number)
            )
        if origin == "harness" and not turn.prompt.setup:
            result.findings.append(
                Finding("origin harness, but the turn has no setup to plant the defect", number)
            )
        if found is None:
            result.findings.append(
                Finding("not checked: the baseline replay broke before this turn", number)
            )
            continue
        tests[number] = ", ".join(found["tests"]) or "none"
        if found["setup_failed"]:
            result.findings.append(Finding(found["setup_failed"], number))
        if not found["tests"]:
            after = found["ablation"] or "nothing"
            result.findings.append(
                Finding(
                    "nothing checks this bug: no behavioural checkpoint at its turn, and no "
                    f"later checkpoint catches the turn left out (caught by {after})",
                    number,
                )
            )
        elif not found["fails_before"]:
            result.findings.append(
                Finding(
                    f"nothing checks this bug: its test ({tests[number]}) already passes on "
                    "the state before the turn",
                    number,
                )
            )
        if origin == "unstated":
            for label, output in found["earlier_failing"]:
                result.findings.append(
                    Finding(
                        f"the state before the turn fails earlier check {label!r}, still in "
                        f"force: {output}",
                        number,
                    )
                )
        if origin == "harness" and found["fails_without_setup"]:
            result.notes.append(
                f"turn {number}: its test fails without the setup too (the setup is not "
                "alone in planting the defect)"
            )
        if found["source"] == "later":
            result.notes.append(
                f"turn {number}: no checkpoint at its turn; its test is the later one that "
                f"catches its omission ({tests[number]})"
            )
    origins = [t.prompt.origin or "none" for t in bugs]
    result.figures.update(
        bug_turns=len(bugs),
        origins={o: origins.count(o) for o in dict.fromkeys(origins)},
        tests=tests,
        with_findings=len({f.turn for f in result.findings}),
    )
    result.notes.append(f"measured in the turn ablation's replay ({wall:.0f} s in all)")
    result.passed = not result.findings
    return result
