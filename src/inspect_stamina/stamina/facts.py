"""Explain, follow-up and recall turns graded by code: the facts their answer must contain.

An ``AnswerFact`` is either regexes (``any_of``, case-insensitive, one must match the
reply) or a command run in the sandbox after the turn as the runner, each non-empty
line of whose output the reply must name (case-insensitive): facts from the live
project, so the reply cannot be canned. A reply that matches a pattern of its
``none_of`` (another candidate) does not carry it either.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence

from inspect_stamina.stamina.record import CheckResult, FactResult
from inspect_stamina.stamina.script import AnswerFact

CommandRunner = Callable[[str, str | None], Awaitable[CheckResult]]


def fact_in_reply(fact: AnswerFact, reply: str, output: str | None = None) -> FactResult:
    """Whether the reply carries one fact: a pattern of `any_of`, or every line of `output`,
    and no pattern of `none_of`."""
    wrong = next((p for p in fact.none_of if re.search(p, reply, re.IGNORECASE)), None)
    if wrong is not None:
        return FactResult(
            name=fact.name,
            passed=False,
            detail=f"reply also matches /{wrong}/, another candidate: that is no answer",
        )
    if fact.any_of:
        hit = next((p for p in fact.any_of if re.search(p, reply, re.IGNORECASE)), None)
        if hit is None:
            shown = " | ".join(f"/{p}/" for p in fact.any_of)
            return FactResult(name=fact.name, passed=False, detail=f"reply matches none of {shown}")
        return FactResult(name=fact.name, passed=True, detail=f"reply matches /{hit}/")
    lines = [line.strip() for line in (output or "").splitlines() if line.strip()]
    if not lines:
        # no line, no fact: a reply cannot be checked against nothing
        return FactResult(name=fact.name, passed=False, detail="the command printed nothing")
    missing = [line for line in lines if line.lower() not in reply.lower()]
    if missing:
        shown = ", ".join(repr(line) for line in missing[:5])
        return FactResult(name=fact.name, passed=False, detail=f"reply lacks {shown}")
    return FactResult(name=fact.name, passed=True, detail=f"reply names all {len(lines)} line(s)")


async def grade_facts(
    facts: Sequence[AnswerFact], reply: str, run: CommandRunner
) -> list[FactResult]:
    """Each fact checked against the reply; command facts run through `run` first."""
    results = []
    for fact in facts:
        if fact.command is None:
            results.append(fact_in_reply(fact, reply))
            continue
        ran = await run(fact.command, None)
        if not ran.passed:
            why = ran.output.strip().splitlines()[-1:] or ["no output"]
            results.append(
                FactResult(name=fact.name, passed=False, detail=f"the command failed: {why[0]}")
            )
            continue
        results.append(fact_in_reply(fact, reply, ran.output))
    return results
