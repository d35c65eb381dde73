"""What the expressions of a Python test (or snippet) need from the agent's code, read
with ``ast``: each expression's kind of value (an agent object, an HTTP response, JSON,
a URL, a workspace path) and the needs using it records. ``python_needs.py`` reads the
statements and comparisons around them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass

from inspect_stamina.stamina.fairness.needs import (
    FLAG,
    HTTP_METHODS,
    OPAQUE_CALLS,
    Need,
    NeedContext,
)

AGENT, RESP, JSON, PROC, URL, PATH = "agent", "resp", "json", "proc", "url", "path"


@dataclass
class Value:
    """What an expression evaluates to, as far as the needs go: its kind and its data."""

    kind: str
    data: str = ""
    # an agent object from a framework-generated module: its names are the framework's
    framework: bool = False


class ExpressionNeeds:
    """Collects what the expressions of one Python test module need from the agent's code;
    its subclass (``python_needs._PythonNeeds``) walks the statements and comparisons."""

    def __init__(self, context: NeedContext) -> None:
        self.context = context
        self.needs: list[Need] = []
        self.variant = 0
        self.module_env: dict[str, Value] = {}
        self.constants: dict[str, str] = {}
        self.runners: set[str] = set()
        self.readers: dict[str, int] = {}
        # what a helper function of the test returns, when it is JSON (an error body)
        self.returns: dict[str, Value] = {}

    def _agent_module(self, dotted: str) -> bool:
        return dotted.split(".")[0] in self.context.roots

    # --- recording ---

    def add(self, kind: str, item: str, node: ast.AST) -> None:
        """Record a need at the node's line (optional inside a variant)."""
        self.needs.append(Need(kind, item, getattr(node, "lineno", 0), self.variant > 0))

    def _varied(self, nodes: Iterable[ast.AST], env: dict[str, Value]) -> None:
        self.variant += 1
        for node in nodes:
            self.visit(node, env)
        self.variant -= 1

    # --- names ---

    def _bind(
        self, target: ast.expr, value: Value | None, env: dict[str, Value], module: bool = False
    ) -> None:
        if isinstance(target, ast.Name):
            if value is not None:
                env[target.id] = value
            elif not (module and target.id in env):
                env.pop(target.id, None)
        elif isinstance(target, ast.Tuple | ast.List):
            element = Value(value.kind) if value and value.kind in (JSON, AGENT) else None
            for elt in target.elts:
                self._bind(elt, element, env)

    # --- the subclass's: statements, and what comparisons require ---

    def _statement(self, stmt: ast.stmt, env: dict[str, Value], module: bool) -> None:
        raise NotImplementedError

    def _compare(self, node: ast.Compare, env: dict[str, Value]) -> None:
        raise NotImplementedError

    def _compare_pair(self, args: list[ast.expr], node: ast.AST) -> None:
        raise NotImplementedError

    # --- expressions ---

    def visit(self, node: ast.AST, env: dict[str, Value]) -> None:
        """Read any node: an expression, a statement, or what it holds."""
        if isinstance(node, ast.expr):
            self.eval(node, env)
        elif isinstance(node, ast.stmt):
            self._statement(node, env, module=False)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child, env)

    def eval(self, node: ast.expr | None, env: dict[str, Value]) -> Value | None:
        """The value's kind (an agent object, a response, JSON...), recording needs."""
        if node is None:
            return None
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            if node.id in self.constants and self.constants[node.id].startswith("/"):
                return Value(URL, self.constants[node.id])
            return None
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) and node.value.startswith("/"):
                return Value(URL, node.value)
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

    def _fstring(self, node: ast.JoinedStr, env: dict[str, Value]) -> Value | None:
        text = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                text += str(part.value)
            elif isinstance(part, ast.FormattedValue):
                inner = self.eval(part.value, env)
                text += inner.data if inner is not None and inner.kind == URL else "{}"
        return Value(URL, text) if text.startswith("/") else None

    def _binop(self, node: ast.BinOp, env: dict[str, Value]) -> Value | None:
        left, right = self.eval(node.left, env), self.eval(node.right, env)
        if (
            isinstance(node.op, ast.Add)
            and left is not None
            and left.kind == URL
            and isinstance(node.right, ast.Constant)
            and isinstance(node.right.value, str)
        ):
            return Value(URL, left.data + node.right.value)
        if isinstance(node.op, ast.Div):
            base = self._path_of(node, env)
            if base is not None:
                return Value(PATH, base)
        del right
        return None

    def _path_of(self, node: ast.expr, env: dict[str, Value]) -> str | None:
        """The workspace-relative path an expression builds (WORKSPACE / "backend")."""
        if isinstance(node, ast.Name):
            value = env.get(node.id) or self.module_env.get(node.id)
            return value.data if value is not None and value.kind == PATH else None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            base = self._path_of(node.left, env)
            if (
                base is not None
                and isinstance(node.right, ast.Constant)
                and isinstance(node.right.value, str)
            ):
                return f"{base}/{node.right.value}".strip("/")
        return None

    def _attribute(self, node: ast.Attribute, env: dict[str, Value]) -> Value | None:
        base = self.eval(node.value, env)
        if base is None:
            return None
        if base.kind == AGENT:
            if not base.framework:
                self.add("attribute", node.attr, node)
            return Value(AGENT, framework=base.framework)
        reads = ("read_text", "read_bytes", "open", "is_file")
        if base.kind == PATH and node.attr in reads and base.data:
            self.add("file", base.data, node)
        return None

    def _call(self, node: ast.Call, env: dict[str, Value]) -> Value | None:
        func = node.func
        # any(...) accepts whichever of its forms holds
        if isinstance(func, ast.Name) and func.id == "any":
            self._varied(node.args, env)
            return None
        callee = self.eval(func, env)
        args = [self.eval(a, env) for a in node.args]
        for kw in node.keywords:
            self.eval(kw.value, env)
        if callee is not None and callee.kind == AGENT:
            if not callee.framework:
                for kw in node.keywords:
                    if kw.arg is not None:
                        self.add("keyword", kw.arg, kw.value)
            return Value(AGENT, framework=callee.framework)
        if isinstance(func, ast.Attribute):
            owner = self.eval(func.value, env) if isinstance(func.value, ast.Name) else None
            if func.attr == "json" and not node.args:
                # response.json(): an HTTP client's parsed body, whatever the client
                self.eval(func.value, env)
                return Value(JSON)
            if func.attr == "get" and owner is not None and owner.kind == JSON:
                return self._key(node, node.args[0] if node.args else None, owner)
            if func.attr == "get" and isinstance(func.value, ast.Call | ast.Subscript):
                inner = self.eval(func.value, env)
                if inner is not None and inner.kind == JSON:
                    return self._key(node, node.args[0] if node.args else None, inner)
            if func.attr in ("loads", "load") and _name(func.value) == "json":
                return Value(JSON)
            if func.attr in HTTP_METHODS and args and args[0] is not None and args[0].kind == URL:
                return self._request(node, args[0])
            if func.attr in ("assertEqual", "assertEquals"):
                self._compare_pair(node.args, node)
            runs = ("run", "call", "check_call", "check_output", "Popen")
            if func.attr in runs and node.args and self._runs_list(node.args[0]):
                self._flags(node.args[0])
                return Value(PROC)
        if isinstance(func, ast.Name):
            if func.id == "fetch" and args and args[0] is not None and args[0].kind == URL:
                return self._request(node, args[0])
            if func.id in self.runners:
                for arg in node.args:
                    self._flags(arg)
                return Value(PROC)
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
            if func.id not in OPAQUE_CALLS and any(a is not None and a.kind == JSON for a in args):
                # items(response), sorted(todo["tags"]): JSON in, JSON out
                return Value(JSON)
            if func.id not in OPAQUE_CALLS and any(a is not None and a.kind == RESP for a in args):
                # a helper given a response reads its JSON (items(response))
                return Value(JSON)
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

    def _request(self, node: ast.Call, url: Value) -> Value:
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
        return Value(RESP)

    def _key(self, node: ast.AST, key: ast.expr | None, owner: Value | None = None) -> Value:
        """A key read off JSON: `parent.key` when the JSON is itself a key's value."""
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            parent = owner.data if owner is not None else ""
            self.add("key", f"{parent}.{key.value}" if parent else key.value, node)
            return Value(JSON, key.value)
        return Value(JSON)

    def _subscript(self, node: ast.Subscript, env: dict[str, Value]) -> Value | None:
        base = self.eval(node.value, env)
        self.eval(node.slice, env)
        if base is None:
            return None
        if base.kind == JSON:
            return self._key(node, node.slice, base)
        if base.kind == AGENT:
            return Value(AGENT, framework=base.framework)
        return None

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        env: dict[str, Value],
    ) -> Value | None:
        inner = dict(env)
        for gen in node.generators:
            source = self.eval(gen.iter, inner)
            self._bind(gen.target, Value(JSON) if source and source.kind == JSON else None, inner)
            for cond in gen.ifs:
                self.eval(cond, inner)
        if isinstance(node, ast.DictComp):
            self.eval(node.key, inner)
            self.eval(node.value, inner)
        else:
            self.eval(node.elt, inner)
        return None


def _empty(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in (None, "", 0, False)
    return isinstance(node, ast.Dict | ast.List | ast.Tuple | ast.Set) and not (
        node.elts if not isinstance(node, ast.Dict) else node.keys
    )


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else None
