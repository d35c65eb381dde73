"""Helpers shared by the tests that drive the `inspect eval` command line."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from inspect_ai.log import list_eval_logs


def inspect_eval_cli(
    task: str, log_dir: Path, *args: str, **env: str
) -> subprocess.CompletedProcess[str]:
    """`inspect eval <task> ARGS --log-dir LOG_DIR`, as a user would type it."""
    command = ["inspect", "eval", task, *args, "--log-dir", str(log_dir)]
    return subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env})


def assert_clear_failure(
    result: subprocess.CompletedProcess[str], message: str, log_dir: Path
) -> None:
    """The command failed with the message, no traceback, and wrote no log (nothing half-run)."""
    output = " ".join((result.stdout + result.stderr).split())
    assert result.returncode != 0
    assert message in output, output
    assert "Traceback" not in output
    assert list_eval_logs(str(log_dir)) == []


def run_in_image(tag: str, script: str) -> subprocess.CompletedProcess[str]:
    """`bash -c SCRIPT` in a throwaway container of the image, with no network."""
    return subprocess.run(
        ["docker", "run", "--rm", "--network", "none", tag, "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
    )


def sandbox_containers() -> set[str]:
    """Ids of every container Inspect's docker sandbox started (compose-labelled), running or not."""
    result = subprocess.run(
        ["docker", "ps", "-aq", "--filter", "label=com.docker.compose.project"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(result.stdout.split())


@contextmanager
def leaves_no_trace(max_disk_drop: int) -> Iterator[None]:
    """The block leaves no sandbox container behind and the host's disk drops at most this."""
    docker_root = Path("/var/lib/docker")
    before = sandbox_containers()
    free = shutil.disk_usage(docker_root if docker_root.exists() else "/").free
    yield
    drop = free - shutil.disk_usage(docker_root if docker_root.exists() else "/").free
    assert sandbox_containers() <= before, "a sandbox container was left behind"
    assert drop <= max_disk_drop, f"the host's free disk dropped by {drop} bytes"
