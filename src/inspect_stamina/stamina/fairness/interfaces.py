"""Stated interfaces: every name, path, key, status or flag a check needs is said first.

A check is fair when it tests only what the user said. This instrument reads each
checkpoint's test (pytest files with `ast`, JavaScript tests with regexes, docker_exec
commands by their `python -c` bodies and `python -m` calls) and every acceptance test,
collects what it needs from the agent's code, and reports each item that no prompt at or
before the checkpoint's turn states (any turn, for acceptance tests). What counts as a
prompt's words: its text, its stated interface and its answer (`Prompt.spoken` and
`answer`), and the target and edge case a template prompt renders into its text.

Static analysis only: no test or reference code is ever run. Precision comes before
recall: an item the analysis cannot attribute to the agent's code is left out, and a
test that accepts variants explicitly (`in (200, 204)`, `or`, `any(...)`, a conditional)
is not held to any one of them.
"""

from __future__ import annotations

import ast
import re
import shlex
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript

NAME = "stated interfaces"
KINDS = (
    "module",
    "name",
    "attribute",
    "keyword",
    "flag",
    "url",
    "key",
    "status",
    "exit code",
    "file",
)
# what any agent knows without being told: HTTP's default success and a clean exit
KNOWN_STATUSES = frozenset({200})
KNOWN_EXIT_CODES = frozenset({0})
# a status is stated by its number or its meaning in words: "not found", "a validation
# error", "conflict"; standard REST answers an unknown resource with 404
STATUS_PHRASES = {
    400: (r"(?i)\bvalidation error", r"(?i)\bbad request\b"),
    401: (r"(?i)\bunauthori[sz]ed\b", r"(?i)\bnot (signed|logged) in\b"),
    403: (r"(?i)\bforbidden\b",),
    404: (r"(?i)\bnot found\b", r"\bREST\b"),
    409: (r"(?i)\bconflict\b",),
}
# test tools and their plugins: imported by tests, never written by the agent
TEST_TOOLS = frozenset(
    {"pytest", "_pytest", "hypothesis", "mock", "pytest_django", "freezegun", "responses"}
)
# the import names of frameworks a script lists (as `frameworks:` spells them)
FRAMEWORK_IMPORTS = {
    "djangorestframework": "rest_framework",
    "django-cors-headers": "corsheaders",
    "djangorestframework-simplejwt": "rest_framework_simplejwt",
}
# modules a framework generates under a package the user names (`startproject config`
# writes config/settings.py): named by the framework, so stated with their package; the
# names inside them are the framework's too, so they are not checked
FRAMEWORK_MODULES = {
    "django": frozenset({"settings", "urls", "wsgi", "asgi", "models", "views", "admin", "apps"}),
    "djangorestframework": frozenset({"serializers"}),
}
# the public API of a framework's objects an agent's function returns (build_parser()
# returns an ArgumentParser): the framework names them, not the user
FRAMEWORK_ATTRIBUTES = {
    "argparse": frozenset(
        {"parse_args", "parse_known_args", "add_argument", "print_help", "format_help", "error"}
    ),
}
HTTP_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options", "request"})
# calls whose result says nothing about their JSON argument's keys (a length, a type test)
OPAQUE_CALLS = frozenset(
    {"isinstance", "len", "str", "repr", "type", "bool", "int", "float", "print", "abs", "hash"}
)
JS_SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx")
CODE_SUFFIXES = (".py", *JS_SUFFIXES)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
FLAG = re.compile(r"^--?[A-Za-z][\w-]*$")
URL_TEXT = re.compile(r"/?[\w.<>{}:$-]+(?:/[\w.<>{}:$-]*)+")
PATH_TOKEN = re.compile(r"[\w.@~-]+(?:[/:][\w.@~-]+)*/?")
PARAM = re.compile(r"^(<[^>]*>|\{[^}]*\}|:\w+)$")


@dataclass(frozen=True)
class Need:
    """One thing a test needs from the agent's code, where the test needs it."""

    kind: str
    item: str
    line: int
    # one of several forms the test accepts (not required on its own)
    variant: bool = False


@dataclass
class _Context:
    """What decides which code is the agent's."""

    roots: frozenset[str]  # top-level Python modules the agent writes
    created: tuple[str, ...]  # workspace paths the references create (no suffix)
    frameworks: frozenset[str]


# ---------------------------------------------------------------------------------------
# what the user said


class Stated:
    """Everything the user said up to some turn, with the matchers for each kind."""

    def __init__(self, prompts: list[str], frameworks: frozenset[str]) -> None:
        self.prompts = prompts
        text = "\n".join(prompts)
        self.text = text
        self.words = set(WORD.findall(text))
        self.frameworks = frameworks
        found = URL_TEXT.findall(text)
        self.urls = [_segments(u) for u in found]
        # "`tags/` under the prefix we agreed" states /api/v1/tags/: a relative path said
        # as one (a trailing slash) joins any absolute prefix said as one
        self.prefixes = [_segments(u) for u in found if u.startswith("/") and u.endswith("/")]
        self.relative = [_segments(u) for u in found if not u.startswith("/") and u.endswith("/")]
        self.tokens = [_path_segments(t) for t in PATH_TOKEN.findall(text)]

    def states(self, need: Need) -> bool:
        """Whether the user's words state the needed item."""
        kind, item = need.kind, need.item
        if item.startswith("__") and item.endswith("__"):
            return True  # dunders (__version__, __main__) belong to Python, not the user
        if kind in ("name", "attribute", "keyword"):
            return item in self.words or self._framework_name(item)
        if kind == "flag":
            return _says(self.text, item)
        if kind == "key":
            parent, _, key = item.rpartition(".")
            if not parent:
                return _says(self.text, key)
            # a nested key (error.fields) is stated with its parent, in one prompt: the
            # word alone may mean something else ("a serializer with all the fields")
            return any(_says(p, parent) and _says(p, key) for p in self.prompts)
        if kind == "status":
            return (
                int(item) in KNOWN_STATUSES
                or self._number(item)
                or any(re.search(p, self.text) for p in STATUS_PHRASES.get(int(item), ()))
            )
        if kind == "exit code":
            return int(item) in KNOWN_EXIT_CODES or self._number(item)
        if kind == "url":
            needed = _segments(item)
            return any(_url_matches(needed, stated) for stated in self.urls) or any(
                _url_matches(needed, prefix + rest)
                for prefix in self.prefixes
                for rest in self.relative
            )
        if kind == "module":
            return self._module(item)
        if kind == "file":
            return self._file(item)
        return False

    def _number(self, item: str) -> bool:
        # "status 2." states 2; "2.7" and "1.0.0" do not
        return re.search(rf"(?<![\d.])(?<!\d\.){item}(?!\d|\.\d)", self.text) is not None

    def _framework_name(self, item: str) -> bool:
        return any(item in FRAMEWORK_ATTRIBUTES.get(f, ()) for f in self.frameworks)

    def _contains(self, parts: list[str]) -> bool:
        n = len(parts)
        return any(
            token[i : i + n] == parts for token in self.tokens for i in range(len(token) - n + 1)
        )

    def _module(self, item: str) -> bool:
        parts = _path_segments(item) if "/" in item else [p for p in item.split(".") if p]
        if not parts:
            return True
        if self._contains(parts):
            return True
        # a framework's own module under a stated package (config.settings)
        last = parts[-1]
        generated = any(last in FRAMEWORK_MODULES.get(f, ()) for f in self.frameworks)
        return generated and len(parts) > 1 and self._contains(parts[:-1])

    def _file(self, item: str) -> bool:
        if self._contains(_path_segments(item)):
            return True
        # "the Dockerfile for the backend" states backend/Dockerfile: the file's name and
        # each directory said, in any order
        *dirs, base = item.strip("/").split("/")
        return base in self.text and all(d in self.words for d in dirs)


def _says(text: str, item: str) -> bool:
    """Whether the text has the item as a whole token (a word, a quoted key, a flag)."""
    return re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", text) is not None


def _path_segments(token: str) -> list[str]:
    """A path or dotted name as segments, without a source file's suffix."""
    token = token.strip("/")
    for suffix in CODE_SUFFIXES:
        if token.endswith(suffix):
            token = token[: -len(suffix)]
            break
    parts = re.split(r"[/:]", token)
    # a dotted module path (stockroom.cli) is segments too; a file name keeps its dot
    out: list[str] = []
    for part in parts:
        out += part.split(".") if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", part) else [part]
    return [p for p in out if p]


def _segments(url: str) -> list[str]:
    """A URL path's segments, without its query string, trailing slash or full stop."""
    parts = [s for s in url.split("?")[0].split("/") if s]
    parts = [s.rstrip(".:") if i == len(parts) - 1 else s for i, s in enumerate(parts)]
    return [s for s in parts if s]


def _url_matches(needed: list[str], stated: list[str]) -> bool:
    if len(needed) != len(stated):
        return False
    for got, said in zip(needed, stated, strict=True):
        if got == "{}":
            continue  # the test fills it at run time: any stated segment will do
        if got == said:
            continue
        if PARAM.match(said) and (got.isdigit() or PARAM.match(got)):
            continue
        return False
    return True


# ---------------------------------------------------------------------------------------
# which code is the agent's


def _created_paths(loaded: LoadedScript) -> list[str]:
    """The workspace paths the script's references create."""
    paths: list[str] = []
    directory = loaded.directory
    for turn in loaded.turns():
        ref = turn.prompt.reference
        if not ref or not (directory / ref).exists():
            continue
        path = directory / ref
        if path.is_dir():
            paths += [str(p.relative_to(path)) for p in sorted(path.rglob("*")) if p.is_file()]
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix in (".patch", ".diff"):
            paths += re.findall(r"^\+\+\+ b/(\S+)", text, re.M)
        else:
            # a shell reference: the files it writes or copies to, and directories it makes
            paths += re.findall(r"(?:>|mkdir -p|touch|cp\s+\S+)\s+([\w./-]+)", text)
            paths += re.findall(r"(?<![\w/])((?:[\w.-]+/)*[\w.-]+\.(?:py|js|jsx|mjs|ts|tsx))", text)
    return [p.strip("/") for p in paths if not p.startswith("/")]


def _context(loaded: LoadedScript) -> _Context:
    created = _created_paths(loaded)
    frameworks = frozenset(f.lower() for f in loaded.script.frameworks)
    excluded = set(sys.stdlib_module_names) | TEST_TOOLS
    excluded |= {FRAMEWORK_IMPORTS.get(f, f).replace("-", "_") for f in frameworks}
    roots: set[str] = set()
    for path in created:
        parts = path.split("/")
        if parts[-1].endswith(".py"):
            # the module root may be any directory on the way (backend/ holds todos/)
            roots.update(parts[:-1])
            roots.add(parts[-1][:-3])
    for turn in loaded.turns():
        roots.update(re.findall(r"package (?:named|called) `?(\w+)", turn.prompt.spoken))
    return _Context(
        roots=frozenset(r for r in roots if r.isidentifier() and r not in excluded),
        created=tuple(_strip_suffix(p) for p in created),
        frameworks=frameworks,
    )


def _strip_suffix(path: str) -> str:
    for suffix in CODE_SUFFIXES:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path


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

    def __init__(self, tree: ast.Module, context: _Context) -> None:
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


def python_needs(source: str, context: _Context) -> list[Need]:
    """What a Python test (or `python -c` body) needs from the agent's code."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    collector = _PythonNeeds(tree, context)
    return collector.needs


# ---------------------------------------------------------------------------------------
# JavaScript tests (regex level)


JS_IMPORT = re.compile(
    r"""import\s+(?:(?P<default>[\w$]+)\s*,?\s*)?(?:\{(?P<named>[^}]*)\})?\s*(?:from\s*)?["'](?P<spec>[^"']+)["']"""
)
JS_DYNAMIC = re.compile(
    r"""(?:const|let|var)\s+(?P<var>[\w$]+)\s*=\s*await\s+import\(\s*`\$\{[^}]*\}/(?P<path>[^`]+)`\s*\)"""
)
JS_STRING = re.compile(r"""(["'`])(/(?:[^"'`\s\\]|\$\{[^}]*\})*)\1""")
JS_STATUS = re.compile(
    r"expect\(\s*[\w$.]+\.status\s*\)\.(?:toBe|toEqual|toStrictEqual)\(\s*(\d{3})\s*\)"
)
JS_PROPERTY = re.compile(r"""\.toHaveProperty\(\s*["']([^"']+)["']""")


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _js_agent_path(spec: str, context: _Context) -> str | None:
    """The workspace path a JS import names, when it is the agent's (relative or alias)."""
    if spec.startswith("."):
        return re.sub(r"^(\.\.?/)+", "", spec)
    if spec.startswith(("@", "~")) and "/" in spec:
        rest = _strip_suffix(spec.split("/", 1)[1])
        # an alias (@app/api/client) reaches a file a reference creates
        if any(c == rest or c.endswith("/" + rest) for c in context.created):
            return rest
    return None


def js_needs(source: str, context: _Context) -> list[Need]:
    """What a JavaScript test needs from the agent's code (imports, URLs, statuses, keys)."""
    needs: list[Need] = []
    agent_functions: set[str] = set()
    namespaces: set[str] = set()
    for match in JS_IMPORT.finditer(source):
        path = _js_agent_path(match["spec"], context)
        if path is None:
            continue
        line = _line_at(source, match.start())
        needs.append(Need("module", path, line))
        for part in (match["named"] or "").split(","):
            name = part.strip().split(" as ")[0].strip()
            if name:
                needs.append(Need("name", name, line))
                agent_functions.add(name)
    for match in JS_DYNAMIC.finditer(source):
        needs.append(Need("module", match["path"], _line_at(source, match.start())))
        namespaces.add(match["var"])
    for name in namespaces:
        for match in re.finditer(rf"(?<![\w$.]){re.escape(name)}\.([A-Za-z_$][\w$]*)", source):
            needs.append(Need("attribute", match[1], _line_at(source, match.start())))
    # const error = await createTodo(...): what expect() reads off the result is interface
    for name in agent_functions:
        pattern = rf"(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?{re.escape(name)}\s*\("
        for match in re.finditer(pattern, source):
            var = match[1]
            for used in re.finditer(
                rf"expect\(\s*{re.escape(var)}\.([A-Za-z_$][\w$]*)\s*\)", source
            ):
                needs.append(Need("attribute", used[1], _line_at(source, used.start())))
    for match in JS_STRING.finditer(source):
        if re.search(r"(\?\?|\|\||import\()\s*$", source[: match.start()]):
            continue  # a default for an environment variable, or a file imported: no URL
        url = re.sub(r"\$\{[^}]*\}", "{}", match[2])
        if re.search(r"[A-Za-z]", url) and not url.startswith("//"):
            needs.append(Need("url", url, _line_at(source, match.start())))
    for match in JS_STATUS.finditer(source):
        needs.append(Need("status", match[1], _line_at(source, match.start())))
    for match in JS_PROPERTY.finditer(source):
        for key in match[1].split("."):
            needs.append(Need("key", key, _line_at(source, match.start())))
    return needs


# ---------------------------------------------------------------------------------------
# docker_exec commands


def command_needs(command: str, context: _Context) -> list[Need]:
    """What a shell command needs: `python -c` bodies, `python -m` modules and their flags."""
    try:
        words = shlex.split(command)
    except ValueError:
        return []
    needs: list[Need] = []
    for i, word in enumerate(words):
        if not re.fullmatch(r"(\S*/)?python3?(\.\d+)?", word) or i + 2 > len(words):
            continue
        option = words[i + 1] if i + 1 < len(words) else ""
        if option == "-c" and i + 2 < len(words):
            needs += [
                Need(n.kind, n.item, 1, n.variant) for n in python_needs(words[i + 2], context)
            ]
        elif option == "-m" and i + 2 < len(words):
            module = words[i + 2]
            if module.split(".")[0] in context.roots:
                needs.append(Need("module", module, 1))
                for arg in words[i + 3 :]:
                    if arg in ("&&", "||", ";", "|"):
                        break
                    flag = arg.split("=", 1)[0]
                    if FLAG.match(flag):
                        needs.append(Need("flag", flag, 1))
    return needs


# ---------------------------------------------------------------------------------------
# the instrument


@dataclass
class _Source:
    """One thing checked: a test file or a command, at a turn (None: the acceptance tests)."""

    turn: int | None
    label: str
    needs: list[Need] = field(default_factory=list)
    where_is_line: bool = True


def _file_needs(path: Path, context: _Context) -> list[Need]:
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".py":
        return python_needs(text, context)
    if path.suffix in JS_SUFFIXES:
        return js_needs(text, context)
    return []


def _acceptance_files(directory: Path) -> Iterator[Path]:
    for path in sorted(directory.rglob("*")):
        name = path.name
        if not path.is_file() or "node_modules" in path.parts:
            continue
        python_test = (name.startswith("test_") and name.endswith(".py")) or name.endswith(
            "_test.py"
        )
        if python_test or re.search(r"\.(test|spec)\.[cm]?[jt]sx?$", name):
            yield path


def _sources(loaded: LoadedScript, context: _Context) -> list[_Source]:
    sources = []
    directory = loaded.directory
    for checkpoint in loaded.checkpoints():
        if checkpoint.test_file:
            path = directory / checkpoint.test_file
            if path.is_file():
                sources.append(
                    _Source(checkpoint.at_turn, checkpoint.test_file, _file_needs(path, context))
                )
        elif checkpoint.command:
            label = f"{loaded.path.name}: checkpoint {checkpoint.name or checkpoint.command[:40]!r}"
            needs = command_needs(checkpoint.command, context)
            sources.append(_Source(checkpoint.at_turn, label, needs, where_is_line=False))
    if loaded.acceptance_dir and (directory / loaded.acceptance_dir).is_dir():
        for path in _acceptance_files(directory / loaded.acceptance_dir):
            label = str(path.relative_to(directory))
            sources.append(_Source(None, label, _file_needs(path, context)))
    return sources


def _spoken_by_turn(loaded: LoadedScript) -> list[str]:
    """What the user says at each turn (index 0 is turn 1)."""
    spoken = []
    for turn in loaded.turns():
        prompt = turn.prompt
        parts = [prompt.spoken, prompt.answer or "", prompt.target or "", prompt.edge_case or ""]
        spoken.append("\n".join(p for p in parts if p))
    return spoken


def stated_interfaces(loaded: LoadedScript) -> InstrumentResult:
    """Every name, path, key, status or flag a check needs, and whether the user stated it."""
    started = time.perf_counter()
    context = _context(loaded)
    spoken = _spoken_by_turn(loaded)
    frameworks = context.frameworks
    stated_at: dict[int, Stated] = {}

    def stated(turn: int) -> Stated:
        if turn not in stated_at:
            stated_at[turn] = Stated(spoken[:turn], frameworks)
        return stated_at[turn]

    each_turn = [Stated([text], frameworks) for text in spoken]

    def first_stated(need: Need) -> int | None:
        return next((i + 1 for i, s in enumerate(each_turn) if s.states(need)), None)

    findings: list[Finding] = []
    checked: Counter[str] = Counter()
    unstated: Counter[str] = Counter()
    variants = 0
    for source in _sources(loaded, context):
        turn = source.turn if source.turn is not None else len(spoken)
        said = stated(turn)
        seen: set[tuple[str, str]] = set()
        missing_keys: set[str] = set()
        for need in source.needs:
            if need.variant:
                variants += 1
                continue
            if (need.kind, need.item) in seen:
                continue
            seen.add((need.kind, need.item))
            checked[need.kind] += 1
            if said.states(need):
                continue
            if need.kind == "key":
                parent, _, key = need.item.rpartition(".")
                missing_keys.add(key)
                if parent.rpartition(".")[2] in missing_keys:
                    continue  # error.fields is reported: not each field under it too
            unstated[need.kind] += 1
            later = first_stated(need)
            when = (
                f"at or before turn {turn}"
                if source.turn is not None
                else "in any prompt (acceptance test)"
            )
            message = f"{need.kind} {need.item!r} is not stated {when}"
            if later is not None and source.turn is not None:
                message += f" (first stated at turn {later})"
            where = f"{source.label}:{need.line}" if source.where_is_line else source.label
            findings.append(Finding(message, source.turn, where))
    figures: dict[str, object] = {
        "checked": sum(checked.values()),
        "unstated": sum(unstated.values()),
        "accepted variants": variants,
    }
    for kind in KINDS:
        if checked[kind]:
            figures[f"{kind} checked"] = checked[kind]
            figures[f"{kind} unstated"] = unstated[kind]
    notes = [
        f"agent modules (from references and prompts): {', '.join(sorted(context.roots)) or 'none'}",
        "allowed without being stated: dunder names, HTTP status 200, exit code 0, "
        "framework-generated modules and framework API names of the script's frameworks",
    ]
    return InstrumentResult(
        name=NAME,
        passed=not findings,
        findings=findings,
        figures=figures,
        notes=notes,
        seconds=time.perf_counter() - started,
    )
