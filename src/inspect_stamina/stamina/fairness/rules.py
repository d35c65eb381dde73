"""Rules stated: a consistency rule is scored only from the turn at which the user states it.

The loader already checks that a rule's `stated` words occur in the prompt at its
`from_turn`; a rule without them is one the agent may never have been told.
"""

from __future__ import annotations

import time

from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript


def stated_rules(loaded: LoadedScript) -> InstrumentResult:
    """Check that every consistency rule quotes the prompt that states it."""
    started = time.perf_counter()
    rules = loaded.script.consistency_rules
    result = InstrumentResult("rules stated", passed=True)
    for rule in rules:
        if rule.stated is None:
            result.findings.append(
                Finding(
                    f"consistency rule {rule.id!r} ({rule.description}) does not quote the "
                    "prompt that states it (stated:)",
                    rule.from_turn,
                )
            )
    result.passed = not result.findings
    result.figures = {"rules": len(rules), "stated": len(rules) - len(result.findings)}
    result.seconds = round(time.perf_counter() - started, 4)
    return result
