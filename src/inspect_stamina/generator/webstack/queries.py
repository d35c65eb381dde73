"""Read endpoints over a whole collection: the newest record, a list by ids, a text
field's distinct values and a whole-number field's total.

Each prompt states the path, the answer's shape, its order and its errors; the tests
create the records they read, so what other turns add changes none of them.
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.actions import Step
from inspect_stamina.generator.webstack.checks import changed, many_row, served
from inspect_stamina.generator.webstack.schema import WebProject

# the texts a distinct-values test stores: repeats, and upper case before lower case
# when sorted as Python sorts strings
_TEXTS = ("Oak", "ash", "Oak", "Elm", "ash")
MANY = 50_000  # the records a total's performance bound is measured over
SLOWER = 10  # ... within this many times one record's read


def add_latest(project: WebProject, model: str) -> Step:
    """`GET /api/<path>/latest/` answers the record with the highest id, 404 with none."""
    project, resource, url, refs, ids = changed(project, model, latest=True)
    bodies = [resource.sample(n, ids) for n in (1, 2, 3)]
    answers = [resource.answer(n, body) for n, body in enumerate(bodies, 1)]
    latest = url + "latest/"
    lines = [
        *refs.lines,
        f"assert api('GET', {latest!r})[0] == 404",
        *(f"api.created({url!r}, {body!r})" for body in bodies),
        f"assert matches(api('GET', {latest!r}), (200, {answers[2]!r}))",
        f"assert api('DELETE', {url + '3/'!r})[0] == 204",
        f"assert matches(api('GET', {latest!r}), (200, {answers[1]!r}))",
    ]
    prompt = (
        f"The dashboard shows the newest {resource.singular}: `GET /api/{resource.path}/latest/` "
        f"should answer the {resource.singular} with the highest id, as "
        f"`GET /api/{resource.path}/<id>/` answers it, whatever the list's query parameters; "
        f"with no {resource.path} at all it answers 404."
    )
    tests = ((f"{resource.path}_latest", served(lines)),)
    return Step("latest", f"{resource.path} latest", prompt, project, tests)


def add_ids(project: WebProject, model: str) -> Step:
    """`GET /api/<path>/?ids=1,3` lists only the records of those ids."""
    project, resource, url, refs, ids = changed(project, model, by_ids=True)
    bodies = [resource.sample(n, ids) for n in (1, 2, 3)]
    answers = [resource.answer(n, body) for n, body in enumerate(bodies, 1)]
    lines = [*refs.lines, *(f"api.created({url!r}, {body!r})" for body in bodies)]
    for query, kept in (
        ("ids=1,3", [answers[0], answers[2]]),
        ("ids=3,1", [answers[0], answers[2]]),
        ("ids=2", [answers[1]]),
        ("ids=2,99", [answers[1]]),
    ):
        lines.append(f"assert matches(api('GET', {url + '?' + query!r}), (200, {kept!r}))")
    lines += [
        f"assert api('GET', {url + '?ids=1,two'!r})[0] == 400",
        f"assert api('GET', {url + '?ids=1;3'!r})[0] == 400",
    ]
    prompt = (
        f"The client fetches several {resource.path} in one request: `GET /api/{resource.path}/"
        f"?ids=1,3` should list only the {resource.path} of those ids, still in id order "
        "whatever order the ids come in; an id that names nothing is left out, and a value "
        "that is not whole numbers separated by commas (`1,two`, `1;3`) answers 400."
    )
    tests = ((f"{resource.path}_by_ids", served(lines)),)
    return Step("ids", f"{resource.path} by ids", prompt, project, tests)


def add_values(project: WebProject, model: str) -> Step:
    """`GET /api/<path>/<F>_values/` answers a text field's distinct values, sorted."""
    resource = project.resource(model)
    name = resource.text_field.name
    project, resource, url, refs, ids = changed(project, model, values=name)
    # the first resource's text may later be made unique: its test stores no repeats
    texts = _TEXTS if model != project.resources[0].model else tuple(dict.fromkeys(_TEXTS))
    bodies = [{**resource.sample(n, ids), name: t} for n, t in enumerate(texts, 1)]
    path = f"{url}{name}_values/"
    lines = [
        *refs.lines,
        f"assert matches(api('GET', {path!r}), (200, []))",
        *(f"api.created({url!r}, {body!r})" for body in bodies),
        f"assert matches(api('GET', {path!r}), (200, {sorted(set(texts))!r}))",
        f"assert api('DELETE', {url + '1/'!r})[0] == 204",
    ]
    left = sorted(set(texts[1:]))
    lines.append(f"assert matches(api('GET', {path!r}), (200, {left!r}))")
    prompt = (
        f"For the client's autocomplete, `GET /api/{resource.path}/{name}_values/` should "
        f"answer a JSON array of the different `{name}` values the {resource.path} hold, each "
        "once, sorted as Python sorts strings (so `Oak` comes before `ash`); an empty array "
        f"when there are no {resource.path}."
    )
    tests = ((f"{resource.path}_{name}_values", served(lines)),)
    return Step("values", f"{resource.path} {name} values", prompt, project, tests)


def add_total(project: WebProject, model: str, name: str) -> Step:
    """`GET /api/<path>/totals/` answers the sum of a whole-number field over the records."""
    totals = (*project.resource(model).totals, name)
    project, resource, url, refs, ids = changed(project, model, totals=totals)
    bodies = [resource.sample(n, ids) for n in (1, 2, 3)]
    values = [body[name] for body in bodies]
    path = url + "totals/"
    lines = [
        *refs.lines,
        f"assert matches(api('GET', {path!r}), (200, {{{name!r}: 0}}))",
        *(f"api.created({url!r}, {body!r})" for body in bodies),
        f"assert matches(api('GET', {path!r}), (200, {{{name!r}: {sum(values)}}}))",
        f"assert api('DELETE', {url + '2/'!r})[0] == 204",
        f"assert matches(api('GET', {path!r}), (200, {{{name!r}: {values[0] + values[2]}}}))",
    ]
    lines = served(lines)
    # the performance bound: over many stored records the sum comes from the database
    parents = [project.resource(m) for m in ids]  # one record each, as Refs creates them
    batches = [(p.model, many_row(p, p.minimal(90, ids)), 1) for p in parents]
    measured = {**resource.minimal(1, ids), name: values[0]}
    batches.append((model, many_row(resource, measured), MANY))
    fast = [
        f"database = database_with_many({project.package!r}, {batches!r})",
        *served(
            [
                f"assert matches(api('GET', {path!r}), (200, {{{name!r}: {values[0] * MANY}}}))",
                f"one = api.fastest({url + '1/'!r})",
                f"spent = api.fastest({path!r})",
                f"assert spent <= {SLOWER} * one + 0.02, "
                "f'the sum took {spent:.3f} s, one record {one:.3f} s'",
            ],
            "database",
        ),
    ]
    others = [f"`{n}`" for n in totals[:-1]]
    beside = f", beside the {' and '.join(others)} it answers already" if others else ""
    prompt = (
        f"`GET /api/{resource.path}/totals/` should answer, under the key `{name}`, the sum of "
        f"`{name}` over every {resource.singular}{beside}: "
        + "{"
        + f'"{name}": n'
        + "}"
        + f", 0 when there are no {resource.path}. There will be hundreds of thousands of "
        f"{resource.path}: with {MANY:,} stored it must answer within {SLOWER} times as long as "
        f"`GET /api/{resource.path}/<id>/` takes for one of them."
    )
    tests = ((f"{resource.path}_total_{name}", lines), (f"{resource.path}_total_{name}_fast", fast))
    return Step("total", f"{resource.path} total of {name}", prompt, project, tests)


__all__ = ["add_ids", "add_latest", "add_total", "add_values"]
