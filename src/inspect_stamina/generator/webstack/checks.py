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
from inspect_stamina.generator.webstack.http_harness import harness
from inspect_stamina.generator.webstack.schema import Field, Resource, WebProject


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


def many_row(resource: Resource, body: dict[str, Any]) -> dict[str, Any]:
    """`body` as `database_with_many` stores it: columns by attribute name, each text
    ending in `{n}`, where each copy's number goes (so a unique text stays unique)."""
    row = {f.column(): f.value(body) for f in resource.fields if f.name in body}
    for f in resource.fields:
        if f.kind == "text" and f.name in body:
            row[f.name] = f"{body[f.name]} {{n}}"
    return row


def _table(project: WebProject, resource: Resource) -> str:
    return f"{project.package}_{resource.singular}"


def _columns(resource: Resource, body: dict[str, Any]) -> dict[str, Any]:
    return {f.column(): f.value(body) for f in resource.fields}


__all__ = [
    "Refs",
    "changed",
    "crud_test",
    "field_test",
    "many_row",
    "served",
    "stored_rows_test",
    "test_file",
]
