"""Host-side checks over a copy of the workspace: grep, defined_once; and command checks.

Consistency rules and memory probes are made of these. A grep or defined_once check
reads the copy on the host; a command check runs in the sandbox like a docker_exec
checkpoint.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from inspect_stamina.stamina.checks import run_command_check
from inspect_stamina.stamina.script import Check


@functools.cache
def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regex: `**/` spans any directories (none included), `*` stays in one."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def glob_match(path: str, pattern: str) -> bool:
    """Whether a relative POSIX path matches a glob with `**` directories."""
    return bool(_glob_regex(pattern).match(path))


def _matching_files(root: Path, pattern: str, exclude: list[str]) -> list[Path]:
    files = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if not path.is_file() or not glob_match(rel, pattern):
            continue
        if any(glob_match(rel, ex) for ex in exclude):
            continue
        files.append(path)
    return files


def _is_test(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name.startswith("test_") or name.endswith("_test.py") or rel.startswith("tests/")


def _module_definitions(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _references(tree: ast.Module, name: str) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == name:
            return True
        if isinstance(node, ast.Attribute) and node.attr == name:
            return True
        if isinstance(node, ast.ImportFrom) and any(a.name == name for a in node.names):
            return True
    return False


def evaluate_host_check(check: Check, root: Path) -> tuple[bool, str]:
    """Evaluate a grep or defined_once check on a workspace copy: (passed, why)."""
    files = _matching_files(root, check.files, check.exclude)
    if not files:
        # nothing to inspect cannot confirm a rule: an empty workspace holds no decision
        return False, f"no files match {check.files}"
    if check.grep is not None:
        pattern = re.compile(check.grep, re.MULTILINE)
        hits = [
            f.relative_to(root).as_posix()
            for f in files
            if pattern.search(f.read_text(encoding="utf-8", errors="replace"))
        ]
        if check.present:
            return bool(
                hits
            ), f"/{check.grep}/ found in {hits}" if hits else f"/{check.grep}/ found nowhere"
        return (
            not hits,
            f"/{check.grep}/ must not occur, found in {hits}" if hits else f"/{check.grep}/ absent",
        )
    assert check.defined_once is not None
    name, defined_in, trees = check.defined_once, [], {}
    for f in files:
        rel = f.relative_to(root).as_posix()
        if _is_test(rel):
            continue
        try:
            tree = ast.parse(f.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        trees[rel] = tree
        if name in _module_definitions(tree):
            defined_in.append(rel)
    if len(defined_in) != 1:
        return (
            False,
            f"{name} is defined in {len(defined_in)} modules {defined_in} (expected exactly one)",
        )
    if check.used_in:
        users = [
            rel
            for rel, tree in trees.items()
            if rel != defined_in[0] and glob_match(rel, check.used_in) and _references(tree, name)
        ]
        if not users:
            return False, f"{name} (defined in {defined_in[0]}) is not used in {check.used_in}"
        return True, f"{name} defined once in {defined_in[0]}, used in {users}"
    return True, f"{name} defined once in {defined_in[0]}"


def has_material(check: Check, root: Path) -> bool:
    """Whether the workspace copy holds anything the check can judge (a command always can)."""
    return check.command is not None or bool(_matching_files(root, check.files, check.exclude))


async def evaluate_check(check: Check, root: Path) -> tuple[bool, str]:
    """Evaluate any check: host-side over the copy, or a command in the sandbox."""
    if check.command is None:
        return evaluate_host_check(check, root)
    result = await run_command_check(check.command, check.expected)
    return result.passed, result.output
