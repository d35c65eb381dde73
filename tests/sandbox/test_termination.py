"""SIGTERM (what a batch scheduler sends) stops an eval and removes its sandboxes, like Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.helpers import sandbox_containers

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]


def wait_for(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.5)
    return False


def ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def default_sigint() -> None:
    # as a terminal starts it, however pytest itself was started (a background job's
    # children inherit an ignored SIGINT, and the Ctrl-C under test would never arrive)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("sig", "background"),
    [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGTERM, True)],
    ids=["sigterm", "sigint", "sigterm-background-job"],
)
def test_signal_to_inspect_eval_removes_its_containers(
    log_dir: Path, sig: signal.Signals, background: bool
) -> None:
    # a shell's background job (`inspect eval ... &` in a batch script) ignores SIGINT
    command = ["inspect", "eval", "inspect_stamina/stamina", "--model", "stamina/oracle"]
    proc = subprocess.Popen(
        [*command, "--log-dir", str(log_dir), "--display", "plain"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=ignore_sigint if background else default_sigint,
    )
    try:
        # the eval has begun (its log exists) and the session's sandbox is up
        started = wait_for(
            lambda: list_eval_logs(str(log_dir)) and sandbox_containers(proc.pid), 120
        )
        assert started, "the session's sandbox never started"
        time.sleep(2)  # mid-session, a turn or two in
        proc.send_signal(sig)
        output, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    # Inspect reports an interrupted eval and exits as it does after Ctrl-C
    assert "Task interrupted" in output, output
    assert "Traceback" not in output, output
    # the containers go with the eval, and the log says the eval was cancelled
    assert wait_for(lambda: not sandbox_containers(proc.pid), 30), "containers were left running"
    [log_file] = list_eval_logs(str(log_dir))
    assert read_eval_log(log_file, header_only=True).status == "cancelled"
