"""The finished product's acceptance tests, rendered from the planned project."""

from __future__ import annotations

from inspect_stamina.generator import commands
from inspect_stamina.generator.languages import Language
from inspect_stamina.generator.model import Project

# acceptance tests run under pytest; another language's run through its own runner, one
# pytest test per function so that the count says how much of the product works.
# Generator versions 1 and 2 start the runner once per function (their scripts never change)
_NODE_ACCEPTANCE_V2 = """\
import os
import pathlib
import subprocess

import pytest

HERE = pathlib.Path(__file__).parent
WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")


@pytest.mark.parametrize("name", {names!r})
def test_function(name):
    run = subprocess.run(
        ["node", "--test", f"--test-name-pattern=^{{name}} ", str(HERE / "acceptance.test.mjs")],
        capture_output=True, text=True, cwd=WORKSPACE, timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-1000:]
"""

# later versions start it once for the whole file and read each case's outcome from its
# JUnit report (on node's stdout: a file would sit where the agent's code can write;
# node escapes `<` in what it quotes, so no answer adds a test case, and what XML cannot
# hold is replaced; a report that still does not parse is as if none); a
# function with a case that did not pass there is run again on its own, as before, so a
# function still passes or fails on its own cases whatever the others do
_NODE_ACCEPTANCE = """\
import os
import pathlib
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

HERE = pathlib.Path(__file__).parent
WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")
TESTS = str(HERE / "acceptance.test.mjs")


def node_test(*options, timeout):
    return subprocess.run(
        ["node", "--test", *options, TESTS],
        capture_output=True, text=True, cwd=WORKSPACE, timeout=timeout,
    )


@pytest.fixture(scope="module")
def outcomes():
    \"\"\"Case name -> whether it passed, from one run of every case (empty if it broke).\"\"\"
    try:
        run = node_test("--test-reporter=junit", "--test-reporter-destination=stdout", timeout=600)
        text = run.stdout[run.stdout.find("<testsuites"):].replace("]]>", "]]&gt;")
        # what XML cannot hold, from a wrong answer quoted in a failure message
        report = ET.fromstring(re.sub("[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f]", "?", text))
    except (subprocess.TimeoutExpired, ET.ParseError):
        return {{}}
    return {{
        case.get("name"): not any(c.tag in ("failure", "error", "skipped") for c in case)
        for case in report.iter("testcase")
    }}


@pytest.mark.parametrize(("name", "cases"), {counts!r})
def test_function(name, cases, outcomes):
    mine = [passed for case, passed in outcomes.items() if case.startswith(name + " ")]
    if len(mine) == cases and all(mine):
        return
    run = node_test(f"--test-name-pattern=^{{name}} ", timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-1000:]
"""


def acceptance_files(lang: Language, project: Project, version: int) -> dict[str, str]:
    """File name -> text: every function's and every command's current cases, under pytest."""
    groups = [
        (
            [name, *sorted(old for old, new in project.aliases.items() if new == name)],
            project.functions[name].calls(project.functions[name].cases),
            project.functions[name].calls(project.functions[name].raises),
        )
        for name in sorted(project.functions)
    ]
    tests = lang.test(project.package, groups)
    if lang.runner is None:
        files = {"test_acceptance.py": tests}
    else:
        names = sorted([*project.functions, *project.aliases])
        if version < 3:
            wrapper = _NODE_ACCEPTANCE_V2.format(names=names)
        else:
            cases = {n: len(c) + len(r) for names_, c, r in groups for n in names_}
            wrapper = _NODE_ACCEPTANCE.format(counts=[(n, cases[n]) for n in names])
        files = {"acceptance.test.mjs": tests, "test_acceptance.py": wrapper}
    if project.commands:  # the program, black-box
        runs = [(name, live.cases) for name, live in project.commands.items()]
        files["test_commands.py"] = commands.test(project.package, runs)
    return files


__all__ = ["acceptance_files"]
