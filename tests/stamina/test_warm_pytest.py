"""The warm pytest server (``harness/warm_pytest.py``) in the real Docker sandbox: the
checker's pytest forks from it once it runs, as the checker and in the environment a
fresh process had, and neither the agent nor the agent's code can reach or stop it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.stamina.test_session_core import CREATE_CALC
from tests.stamina.test_stamina_docker import MINI, bash, say
from tests.stamina.test_tamper import in_process_copy, session, tool_outputs, write

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

# the mini script's test, plus one that passes only in a pytest forked from the warm
# server and set up as a fresh `python -m pytest` as the checker would be
WARM_TEST = """\
import os
import sys
import tempfile

from calc import add


def test_add():
    assert add(2, 3) == 5


def test_forked_from_the_warm_server_as_a_fresh_process_would_run():
    with open(f"/proc/{os.getppid()}/cmdline", "rb") as handle:
        parent = handle.read().replace(b"\\0", b" ").decode()
    assert "warm_pytest.py" in parent, parent
    assert os.geteuid() != 0 and os.getegid() != 0 and os.getgroups() in ([], [os.getegid()])
    assert os.getcwd() == "/workspace"
    assert tempfile.gettempdir() == os.environ["TMPDIR"] == "/opt/stamina/share"
    assert sys.dont_write_bytecode
    assert os.getsid(0) == os.getpid()  # a session of its own, as the driver's commands
"""


def _warm_copy(tmp_path: Path) -> str:
    copy = tmp_path / "mini_warm"
    shutil.copytree(Path(MINI).parent, copy)
    (copy / "tests" / "test_add.py").write_text(WARM_TEST)
    return str(copy / "script.yaml")


def _check_runs(meta: dict[str, Any]) -> list[dict[str, Any]]:
    """Every result of the test file's checkpoint: at its turn, re-checked, re-run."""
    runs = []
    for turn in meta["turns"]:
        for result in [*turn["checkpoints"], *turn["rechecks"]]:
            if "test_add" in result["name"]:
                runs.append(result)
    return runs


def test_the_checkers_pytest_forks_from_the_warm_server(log_dir: Path, tmp_path: Path) -> None:
    log, value, meta = session(
        log_dir, bash(CREATE_CALC), say("Done."), script=_warm_copy(tmp_path)
    )
    runs = _check_runs(meta)
    assert runs, meta["turns"]
    # the first check run starts the server (its own pytest may start cold, and then
    # fails the file, which is re-checked at the next run): in the end the file passes,
    # so its pytest was forked from the server and set up as a fresh one
    assert runs[-1]["passed"] and len(runs) <= 2, runs


# the agent's code, run as the runner by the turn-2 command check: right only when the
# warm server's socket exists and refuses it (any other outcome gives a wrong answer)
RUNNER_PROBE = """\
import socket

from calc import UNITS


def _refused():
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect("/run/stamina-warm/sock")
    except PermissionError:
        return 1.0
    except OSError:
        return 0.0
    return 0.0


_FACTOR = _refused()


def to_metres(value, unit):
    return value * UNITS[unit] * _FACTOR
"""
SAFE = """\
def divide(a, b):
    if b == 0:
        raise ValueError("a zero divisor")
    return a / b
"""
LOOK = (
    "ps -eo pid,user,args | grep '[w]arm_pytest'; "
    + "".join(
        'python3 -c "import socket; s = socket.socket(socket.AF_UNIX); '
        f"s.connect('{where}/sock')\" 2>&1 | tail -1; ls {where} 2>&1; "
        for where in ("/run/stamina-warm", "/run/stamina-warm-inproc")
    )
    + "echo looked"
)


def test_neither_the_agent_nor_its_code_can_reach_or_stop_the_warm_server(
    log_dir: Path,
) -> None:
    log, value, meta = session(
        log_dir,
        bash(f"{CREATE_CALC} && {write('calc/ops.py', RUNNER_PROBE)}"),
        say("Done."),
        bash(LOOK),
        say("Done."),
        bash("pkill -9 -f warm_pytest; kill -9 -1; echo survived"),
        say("Which part should be nicer?"),
        bash(f"{write('calc/safe.py', SAFE)} && {LOOK}"),
        say("Done."),
    )
    checks = [c for t in meta["turns"] for c in [*t["checkpoints"], *t["rechecks"]]]
    assert [c["passed"] for c in checks] == [True] * len(checks) and len(checks) >= 3, checks
    assert not [t["regressions"] for t in meta["turns"] if t["regressions"]]
    outputs = tool_outputs(log)
    before, after = outputs[1], outputs[3]
    # the checker's server and the runner's (the checker's tests start programs)
    servers = [line for line in before.splitlines() if "warm_pytest.py" in line]
    assert len(servers) == 2 and all(" root " in f" {s} " for s in servers), before
    assert before.count("PermissionError") == 2, before
    assert before.count("Permission denied") == 4, before  # connect and ls, each
    # the same servers, still root's, after the agent tried to kill every process
    assert all(s.split()[0] in after.split() for s in servers), after


# an in-process test file: passes only when its pytest runs as the runner, under the
# runner's warm server, forked from it as a fresh process would run; or, when the project
# holds a module named like one the server imported, in a fresh interpreter the server
# started instead
INPROC_TEST = """\
import os
import pwd
import socket
import tempfile

import pytest
from calc import add


def _cmdline(pid):
    with open(f"/proc/{pid}/cmdline", "rb") as handle:
        return handle.read().replace(b"\\0", b" ").decode()


def test_add():
    assert add(2, 3) == 5


def test_the_runners_warm_server_ran_it_as_a_fresh_process_would():
    assert pwd.getpwuid(os.geteuid()).pw_name == "runner"
    assert os.getgroups() in ([], [os.getegid()])
    assert os.environ["USER"] == "runner" and os.getcwd() == "/workspace"
    assert tempfile.gettempdir() == "/opt/stamina/share"
    parent, own = _cmdline(os.getppid()), _cmdline(os.getpid())
    assert "warm_pytest.py" in parent and "runner" in parent, parent
    # the code beside the tests can neither reach the server nor signal it
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with pytest.raises(PermissionError):
        sock.connect("/run/stamina-warm-inproc/sock")
    with pytest.raises(PermissionError):
        os.kill(os.getppid(), 0)
    if os.path.exists("/workspace/pprint.py"):
        assert own.startswith("python3 -P -m pytest"), own
    else:
        assert "warm_pytest.py" in own, own
"""


def _in_process_warm_copy(tmp_path: Path) -> str:
    script = Path(in_process_copy(tmp_path))
    (script.parent / "tests" / "test_add.py").write_text(INPROC_TEST)
    return str(script)


@pytest.mark.parametrize("shadowing", [False, True], ids=["plain", "shadowing"])
def test_in_process_tests_fork_from_the_runners_warm_server(
    log_dir: Path, tmp_path: Path, shadowing: bool
) -> None:
    # pytest imports pprint before any conftest: a project's pprint.py would not have
    # been imported by a fresh process either, but the server cannot know when a module
    # is first imported, so it runs such a project's tests fresh
    extra = f" && {write('pprint.py', 'SHADOW = 1')}" if shadowing else ""
    log, value, meta = session(
        log_dir,
        bash(CREATE_CALC + extra),
        say("Done."),
        script=_in_process_warm_copy(tmp_path),
    )
    runs = _check_runs(meta)
    assert runs, meta["turns"]
    # the first check run starts the server (its own pytest runs cold and fails the
    # second test), the re-check forks from it
    assert runs[-1]["passed"] and not runs[-1]["tampered"] and len(runs) <= 2, runs


# a checkpoint test that starts the agent's Python script (as a web project's tests start
# `manage.py runserver`) and judges how it ran from what the script reports
SCRIPT_TEST = """\
import json
import os
import subprocess
import sys

from calc import add


def test_add():
    assert add(2, 3) == 5


def test_a_script_runs_as_the_runner_as_a_fresh_interpreter_would():
    env = dict(os.environ, PROBE_VALUE="seen")
    run = subprocess.run(
        [sys.executable, "tools/probe.py", "one", "two"],
        cwd="/workspace", env=env, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 3, run.stdout + run.stderr
    facts = json.loads(run.stdout)
    assert facts["user"] == "runner" and facts["groups"] in ([], [facts["gid"]]), facts
    assert facts["argv"] == ["tools/probe.py", "one", "two"], facts
    assert facts["file"] == "/workspace/tools/probe.py" and facts["name"] == "__main__"
    assert facts["path0"] == "/workspace/tools" and facts["cwd"] == "/workspace", facts
    assert facts["value"] == "seen" and facts["env_user"] == "runner", facts
    assert facts["helper"] == 42  # the script's directory is first on its path
    assert facts["session"], facts
    # forked from the runner's warm server; a project module named like one the server
    # imported makes it an exec of the program, as the broker would run it
    if os.path.exists("/workspace/pprint.py"):
        assert facts["own"].endswith("python3 tools/probe.py one two"), facts
    else:
        assert "warm_pytest.py" in facts["own"] and "runner" in facts["own"], facts


def test_a_module_runs_as_python_m_would():
    # as a service's tests start `python -m PACKAGE.server`
    run = subprocess.run(
        [sys.executable, "-m", "tools.probe", "one", "two"],
        cwd="/workspace", capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 3, run.stdout + run.stderr
    facts = json.loads(run.stdout)
    assert facts["user"] == "runner" and facts["env_user"] == "runner", facts
    assert facts["argv"] == ["/workspace/tools/probe.py", "one", "two"], facts
    assert facts["file"] == "/workspace/tools/probe.py" and facts["name"] == "__main__"
    assert facts["path0"] == "/workspace" and facts["helper"] == 41, facts  # cwd first
    if os.path.exists("/workspace/pprint.py"):
        assert facts["own"].endswith("python3 -m tools.probe one two"), facts
    else:
        assert "warm_pytest.py" in facts["own"] and "runner" in facts["own"], facts
"""
PROBE = """\
import json
import os
import pwd
import sys

import helper


def cmdline(pid):
    with open(f"/proc/{pid}/cmdline", "rb") as handle:
        return handle.read().replace(b"\\0", b" ").decode().strip()


print(json.dumps({
    "user": pwd.getpwuid(os.geteuid()).pw_name, "gid": os.getegid(), "groups": os.getgroups(),
    "argv": sys.argv, "file": __file__, "name": __name__, "path0": sys.path[0],
    "cwd": os.getcwd(), "value": os.environ.get("PROBE_VALUE"), "env_user": os.environ["USER"],
    "helper": helper.ANSWER, "session": os.getsid(0) == os.getpid(), "own": cmdline("self"),
}))
sys.exit(3)
"""


def _script_copy(tmp_path: Path) -> str:
    copy = tmp_path / "mini_script"
    shutil.copytree(Path(MINI).parent, copy)
    (copy / "tests" / "test_add.py").write_text(SCRIPT_TEST)
    return str(copy / "script.yaml")


@pytest.mark.parametrize("shadowing", [False, True], ids=["plain", "shadowing"])
def test_a_tests_python_script_forks_from_the_runners_warm_server(
    log_dir: Path, tmp_path: Path, shadowing: bool
) -> None:
    files = [write("tools/probe.py", PROBE), write("tools/helper.py", "ANSWER = 42")]
    # run with -m too: a package, and a helper of that name where -m looks first
    files += [write("tools/__init__.py", ""), write("helper.py", "ANSWER = 41")]
    if shadowing:
        files.append(write("pprint.py", "SHADOW = 1"))
    log, value, meta = session(
        log_dir,
        bash(" && ".join([CREATE_CALC, *files])),
        say("Done."),
        script=_script_copy(tmp_path),
    )
    runs = _check_runs(meta)
    assert runs, meta["turns"]
    # the first check run starts the server (its script may run through the broker, if
    # the server is not listening yet, and the plain case fails there), a re-check forks
    # from it
    assert runs[-1]["passed"] and len(runs) <= 2, runs
