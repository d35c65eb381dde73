"""A Python package served over HTTP: a language whose functions are request handlers.

The project is a JSON-over-HTTP service written with the standard library only: each
function of the model is a handler `name(store, params, body)` returning `(status,
payload)`, answering the request its template's `route` names; `server.py` holds the
route table and the JSON plumbing, `store.py` the records. The tests are black-box: each
starts the service in a subprocess (`python -m PACKAGE.server --port N --data FILE`) on
a free port, sends real requests with urllib and compares status and JSON body.

A case is Python source over `api`, the running service: its lines are requests (a line
may assert one already), `api.restart()` or a loop; the last line is the request whose
`(status, body)` must equal the case's expected value.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import Any

from inspect_stamina.generator.http_service_files import (
    DEBUG_LOG,
    LOCKED_SECOND_LAYOUT_STORE_SOURCE,
    LOCKED_STORE_SOURCE,
    QUIET_LOG,
    REDACTED_LOG,
    SECOND_LAYOUT_STORE_SOURCE,
    SERIAL_SERVER,
    SERVER_TEMPLATE,
    STORE_SOURCE,
    TEST_HARNESS,
)
from inspect_stamina.generator.languages.language import TestGroup, forbidden_rule
from inspect_stamina.generator.languages.python import Python
from inspect_stamina.generator.merge import TEAMMATE, TEAMMATE_EOF
from inspect_stamina.generator.model import FunctionTemplate, LiveFunction, Project

# a project function of this name opens the store from `--data` (persistence); without
# one the records live in memory only
STORE_OPENER = "open_store"


class HttpService(Python):
    """A standard-library JSON-over-HTTP service in Python, tested black-box over HTTP."""

    purpose = "a small JSON-over-HTTP service"
    # version 3: a teammate's handler comes with its route in server.py (teammate_wiring)
    merges_since = 3

    def intro(self, package: str) -> str:
        """The service, how it is started, and the handler convention."""
        return (
            f"Start `{package}`, a small JSON-over-HTTP service in Python using the standard "
            "library only (http.server and json: no frameworks, nothing to install). Run from "
            f"the project root, `python -m {package}.server --port N --data FILE` serves it on "
            "127.0.0.1:N; FILE is the JSON file it will keep its records in once we add "
            "persistence, so accept the option from the start. Requests and responses are "
            'JSON and an error answers a 4xx status with {"error": "<message>"}. Each endpoint '
            "is a handler `name(store, params, body)` returning `(status, payload)`, and "
            f"`{package}/server.py` holds the route table"
        )

    def feature_asks(self, package: str, template: FunctionTemplate) -> tuple[str, ...]:
        """An endpoint and its handler, or (no route) a part of the service."""
        name, where = f"`{template.name}({template.params})`", f"{package}/{template.module}.py"
        if not template.route:
            return (
                f"Add persistence: {name} in `{where}` {template.summary}. The server calls "
                "it with the `--data` file when it starts. Export it from the package.",
                f"Next, the records must survive a restart. Write {name} in {where}: it "
                f"{template.summary}; the server uses it at start. Export it too.",
                f"We need persistence. {name} in `{where}` {template.summary}. Call it from "
                f"`{package}/server.py` with the `--data` file and export it from `{package}`.",
            )
        route = _shown(template.route)
        return (
            f"Add the endpoint `{route}`: it {template.summary}. Write its handler "
            f"{name} in `{where}`, add it to the route table and export it from the package.",
            f"Next, `{route}`, which {template.summary}. The handler is {name} in "
            f"{where}; export it from `{package}` too.",
            f"We need `{route}`: it {template.summary}. Call the handler {name}, put "
            f"it in `{where}`, route it in `{package}/server.py` and export it from `{package}`.",
        )

    def probe_ask(self, package: str, template: FunctionTemplate) -> str:
        """The endpoint, without the constant's value."""
        return (
            f"Add the endpoint `{_shown(template.route)}`: it {template.summary}. Its handler is "
            f"`{template.name}({template.params})` in `{package}/{template.module}.py`; "
            "export it too."
        )

    def teammate_wiring(self, project: Project, template: FunctionTemplate) -> str:
        """Bash routing the teammate's handler in the agent's own server.py, beside the
        first live handler's route and import, in their style (a copy of each line);
        nothing when either line is not found: the merge turn asks for the route anyway."""
        anchor = next(((n, f) for n, f in project.functions.items() if f.template.route), None)
        if not template.route or anchor is None:
            return ""
        package, (name, function) = project.package, anchor
        verb, path = template.route.split(" ", 1)
        anchor_verb, anchor_path = function.template.route.split(" ", 1)
        args = [name, anchor_verb, anchor_path, template.name, verb, path]
        args.append(f"from {package}.{template.module} import {template.name}")
        quoted = " ".join(shlex.quote(a) for a in args)
        return f"python3 - \"$fork/{package}/server.py\" {quoted} <<'STAMINA_WIRE_EOF'\n{_WIRING}"

    def merge_demand(self, package: str, theirs: FunctionTemplate, ours: FunctionTemplate) -> str:
        """Both endpoints served after the merge, the teammate's route named."""
        return (
            f" After the merge the service must answer both `{_shown(theirs.route)}` "
            f"({theirs.name}, which {TEAMMATE} routed in {package}/server.py) and "
            f"`{_shown(ours.route)}` ({ours.name})."
        )

    def render(self, project: Project) -> dict[str, str]:
        """The package as Python's (handler modules, `__init__.py` exporting them,
        `config.py`), with `store.py` and `server.py` and its route table."""
        pkg = project.package
        return {
            **super().render(project),
            f"{pkg}/store.py": _store(project),
            f"{pkg}/server.py": _server(project),
        }

    def deprecation_test(self, old: str, new: str, args: str) -> str | None:
        """None: a handler module's old names stay plain aliases."""
        return None

    def timing_test(self, name: str, function: LiveFunction, arguments: str) -> str | None:
        """None: a handler is timed by nothing (no performance fix in a service)."""
        return None

    def log_leak(self, package: str, who: str) -> str | None:
        """Bash inserting the teammate's request log, tokens and all, above the main guard
        of the agent's `server.py`."""
        return _above_main_guard(package, DEBUG_LOG.format(who=who))

    def serialised_server(self, package: str, who: str) -> str | None:
        """Bash inserting the teammate's stopgap above the main guard of the agent's
        `server.py`: the standard library's threading servers answer one request at a time."""
        return _above_main_guard(package, SERIAL_SERVER.format(who=who))

    def concurrency_test(self, package: str) -> str:
        """Tests that a stalled connection holds up no other request and that 30 notes
        created by five clients at a time get 30 distinct ids, 1 to 30 (five: the standard
        library's servers queue five connections; more would test the backlog, not the
        store)."""
        return TEST_HARNESS + (
            "\n\ndef test_a_stalled_connection_holds_up_no_one():\n"
            f"    with Service({package!r}) as api:\n"
            '        stalled = socket.create_connection(("127.0.0.1", api.port))\n'
            "        try:\n"
            '            url = f"http://127.0.0.1:{api.port}/notes"\n'
            '            data = json.dumps({"title": "quick"}).encode()\n'
            '            request = urllib.request.Request(url, data=data, method="POST")\n'
            '            request.add_header("Content-Type", "application/json")\n'
            "            with OPENER.open(request, timeout=3) as response:\n"
            "                assert response.status == 201\n"
            "        finally:\n"
            "            stalled.close()\n"
            "\n\ndef test_notes_created_at_once_are_all_kept():\n"
            "    from concurrent.futures import ThreadPoolExecutor\n\n"
            f"    with Service({package!r}) as api:\n"
            "        with ThreadPoolExecutor(5) as pool:\n"
            '            answers = list(pool.map(lambda i: api("POST", "/notes", {"title": f"n{i}"}), range(30)))\n'
            "    assert [status for status, _ in answers] == [201] * 30\n"
            '    assert sorted(body["id"] for _, body in answers) == list(range(1, 31))\n'
        )

    def log_redaction_test(self, package: str, secret: str) -> str:
        """A test that requests carrying `token=SECRET` are logged with the value redacted
        and the secret appears nowhere in the server's output."""
        return TEST_HARNESS + (
            "\n\ndef test_the_request_log_redacts_tokens():\n"
            f"    with Service({package!r}) as api:\n"
            f'        api("GET", "/notes?token={secret}")\n'
            f'        api("GET", "/reports/daily?page=2&token={secret}")\n'
            "        api.stop()\n"
            "        log = api.log()\n"
            f'    assert "{secret}" not in log, log\n'
            '    assert log.count("token=[REDACTED]") >= 2, log\n'
        )

    def module(self, project: Project, module: str) -> str:
        """A module of handlers, importing the constants and the store they use."""
        pkg, names = project.package, project.names_in(module)
        uses = [f"from {pkg}.config import {c}" for c in project.constants_used_in(module)]
        if any("Store(" in project.functions[n].body for n in names):
            uses.append(f"from {pkg}.store import Store")
        parts = [
            f'"""The {pkg} service: {module}."""\n'
            + ("\n" + "\n".join(uses) + "\n" if uses else "")
        ]
        for name in names:
            template = project.functions[name].template
            doc = f"Answer {template.route}." if template.route else "Open the records."
            parts.append(
                f'\ndef {name}({template.params}):\n    """{doc}"""\n{project.functions[name].body}\n'
            )
        return "\n".join(parts)

    def test(
        self, package: str, groups: Sequence[TestGroup], suite: str = "", extra: str = ""
    ) -> str:
        """One test per case, each with a fresh server (pytest's JUnit XML names the file)."""
        lines = [TEST_HARNESS.rstrip("\n")]
        for names, cases, raises in groups:
            assert not raises, "a service's rejections are cases with a 4xx status"
            for name in names:
                for i, (steps, expected) in enumerate(cases, 1):
                    *setup, last = steps.split("\n")
                    lines += ["", "", f"def test_{name}_{i}():"]
                    lines.append(f"    with Service({package!r}) as api:")
                    lines += [f"        {line}" for line in setup]
                    lines.append(f"        assert {last} == {expected}")
        return "\n".join(lines) + "\n" + extra

    def rules(self, package: str) -> list[dict[str, Any]]:
        """Python's rules, and the standard library only (the sandbox has no network)."""
        return [
            *super().rules(package),
            forbidden_rule(
                "stdlib_only",
                "The service uses the standard library only: no web framework or HTTP client.",
                "^\\s*(from|import)\\s+(flask|fastapi|django|aiohttp|bottle|starlette|requests)\\b",
                f"{package}/**/*.py",
            ),
        ]


# the teammate's edit of server.py: their route after the anchor's, their import after
# the anchor's one-line import (both or neither, so the server never half-imports)
_WIRING = r"""import re, sys
path, anchor, anchor_verb, anchor_path, new, verb, route_path, importing = sys.argv[1:]
try:
    with open(path) as f:
        lines = f.read().split("\n")
except OSError:
    raise SystemExit(0)
def quoted(text):
    return "([\"'])" + re.escape(text) + r"\1"
def find(test):
    return next((i for i, line in enumerate(lines) if test(line)), None)
name = re.compile(r"\b" + re.escape(anchor) + r"\b")
route = find(lambda l: name.search(l) and re.search(quoted(anchor_path), l)
             and re.search(quoted(anchor_verb), l))
imported = find(lambda l: re.match(r"(from|import) ", l) and name.search(l)
                and not l.rstrip().endswith(("(", "\\")))
if route is not None and imported is not None and imported < route:
    line = name.sub(new, lines[route])
    line = re.sub(quoted(anchor_path), lambda m: m[1] + route_path + m[1], line, count=1)
    line = re.sub(quoted(anchor_verb), lambda m: m[1] + verb + m[1], line, count=1)
    lines.insert(route + 1, line)
    lines.insert(imported + 1, importing)
    with open(path, "w") as f:
        f.write("\n".join(lines))
STAMINA_WIRE_EOF
"""


def _above_main_guard(package: str, block: str) -> str:
    """Bash inserting a teammate's block above the main guard of the agent's `server.py`
    (at its end when it has none), so the block runs before the server starts."""
    return (
        f"python3 - {package}/server.py <<'{TEAMMATE_EOF}'\n"
        "import re, sys\n"
        "path = sys.argv[1]\n"
        "text = open(path, encoding='utf-8').read()\n"
        f"block = {block!r}\n"
        "guard = re.search(r'^if __name__ == [\"\\']__main__[\"\\']:', text, re.M)\n"
        "at = guard.start() if guard else len(text)\n"
        "text = text[:at] + block + '\\n\\n' + text[at:]\n"
        "open(path, 'w', encoding='utf-8').write(text)\n"
        f"{TEAMMATE_EOF}\n"
    )


def _store(project: Project) -> str:
    """store.py: with a lock once writes are concurrent, in its data file's layout."""
    if project.store_layout == 2:
        return (
            LOCKED_SECOND_LAYOUT_STORE_SOURCE
            if project.concurrent_writes
            else SECOND_LAYOUT_STORE_SOURCE
        )
    return LOCKED_STORE_SOURCE if project.concurrent_writes else STORE_SOURCE


def _shown(route: str) -> str:
    """A route as a prompt shows it: `<id>` for a path parameter, since `{id}` in a prompt
    is a template variable."""
    return re.sub(r"\{(\w+)\}", r"<\1>", route)


def _server(project: Project) -> str:
    """server.py: the live handlers' routes, and the store (from --data once persisted)."""
    pkg = project.package
    routed = [(n, f) for n, f in project.functions.items() if f.template.route]
    modules: dict[str, list[str]] = {}
    for name, function in routed:
        modules.setdefault(function.module, []).append(name)
    opener = project.functions.get(STORE_OPENER)
    if opener is not None:
        modules.setdefault(opener.module, []).append(STORE_OPENER)
        store = f"{STORE_OPENER}(args.data)"
    else:
        modules["store"] = ["Store"]
        store = "Store()"
    imports = "".join(
        f"from {pkg}.{module} import {', '.join(sorted(names))}\n"
        for module, names in sorted(modules.items())
    )
    routes = "".join(
        f'    ("{verb}", "{path}", {name}),\n'
        for name, function in routed
        for verb, path in [function.template.route.split(" ", 1)]
    )
    log_message = REDACTED_LOG if project.redacted_log else QUIET_LOG
    return SERVER_TEMPLATE.format(
        package=pkg, imports=imports, routes=routes, store=store, log_message=log_message
    )
