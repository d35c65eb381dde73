"""A Python program a checker's test starts (a web project's ``manage.py runserver``, a
service's ``python -m PACKAGE.server``) forked from the runner's warm server
(``warm_pytest.script_runner``): it sees what a fresh ``python3 SCRIPT`` or ``python3 -m
MODULE`` would, and anything a forked child would run differently is exec'd as the
broker would run it.

On this host, as root, with no users to switch to: the servers run their children as
root (uid 0), as the sandbox's run them as ``runner``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.stamina.test_broker_host import broker, serving  # noqa: F401 - broker: a fixture
from tests.stamina.test_harness import HARNESS

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="the servers switch users: they run as root (as in CI)"
)

# the runner's warm server as the sandbox's root script starts it, with a module imported
# that a project could shadow (colorsys: nothing else here imports it)
SERVE = """\
import sys
sys.path.insert(0, sys.argv[1])
import broker, warm_pytest
before = set(sys.modules)
import colorsys
import json.tool
homes = warm_pytest.warmed_homes(before)
broker.serve(sys.argv[2], 0, 0, 0, None, sys.argv[3],
             runs={"script": warm_pytest.script_runner(homes)})
"""
PROBE = """\
import json, os, sys

import helper

spec = globals().get("__spec__")
with open("/proc/self/cmdline", "rb") as handle:
    own = handle.read().replace(b"\\\\0", b" ").decode()
print(json.dumps({
    "argv": sys.argv, "name": __name__, "file": __file__, "path0": sys.path[0],
    "cwd": os.getcwd(), "mark": os.environ.get("PROBE_MARK"), "helper": helper.ANSWER,
    "main_is_this": sys.modules["__main__"].__dict__ is globals(),
    "spec": spec.name if spec else None, "package": __package__,
    "forked": "warm_pytest" in own,
}))
sys.stdout.flush()
sys.exit(3)
"""
AS_RUNNER = str(HARNESS / "as_runner.py")


@pytest.fixture
def warm(tmp_path: Path) -> Iterator[str]:
    """The runner's warm server listening at a socket under tmp_path."""
    with serving(tmp_path, "warm.sock", SERVE) as path:
        yield path


def _project(tmp_path: Path, shadow: bool = False) -> Path:
    project = tmp_path / "project"
    (project / "tools").mkdir(parents=True)
    (project / "tools" / "probe.py").write_text(PROBE)
    (project / "tools" / "helper.py").write_text("ANSWER = 42\n")
    # the same probe as a package's module, run with -m from the project's directory
    (project / "service").mkdir()
    (project / "service" / "__init__.py").write_text("")
    (project / "service" / "helper.py").write_text("ANSWER = 43\n")
    (project / "service" / "probe.py").write_text(
        PROBE.replace("import helper", "from service import helper")
    )
    if shadow:
        (project / "colorsys.py").write_text("SHADOW = 1\n")
    return project


def _launch(
    project: Path, via_broker: str, warm: str | None, program: list[str], **env: str
) -> subprocess.CompletedProcess[str]:
    """``program`` started as a checker's test starts one: through ``as_runner.py``."""
    via = ["--broker", via_broker, *(["--warm", warm] if warm else [])]
    # the check run's environment has no PYTHON* setting but this one (check_layout's
    # TEST_ENV); this host's may have others
    plain = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run(
        [sys.executable, "-I", "-S", AS_RUNNER, *via, "--", *program],
        cwd=project,
        env={**plain, "PYTHONDONTWRITEBYTECODE": "1", "PROBE_MARK": "set", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def _both_ways(
    project: Path, via_broker: str, warm: str, program: list[str]
) -> list[tuple[int, str, str]]:
    """How ``program`` ends (status, stdout, stderr) forked from the warm server and run
    through the broker; the two must be the same."""
    ends = []
    for via_warm in (warm, None):
        run = _launch(project, via_broker, via_warm, program)
        ends.append((run.returncode, run.stdout, run.stderr))
    assert ends[0] == ends[1], ends
    return ends


SCRIPT = ["tools/probe.py", "one", "two"]
MODULE = ["-m", "service.probe", "one", "two"]


def _run(
    project: Path, via_broker: str, warm: str | None, form: list[str] = SCRIPT, **env: str
) -> tuple[int, Any]:
    program = [sys.executable, *form]
    run = _launch(project, via_broker, warm, program, **env)
    assert run.stdout, run.stderr
    return run.returncode, json.loads(run.stdout)


def test_a_forked_script_sees_what_a_fresh_interpreter_would(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
) -> None:
    project = _project(tmp_path)
    code, forked = _run(project, broker, warm)
    fresh_code, fresh = _run(project, broker, None)
    assert forked.pop("forked") and not fresh.pop("forked")
    assert code == fresh_code == 3
    assert forked == fresh, (forked, fresh)
    assert forked["argv"] == ["tools/probe.py", "one", "two"] and forked["name"] == "__main__"
    assert forked["file"] == str(project / "tools" / "probe.py")
    assert forked["path0"] == str(project / "tools") and forked["main_is_this"]


def test_a_forked_module_sees_what_python_m_would(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
) -> None:
    project = _project(tmp_path)
    code, forked = _run(project, broker, warm, MODULE)
    fresh_code, fresh = _run(project, broker, None, MODULE)
    assert forked.pop("forked") and not fresh.pop("forked")
    assert code == fresh_code == 3
    assert forked == fresh, (forked, fresh)
    assert forked["argv"] == [str(project / "service" / "probe.py"), "one", "two"]
    assert forked["name"] == "__main__" and forked["spec"] == "service.probe"
    assert forked["package"] == "service" and forked["helper"] == 43
    assert forked["path0"] == str(project) and forked["main_is_this"]


def test_a_missing_module_fails_as_python_m_fails(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
) -> None:
    project = _project(tmp_path)
    ends = _both_ways(project, broker, warm, [sys.executable, "-m", "service.absent"])
    assert ends[0][0] == 1 and "No module named service.absent" in ends[0][2], ends


def test_a_module_the_server_imported_runs_as_a_fresh_one_would(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
) -> None:
    # json.tool is imported in the server: run beside itself, runpy would warn
    project = _project(tmp_path)
    ends = _both_ways(project, broker, warm, [sys.executable, "-m", "json.tool", "--help"])
    assert ends[0][0] == 0 and "json.tool" in ends[0][1] and not ends[0][2], ends


@pytest.mark.parametrize("form", [SCRIPT, MODULE], ids=["script", "module"])
@pytest.mark.parametrize(
    ("why", "env"),
    [("a setting read only at start", {"PYTHONHASHSEED": "7"}), ("shadowing", {})],
)
def test_what_a_fork_would_run_differently_is_exec_d(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
    why: str,
    env: dict[str, str],
    form: list[str],
) -> None:
    project = _project(tmp_path, shadow=why == "shadowing")
    code, facts = _run(project, broker, warm, form, **env)
    assert code == 3 and not facts["forked"] and facts["name"] == "__main__", facts


def test_without_the_warm_server_the_broker_runs_it(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
) -> None:
    code, facts = _run(_project(tmp_path), broker, str(tmp_path / "absent.sock"))
    assert code == 3 and not facts["forked"] and facts["helper"] == 42, facts


def test_a_program_that_cannot_start_is_reported_as_the_broker_reports_it(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
) -> None:
    project = _project(tmp_path)
    missing = [str(tmp_path / "absent" / "python3"), "tools/probe.py"]
    ends = _both_ways(project, broker, warm, missing)
    assert ends[0][0] == 127 and "could not start" in ends[0][2] and "absent" in ends[0][2]


ENDINGS = {
    "exit with a message": "import sys\nsys.exit('bye: ' + __name__)\n",
    "an uncaught error": "def fail():\n    raise ValueError('broken')\n\nfail()\n",
    "an interrupt": "print('started', flush=True)\nraise KeyboardInterrupt\n",
}


@pytest.mark.parametrize("form", [SCRIPT, MODULE], ids=["script", "module"])
@pytest.mark.parametrize("ending", list(ENDINGS))
def test_a_forked_program_ends_as_a_fresh_one_would(
    tmp_path: Path,
    broker: str,  # noqa: F811 - the fixture
    warm: str,
    ending: str,
    form: list[str],
) -> None:
    project = _project(tmp_path)
    for probe in (project / "tools" / "probe.py", project / "service" / "probe.py"):
        probe.write_text(ENDINGS[ending])
    ends = _both_ways(project, broker, warm, [sys.executable, *form])
    code, _, stderr = ends[0]
    expected = {"exit with a message": 1, "an uncaught error": 1, "an interrupt": -2}
    assert code == expected[ending] and stderr, ends
