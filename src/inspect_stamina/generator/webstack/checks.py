"""The web-stack domain's checkpoint tests: black-box, over real HTTP, one database each.

Every test copies a database that every migration has run on (made once per test run)
and serves it with `manage.py runserver` on a free port; a data migration's test instead
migrates a database to just before the app's last migration, stores rows with SQL in the
old layout, migrates it to the end and serves that. Expected values are literals the
generator computed from the model, never read from the project.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from inspect_stamina.generator.webstack.django_views import protect_message
from inspect_stamina.generator.webstack.schema import Field, Resource, WebProject

HARNESS = '''\
"""Black-box tests of the API over HTTP: every test serves a database of its own."""

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
import time
import urllib.error
import urllib.request

WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")
# straight to 127.0.0.1, whatever proxy the environment names
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
KEY = KEY_VALUE
_MIGRATED = {}


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

    def created(self, path, body):
        """The record a POST of `body` creates (the test fails unless it answers 201)."""
        status, answer = self("POST", path, body)
        assert status == 201, (status, answer)
        return answer
'''


def harness(project: WebProject) -> str:
    """The harness's source with the project's API key."""
    return HARNESS.replace("KEY_VALUE", repr(project.api_key or None))


class Refs:
    """The records a test creates first so that foreign keys have something to name."""

    def __init__(self, project: WebProject) -> None:
        self.project = project
        self.lines: list[str] = []
        self.ids: dict[str, int] = {}

    def need(self, model: str) -> dict[str, int]:
        """Create one record of `model` (and, first, of the models it points at)."""
        resource = self.project.resource(model)
        for f in resource.fields:
            if f.kind == "fk" and f.target not in self.ids:
                self.need(f.target)
        if model not in self.ids:
            body = resource.minimal(90, self.ids)
            self.lines.append(f"api.created({_url(resource)!r}, {_py(body)})")
            self.ids[model] = 1
        return self.ids

    def parents(self, resource: Resource) -> dict[str, int]:
        """The ids the resource's foreign keys name (their records created first)."""
        for f in resource.fields:
            if f.kind == "fk":
                self.need(f.target)
        return self.ids


def changed(
    project: WebProject, model: str, **change: object
) -> tuple[WebProject, Resource, str, Refs, dict[str, int]]:
    """The project with `model`'s resource changed so, that resource, its URL, and the
    records a test creates first for its foreign keys (and their ids)."""
    resource = replace(project.resource(model), **change)  # type: ignore[arg-type]
    project = project.with_resource(resource)
    refs = Refs(project)
    return project, resource, f"/api/{resource.path}/", refs, refs.parents(resource)


def test_file(project: WebProject, tests: Iterable[tuple[str, list[str]]]) -> str:
    """A test module: the harness and one function per (name, body lines)."""
    parts = [harness(project).rstrip("\n")]
    for name, lines in tests:
        parts += ["", "", f"def test_{name}():", *(f"    {line}" for line in lines)]
    return "\n".join(parts) + "\n"


def served(lines: list[str], database: str = "") -> list[str]:
    """Test lines run against a fresh server (on `database`, source, if given)."""
    return [f"with Api({database}) as api:", *(f"    {line}" for line in lines)]


def crud_test(project: WebProject, resource: Resource) -> list[str]:
    """Create, list, read, update, delete one resource's records; unknown ids and bad bodies."""
    refs = Refs(project)
    ids = refs.parents(resource)
    url, lines = _url(resource), list(refs.lines)
    full, least = resource.sample(1, ids), resource.minimal(2, ids)
    first, second = resource.answer(1, full), resource.answer(2, least)
    lines += [
        f"assert matches(api('POST', {url!r}, {_py(full)}), (201, {_py(first)}))",
        f"assert matches(api('POST', {url!r}, {_py(least)}), (201, {_py(second)}))",
        f"assert matches(api('GET', {url!r}), (200, {_py([first, second])}))",
        f"assert matches(api('GET', {url + '2/'!r}), (200, {_py(second)}))",
    ]
    text = resource.text_field
    patch = {text.name: "changed"}
    changed = resource.answer(2, {**least, **patch})
    lines += [
        f"assert matches(api('PATCH', {url + '2/'!r}, {_py(patch)}), (200, {_py(changed)}))",
        f"assert api('DELETE', {url + '1/'!r})[0] == 204",
        f"assert api('GET', {url + '1/'!r})[0] == 404",
        f"assert matches(api('GET', {url!r}), (200, {_py([changed])}))",
        f"status, answer = api('POST', {url!r}, {_py({k: v for k, v in full.items() if k != text.name})})",
        f"assert status == 400 and {text.name!r} in answer, (status, answer)",
        f"status, answer = api('POST', {url!r}, {_py({**full, text.name: 'x' * (text.max_length + 1)})})",
        f"assert status == 400 and {text.name!r} in answer, (status, answer)",
    ]
    link = next((f for f in resource.fields if f.kind == "fk"), None)
    if link is not None:  # what deleting the record it points at does
        parent = project.resource(link.target)
        gone = f"/api/{parent.path}/1/"
        if link.protect:
            message = protect_message(parent, resource)
            lines.append(
                f"assert matches(api('DELETE', {gone!r}), (409, {{'error': {message!r}}}))"
            )
            lines.append(f"assert matches(api('GET', {url!r}), (200, {_py([changed])}))")
        else:
            lines.append(f"assert api('DELETE', {gone!r})[0] == 204")
            lines.append(f"assert matches(api('GET', {url!r}), (200, []))")
    return served(lines)


def field_test(project: WebProject, resource: Resource, f: Field) -> list[str]:
    """A new field: its default, a value kept, a wrong value refused."""
    refs = Refs(project)
    ids = refs.parents(resource)
    url, lines = _url(resource), list(refs.lines)
    without = resource.minimal(3, ids)
    given = {**resource.minimal(4, ids), f.name: resource.sample(4, ids)[f.name]}
    lines += [
        f"assert matches(api('POST', {url!r}, {_py(without)}), (201, {_py(resource.answer(1, without))}))",
        f"assert matches(api('POST', {url!r}, {_py(given)}), (201, {_py(resource.answer(2, given))}))",
        f"assert api('GET', {url + '2/'!r})[1][{f.name!r}] == {_py(given[f.name])}",
    ]
    wrong = _wrong_value(f)
    if wrong is not None:
        lines += [
            f"status, answer = api('POST', {url!r}, {_py({**without, f.name: wrong})})",
            f"assert status == 400 and {f.name!r} in answer, (status, answer)",
        ]
    return served(lines)


def _wrong_value(f: Field) -> Any:
    if f.kind == "int":
        return -1
    if f.kind == "choice":
        return "none of those"
    if f.kind == "text":
        return "x" * (f.max_length + 1)
    return None  # DRF reads many spellings of a boolean: no single wrong one to state


def _url(resource: Resource) -> str:
    return f"/api/{resource.path}/"


def _py(value: Any) -> str:
    """`value` as Python source (JSON's literals written the Python way)."""
    return repr(json.loads(json.dumps(value)))


def stored_rows_test(
    project: WebProject, before: Resource, f: Field, texts: dict[str, tuple[str, str]] | None = None
) -> list[str]:
    """Two records stored before `f` was added to `before` (with SQL, in the old layout)
    answer with `f` filled in once every migration has run (`texts`: their text fields)."""
    after = project.resource(before.model)
    refs = Refs(project)
    ids = refs.parents(after)
    rows: dict[str, list[dict[str, object]]] = {}
    for model in ids:  # the records the old rows point at: id 1 of each model named
        parent = project.resource(model)
        rows[_table(project, parent)] = [{"id": 1, **_columns(parent, parent.sample(90, ids))}]
    old = [before.sample(n, ids) for n in (1, 2)]
    for name, values in (texts or {}).items():
        for body, value in zip(old, values, strict=True):
            body[name] = value
    rows[_table(project, before)] = [{"id": n, **_columns(before, b)} for n, b in enumerate(old, 1)]
    stored = [after.answer(n, b) for n, b in enumerate(old, 1)]
    url = f"/api/{after.path}/"
    return [
        f"rows = {rows!r}",
        f"database = database_with_old_rows({project.package!r}, {after.model!r}, {f.name!r}, rows)",
        *served([f"assert matches(api('GET', {url!r}), (200, {stored!r}))"], "database"),
    ]


def _table(project: WebProject, resource: Resource) -> str:
    return f"{project.package}_{resource.singular}"


def _columns(resource: Resource, body: dict[str, Any]) -> dict[str, Any]:
    return {f.column(): f.value(body) for f in resource.fields}


__all__ = [
    "HARNESS",
    "Refs",
    "changed",
    "crud_test",
    "field_test",
    "harness",
    "served",
    "stored_rows_test",
    "test_file",
]
