"""The web-stack domain's typed actions: each changes the API model and says how.

An action returns a `Step`: the user's request (every path, field, status and value its
tests need is stated in it, or in an earlier turn the step names), the project after
it, and its tests. The references are rendered from the project, the tests from the
same model, so each step is solvable and each test follows only what was said.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from inspect_stamina.generator.webstack import django_files as files
from inspect_stamina.generator.webstack.checks import (
    Refs,
    changed,
    crud_test,
    field_test,
    served,
    stored_rows_test,
)
from inspect_stamina.generator.webstack.schema import Field, Resource, WebProject, article

Test = tuple[str, list[str]]  # (test name, body lines)


@dataclass(frozen=True)
class Step:
    """One action's request, the project after it and its checkpoint's tests."""

    kind: str  # the action's family ("resource", "field", "filter", ...)
    name: str  # the checkpoint's name
    prompt: str
    project: WebProject
    tests: tuple[Test, ...]
    models_changed: bool = False  # it adds a migration (the test checks them in step)
    # what its tests assert that a later step may change ("limit Book.title", "cascade
    # Book.author"), and what this step changes: a step ends the checks of earlier ones
    # whose assertions it changes
    asserts: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    js_test: str = ""  # a vitest file, in place of `tests` (a frontend step)
    shell: bool = False  # the reference is a script (it installs packages), not files
    py_extra: str = ""  # test source after the harness and `tests`
    setup: str = ""  # a bug report's: bash a teammate's commit runs before the turn
    # a robustness turn's (kind, expect, answer, reply): the request wrapped in a vague,
    # mistaken or contradictory one (robustness.py), and what the oracle replies
    robustness: tuple[str, dict[str, Any], str, str] | None = None
    # a question's (kind "question"): the facts its answer must name, the oracle's reply
    facts: tuple[dict[str, Any], ...] = ()
    reply: str = ""
    # a merge's (the teammate's branch's resource path, the fork turn's checkpoint), and
    # the bash that commits the work and forks his branch before a fork turn
    merge_of: tuple[str, str] | None = None
    fork: str = ""


MIGRATIONS_IN_STEP: Test = (
    "migrations_match_the_models",
    [
        "database = os.path.join(tempfile.mkdtemp(prefix='stamina-db-'), 'check.sqlite3')",
        "manage('makemigrations', '--check', '--dry-run', database=database)",
    ],
)


def _crud_asserts(resource: Resource) -> tuple[str, ...]:
    """What a CRUD test asserts that may change: its text limit, what a parent's deletion does."""
    text = resource.text_field
    found = [f"limit {resource.model}.{text.name}"]
    found += [f"cascade {resource.model}.{f.name}" for f in resource.fields if f.kind == "fk"][:1]
    return tuple(found)


def fields_described(resource: Resource) -> str:
    """A resource's fields as a prompt states them."""
    return "; ".join(f.describe() for f in resource.fields)


def crud_request(resource: Resource) -> str:
    """What a resource's CRUD endpoints do, as a prompt states it."""
    url = f"/api/{resource.path}/"
    return (
        f"`POST {url}` creates one and answers 201 with it, `id` first (ids count from 1); "
        f"`GET {url}` lists them in id order as a JSON array; `GET`, `PATCH` and `DELETE "
        f"{url}<id>/` read one, change the fields given, and delete one (204); an unknown id "
        "answers 404, and a body missing a required field or holding a wrong value answers "
        "400 with DRF's usual error object, keyed by the field's name"
    )


def start(package: str, first: Resource) -> Step:
    """The project's layout, how it is run, and its first resource."""
    project = WebProject(package)
    project = project.with_resource(first)
    project = project.migrated("initial", files.create_model(project, first))
    prompt = (
        f"Start `{package}`, a JSON API on Django and Django REST framework (both installed; "
        "there is no network, so nothing else). Lay it out as a Django project at the root of "
        "the workspace: `manage.py`, the settings and root URLs in a `config` package "
        f"(`config/settings.py`, `config/urls.py`), and the API as the Django app `{package}` "
        f"(`{package}/models.py`, `serializers.py`, `views.py`, `urls.py`, migrations in "
        f"`{package}/migrations/`) with Django's default table names. The database is SQLite at "
        "the path the environment variable `DATABASE_PATH` names (`db.sqlite3` beside manage.py "
        "without it). We run it with `python manage.py migrate`, then `python manage.py runserver "
        "--noreload --skip-checks 127.0.0.1:N`, so 127.0.0.1 must be an allowed host. Everything "
        "is under `/api/` with a slash at the end of every path, JSON in and out; keep the "
        "migrations in step with the models (`python manage.py makemigrations --check` finds "
        f"nothing to do). The first resource: {first.singular}s at `/api/{first.path}/`, with "
        f"{fields_described(first)}. {crud_request(first)}."
    )
    tests = ((f"{first.path}_crud", crud_test(project, first)), MIGRATIONS_IN_STEP)
    return Step(
        "start", f"{first.path} CRUD works", prompt, project, tests, True, _crud_asserts(first)
    )


def plant_key(project: WebProject, key: str) -> Step:
    """The API key, said once: writes will need it when the API is locked down."""
    project = replace(project, api_key=key)
    prompt = (
        "Before I forget: once we lock the API down, clients will send the key "
        f"`{key}` in an `X-Api-Key` header with every write. Put it in `config/settings.py` "
        f'now as `API_KEY = "{key}"`; nothing checks it yet.'
    )
    check = (
        "setting",
        [
            "database = os.path.join(tempfile.mkdtemp(prefix='stamina-db-'), 'check.sqlite3')",
            "code = 'from django.conf import settings; print(settings.API_KEY)'",
            f"assert manage('shell', '-c', code, database=database).split()[-1] == {key!r}",
        ],
    )
    return Step("plant", "API_KEY set", prompt, project, (check,))


README_TEST: Test = (
    "readme_names_the_product_and_how_to_run_it",
    [
        "path = os.path.join(WORKSPACE, 'README.md')",
        "assert os.path.isfile(path), 'there is no README.md at the root'",
        "with open(path, encoding='utf-8') as readme:",
        "    text = readme.read()",
        "for needed in NEEDED:",
        "    assert needed in text, f'README.md does not mention {needed!r}'",
    ],
)


def name_product(project: WebProject, name: str) -> Step:
    """The product's name, said once, in a README that also says how to run the API."""
    project = replace(project, title=name)
    readme = (
        f"# {name}\n\n{name} is a JSON API on Django and Django REST framework.\n\n"
        "## Running it\n\n```\npython manage.py migrate\npython manage.py runserver\n```\n\n"
        "`DATABASE_PATH` names the SQLite file (db.sqlite3 beside manage.py without it).\n"
    )
    project = replace(project, notes={**project.notes, "README.md": readme})
    prompt = (
        f'Marketing has settled the product\'s name: "{name}". Start a `README.md` at the '
        f"root whose first heading is {name}, with a short description and how to run the "
        "API: `python manage.py migrate`, then `python manage.py runserver`, and what "
        "`DATABASE_PATH` does. Keep the name in mind, the frontend will need it later."
    )
    needed = [name, "python manage.py migrate", "python manage.py runserver", "DATABASE_PATH"]
    lines = [f"NEEDED = {needed!r}", *README_TEST[1]]
    return Step("docs", "README names the product", prompt, project, ((README_TEST[0], lines),))


def add_resource(project: WebProject, resource: Resource) -> Step:
    """A new resource, maybe pointing at an existing one, with its CRUD endpoints (its
    writes guarded if the others' are)."""
    resource = replace(resource, guarded=any(r.guarded for r in project.resources))
    project = project.with_resource(resource)
    project = project.migrated(resource.singular, files.create_model(project, resource))
    parents = [f for f in resource.fields if f.kind == "fk"]
    cascade = "".join(
        f" Deleting {article(f.target.lower())} deletes its {resource.path}." for f in parents
    )
    guarded = " Like every resource, its writes need the API key." if resource.guarded else ""
    prompt = (
        f"Next resource: {resource.singular}s at `/api/{resource.path}/`, with "
        f"{fields_described(resource)}.{cascade} As for the others: {crud_request(resource)}.{guarded}"
    )
    tests = ((f"{resource.path}_crud", crud_test(project, resource)), MIGRATIONS_IN_STEP)
    return Step(
        "resource",
        f"{resource.path} CRUD works",
        prompt,
        project,
        tests,
        True,
        _crud_asserts(resource),
    )


def add_field(project: WebProject, model: str, f: Field) -> Step:
    """An optional field with a default; stored records get the default."""
    before = project.resource(model)
    resource = replace(before, fields=(*before.fields, f))
    project = project.with_resource(resource)
    project = project.migrated(
        f"{resource.singular}_{f.name}", files.add_field(project, resource, f)
    )
    prompt = (
        f"{resource.model}s get a new field, {f.describe()}: the {resource.path} already stored "
        "get the default, and every answer about a "
        f"{resource.singular} includes it."
    )
    tests = (
        (f"{resource.singular}_{f.name}", field_test(project, resource, f)),
        (f"stored_{resource.path}_get_the_{f.name}_default", stored_rows_test(project, before, f)),
        MIGRATIONS_IN_STEP,
    )
    limits = (f"limit {model}.{f.name}",) if f.kind == "text" else ()
    return Step(
        "field", f"{resource.singular}.{f.name} works", prompt, project, tests, True, limits
    )


def add_filter(project: WebProject, model: str, name: str) -> Step:
    """`?name=value` on a list keeps the records whose field equals the value."""
    filters = (*project.resource(model).filters, name)
    project, resource, url, refs, ids = changed(project, model, filters=filters)
    f = resource.field(name)
    lines = list(refs.lines)
    if f.kind == "fk":  # a second parent, so the filter has something to leave out
        parent = project.resource(f.target)
        lines.append(f"api.created('/api/{parent.path}/', {parent.minimal(91, ids)!r})")
        values: list[Any] = [1, 2, 1]
        wanted: Any = 1
        query = "1"
    else:
        values = [f.choices[0], f.choices[1], f.choices[0]]
        wanted, query = f.choices[0], f.choices[0]
    bodies = [{**resource.minimal(n, ids), name: v} for n, v in enumerate(values, 1)]
    lines += [f"api.created({url!r}, {b!r})" for b in bodies]
    kept = [resource.answer(n, b) for n, b in enumerate(bodies, 1) if b[name] == wanted]
    lines += [
        f"assert matches(api('GET', {url + '?' + name + '=' + query!r}), (200, {kept!r}))",
        f"assert len(api('GET', {url!r})[1]) == 3",
    ]
    what = "the id of" if f.kind == "fk" else "one of the values of"
    prompt = (
        f"`GET /api/{resource.path}/?{name}=X` should answer only the {resource.path} whose "
        f"`{name}` is X ({what} `{name}`), still in id order; without the parameter it lists "
        "them all as before."
    )
    tests = ((f"{resource.path}_by_{name}", served(lines)),)
    return Step("filter", f"{resource.path} filter by {name}", prompt, project, tests)


def add_search(project: WebProject, model: str, name: str) -> Step:
    """`?search=text` keeps the records whose field contains the text, ignoring case."""
    project, resource, url, refs, ids = changed(project, model, search=name)
    lines = list(refs.lines)
    texts = ["Blue Harbour", "red harbour", "Green Field"]
    bodies = [{**resource.minimal(n, ids), name: t} for n, t in enumerate(texts, 1)]
    lines += [f"api.created({url!r}, {b!r})" for b in bodies]
    kept = [resource.answer(n, b) for n, b in enumerate(bodies, 1) if "harbour" in b[name].lower()]
    lines += [
        f"assert matches(api('GET', {url + '?search=HARBOUR'!r}), (200, {kept!r}))",
        f"assert matches(api('GET', {url + '?search=nothing'!r}), (200, []))",
    ]
    prompt = (
        f"Add a search to the {resource.singular} list: `GET /api/{resource.path}/?search=T` "
        f"answers the {resource.path} whose `{name}` contains T, ignoring case, in id order."
    )
    tests = ((f"{resource.path}_search", served(lines)),)
    return Step("search", f"{resource.path} search", prompt, project, tests)


def add_count(project: WebProject, model: str) -> Step:
    """`GET /api/<path>/count/` answers how many records the list would."""
    project, resource, url, refs, ids = changed(project, model, counted=True)
    lines = list(refs.lines)
    lines.append(f"assert matches(api('GET', {url + 'count/'!r}), (200, {{'count': 0}}))")
    lines += [f"api.created({url!r}, {resource.minimal(n, ids)!r})" for n in (1, 2, 3)]
    lines.append(f"assert api('DELETE', {url + '2/'!r})[0] == 204")
    lines.append(f"assert matches(api('GET', {url + 'count/'!r}), (200, {{'count': 2}}))")
    filtered = ""
    kept = [resource.minimal(n, ids) for n in (1, 3)]  # the second was deleted
    for name in resource.filters:
        if name in kept[0]:
            value = kept[0][name]
            count = sum(body[name] == value for body in kept)
            query = f"{url}count/?{name}={value}"
            lines.append(f"assert matches(api('GET', {query!r}), (200, {{'count': {count}}}))")
            filtered = " It counts with the list's filters too."
            break
    prompt = (
        f'`GET /api/{resource.path}/count/` should answer {{"count": n}}, the number of '
        f"{resource.path} the list would answer for the same query parameters.{filtered}"
    )
    tests = ((f"{resource.path}_count", served(lines)),)
    return Step("count", f"{resource.path} count", prompt, project, tests)


def guard_writes(project: WebProject, turn_of_key: int) -> Step:
    """Writes to every resource now need the key said earlier; reads stay open."""
    project = replace(project, resources=tuple(replace(r, guarded=True) for r in project.resources))
    first = project.resources[0]
    url = f"/api/{first.path}/"
    refs = Refs(project)
    ids = refs.parents(first)
    body = first.minimal(1, ids)
    lines = [
        *refs.lines,
        f"assert api('POST', {url!r}, {body!r}, key=None)[0] == 403",
        f"assert api('POST', {url!r}, {body!r}, key='wrong-key')[0] == 403",
        f"assert matches(api('GET', {url!r}), (200, []))",
        f"assert matches(api('POST', {url!r}, {body!r}), (201, {first.answer(1, body)!r}))",
        f"assert api('DELETE', {url + '1/'!r}, key=None)[0] == 403",
        f"assert api('GET', {url + '1/'!r})[0] == 200",
        f"assert api('DELETE', {url + '1/'!r})[0] == 204",
    ]
    tests = [(f"{first.path}_writes_need_the_key", served(lines))]
    for other in project.resources[1:]:
        refs = Refs(project)
        ids = refs.parents(other)
        sample = other.minimal(1, ids)
        tests.append(
            (
                f"{other.path}_writes_need_the_key",
                served(
                    [
                        *refs.lines,
                        f"assert api('POST', '/api/{other.path}/', {sample!r}, key=None)[0] == 403",
                    ]
                ),
            )
        )
    prompt = (
        "Lock the API down now: every write (POST, PUT, PATCH, DELETE) to any resource, those "
        "we add later included, needs the `X-Api-Key` header to hold the key I gave you in turn "
        f"{turn_of_key}; without it or with another value the API answers 403 and changes "
        "nothing. Reads stay open to everyone."
    )
    return Step("guard", "writes need the key", prompt, project, tuple(tests))


__all__ = [
    "MIGRATIONS_IN_STEP",
    "Step",
    "add_count",
    "add_field",
    "add_filter",
    "add_resource",
    "add_search",
    "guard_writes",
    "name_product",
    "plant_key",
    "start",
]
