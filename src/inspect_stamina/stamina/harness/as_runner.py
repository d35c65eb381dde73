"""Runs in the sandbox, as the checker: ``as_runner.py --broker SOCKET -- PROGRAM ARGS...``
runs PROGRAM as ``runner`` through the check run's broker (``broker.py``), as if it ran
it itself.

The program gets this process's standard streams, working directory and environment;
signals this process receives (SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2) are
passed on to the program's session, and this process exits as the program did. If
this process is killed, the broker kills the program. Tests use it through
``subprocess``, which the benchmark's conftest points here for every program they start.

Without ``--broker`` (tests of the harness on a host, with no users to switch to) the
program simply replaces this process. The broker is named on the command line, never
taken from the environment, which a test may replace.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys

if __package__:  # imported by the harness's own code and tests
    from .broker import receive_message, send_message
else:  # the broker's module sits beside this file, in the directory only root can write
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from broker import receive_message, send_message  # type: ignore[no-redef]

RELAYED = (
    signal.SIGTERM,
    signal.SIGINT,
    signal.SIGHUP,
    signal.SIGQUIT,
    signal.SIGUSR1,
    signal.SIGUSR2,
)


def run(argv: list[str], path: str | None) -> int:
    """Run argv as the runner; the exit code this process should end with."""
    if not path:
        os.execvp(argv[0], argv)
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError as ex:
        print(f"as_runner: the check run's broker is unreachable: {ex}", file=sys.stderr)
        return 125
    request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ)}
    send_message(conn, request, fds=[0, 1, 2])

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
        if "error" in message:
            print(f"as_runner: could not start {argv[0]}: {message['error']}", file=sys.stderr)
            return 127
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


def main() -> None:
    """as_runner.py [--broker SOCKET] -- PROGRAM ARGS..."""
    argv, broker = sys.argv[1:], None
    if argv[:1] == ["--broker"] and len(argv) > 1:
        broker, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print("usage: as_runner.py [--broker SOCKET] -- PROGRAM ARGS...", file=sys.stderr)
        sys.exit(2)
    sys.exit(run(argv, broker))


if __name__ == "__main__":
    main()
