"""Generated scripts in figures, per domain over seeds 0-9 (host only, no Docker).

For each domain: duplicate prompts, questions per 100 turns, bug origins, memory probes
per script, robustness turns with a behavioural check, the host fairness instruments'
verdicts (the canned repliers' best score), the functions the requests introduce and
how many two seeds share (the mean over the pairs of seeds), and the difficulty by
phase of seed 0. The turn ablation and bug truthfulness replay references in Docker:
`inspect-stamina validate DIR --fairness` on one script (a few minutes each).

Run: python bench/generator_figures.py [--generator-version 3] [--seeds 10] [--domain NAME ...]
(`webstack` scripts hold as many turns as their theme offers, at most --turns.)
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
from collections import Counter
from pathlib import Path

from inspect_stamina.generator.generate import DOMAINS, GENERATOR_VERSION, generate
from inspect_stamina.generator.summary import overlap, script_figures
from inspect_stamina.generator.webstack.planner import WEBSTACK, WebPlanner, most_turns
from inspect_stamina.stamina.fairness.run import run_fairness


def main() -> None:
    """Print one Markdown table row per domain, then each domain's difficulty by phase."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--generator-version", default=GENERATOR_VERSION)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument(
        "--domain", action="append", choices=[*DOMAINS, WEBSTACK], help="(repeatable)"
    )
    args = parser.parse_args()
    print(
        "| domain | duplicate prompts | questions / 100 turns | bug origins | memory probes "
        "| robustness turns checked | host instruments passed | best canned replier "
        "| functions per script | shared by two seeds |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    difficulty = {}
    for name in args.domain or DOMAINS:
        with tempfile.TemporaryDirectory(prefix="figures-") as tmp:
            figures, fair, canned = [], 0, []
            for seed in range(args.seeds):
                turns = args.turns
                if name == WEBSTACK:  # as many as its theme holds, at most --turns
                    turns = min(turns, most_turns(WebPlanner(20, seed).theme))
                path = generate(name, turns, seed, Path(tmp) / str(seed), args.generator_version)
                figures.append(script_figures(path))
                report = run_fairness(str(path), replay=False)
                fair += report.passed
                scores = next(
                    i.figures["scores"] for i in report.instruments if i.name == "canned repliers"
                )
                canned.append(max(scores.values(), default=0.0))
            difficulty[name] = figures[0].difficulty
        origins: Counter[str] = Counter()
        for f in figures:
            origins.update(f.bug_origins)
        shared = [overlap(a.names, b.names) for a, b in itertools.combinations(figures, 2)]
        robust = sum(f.robustness for f in figures)
        print(
            f"| `{name}` | {sum(f.duplicates for f in figures)} "
            f"| {statistics.mean(100 * f.questions / f.turns for f in figures):.1f} "
            f"| {', '.join(f'{o} {n}' for o, n in origins.items())} "
            f"| {statistics.mean(f.code_probes + f.conversation_probes for f in figures):.1f} "
            f"| {sum(f.robustness_checked for f in figures)}/{robust} "
            f"| {fair}/{len(figures)} | {max(canned):.0%} "
            f"| {statistics.mean(len(f.names) for f in figures):.1f} "
            f"| {statistics.mean(shared):.0%} |"
        )
    for name, line in difficulty.items():
        print(f"{name}, seed 0: {line}")


if __name__ == "__main__":
    main()
