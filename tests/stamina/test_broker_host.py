"""The agent's process forked by the check run's broker (``broker.run_agent_host``) rather
than started as a program: the proxy's tests give the same results through it, and the
agent's code finds the state a fresh interpreter would have given it.

On this host, as root, with no users to switch to: the broker runs its children as root
(uid 0), as the sandbox's broker runs them as ``runner``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from inspect_stamina.stamina.harness.agent_proxy import AgentError, Session
from tests.stamina.test_harness import (
    AGENT_PACKAGE,
    HARNESS,
    TESTS,
    assert_the_proxys_outcomes,
    run_proxied,
)

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="the broker switches users: it runs as root (as in CI)"
)

# the broker as the sandbox's root script starts it (its harness directory's modules
# imported as scripts, never as this package's), serving uid 0 for the test
SERVE = """\
import sys
sys.path.insert(0, sys.argv[1])
import broker
broker.serve(sys.argv[2], 0, 0, 0, None, sys.argv[3],
             runs={"agent_host": broker.run_agent_host}, ready=broker._import_agent_host)
"""

PROBE = """\
import os, signal, sys, tempfile


def state():
    return {
        "argv": [os.path.basename(a) for a in sys.argv],
        "path_head": sys.path[:2],
        "extra_on_path": "/probe/extra" in sys.path,
        "cwd": os.getcwd(),
        "marker": os.environ.get("PROBE_MARK"),
        "sigpipe_ignored": signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN,
        "sigint_raises": signal.getsignal(signal.SIGINT) is signal.default_int_handler,
        "bytecode_off": sys.dont_write_bytecode,
        "tmp": tempfile.gettempdir(),
        "own_session": os.getsid(0) == os.getpid(),
    }


def parent():
    with open(f"/proc/{os.getppid()}/cmdline", "rb") as handle:
        return handle.read().replace(b"\\0", b" ").decode()
"""


def _start_broker(tmp_path: Path, path: str, code: str = SERVE) -> subprocess.Popen[bytes]:
    shared = tmp_path / "shared"
    shared.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-I", "-c", code, str(HARNESS), path, str(shared)],
        stdin=subprocess.DEVNULL,
    )


@contextlib.contextmanager
def serving(tmp_path: Path, name: str, code: str = SERVE) -> Iterator[str]:
    """A server (``code``: the broker, or another the same way) listening at a socket
    ``name`` under tmp_path, stopped at the end."""
    path = str(tmp_path / name)
    server = _start_broker(tmp_path, path, code)
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(path):
            assert server.poll() is None, "the server ended before it listened"
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.01)
        yield path
    finally:
        server.kill()
        server.wait()


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[str]:
    """A broker listening at a socket under tmp_path, stopped after the test."""
    with serving(tmp_path, "broker.sock") as path:
        yield path


def _probe(workspace: Path, broker: str | None, monkeypatch: pytest.MonkeyPatch) -> Any:
    # the directory shared with the agent's process, which opens up what it holds after
    # every call: a small one of the test's, not the host's /tmp
    shared = workspace.parent / "tmp"
    shared.mkdir(exist_ok=True)
    monkeypatch.setenv("TMPDIR", str(shared))
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setenv("PROBE_MARK", "from the tests")
    monkeypatch.setenv("PYTHONPATH", "/probe/extra")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    session = Session(str(workspace), broker)
    try:
        module = session.request({"op": "import", "module": "probe"})
        state = session.call(session.getattr(module._stamina_ref, "state")._stamina_ref, (), {})
        parent = session.call(session.getattr(module._stamina_ref, "parent")._stamina_ref, (), {})
        return state, parent
    finally:
        session.close()


def test_the_brokers_host_starts_as_a_fresh_interpreter_would(
    tmp_path: Path, broker: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "probe.py").write_text(PROBE)
    monkeypatch.chdir(workspace)
    forked, forked_parent = _probe(workspace, broker, monkeypatch)
    started, started_parent = _probe(workspace, None, monkeypatch)
    assert "broker.serve" in forked_parent and "broker.serve" not in started_parent
    # the program started fresh is the reference; the forked one matches it in every
    # way the agent's code can see here, bar its own session (the broker gives each
    # child one, as it gives every program it starts)
    assert forked.pop("own_session") is True
    started.pop("own_session")
    # and SIGINT: an interpreter raises KeyboardInterrupt for it unless it started with
    # it ignored, as this test's own process may be (a background job, a test worker);
    # the broker's children start with it at its default, so the forked host raises
    assert forked.pop("sigint_raises") is True
    started.pop("sigint_raises")
    assert forked == started
    assert forked["argv"][0] == "agent_host.py"
    assert forked["path_head"] == [str(workspace), str(HARNESS)]
    assert forked["extra_on_path"] and forked["marker"] == "from the tests"
    assert forked["sigpipe_ignored"] and forked["bytecode_off"]


def test_the_proxys_tests_give_the_same_results_through_the_broker(
    tmp_path: Path, broker: str
) -> None:
    # as without a broker: the crash's call fails and the next one starts a new host
    assert_the_proxys_outcomes(run_proxied(tmp_path / "run", AGENT_PACKAGE, TESTS, broker=broker))


def test_an_unknown_run_or_a_dead_broker_is_a_clear_error(
    tmp_path: Path, broker: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inspect_stamina.stamina.harness import as_runner

    # a broker that never listens is waited for this long (5 s in a check run)
    monkeypatch.setattr(as_runner, "BROKER_START", 0.2)
    session = Session(str(tmp_path), str(tmp_path / "no-such.sock"))
    with pytest.raises(AgentError, match="could not start: the check run's broker is unreachable"):
        session.request({"op": "import", "module": "json"})
    from inspect_stamina.stamina.harness.as_runner import BrokeredRun, NotStarted

    with pytest.raises(NotStarted, match="no in-process run named 'shell'"):
        BrokeredRun(broker, [], str(tmp_path), {}, [0, 1, 2], run="shell")
    # the broker still serves after a refused request
    with socket.socket(socket.AF_UNIX) as conn:
        conn.connect(broker)


def test_the_driver_runs_commands_through_the_broker_without_a_launcher(
    tmp_path: Path, broker: str
) -> None:
    from inspect_stamina.stamina.harness import driver

    env = {"PATH": os.environ["PATH"]}
    parent = "tr '\\0' ' ' < /proc/$PPID/cmdline; exit 3"
    code, output, _ = driver._run(["bash", "-c", parent], str(tmp_path), env, 30, broker)
    # the program's parent is the broker's child for this caller, not a launcher of ours
    assert "broker.serve" in output and "as_runner" not in output
    assert code == 3
    # a timeout kills the program and what it started in its session
    marker = tmp_path / "child.pid"
    slow = f"sleep 60 & echo $! > {marker}; wait"
    code, output, _ = driver._run(["bash", "-c", slow], str(tmp_path), env, 1, broker)
    assert code == 124 and "timed out after 1 s" in output
    child = int(marker.read_text())
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{child}") and time.monotonic() < deadline:
        with open(f"/proc/{child}/stat", encoding="ascii") as handle:
            if handle.read().split(") ")[1].startswith("Z"):
                break
        time.sleep(0.05)
    else:
        assert not os.path.exists(f"/proc/{child}"), "the timed-out command's child lives on"
    # a working directory that is gone, and a broker that is gone, are clear failures
    code, output, _ = driver._run(["true"], str(tmp_path / "gone"), env, 30, broker)
    assert code == 126 and "could not start in" in output and "gone" in output
    gone = str(tmp_path / "none.sock")
    code, output, _ = driver._run(["true"], str(tmp_path), env, 30, gone, wait=0.2)
    assert code == driver.UNREACHABLE and "broker is unreachable" in output


def test_an_in_process_run_is_started_and_killed_like_a_program(
    tmp_path: Path, broker: str
) -> None:
    from inspect_stamina.stamina.harness.as_runner import BrokeredRun

    shared = tmp_path / "tmp"
    shared.mkdir()
    # the host waits for requests on its standard input: it runs until stopped; the
    # broker answers that it started while it runs (not once it ends) and kills it
    started: dict[str, BrokeredRun] = {}
    argv = [str(tmp_path), str(shared)]
    starting = threading.Thread(
        target=lambda: started.update(host=BrokeredRun.with_pipes(broker, "agent_host", argv, "/")),
        daemon=True,
    )
    starting.start()
    starting.join(10)
    assert "host" in started, "the broker did not say that the run started"
    host = started["host"]
    assert host.pid > 0 and host.poll() is None
    host.kill()
    assert host.wait(timeout=10) == -signal.SIGKILL


def test_a_caller_waits_for_a_broker_that_listens_after_it_asks(tmp_path: Path) -> None:
    from inspect_stamina.stamina.harness import driver

    # the root script starts the driver beside the broker, not after it listens
    path = str(tmp_path / "late.sock")
    servers: list[subprocess.Popen[bytes]] = []
    late = threading.Timer(0.5, lambda: servers.append(_start_broker(tmp_path, path)))
    late.start()
    try:
        env = {"PATH": os.environ["PATH"]}
        code, output, _ = driver._run(["bash", "-c", "echo late"], str(tmp_path), env, 30, path)
        assert (code, output.strip()) == (0, "late")
    finally:
        late.join()
        for server in servers:
            server.kill()
            server.wait()


def test_the_brokers_socket_appears_ready_for_the_checker(tmp_path: Path) -> None:
    """The first moment its socket exists, it is the checker group's (mode 0660) and
    listening: a caller that finds it never gets "Permission denied" or a refusal."""
    path = str(tmp_path / "ready.sock")
    serve = SERVE.replace(
        "broker.serve(sys.argv[2], 0, 0, 0,", "broker.serve(sys.argv[2], 0, 4242, 0,"
    )
    shared = tmp_path / "shared"
    shared.mkdir()
    server = subprocess.Popen(
        [sys.executable, "-I", "-c", serve, str(HARNESS), path, str(shared)],
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                first = os.lstat(path)
                break
            except FileNotFoundError:
                assert server.poll() is None and time.monotonic() < deadline
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as caller:
            caller.connect(path)  # listening already
        assert (stat.S_IMODE(first.st_mode), first.st_gid) == (0o660, 4242)
        assert stat.S_ISSOCK(first.st_mode)
    finally:
        server.kill()
        server.wait()


def test_a_dead_warm_server_leaves_the_trusted_pytest_to_start_fresh(tmp_path: Path) -> None:
    from inspect_stamina.stamina.harness import driver

    tests, private = tmp_path / "tests", tmp_path / "private"
    tests.mkdir()
    private.mkdir()
    (tests / "pytest.ini").write_text("[pytest]\n")
    (tests / "test_ok.py").write_text("def test_ok():\n    assert 1 + 1 == 2\n")
    # a server that died leaves its socket behind: bound once, nobody listening
    dead = str(tmp_path / "warm.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as gone:
        gone.bind(dead)
    spec = {
        "tests_dir": str(tests),
        "workspace": str(tmp_path),
        "private_dir": str(private),
        "test_env": {"PATH": os.environ["PATH"], "PYTHONDONTWRITEBYTECODE": "1"},
        "warm_pytest": dead,
        "output_limit": 4000,
    }
    results = driver._pytest(["test_ok.py"], spec, 60)
    assert results is not None and results["test_ok.py"]["passed"], results
