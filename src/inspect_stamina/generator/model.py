"""The hidden project model a generated script is rendered from.

The generator never writes code by hand per turn: it changes this model (add a
function, change a rule, plant a constant, rename, move) and renders the package's
files and the benchmark's tests from it, so a reference and its checkpoint agree by
construction. `validate --run` proves it anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cases = tuple[tuple[str, str], ...]  # (call arguments, expected value), as Python source


@dataclass(frozen=True)
class Defect:
    """A naive first body with a real defect, and the bug report that fixes it."""

    naive_body: str
    edge_case: str
    symptom: str
    cases: Cases  # fail with the naive body, pass with the fixed one


@dataclass(frozen=True)
class Change:
    """A changed requirement: the new body and what now holds."""

    request: str
    body: str
    cases: Cases
    raises: Cases = ()


@dataclass(frozen=True)
class FunctionTemplate:
    """One public function a user asks for."""

    name: str
    module: str
    params: str
    summary: str
    body: str
    cases: Cases
    raises: Cases = ()  # (call arguments, exception name)
    defect: Defect | None = None
    change: Change | None = None


@dataclass(frozen=True)
class Plant:
    """A constant the user fixes early and a function that must reuse it later."""

    constant: str
    value: str
    fact: str
    probe: FunctionTemplate


@dataclass
class LiveFunction:
    """A function as it is in the project now."""

    template: FunctionTemplate
    module: str
    body: str
    cases: Cases
    raises: Cases
    defective: bool = False
    changed: bool = False


@dataclass
class Project:
    """The package as the references have built it so far."""

    package: str
    functions: dict[str, LiveFunction] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # old name -> current name
    constants: dict[str, str] = field(default_factory=dict)

    def modules(self) -> list[str]:
        """The package's modules that hold functions, in a stable order."""
        return sorted({f.module for f in self.functions.values()})

    def render(self) -> dict[str, str]:
        """Every file of the package, path -> text."""
        files: dict[str, str] = {}
        exports: dict[str, list[str]] = {}
        for module in self.modules():
            names = [n for n, f in self.functions.items() if f.module == module]
            aliases = [old for old, new in self.aliases.items() if new in names]
            exports[module] = names + aliases
            files[f"{self.package}/{module}.py"] = self._module(module, names, aliases)
        if self.constants:
            body = "".join(f"{name} = {value}\n" for name, value in self.constants.items())
            files[f"{self.package}/config.py"] = (
                f'"""Decisions made once for the whole package."""\n\n{body}'
            )
        imports = "".join(
            f"from {self.package}.{module} import {', '.join(sorted(names))}\n"
            for module, names in sorted(exports.items())
        )
        every = sorted(n for names in exports.values() for n in names)
        files[f"{self.package}/__init__.py"] = (
            f'"""{self.package}: small, well-tested algorithms."""\n\n'
            + imports
            + ("\n" if imports else "")
            + f"__all__ = {every!r}\n"
        )
        return files

    def _module(self, module: str, names: list[str], aliases: list[str]) -> str:
        used = sorted(c for c in self.constants if any(c in self.functions[n].body for n in names))
        head = f'"""{module.capitalize()} helpers."""\n'
        if used:
            head += f"\nfrom {self.package}.config import {', '.join(used)}\n"
        parts = [head]
        for name in names:
            function = self.functions[name]
            summary = function.template.summary
            docstring = f'    """Return {summary}."""'
            parts.append(
                f"\ndef {name}({function.template.params}):\n{docstring}\n{function.body}\n"
            )
        for old in aliases:
            parts.append(
                f"\n# the old name, kept for existing callers\n{old} = {self.aliases[old]}\n"
            )
        return "\n".join(parts)
