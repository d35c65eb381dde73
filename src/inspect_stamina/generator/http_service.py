"""A Python package served over HTTP: a language whose functions are request handlers.

The project is a JSON-over-HTTP service written with the standard library only: each
function of the model is a handler `name(store, params, body)` returning `(status,
payload)`, answering the request its template's `route` names; `server.py` holds the
route table and the JSON plumbing, `store.py` the records. The tests are black-box: each
starts the service in a subprocess (`python -m PACKAGE.server --port N --data FILE`) on
a free port, sends real requests with urllib and compares status and JSON body.

A case is Python source over `api`, the running service: its lines are requests (a line
may assert one already), `api.restart()` or a loop; the last line is the request whose
`(status, body)` must equal the case's expected value.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from inspect_stamina.generator.languages import Python, TestGroup, _forbidden
from inspect_stamina.generator.model import FunctionTemplate, Project

# a project function of this name opens the store from `--data` (persistence); without
# one the records live in memory only
STORE_OPENER = "open_store"

_HARNESS = '''\
"""Black-box tests of the service over HTTP: every test starts a fresh server."""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")
# straight to 127.0.0.1, whatever proxy the environment names
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Service:
    """The service under test in a subprocess of its own: call it, restart it, stop it."""

    def __init__(self, package):
        self.package = package
        self.home = tempfile.mkdtemp(prefix="stamina-service-")
        self.process = None
        self.port = 0

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc_info):
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)

    def start(self):
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            self.port = free.getsockname()[1]
        command = [sys.executable, "-m", self.package + ".server", "--port", str(self.port)]
        command += ["--data", os.path.join(self.home, "state.json")]
        with open(os.path.join(self.home, "server.log"), "ab") as log:
            self.process = subprocess.Popen(
                command, cwd=WORKSPACE, stdin=subprocess.DEVNULL, stdout=log, stderr=log
            )
        deadline = time.monotonic() + 10
        while True:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise AssertionError(f"the server exited with code {code}:\\n{self.log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"the server did not listen on port {self.port} in 10 s:\\n{self.log()}"
                    ) from None
                time.sleep(0.01)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def log(self):
        with open(os.path.join(self.home, "server.log"), "rb") as log:
            return log.read()[-2000:].decode("utf-8", "replace")

    def __call__(self, method, path, body=None):
        """(status, body) of one request: the JSON body decoded, None when it is empty."""
        data = None if body is None else json.dumps(body).encode()
        url = f"http://127.0.0.1:{self.port}{path}"
        request = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with OPENER.open(request, timeout=10) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        text = raw.decode("utf-8", "replace")
        if not text:
            return status, None
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text
'''

_STORE = '''\
"""The service's records in memory: a table per collection, ids counted from 1."""


class Store:
    """Records by collection; every change is announced to the listeners (persistence)."""

    def __init__(self):
        self.tables = {}
        self.next_ids = {}
        self.listeners = []

    def table(self, collection):
        """The collection's records by id (the live dict)."""
        return self.tables.setdefault(collection, {})

    def records(self, collection):
        """The collection's records in id order."""
        table = self.table(collection)
        return [table[key] for key in sorted(table)]

    def find(self, collection, record_id):
        """The record whose id is this number or text, or None when there is none."""
        text = str(record_id)
        return self.table(collection).get(int(text)) if text.isdigit() else None

    def add(self, collection, fields):
        """A new record with the collection's next id; returns it."""
        record_id = self.next_ids.get(collection, 1)
        self.next_ids[collection] = record_id + 1
        record = {"id": record_id, **fields}
        self.table(collection)[record_id] = record
        self.changed()
        return record

    def update(self, collection, record_id, fields):
        """Set fields of a record; returns it."""
        record = self.table(collection)[record_id]
        record.update(fields)
        self.changed()
        return record

    def remove(self, collection, record_id):
        """Delete a record."""
        del self.table(collection)[record_id]
        self.changed()

    def changed(self):
        """Tell every listener that the records changed."""
        for listener in self.listeners:
            listener()

    def dump(self):
        """Every record and the next ids, as JSON-ready data."""
        tables = {name: self.records(name) for name in self.tables}
        return {"tables": tables, "next_ids": dict(self.next_ids)}

    def load(self, data):
        """Replace every record and the next ids with dumped data."""
        self.tables = {
            name: {record["id"]: record for record in records}
            for name, records in data["tables"].items()
        }
        self.next_ids = dict(data["next_ids"])
'''

_SERVER = '''\
"""The HTTP server of {package}: the route table and the JSON around the handlers.

Run from the project root: python -m {package}.server --port 8000 --data state.json
"""

import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

{imports}
# (method, path, handler): a {{name}} segment is a path parameter; literal segments win
ROUTES = [
{routes}]


def match(pattern, path):
    """The path parameters when the path fits the pattern, else None."""
    want, have = pattern.strip("/").split("/"), path.strip("/").split("/")
    if len(want) != len(have):
        return None
    params = {{}}
    for part, value in zip(want, have):
        if part.startswith("{{") and part.endswith("}}"):
            params[part[1:-1]] = value
        elif part != value:
            return None
    return params


def resolve(method, path):
    """The handler of a request and its path parameters; (None, {{}}) when none fits."""
    found = []
    for verb, pattern, handler in ROUTES:
        params = match(pattern, path) if verb == method else None
        if params is not None:
            found.append((len(params), handler, params))
    if not found:
        return None, {{}}
    _, handler, params = min(found, key=lambda fit: fit[0])
    return handler, params


class Handler(BaseHTTPRequestHandler):
    """One request: JSON in, the handler's (status, payload) out as JSON."""

    store = None

    def answer(self, method):
        """Route the request, run its handler and send what it returns."""
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        handler, params = resolve(method, url.path)
        if handler is None:
            status, payload = 404, {{"error": "not found"}}
        else:
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                status, payload = 400, {{"error": "the body is not JSON"}}
            else:
                params = {{**dict(parse_qsl(url.query)), **params}}
                try:
                    status, payload = handler(self.store, params, body)
                except Exception:  # a handler's defect answers 500; the server keeps serving
                    status, payload = 500, {{"error": "internal server error"}}
        data = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        if payload is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        """Answer a GET."""
        self.answer("GET")

    def do_POST(self):
        """Answer a POST."""
        self.answer("POST")

    def do_PATCH(self):
        """Answer a PATCH."""
        self.answer("PATCH")

    def do_DELETE(self):
        """Answer a DELETE."""
        self.answer("DELETE")

    def log_message(self, format, *args):
        """No request log: clients read the responses."""


def main(argv=None):
    """Serve on 127.0.0.1 until stopped."""
    parser = argparse.ArgumentParser(description="The {package} JSON API.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", help="the JSON file the records are kept in")
    args = parser.parse_args(argv)
    Handler.store = {store}
    with ThreadingHTTPServer(("127.0.0.1", args.port), Handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
'''


class HttpService(Python):
    """A standard-library JSON-over-HTTP service in Python, tested black-box over HTTP."""

    purpose = "a small JSON-over-HTTP service"
    # a teammate's handler would need its route in server.py too, which the merge
    # challenge's patch (a function and an export) does not write
    merges = False

    def intro(self, package: str) -> str:
        """The service, how it is started, and the handler convention."""
        return (
            f"Start `{package}`, a small JSON-over-HTTP service in Python using the standard "
            "library only (http.server and json: no frameworks, nothing to install). Run from "
            f"the project root, `python -m {package}.server --port N --data FILE` serves it on "
            "127.0.0.1:N; FILE is the JSON file it will keep its records in once we add "
            "persistence, so accept the option from the start. Requests and responses are "
            'JSON and an error answers a 4xx status with {"error": "<message>"}. Each endpoint '
            "is a handler `name(store, params, body)` returning `(status, payload)`, and "
            f"`{package}/server.py` holds the route table"
        )

    def feature_asks(self, package: str, template: FunctionTemplate) -> tuple[str, ...]:
        """An endpoint and its handler, or (no route) a part of the service."""
        name, where = f"`{template.name}({template.params})`", f"{package}/{template.module}.py"
        if not template.route:
            return (
                f"Add persistence: {name} in `{where}` {template.summary}. The server calls "
                "it with the `--data` file when it starts. Export it from the package.",
                f"Next, the records must survive a restart. Write {name} in {where}: it "
                f"{template.summary}; the server uses it at start. Export it too.",
                f"We need persistence. {name} in `{where}` {template.summary}. Call it from "
                f"`{package}/server.py` with the `--data` file and export it from `{package}`.",
            )
        route = _shown(template.route)
        return (
            f"Add the endpoint `{route}`: it {template.summary}. Write its handler "
            f"{name} in `{where}`, add it to the route table and export it from the package.",
            f"Next, `{route}`, which {template.summary}. The handler is {name} in "
            f"{where}; export it from `{package}` too.",
            f"We need `{route}`: it {template.summary}. Call the handler {name}, put "
            f"it in `{where}`, route it in `{package}/server.py` and export it from `{package}`.",
        )

    def probe_ask(self, package: str, template: FunctionTemplate) -> str:
        """The endpoint, without the constant's value."""
        return (
            f"Add the endpoint `{_shown(template.route)}`: it {template.summary}. Its handler is "
            f"`{template.name}({template.params})` in `{package}/{template.module}.py`; "
            "export it too."
        )

    def render(self, project: Project) -> dict[str, str]:
        """The package as Python's (handler modules, `__init__.py` exporting them,
        `config.py`), with `store.py` and `server.py` and its route table."""
        pkg = project.package
        return {
            **super().render(project),
            f"{pkg}/store.py": _STORE,
            f"{pkg}/server.py": _server(project),
        }

    def module(self, project: Project, module: str) -> str:
        """A module of handlers, importing the constants and the store they use."""
        pkg, names = project.package, project.names_in(module)
        uses = [f"from {pkg}.config import {c}" for c in project.constants_used_in(module)]
        if any("Store(" in project.functions[n].body for n in names):
            uses.append(f"from {pkg}.store import Store")
        parts = [
            f'"""The {pkg} service: {module}."""\n'
            + ("\n" + "\n".join(uses) + "\n" if uses else "")
        ]
        for name in names:
            template = project.functions[name].template
            doc = f"Answer {template.route}." if template.route else "Open the records."
            parts.append(
                f'\ndef {name}({template.params}):\n    """{doc}"""\n{project.functions[name].body}\n'
            )
        return "\n".join(parts)

    def test(self, package: str, groups: Sequence[TestGroup], suite: str = "") -> str:
        """One test per case, each with a fresh server (pytest's JUnit XML names the file)."""
        lines = [_HARNESS.rstrip("\n")]
        for names, cases, raises in groups:
            assert not raises, "a service's rejections are cases with a 4xx status"
            for name in names:
                for i, (steps, expected) in enumerate(cases, 1):
                    *setup, last = steps.split("\n")
                    lines += ["", "", f"def test_{name}_{i}():"]
                    lines.append(f"    with Service({package!r}) as api:")
                    lines += [f"        {line}" for line in setup]
                    lines.append(f"        assert {last} == {expected}")
        return "\n".join(lines) + "\n"

    def rules(self, package: str) -> list[dict[str, Any]]:
        """Python's rules, and the standard library only (the sandbox has no network)."""
        return [
            *super().rules(package),
            _forbidden(
                "stdlib_only",
                "The service uses the standard library only: no web framework or HTTP client.",
                "^\\s*(from|import)\\s+(flask|fastapi|django|aiohttp|bottle|starlette|requests)\\b",
                f"{package}/**/*.py",
            ),
        ]


def _shown(route: str) -> str:
    """A route as a prompt shows it: `<id>` for a path parameter, since `{id}` in a prompt
    is a template variable."""
    return re.sub(r"\{(\w+)\}", r"<\1>", route)


def _server(project: Project) -> str:
    """server.py: the live handlers' routes, and the store (from --data once persisted)."""
    pkg = project.package
    routed = [(n, f) for n, f in project.functions.items() if f.template.route]
    modules: dict[str, list[str]] = {}
    for name, function in routed:
        modules.setdefault(function.module, []).append(name)
    opener = project.functions.get(STORE_OPENER)
    if opener is not None:
        modules.setdefault(opener.module, []).append(STORE_OPENER)
        store = f"{STORE_OPENER}(args.data)"
    else:
        modules["store"] = ["Store"]
        store = "Store()"
    imports = "".join(
        f"from {pkg}.{module} import {', '.join(sorted(names))}\n"
        for module, names in sorted(modules.items())
    )
    routes = "".join(
        f'    ("{verb}", "{path}", {name}),\n'
        for name, function in routed
        for verb, path in [function.template.route.split(" ", 1)]
    )
    return _SERVER.format(package=pkg, imports=imports, routes=routes, store=store)
