"""GAIA harness benchmark on the bundled example dataset with scripted models.

Reports: sandbox setup and teardown per sample (median), the overhead of one bash tool
call over a raw `docker exec` (median), and the wall time of the example validation
split with 1 and with 4 concurrent samples.

Run: python bench/bench_gaia.py  (after `inspect-stamina setup`)
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from datetime import datetime

from inspect_ai import eval as inspect_eval
from inspect_ai.event import SpanBeginEvent, SpanEndEvent, ToolEvent
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.model import ModelOutput, get_model

from inspect_stamina.gaia.task import DEFAULT_IMAGE, gaia
from inspect_stamina.offline import seed_tiktoken_cache

MULTIPLY = "c1a9e2f0-0003-4e57-9d1a-5a11e0000003"


LOG_DIR = tempfile.mkdtemp(prefix="bench-gaia-logs-")


def _run(task_args: dict[str, object], model: object, **eval_args: object) -> EvalLog:
    [log] = inspect_eval(
        gaia(dataset_hub="example", **task_args),  # type: ignore[arg-type]
        model=model,  # type: ignore[arg-type]
        log_dir=LOG_DIR,
        display="none",
        **eval_args,  # type: ignore[arg-type]
    )
    assert log.status == "success", log.error
    return log


def init_span(sample: EvalSample) -> tuple[datetime, datetime]:
    """When a sample's sandbox setup (its `init` span) began and ended."""
    begin = next(e for e in sample.events if isinstance(e, SpanBeginEvent) and e.type == "init")
    end = next(e for e in sample.events if isinstance(e, SpanEndEvent) and e.id == begin.id)
    return begin.timestamp, end.timestamp


def setup_teardown(samples: int) -> tuple[float, float]:
    """Median sandbox setup (init span) and teardown (gap to the next sample's init)."""
    log = _run({"instance_ids": [MULTIPLY]}, "stamina/gaia-example", epochs=samples, max_samples=1)
    ordered = sorted(log.samples or [], key=lambda s: init_span(s)[0])
    setups = [(init_span(s)[1] - init_span(s)[0]).total_seconds() for s in ordered]
    teardowns = [
        (init_span(nxt)[0] - prev.events[-1].timestamp).total_seconds()
        for prev, nxt in zip(ordered, ordered[1:], strict=False)
    ]
    return statistics.median(setups), statistics.median(teardowns)


def tool_call_overhead(calls: int) -> tuple[float, float]:
    """Median bash tool call and raw `docker exec` of the same command, in seconds."""
    outputs = [ModelOutput.for_tool_call("mockllm/model", "bash", {"command": "true"})] * calls
    outputs.append(ModelOutput.for_tool_call("mockllm/model", "submit", {"answer": "x"}))
    log = _run(
        {"instance_ids": [MULTIPLY], "max_steps": calls + 5},
        get_model("mockllm/model", custom_outputs=outputs),
    )
    assert log.samples
    tool_times = [
        e.working_time or 0.0
        for e in log.samples[0].events
        if isinstance(e, ToolEvent) and e.function == "bash"
    ]
    container = subprocess.run(
        [
            "docker",
            "run",
            "-d",
            "--rm",
            "--init",
            "--network",
            "none",
            DEFAULT_IMAGE,
            "tail",
            "-f",
            "/dev/null",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    try:
        raw = []
        for _ in range(calls):
            started = time.perf_counter()
            subprocess.run(
                ["docker", "exec", container, "bash", "--login", "-c", "true"], check=True
            )
            raw.append(time.perf_counter() - started)
    finally:
        subprocess.run(["docker", "rm", "-f", container], capture_output=True)
    return statistics.median(tool_times), statistics.median(raw)


def wall_time(max_samples: int) -> float:
    """Seconds for the whole example validation split at this concurrency."""
    started = time.perf_counter()
    _run({}, "stamina/gaia-example", max_samples=max_samples)
    return time.perf_counter() - started


def main() -> None:
    """Run every measurement and print a Markdown table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=10, help="samples for setup/teardown")
    parser.add_argument("--calls", type=int, default=30, help="bash calls for the overhead")
    args = parser.parse_args()
    seed_tiktoken_cache()

    setup, teardown = setup_teardown(args.samples)
    tool, raw = tool_call_overhead(args.calls)
    wall_time(1)  # warm caches so both concurrency runs start alike
    serial, parallel = wall_time(1), wall_time(4)
    print("| measure | value |")
    print("|---|---|")
    print(f"| sandbox setup per sample (median of {args.samples}) | {setup:.2f} s |")
    print(f"| sandbox teardown per sample (median) | {teardown:.2f} s |")
    print(f"| setup + teardown per sample | {setup + teardown:.2f} s |")
    print(f"| bash tool call (median of {args.calls}) | {tool * 1000:.0f} ms |")
    print(f"| raw `docker exec` of the same command | {raw * 1000:.0f} ms |")
    print(f"| overhead per tool call | {(tool - raw) * 1000:.0f} ms |")
    print(f"| example validation (7 samples), 1 at a time | {serial:.1f} s |")
    print(f"| example validation (7 samples), 4 at a time | {parallel:.1f} s |")
    shutil.rmtree(LOG_DIR, ignore_errors=True)


if __name__ == "__main__":
    main()
