"""The fixed text of a service project's files: its store, its server and its tests' harness.

Every generated service ships `store.py` as it is and `server.py` from the template
(its imports, routes and store filled in); every test file starts with the harness.
"""

from __future__ import annotations

import re
import textwrap

TEST_HARNESS = '''\
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

STORE_SOURCE = '''\
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


# version 3's store format change: the second layout written, both read
_SECOND_LAYOUT_IO = '''\
    def dump(self):
        """Every record and the next ids, as JSON-ready data (the second layout)."""
        collections = {
            name: {"next_id": self.next_ids.get(name, 1), "records": self.records(name)}
            for name in sorted(set(self.tables) | set(self.next_ids))
        }
        return {"format": 2, "collections": collections}

    def load(self, data):
        """Replace every record and the next ids with dumped data, in either layout."""
        if "collections" in data:
            kinds = data["collections"]
            records = {name: kind["records"] for name, kind in kinds.items()}
            next_ids = {name: kind["next_id"] for name, kind in kinds.items()}
        else:  # the first layout, of files written before the change
            records, next_ids = data["tables"], data["next_ids"]
        self.tables = {
            name: {record["id"]: record for record in listed}
            for name, listed in records.items()
        }
        self.next_ids = dict(next_ids)
'''
SECOND_LAYOUT_STORE_SOURCE = (
    STORE_SOURCE[: STORE_SOURCE.index("    def dump(self):")] + _SECOND_LAYOUT_IO
)


def _locked(source: str) -> str:
    """The store with every change made under one lock (version 3's concurrency fix)."""
    source = source.replace(
        '1."""\n',
        "1.\n\nEvery change is made under one lock: the server answers requests concurrently.\n"
        '"""\n\nimport threading\n',
        1,
    )
    source = source.replace(
        "        self.listeners = []\n",
        "        self.listeners = []\n        self.lock = threading.RLock()\n",
        1,
    )
    for method in ("add", "update", "remove"):
        head = re.search(rf"    def {method}\(self.*\n        \"\"\".*\"\"\"\n", source)
        assert head is not None, method
        end = source.index("\n\n", head.end())
        body = textwrap.indent(source[head.end() : end], "    ")
        source = f"{source[: head.end()]}        with self.lock:\n{body}{source[end:]}"
    return source


LOCKED_STORE_SOURCE = _locked(STORE_SOURCE)
LOCKED_SECOND_LAYOUT_STORE_SOURCE = _locked(SECOND_LAYOUT_STORE_SOURCE)

# a teammate's stopgap (version 3's concurrency fix): the server answers one request at a
# time, inserted above server.py's main guard by the turn's setup
SERIAL_SERVER = """\
# {who}: one request at a time while I chase the duplicate ids
import socketserver as _serial_socketserver

_serial_socketserver.ThreadingMixIn.process_request = (
    _serial_socketserver.BaseServer.process_request
)
"""

# the request log of server.py: none at first; from version 3's late security fix, every
# request line on stderr with the value of a `token` query parameter redacted
QUIET_LOG = '''\
    def log_message(self, format, *args):
        """No request log: clients read the responses."""
'''
REDACTED_LOG = '''\
    def log_message(self, format, *args):
        """The request log on stderr, the value of a `token` query parameter redacted."""
        import re
        import sys

        line = re.sub(r"(token=)[^&\\s]*", r"\\1[REDACTED]", format % args)
        sys.stderr.write(f"{self.address_string()} - {line}\\n")
'''
# a teammate's debugging aid (version 3's late security fix): every request line on stderr,
# tokens and all, inserted above server.py's main guard by the turn's setup
DEBUG_LOG = """\
# {who}: log every request while we debug staging
import http.server as _debug_http
import sys as _debug_sys


def _debug_log_request(self, code="-", size="-"):
    _debug_sys.stderr.write(f'{{self.address_string()}} - "{{self.requestline}}" {{code}} {{size}}\\n')


_debug_http.BaseHTTPRequestHandler.log_request = _debug_log_request
"""

# a str.format template, hence its doubled braces
SERVER_TEMPLATE = '''\
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

{log_message}

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
