"""The web-stack domain's bug reports: defects a teammate's commit plants before the turn.

Each is a few lines the teammate appends to `config/settings.py` (whose path the first
turn states), so the defect lands whatever the agent wrote: a database path hard-coded
over `DATABASE_PATH`, a production host list that turns 127.0.0.1 away, a page size
that wraps every list. The turn's `setup` appends them unseen; the report says what
broke and what must hold; the reference is the settings as the model has them; the test
passes before the commit and fails after it (`validate --fairness` proves both).
"""

from __future__ import annotations

from dataclasses import replace

from inspect_stamina.generator.merge import TEAMMATE_EOF
from inspect_stamina.generator.webstack.actions import Step
from inspect_stamina.generator.webstack.checks import Refs, served
from inspect_stamina.generator.webstack.schema import WebProject

SETTINGS = "config/settings.py"


def _appended(lines: str) -> str:
    return f"cat >> {SETTINGS} <<'{TEAMMATE_EOF}'\n{lines}{TEAMMATE_EOF}\n"


def _first(project: WebProject) -> tuple[str, dict[str, int], list[str]]:
    """The first resource's URL, the ids its foreign keys name and the lines creating them."""
    first = project.resources[0]
    refs = Refs(project)
    ids = refs.parents(first)
    return f"/api/{first.path}/", ids, list(refs.lines)


def hardcoded_database(project: WebProject, who: str) -> Step:
    """A teammate pins the database to db.sqlite3 beside manage.py."""
    url, ids, lines = _first(project)
    body = project.resources[0].minimal(1, ids)
    setup = _appended(
        f"\n# {who}: one database for everyone, no more environment surprises\n"
        'DATABASES["default"]["NAME"] = str(BASE_DIR / "db.sqlite3")\n'
    )
    lines += [
        f"api.created({url!r}, {body!r})",
        "with sqlite3.connect(api.database) as db:",
        f"    count = db.execute('SELECT COUNT(*) FROM \"{project.package}_{project.resources[0].singular}\"').fetchone()[0]",
        "assert count == 1, 'the record is not in the database DATABASE_PATH names'",
    ]
    prompt = (
        f"{who} pushed a settings change this morning (at the end of `{SETTINGS}`), and "
        "since then the API ignores `DATABASE_PATH` and always uses db.sqlite3 beside "
        "manage.py; our test runs and the staging server each set their own. It must use "
        "the file `DATABASE_PATH` names again (db.sqlite3 only without it)."
    )
    tests = (("records_go_to_the_database_path", served(lines)),)
    return Step("bug", "DATABASE_PATH honoured again", prompt, project, tests, setup=setup)


def production_hosts(project: WebProject, who: str) -> Step:
    """A teammate replaces the allowed hosts with the production name only."""
    url, ids, lines = _first(project)
    body = project.resources[0].minimal(1, ids)
    host = f"api.{project.package}.example.com"
    setup = _appended(f'\n# {who}: production host\nALLOWED_HOSTS = ["{host}"]\n')
    lines += [
        f"assert api('GET', {url!r})[0] == 200",
        f"assert api('GET', {url!r}, headers={{'Host': {host!r}}})[0] == 200",
        f"assert api('GET', {url!r}, headers={{'Host': 'elsewhere.example.org'}})[0] == 400",
        f"api.created({url!r}, {body!r})",
    ]
    prompt = (
        f"Since {who}'s deploy commit (the end of `{SETTINGS}`), every request to "
        "127.0.0.1 gets a 400 Bad Request. The API must answer on 127.0.0.1 and localhost "
        f"again, and on `{host}` too; any other host still gets the 400."
    )
    tests = (("local_and_production_hosts_answer", served(lines)),)
    project = replace(project, hosts=(*project.hosts, host))
    return Step("bug", "local hosts answer again", prompt, project, tests, setup=setup)


def paged_lists(project: WebProject, who: str) -> Step:
    """A teammate turns on DRF's page-number pagination for every list."""
    first = project.resources[0]
    url, ids, lines = _first(project)
    bodies = [first.minimal(n, ids) for n in (1, 2, 3)]
    lines += [f"api.created({url!r}, {b!r})" for b in bodies]
    records = [first.answer(n, b) for n, b in enumerate(bodies, 1)]
    lines.append(f"assert matches(api('GET', {url!r}), (200, {records!r}))")
    setup = _appended(
        f"\n# {who}: smaller responses\n"
        'REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"] = "rest_framework.pagination.PageNumberPagination"\n'
        'REST_FRAMEWORK["PAGE_SIZE"] = 2\n'
    )
    prompt = (
        f"Bug: after {who}'s change to `{SETTINGS}` yesterday, `GET /api/{first.path}/` "
        'answers {"count", "next", "previous", "results"} with two records at a time. Every '
        "client expects the plain JSON array of all of them, as we agreed at the start; "
        "put the lists back."
    )
    tests = (("lists_are_plain_arrays_again", served(lines)),)
    return Step("bug", "lists unpaged again", prompt, project, tests, setup=setup)


PLANTS = (hardcoded_database, production_hosts, paged_lists)

__all__ = ["PLANTS", "SETTINGS", "hardcoded_database", "paged_lists", "production_hosts"]
