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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai import Task, task, task_with
from inspect_ai.agent import Agent

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator.generate import generate
from inspect_stamina.paths import cache_root
from inspect_stamina.stamina.regressions import DEFAULT_REGRESSIONS, Regressions
from inspect_stamina.stamina.scorers import session_metrics, with_session_metrics
from inspect_stamina.stamina.session import Mode
from inspect_stamina.stamina.task import TASK_VERSION, stamina
from inspect_stamina.stamina.user import LAYERS


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
    # graded questions, facts of the conversation, a larger catalogue per domain, and
    # the generated web-stack domain (Django + DRF and React, on the flagship's image)
    3: SuiteVersion(
        3, ("algorithms", "algorithms-js", "data", "devops", "webapi", "webstack"), 2, 100, "3"
    ),
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


@task(version=TASK_VERSION)
def stamina_suite(
    version: int = LATEST,
    sample: int | None = None,
    seed: int = 0,
    user_layers: str | Sequence[str] = LAYERS,
    turn_generations: int | None = 30,
    turn_tokens: int | None = None,
    feedback: bool = False,
    attempts: int = 1,
    mode: Mode = "free",
    regressions: Regressions = DEFAULT_REGRESSIONS,
    agent: Agent | str | None = None,
    agent_args: str | dict[str, Any] | None = None,
    compaction: str = "auto",
    compaction_threshold: float = 0.9,
    memory_tool: bool = False,
    knowledge_base: bool = False,
    command_timeout: int = 180,
    docker_image: str | None = None,
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
    sandbox: str = "docker",
) -> Task:
    """StaminaBench's versioned suite of generated scripts, one sample each, metrics per domain.

    Args:
        version: The suite version (which domains, how many scripts, how long).
        sample: Run K scripts drawn with `seed` instead of all of them.
        seed: 0 is the published set; another value generates scripts nobody has seen.
        user_layers: As the stamina task's (the simulated user's layers).
        turn_generations: As the stamina task's (a per-turn bound on generations, or none).
        turn_tokens: As the stamina task's (a per-turn bound on tokens, or none).
        feedback: As the stamina task's (a failed checkpoint's output shown, then a retry).
        attempts: As the stamina task's (retries per failed checkpoint with feedback).
        mode: As the stamina task's (free or teacher_forced).
        regressions: As the stamina task's (which earlier checkpoints re-run).
        agent: As the stamina task's (any Inspect agent or a registered name).
        agent_args: As the stamina task's (a named agent's arguments).
        compaction: As the stamina task's (how the conversation fits the context window).
        compaction_threshold: As the stamina task's (when to compact).
        memory_tool: As the stamina task's (Inspect's memory tool for the default agent).
        knowledge_base: As the stamina task's (project_search for the default agent).
        command_timeout: As the stamina task's (seconds per command of the default agent).
        docker_image: As the stamina task's (one sandbox image for every script).
        memory: As the stamina task's (the sandbox's memory limit).
        cpus: As the stamina task's (the sandbox's CPU limit).
        pids: As the stamina task's (the sandbox's process limit).
        workspace_size: As the stamina task's (the size of /workspace).
        sandbox: As the stamina task's (docker or k8s).
    """
    stamina_args = {k: v for k, v in locals().items() if k not in ("version", "sample", "seed")}
    drawn = suite_scripts(version, sample, seed)
    base = stamina(script=[str(path) for _, path in drawn], **stamina_args)
    domains = {path.name: domain for domain, path in drawn}
    for sample_ in base.dataset:
        assert sample_.metadata is not None
        sample_.metadata["domain"] = domains[str(sample_.id)]
    # a mean per domain beside the mean; with one script drawn it would only repeat it
    grouped = with_session_metrics(
        base,
        session_metrics(
            "domain" if len(drawn) > 1 else None,
            compaction=compaction != "none",  # stamina() above refused any unknown name
        ),
    )
    return task_with(
        grouped,
        metadata={
            **(base.metadata or {}),
            "suite_version": version,
            "generator_version": SUITES[version].generator,
            "suite_seed": seed,
            "domains": sorted({d for d, _ in drawn}),
        },
    )


__all__ = ["SUITES", "stamina_suite", "suite_scripts"]
