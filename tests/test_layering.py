"""The package's imports point down its layers and never in a circle.

Every import counts: module-level, function-level and type-only (``TYPE_CHECKING``)
alike, since a hidden import is still a dependency a reader must follow.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import inspect_stamina

PACKAGE = "inspect_stamina"
ROOT = Path(inspect_stamina.__file__).resolve().parent

# Top to bottom: a unit (a subpackage or a top-level module) imports only units in
# lower layers: entry points, then what composes the benchmarks (the suite, the
# dataframes, the models), reports, the benchmarks, the sandbox and small shared
# helpers, the task-argument checks, and last the two modules everything may use.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"cli", "_registry"}),
    frozenset({"analysis", "models", "generator"}),
    frozenset({"report"}),
    frozenset({"stamina", "gaia"}),
    frozenset({"tokens"}),
    frozenset({"sandbox", "metrics", "model_check", "offline"}),
    frozenset({"task_args", "log_files"}),
    frozenset({"errors", "paths"}),
)
# Python files the package ships as data (image contents, scripts' reference projects)
DATA_DIRS = ("compose", "stamina/scripts")


def _modules(root: Path, package: str) -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        if path.relative_to(root).as_posix().startswith(DATA_DIRS):
            continue
        parts = (package, *path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imports(name: str, path: Path, modules: dict[str, Path], top: str) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            # `from package import submodule` depends on the submodule, not the package
            targets = [
                f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module
                for alias in node.names
            ]
        for target in targets:
            if target.split(".")[0] == top:
                resolved = _resolve(target, modules)
                if resolved and resolved != name:
                    found.add(resolved)
    return found


def _graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports, at any level of its code."""
    modules = _modules(root, package)
    return {name: _imports(name, path, modules, package) for name, path in modules.items()}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_imports_another_in_a_circle() -> None:
    assert _cycles(_graph()) == []


def test_no_package_imports_another_in_a_circle() -> None:
    units: dict[str, set[str]] = defaultdict(set)
    for module, targets in _graph().items():
        units[_unit(module)] |= {_unit(t) for t in targets} - {_unit(module)}
    assert _cycles(dict(units)) == []


def test_every_import_points_down_the_layers() -> None:
    rank = {unit: depth for depth, layer in enumerate(LAYERS) for unit in layer}
    units = {_unit(module) for module in _graph()} - {""}
    assert units <= set(rank), f"units without a layer: {sorted(units - set(rank))}"
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        for target in targets
        if _unit(module) != _unit(target)
        and _unit(module)
        and rank[_unit(target)] <= rank[_unit(module)]
    )
    assert upward == []


def test_the_check_sees_function_level_and_type_only_imports(tmp_path: Path) -> None:
    toy = tmp_path / "toy"
    (toy / "inner").mkdir(parents=True)
    (toy / "__init__.py").write_text("", encoding="utf-8")
    (toy / "inner" / "__init__.py").write_text("", encoding="utf-8")
    (toy / "first.py").write_text("from toy.inner import second\n", encoding="utf-8")
    (toy / "inner" / "second.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy.third import T\n"
    )
    (toy / "third.py").write_text("def late():\n    from . import first\n", encoding="utf-8")
    graph = _graph(toy, "toy")
    assert graph["toy.first"] == {"toy.inner.second"}
    assert graph["toy.inner.second"] == {"toy.third"}
    assert _cycles(graph) == [["toy.first", "toy.inner.second", "toy.third"]]
