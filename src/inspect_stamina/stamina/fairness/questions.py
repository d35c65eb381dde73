"""Questions graded: every explain turn lists the facts its answer must contain.

A fact is graded by code (a regex, or a command over the live project); an explain turn
without facts would be graded by whether it answered at all, which a canned paragraph
passes. A regex fact must accept the reference reply (the answer is possible) and must
not match the question itself (echoing the question does not answer it).
"""

from __future__ import annotations

import re
import time

from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.script import LoadedScript

QUESTION_KINDS = frozenset({"explain"})


def graded_questions(loaded: LoadedScript) -> InstrumentResult:
    """Check that every explain turn is graded by facts an answer can and an echo cannot meet."""
    started = time.perf_counter()
    result = InstrumentResult("questions graded", passed=True)
    questions = by_facts = from_project = 0
    for turn in loaded.turns():
        prompt = turn.prompt
        if prompt.kind not in QUESTION_KINDS:
            continue
        questions += 1
        if not prompt.facts:
            result.findings.append(
                Finding("explain turn lists no facts its answer must contain", turn.number)
            )
            continue
        by_facts += 1
        from_project += any(f.command for f in prompt.facts)
        for fact in prompt.facts:
            if not fact.any_of:
                continue
            if prompt.reply and not any(
                re.search(p, prompt.reply, re.IGNORECASE) for p in fact.any_of
            ):
                result.findings.append(
                    Finding(
                        f"fact {fact.name!r}: the reference reply does not contain it", turn.number
                    )
                )
            echoed = [p for p in fact.any_of if re.search(p, prompt.spoken, re.IGNORECASE)]
            if echoed:
                result.findings.append(
                    Finding(
                        f"fact {fact.name!r}: /{echoed[0]}/ matches the question itself",
                        turn.number,
                    )
                )
    result.passed = not result.findings
    result.figures = {
        "questions": questions,
        "graded_by_facts": by_facts,
        "facts_from_project": from_project,
    }
    result.seconds = round(time.perf_counter() - started, 4)
    return result
