"""StaminaBench harness benchmark: oracle runs of the starter script and a long script.

Reports, per script: the harness overhead per turn (turn wall time minus the agent's
own time and the check commands' time), the check time per turn over ranges of turns
(flat is the goal: check cost must not grow with the session), the whole eval's wall
time, the peak memory of the `inspect eval` process and the log size per sample.

The long script is synthetic (`bench/long_script.py`): 100 turns, a function added per
turn, a `run_tests` checkpoint every 3rd turn and a `docker_exec` every 5th.

Run: python bench/bench_stamina.py [--turns 100] [--regressions phase_end]  (after `inspect-stamina setup`)
     python bench/bench_stamina.py --script todo_app  (only that bundled script)
     python bench/bench_stamina.py --domain data --domain webapi [--seed 0]  (generated
     scripts of those domains, --turns long: the generator issue's session times)
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from inspect_ai.log import list_eval_logs, read_eval_log

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_gaia import init_span  # noqa: E402
from long_script import write_long_script  # noqa: E402

from inspect_stamina.offline import seed_tiktoken_cache  # noqa: E402
from inspect_stamina.stamina.regressions import DEFAULT_REGRESSIONS  # noqa: E402

RANGES = ((1, 10), (11, 20), (41, 50), (91, 100))


def run_oracle(
    script: str, regressions: str
) -> tuple[list[dict[str, Any]], float, float, float, float]:
    """One oracle eval: (turn records, wall s, peak MiB of the eval, log KiB, sandbox setup s)."""
    with tempfile.TemporaryDirectory(prefix="bench-stamina-") as log_dir:
        started = time.perf_counter()
        subprocess.run(
            [
                "inspect",
                "eval",
                "inspect_stamina/stamina",
                "--model",
                "stamina/oracle",
                "-T",
                f"script={script}",
                "-T",
                f"regressions={regressions}",
                "--log-dir",
                log_dir,
                "--display",
                "none",
            ],
            check=True,
        )
        wall = time.perf_counter() - started
        peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        [info] = list_eval_logs(log_dir)
        log = read_eval_log(info)
        size_kib = Path(info.name.removeprefix("file://")).stat().st_size / 1024
    assert log.samples and log.samples[0].scores
    metadata = log.samples[0].scores["stamina_scorer"].metadata or {}
    begin, end = init_span(log.samples[0])
    setup = (end - begin).total_seconds()
    return list(metadata["turns"]), wall, peak_mib, size_kib, setup


def report(
    name: str, turns: list[dict[str, Any]], wall: float, peak: float, size: float, setup: float
) -> None:
    """Print one script's Markdown table."""
    harness = [t["seconds"]["harness"] for t in turns]
    print(f"\n**{name}**\n")
    print("| measure | value |")
    print("|---|---|")
    print(f"| turns | {len(turns)} |")
    print(f"| checkpoints run at their turn | {sum(len(t['checkpoints']) for t in turns)} |")
    print(f"| harness overhead per turn, mean | {statistics.mean(harness):.3f} s |")
    print(f"| harness overhead per turn, median | {statistics.median(harness):.3f} s |")
    for first, last in RANGES:
        chunk = [t for t in turns if first <= t["turn"] <= last]
        if not chunk:
            continue
        checks = statistics.mean(t["seconds"]["check_commands"] for t in chunk)
        harness_mean = statistics.mean(t["seconds"]["harness"] for t in chunk)
        total = statistics.mean(t["seconds"]["total"] for t in chunk)
        print(
            f"| turns {first}–{last}: check / harness / whole turn, per turn | "
            f"{checks:.3f} s / {harness_mean:.3f} s / {total:.3f} s |"
        )
    print(f"| sandbox setup (the sample's init span) | {setup:.2f} s |")
    print(f"| whole eval wall time | {wall:.1f} s |")
    print(f"| peak memory of the eval process | {peak:.0f} MiB |")
    print(f"| log size per sample | {size:.0f} KiB |")


def main() -> None:
    """Run the oracle over the starter script and a generated long script."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--regressions", default=DEFAULT_REGRESSIONS)
    parser.add_argument("--skip-starter", action="store_true")
    parser.add_argument("--script", action="append", help="only these bundled scripts")
    parser.add_argument("--domain", action="append", help="only generated scripts of these")
    parser.add_argument("--seed", type=int, default=0, help="the generated scripts' seed")
    args = parser.parse_args()
    seed_tiktoken_cache()
    if args.domain:
        for domain in args.domain:
            with tempfile.TemporaryDirectory(prefix="bench-domain-") as tmp:
                script = Path(tmp) / domain
                generate = ["inspect-stamina", "generate", "--domain", domain]
                generate += ["--seed", str(args.seed), "--turns", str(args.turns)]
                subprocess.run([*generate, "-o", str(script)], check=True, capture_output=True)
                name = f"generated {domain}, seed {args.seed} ({args.turns} turns)"
                report(name, *run_oracle(str(script), args.regressions))
        return
    if args.script:
        for name in args.script:
            turns = run_oracle(name, args.regressions)
            report(f"{name} ({len(turns[0])} turns, regressions={args.regressions})", *turns)
        return
    if not args.skip_starter:
        report("inventory_cli (28 turns)", *run_oracle("inventory_cli", args.regressions))
    with tempfile.TemporaryDirectory(prefix="bench-long-script-") as tmp:
        script = write_long_script(Path(tmp) / "long", turns=args.turns)
        report(
            f"synthetic {args.turns}-turn script (regressions={args.regressions})",
            *run_oracle(str(script), args.regressions),
        )


if __name__ == "__main__":
    main()
