"""More of a collection's endpoints: range and true/false filters, value counts, bulk
creation, a CSV export and its guard against spreadsheet formulas.

Each action states the query parameters, paths, statuses and cell formats its test
uses; the tests compare only what the action defines (records by the fields the test
knows, CSV by column name), so a field added later changes none of them.
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.actions import Step
from inspect_stamina.generator.webstack.checks import changed, served
from inspect_stamina.generator.webstack.schema import Resource, WebProject, article

# what a spreadsheet would run as a formula, and what the export writes in its place
FORMULAS = ("=1+1", "+SUM(A1)", "-2+3", "@NOW()")


def add_range(project: WebProject, model: str, name: str) -> Step:
    """`?min_F=` and `?max_F=` bound the list by a whole-number field, both included."""
    ranges = (*project.resource(model).ranges, name)
    project, resource, url, refs, ids = changed(project, model, ranges=ranges)
    bodies = [resource.sample(n, ids) for n in (1, 2, 3)]
    answers = [resource.answer(n, body) for n, body in enumerate(bodies, 1)]
    values = [body[name] for body in bodies]  # 4, 7, 10: rising with the id
    lines = [*refs.lines, *(f"api.created({url!r}, {body!r})" for body in bodies)]
    for query, kept in (
        (f"min_{name}={values[1] - 1}", answers[1:]),
        (f"max_{name}={values[1]}", answers[:2]),
        (f"min_{name}={values[1]}&max_{name}={values[1]}", answers[1:2]),
        (f"min_{name}={values[2] + 1}", []),
    ):
        lines.append(f"assert matches(api('GET', {url + '?' + query!r}), (200, {kept!r}))")
    lines += [
        f"assert api('GET', {url + f'?min_{name}=many'!r})[0] == 400",
        f"assert api('GET', {url + f'?max_{name}=1.5'!r})[0] == 400",
    ]
    prompt = (
        f"`GET /api/{resource.path}/` should take `?min_{name}=N` and `?max_{name}=N`: only the "
        f"{resource.path} whose `{name}` is at least N, or at most N, bounds included, "
        "either alone or both together, still in id order. A bound that is not a whole "
        "number (`many`, `1.5`) answers 400."
    )
    tests = ((f"{resource.path}_by_{name}", served(lines)),)
    return Step("range", f"{resource.path} bounded by {name}", prompt, project, tests)


def add_flag(project: WebProject, model: str, name: str) -> Step:
    """`?F=true` / `?F=false` keeps the records whose true/false field is so."""
    flags = (*project.resource(model).flags, name)
    project, resource, url, refs, ids = changed(project, model, flags=flags)
    bodies = [{**resource.sample(n, ids), name: n != 2} for n in (1, 2, 3)]
    answers = [resource.answer(n, body) for n, body in enumerate(bodies, 1)]
    lines = [*refs.lines, *(f"api.created({url!r}, {body!r})" for body in bodies)]
    for value, kept in (("true", [answers[0], answers[2]]), ("false", [answers[1]])):
        lines.append(f"assert matches(api('GET', {f'{url}?{name}={value}'!r}), (200, {kept!r}))")
    lines.append(f"assert api('GET', {f'{url}?{name}=maybe'!r})[0] == 400")
    prompt = (
        f"`GET /api/{resource.path}/?{name}=true` should list only the {resource.path} whose "
        f"`{name}` is true, and `?{name}=false` those where it is false, still in id order; "
        "any other value (`maybe`, `1`, `yes`) answers 400."
    )
    tests = ((f"{resource.path}_flag_{name}", served(lines)),)
    return Step("flag", f"{resource.path} filter on {name}", prompt, project, tests)


def add_stats(project: WebProject, model: str, name: str) -> Step:
    """`GET /api/<path>/stats/` counts the records holding each value of a choice field."""
    stats = (*project.resource(model).stats, name)
    project, resource, url, refs, ids = changed(project, model, stats=stats)
    choices = resource.field(name).choices
    values = [choices[0], choices[1], choices[0]]
    bodies = [{**resource.sample(n, ids), name: v} for n, v in enumerate(values, 1)]
    counts = {c: values.count(c) for c in choices}
    lines = [
        *refs.lines,
        f"assert matches(api('GET', {url + 'stats/'!r}), (200, {{{name!r}: {dict.fromkeys(choices, 0)!r}}}))",
        *(f"api.created({url!r}, {body!r})" for body in bodies),
        f"assert matches(api('GET', {url + 'stats/'!r}), (200, {{{name!r}: {counts!r}}}))",
    ]
    prompt = (
        f"`GET /api/{resource.path}/stats/` should answer, under the key `{name}`, how many "
        f"{resource.path} hold each of its values, every value listed, 0 included: "
        + "{"
        + f'"{name}": {{'
        + ", ".join(f'"{c}": n' for c in choices)
        + "}}."
    )
    tests = ((f"{resource.path}_stats_{name}", served(lines)),)
    return Step("stats", f"{resource.path} stats of {name}", prompt, project, tests)


def add_bulk(project: WebProject, model: str) -> Step:
    """`POST /api/<path>/bulk/` creates an array of records, all of them or none."""
    project, resource, url, refs, ids = changed(project, model, bulk=True)
    good = [resource.sample(n, ids) for n in (1, 2)]
    answers = [resource.answer(n, body) for n, body in enumerate(good, 1)]
    text = resource.text_field.name
    bad = {**resource.sample(4, ids), text: None}
    lines = [
        *refs.lines,
        f"assert matches(api('POST', {url + 'bulk/'!r}, {good!r}), (201, {answers!r}))",
        f"assert matches(api('GET', {url!r}), (200, {answers!r}))",
        f"status, answer = api('POST', {url + 'bulk/'!r}, {[resource.sample(3, ids), bad]!r})",
        "assert status == 400, (status, answer)",
        f"assert matches(api('GET', {url!r}), (200, {answers!r})), 'a refused bulk kept some'",
        f"assert api('POST', {url + 'bulk/'!r}, {good[0]!r})[0] == 400",
    ]
    prompt = (
        f"Importing {resource.path} one by one is slow: `POST /api/{resource.path}/bulk/` "
        f"should take a JSON array of {resource.path}, each as `POST /api/{resource.path}/` "
        "takes one, and create them all: 201 with the created records, ids included, in the "
        "order given. If any of them is invalid it creates none at all and answers 400; a "
        "body that is not an array answers 400 too."
    )
    tests = ((f"{resource.path}_bulk", served(lines)),)
    return Step("bulk", f"{resource.path} bulk create", prompt, project, tests)


_READ_CSV = [
    "assert status == 200 and kind.split(';')[0].strip() == 'text/csv', (status, kind, text)",
    "rows = list(csv.DictReader(io.StringIO(text)))",
]


def _export_lines(resource: Resource, bodies: list[dict[str, object]]) -> list[str]:
    """Test lines: the export holds each created record, cell by cell, in id order."""
    lines = ["status, kind, text = api.text(" + repr(f"/api/{resource.path}/export/") + ")"]
    lines += _READ_CSV
    lines.append("assert text.splitlines()[0].split(',')[0] == 'id', text")
    expected = []
    for n, body in enumerate(bodies, 1):
        answer = resource.answer(n, body)
        expected.append({k: _cell(v) for k, v in answer.items()})
    lines.append(f"expected = {expected!r}")
    lines.append("assert len(rows) == len(expected), rows")
    lines.append("for row, want in zip(rows, expected):")
    lines.append("    assert {k: row.get(k) for k in want} == want, (row, want)")
    return lines


def _cell(value: object) -> str:
    """A JSON value as the export's cell states it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def add_export(project: WebProject, model: str) -> Step:
    """`GET /api/<path>/export/` answers the list as CSV."""
    project, resource, url, refs, ids = changed(project, model, export=True)
    bodies = [resource.sample(n, ids) for n in (1, 2)]
    lines = [*refs.lines, *(f"api.created({url!r}, {body!r})" for body in bodies)]
    lines += _export_lines(resource, bodies)
    prompt = (
        f"Finance wants the {resource.path} in a spreadsheet: `GET /api/{resource.path}/export/` "
        "should answer CSV (`Content-Type: text/csv`, comma-separated, quoted as Python's csv "
        "module quotes): a header row of `id` and then every field's name as the API answers "
        f"them, then one row per {resource.singular} in id order; true and false are written "
        "`true` and `false`, a foreign key as the id it names, and everything else as the API "
        "answers it."
    )
    tests = ((f"{resource.path}_export", served(lines)),)
    return Step("export", f"{resource.path} CSV export", prompt, project, tests)


def guard_formulas(project: WebProject, model: str) -> Step:
    """The export writes a cell that a spreadsheet would run as a formula with a quote."""
    project, resource, url, refs, ids = changed(project, model, formula_safe=True)
    text = resource.text_field.name
    values = [*FORMULAS, "plain - text"]
    bodies = [{**resource.sample(n, ids), text: v} for n, v in enumerate(values, 1)]
    lines = [*refs.lines, *(f"api.created({url!r}, {body!r})" for body in bodies)]
    lines += [
        "status, kind, text = api.text(" + repr(f"{url}export/") + ")",
        *_READ_CSV,
        f"assert [row.get({text!r}) for row in rows] == {[*map(_quoted, values)]!r}, rows",
        # the JSON answers keep what was stored
        f"assert matches(api('GET', {url + '1/'!r}), (200, {{{text!r}: {values[0]!r}}}))",
    ]
    first = f"`{FORMULAS[0]}`"
    prompt = (
        f"Security found that someone stored {first} as {article(resource.singular)}'s "
        f"`{text}`: a spreadsheet opening `/api/{resource.path}/export/` runs such a cell as "
        "a formula. In the export, write every cell that begins with `=`, `+`, `-` or `@` "
        f"with a `'` in front (`'{FORMULAS[0]}`); leave every other cell as it is, and keep "
        "the stored value unchanged in the JSON answers."
    )
    tests = ((f"{resource.path}_export_formulas", served(lines)),)
    return Step("formulas", f"{resource.path} export safe", prompt, project, tests)


def _quoted(value: str) -> str:
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value


__all__ = [
    "FORMULAS",
    "add_bulk",
    "add_export",
    "add_flag",
    "add_range",
    "add_stats",
    "guard_formulas",
]
