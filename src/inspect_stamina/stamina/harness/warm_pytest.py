"""Runs in the sandbox, as root, for the whole session: pytest, warm, for one of the two
check users.

Every check run's pytest process used to start a fresh interpreter and import pytest and
its plugins (about 0.12 s of its 0.19 s on a trivial test file, more under load), and an
in-process run of a web project's tests imported its framework too (Django and DRF,
another 0.15-0.3 s). This server imports them once; for each request it forks a child
that becomes the server's user exactly as the broker's children become the runner (its
own session, the caller's streams, no supplementary groups, the per-user process limit),
takes the caller's working directory and environment, and runs ``pytest.main`` on the
caller's arguments. The parent never runs a test and never loads anything of the
agent's: each check run's pytest starts from the same state, as a fresh process did.

Two roles, one server each:

- ``checker``: the benchmark's trusted pytest (the checker's own tests and conftest);
- ``runner``: in-process tests, which load the agent's code beside them as the runner,
  and the Python programs the checker's tests start (``script_runner``: a web project's
  ``manage.py runserver``, a service's ``python -m PACKAGE.server``), which
  ``as_runner.py`` asks this server for first.
  The framework modules are imported here only when they load without a project's
  settings (one that reads them raises, and is skipped), so nothing here depends on a
  project. A fresh process imports them only after the tests' conftests put the
  project's directories on the path, where a module of the same name would win: a child
  whose workspace or one of its directories holds such a module runs the tests in a fresh
  interpreter instead, and one whose path shows one only as the run left it runs them
  again there, as they would have run without this server.

Only the checker can reach either (a socket in a directory of root and the checker's
group, and the caller's id checked on every connection), and the end of a check run,
which stops every process of the check users, leaves it running (it is root's). The
check run's root script starts it when the process it last started is not running;
while its socket is missing or unreachable the driver starts pytest as before. The wire
format and the caller's side are the broker's (``broker.py``, ``as_runner.py``).

Standard library and pytest only: ``python3 -I -B warm_pytest.py SOCKET [NPROC [ROLE
SHARED]]``.
"""

from __future__ import annotations

import importlib
import io
import os
import re
import shutil
import sys
import types
from typing import NoReturn

if __package__:  # imported by the harness's own code and tests
    from .broker import RUNNER_ENV, Run, exec_program, serve
    from .fresh_child import become_fresh, exit_as_interpreter
else:  # run in the sandbox, beside the broker's module
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from broker import RUNNER_ENV, Run, exec_program, serve  # type: ignore[no-redef]
    from fresh_child import become_fresh, exit_as_interpreter  # type: ignore[no-redef]

HERE = os.path.dirname(os.path.abspath(__file__))

# the standard library modules the benchmark's conftest (``agent_proxy.py`` and its
# wire) imports: loading them is part of every check run's start-up too
CONFTEST_MODULES = (
    "base64", "datetime", "decimal", "fractions", "pathlib", "subprocess", "tempfile",
    "threading", "uuid", "xml.etree.ElementTree",
)  # fmt: skip
# what in-process tests of a web project import before and around the project's code
# (those an image lacks, or that need a project's settings, are skipped)
FRAMEWORK_MODULES = (
    "django", "django.db.models", "django.http", "django.urls", "django.forms",
    "django.template", "django.test", "django.test.client", "django.core.handlers.wsgi",
    "django.core.serializers.json", "rest_framework", "rest_framework.serializers",
    # what `python manage.py runserver` and `migrate` (a test's server) import
    "django.core.management", "django.core.management.commands.runserver",
    "django.core.management.commands.migrate",
)  # fmt: skip
# what a service on the standard library imports (a test's `python -m PACKAGE.server`):
# http.server alone, with http.client, email and ssl under it, is about 28 ms of a
# 40 ms start in the image; modules that seed state at import reseed in a forked child
# (random, tempfile), so a warm import is one a fresh process would make
SERVICE_MODULES = (
    "argparse", "http.server", "http.client", "json", "socketserver", "sqlite3",
    "urllib.parse", "urllib.request", "wsgiref.simple_server", "logging", "csv",
    "dataclasses", "hashlib", "hmac", "secrets",
)  # fmt: skip
# a module's files that a path entry can hold under its name
_SUFFIXES = (".py", ".pyc", ".so", ".pyd")


def warm_up(modules: tuple[str, ...]) -> None:
    """Import pytest, every plugin a check run's pytest loads (its own and those installed
    for it), and ``modules``."""
    import pytest  # noqa: F401
    from _pytest.config import default_plugins

    try:
        from importlib.metadata import entry_points

        installed = [e.module for e in entry_points(group="pytest11")]
    except Exception:  # noqa: BLE001 - broken metadata: pytest reports it in the run
        installed = []
    for name in [*(f"_pytest.{p}" for p in default_plugins), *installed, *modules]:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - absent, or needs what only a run has
            continue


def _home_entry(module: object) -> str | None:
    """The path entry a top-level module was found in (None for a built-in or frozen one,
    which no path entry can shadow)."""
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None)
    if not isinstance(origin, str) or not os.path.isabs(origin):
        return None
    folder = os.path.dirname(origin)
    return os.path.dirname(folder) if spec.submodule_search_locations else folder  # type: ignore[union-attr]


def warmed_homes(before: set[str]) -> dict[str, str]:
    """Each top-level module imported since ``before``, by the path entry it came from."""
    homes = {}
    for name, module in list(sys.modules.items()):
        if "." not in name and name not in before:
            home = _home_entry(module)
            if home is not None:
                homes[name] = home
    return homes


def _names_in(entry: str) -> set[str]:
    """The top-level module names a path entry offers."""
    try:
        listing = os.listdir(entry)
    except OSError:
        return set()
    names = set()
    for item in listing:
        stem, _, rest = item.partition(".")
        if not rest:
            if os.path.isfile(os.path.join(entry, item, "__init__.py")):
                names.add(stem)
        elif any(item.endswith(suffix) for suffix in _SUFFIXES):
            names.add(stem)
    return names


def shadowed(homes: dict[str, str], path: list[str]) -> str | None:
    """A warmed module that a directory ahead of its own on ``path`` also offers (a fresh
    process would have imported that one), or None."""
    pending = {name: os.path.abspath(home) for name, home in homes.items()}
    for entry in map(os.path.abspath, path):
        for name in _names_in(entry) & pending.keys():
            if pending[name] != entry:
                return name
        pending = {name: home for name, home in pending.items() if home != entry}
        if not pending:
            return None
    return None


def _fresh(argv: list[str], name: str) -> NoReturn:
    """Run pytest in a fresh interpreter instead (this process's environment and streams)."""
    sys.stdout.flush()
    sys.stderr.write(f"[the project holds a module {name!r}: pytest runs in a fresh interpreter]\n")
    sys.stderr.flush()
    os.execvp("python3", ["python3", "-P", "-m", "pytest", *argv])


def pytest_runner(homes: dict[str, str]) -> Run:
    """The run of a forked child, now the server's user: pytest over ``argv``, as ``python
    -m pytest`` in ``cwd`` with ``env`` would run it; exits with pytest's status. With
    ``homes`` (the runner's server), a path that would have imported a warmed module
    from elsewhere runs pytest fresh."""

    def run(argv: list[str], cwd: str, env: dict[str, str]) -> None:
        import pytest

        # `python -P -m pytest` has neither this server's directory nor the working one on
        # its path
        _leave_server_directory()
        become_fresh(["pytest", *argv], cwd, env, [])
        # the project's own directories (a conftest of the tests puts them first)
        name = shadowed(homes, [*_project_directories(cwd), *sys.path]) if homes else None
        if name:
            _fresh(argv, name)

        def main() -> int:
            code = int(pytest.main(argv))
            late = shadowed(homes, sys.path) if homes else None
            if late:
                _fresh(argv, late)
            return code

        exit_as_interpreter(main)

    return run


# an interpreter named as a test's subprocess names it (`sys.executable`, `python3`)
_PYTHON = re.compile(r"python(3(\.\d+)?)?")
# the environment variables a fresh interpreter reads that a forked child reads again
# (``become_fresh``); any other PYTHON* variable makes a script run fresh
_REREAD = frozenset({"PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONNOUSERSITE"})


def python_program(argv: list[str]) -> tuple[str, str] | None:
    """``("script", SCRIPT)`` for ``python SCRIPT ARGS...``, ``("module", NAME)`` for
    ``python -m NAME ARGS...`` (an interpreter and no other option): the forms a warm
    server may run forked; None for anything else."""
    if len(argv) < 2 or _PYTHON.fullmatch(os.path.basename(argv[0])) is None:
        return None
    if argv[1] == "-m":
        name = argv[2] if len(argv) > 2 else ""
        return ("module", name) if name and not name.startswith("-") else None
    return None if argv[1].startswith("-") else ("script", argv[1])


def _same_interpreter(program: str, env: dict[str, str]) -> bool:
    found = program if "/" in program else shutil.which(program, path=env.get("PATH", os.defpath))
    return found is not None and os.path.realpath(found) == os.path.realpath(sys.executable)


def _run_main(path: str) -> None:
    """Run the script at ``path`` as the ``__main__`` module, as the interpreter does."""
    import builtins
    from importlib.machinery import SourceFileLoader

    main = types.ModuleType("__main__")
    main.__dict__.update(
        __file__=path,
        __builtins__=builtins,
        __loader__=SourceFileLoader("__main__", path),
        __cached__=None,
    )
    sys.modules["__main__"] = main
    # in the sandbox, in a child that is already the runner: the agent's program, run as
    # the broker would have run it, never on the host nor as a user that can read tests
    with io.open_code(path) as handle:
        code = compile(
            handle.read(), path, "exec", dont_inherit=True
        )  # inspect-evals-lint: ignore[host_code_execution] -- runs in the sandbox as the runner (see above)
    exec(code, main.__dict__)  # noqa: S102  # inspect-evals-lint: ignore[host_code_execution] -- runs in the sandbox as the runner (see above)


def _run_module(name: str) -> None:
    """Run module ``name`` as the ``__main__`` module, as ``python -m NAME`` does."""
    import builtins
    import runpy

    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = builtins
    sys.modules["__main__"] = main
    # the interpreter's own -m runs this function: the same search, the same errors
    # ("python3: No module named ...", exit status 1), the same sys.argv[0]
    run_as_main = getattr(runpy, "_run_module_as_main")  # noqa: B009 - private, not in the stubs
    run_as_main(name, True)


def _exec_instead(argv: list[str], cwd: str, env: dict[str, str]) -> NoReturn:
    """Exec the program as the broker would; one that cannot start is reported in the
    words ``as_runner.py`` uses when the broker could not start it."""
    try:
        exec_program(argv, cwd, env)
    except OSError as ex:
        message = f"as_runner: could not start {argv[0]}: {type(ex).__name__}: {ex}\n"
        os.write(2, message.encode(errors="replace"))
    os._exit(127)


def script_runner(homes: dict[str, str]) -> Run:
    """The run of a forked child, now the runner: ``python SCRIPT ARGS...`` or ``python
    -m MODULE ARGS...`` as a fresh interpreter would run it (a test's server: ``manage.py
    runserver``, ``python -m PACKAGE.server``), with the web framework already imported.
    Anything else a fresh interpreter would do differently (another interpreter, options,
    PYTHON* settings read only at start, a script that is not a file, a project module
    named like one this server imported) execs the program instead, exactly as the
    broker would."""

    def run(argv: list[str], cwd: str, env: dict[str, str]) -> None:
        form = python_program(argv)
        script = os.path.join(cwd, form[1]) if form and form[0] == "script" else ""
        if (
            form is None
            # a module this server imported (`-m http.server`, `-m pytest`) would run
            # beside its imported self, and runpy would warn where a fresh one does not
            or (form[0] == "module" and form[1] in sys.modules)
            or not _same_interpreter(argv[0], env)
            or any(k.startswith("PYTHON") and k not in _REREAD for k in env)
            or (script and not os.path.isfile(script))
        ):
            _exec_instead(argv, cwd, env)
        _leave_server_directory()
        if script:
            # a fresh interpreter puts the script's directory first
            path = os.path.abspath(script)
            front, main = os.path.dirname(path), lambda: _run_main(path)
            become_fresh(argv[1:], cwd, env, [front])
        else:
            # and for -m the working directory, with "-m" as sys.argv[0] until runpy
            # puts the module's file there
            module = form[1]
            front, main = os.path.abspath(cwd), lambda: _run_module(module)
            become_fresh(["-m", *argv[3:]], cwd, env, [front])
        if shadowed(homes, [front, *_project_directories(cwd), *sys.path]):
            _exec_instead(argv, cwd, env)
        exit_as_interpreter(main)

    return run


def _leave_server_directory() -> None:
    """Take this server's directory off the path: no fresh process has it there."""
    while HERE in sys.path:
        sys.path.remove(HERE)


def _project_directories(cwd: str) -> list[str]:
    """The working directory and its directories, which a project's code may put first
    on the path."""
    return [cwd, *(os.path.join(cwd, d.name) for d in _subdirectories(cwd))]


def _subdirectories(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return [e for e in entries if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []


def main() -> None:
    """warm_pytest.py SOCKET [NPROC [ROLE SHARED]]: serve the checker with the id in
    /run/users/ids; children run as ROLE (checker, the default, or runner, whose programs
    leave what they make in SHARED opened up to the tests)."""
    with open("/run/users/ids", encoding="ascii") as handle:
        ids = dict(line.split("=", 1) for line in handle.read().split())
    checker = int(ids["checker"])
    nproc = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else None
    role = sys.argv[3] if len(sys.argv) > 3 else "checker"
    os.chdir("/")
    before = set(sys.modules)
    if role == "runner":
        warm_up((*FRAMEWORK_MODULES, *SERVICE_MODULES))
        homes = warmed_homes(before)
        run, runs = pytest_runner(homes), {"script": script_runner(homes)}
        uid, shared, extra_env = int(ids["runner"]), sys.argv[4], RUNNER_ENV
    else:
        warm_up(CONFTEST_MODULES)
        run, runs, uid, shared, extra_env = pytest_runner({}), {}, checker, None, {}
    # the socket appears only now: a driver that finds it finds a warm server
    serve(sys.argv[1], checker, checker, uid, nproc, shared, run, extra_env, runs)


if __name__ == "__main__":
    main()
