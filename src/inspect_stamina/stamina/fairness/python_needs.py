"""The needs of the benchmark's pytest files and Python snippets, read with ``ast``."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from inspect_stamina.stamina.fairness.needs import (
    FLAG,
    FRAMEWORK_MODULES,
    HTTP_METHODS,
    OPAQUE_CALLS,
    Need,
    NeedContext,
)

# ---------------------------------------------------------------------------------------
# Python tests


_AGENT, _RESP, _JSON, _PROC, _URL, _PATH = "agent", "resp", "json", "proc", "url", "path"


@dataclass
class _Value:
    kind: str
    data: str = ""
    # an agent object from a framework-generated module: its names are the framework's
    framework: bool = False


class _PythonNeeds:
    """Collects what one Python test module needs from the agent's code."""

    def __init__(self, tree: ast.Module, context: NeedContext) -> None:
        self.context = context
        self.needs: list[Need] = []
        self.variant = 0
        self.module_env: dict[str, _Value] = {}
        self.constants: dict[str, str] = {}
        self.runners: set[str] = set()
        self.readers: dict[str, int] = {}
        # what a helper function of the test returns, when it is JSON (an error body)
        self.returns: dict[str, _Value] = {}
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
                    self.module_env[target.id] = _Value(_PATH, "")
                else:
                    base = self._path_of(node.value, self.module_env)
                    if base is not None:
                        self.module_env[target.id] = _Value(_PATH, base)
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

    def _agent_module(self, dotted: str) -> bool:
        return dotted.split(".")[0] in self.context.roots

    # --- recording ---

    def add(self, kind: str, item: str, node: ast.AST) -> None:
        self.needs.append(Need(kind, item, getattr(node, "lineno", 0), self.variant > 0))

    def _varied(self, nodes: Iterable[ast.AST], env: dict[str, _Value]) -> None:
        self.variant += 1
        for node in nodes:
            self.visit(node, env)
        self.variant -= 1

    # --- statements ---

    def _statements(self, body: list[ast.stmt], env: dict[str, _Value], module: bool) -> None:
        for stmt in body:
            self._statement(stmt, env, module)

    def _statement(self, stmt: ast.stmt, env: dict[str, _Value], module: bool) -> None:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            self._import(stmt, env)
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            # a function's names start from the module's: what it assigns stays inside
            self._function.append(stmt.name)
            self._statements(stmt.body, dict(env), module=False)
            self._function.pop()
        elif isinstance(stmt, ast.Return):
            value = self.eval(stmt.value, env)
            if value is not None and value.kind == _JSON and self._function:
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
            self._bind(stmt.target, _Value(_JSON) if value and value.kind == _JSON else None, env)
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

    def _bind(
        self, target: ast.expr, value: _Value | None, env: dict[str, _Value], module: bool = False
    ) -> None:
        if isinstance(target, ast.Name):
            if value is not None:
                env[target.id] = value
            elif not (module and target.id in env):
                env.pop(target.id, None)
        elif isinstance(target, ast.Tuple | ast.List):
            element = _Value(value.kind) if value and value.kind in (_JSON, _AGENT) else None
            for elt in target.elts:
                self._bind(elt, element, env)

    def _import(self, stmt: ast.Import | ast.ImportFrom, env: dict[str, _Value]) -> None:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if not self._agent_module(alias.name):
                    continue
                self.add("module", alias.name, stmt)
                local = alias.asname or alias.name.split(".")[0]
                # `import a.b` binds a; `import a.b as x` binds the module a.b
                env[local] = _Value(_AGENT, framework=self._generated(alias.name))
            return
        if stmt.level or not stmt.module or not self._agent_module(stmt.module):
            return
        self.add("module", stmt.module, stmt)
        for alias in stmt.names:
            if alias.name == "*":
                continue
            self.add("name", alias.name, stmt)
            env[alias.asname or alias.name] = _Value(_AGENT)

    def _generated(self, dotted: str) -> bool:
        last = dotted.split(".")[-1]
        return any(last in FRAMEWORK_MODULES.get(f, ()) for f in self.context.frameworks)

    # --- expressions ---

    def visit(self, node: ast.AST, env: dict[str, _Value]) -> None:
        if isinstance(node, ast.expr):
            self.eval(node, env)
        elif isinstance(node, ast.stmt):
            self._statement(node, env, module=False)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child, env)

    def eval(self, node: ast.expr | None, env: dict[str, _Value]) -> _Value | None:
        """The value's kind (an agent object, a response, JSON...), recording needs."""
        if node is None:
            return None
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            if node.id in self.constants and self.constants[node.id].startswith("/"):
                return _Value(_URL, self.constants[node.id])
            return None
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) and node.value.startswith("/"):
                return _Value(_URL, node.value)
            return None
        if isinstance(node, ast.JoinedStr):
            return self._fstring(node, env)
        if isinstance(node, ast.Attribute):
            return self._attribute(node, env)
        if isinstance(node, ast.Call):
            return self._call(node, env)
        if isinstance(node, ast.Subscript):
            return self._subscript(node, env)
        if isinstance(node, ast.Await):
            return self.eval(node.value, env)
        if isinstance(node, ast.Compare):
            self._compare(node, env)
            return None
        if isinstance(node, ast.BoolOp):
            if isinstance(node.op, ast.Or) and all(_empty(v) for v in node.values[1:]):
                # error.get("fields") or {}: a default, not another accepted form
                return self.eval(node.values[0], env)
            if isinstance(node.op, ast.Or):
                self._varied(node.values, env)
            else:
                for value in node.values:
                    self.eval(value, env)
            return None
        if isinstance(node, ast.IfExp):
            self._varied([node.test, node.body, node.orelse], env)
            return None
        if isinstance(node, ast.BinOp):
            return self._binop(node, env)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return self._comprehension(node, env)
        if isinstance(node, ast.Lambda):
            return None
        for child in ast.iter_child_nodes(node):
            self.visit(child, env)
        return None

    def _fstring(self, node: ast.JoinedStr, env: dict[str, _Value]) -> _Value | None:
        text = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                text += str(part.value)
            elif isinstance(part, ast.FormattedValue):
                inner = self.eval(part.value, env)
                text += inner.data if inner is not None and inner.kind == _URL else "{}"
        return _Value(_URL, text) if text.startswith("/") else None

    def _binop(self, node: ast.BinOp, env: dict[str, _Value]) -> _Value | None:
        left, right = self.eval(node.left, env), self.eval(node.right, env)
        if (
            isinstance(node.op, ast.Add)
            and left is not None
            and left.kind == _URL
            and isinstance(node.right, ast.Constant)
            and isinstance(node.right.value, str)
        ):
            return _Value(_URL, left.data + node.right.value)
        if isinstance(node.op, ast.Div):
            base = self._path_of(node, env)
            if base is not None:
                return _Value(_PATH, base)
        del right
        return None

    def _path_of(self, node: ast.expr, env: dict[str, _Value]) -> str | None:
        """The workspace-relative path an expression builds (WORKSPACE / "backend")."""
        if isinstance(node, ast.Name):
            value = env.get(node.id) or self.module_env.get(node.id)
            return value.data if value is not None and value.kind == _PATH else None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            base = self._path_of(node.left, env)
            if (
                base is not None
                and isinstance(node.right, ast.Constant)
                and isinstance(node.right.value, str)
            ):
                return f"{base}/{node.right.value}".strip("/")
        return None

    def _attribute(self, node: ast.Attribute, env: dict[str, _Value]) -> _Value | None:
        base = self.eval(node.value, env)
        if base is None:
            return None
        if base.kind == _AGENT:
            if not base.framework:
                self.add("attribute", node.attr, node)
            return _Value(_AGENT, framework=base.framework)
        reads = ("read_text", "read_bytes", "open", "is_file")
        if base.kind == _PATH and node.attr in reads and base.data:
            self.add("file", base.data, node)
        return None

    def _call(self, node: ast.Call, env: dict[str, _Value]) -> _Value | None:
        func = node.func
        # any(...) accepts whichever of its forms holds
        if isinstance(func, ast.Name) and func.id == "any":
            self._varied(node.args, env)
            return None
        callee = self.eval(func, env)
        args = [self.eval(a, env) for a in node.args]
        for kw in node.keywords:
            self.eval(kw.value, env)
        if callee is not None and callee.kind == _AGENT:
            if not callee.framework:
                for kw in node.keywords:
                    if kw.arg is not None:
                        self.add("keyword", kw.arg, kw.value)
            return _Value(_AGENT, framework=callee.framework)
        if isinstance(func, ast.Attribute):
            owner = self.eval(func.value, env) if isinstance(func.value, ast.Name) else None
            if func.attr == "json" and not node.args:
                # response.json(): an HTTP client's parsed body, whatever the client
                self.eval(func.value, env)
                return _Value(_JSON)
            if func.attr == "get" and owner is not None and owner.kind == _JSON:
                return self._key(node, node.args[0] if node.args else None, owner)
            if func.attr == "get" and isinstance(func.value, ast.Call | ast.Subscript):
                inner = self.eval(func.value, env)
                if inner is not None and inner.kind == _JSON:
                    return self._key(node, node.args[0] if node.args else None, inner)
            if func.attr in ("loads", "load") and _name(func.value) == "json":
                return _Value(_JSON)
            if func.attr in HTTP_METHODS and args and args[0] is not None and args[0].kind == _URL:
                return self._request(node, args[0])
            if func.attr in ("assertEqual", "assertEquals"):
                self._compare_pair(node.args, node)
            runs = ("run", "call", "check_call", "check_output", "Popen")
            if func.attr in runs and node.args and self._runs_list(node.args[0]):
                self._flags(node.args[0])
                return _Value(_PROC)
        if isinstance(func, ast.Name):
            if func.id == "fetch" and args and args[0] is not None and args[0].kind == _URL:
                return self._request(node, args[0])
            if func.id in self.runners:
                for arg in node.args:
                    self._flags(arg)
                return _Value(_PROC)
            if func.id in self.returns:
                return self.returns[func.id]
            if func.id in self.readers:
                index = self.readers[func.id]
                if index < len(node.args):
                    arg = node.args[index]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        self.add("file", arg.value.strip("/"), arg)
            if func.id == "open" and node.args:
                arg = node.args[0]
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and not arg.value.startswith("/")
                ):
                    self.add("file", arg.value, arg)
                path = self._path_of(arg, env)
                if path:
                    self.add("file", path, arg)
            if func.id not in OPAQUE_CALLS and any(a is not None and a.kind == _JSON for a in args):
                # items(response), sorted(todo["tags"]): JSON in, JSON out
                return _Value(_JSON)
            if func.id not in OPAQUE_CALLS and any(a is not None and a.kind == _RESP for a in args):
                # a helper given a response reads its JSON (items(response))
                return _Value(_JSON)
        return None

    def _runs_list(self, node: ast.expr) -> bool:
        if not isinstance(node, ast.List | ast.Tuple):
            return False
        items = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
        return any(
            a == "-m" and isinstance(b, str) and self._agent_module(b)
            for a, b in zip(items, items[1:], strict=False)
        )

    def _flags(self, node: ast.expr) -> None:
        elts = node.elts if isinstance(node, ast.List | ast.Tuple) else [node]
        for elt in elts:
            if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                flag = elt.value.split("=", 1)[0]
                if FLAG.match(flag) and flag != "-m":
                    self.add("flag", flag, elt)

    def _request(self, node: ast.Call, url: _Value) -> _Value:
        self.add("url", url.data, node)
        # the request's body or query: its keys are the API's field and parameter names
        bodies = list(node.args[1:2]) + [
            kw.value for kw in node.keywords if kw.arg in ("data", "json", "params")
        ]
        for body in bodies:
            if isinstance(body, ast.Dict):
                for key in body.keys:
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        self.add("key", key.value, key)
        return _Value(_RESP)

    def _key(self, node: ast.AST, key: ast.expr | None, owner: _Value | None = None) -> _Value:
        """A key read off JSON: `parent.key` when the JSON is itself a key's value."""
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            parent = owner.data if owner is not None else ""
            self.add("key", f"{parent}.{key.value}" if parent else key.value, node)
            return _Value(_JSON, key.value)
        return _Value(_JSON)

    def _subscript(self, node: ast.Subscript, env: dict[str, _Value]) -> _Value | None:
        base = self.eval(node.value, env)
        self.eval(node.slice, env)
        if base is None:
            return None
        if base.kind == _JSON:
            return self._key(node, node.slice, base)
        if base.kind == _AGENT:
            return _Value(_AGENT, framework=base.framework)
        return None

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        env: dict[str, _Value],
    ) -> _Value | None:
        inner = dict(env)
        for gen in node.generators:
            source = self.eval(gen.iter, inner)
            self._bind(
                gen.target, _Value(_JSON) if source and source.kind == _JSON else None, inner
            )
            for cond in gen.ifs:
                self.eval(cond, inner)
        if isinstance(node, ast.DictComp):
            self.eval(node.key, inner)
            self.eval(node.value, inner)
        else:
            self.eval(node.elt, inner)
        return None

    # --- assertions ---

    def _compare(self, node: ast.Compare, env: dict[str, _Value]) -> None:
        sides = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, sides, sides[1:], strict=False):
            self._compare_one(op, left, right, env)

    def _compare_one(
        self, op: ast.cmpop, left: ast.expr, right: ast.expr, env: dict[str, _Value]
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
        if isinstance(op, ast.In) and rvalue is not None and rvalue.kind == _JSON:
            self._key(left, left, rvalue)  # "due_date" in todo
        elif isinstance(op, ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
            pass  # one of several values: nothing required
        elif isinstance(op, ast.Eq | ast.NotEq) and (
            (lvalue is not None and lvalue.kind == _JSON)
            or (rvalue is not None and rvalue.kind == _JSON)
        ):
            for literal in (left, right):
                self._literal_keys(literal)
        elif isinstance(op, ast.LtE | ast.GtE | ast.Lt | ast.Gt) and (
            (lvalue is not None and lvalue.kind == _JSON)
            or (rvalue is not None and rvalue.kind == _JSON)
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


def _empty(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in (None, "", 0, False)
    return isinstance(node, ast.Dict | ast.List | ast.Tuple | ast.Set) and not (
        node.elts if not isinstance(node, ast.Dict) else node.keys
    )


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else None


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
