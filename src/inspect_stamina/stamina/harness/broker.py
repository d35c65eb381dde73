"""Runs in the sandbox, as root, for one check run: starts programs as ``runner`` on request.

The benchmark's tests run as ``checker``, which can read them; anything of the agent's
(a command check, the agent's package a test calls, a service a test starts) must run
as ``runner``, which cannot. An unprivileged process cannot start another as a third
user, so this broker does it for the checker alone: it listens on a Unix socket only
``checker`` can reach (and checks the caller's id on every connection), takes a
program, its working directory, its environment and the caller's standard streams, and
runs the program as ``runner`` in a session of its own. It relays signals sent to the
caller and reports the exit status. It never loads anything of the agent's: it forks
and executes, or, for the agent's process the proxy asks for (``agent_host.py``),
forks a child that becomes ``runner`` and runs the host's code, imported here once, as
a fresh interpreter would (``fresh_child.py``): only that child loads the agent's code.

Standard library only; started by the check run's shell script, stopped at its end.
Wire format: 4-byte big-endian length, then JSON; the first message carries the three
file descriptors (SCM_RIGHTS).
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import signal
import socket
import struct
import sys
import threading
from collections.abc import Callable
from typing import Any

if __package__:  # imported by the harness's own code and tests
    from .broker_wire import receive_message, send_message
    from .shared_dir import open_up
else:  # run in the sandbox, beside the other harness files
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from broker_wire import receive_message, send_message  # type: ignore[no-redef]
    from shared_dir import open_up  # type: ignore[no-redef]

RUNNER_ENV = {"USER": "runner", "LOGNAME": "runner"}
HARNESS = os.path.dirname(os.path.abspath(__file__))

# what a started child does once it is the user it runs as: exec the program, or run it
# in this interpreter (the warm pytest server's pytest, the broker's agent host); it
# never returns
Run = Callable[[list[str], str, dict[str, str]], None]


def _request(
    message: dict[str, Any], extra_env: dict[str, str], runs: dict[str, Run]
) -> tuple[list[str], str, dict[str, str], Run | None]:
    argv, cwd, env = message.get("argv"), message.get("cwd"), message.get("env")
    name = message.get("run")
    run = runs.get(name) if isinstance(name, str) else None
    if name is not None and run is None:
        raise ValueError(f"no in-process run named {name!r}")
    if not (isinstance(argv, list) and (argv or run) and all(isinstance(a, str) for a in argv)):
        raise ValueError("argv must be a non-empty list of strings")
    if not isinstance(cwd, str):
        raise ValueError("cwd must be a string")
    if not (isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
        raise ValueError("env must map names to strings")
    return argv, cwd, {**{str(k): v for k, v in env.items()}, **extra_env}, run


def exec_program(argv: list[str], cwd: str, env: dict[str, str]) -> None:
    """The broker's way to run a program: replace the child with it."""
    os.chdir(cwd)
    os.execvpe(argv[0], argv, env)


def _start(
    argv: list[str],
    cwd: str,
    env: dict[str, str],
    fds: list[int],
    uid: int,
    nproc: int | None,
    run: Run = exec_program,
) -> int:
    """Fork and run the program as ``uid`` (at most ``nproc`` processes of that user);
    raise OSError when it could not start."""
    errors_read, errors_write = os.pipe2(os.O_CLOEXEC)
    pid = os.fork()
    if pid == 0:  # the child: its own session, the caller's streams, the user's rights
        reported = False
        try:
            os.setsid()
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
            os.closerange(3, errors_write)
            os.closerange(errors_write + 1, 65536)
            if nproc is not None:
                resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            os.umask(0o022)
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(number, signal.SIG_DFL)
            if run is not exec_program:
                # a run that never execs has started now: the pipe's end would otherwise
                # stay open, and the caller unanswered (its signals too), until it ends
                os.close(errors_write)
                reported = True
            run(argv, cwd, env)
        except BaseException as ex:  # noqa: BLE001 - reported to the caller, then exit
            if not reported:
                os.write(errors_write, f"{type(ex).__name__}: {ex}".encode()[:2000])
        os._exit(127)
    os.close(errors_write)
    with os.fdopen(errors_read, "rb") as errors:
        failure = errors.read()
    if failure:
        os.waitpid(pid, 0)
        raise OSError(failure.decode("utf-8", "replace"))
    return pid


def _serve(
    conn: socket.socket,
    uid: int,
    nproc: int | None,
    shared: str | None,
    run: Run = exec_program,
    extra_env: dict[str, str] = RUNNER_ENV,
    runs: dict[str, Run] | None = None,
) -> None:
    """One caller: start its program, relay its signals, report how the program ended."""
    message, fds = receive_message(conn, max_fds=3)
    try:
        if message is None or len(fds) != 3:
            raise ValueError("a request carries argv, cwd, env and three streams")
        argv, cwd, env, named = _request(message, extra_env, runs or {})
        pid = _start(argv, cwd, env, fds, uid, nproc, named or run)
    except (OSError, ValueError) as ex:
        send_message(conn, {"error": str(ex)})
        return
    finally:
        for fd in fds:
            os.close(fd)
    send_message(conn, {"started": pid})
    ended = threading.Event()
    status: list[int] = []
    # the waiting thread wakes the loop through this pipe the moment the program ends:
    # a polling loop would add its interval to every check command
    woken, wake = os.pipe2(os.O_CLOEXEC)

    def wait() -> None:
        status.append(os.waitpid(pid, 0)[1])
        os.write(wake, b"x")  # before the event: once it is set, the pipe may be closed
        ended.set()

    threading.Thread(target=wait, daemon=True).start()
    while not ended.is_set():
        readable, _, _ = select.select([conn.fileno(), woken], [], [])
        if conn.fileno() not in readable:
            continue
        try:
            request, _ = receive_message(conn)
        except (OSError, ValueError):
            request = None
        if request is None:  # the caller is gone (killed): so is its program
            _kill_group(pid, signal.SIGKILL)
            ended.wait()
            return
        number = request.get("signal")
        if isinstance(number, int) and 0 < number < 65:
            _kill_group(pid, number)
    os.close(woken)
    os.close(wake)
    # whatever the program left running in its session ends with it
    _kill_group(pid, signal.SIGKILL)
    if shared:  # before the caller hears the program ended, and reads what it wrote
        open_up(shared, uid)
    code = status[0]
    if os.WIFSIGNALED(code):
        send_message(conn, {"signal": os.WTERMSIG(code)})
    else:
        send_message(conn, {"exit": os.WEXITSTATUS(code)})


def _kill_group(pid: int, number: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, number)


def serve(
    path: str,
    checker_uid: int,
    checker_gid: int,
    runner_uid: int,
    nproc: int | None = None,
    shared: str | None = None,
    run: Run = exec_program,
    extra_env: dict[str, str] = RUNNER_ENV,
    runs: dict[str, Run] | None = None,
    ready: Callable[[], None] | None = None,
) -> None:
    """Listen at ``path`` (reachable by the checker alone) until killed; the runner's
    programs get the per-user process limit ``nproc`` (the one the agent has), and what
    they leave in ``shared`` is opened up to the tests when each ends. ``run`` and
    ``extra_env`` are how a started child runs (the warm pytest server's differ);
    ``runs`` are in-process runs a request may name instead of a program; ``ready`` is
    called once the socket listens (imports that need not delay the first caller)."""
    # bound, given to the checker's group and listening under another name first, then
    # renamed into place: a caller that finds the socket can connect at once (callers do
    # not wait for it to be ready, only for it to appear)
    binding = path + ".binding"
    for stale in (path, binding):
        if os.path.lexists(stale):
            os.unlink(stale)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    server.bind(binding)
    os.umask(old)
    os.chown(binding, 0, checker_gid)
    os.chmod(binding, 0o660)
    server.listen(64)
    os.rename(binding, path)
    if ready is not None:
        ready()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the per-caller processes reap themselves
    while True:
        conn, _ = server.accept()
        credentials = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _, peer_uid, _ = struct.unpack("3i", credentials)
        if peer_uid != checker_uid:
            conn.close()
            continue
        if os.fork() == 0:
            server.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            try:
                _serve(conn, runner_uid, nproc, shared, run, extra_env, runs)
            finally:
                os._exit(0)
        conn.close()


def _harness_module(name: str) -> Any:
    """A module beside this one (a package's when imported so, a script's in the sandbox)."""
    # imported here, not at the top: every program started through a launcher imports
    # this module for its wire format alone
    import importlib

    return importlib.import_module(f"{__package__}.{name}" if __package__ else name)


def run_agent_host(argv: list[str], cwd: str, env: dict[str, str]) -> None:
    """The agent's process the proxy asks for (``agent_host.py WORKSPACE SHARED``), run
    in the forked child as a fresh ``python3 -P agent_host.py`` would run it."""
    agent_host = _harness_module("agent_host")  # imported by the server already
    fresh_child = _harness_module("fresh_child")
    fresh_child.become_fresh([agent_host.__file__, *argv], cwd, env, [HARNESS])
    fresh_child.exit_as_interpreter(agent_host.main)


def _import_agent_host() -> None:
    """What the agent's process needs, imported once here: each host forked from this
    server starts without an interpreter's start or these imports (about 50 ms)."""
    _harness_module("agent_host")
    _harness_module("fresh_child")


def main() -> None:
    """broker.py SOCKET SHARED [NPROC [HOST]]: serve the checker with the ids in
    /run/users/ids; HOST 1 when the run's tests will ask for the agent's process (its
    code is then imported as soon as the socket listens, else on a request for it)."""
    with open("/run/users/ids", encoding="ascii") as handle:
        ids = dict(line.split("=", 1) for line in handle.read().split())
    checker, runner = int(ids["checker"]), int(ids["runner"])
    nproc = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else None
    serve(
        sys.argv[1],
        checker,
        checker,
        runner,
        nproc,
        sys.argv[2],
        runs={"agent_host": run_agent_host},
        ready=_import_agent_host if sys.argv[4:5] == ["1"] else None,
    )


if __name__ == "__main__":
    main()
