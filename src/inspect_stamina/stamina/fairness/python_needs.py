"""The needs of the benchmark's pytest files and Python snippets, read with ``ast``: a
module's facts (its constants, workspace paths, helpers that run the agent's program),
its statements and imports, and what its comparisons require (status and exit codes,
JSON keys). Expressions are ``python_expressions.py``'s.
"""

from __future__ import annotations

import ast

from inspect_stamina.stamina.fairness.needs import FRAMEWORK_MODULES, Need, NeedContext
from inspect_stamina.stamina.fairness.python_expressions import (
    AGENT,
    JSON,
    PATH,
    ExpressionNeeds,
    Value,
)


class _PythonNeeds(ExpressionNeeds):
    """Collects what one Python test module needs from the agent's code."""

    def __init__(self, tree: ast.Module, context: NeedContext) -> None:
        super().__init__(context)
        self._function: list[str] = []
        self._prepare(tree)
        self._statements(tree.body, self.module_env, module=True)

    # --- module-level facts ---

    def _prepare(self, tree: ast.Module) -> None:
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if not isinstance(target, ast.Name):
                    continue
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                    self.constants[target.id] = node.value.value
                elif self._is_workspace(node.value):
                    self.module_env[target.id] = Value(PATH, "")
                else:
                    base = self._path_of(node.value, self.module_env)
                    if base is not None:
                        self.module_env[target.id] = Value(PATH, base)
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        for fn in functions:
            if self._runs_agent(fn):
                self.runners.add(fn.name)
            params = [a.arg for a in fn.args.args]
            for sub in ast.walk(fn):
                if (
                    isinstance(sub, ast.BinOp)
                    and isinstance(sub.op, ast.Div)
                    and isinstance(sub.right, ast.Name)
                    and sub.right.id in params
                    and self._path_of(sub.left, self.module_env) is not None
                ):
                    # _read("deploy/nginx.conf") reads WORKSPACE / relative
                    self.readers[fn.name] = params.index(sub.right.id)

    def _is_workspace(self, node: ast.expr) -> bool:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and sub.value == "STAMINA_WORKSPACE":
                return True
            if isinstance(sub, ast.Attribute) and sub.attr in ("getcwd", "cwd"):
                return True
        return False

    def _runs_agent(self, fn: ast.FunctionDef) -> bool:
        """Whether the function (or one it defines) runs the agent's program (-m pkg)."""
        for sub in ast.walk(fn):
            if isinstance(sub, ast.List | ast.Tuple):
                items = [e.value if isinstance(e, ast.Constant) else None for e in sub.elts]
                for a, b in zip(items, items[1:], strict=False):
                    if a == "-m" and isinstance(b, str) and self._agent_module(b):
                        return True
        return False

    # --- statements ---

    def _statements(self, body: list[ast.stmt], env: dict[str, Value], module: bool) -> None:
        for stmt in body:
            self._statement(stmt, env, module)

    def _statement(self, stmt: ast.stmt, env: dict[str, Value], module: bool) -> None:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            self._import(stmt, env)
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            # a function's names start from the module's: what it assigns stays inside
            self._function.append(stmt.name)
            self._statements(stmt.body, dict(env), module=False)
            self._function.pop()
        elif isinstance(stmt, ast.Return):
            value = self.eval(stmt.value, env)
            if value is not None and value.kind == JSON and self._function:
                self.returns[self._function[-1]] = value
        elif isinstance(stmt, ast.ClassDef):
            self._statements(stmt.body, dict(env), module=False)
        elif isinstance(stmt, ast.Assign):
            value = self.eval(stmt.value, env)
            for target in stmt.targets:
                self._bind(target, value, env, module)
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            self._bind(stmt.target, self.eval(stmt.value, env), env, module)
        elif isinstance(stmt, ast.For | ast.AsyncFor):
            value = self.eval(stmt.iter, env)
            self._bind(stmt.target, Value(JSON) if value and value.kind == JSON else None, env)
            self._statements(stmt.body + stmt.orelse, env, module)
        elif isinstance(stmt, ast.If):
            # a condition chooses among forms: what it tests is not required on its own
            self._varied([stmt.test], env)
            self._statements(stmt.body + stmt.orelse, env, module)
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            for item in stmt.items:
                value = self.eval(item.context_expr, env)
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, value, env)
            self._statements(stmt.body, env, module)
        elif isinstance(stmt, ast.Try):
            self._statements(stmt.body + stmt.orelse + stmt.finalbody, env, module)
            for handler in stmt.handlers:
                self._statements(handler.body, env, module)
        elif isinstance(stmt, ast.While):
            self._varied([stmt.test], env)
            self._statements(stmt.body, env, module)
        else:
            for child in ast.iter_child_nodes(stmt):
                self.visit(child, env)

    def _import(self, stmt: ast.Import | ast.ImportFrom, env: dict[str, Value]) -> None:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if not self._agent_module(alias.name):
                    continue
                self.add("module", alias.name, stmt)
                local = alias.asname or alias.name.split(".")[0]
                # `import a.b` binds a; `import a.b as x` binds the module a.b
                env[local] = Value(AGENT, framework=self._generated(alias.name))
            return
        if stmt.level or not stmt.module or not self._agent_module(stmt.module):
            return
        self.add("module", stmt.module, stmt)
        for alias in stmt.names:
            if alias.name == "*":
                continue
            self.add("name", alias.name, stmt)
            env[alias.asname or alias.name] = Value(AGENT)

    def _generated(self, dotted: str) -> bool:
        last = dotted.split(".")[-1]
        return any(last in FRAMEWORK_MODULES.get(f, ()) for f in self.context.frameworks)

    # --- assertions ---

    def _compare(self, node: ast.Compare, env: dict[str, Value]) -> None:
        sides = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, sides, sides[1:], strict=False):
            self._compare_one(op, left, right, env)

    def _compare_one(
        self, op: ast.cmpop, left: ast.expr, right: ast.expr, env: dict[str, Value]
    ) -> None:
        status = _status_kind(left)
        if status is not None:
            self.eval(left, env)
            if isinstance(op, ast.Eq | ast.Is):
                self._number(status, right, left)
            elif isinstance(op, ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
                self.variant += 1
                for elt in right.elts:
                    self._number(status, elt, left)
                self.variant -= 1
            return
        if _status_kind(right) is not None and isinstance(op, ast.Eq):
            self._compare_one(op, right, left, env)
            return
        lvalue, rvalue = self.eval(left, env), self.eval(right, env)
        if isinstance(op, ast.In) and rvalue is not None and rvalue.kind == JSON:
            self._key(left, left, rvalue)  # "due_date" in todo
        elif isinstance(op, ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
            pass  # one of several values: nothing required
        elif isinstance(op, ast.Eq | ast.NotEq) and (
            (lvalue is not None and lvalue.kind == JSON)
            or (rvalue is not None and rvalue.kind == JSON)
        ):
            for literal in (left, right):
                self._literal_keys(literal)
        elif isinstance(op, ast.LtE | ast.GtE | ast.Lt | ast.Gt) and (
            (lvalue is not None and lvalue.kind == JSON)
            or (rvalue is not None and rvalue.kind == JSON)
        ):
            # {"count", "next"} <= set(body): the keys a page must have
            for literal in (left, right):
                if isinstance(literal, ast.Set):
                    for elt in literal.elts:
                        self._key(elt, elt)

    def _compare_pair(self, args: list[ast.expr], node: ast.AST) -> None:
        if len(args) >= 2:
            for a, b in ((args[0], args[1]), (args[1], args[0])):
                status = _status_kind(a)
                if status is not None:
                    self._number(status, b, node)

    def _number(self, kind: str, node: ast.expr, where: ast.AST) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            self.add(kind, str(node.value), where)

    def _literal_keys(self, node: ast.expr) -> None:
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    self.add("key", key.value, key)
                if value is not None:
                    self._literal_keys(value)
        elif isinstance(node, ast.List | ast.Tuple):
            for elt in node.elts:
                self._literal_keys(elt)


def _status_kind(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        if node.attr in ("status_code", "status"):
            return "status"
        if node.attr == "returncode":
            return "exit code"
    return None


def python_needs(source: str, context: NeedContext) -> list[Need]:
    """What a Python test (or `python -c` body) needs from the agent's code."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    collector = _PythonNeeds(tree, context)
    return collector.needs
