"""Runs in the sandbox, in a child a warm server forked (the broker, the warm pytest
server): the state a fresh ``python3 -P`` would start with, where it differs from the
server's.

A server imports what its children need once and forks a child per request, which
saves the child an interpreter's start and its imports. What the fresh interpreter
would have read from its command line, working directory and environment at start-up
is read again here: the environment, ``sys.argv``, the path (``PYTHONPATH`` ahead of
the standard library, the user's site directory when it exists and is allowed), byte
code writing, the temporary directory, Python's own signal dispositions, and standard
streams on the file descriptors the child was given.

Standard library only.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import tempfile
from collections.abc import Callable
from types import TracebackType
from typing import NoReturn

# the harness's directory: a traceback's frames here are the launcher's, not the program's
_HERE = os.path.dirname(os.path.abspath(__file__))


def _stream(fd: int, mode: str, line_buffering: bool = False) -> io.TextIOWrapper:
    errors = "backslashreplace" if fd == 2 else "strict"
    buffering = 1 if line_buffering else -1
    stream = open(fd, mode, buffering, encoding="utf-8", errors=errors, closefd=False)  # noqa: SIM115
    assert isinstance(stream, io.TextIOWrapper)
    return stream


def _user_site(env: dict[str, str]) -> str | None:
    """The user's site directory a fresh interpreter would add, when it would."""
    if env.get("PYTHONNOUSERSITE") or "HOME" not in env:
        return None
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    path = os.path.join(env["HOME"], ".local", "lib", version, "site-packages")
    return path if os.path.isdir(path) else None


def become_fresh(argv: list[str], cwd: str, env: dict[str, str], front: list[str]) -> None:
    """Make this forked child look like ``python3 -P`` started with ``argv`` in ``cwd``
    with ``env``; ``front`` goes first on the path (what the program itself puts there)."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = list(argv)
    tempfile.tempdir = None
    sys.dont_write_bytecode = bool(env.get("PYTHONDONTWRITEBYTECODE"))
    extra = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    standard = [p for p in sys.path if p not in front]
    user_site = _user_site(env)
    if user_site:
        # after the standard library, before site-packages, as site.py orders them
        index = next((i for i, p in enumerate(standard) if p.endswith("-packages")), len(standard))
        standard.insert(index, user_site)
    sys.path[:] = [*front, *extra, *standard]
    # an interpreter ignores these at start and turns SIGINT into KeyboardInterrupt
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.stdin = _stream(0, "r")
    sys.stdout = _stream(1, "w", line_buffering=os.isatty(1))
    sys.stderr = _stream(2, "w", line_buffering=True)


def _program_frames(trace: TracebackType | None) -> TracebackType | None:
    """The traceback without its first frames in this harness, which started the program:
    an interpreter's shows only the program's (and, for -m, runpy's)."""
    while trace is not None and os.path.dirname(trace.tb_frame.f_code.co_filename) == _HERE:
        trace = trace.tb_next
    return trace


def exit_as_interpreter(main: Callable[[], int | None]) -> NoReturn:
    """Run ``main`` and end this child as an interpreter running it would end: with what
    it returns (0 for None) or a SystemExit's code (another object printed, status 1),
    by SIGINT after an uncaught KeyboardInterrupt's traceback, or with status 1 after the
    traceback of any other exception."""
    interrupted = False
    try:
        code = main() or 0
    except SystemExit as ex:
        if ex.code is None or isinstance(ex.code, int):
            code = ex.code or 0
        else:  # sys.exit("message"): the interpreter prints it
            with contextlib.suppress(OSError, ValueError):
                print(ex.code, file=sys.stderr)
            code = 1
    except BaseException as ex:  # noqa: BLE001 - as an interpreter would: traceback, status 1
        with contextlib.suppress(Exception):
            # the hook prints the exception's own traceback, whatever it is handed
            trace = _program_frames(ex.__traceback__)
            sys.excepthook(type(ex), ex.with_traceback(trace), trace)
        code, interrupted = 1, isinstance(ex, KeyboardInterrupt)
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
        sys.stderr.flush()
    if interrupted:
        # an interpreter ends by the signal, so that its parent sees it was interrupted
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    os._exit(code)
