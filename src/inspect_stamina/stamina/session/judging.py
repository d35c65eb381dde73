"""What a finished turn earned beyond its checkpoints: rules, memory probes, robustness,
answers to questions, and whether the turn moved the session on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from inspect_ai.model import model_roles

from inspect_stamina.stamina.checks import run_command_check
from inspect_stamina.stamina.facts import grade_facts
from inspect_stamina.stamina.loaded_script import Turn
from inspect_stamina.stamina.record import AnswerGrade, ProbeResult, RobustnessResult, TurnRecord
from inspect_stamina.stamina.robustness import (
    GRADER_ROLE,
    grade_answer,
    grade_robustness,
    judge_robustness,
)
from inspect_stamina.stamina.rules import evaluate_check, has_material
from inspect_stamina.stamina.sandbox import fetch_workspace
from inspect_stamina.stamina.script import (
    CODE_KINDS,
    ROBUSTNESS_KINDS,
    ConsistencyRule,
    MemoryProbe,
    Script,
)


def _due_rules(script: Script, turn: Turn) -> list[ConsistencyRule]:
    """The consistency rules judged at this turn (its checkpoint turns)."""
    if not turn.checkpoints:
        return []
    return [r for r in script.consistency_rules if r.from_turn <= turn.number]


def _due_probes(script: Script, turn: Turn) -> list[MemoryProbe]:
    return [p for p in script.memory_probes if p.probed_at == turn.number]


def needs_workspace_copy(script: Script, turn: Turn) -> bool:
    """Whether this turn's rules or probes read a host copy of the workspace (a probe of
    the conversation reads only the reply)."""
    return bool(_due_rules(script, turn)) or any(p.checks for p in _due_probes(script, turn))


async def copy_workspace(copy: Path, record: TurnRecord) -> None:
    """The workspace's source files into ``copy``; what could not be copied, in the note."""
    problems = await fetch_workspace(copy)
    if problems:
        record.note = "; ".join([*([record.note] if record.note else []), *problems])


async def rules_and_probes(
    script: Script,
    turn: Turn,
    record: TurnRecord,
    in_context: Callable[[int], bool | None],
    copy: Path | None,
) -> None:
    """Consistency rules (at checkpoint turns) and memory probes over the turn's workspace
    copy (None when ``needs_workspace_copy`` says none is needed).

    ``in_context`` says whether the turn that planted a fact was in the conversation the
    agent last saw.
    """
    rules, probes = _due_rules(script, turn), _due_probes(script, turn)
    for rule in rules:
        assert copy is not None, "needs_workspace_copy: rules read the copy"
        # no files to read yet is no verdict: a turn record saying "rule broken" of an
        # empty workspace misleads, and the final evaluation still judges it (False)
        if has_material(rule.check, copy):
            record.rules[rule.id] = (await evaluate_check(rule.check, copy))[0]
    for probe in probes:
        outcomes = []
        if probe.checks:
            assert copy is not None, "needs_workspace_copy: a probe's checks read the copy"
            outcomes = [await evaluate_check(check, copy) for check in probe.checks]
        if probe.facts:
            facts = await grade_facts(probe.facts, record.reply, run_command_check)
            outcomes += [(f.passed, f"{f.name}: {f.detail}") for f in facts]
        record.probes.append(
            ProbeResult(
                id=probe.id,
                passed=all(passed for passed, _ in outcomes),
                detail="; ".join(detail for _, detail in outcomes),
                in_context=in_context(probe.planted_at),
            )
        )


def robustness_rules(script: Script, turn: Turn, record: TurnRecord) -> None:
    """A robustness turn's verdict by its rules and its own checkpoints."""
    expect = turn.prompt.expect
    if turn.prompt.kind not in ROBUSTNESS_KINDS or expect is None:
        return
    runtime = script.runtime_files
    if not record.answered:
        passed, detail = judge_robustness(
            expect, record.reply, record.changed, record.message, runtime
        )
    else:
        # the first reply is what the expectation is about (it asked and changed only
        # runtime files); the checks after the answer show it then did the work
        passed, detail = judge_robustness(expect, record.asked, [], record.message, runtime)
    # a robustness turn's own checkpoints are part of its verdict: the real request
    # beside a mistaken one, or the work the user's answer asked for, was done
    when = "after the answer, " if record.answered else ""
    failed = [c.name for c in record.checkpoints if not c.passed]
    if failed:
        passed = False
        detail += f"; {when}checkpoints failed: {', '.join(failed)}"
    elif record.checkpoints:
        detail += f"; {when}its checkpoints passed"
    record.robustness = RobustnessResult(behaviour=expect.behaviour, passed=passed, detail=detail)


async def robustness_grader(turn: Turn, record: TurnRecord) -> None:
    """A bound grader's verdict on a robustness turn: it can only make the rules' stricter."""
    if record.robustness is None or turn.prompt.expect is None:
        return
    if GRADER_ROLE in model_roles():
        reply, changed = (record.asked, []) if record.answered else (record.reply, record.changed)
        verdict, why = await grade_robustness(turn.prompt.expect, record.message, reply, changed)
        record.robustness.passed = record.robustness.passed and verdict
        record.robustness.grader = why


async def question(turn: Turn, record: TurnRecord) -> None:
    """A question turn: its facts by code; without facts, the grader (when bound)."""
    if turn.prompt.kind in CODE_KINDS | ROBUSTNESS_KINDS or record.status != "ok":
        return
    if turn.prompt.facts:
        record.facts = await grade_facts(turn.prompt.facts, record.reply, run_command_check)
    elif GRADER_ROLE in model_roles() and record.reply.strip():
        passed, why = await grade_answer(record.message, record.reply)
        record.answer_grade = AnswerGrade(passed=passed, detail=why)


def is_effective(kind: str, record: TurnRecord, asked_last_turn: bool) -> tuple[bool, bool]:
    """Whether a finished turn moved the session on, and whether it asked a question.

    A code turn is effective when it changed the workspace and its checks passed (a
    bug turn whose checkpoints all pass without a change was already right); a
    robustness turn when its expectation was met; a question turn with facts when the
    reply carried every one; any other turn when it answered (a reply, no question
    back; the grader's verdict when one was bound). A second clarification request in a
    row never is.
    """
    clarification = "?" in record.reply and not record.changed
    if record.status != "ok" or (clarification and asked_last_turn):
        return False, clarification
    if record.robustness is not None:
        return record.robustness.passed, clarification
    if kind in CODE_KINDS:
        passed = all(c.passed for c in record.checkpoints)
        acted = bool(record.changed) or (kind == "bug" and bool(record.checkpoints))
        return acted and passed, clarification
    if record.facts:
        return all(f.passed for f in record.facts), clarification
    if record.answer_grade is not None:
        return bool(record.reply.strip()) and record.answer_grade.passed, clarification
    return bool(record.reply.strip()) and not clarification, clarification
