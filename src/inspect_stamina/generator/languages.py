"""How a project model becomes files, tests and checks in one language.

The planner is language-free: it changes a `Project` and asks the domain's language
for the package's files, a checkpoint's test, the command that proves a module or a
constant exists, and the rules and probe checks that fit the language's source.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from typing import Any, Protocol

from inspect_stamina.generator.model import Cases, FunctionTemplate, LiveFunction, Plant, Project

# what one test pins: these names (a function and its old names) on these cases and
# these rejected arguments
TestGroup = tuple[list[str], Cases, Cases]


class Language(Protocol):
    """What the generator needs from a programming language."""

    name: str
    image: str | None  # the sandbox image its tools are in (None: the default image)
    frameworks: list[str]
    test_suffix: str
    runner: str | None  # a run_tests runner (None: pytest)
    ext: str  # a module's file extension
    merges: bool  # whether a teammate's function can be written for a merge challenge

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

    def test(self, package: str, groups: Sequence[TestGroup], suite: str = "") -> str:
        """A benchmark test file over the public API: every name of each group called on its
        cases (under `suite`, the file's name, where the runner needs it to tell files apart)."""
        ...

    def module_check(self, package: str, module: str, name: str) -> str:
        """A command that prints `name` when `package/module` defines it."""
        ...

    def constant_check(self, package: str, constant: str, value: str) -> tuple[str, str]:
        """A command printing the constant from the package's config, and what it prints."""
        ...

    def import_check(self, package: str) -> str:
        """A command that prints `imports ok` when the package imports."""
        ...

    def probe_checks(self, package: str, plant: Plant) -> list[dict[str, Any]]:
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


def _retyped(package: str, plant: Plant, ext: str) -> list[dict[str, Any]]:
    """A text constant's literal must not appear outside config (a number's could anywhere)."""
    value = ast.literal_eval(plant.value)
    if not isinstance(value, str):
        return []
    return [
        {
            "grep": re.escape(value),
            "files": f"{package}/**/*{ext}",
            "exclude": [f"{package}/config{ext}"],
            "present": False,
        }
    ]


def _forbidden(rule_id: str, description: str, grep: str, files: str) -> dict[str, Any]:
    """A consistency rule, from the first turn on: the pattern occurs in none of the files."""
    return {
        "id": rule_id,
        "description": description,
        "from_turn": 1,
        "check": {"grep": grep, "files": files, "present": False},
    }


class _Library:
    """How users ask for the functions of a library package: by signature and module."""

    ext: str

    def import_hint(self, package: str, name: str) -> str:
        """How a user of the package imports a name."""
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


class Python(_Library):
    """A Python package tested with pytest."""

    name = "python"
    image: str | None = None
    frameworks = ["pytest"]
    test_suffix = ".py"
    runner: str | None = None
    ext = ".py"
    merges = True
    purpose = "small, well-tested algorithms"  # what the package's docstring says it is

    def intro(self, package: str) -> str:
        """A package directory with an __init__.py."""
        return (
            f"Start a Python package `{package}` (a directory {package}/ with an __init__.py) "
            "for small, well-tested algorithms"
        )

    def import_hint(self, package: str, name: str) -> str:
        """from package import name."""
        return f"`from {package} import {name}`"

    def render(self, project: Project) -> dict[str, str]:
        """`pkg/__init__.py` exporting every function, one module per area, `pkg/config.py`."""
        files: dict[str, str] = {}
        exports: dict[str, list[str]] = {}
        for module in project.modules():
            exports[module] = project.names_in(module) + project.aliases_in(module)
            files[f"{project.package}/{module}.py"] = self.module(project, module)
        if project.constants:
            body = "".join(f"{name} = {value}\n" for name, value in project.constants.items())
            files[f"{project.package}/config.py"] = (
                f'"""Decisions made once for the whole package."""\n\n{body}'
            )
        imports = "".join(
            f"from {project.package}.{module} import {', '.join(sorted(names))}\n"
            for module, names in sorted(exports.items())
        )
        every = sorted(n for names in exports.values() for n in names)
        files[f"{project.package}/__init__.py"] = (
            f'"""{project.package}: {self.purpose}."""\n\n'
            + imports
            + ("\n" if imports else "")
            + f"__all__ = {every!r}\n"
        )
        return files

    def module(self, project: Project, module: str) -> str:
        """One module: its functions, and the old names kept for them."""
        names = project.names_in(module)
        used = project.constants_used_in(module)
        head = f'"""{module.capitalize()} helpers."""\n'
        if used:
            head += f"\nfrom {project.package}.config import {', '.join(used)}\n"
        parts = [head]
        for name in names:
            parts.append("\n" + self._source(name, project.functions[name]))
        for old in project.aliases_in(module):
            parts.append(
                f"\n# the old name, kept for existing callers\n{old} = {project.aliases[old]}\n"
            )
        return "\n".join(parts)

    def test(self, package: str, groups: Sequence[TestGroup], suite: str = "") -> str:
        """pytest functions importing from the package, one per case (pytest's JUnit XML
        names the file itself)."""
        names = [name for group_names, _, _ in groups for name in group_names]
        lines = [f"from {package} import {', '.join(names)}"]
        if any(raises for _, _, raises in groups):
            lines = ["import pytest", "", *lines]
        for group_names, cases, raises in groups:
            for name in group_names:
                for i, (args, expected) in enumerate(cases, 1):
                    lines += [
                        "",
                        "",
                        f"def test_{name}_{i}():",
                        f"    assert {name}({args}) == {expected}",
                    ]
                for i, (args, error) in enumerate(raises, 1):
                    lines += [
                        "",
                        "",
                        f"def test_{name}_rejects_{i}():",
                        f"    with pytest.raises({error}):",
                        f"        {name}({args})",
                    ]
        return "\n".join(lines) + "\n"

    def module_check(self, package: str, module: str, name: str) -> str:
        """Import the name from the module."""
        return f'python -c "from {package}.{module} import {name}; print({name}.__name__)"'

    def import_check(self, package: str) -> str:
        """Import the package."""
        return f"python -c \"import {package}; print('imports ok')\""

    def constant_check(self, package: str, constant: str, value: str) -> tuple[str, str]:
        """Print the constant's repr."""
        command = f'python -c "from {package}.config import {constant}; print(repr({constant}))"'
        return command, repr(ast.literal_eval(value))

    def probe_checks(self, package: str, plant: Plant) -> list[dict[str, Any]]:
        """Defined once (AST), used elsewhere, its literal nowhere but config.py."""
        return [
            {
                "defined_once": plant.constant,
                "files": f"{package}/**/*.py",
                "used_in": f"{package}/**/*.py",
            },
            *_retyped(package, plant, ".py"),
        ]

    def rules(self, package: str) -> list[dict[str, Any]]:
        """No printing in library code; no bare except."""
        files = f"{package}/**/*.py"
        return [
            _forbidden(
                "no_print", "Library code returns values; it never prints.", "\\bprint\\(", files
            ),
            _forbidden(
                "no_bare_except",
                "Errors are never swallowed by a bare except.",
                "except\\s*:",
                files,
            ),
        ]

    def _source(self, name: str, function: LiveFunction) -> str:
        """A def with its docstring, as the package's modules hold it."""
        return (
            f"def {name}({function.template.params}):\n"
            f'    """Return {function.template.summary}."""\n{function.body}\n'
        )

    def snippet(self, function: LiveFunction) -> str:
        """A def with its docstring, after two blank lines."""
        return "\n\n" + self._source(function.template.name, function)

    def export_line(self, package: str, module: str, name: str) -> str:
        """An import in __init__.py."""
        return f"from {package}.{module} import {name}\n"


class JavaScript(_Library):
    """An ES-module package tested with Node's own test runner (node --test)."""

    name = "javascript"
    image: str | None = "stamina-web"
    frameworks = ["node:test"]
    test_suffix = ".test.mjs"
    # batched: one node run for every due test file, per-file results from JUnit XML
    runner: str | None = (
        "node --test --test-reporter=junit --test-reporter-destination={junit} {test}"
    )
    ext = ".js"
    merges = True

    def intro(self, package: str) -> str:
        """ES modules, a package.json, an index.js that re-exports."""
        return (
            f"Start a JavaScript package `{package}` using ES modules (a package.json with "
            f'"type": "module", and {package}/index.js re-exporting the public functions) '
            "for small, well-tested algorithms"
        )

    def import_hint(self, package: str, name: str) -> str:
        """import { name } from the package's index."""
        return f'`import {{ {name} }} from "./{package}/index.js"`'

    def render(self, project: Project) -> dict[str, str]:
        """`package.json`, `pkg/index.js` re-exporting every module, `pkg/config.js`."""
        pkg = project.package
        files = {
            "package.json": json.dumps({"name": pkg, "private": True, "type": "module"}, indent=2)
            + "\n"
        }
        exports: dict[str, list[str]] = {}
        for module in project.modules():
            names = project.names_in(module)
            aliases = project.aliases_in(module)
            exports[module] = names + aliases
            used = project.constants_used_in(module)
            parts = [f"// {module.capitalize()} helpers.\n"]
            if used:
                parts.append(f'import {{ {", ".join(used)} }} from "./config.js";\n')
            for name in names:
                parts.append(self._source(name, project.functions[name]))
            for old in aliases:
                parts.append(
                    f"// the old name, kept for existing callers\nexport const {old} = {project.aliases[old]};\n"
                )
            files[f"{pkg}/{module}.js"] = "\n".join(parts)
        if project.constants:
            body = "".join(
                f"export const {name} = {value};\n" for name, value in project.constants.items()
            )
            files[f"{pkg}/config.js"] = f"// Decisions made once for the whole package.\n\n{body}"
        files[f"{pkg}/index.js"] = f"// {pkg}: small, well-tested algorithms.\n" + "".join(
            f'export {{ {", ".join(sorted(names))} }} from "./{module}.js";\n'
            for module, names in sorted(exports.items())
        )
        return files

    def test(self, package: str, groups: Sequence[TestGroup], suite: str = "") -> str:
        """node:test cases importing the package's index from the workspace, inside a
        describe block named after the file: Node's JUnit XML does not name files."""
        lines = [
            'import { describe, test } from "node:test";',
            'import assert from "node:assert/strict";',
            "",
            'const workspace = process.env.STAMINA_WORKSPACE ?? "/workspace";',
            f"const lib = await import(`${{workspace}}/{package}/index.js`);",
        ]
        for names, cases, raises in groups:
            for name in names:
                for i, (args, expected) in enumerate(cases, 1):
                    lines += [
                        "",
                        f'test("{name} {i}", () => {{',
                        f"  assert.deepStrictEqual(lib.{name}({args}), {expected});",
                        "});",
                    ]
                for i, (args, _error) in enumerate(raises, 1):
                    lines += [
                        "",
                        f'test("{name} rejects {i}", () => {{',
                        f"  assert.throws(() => lib.{name}({args}));",
                        "});",
                    ]
        if suite:
            head, body = lines[:5], lines[5:]
            inner = ["  " + line if line else line for line in body]
            lines = [*head, "", f"describe({json.dumps(suite)}, () => {{", *inner, "});"]
        return "\n".join(lines) + "\n"

    def module_check(self, package: str, module: str, name: str) -> str:
        """Import the module and print the function's name."""
        return (
            f"node -e \"import('./{package}/{module}.js').then((m) => console.log(m.{name}.name))\""
        )

    def import_check(self, package: str) -> str:
        """Import the package's index."""
        return f"node -e \"import('./{package}/index.js').then(() => console.log('imports ok'))\""

    def constant_check(self, package: str, constant: str, value: str) -> tuple[str, str]:
        """Print the constant as JSON."""
        command = f"node -e \"import('./{package}/config.js').then((m) => console.log(JSON.stringify(m.{constant})))\""
        return command, json.dumps(ast.literal_eval(value))

    def probe_checks(self, package: str, plant: Plant) -> list[dict[str, Any]]:
        """Declared only in config.js, imported by a module, its literal nowhere else."""
        return [
            {
                "grep": f"\\b(const|let|var)\\s+{plant.constant}\\b",
                "files": f"{package}/**/*.js",
                "exclude": [f"{package}/config.js"],
                "present": False,
            },
            {"grep": f"import\\s*\\{{[^}}]*\\b{plant.constant}\\b", "files": f"{package}/**/*.js"},
            *_retyped(package, plant, ".js"),
        ]

    def rules(self, package: str) -> list[dict[str, Any]]:
        """No console output in library code; no `var`."""
        files = f"{package}/**/*.js"
        return [
            _forbidden(
                "no_console", "Library code returns values; it never logs.", "\\bconsole\\.", files
            ),
            _forbidden("no_var", "Declarations use const or let, never var.", "\\bvar\\s", files),
        ]

    def _source(self, name: str, function: LiveFunction) -> str:
        """An exported function with its doc comment, as the package's modules hold it."""
        return (
            f"/** Return {function.template.summary}. */\n"
            f"export function {name}({function.template.params}) {{\n{function.body}\n}}\n"
        )

    def snippet(self, function: LiveFunction) -> str:
        """An exported function with its doc comment, after a blank line."""
        return "\n" + self._source(function.template.name, function)

    def export_line(self, package: str, module: str, name: str) -> str:
        """A re-export in index.js."""
        return f'export {{ {name} }} from "./{module}.js";\n'
