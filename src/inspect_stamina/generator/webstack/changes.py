"""The web-stack domain's later changes to what exists: a slug filled in by a data
migration, a raised text limit, sorting, nested lists, a unique field and a protected
deletion. Like `actions.py`'s, each returns a `Step` whose request states what its tests
use; the steps that change an earlier check's assertion say so in `changes`.
"""

from __future__ import annotations

from dataclasses import replace

from inspect_stamina.generator.webstack import django_files as files
from inspect_stamina.generator.webstack.actions import MIGRATIONS_IN_STEP, Step
from inspect_stamina.generator.webstack.checks import Refs, changed, served, stored_rows_test
from inspect_stamina.generator.webstack.django_views import protect_message
from inspect_stamina.generator.webstack.schema import Field, WebProject, article, slugify


def derive_slug(project: WebProject, model: str, source: str, length: int) -> Step:
    """A read-only slug computed from a text field, filled in for stored records by a
    data migration."""
    resource = project.resource(model)
    f = Field("slug", "text", default="", max_length=length, derived=source)
    before = resource
    resource = replace(resource, fields=(*resource.fields, f))
    project = project.with_resource(resource)
    fill = f"fill_{resource.singular}_slugs"
    function = (
        f"\n\ndef {fill}(apps, schema_editor):\n"
        f'    """Give every stored {resource.singular} the slug of its {source}."""\n'
        f'    model = apps.get_model("{project.package}", "{resource.model}")\n'
        "    for record in model.objects.all():\n"
        f'        record.slug = re.sub(r"[^a-z0-9]+", "-", record.{source}.lower()).strip("-")\n'
        '        record.save(update_fields=["slug"])\n'
    )
    project = project.migrated(
        f"{resource.singular}_slug",
        files.add_field(project, resource, f),
        f"        migrations.RunPython({fill}, migrations.RunPython.noop),",
        imports=(function,),
    )
    url = f"/api/{resource.path}/"
    refs = Refs(project)
    ids = refs.parents(resource)
    migrated = stored_rows_test(
        project, before, f, {source: ("Hello, World!", "  Tea & Cakes 2  ")}
    )
    new = {**resource.minimal(3, ids), source: "Some New Title"}
    answer = resource.answer(1, new)
    given = {**new, "slug": "not-this"}
    lines = [
        *refs.lines,
        f"assert matches(api('POST', {url!r}, {given!r}), (201, {answer!r}))",
        f"assert api('PATCH', {url + '1/'!r}, {{{source!r}: 'Renamed 2'}})[1]['slug'] == 'renamed-2'",
    ]
    prompt = (
        f"Give {resource.path} a {f.describe()}. Clients cannot set it (a `slug` they send is "
        f"ignored); it follows every change of `{source}`. Fill it in for the {resource.path} "
        "already stored with a data migration: "
        f'"Hello, World!" becomes "{slugify("Hello, World!")}".'
    )
    tests = (
        (f"stored_{resource.path}_get_slugs", migrated),
        (f"{resource.singular}_slug_follows_the_{source}", served(lines)),
        MIGRATIONS_IN_STEP,
    )
    return Step("data_migration", f"{resource.singular} slugs", prompt, project, tests, True)


def lengthen(project: WebProject, model: str, name: str, length: int) -> Step:
    """A text field's limit raised (an AlterField migration)."""
    resource = project.resource(model)
    old = resource.field(name)
    f = replace(old, max_length=length)
    resource = resource.with_field(f)
    project = project.with_resource(resource)
    project = project.migrated(
        f"alter_{resource.singular}_{name}", files.alter_field(project, resource, f)
    )
    url = f"/api/{resource.path}/"
    refs = Refs(project)
    ids = refs.parents(resource)
    fits = {**resource.minimal(1, ids), name: "y" * length}
    lines = [
        *refs.lines,
        f"assert matches(api('POST', {url!r}, {fits!r}), (201, {resource.answer(1, fits)!r}))",
        f"status, answer = api('POST', {url!r}, { ({**fits, name: 'y' * (length + 1)})!r})",
        f"assert status == 400 and {name!r} in answer, (status, answer)",
    ]
    prompt = (
        f"{old.max_length} characters is too short for {article(resource.singular)}'s `{name}`: allow "
        f"up to {length} (one more is still a 400)."
    )
    tests = ((f"{resource.singular}_{name}_up_to_{length}", served(lines)), MIGRATIONS_IN_STEP)
    limit = (f"limit {model}.{name}",)
    return Step(
        "alter", f"{resource.singular}.{name} longer", prompt, project, tests, True, limit, limit
    )


def add_ordering(project: WebProject, model: str, name: str) -> Step:
    """`?ordering=F` and `-F` sort a list by a field, ties in id order."""
    orderings = (*project.resource(model).orderings, name)
    project, resource, url, refs, ids = changed(project, model, orderings=orderings)
    f = resource.field(name)
    values = ["pear", "Apple", "fig", "apple"] if f.kind == "text" else [5, 2, 9, 2]
    bodies = [{**resource.minimal(n, ids), name: v} for n, v in enumerate(values, 1)]
    records = [resource.answer(n, b) for n, b in enumerate(bodies, 1)]
    up = sorted(records, key=lambda r: (r[name], r["id"]))
    down = sorted(records, key=lambda r: (_negated(r[name]), r["id"]))
    lines = [*refs.lines, *(f"api.created({url!r}, {b!r})" for b in bodies)]
    lines += [
        f"assert matches(api('GET', {url + '?ordering=' + name!r}), (200, {up!r}))",
        f"assert matches(api('GET', {url + '?ordering=-' + name!r}), (200, {down!r}))",
        f"assert matches(api('GET', {url!r}), (200, {records!r}))",
    ]
    how = "by code point, so capitals first" if f.kind == "text" else "by value"
    prompt = (
        f"Let clients sort the {resource.singular} list: `GET /api/{resource.path}/?ordering="
        f"{name}` sorts by `{name}` ({how}), `?ordering=-{name}` the other way round, ties in "
        "id order either way; without it the list stays in id order."
    )
    tests = ((f"{resource.path}_ordered_by_{name}", served(lines)),)
    return Step("ordering", f"{resource.path} ordered by {name}", prompt, project, tests)


def _negated(value: object) -> object:
    if isinstance(value, int):
        return -value
    return tuple(-ord(c) for c in str(value)) + (1,)


def add_nested(project: WebProject, parent_model: str, child_model: str) -> Step:
    """`GET /api/<parents>/<id>/<children>/` lists one parent's children."""
    parent, child = project.resource(parent_model), project.resource(child_model)
    parent = replace(parent, nested=(*parent.nested, child.path))
    project = project.with_resource(parent)
    link = next(f for f in child.fields if f.kind == "fk" and f.target == parent_model)
    refs = Refs(project)
    ids = refs.parents(child)
    base = f"/api/{parent.path}/"
    lines = [*refs.lines, f"api.created({base!r}, {parent.minimal(91, ids)!r})"]
    bodies = [{**child.minimal(n, ids), link.name: owner} for n, owner in enumerate((2, 1, 2), 1)]
    lines += [f"api.created('/api/{child.path}/', {b!r})" for b in bodies]
    mine = [child.answer(n, b) for n, b in enumerate(bodies, 1) if b[link.name] == 2]
    lines += [
        f"assert matches(api('GET', {base + '2/' + child.path + '/'!r}), (200, {mine!r}))",
        f"assert api('GET', {base + '99/' + child.path + '/'!r})[0] == 404",
    ]
    prompt = (
        f"`GET /api/{parent.path}/<id>/{child.path}/` should list the {child.path} of one "
        f"{parent.singular} (those whose `{link.name}` is that id) in id order, answered as "
        f"`/api/{child.path}/` answers them; an unknown {parent.singular} answers 404."
    )
    tests = ((f"{parent.singular}_{child.path}", served(lines)),)
    return Step("nested", f"{parent.singular} {child.path} listed", prompt, project, tests)


def make_unique(project: WebProject, model: str, name: str) -> Step:
    """A text field no two records may share (an AlterField migration)."""
    resource = project.resource(model)
    f = replace(resource.field(name), unique=True)
    resource = resource.with_field(f)
    project = project.with_resource(resource)
    project = project.migrated(
        f"unique_{resource.singular}_{name}", files.alter_field(project, resource, f)
    )
    url = f"/api/{resource.path}/"
    refs = Refs(project)
    ids = refs.parents(resource)
    first = {**resource.minimal(1, ids), name: "Only One"}
    again = {**resource.minimal(2, ids), name: "Only One"}
    other = {**resource.minimal(3, ids), name: "only one"}
    lines = [
        *refs.lines,
        f"api.created({url!r}, {first!r})",
        f"status, answer = api('POST', {url!r}, {again!r})",
        f"assert status == 400 and {name!r} in answer, (status, answer)",
        f"assert matches(api('POST', {url!r}, {other!r}), (201, {resource.answer(2, other)!r}))",
        f"status, answer = api('PATCH', {url + '2/'!r}, {{{name!r}: 'Only One'}})",
        f"assert status == 400 and {name!r} in answer, (status, answer)",
    ]
    prompt = (
        f"No two {resource.path} may share a `{name}` any more (compared exactly, so case "
        f"counts): a create or change that would repeat one answers 400 keyed by `{name}`."
    )
    tests = ((f"{resource.singular}_{name}_unique", served(lines)), MIGRATIONS_IN_STEP)
    return Step("unique", f"{resource.singular}.{name} unique", prompt, project, tests, True)


def protect_parent(project: WebProject, child_model: str) -> Step:
    """Deleting a parent that still has children is refused (409) instead of cascading."""
    child = project.resource(child_model)
    link = next(f for f in child.fields if f.kind == "fk")
    f = replace(link, protect=True)
    child = child.with_field(f)
    project = project.with_resource(child)
    project = project.migrated(
        f"protect_{child.singular}_{f.name}", files.alter_field(project, child, f)
    )
    parent = project.resource(f.target)
    message = protect_message(parent, child)
    refs = Refs(project)
    ids = refs.parents(child)
    base = f"/api/{parent.path}/"
    lines = [
        *refs.lines,
        f"api.created({base!r}, {parent.minimal(91, ids)!r})",
        f"api.created('/api/{child.path}/', {child.minimal(1, ids)!r})",
        f"assert matches(api('DELETE', {base + '1/'!r}), (409, {{'error': {message!r}}}))",
        f"assert api('GET', {base + '1/'!r})[0] == 200",
        f"assert len(api('GET', '/api/{child.path}/')[1]) == 1",
        f"assert api('DELETE', {base + '2/'!r})[0] == 204",
        f"assert api('DELETE', '/api/{child.path}/1/')[0] == 204",
        f"assert api('DELETE', {base + '1/'!r})[0] == 204",
    ]
    prompt = (
        f"Deleting {article(parent.singular)} must no longer delete its {child.path}: while any "
        f"{child.singular} still points at it, `DELETE /api/{parent.path}/<id>/` answers 409 "
        f'with {{"error": "{message}"}} and deletes nothing; without any it deletes as before.'
    )
    tests = ((f"{parent.singular}_with_{child.path}_kept", served(lines)), MIGRATIONS_IN_STEP)
    cascade = (f"cascade {child.model}.{f.name}",)
    return Step(
        "protect",
        f"{parent.singular} deletion protected",
        prompt,
        project,
        tests,
        True,
        (),
        cascade,
    )


__all__ = [
    "add_nested",
    "add_ordering",
    "derive_slug",
    "lengthen",
    "make_unique",
    "protect_parent",
]
