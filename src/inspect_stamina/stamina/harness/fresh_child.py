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
from typing import NoReturn


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


def exit_as_interpreter(main: Callable[[], int | None]) -> NoReturn:
    """Run ``main`` and end this child with the status an interpreter running it would
    end with: what it returns (0 for None), a SystemExit's code, or 1 after printing the
    traceback of any other exception."""
    try:
        code = main() or 0
    except SystemExit as ex:
        code = ex.code if isinstance(ex.code, int) else 1
    except BaseException:  # noqa: BLE001 - as an interpreter would: traceback, status 1
        import traceback

        traceback.print_exc()
        code = 1
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code)
