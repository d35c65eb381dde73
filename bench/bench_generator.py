"""Script generator benchmark: generation time per script and the oracle session per domain.

For each domain: the median wall time of `generate` for a 100-turn script (5 runs, seeds
0-4), then one oracle eval of the seed-0 script in the Docker sandbox (the whole eval's
wall time, sandbox up and down included), as `bench_stamina.py` measures sessions.

Run: python bench/bench_generator.py [--turns 100] [--no-sessions] [--domain NAME ...]
(after `inspect-stamina setup`)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_stamina import run_oracle  # noqa: E402

from inspect_stamina.generator.generate import DOMAINS, generate  # noqa: E402
from inspect_stamina.offline import seed_tiktoken_cache  # noqa: E402


def main() -> None:
    """Print one Markdown table row per domain."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--no-sessions", action="store_true")
    parser.add_argument("--domain", action="append", choices=list(DOMAINS), help="(repeatable)")
    args = parser.parse_args()
    seed_tiktoken_cache()
    print("| domain | generate (median of 5) | checkpoints | oracle session | log size |")
    print("|---|---|---|---|---|")
    for name in args.domain or DOMAINS:
        with tempfile.TemporaryDirectory(prefix="bench-generate-") as tmp:
            times = []
            for seed in range(5):
                started = time.perf_counter()
                generate(name, args.turns, seed, Path(tmp) / f"s{seed}")
                times.append(time.perf_counter() - started)
            script = Path(tmp) / "s0"
            checkpoints = (script / "script.yaml").read_text().count("at_turn:")
            session = size = "-"
            if not args.no_sessions:
                turns, wall, _, kib, _ = run_oracle(str(script), "all")
                session, size = f"{wall:.0f} s ({len(turns)} turns)", f"{kib:.0f} KiB"
        median = statistics.median(times) * 1000
        print(f"| `{name}` | {median:.0f} ms | {checkpoints} | {session} | {size} |")


if __name__ == "__main__":
    main()
