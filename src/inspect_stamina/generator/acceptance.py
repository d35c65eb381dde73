"""The finished product's acceptance tests, rendered from the planned project."""

from __future__ import annotations

from inspect_stamina.generator import commands
from inspect_stamina.generator.languages import Language
from inspect_stamina.generator.model import Project

# acceptance tests run under pytest; another language's run through its own runner, one
# pytest test per function so that the count says how much of the product works
_NODE_ACCEPTANCE = """\
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


def acceptance_files(lang: Language, project: Project) -> dict[str, str]:
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
        files = {
            "acceptance.test.mjs": tests,
            "test_acceptance.py": _NODE_ACCEPTANCE.format(names=names),
        }
    if project.commands:  # the program, black-box
        runs = [(name, live.cases) for name, live in project.commands.items()]
        files["test_commands.py"] = commands.test(project.package, runs)
    return files


__all__ = ["acceptance_files"]
