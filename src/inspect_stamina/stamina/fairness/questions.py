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
from inspect_stamina.stamina.loaded_script import LoadedScript
from inspect_stamina.stamina.script import AnswerFact

QUESTION_KINDS = frozenset({"explain"})


def graded_questions(loaded: LoadedScript) -> InstrumentResult:
    """Check that every explain turn is graded by facts an answer can and an echo cannot meet."""
    started = time.perf_counter()
    result = InstrumentResult("questions graded", passed=True)
    questions = by_facts = from_project = 0
    turns = {turn.number: turn for turn in loaded.turns()}
    for turn in turns.values():
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
        result.findings += _fact_findings(prompt.facts, prompt.reply, prompt.spoken, turn.number)
    # a memory probe graded in the reply: the fact is the conversation's, so the question
    # must not carry it and the reference reply must
    conversation = [p for p in loaded.script.memory_probes if p.facts]
    for probe in conversation:
        probed = turns[probe.probed_at].prompt
        result.findings += _fact_findings(
            probe.facts, probed.reply, probed.spoken, probe.probed_at, f"probe {probe.id!r} "
        )
    result.passed = not result.findings
    result.figures = {
        "questions": questions,
        "graded_by_facts": by_facts,
        "facts_from_project": from_project,
        "memory_probes": len(loaded.script.memory_probes),
        "probes_of_the_conversation": len(conversation),
    }
    result.seconds = round(time.perf_counter() - started, 4)
    return result


def _fact_findings(
    facts: list[AnswerFact], reply: str | None, question: str, turn: int, owner: str = ""
) -> list[Finding]:
    """A regex fact the reference reply lacks, or one the question itself already says."""
    findings = []
    for fact in facts:
        if not fact.any_of:
            continue
        if reply and not any(re.search(p, reply, re.IGNORECASE) for p in fact.any_of):
            findings.append(
                Finding(f"{owner}fact {fact.name!r}: the reference reply does not contain it", turn)
            )
        wrong = [p for p in fact.none_of if reply and re.search(p, reply, re.IGNORECASE)]
        if wrong:
            findings.append(
                Finding(
                    f"{owner}fact {fact.name!r}: the reference reply names another candidate "
                    f"(/{wrong[0]}/)",
                    turn,
                )
            )
        echoed = [p for p in fact.any_of if re.search(p, question, re.IGNORECASE)]
        if echoed:
            findings.append(
                Finding(
                    f"{owner}fact {fact.name!r}: /{echoed[0]}/ matches the question itself", turn
                )
            )
    return findings
