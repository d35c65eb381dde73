"""A concurrency requirement: an endpoint that adds to a whole-number field, called by
many clients at once, must lose none of their additions.

The test sends the calls together (the harness's `Api.at_once`, behind a barrier) to a
threaded server; a read-modify-write in Python loses some of them when requests
interleave, an update in the database (`F("field") + by`) loses none.
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.actions import Step
from inspect_stamina.generator.webstack.checks import changed, served
from inspect_stamina.generator.webstack.schema import WebProject

CALLS = 10  # requests sent at once
BY = 3  # what each adds


def add_increment(project: WebProject, model: str, name: str) -> Step:
    """`POST /api/<path>/<id>/add_<F>/` with {"by": n} adds n to F, safe under concurrency."""
    increments = (*project.resource(model).increments, name)
    project, resource, url, refs, ids = changed(project, model, increments=increments)
    body = resource.sample(1, ids)
    start = body[name]
    endpoint = f"{url}1/add_{name}/"
    lines = [
        *refs.lines,
        f"api.created({url!r}, {body!r})",
        f"assert matches(api('POST', {endpoint!r}, {{'by': 2}}), (200, {{'id': 1, {name!r}: {start + 2}}}))",
        f"results = api.at_once([('POST', {endpoint!r}, {{'by': {BY}}})] * {CALLS})",
        "assert all(status == 200 for status, _ in results), results",
        f"assert matches(api('GET', {url + '1/'!r}), (200, {{{name!r}: {start + 2 + BY * CALLS}}})), 'additions were lost'",
        f"assert api('POST', {endpoint!r}, {{'by': 0}})[0] == 400",
        f"assert api('POST', {endpoint!r}, {{'by': 'two'}})[0] == 400",
        f"assert api('POST', {url + '99/add_' + name + '/'!r}, {{'by': 1}})[0] == 404",
        f"assert matches(api('GET', {url + '1/'!r}), (200, {{{name!r}: {start + 2 + BY * CALLS}}}))",
    ]
    prompt = (
        f"Several clients update `{name}` at the same moment and some of their changes go "
        f"missing. Add `POST /api/{resource.path}/<id>/add_{name}/` taking "
        + '{"by": n}'
        + f", n a whole number 1 or more: it adds n to that {resource.singular}'s `{name}` and "
        f"answers the {resource.singular} as `GET` does (200). Many such calls at once must "
        "lose none of their additions. An n that is not a whole number of at least 1 "
        f"answers 400, an id that names no {resource.singular} 404."
    )
    tests = ((f"{resource.path}_add_{name}_at_once", served(lines)),)
    return Step("increment", f"{resource.path} add to {name}", prompt, project, tests)


__all__ = ["BY", "CALLS", "add_increment"]
