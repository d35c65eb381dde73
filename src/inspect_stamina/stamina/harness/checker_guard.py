"""Runs in the sandbox, in the benchmark's test process (as ``checker``): what that
process may do, set up by ``agent_proxy.install()``.

- every program the tests start runs as ``runner`` through ``as_runner.py``, but node's
  test runner over benchmark test files, which runs here with the JavaScript proxy
  (``js_proxy.mjs``);
- an audit hook refuses to compile source from the workspace, to start programs any
  other way, and to open a benchmark test through a link (a link the agent's code made
  could otherwise make a test quote a hidden file);
- temporary directories are shared with ``runner``, which must write there.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import tempfile
from typing import Any

HARNESS = os.path.dirname(os.path.abspath(__file__))
AS_RUNNER = os.path.join(HARNESS, "as_runner.py")
# events the audit hook refuses: every program starts through subprocess (and so as runner)
_SPAWN_EVENTS = frozenset(
    {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "pty.spawn"}
)
_CONFIG: dict[str, Any] = {}


def runner_argv(argv: list[str], broker: str | None, warm: str | None = None) -> list[str]:
    """The command line that runs argv as runner (through the broker, when there is one;
    a Python script through the runner's warm server, when it answers)."""
    via = ["--broker", broker, *(["--warm", warm] if warm else [])] if broker else []
    return [sys.executable, "-I", "-S", AS_RUNNER, *via, "--", *argv]


def _program(args: Any, executable: Any, shell: bool) -> list[str]:
    """The program and arguments Popen would run."""
    if isinstance(args, (str, bytes, os.PathLike)):
        argv = [os.fsdecode(args)]
    else:
        argv = [os.fsdecode(a) for a in args]
    if shell:
        argv = ["/bin/sh", "-c", *argv]
    if executable is not None:
        argv[0] = os.fsdecode(executable)
    return argv


# node's test runner options that load nothing (a reporter named by path would)
NODE_TEST_OPTION = re.compile(
    r"--test(-reporter=(junit|spec|tap|dot)|-reporter-destination=.+|-name-pattern=.+"
    r"|-concurrency=\d+|-timeout=\d+)?"
)


def _node_test_runner(argv: list[str]) -> bool:
    """Whether argv is node's test runner over benchmark test files alone (the JavaScript
    acceptance tests' wrapper starts it): it may run here, with the JavaScript proxy."""
    tests: str | None = _CONFIG.get("tests")
    if not tests or argv[:2] != ["node", "--test"]:
        return False
    files = [a for a in argv[2:] if not NODE_TEST_OPTION.fullmatch(a)]
    return bool(files) and all(_inside(os.path.realpath(f), tests) for f in files)


def _patch_subprocess(broker: str | None, warm: str | None) -> None:
    original = subprocess.Popen._execute_child  # type: ignore[attr-defined]

    def execute_child(
        self: Any,
        args: Any,
        executable: Any,
        preexec_fn: Any,
        close_fds: Any,
        pass_fds: Any,
        cwd: Any,
        env: Any,
        startupinfo: Any,
        creationflags: Any,
        shell: Any,
        *rest: Any,
    ) -> Any:
        program = _program(args, executable, bool(shell))
        if _node_test_runner(program):
            # our test files, the agent's code through the JavaScript proxy
            proxy = {
                "NODE_OPTIONS": f"--import=file://{HARNESS}/js_proxy.mjs",
                "STAMINA_BROKER": broker or "",
            }
            env = {**(os.environ if env is None else env), **proxy}
            argv = program
        else:
            argv = runner_argv(program, broker, warm)
        return original(
            self,
            argv,
            None,
            preexec_fn,
            close_fds,
            pass_fds,
            cwd,
            env,
            startupinfo,
            creationflags,
            False,
            *rest,
        )

    subprocess.Popen._execute_child = execute_child  # type: ignore[attr-defined]

    def system(command: Any) -> int:
        # in the sandbox's test process: the patched Popen runs it as the runner
        return subprocess.call(
            command, shell=True
        )  # inspect-evals-lint: ignore[host_code_execution] -- runs inside the sandbox as the checker, and the patched Popen starts the shell as the runner

    os.system = system


def _inside(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip("/") + "/")


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open":
        path = args[0]
        if isinstance(path, int) or path is None:
            return
        text = os.fsdecode(path)
        tests = _CONFIG["tests"]
        if (
            tests
            and _inside(os.path.realpath(text), tests)
            and not _inside(os.path.abspath(text), tests)
        ):
            raise PermissionError(f"{text} leads into the benchmark's tests")
    elif event == "compile":
        # an absolute file name: source read from a file (an import); pytest compiles
        # text under names such as "source"
        filename = args[1] if len(args) > 1 else None
        if (
            isinstance(filename, (str, bytes))
            and os.path.isabs(os.fsdecode(filename))
            and _inside(os.path.realpath(os.fsdecode(filename)), _CONFIG["workspace"])
        ):
            raise ImportError("the agent's code never runs in the test process")
    elif event in _SPAWN_EVENTS:
        raise PermissionError(f"{event}: programs start through subprocess, as the runner")


def _share_temporary_directories(shared: str | None) -> None:
    """Temporary directories (and pytest's tmp_path) the runner can write in too."""
    os.umask(0)  # files the tests write there, the agent's code may rewrite
    if shared:
        tempfile.tempdir = shared
    original = tempfile.mkdtemp

    def mkdtemp(*args: Any, **kwargs: Any) -> str:
        path = original(*args, **kwargs)
        os.chmod(path, 0o777)
        return path

    tempfile.mkdtemp = mkdtemp  # type: ignore[assignment]


def share(path: str) -> None:
    """Open a directory made for a test (and the directories above it, up to the shared
    temporary directory) to the runner, which lists them to open up what it wrote."""
    os.chmod(path, 0o777)
    shared = tempfile.gettempdir()
    parent = os.path.dirname(path)
    while _inside(parent, shared) and parent != shared:
        with contextlib.suppress(OSError):
            os.chmod(parent, 0o755)
        parent = os.path.dirname(parent)


def guard_test_process(
    workspace: str,
    tests: str | None,
    broker: str | None,
    shared_tmp: str | None,
    warm: str | None = None,
) -> None:
    """Run programs as the runner (Python scripts through the runner's warm server
    ``warm`` when it answers), share temporary directories, and add the audit hook."""
    _CONFIG.update(
        workspace=os.path.realpath(workspace), tests=os.path.realpath(tests) if tests else None
    )
    _patch_subprocess(broker, warm)
    _share_temporary_directories(shared_tmp)
    sys.addaudithook(_audit)
