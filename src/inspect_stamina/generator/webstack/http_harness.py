"""The Python harness every web-stack checkpoint test starts with: the API served over
real HTTP on a database of its own, and the helpers its tests call.

The harness runs in the sandbox as the checker's user; it starts `manage.py` as
subprocesses and judges only what they answer over HTTP.
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.schema import WebProject

HARNESS = '''\
"""Black-box tests of the API over HTTP: every test serves a database of its own."""

import concurrent.futures
import csv
import io
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")
# straight to 127.0.0.1, whatever proxy the environment names
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
KEY = KEY_VALUE
# one migrated database per pytest process, made by whichever test file asks first: every
# file holds its own copy of this harness, and a phase end's run holds dozens of them
_MIGRATED = sys.modules.setdefault(
    "stamina_web_migrated", type(sys)("stamina_web_migrated")
).__dict__


def manage(*args, database):
    """Run manage.py in the workspace on `database`; its output, or the test fails."""
    env = dict(os.environ, DATABASE_PATH=database, PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=WORKSPACE, env=env, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, f"manage.py {' '.join(args)} failed:\\n{run.stdout[-2000:]}{run.stderr[-3000:]}"
    return run.stdout


def migrated_database():
    """A database every migration has run on: made once, copied by each test."""
    if "path" not in _MIGRATED:
        path = os.path.join(tempfile.mkdtemp(prefix="stamina-db-"), "migrated.sqlite3")
        manage("migrate", "--noinput", database=path)
        _MIGRATED["path"] = path
    return _MIGRATED["path"]


_BEFORE_FIELD = """\
from django.db.migrations.loader import MigrationLoader
loader = MigrationLoader(None, ignore_no_migrations=True)
before = "zero"
for node in loader.graph.forwards_plan(loader.graph.leaf_nodes(APP)[-1]):
    if node[0] != APP:
        continue
    model = loader.project_state(node).models.get((APP, MODEL))
    if model is not None and FIELD in model.fields:
        break
    before = node[1]
print("BEFORE=" + before)
"""


def database_with_old_rows(app, model, field, rows):
    """A database migrated to just before the migration that gives `model` its `field`,
    `rows` (table -> list of column dicts) stored with SQL in that layout (the columns it
    has), then migrated to the end: what a deployment with stored records goes through."""
    path = os.path.join(tempfile.mkdtemp(prefix="stamina-db-"), "old.sqlite3")
    code = _BEFORE_FIELD.replace("APP", repr(app)).replace("MODEL", repr(model.lower()))
    out = manage("shell", "-c", code.replace("FIELD", repr(field)), database=path)
    before = out.rsplit("BEFORE=", 1)[-1].strip()
    assert before != "zero", f"{model}.{field} exists from {app}'s first migration on"
    manage("migrate", "--noinput", app, before, database=path)
    with sqlite3.connect(path) as db:
        for table, records in rows.items():
            present = {row[1] for row in db.execute(f'PRAGMA table_info("{table}")')}
            for record in records:
                kept = {k: v for k, v in record.items() if k in present}
                columns = ", ".join(f'"{column}"' for column in kept)
                marks = ", ".join("?" for _ in kept)
                db.execute(f'INSERT INTO "{table}" ({columns}) VALUES ({marks})', list(kept.values()))
    manage("migrate", "--noinput", database=path)
    return path


_MANY_ROWS = """\
from django.apps import apps
for model, row, count in BATCHES:
    Model = apps.get_model(APP, model)
    records = (
        Model(**{k: v.format(n=n) if isinstance(v, str) else v for k, v in row.items()})
        for n in range(count)
    )
    Model.objects.bulk_create(records, batch_size=1000)
"""


def database_with_many(app, batches):
    """A copy of the migrated database holding, for each (model, row, count) of
    `batches`, `count` records of `row` (columns by attribute name), stored through the
    project's own models so that fields added later get their defaults."""
    path = os.path.join(tempfile.mkdtemp(prefix="stamina-db-"), "many.sqlite3")
    shutil.copy(migrated_database(), path)
    code = _MANY_ROWS.replace("APP", repr(app)).replace("BATCHES", repr(batches))
    manage("shell", "-c", code, database=path)
    return path


def _agrees(actual, expected):
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and _agrees(actual[key], value) for key, value in expected.items()
        )
    if isinstance(expected, (list, tuple)):
        return (
            isinstance(actual, (list, tuple))
            and len(actual) == len(expected)
            and all(_agrees(a, e) for a, e in zip(actual, expected))
        )
    return type(actual) is type(expected) and actual == expected


def matches(actual, expected):
    """True when `actual` holds `expected`: every key it names, equal, in records that may
    hold more fields than those (a field added later is not a wrong answer)."""
    if not _agrees(actual, expected):
        raise AssertionError(f"expected {expected!r}, got {actual!r}")
    return True


class Api:
    """The API on a database of its own, served in a subprocess: call it, stop it."""

    def __init__(self, database=None):
        self.home = tempfile.mkdtemp(prefix="stamina-api-")
        self.database = os.path.join(self.home, "db.sqlite3")
        shutil.copy(database or migrated_database(), self.database)
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
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.home, ignore_errors=True)

    def start(self):
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            self.port = free.getsockname()[1]
        env = dict(os.environ, DATABASE_PATH=self.database, PYTHONDONTWRITEBYTECODE="1")
        command = [sys.executable, "manage.py", "runserver", "--noreload", "--skip-checks"]
        with open(os.path.join(self.home, "server.log"), "ab") as log:
            self.process = subprocess.Popen(
                [*command, f"127.0.0.1:{self.port}"],
                cwd=WORKSPACE, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            )
        deadline = time.monotonic() + 20
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with code {self.process.returncode}:\\n{self.log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"the server did not listen in 20 s:\\n{self.log()}") from None
                time.sleep(0.02)

    def log(self):
        with open(os.path.join(self.home, "server.log"), "rb") as log:
            return log.read().decode(errors="replace")[-3000:]

    def __call__(self, method, path, body=None, key=KEY, headers=None):
        """(status, JSON answer or None) of one request; writes send `key` unless it is None."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if key is not None and method != "GET":
            request.add_header("X-Api-Key", key)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with OPENER.open(request, timeout=20) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        if not raw:
            return status, None
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")[:300]

    def text(self, path):
        """(status, content type, body text) of a GET that answers something other than JSON."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}")
        try:
            with OPENER.open(request, timeout=20) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type", ""), error.read().decode(errors="replace")

    def fastest(self, path, tries=5):
        """The shortest of `tries` timed GETs of `path`, in seconds (each must answer 200)."""
        best = float("inf")
        for _ in range(tries):
            began = time.perf_counter()
            status, answer = self("GET", path)
            best = min(best, time.perf_counter() - began)
            assert status == 200, (path, status, answer)
        return best

    def at_once(self, calls):
        """[(status, JSON answer)] of `calls` ((method, path, body) each), sent together."""
        start = threading.Barrier(len(calls))

        def send(call):
            start.wait(timeout=20)
            return self(*call)

        with concurrent.futures.ThreadPoolExecutor(len(calls)) as pool:
            return list(pool.map(send, calls))

    def created(self, path, body):
        """The record a POST of `body` creates (the test fails unless it answers 201)."""
        status, answer = self("POST", path, body)
        assert status == 201, (status, answer)
        return answer
'''


def harness(project: WebProject) -> str:
    """The harness's source with the project's API key."""
    return HARNESS.replace("KEY_VALUE", repr(project.api_key or None))


__all__ = ["HARNESS", "harness"]
