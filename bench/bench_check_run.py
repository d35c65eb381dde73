"""The floor of one StaminaBench check run, in the real sandbox (after `inspect-stamina setup`).

A session runs a check run at nearly every turn, so what one costs before its tests do
any work bounds a session's time from below. One Inspect sample in the stamina sandbox
times, `--repeat` times each, median in seconds:

- `exec true`: one sandbox call (Inspect's `docker compose exec`) and nothing else;
- a check run of one command (`true`): that call plus the check run's isolation (the
  users' processes stopped, the files placed, the broker, the clean-up) and its driver;
- check runs of 1, 5 and 25 pytest files of one trivial test each against a one-function
  package: the checker's pytest (forked from the warm server) and the agent's process,
  started through the broker, into which the package is imported by the proxy.

The difference between rows is what each layer adds; the last rows' slope is the cost of
one more test file. Run: python bench/bench_check_run.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import sandbox, store

from inspect_stamina.offline import seed_tiktoken_cache
from inspect_stamina.sandbox.images import IMAGES_DIR, ImageSpec
from inspect_stamina.stamina.checks import run_checks
from inspect_stamina.stamina.references import run_as_agent
from inspect_stamina.stamina.script import Checkpoint
from inspect_stamina.stamina.task import stamina_sandbox

FILE_COUNTS = (1, 5, 25)
PACKAGE = "benchpkg"
TEST = f"from {PACKAGE} import answer\n\n\ndef test_answer():\n    assert answer() == 42\n"


def _test_files(root: Path, count: int) -> list[Checkpoint]:
    """`count` pytest checkpoints, each its own file under root/tests."""
    (root / "tests").mkdir(exist_ok=True)
    checkpoints = []
    for i in range(count):
        name = f"tests/test_bench_{i:02d}.py"
        (root / name).write_text(TEST, encoding="utf-8")
        checkpoints.append(Checkpoint(at_turn=1, action="run_tests", test_file=name))
    return checkpoints


@solver
def _time_check_runs(script_dir: str, repeat: int) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        root = Path(script_dir)
        made = await run_as_agent(
            f"mkdir -p {PACKAGE} && printf 'def answer():\\n    return 42\\n' > "
            f"{PACKAGE}/__init__.py"
        )
        if not made.success:
            raise RuntimeError(f"could not write the package: {made.stderr}")
        command = [Checkpoint(at_turn=1, action="docker_exec", command="true")]
        batches = {f"check run: {n} pytest file(s)": _test_files(root, n) for n in FILE_COUNTS}
        labels = ["exec true", "check run: one command", *batches]
        rows: dict[str, list[float]] = {label: [] for label in labels}
        for _ in range(repeat):
            started = time.perf_counter()
            await sandbox().exec(["true"])
            rows["exec true"].append(time.perf_counter() - started)
            for label, checkpoints in [("check run: one command", command), *batches.items()]:
                started = time.perf_counter()
                results = await run_checks(checkpoints, root)
                rows[label].append(time.perf_counter() - started)
                failed = [r for r in results if not r.passed]
                if failed:
                    raise RuntimeError(f"{label}: {failed[0].name} failed: {failed[0].output}")
        store().set("bench_check_run", rows)
        return state

    return solve


def main() -> None:
    """Time the check runs and print their medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each kind (default 15)")
    args = parser.parse_args()
    seed_tiktoken_cache()
    image = ImageSpec("stamina", IMAGES_DIR / "stamina").tag
    with tempfile.TemporaryDirectory() as script_dir, tempfile.TemporaryDirectory() as logs:
        task = Task(
            dataset=[Sample(input="bench")],
            solver=_time_check_runs(script_dir, args.repeat),
            sandbox=stamina_sandbox(image),
        )
        results = eval(task, model="mockllm/model", log_dir=logs, display="none")
        log = results[0] if len(results) == 1 else None
        if log is None or log.status != "success" or not log.samples:
            why = log.error.message if log is not None and log.error else "no log of the run"
            sys.exit(f"the benchmark did not complete: {why}")
        rows: dict[str, list[float]] = log.samples[0].store["bench_check_run"]
    print(f"{'':32s} {'median':>8s} {'min':>8s}   ({args.repeat} runs each)")
    for label, seconds in rows.items():
        print(f"{label:32s} {statistics.median(seconds):8.3f} {min(seconds):8.3f}")
    per_file = statistics.median(rows[f"check run: {FILE_COUNTS[-1]} pytest file(s)"]) - (
        statistics.median(rows[f"check run: {FILE_COUNTS[0]} pytest file(s)"])
    )
    print(f"one more test file: {per_file / (FILE_COUNTS[-1] - FILE_COUNTS[0]):.3f} s")


if __name__ == "__main__":
    main()
