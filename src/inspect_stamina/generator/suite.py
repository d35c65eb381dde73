"""The versioned StaminaBench suite: generated scripts across domains, drawn by seed.

A suite version fixes the domains, the number of scripts per domain and their length;
the seed picks the generator seeds (seed 0 is the published set, any other seed gives
scripts nobody has seen) and, with `sample`, which K of them run. Scripts are generated
once into the cache; the generator is deterministic, so a cache entry is the script.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai import Task, task, task_with
from inspect_ai.scorer import mean, stderr

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator.generate import generate
from inspect_stamina.metrics import by_domain
from inspect_stamina.paths import cache_root
from inspect_stamina.stamina.scorers import METRIC_KEYS
from inspect_stamina.stamina.task import stamina


@dataclass(frozen=True)
class SuiteVersion:
    """What one released version of the suite holds."""

    version: int
    domains: tuple[str, ...]
    scripts_per_domain: int
    turns: int
    generator: str  # the generator version that writes its scripts


SUITES = {
    1: SuiteVersion(1, ("algorithms", "algorithms-js", "data", "devops"), 2, 100, "1"),
    # the web API domain; merge conflicts, the invented library and command lines
    2: SuiteVersion(2, ("algorithms", "algorithms-js", "data", "devops", "webapi"), 2, 100, "2"),
    # scripts that pass every fairness instrument: planted bugs, checked robustness turns,
    # graded questions, facts of the conversation, a larger catalogue per domain
    3: SuiteVersion(3, ("algorithms", "algorithms-js", "data", "devops", "webapi"), 2, 100, "3"),
}
LATEST = max(SUITES)


def suite_scripts(version: int, sample: int | None, seed: int) -> list[tuple[str, Path]]:
    """(domain, script directory) for the drawn scripts, generated into the cache."""
    if version not in SUITES:
        raise StaminaError(
            f"Unknown suite version {version}; known: {', '.join(map(str, SUITES))}."
        )
    suite = SUITES[version]
    entries = [(d, i) for d in suite.domains for i in range(suite.scripts_per_domain)]
    if sample is not None:
        if sample < 1:
            raise StaminaError("sample must be at least 1.")
        drawn = random.Random(f"stamina-suite:{version}:{seed}").sample(
            entries, min(sample, len(entries))
        )
        entries = sorted(drawn)
    return [(d, _cached(d, suite.turns, seed * 1000 + i, suite.generator)) for d, i in entries]


def _cached(domain: str, turns: int, seed: int, generator: str) -> Path:
    """The generated script's directory, written once per generator version."""
    root = cache_root() / "suite" / f"generator-{generator}"
    target = root / f"{domain}-{turns}-{seed}"
    if (target / "script.yaml").is_file():
        return target
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".generating-", dir=root))
    generate(domain, turns, seed, staging / "script", generator)
    with contextlib.suppress(OSError):  # another run may have won the race: same bytes
        os.replace(staging / "script", target)
    shutil.rmtree(staging, ignore_errors=True)
    return target


@task
def stamina_suite(
    version: int = LATEST, sample: int | None = None, seed: int = 0, **stamina_args: Any
) -> Task:
    """StaminaBench's versioned suite of generated scripts, one sample each, metrics per domain.

    Args:
        version: The suite version (which domains, how many scripts, how long).
        sample: Run K scripts drawn with the seed instead of all of them.
        seed: 0 is the published set; another seed generates scripts nobody has seen.
        **stamina_args: Any parameter of the stamina task (agent, regressions, limits, ...).
    """
    drawn = suite_scripts(version, sample, seed)
    base = stamina(script=[str(path) for _, path in drawn], **stamina_args)
    domains = {path.name: domain for domain, path in drawn}
    for sample_ in base.dataset:
        assert sample_.metadata is not None
        sample_.metadata["domain"] = domains[str(sample_.id)]
    return task_with(
        base,
        metrics={key: [mean(), stderr(), by_domain()] for key in METRIC_KEYS},
        metadata={
            **(base.metadata or {}),
            "suite_version": version,
            "generator_version": SUITES[version].generator,
            "suite_seed": seed,
            "domains": sorted({d for d, _ in drawn}),
        },
    )


__all__ = ["SUITES", "stamina_suite", "suite_scripts"]
