"""What the generator needs from a language, and what its languages share."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import Any, Protocol

from inspect_stamina.generator.model import Cases, FunctionTemplate, LiveFunction, Plant, Project

# what one test pins: these names (a function and its old names) on these cases and
# these rejected arguments
TestGroup = tuple[list[str], Cases, Cases]
# a performance turn's bound: the agent's function may take this many seconds, or this
# many times the reference body's own time on the same input, whichever is longer (the
# user asks for "under a second": the check is never stricter than that)
TIMING_FLOOR = 1.0
TIMING_FACTOR = 10


class Language(Protocol):
    """What the generator needs from a programming language."""

    name: str
    image: str | None  # the sandbox image its tools are in (None: the default image)
    frameworks: list[str]
    test_suffix: str
    runner: str | None  # a run_tests runner (None: pytest)
    ext: str  # a module's file extension
    # the generator version from which a teammate's function is written for a merge
    # challenge (0: never)
    merges_since: int

    def intro(self, package: str) -> str:
        """How the user asks for the package on the first turn (a sentence, no full stop)."""
        ...

    def import_hint(self, package: str, name: str) -> str:
        """How a user of the package imports a name."""
        ...

    def feature_asks(self, package: str, template: FunctionTemplate) -> tuple[str, ...]:
        """The ways a user asks for a new function (the planner draws one)."""
        ...

    def probe_ask(self, package: str, template: FunctionTemplate) -> str:
        """How a user asks for the function that must reuse a planted constant."""
        ...

    def render(self, project: Project) -> dict[str, str]:
        """Every file of the package, path -> text."""
        ...

    def test(
        self, package: str, groups: Sequence[TestGroup], suite: str = "", extra: str = ""
    ) -> str:
        """A benchmark test file over the public API: every name of each group called on its
        cases (under `suite`, the file's name, where the runner needs it to tell files
        apart), then the `extra` tests (a `timing_test`)."""
        ...

    def module_check(self, package: str, module: str, name: str) -> str:
        """A command that prints `name` when `package/module` defines it."""
        ...

    def constant_check(self, package: str, constant: str, value: str) -> tuple[str, str]:
        """A command printing the constant from the package's config, and what it prints."""
        ...

    def teammate_wiring(self, project: Project, template: FunctionTemplate) -> str:
        """Bash run on the teammate's branch (`$fork`) after the appends: what else their
        change to `project` touches."""
        ...

    def merge_demand(self, package: str, theirs: FunctionTemplate, ours: FunctionTemplate) -> str:
        """What the merge turn asks beyond keeping both functions (empty, or a sentence
        after a space)."""
        ...

    def deprecation_test(self, old: str, new: str, args: str) -> str | None:
        """A test that calling `old(args)` warns it is deprecated, naming `new` (appended to
        a test file of `test`); None where the language has no such warning."""
        ...

    def timing_test(self, name: str, function: LiveFunction, arguments: str) -> str | None:
        """A test that `name` on `arguments` returns what the function's body returns, within
        TIMING_FLOOR seconds or TIMING_FACTOR times that body's own time, whichever is
        longer (appended to a test file of `test`); None where the language has none."""
        ...

    def log_leak(self, package: str, who: str) -> str | None:
        """Bash planting a teammate's request log that leaks `token` query values (version
        3's security fix in a service); None where the project has no request log."""
        ...

    def log_redaction_test(self, package: str, secret: str) -> str:
        """A test that the request log redacts `token=SECRET` (only where `log_leak` plants)."""
        ...

    def serialised_server(self, package: str, who: str) -> str | None:
        """Bash planting a teammate's stopgap that makes a service answer one request at a
        time (version 3's concurrency fix); None where the project serves nothing."""
        ...

    def concurrency_test(self, package: str) -> str:
        """A test of concurrent requests (only where `serialised_server` plants)."""
        ...

    def import_check(self, package: str) -> str:
        """A command that prints `imports ok` when the package imports."""
        ...

    def probe_checks(
        self, package: str, plant: Plant, quoted: bool = False
    ) -> list[dict[str, Any]]:
        """Checks that the constant is defined once, in config, and reused, not retyped."""
        ...

    def rules(self, package: str) -> list[dict[str, Any]]:
        """Consistency rules every generated project in this language keeps."""
        ...

    def snippet(self, function: LiveFunction) -> str:
        """A function's source as a teammate appends it to a module."""
        ...

    def export_line(self, package: str, module: str, name: str) -> str:
        """The line a teammate appends to the package's entry point to export a function."""
        ...


def retyped_checks(
    package: str, plant: Plant, ext: str, quoted: bool = False
) -> list[dict[str, Any]]:
    """Checks that a text constant's literal appears nowhere but config (a number's may).

    With `quoted` (generator version 3) only the literal as a whole string counts: a bare
    " | " also matches a type union (`int | None`) or a bitwise or, which retype nothing.
    """
    value = ast.literal_eval(plant.value)
    if not isinstance(value, str):
        return []
    pattern = f"[\"'`]{re.escape(value)}[\"'`]" if quoted else re.escape(value)
    return [
        {
            "grep": pattern,
            "files": f"{package}/**/*{ext}",
            "exclude": [f"{package}/config{ext}"],
            "present": False,
        }
    ]


def forbidden_rule(rule_id: str, description: str, grep: str, files: str) -> dict[str, Any]:
    """A consistency rule, from the first turn on: the pattern occurs in none of the files."""
    return {
        "id": rule_id,
        "description": description,
        "from_turn": 1,
        "check": {"grep": grep, "files": files, "present": False},
    }


class LibraryLanguage:
    """How users ask for the functions of a library package: by signature and module."""

    ext: str

    def import_hint(self, package: str, name: str) -> str:
        """How a user of the package imports a name."""
        raise NotImplementedError

    def teammate_wiring(self, project: Project, template: FunctionTemplate) -> str:
        """Nothing: a library's function is wired by its export alone."""
        return ""

    def merge_demand(self, package: str, theirs: FunctionTemplate, ours: FunctionTemplate) -> str:
        """Nothing: both functions exported is all a library's merge needs."""
        return ""

    def deprecation_test(self, old: str, new: str, args: str) -> str | None:
        """None: a renamed function's old name stays a plain alias."""
        return None

    def timing_test(self, name: str, function: LiveFunction, arguments: str) -> str | None:
        """None: no timed test (the planner asks for no performance fix)."""
        return None

    def log_leak(self, package: str, who: str) -> str | None:
        """None: a library has no request log."""
        return None

    def log_redaction_test(self, package: str, secret: str) -> str:
        """Never asked: `log_leak` plants nothing."""
        raise NotImplementedError

    def serialised_server(self, package: str, who: str) -> str | None:
        """None: a library serves nothing."""
        return None

    def concurrency_test(self, package: str) -> str:
        """Never asked: `serialised_server` plants nothing."""
        raise NotImplementedError

    def feature_asks(self, package: str, template: FunctionTemplate) -> tuple[str, ...]:
        """Three phrasings naming the signature, the module and the export."""
        where = f"{package}/{template.module}{self.ext}"
        return (
            f"Add `{template.name}({template.params})` to `{where}`: it returns "
            f"{template.summary}. Export it from the package.",
            f"Next, a function `{template.name}({template.params})` in {where} "
            f"returning {template.summary}. It should be importable as "
            f"{self.import_hint(package, template.name)}.",
            f"We need {template.summary}. Call it `{template.name}({template.params})`, "
            f"put it in `{where}` and export it from `{package}`.",
        )

    def probe_ask(self, package: str, template: FunctionTemplate) -> str:
        """The signature and module, without the constant's value."""
        return (
            f"Add `{template.name}({template.params})` to `{package}/{template.module}{self.ext}`: "
            f"it returns {template.summary}. Export it too."
        )
