"""Runs in the sandbox, as the checker: ``as_runner.py --broker SOCKET -- PROGRAM ARGS...``
runs PROGRAM as ``runner`` through the check run's broker (``broker.py``), as if it ran
it itself.

The program gets this process's standard streams, working directory and environment;
signals this process receives (SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2) are
passed on to the program's session, and this process exits as the program did. If
this process is killed, the broker kills the program. Tests use it through
``subprocess``, which the benchmark's conftest points here for every program they start.

With ``--warm``, a ``python SCRIPT ARGS...`` or ``python -m MODULE ARGS...`` (a test's
server: ``manage.py runserver``, ``python -m PACKAGE.server``) is forked as ``runner``
from the runner's warm server instead, which has the web framework imported; while that
server is not there, the broker starts it as any other.

Without ``--broker`` (tests of the harness on a host, with no users to switch to) the
program simply replaces this process. The sockets are named on the command line, never
taken from the environment, which a test may replace.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import socket
import sys
import time

# mypy reads the annotations; this launcher starts for every program a test starts, and
# the typing module would be a third of its imports' cost (4 ms)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO

if __package__:  # imported by the harness's own code and tests
    from .broker_wire import receive_message, send_message
else:  # the broker's wire sits beside this file, in the directory only root can write
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from broker_wire import receive_message, send_message  # type: ignore[no-redef]

RELAYED = (
    signal.SIGTERM,
    signal.SIGINT,
    signal.SIGHUP,
    signal.SIGQUIT,
    signal.SIGUSR1,
    signal.SIGUSR2,
)


# how long a caller waits for the check run's broker to listen: the root script starts
# the driver beside the broker, not after it, so that their start-ups overlap
BROKER_START = 5.0


def connect(path: str, wait: float | None = None) -> socket.socket:
    """A connection to the broker at ``path``, waiting up to ``wait`` seconds (else
    BROKER_START) for it to listen (its socket not there yet, or bound, not listening)."""
    deadline = time.monotonic() + (BROKER_START if wait is None else wait)
    while True:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.connect(path)
            return conn
        except (FileNotFoundError, ConnectionRefusedError):
            conn.close()
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.005)
        except OSError:
            conn.close()
            raise


def _warm_script(argv: list[str], warm: str | None) -> BrokeredRun | None:
    """``python SCRIPT ARGS...`` or ``python -m MODULE ARGS...`` forked from the runner's
    warm server, which has the web framework imported (it runs anything it cannot run so
    as the broker would); None when that server is not there (not started yet in this
    sandbox)."""
    if not warm or len(argv) < 2 or (argv[1].startswith("-") and argv[1] != "-m"):
        return None
    if not os.path.basename(argv[0]).startswith("python"):
        return None
    try:
        return BrokeredRun(warm, argv, os.getcwd(), dict(os.environ), [0, 1, 2], "script", 0)
    except OSError:
        return None


def run(argv: list[str], path: str | None, warm: str | None = None) -> int:
    """Run argv as the runner; the exit code this process should end with."""
    if not path:
        os.execvp(argv[0], argv)
    try:
        started = _warm_script(argv, warm) or BrokeredRun(
            path, argv, os.getcwd(), dict(os.environ), [0, 1, 2]
        )
    except BrokerUnreachable as ex:
        print(f"as_runner: {ex}", file=sys.stderr)
        return 125
    except NotStarted as ex:
        print(f"as_runner: could not start {argv[0]}: {ex}", file=sys.stderr)
        return 127
    conn = started.conn

    def relay(number: int, _frame: object) -> None:
        with contextlib.suppress(OSError):
            send_message(conn, {"signal": number})

    for number in RELAYED:
        signal.signal(number, relay)
    while True:
        try:
            message, _ = receive_message(conn)
        except InterruptedError:
            continue
        except (OSError, ValueError) as ex:
            print(f"as_runner: lost the broker: {ex}", file=sys.stderr)
            return 125
        if message is None:
            print("as_runner: the broker ended the program without a status", file=sys.stderr)
            return 125
        if "exit" in message:
            return int(message["exit"])
        if "signal" in message:
            ended_by = int(message["signal"])
            # end as the program did: by the same signal, where it is not caught here
            for relayed in RELAYED:
                signal.signal(relayed, signal.SIG_DFL)
            signal.signal(ended_by, signal.SIG_DFL)
            os.kill(os.getpid(), ended_by)
            return 128 + ended_by


class BrokerUnreachable(OSError):
    """The check run's broker did not answer (not started yet, or gone)."""


class NotStarted(OSError):
    """The broker could not start the program (its directory, the program itself)."""


class BrokeredRun:
    """A program (or one of the broker's in-process runs, such as the agent's process)
    started as ``runner`` through the broker straight from this process, with the
    part of a ``subprocess.Popen`` its callers use (``poll``, ``wait``, ``kill``).

    The launcher above does the same for a program that must look like an ordinary
    child (the tests' ``subprocess`` calls); asked for directly, a run saves that
    launcher's interpreter (about 20 ms), and the agent's process also the host's
    imports, done once in the broker (about 50 ms more)."""

    def __init__(
        self,
        broker: str,
        argv: list[str],
        cwd: str,
        env: dict[str, str],
        streams: list[int],
        run: str | None = None,
        wait: float | None = None,
    ) -> None:
        self.returncode: int | None = None
        self.stdin: IO[str] | None = None
        self.stdout: IO[str] | None = None
        request = {"argv": argv, "cwd": cwd, "env": env, **({"run": run} if run else {})}
        try:
            self.conn = connect(broker, wait)
        except OSError as ex:
            raise BrokerUnreachable(f"the check run's broker is unreachable: {ex}") from None
        try:
            send_message(self.conn, request, fds=streams)
            answer, _ = receive_message(self.conn)
        except (OSError, ValueError) as ex:
            self.conn.close()
            raise BrokerUnreachable(f"the check run's broker is unreachable: {ex}") from None
        if answer is None:
            self.conn.close()
            raise BrokerUnreachable("the check run's broker ended the request unanswered")
        if "started" not in answer:
            self.conn.close()
            raise NotStarted(str(answer.get("error", "the broker's answer says neither")))
        self.pid = int(answer["started"])

    @classmethod
    def with_pipes(cls, broker: str, run: str, argv: list[str], cwd: str) -> BrokeredRun:
        """The run with text pipes to its standard input and output (``stdin``,
        ``stdout``), its standard error this process's, in this process's environment."""
        child_in, self_out = os.pipe2(os.O_CLOEXEC)
        self_in, child_out = os.pipe2(os.O_CLOEXEC)
        try:
            started = cls(broker, argv, cwd, dict(os.environ), [child_in, child_out, 2], run)
        except OSError:
            os.close(self_in)
            os.close(self_out)
            raise
        finally:
            os.close(child_in)
            os.close(child_out)
        started.stdin = open(self_out, "w", encoding="utf-8", buffering=1)  # noqa: SIM115
        started.stdout = open(self_in, encoding="utf-8")  # noqa: SIM115
        return started

    def _status(self, timeout: float | None) -> int | None:
        """The run's exit status once the broker reports it (within timeout seconds)."""
        if self.returncode is None:
            ready, _, _ = select.select([self.conn], [], [], timeout)
            if not ready:
                return None
            try:
                message, _ = receive_message(self.conn)
            except (OSError, ValueError):
                message = None
            message = message or {}
            if "exit" in message:
                self.returncode = int(message["exit"])
            else:  # killed by a signal, or the broker is gone: as Popen says a signal
                self.returncode = -int(message.get("signal", signal.SIGKILL))
            self.conn.close()
        return self.returncode

    def poll(self) -> int | None:
        """The exit status, or None while the run goes on."""
        return self._status(0)

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the run to end; subprocess.TimeoutExpired after timeout seconds."""
        code = self._status(timeout)
        if code is None:
            import subprocess  # only here: the launcher's own start stays light

            raise subprocess.TimeoutExpired("agent_host", timeout or 0)
        return code

    def kill(self) -> None:
        """End the run and whatever it started (the broker kills its session)."""
        if self.returncode is None:
            with contextlib.suppress(OSError):
                send_message(self.conn, {"signal": signal.SIGKILL})

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()


def main() -> None:
    """as_runner.py [--broker SOCKET [--warm SOCKET]] -- PROGRAM ARGS..."""
    argv, broker, warm = sys.argv[1:], None, None
    if argv[:1] == ["--broker"] and len(argv) > 1:
        broker, argv = argv[1], argv[2:]
    if argv[:1] == ["--warm"] and len(argv) > 1:
        warm, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print(
            "usage: as_runner.py [--broker SOCKET [--warm SOCKET]] -- PROGRAM ARGS...",
            file=sys.stderr,
        )
        sys.exit(2)
    sys.exit(run(argv, broker, warm))


if __name__ == "__main__":
    main()
