"""JavaScript: an ES-module package tested with Node's own test runner."""

from __future__ import annotations

import ast
import json
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


class JavaScript(LibraryLanguage):
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
    merges_since = 2

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

    def test(
        self, package: str, groups: Sequence[TestGroup], suite: str = "", extra: str = ""
    ) -> str:
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
        lines += extra.splitlines()
        if suite:
            head, body = lines[:5], lines[5:]
            inner = ["  " + line if line else line for line in body]
            lines = [*head, "", f"describe({json.dumps(suite)}, () => {{", *inner, "});"]
        return "\n".join(lines) + "\n"

    def timing_test(self, name: str, function: LiveFunction, arguments: str) -> str | None:
        """A node:test case timing `lib.name` against the reference body, defined beside it
        in the hidden test (the checker's process runs it; the agent's code runs in its own)."""
        params, floor = function.template.params, round(TIMING_FLOOR * 1000)
        return (
            f"\nfunction reference_{name}({params}) {{\n{function.body}\n}}\n"
            f'\ntest("{name} is fast on a large input", () => {{\n'
            f"  const args = [{arguments}];\n"
            "  let start = performance.now();\n"
            f"  const expected = reference_{name}(...args);\n"
            "  const reference = performance.now() - start;\n"
            "  start = performance.now();\n"
            f"  const result = lib.{name}(...args);\n"
            "  const took = performance.now() - start;\n"
            "  assert.deepStrictEqual(result, expected);\n"
            f"  const bound = Math.max({floor}, {TIMING_FACTOR} * reference);\n"
            f"  assert.ok(took <= bound, `{name} took ${{Math.round(took)}} ms; the bound is "
            "${Math.round(bound)} ms`);\n"
            "});\n"
        )

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

    def probe_checks(
        self, package: str, plant: Plant, quoted: bool = False
    ) -> list[dict[str, Any]]:
        """Declared only in config.js, imported by a module, its literal nowhere else."""
        return [
            {
                "grep": f"\\b(const|let|var)\\s+{plant.constant}\\b",
                "files": f"{package}/**/*.js",
                "exclude": [f"{package}/config.js"],
                "present": False,
            },
            {"grep": f"import\\s*\\{{[^}}]*\\b{plant.constant}\\b", "files": f"{package}/**/*.js"},
            *retyped_checks(package, plant, ".js", quoted),
        ]

    def rules(self, package: str) -> list[dict[str, Any]]:
        """No console output in library code; no `var`."""
        files = f"{package}/**/*.js"
        return [
            forbidden_rule(
                "no_console", "Library code returns values; it never logs.", "\\bconsole\\.", files
            ),
            forbidden_rule(
                "no_var", "Declarations use const or let, never var.", "\\bvar\\s", files
            ),
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
