"""Runs inside the sandbox, as ``checker``: one batch of checks, one JSON result.

Standard library only (it runs on the sandbox's Python). Four kinds of work, in two
streams side by side:

- the benchmark's pytest files run here, in one pytest process as ``checker``: its
  conftest (``agent_proxy.py``) calls the agent's code in ``runner``'s process, so the
  process that decides these verdicts never runs the agent's code;
- in-process pytest files (a script's ``test_isolation: in_process``: tests that must load
  the agent's project in their own process) run in one pytest process as ``runner``
  (forked from the runner's warm server, ``warm_pytest.py``, when it runs);
- batched runners (a script's own test runner writing JUnit XML) run as ``runner``,
  except plain ``node --test`` under proxied isolation: its files run as ``checker``,
  in one node process (``js_suite.mjs``) with the JavaScript proxy (``js_proxy.mjs``);
- commands run as ``runner``, each in its own process group with its own timeout.

The two in-process kinds load the agent's code beside the tests, so their reports are
checked for tampering: each run holds a canary test that must fail and a nonce test that
must pass, under random names; a report that lacks either, or shows the canary passing,
fails every test of that run. Per-file outcomes come from JUnit XML
(``junit_reports.py``). The JSON result follows a marker line on stdout.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

if __package__:  # imported by the harness's own code and tests
    from .as_runner import BrokeredRun, BrokerUnreachable
    from .junit_reports import clip, junit_results
else:  # in the sandbox (imported by python3 -I -S -c), beside the other harness files
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from as_runner import BrokeredRun, BrokerUnreachable  # type: ignore[no-redef]
    from junit_reports import clip, junit_results  # type: ignore[no-redef]

MARKER = "@@STAMINA_CHECK_RESULT@@"
# seconds to keep reading a finished command's output (what it left running may hold it)
OUTPUT_GRACE = 2.0
HARNESS = os.path.dirname(os.path.abspath(__file__))
UNREACHABLE = 125  # _run's code when the broker to start a program through is unreachable
# plugins a check never uses cost start-up time on every check run
_PYTEST_PLUGINS_OFF = (
    "-p", "no:cacheprovider", "-p", "no:doctest", "-p", "no:pastebin",
    "-p", "no:legacypath", "-p", "no:stepwise",
)  # fmt: skip


def _start(
    cmd: list[str],
    cwd: str,
    env: dict[str, str],
    output: int,
    broker: str | None,
    wait: float | None,
) -> tuple[Callable[[], int], Callable[[], None]]:
    """Start cmd in a session of its own, its output and errors to ``output``: as the
    runner through ``broker`` when given (asked for straight from here), else as this
    user. How to wait for its exit code, and how to kill it and all it started."""
    if broker is None:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=output,
            start_new_session=True,
        )

        def kill() -> None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)

        return proc.wait, kill
    devnull = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    try:
        run = BrokeredRun(broker, cmd, cwd, env, [devnull, output, output], wait=wait)
    finally:
        os.close(devnull)
    return run.wait, run.kill


def _run(
    cmd: list[str],
    cwd: str,
    env: dict[str, str],
    timeout: float,
    broker: str | None = None,
    wait: float | None = None,
    raise_unreachable: bool = False,
) -> tuple[int, str, float]:
    """Run a command in its own process group (as the runner, through ``broker``, when
    given: waiting up to ``wait`` seconds, else the launcher's default, for it to
    listen; an unreachable one is UNREACHABLE, or raised); kill the group on timeout.

    Its output is read until it ends, and then for OUTPUT_GRACE seconds at most: a
    process it left running elsewhere (the agent's code may start one in a session of
    its own) can hold the output open, and must not hold the check up with it.
    """
    started = time.monotonic()
    read_end, write_end = os.pipe2(os.O_CLOEXEC)
    try:
        wait_for, kill = _start(cmd, cwd, env, write_end, broker, wait)
    except BrokerUnreachable as ex:
        os.close(read_end)
        if raise_unreachable:
            raise
        return UNREACHABLE, str(ex), time.monotonic() - started
    except OSError as ex:
        # the agent can make its workspace unreadable or delete it: that fails the check
        os.close(read_end)
        return 126, f"the check could not start in {cwd}: {ex}", time.monotonic() - started
    finally:
        os.close(write_end)
    stdout = os.fdopen(read_end, "rb")
    chunks: list[bytes] = []
    stop = threading.Event()

    def read() -> None:
        fd = stdout.fileno()
        while not stop.is_set():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    return
                chunks.append(data)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    # a blocking wait with a timer, not Popen.wait(timeout), which polls and adds up to
    # 50 ms to every check command
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        kill()

    timer = threading.Timer(timeout, expire)
    timer.start()
    code = wait_for()
    timer.cancel()
    if expired.is_set():
        code = 124
        chunks.append(f"\n[timed out after {timeout:.0f} s]".encode())
    reader.join(OUTPUT_GRACE)
    if reader.is_alive():
        stop.set()
        reader.join()
        chunks.append(b"\n[a process this check left running held its output: not waited for]")
    stdout.close()
    return code, b"".join(chunks).decode("utf-8", "replace"), time.monotonic() - started


def _timed_out(path: str, timeout: float) -> dict[str, Any]:
    output = f"timed out after {timeout:.0f} s"
    return {"passed": False, "output": output, "passed_tests": 0, "total_tests": 0,
            "seconds": timeout}  # fmt: skip


def _report_path(spec: dict[str, Any], kind: str, private: bool) -> str:
    """Where a run writes its report: the checker's own directory for the trusted pytest,
    the shared one (fresh name, nothing there yet) for a run as runner."""
    directory = spec["private_dir"] if private else spec["share_dir"]
    path = os.path.join(directory, f"stamina-{kind}-{os.getpid()}-{time.monotonic_ns()}.xml")
    return path


# --- the benchmark's pytest files, as the checker ----------------------------------------
def _pytest_args(directory: str, junit: str, paths: list[str]) -> list[str]:
    """What follows ``python -m pytest`` for one run over test files in ``directory``: its
    own configuration only, and a JUnit report."""
    return [
        "-q", *_PYTEST_PLUGINS_OFF, f"--rootdir={directory}", "-c", f"{directory}/pytest.ini",
        f"--confcutdir={directory}", "--import-mode=importlib", f"--junitxml={junit}",
        "-o", "junit_family=xunit1", *[f"{directory}/{p}" for p in paths],
    ]  # fmt: skip


def _warm_or_fresh(
    args: list[str], where: str, env: dict[str, str], timeout: float, warm: str | None,
    broker: str | None,
) -> tuple[int, str, float]:  # fmt: skip
    """pytest over ``args``: forked from the warm server listening at ``warm`` when one
    does (it runs pytest as its own user), else a fresh process (as the runner through
    ``broker``, or as this user)."""
    if warm and os.path.exists(warm):
        # a server that died leaves its socket behind: no waiting for it to listen
        with contextlib.suppress(BrokerUnreachable):  # then pytest starts fresh
            return _run(args, where, env, timeout, warm, wait=0, raise_unreachable=True)
    # -P: the workspace's own pytest.py or sitecustomize must not shadow pytest
    python = "python3" if broker else sys.executable
    return _run([python, "-P", "-m", "pytest", *args], where, env, timeout, broker)


def _pytest(files: list[str], spec: dict[str, Any], timeout: float) -> dict[str, Any] | None:
    """One trusted pytest process over the files: per-file results, or None on a timeout.

    Forked from the warm server (warm_pytest.py) when it runs, else started fresh."""
    junit = _report_path(spec, "junit", private=True)
    args = _pytest_args(spec["tests_dir"], junit, files)
    code, output, seconds = _warm_or_fresh(
        args, spec["workspace"], spec["test_env"], timeout, spec.get("warm_pytest"), None
    )
    if code == 124:
        return None
    results = junit_results(junit, files, output, seconds, spec["output_limit"])
    if os.path.exists(junit):
        os.unlink(junit)
    return results


def _each_alone(
    files: list[str], timeouts: dict[str, float], once: Any
) -> dict[str, dict[str, Any]]:
    """Run the files in one batch; when it times out, each alone so the others still count."""
    batch = once(files, sum(timeouts[f] for f in files))
    if batch is not None:
        return batch
    results = {}
    for path in files:
        alone = once([path], timeouts[path])
        results[path] = (alone or {}).get(path) or _timed_out(path, timeouts[path])
    return results


def _run_tests(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every trusted test file in one pytest run."""
    files = list(dict.fromkeys(t["path"] for t in spec["tests"]))
    timeouts = {t["path"]: float(t["timeout"]) for t in spec["tests"]}
    if not files:
        return {}
    return _each_alone(files, timeouts, lambda batch, t: _pytest(batch, spec, t))


# --- in-process runs, as the runner -------------------------------------------------------
def _inproc_pytest(files: list[str], spec: dict[str, Any], timeout: float) -> dict[str, Any] | None:
    """One pytest process as the runner over in-process test files and the canary."""
    inproc, junit = spec["inproc_dir"], _report_path(spec, "inproc", private=False)
    canary = spec["inproc_canary"]
    args = _pytest_args(inproc, junit, [*files, canary["file"]])
    code, output, seconds = _warm_or_fresh(
        args, spec["workspace"], spec["command_env"], timeout, spec.get("warm_inproc"),
        spec.get("broker"),
    )  # fmt: skip
    if code == 124:
        return None
    return junit_results(junit, files, output, seconds, spec["output_limit"], canary)


def _run_inproc_tests(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    files = list(dict.fromkeys(t["path"] for t in spec.get("inproc_tests", [])))
    timeouts = {t["path"]: float(t["timeout"]) for t in spec.get("inproc_tests", [])}
    if not files:
        return {}
    return _each_alone(files, timeouts, lambda batch, t: _inproc_pytest(batch, spec, t))


def _suite_once(
    suite: dict[str, Any], files: list[str], spec: dict[str, Any], timeout: float
) -> dict[str, Any] | None:
    """One batched runner call, as the runner, over the files and the canary."""
    trusted = bool(suite.get("trusted"))
    junit = _report_path(spec, "suite", private=trusted)
    canary = suite.get("canary")
    with_canary = [*files, canary["file"]] if canary else files
    directory = spec["tests_dir"] if trusted else spec["inproc_dir"]
    paths = [f"{directory}/{f}" for f in with_canary]
    if trusted:
        # node's test runner over our files: all of them in one process (js_suite.mjs),
        # the agent's code through the proxy, the script's name patterns kept
        patterns = [w for w in shlex.split(suite["runner"]) if w.startswith("--test-name-pattern=")]
        reporter = ["--test-reporter=junit", f"--test-reporter-destination={junit}"]
        argv = ["node", *reporter, *patterns, os.path.join(HARNESS, "js_suite.mjs"), *paths]
        env, broker = spec["node_test_env"], None
    else:
        tests = " ".join(shlex.quote(p) for p in paths)
        command = suite["runner"].replace("{junit}", shlex.quote(junit)).replace("{test}", tests)
        argv, env = ["bash", "-c", command], spec["command_env"]
        broker = spec.get("broker")
    code, output, seconds = _run(argv, spec["workspace"], env, timeout, broker)
    if code == 124:
        return None
    return junit_results(junit, files, output, seconds, spec["output_limit"], canary)


def _run_suite(suite: dict[str, Any], spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A batched runner over all its files at once; each file alone when that timed out."""
    return _each_alone(
        suite["files"],
        suite["timeouts"],
        lambda batch, t: _suite_once(suite, batch, spec, t),
    )


def _run_commands(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Each command as the runner, in its own process group, with its own timeout, in order."""
    commands = []
    for command in spec["commands"]:
        code, output, seconds = _run(
            ["bash", "-c", command["command"]],
            spec["workspace"],
            spec["command_env"],
            float(command["timeout"]),
            spec.get("broker"),
        )
        commands.append(
            {"code": code, "output": clip(output, spec["output_limit"]), "seconds": seconds}
        )
    return commands


def _runner_stream(spec: dict[str, Any], commands: bool) -> dict[str, Any]:
    """In-process tests and batched runners (the long CPU-bound runs), as the runner;
    then the commands, when this stream holds them."""
    suites: dict[str, dict[str, Any]] = {}
    inproc = _run_inproc_tests(spec)
    for suite in spec.get("suites", []):
        suites.update(_run_suite(suite, spec))
    return {"inproc_tests": inproc, "suites": suites, **_commands_if(spec, commands)}


def _checker_stream(spec: dict[str, Any], commands: bool) -> dict[str, Any]:
    """The trusted tests, then the commands (each as the runner), when this stream holds
    them."""
    return {"tests": _run_tests(spec), **_commands_if(spec, commands)}


def _commands_if(spec: dict[str, Any], held: bool) -> dict[str, Any]:
    return {"commands": _run_commands(spec)} if held else {}


def run(spec: dict[str, Any]) -> dict[str, Any]:
    """Two streams at once: the trusted tests and the commands in one, in-process tests
    and batched runners in the other.

    A sandbox has at least two cores' worth of work to overlap (pytest's start-up, the
    servers the trusted tests start and wait for, a bundler's workers), so a full
    regression batch costs about the longer of the two rather than their sum. The
    commands sit with the trusted tests, whose stream mostly waits on servers, so that
    the other holds only the in-process pytest and the JavaScript runners' batches (a
    third stream for those gained nothing: on two cores they are CPU-bound); in a batch
    with neither, the commands are the other stream's (a generated Python script's
    module and constant checks then run beside its pytest process, not after it).
    """
    started = time.monotonic()
    runner_idle = not (spec.get("inproc_tests") or spec.get("suites"))
    others = _in_thread(_runner_stream, spec, runner_idle)
    result: dict[str, Any] = {**_checker_stream(spec, not runner_idle), **others()}
    result["wall"] = time.monotonic() - started
    return result


def _in_thread(function: Callable[..., dict[str, Any]], *args: Any) -> Callable[[], dict[str, Any]]:
    """Start ``function(*args)`` in a thread; the callable returned waits for its result
    (or raises what it raised). A thread pool's module costs each check run's start-up
    about 6 ms of imports for the one thread it needs."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = function(*args)
        except BaseException as ex:  # noqa: BLE001 - raised again in the waiting thread
            box["error"] = ex

    thread = threading.Thread(target=target, daemon=True)
    thread.start()

    def result() -> dict[str, Any]:
        thread.join()
        if "error" in box:
            raise box["error"]
        value: dict[str, Any] = box["value"]
        return value

    return result


def main() -> None:
    """Read the spec file named on the command line; print the marker and the result."""
    with open(sys.argv[1], encoding="utf-8") as handle:
        spec = json.loads(handle.read())
    result = run(spec)
    sys.stdout.write("\n" + MARKER + "\n" + json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
