"""StaminaBench harness benchmark: the starter script's oracle run.

Reports the harness overhead per turn (turn wall time minus the agent's own time and
the checkpoint commands' time), the peak memory of the `inspect eval` process, and
the log size per sample.

Run: python bench/bench_stamina.py  (after `inspect-stamina setup`)
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from inspect_ai.log import list_eval_logs, read_eval_log

from inspect_stamina.offline import seed_tiktoken_cache


def main() -> None:
    """Run the oracle over the starter script and print a Markdown table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--script", default="inventory_cli")
    args = parser.parse_args()
    seed_tiktoken_cache()
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
                f"script={args.script}",
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
    turns = log.samples[0].scores["stamina_scorer"].metadata["turns"]  # type: ignore[index]
    harness = [t["seconds"]["harness"] for t in turns]
    with_checks = [t["seconds"]["harness"] for t in turns if t["checkpoints"]]
    without = [t["seconds"]["harness"] for t in turns if not t["checkpoints"]]
    print("| measure | value |")
    print("|---|---|")
    print(f"| turns | {len(turns)} |")
    print(f"| harness overhead per turn, mean | {statistics.mean(harness):.3f} s |")
    print(f"| harness overhead per turn, median | {statistics.median(harness):.3f} s |")
    print(f"| turns without checkpoints, mean | {statistics.mean(without):.3f} s |")
    print(
        f"| turns with checkpoints (incl. regression re-runs), mean | {statistics.mean(with_checks):.3f} s |"
    )
    print(f"| whole eval wall time | {wall:.1f} s |")
    print(f"| peak memory of the eval process | {peak_mib:.0f} MiB |")
    print(f"| log size per sample | {size_kib / len(log.samples):.0f} KiB |")


if __name__ == "__main__":
    main()
