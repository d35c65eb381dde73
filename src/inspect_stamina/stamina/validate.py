"""Prove a script usable: it loads, every turn has a reference, and (with a run) the
oracle passes every check while the noop fails every behavioural one."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from typing import Any

from inspect_stamina.stamina.task import resolve_script


@dataclass
class Validation:
    """What validating one script found."""

    script: str
    problems: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problem found."""
        return not self.problems


def _score(spec: str, model: str, log_dir: str) -> dict[str, Any]:
    from inspect_ai import eval as inspect_eval

    from inspect_stamina.stamina.task import stamina

    [log] = inspect_eval(stamina(script=spec), model=model, log_dir=log_dir, display="none")
    if log.status != "success" or not log.samples or not log.samples[0].scores:
        raise RuntimeError(f"the {model} run did not complete: {log.error}")
    metadata = log.samples[0].scores["stamina_scorer"].metadata
    assert metadata is not None
    return metadata


def validate_script(spec: str, run: bool = False) -> Validation:
    """Check one script (bundled name or path); with run, replay the oracle and the noop."""
    loaded = resolve_script(spec)
    result = Validation(loaded.name)
    result.facts.append(
        f"{loaded.script.total_turns} turns, {len(loaded.checkpoints())} checkpoints"
    )
    result.problems += loaded.missing_references()
    if not run or result.problems:
        return result
    with tempfile.TemporaryDirectory(prefix="stamina-validate-") as log_dir:
        oracle, noop = (
            _score(spec, "stamina/oracle", log_dir),
            _score(spec, "stamina/noop", log_dir),
        )
    behavioural = {c.label for c in loaded.checkpoints() if c.behavioural}
    oracle_checks = [c for t in oracle["turns"] for c in t["checkpoints"]]
    for check in oracle_checks:
        if not check["passed"]:
            result.problems.append(
                f"oracle fails checkpoint {check['name']}: {check['output'][-300:]}"
            )
    accepted = oracle["final"]["acceptance"]
    passed, _, total = accepted.partition("/")
    if passed != total or total in ("", "0"):
        result.problems.append(f"oracle passes {accepted} acceptance tests")
    noop_checks = [c for t in noop["turns"] for c in t["checkpoints"] if c["name"] in behavioural]
    for check in noop_checks:
        if check["passed"]:
            result.problems.append(
                f"noop passes behavioural checkpoint {check['name']}: it cannot discriminate"
            )
    result.facts.append(
        f"oracle passed {sum(c['passed'] for c in oracle_checks)}/{len(oracle_checks)} checkpoints "
        f"and {accepted} acceptance tests; noop failed "
        f"{sum(not c['passed'] for c in noop_checks)}/{len(noop_checks)} behavioural checkpoints"
    )
    return result
