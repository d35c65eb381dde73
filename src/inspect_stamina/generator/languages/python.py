"""Python: a package tested with pytest."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any

from inspect_stamina.generator.languages.language import (
    TIMING_FACTOR,
    TIMING_FLOOR,
    LibraryLanguage,
    TestGroup,
    forbidden_rule,
    retyped_checks,
)
from inspect_stamina.generator.model import LiveFunction, Plant, Project


class Python(LibraryLanguage):
    """A Python package tested with pytest."""

    name = "python"
    image: str | None = None
    frameworks = ["pytest"]
    test_suffix = ".py"
    runner: str | None = None
    ext = ".py"
    merges_since = 2
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
        aliases = project.aliases_in(module)
        head = f'"""{module.capitalize()} helpers."""\n'
        if any(old in project.deprecated for old in aliases):
            head += "\nimport warnings\n"
        if used:
            head += f"\nfrom {project.package}.config import {', '.join(used)}\n"
        parts = [head]
        for name in names:
            parts.append("\n" + self._source(name, project.functions[name]))
        for old in aliases:
            new = project.aliases[old]
            if old in project.deprecated:
                parts.append(
                    f"\ndef {old}(*args, **kwargs):\n"
                    f'    """Deprecated: use {new}."""\n'
                    f"    warnings.warn(\n"
                    f'        "{old} is deprecated; use {new}", DeprecationWarning, stacklevel=2\n'
                    f"    )\n"
                    f"    return {new}(*args, **kwargs)\n"
                )
            else:
                parts.append(f"\n# the old name, kept for existing callers\n{old} = {new}\n")
        return "\n".join(parts)

    def deprecation_test(self, old: str, new: str, args: str) -> str | None:
        """A pytest function: calling the old name warns, naming the new one."""
        return (
            f"\n\ndef test_{old}_is_deprecated():\n"
            f'    with pytest.warns(DeprecationWarning, match="{new}"):\n'
            f"        {old}({args})\n"
        )

    def timing_test(self, name: str, function: LiveFunction, arguments: str) -> str | None:
        """A pytest function timing `name` against the reference body, defined beside it in
        the hidden test (the checker's process runs it; the agent's code runs in its own)."""
        params = function.template.params
        return (
            f"\n\ndef _reference_{name}({params}):\n{function.body}\n"
            f"\n\ndef test_{name}_is_fast_on_a_large_input():\n"
            "    import time\n\n"
            f"    arguments = ({arguments},)\n"
            "    start = time.perf_counter()\n"
            f"    expected = _reference_{name}(*arguments)\n"
            "    reference = time.perf_counter() - start\n"
            "    start = time.perf_counter()\n"
            f"    result = {name}(*arguments)\n"
            "    took = time.perf_counter() - start\n"
            "    assert result == expected\n"
            f"    bound = max({TIMING_FLOOR}, {TIMING_FACTOR} * reference)\n"
            f'    assert took <= bound, f"{name} took {{took:.2f}} s; the bound is {{bound:.2f}} s"\n'
        )

    def test(
        self, package: str, groups: Sequence[TestGroup], suite: str = "", extra: str = ""
    ) -> str:
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
        return "\n".join(lines) + "\n" + extra

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

    def probe_checks(
        self, package: str, plant: Plant, quoted: bool = False
    ) -> list[dict[str, Any]]:
        """Defined once (AST), used elsewhere, its literal nowhere but config.py."""
        return [
            {
                "defined_once": plant.constant,
                "files": f"{package}/**/*.py",
                "used_in": f"{package}/**/*.py",
            },
            *retyped_checks(package, plant, ".py", quoted),
        ]

    def rules(self, package: str) -> list[dict[str, Any]]:
        """No printing in library code; no bare except."""
        files = f"{package}/**/*.py"
        return [
            forbidden_rule(
                "no_print", "Library code returns values; it never prints.", "\\bprint\\(", files
            ),
            forbidden_rule(
                "no_bare_except",
                "Errors are never swallowed by a bare except.",
                "except\\s*:",
                files,
            ),
        ]

    def _source(self, name: str, function: LiveFunction) -> str:
        """A def with its docstring, as the package's modules hold it."""
        return (
            f"def {name}({function.params()}):\n"
            f'    """Return {function.template.summary}."""\n{function.body}\n'
        )

    def snippet(self, function: LiveFunction) -> str:
        """A def with its docstring, after two blank lines."""
        return "\n\n" + self._source(function.template.name, function)

    def export_line(self, package: str, module: str, name: str) -> str:
        """An import in __init__.py."""
        return f"from {package}.{module} import {name}\n"
