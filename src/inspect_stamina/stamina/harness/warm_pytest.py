"""Runs in the sandbox, as root, for the whole session: the checker's pytest, warm.

Every check run's trusted pytest process used to start a fresh interpreter and import
pytest and its plugins (about 0.12 s of its 0.19 s on a trivial test file, more under
load). This server imports them once; for each request it forks a child that becomes
the checker exactly as the broker's children become the runner (its own session, the
caller's streams, no supplementary groups, the per-user process limit), takes the
caller's working directory and environment, and runs ``pytest.main`` on the caller's
arguments. The parent never runs a test and never loads anything of the agent's: each
check run's pytest starts from the same state, as a fresh process did.

Only the checker can reach it (a socket in a directory of root and the checker's
group, and the caller's id checked on every connection), and the end of a check run,
which stops every process of the check users, leaves it running (it is root's). The
check run's root script starts it when the process it last started is not running;
while its socket is missing or unreachable the driver runs pytest as before. The wire format and the caller's side are the broker's
(``broker.py``, ``as_runner.py``).

Standard library and pytest only: ``python3 -I -B warm_pytest.py SOCKET [NPROC]``.
"""

from __future__ import annotations

import importlib
import os
import sys

if __package__:  # imported by the harness's own code and tests
    from .broker import serve
    from .fresh_child import become_fresh, exit_as_interpreter
else:  # run in the sandbox, beside the broker's module
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from broker import serve  # type: ignore[no-redef]
    from fresh_child import become_fresh, exit_as_interpreter  # type: ignore[no-redef]

HERE = os.path.dirname(os.path.abspath(__file__))


# the standard library modules the benchmark's conftest (``agent_proxy.py`` and its
# wire) imports: loading them is part of every check run's start-up too
CONFTEST_MODULES = (
    "base64", "datetime", "decimal", "fractions", "pathlib", "subprocess", "tempfile",
    "threading", "uuid", "xml.etree.ElementTree",
)  # fmt: skip


def warm_up() -> None:
    """Import pytest, every plugin a check run's pytest loads, and what its conftest needs."""
    import pytest  # noqa: F401
    from _pytest.config import default_plugins

    for name in [*(f"_pytest.{p}" for p in default_plugins), *CONFTEST_MODULES]:
        try:
            importlib.import_module(name)
        except ImportError:  # a plugin this pytest version does not ship
            continue


def run_pytest(argv: list[str], cwd: str, env: dict[str, str]) -> None:
    """In the forked child, now the checker: pytest over ``argv``, as ``python -m pytest``
    in ``cwd`` with ``env`` would run it; exits with pytest's status."""
    import pytest

    # `python -P -m pytest` has neither this server's directory nor the working one on
    # its path
    while HERE in sys.path:
        sys.path.remove(HERE)
    become_fresh(["pytest", *argv], cwd, env, [])
    exit_as_interpreter(lambda: int(pytest.main(argv)))


def main() -> None:
    """warm_pytest.py SOCKET [NPROC]: serve the checker with the id in /run/users/ids."""
    with open("/run/users/ids", encoding="ascii") as handle:
        ids = dict(line.split("=", 1) for line in handle.read().split())
    checker = int(ids["checker"])
    nproc = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else None
    os.chdir("/")
    warm_up()
    # the socket appears only now: a driver that finds it finds a warm server
    serve(sys.argv[1], checker, checker, checker, nproc, None, run_pytest, {})


if __name__ == "__main__":
    main()
