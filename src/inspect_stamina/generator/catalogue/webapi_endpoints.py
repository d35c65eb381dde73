"""More endpoints on the webapi catalogue's resources, each needing only their create endpoint.

The resources of `webapi.py` (contacts, bookmarks, events, counters, feature flags,
projects, polls, recipes, rooms, books, carts, tickets, invoices) and some of
`webapi_records.py` (scores, jobs, messages, reviews, playlists, short links,
timesheets) get the reads, deletes, renames and small reports a service grows: their
tests create records with the resource's create endpoint and nothing else, so that a
script can ask for them as soon as it has that endpoint. Each summary states every status, key, message, order and filter
its cases and its defect's cases check.
"""

from __future__ import annotations

from inspect_stamina.generator.catalogue.webapi import (
    a_book,
    bookmark,
    cart,
    contact,
    counter,
    event,
    flag,
    invoice,
    new_book,
    new_bookmark,
    new_cart,
    new_contact,
    new_counter,
    new_event,
    new_flag,
    new_invoice,
    new_poll,
    new_project,
    new_recipe,
    new_room,
    new_ticket,
    poll,
    project,
    recipe,
    room,
    ticket,
)
from inspect_stamina.generator.catalogue.webapi_records import (
    enqueue,
    job,
    link,
    log,
    message,
    new_link,
    new_playlist,
    new_review,
    new_score,
    playlist,
    review,
    score,
    send,
)
from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import DATA, HANDLER, code, delete, lookup, required
from inspect_stamina.generator.webapi.scenarios import call, expect, scenario

F = FunctionTemplate


def _get(collection: str, thing: str) -> str:
    """A handler that answers the record whose id is in the path: 200, or 404."""
    return lookup(collection, "found", thing) + "    return 200, found"


def _read_endpoint(
    name: str, module: str, thing: str, collection: str, path: str, create: str, *steps: object
) -> FunctionTemplate:
    """GET /<path>/{id}: the record, or a 404 '<thing> not found'."""
    *made, found_id, found = steps
    assert isinstance(found_id, int)
    return F(
        name,
        module,
        HANDLER,
        f"answers 200 with the {thing} whose id is in the path, or 404 with "
        f'{{"error": "{thing} not found"}} when there is none',
        _get(collection, thing),
        (
            scenario(
                *(str(s) for s in made),
                expect(call("GET", f"/{path}/{found_id}"), 200, found),
                expect(
                    call("GET", f"/{path}/{len(made) + 1}"), 404, {"error": f"{thing} not found"}
                ),
                expect(call("GET", f"/{path}/first"), 404, {"error": f"{thing} not found"}),
            ),
        ),
        route=f"GET /{path}/{{id}}",
        requires=(create,),
    )


def _delete_endpoint(
    name: str,
    module: str,
    thing: str,
    collection: str,
    path: str,
    create: str,
    first: str,
    second: str | None = None,
) -> FunctionTemplate:
    """DELETE /<path>/{id}: 204, or a 404 '<thing> not found'."""
    missing = {"error": f"{thing} not found"}
    return F(
        name,
        module,
        HANDLER,
        f"deletes the {thing} whose id is in the path and answers 204 with an empty body; "
        f'404 with {{"error": "{thing} not found"}} when there is none',
        delete(collection, "found", thing),
        (
            scenario(
                first,
                second or first,
                expect(call("DELETE", f"/{path}/1"), 204, None),
                expect(call("DELETE", f"/{path}/1"), 404, missing),
                expect(call("DELETE", f"/{path}/3"), 404, missing),
                expect(call("DELETE", f"/{path}/2"), 204, None),
            ),
        ),
        route=f"DELETE /{path}/{{id}}",
        requires=(create,),
    )


# ---- contacts ----

_BY_DOMAIN = code(
    """
    counts = {}
    for c in store.records('contacts'):
        domain = c['email'].split('@')[1].lower()
        counts[domain] = counts.get(domain, 0) + 1
    return 200, counts
    """
)

CONTACTS: tuple[FunctionTemplate, ...] = (
    _read_endpoint(
        "get_contact",
        "contacts",
        "contact",
        "contacts",
        "contacts",
        "create_contact",
        new_contact("Ann", "ann@example.com"),
        new_contact("Bob", "bob@example.org"),
        2,
        contact(2, "Bob", "bob@example.org"),
    ),
    _delete_endpoint(
        "delete_contact",
        "contacts",
        "contact",
        "contacts",
        "contacts",
        "create_contact",
        new_contact("Ann", "ann@example.com"),
        new_contact("Bob", "bob@example.org"),
    ),
    F(
        "contacts_by_domain",
        "contacts",
        HANDLER,
        "answers 200 with {domain: n, ...}: how many contacts have an email at each domain "
        "(the part after the @), domains compared and answered in lower case; with no "
        "contacts, {}",
        _BY_DOMAIN,
        (
            scenario(
                expect(call("GET", "/contacts/domains"), 200, {}),
                new_contact("Ann", "ann@example.com"),
                new_contact("Bob", "bob@example.org"),
                new_contact("Cat", "cat@example.com"),
                expect(
                    call("GET", "/contacts/domains"),
                    200,
                    {"example.com": 2, "example.org": 1},
                ),
            ),
        ),
        defect=Defect(
            _BY_DOMAIN.replace(".split('@')[1].lower()", ".split('@')[1]"),
            'emails whose domains differ only in case, such as "ann@Example.com" and '
            '"cat@example.com"',
            "the domain is counted twice, once per spelling; domains are compared and "
            "answered in lower case",
            (
                scenario(
                    new_contact("Ann", "ann@Example.com"),
                    new_contact("Cat", "cat@example.com"),
                    expect(call("GET", "/contacts/domains"), 200, {"example.com": 2}),
                ),
            ),
        ),
        route="GET /contacts/domains",
        requires=("create_contact",),
    ),
)

# ---- bookmarks ----

BOOKMARKS: tuple[FunctionTemplate, ...] = (
    _read_endpoint(
        "get_bookmark",
        "bookmarks",
        "bookmark",
        "bookmarks",
        "bookmarks",
        "create_bookmark",
        new_bookmark("https://docs.python.org", ["python"]),
        new_bookmark("https://news.example.com"),
        1,
        bookmark(1, "https://docs.python.org", ["python"]),
    ),
    _delete_endpoint(
        "delete_bookmark",
        "bookmarks",
        "bookmark",
        "bookmarks",
        "bookmarks",
        "create_bookmark",
        new_bookmark("https://docs.python.org", ["python"]),
    ),
    F(
        "untagged_bookmarks",
        "bookmarks",
        HANDLER,
        "answers 200 with the bookmarks that have no tags, in id order",
        "    return 200, [b for b in store.records('bookmarks') if not b['tags']]",
        (
            scenario(
                expect(call("GET", "/bookmarks/untagged"), 200, []),
                new_bookmark("https://docs.python.org", ["python"]),
                new_bookmark("https://news.example.com"),
                new_bookmark("http://blog.example.org", []),
                expect(
                    call("GET", "/bookmarks/untagged"),
                    200,
                    [
                        bookmark(2, "https://news.example.com"),
                        bookmark(3, "http://blog.example.org"),
                    ],
                ),
            ),
        ),
        route="GET /bookmarks/untagged",
        requires=("create_bookmark",),
    ),
)

# ---- events ----

_DATE_CHECK = (
    code(
        """
    import datetime
    import re

    date = body.get('date') if isinstance(body, dict) else None
    try:
        if not isinstance(date, str) or not re.fullmatch(r'\\d{4}-\\d{2}-\\d{2}', date):
            raise ValueError(date)
        datetime.date.fromisoformat(date)
    except ValueError:
        return 400, {'error': 'date must be a valid YYYY-MM-DD date'}
    """
    )
    + "\n"
)
_DATE = {"error": "date must be a valid YYYY-MM-DD date"}
_EVENT_MISSING = {"error": "event not found"}
_ON_DAY = code(
    """
    same = [e for e in store.records('events') if e['date'] == params['date']]
    return 200, sorted(same, key=lambda e: e['title'].lower())
    """
)

EVENTS: tuple[FunctionTemplate, ...] = (
    _read_endpoint(
        "get_event",
        "events",
        "event",
        "events",
        "events",
        "create_event",
        new_event("standup", "2024-05-02"),
        new_event("review", "2024-05-03"),
        2,
        event(2, "review", "2024-05-03"),
    ),
    _delete_endpoint(
        "delete_event",
        "events",
        "event",
        "events",
        "events",
        "create_event",
        new_event("standup", "2024-05-02"),
    ),
    F(
        "reschedule_event",
        "events",
        HANDLER,
        "moves the event whose id is in the path to the JSON body's `date` (a valid "
        "YYYY-MM-DD date) and answers 200 with the event; 404 with "
        '{"error": "event not found"} for an unknown event, 400 with {"error": "date must be '
        'a valid YYYY-MM-DD date"} for another date (such as 2024-02-30 or 2024-5-1)',
        lookup("events", "found", "event")
        + _DATE_CHECK
        + "    return 200, store.update('events', found['id'], {'date': date})",
        (
            scenario(
                new_event("standup", "2024-05-02"),
                expect(
                    call("PATCH", "/events/1", {"date": "2024-02-29"}),
                    200,
                    event(1, "standup", "2024-02-29"),
                ),
                expect(call("PATCH", "/events/1", {"date": "2024-02-30"}), 400, _DATE),
                expect(call("PATCH", "/events/1", {"date": "2024-5-1"}), 400, _DATE),
                expect(call("PATCH", "/events/1", {}), 400, _DATE),
                expect(call("PATCH", "/events/2", {"date": "2024-05-01"}), 404, _EVENT_MISSING),
            ),
        ),
        route="PATCH /events/{id}",
        requires=("create_event",),
    ),
    F(
        "events_on",
        "events",
        HANDLER,
        "answers 200 with the events on the date in the path (`GET /events/on/2024-05-02`), "
        "sorted by title ignoring case; a date without events gets []",
        _ON_DAY,
        (
            scenario(
                new_event("standup", "2024-05-02"),
                new_event("Lunch", "2024-05-02"),
                new_event("review", "2024-05-03"),
                expect(
                    call("GET", "/events/on/2024-05-02"),
                    200,
                    [event(2, "Lunch", "2024-05-02"), event(1, "standup", "2024-05-02")],
                ),
                expect(call("GET", "/events/on/2024-06-01"), 200, []),
            ),
        ),
        defect=Defect(
            _ON_DAY.replace("key=lambda e: e['title'].lower()", "key=lambda e: e['title']"),
            'titles that differ in the case of their first letter, such as "lunch" and "Review"',
            '"Review" is listed before "lunch": capitals sort first. The order ignores case',
            (
                scenario(
                    new_event("lunch", "2024-05-02"),
                    new_event("Review", "2024-05-02"),
                    expect(
                        call("GET", "/events/on/2024-05-02"),
                        200,
                        [event(1, "lunch", "2024-05-02"), event(2, "Review", "2024-05-02")],
                    ),
                ),
            ),
        ),
        route="GET /events/on/{date}",
        requires=("create_event",),
    ),
)

# ---- counters ----

_LIST_COUNTERS = code(
    """
    return 200, sorted(store.records('counters'), key=lambda c: c['name'].lower())
    """
)

COUNTERS: tuple[FunctionTemplate, ...] = (
    _read_endpoint(
        "get_counter",
        "counters",
        "counter",
        "counters",
        "counters",
        "create_counter",
        new_counter("visits"),
        new_counter("tickets", 100),
        2,
        counter(2, "tickets", 100, 100),
    ),
    _delete_endpoint(
        "delete_counter",
        "counters",
        "counter",
        "counters",
        "counters",
        "create_counter",
        new_counter("visits"),
    ),
    F(
        "list_counters",
        "counters",
        HANDLER,
        "answers 200 with every counter, sorted by name ignoring case",
        _LIST_COUNTERS,
        (
            scenario(
                expect(call("GET", "/counters"), 200, []),
                new_counter("visits"),
                new_counter("Tickets", 100),
                new_counter("errors", 3),
                expect(
                    call("GET", "/counters"),
                    200,
                    [
                        counter(3, "errors", 3, 3),
                        counter(2, "Tickets", 100, 100),
                        counter(1, "visits", 0),
                    ],
                ),
            ),
        ),
        change=Change(
            "GET /counters takes an optional `min` (`GET /counters?min=10`, a whole number): "
            "then it lists only the counters whose value is at least min, still sorted by "
            'name ignoring case; another `min` is a 400 with {"error": "min must be a whole '
            'number"}',
            code(
                """
                counters = sorted(store.records('counters'), key=lambda c: c['name'].lower())
                if 'min' in params:
                    if not params['min'].isdigit():
                        return 400, {'error': 'min must be a whole number'}
                    counters = [c for c in counters if c['value'] >= int(params['min'])]
                return 200, counters
                """
            ),
            (
                scenario(
                    new_counter("visits"),
                    new_counter("Tickets", 100),
                    new_counter("errors", 3),
                    expect(
                        call("GET", "/counters?min=3"),
                        200,
                        [counter(3, "errors", 3, 3), counter(2, "Tickets", 100, 100)],
                    ),
                    expect(
                        call("GET", "/counters?min=-1"),
                        400,
                        {"error": "min must be a whole number"},
                    ),
                ),
            ),
        ),
        route="GET /counters",
        requires=("create_counter",),
    ),
    F(
        "counters_total",
        "counters",
        HANDLER,
        'answers 200 with {"counters": n, "total": t}: how many counters there are and the '
        "sum of their values",
        code(
            """
            values = [c['value'] for c in store.records('counters')]
            return 200, {'counters': len(values), 'total': sum(values)}
            """
        ),
        (
            scenario(
                expect(call("GET", "/counters/total"), 200, {"counters": 0, "total": 0}),
                new_counter("visits"),
                new_counter("tickets", 100),
                new_counter("errors", 3),
                expect(call("GET", "/counters/total"), 200, {"counters": 3, "total": 103}),
            ),
        ),
        route="GET /counters/total",
        requires=("create_counter",),
    ),
)

# ---- feature flags ----

_TOGGLE = code(
    """
    found = next((f for f in store.records('flags') if f['name'] == params['name']), None)
    if found is None:
        return 404, {'error': 'flag not found'}
    return 200, store.update('flags', found['id'], {'enabled': not found['enabled']})
    """
)

FLAGS: tuple[FunctionTemplate, ...] = (
    F(
        "list_flags",
        "flags",
        HANDLER,
        "answers 200 with every feature flag, sorted by name",
        "    return 200, sorted(store.records('flags'), key=lambda f: f['name'])",
        (
            scenario(
                expect(call("GET", "/flags"), 200, []),
                new_flag("new-checkout", True),
                new_flag("dark-mode"),
                expect(
                    call("GET", "/flags"),
                    200,
                    [flag(2, "dark-mode"), flag(1, "new-checkout", True)],
                ),
            ),
        ),
        route="GET /flags",
        requires=("create_flag",),
    ),
    F(
        "toggle_flag",
        "flags",
        HANDLER,
        "flips the feature flag named in the path (`POST /flags/dark-mode/toggle`): an "
        "enabled flag becomes disabled and a disabled one enabled; it answers 200 with the "
        'flag, or 404 with {"error": "flag not found"} for an unknown name',
        _TOGGLE,
        (
            scenario(
                new_flag("dark-mode"),
                new_flag("new-checkout", True),
                expect(call("POST", "/flags/dark-mode/toggle"), 200, flag(1, "dark-mode", True)),
                expect(call("POST", "/flags/dark-mode/toggle"), 200, flag(1, "dark-mode")),
                expect(call("POST", "/flags/new-checkout/toggle"), 200, flag(2, "new-checkout")),
                expect(call("POST", "/flags/beta/toggle"), 404, {"error": "flag not found"}),
            ),
        ),
        route="POST /flags/{name}/toggle",
        requires=("create_flag",),
    ),
)

# ---- projects ----

_RENAME_PROJECT = lookup("projects", "found", "project") + code(
    """
    name = body.get('name') if isinstance(body, dict) else None
    if not isinstance(name, str) or not name.strip():
        return 400, {'error': 'name is required'}
    return 200, store.update('projects', found['id'], {'name': name.strip()})
    """
)
_PROJECT_MISSING = {"error": "project not found"}

PROJECTS: tuple[FunctionTemplate, ...] = (
    F(
        "rename_project",
        "projects",
        HANDLER,
        "renames the project whose id is in the path to the JSON body's `name` (a non-empty "
        "string, stored without the spaces around it, as a new project's is) and answers "
        '200 with the project; 404 with {"error": "project not found"} for an unknown '
        'project, 400 with {"error": "name is required"} for a missing or blank name',
        _RENAME_PROJECT,
        (
            scenario(
                new_project("Apollo"),
                expect(
                    call("PATCH", "/projects/1", {"name": "  Gemini "}),
                    200,
                    project(1, "Gemini"),
                ),
                expect(
                    call("PATCH", "/projects/1", {"name": "   "}),
                    400,
                    {"error": "name is required"},
                ),
                expect(call("PATCH", "/projects/2", {"name": "Mercury"}), 404, _PROJECT_MISSING),
            ),
        ),
        defect=Defect(
            _RENAME_PROJECT.replace("{'name': name.strip()}", "{'name': name}"),
            'a name with spaces around it, such as "  Gemini "',
            'the project is stored as "  Gemini " with its spaces; names are stored without them',
            (
                scenario(
                    new_project("Apollo"),
                    expect(
                        call("PATCH", "/projects/1", {"name": "  Gemini "}),
                        200,
                        project(1, "Gemini"),
                    ),
                ),
            ),
        ),
        route="PATCH /projects/{id}",
        requires=("create_project",),
    ),
    _delete_endpoint(
        "delete_project",
        "projects",
        "project",
        "projects",
        "projects",
        "create_project",
        new_project("Apollo"),
    ),
)

# ---- polls, recipes, rooms, books, carts, tickets and invoices ----

_LIST_ROOMS = code(
    """
    rooms = store.records('rooms')
    if 'min_capacity' in params:
        if not params['min_capacity'].isdigit():
            return 400, {'error': 'min_capacity must be a whole number'}
        rooms = [r for r in rooms if r['capacity'] >= int(params['min_capacity'])]
    return 200, sorted(rooms, key=lambda r: (r['capacity'], r['name']))
    """
)
_SEARCH_BOOKS = code(
    """
    query = params.get('q', '').strip().lower()
    if not query:
        return 400, {'error': 'q is required'}
    return 200, [b for b in store.records('books') if query in b['title'].lower()]
    """
)
_SEARCH_TICKETS = code(
    """
    query = params.get('q', '').lower()
    if not query:
        return 400, {'error': 'q is required'}
    found = [t for t in store.records('tickets') if query in t['title'].lower()]
    if 'severity' in params:
        found = [t for t in found if t['severity'] == params['severity']]
    return 200, found
    """
)
_Q_REQUIRED = {"error": "q is required"}

OTHERS: tuple[FunctionTemplate, ...] = (
    _read_endpoint(
        "get_poll",
        "polls",
        "poll",
        "polls",
        "polls",
        "create_poll",
        new_poll("Lunch?", ["pizza", "sushi"]),
        new_poll("Day off?", ["friday", "monday"]),
        1,
        poll(1, "Lunch?", ["pizza", "sushi"]),
    ),
    F(
        "list_recipes",
        "recipes",
        HANDLER,
        "answers 200 with every recipe, sorted by name ignoring case",
        "    return 200, sorted(store.records('recipes'), key=lambda r: r['name'].lower())",
        (
            scenario(
                expect(call("GET", "/recipes"), 200, []),
                new_recipe("pancakes", 4),
                new_recipe("Bread", 8),
                new_recipe("omelette", 1),
                expect(
                    call("GET", "/recipes"),
                    200,
                    [recipe(2, "Bread", 8), recipe(3, "omelette", 1), recipe(1, "pancakes", 4)],
                ),
            ),
        ),
        route="GET /recipes",
        requires=("create_recipe",),
    ),
    _delete_endpoint(
        "delete_recipe",
        "recipes",
        "recipe",
        "recipes",
        "recipes",
        "create_recipe",
        new_recipe("pancakes", 4),
    ),
    F(
        "list_rooms",
        "rooms",
        HANDLER,
        "answers 200 with the meeting rooms, the smallest capacity first and rooms of equal "
        "capacity by name; with the query parameter `min_capacity` "
        "(`GET /rooms?min_capacity=6`) only the rooms for at least that many people. Another "
        '`min_capacity` than a whole number is a 400 with {"error": "min_capacity must be a '
        'whole number"}',
        _LIST_ROOMS,
        (
            scenario(
                new_room("Oak", 8),
                new_room("Pine", 4),
                new_room("Elm", 8),
                new_room("Hall", 40),
                expect(
                    call("GET", "/rooms"),
                    200,
                    [room(2, "Pine", 4), room(3, "Elm", 8), room(1, "Oak", 8), room(4, "Hall", 40)],
                ),
                expect(
                    call("GET", "/rooms?min_capacity=8"),
                    200,
                    [room(3, "Elm", 8), room(1, "Oak", 8), room(4, "Hall", 40)],
                ),
                expect(
                    call("GET", "/rooms?min_capacity=big"),
                    400,
                    {"error": "min_capacity must be a whole number"},
                ),
            ),
        ),
        defect=Defect(
            _LIST_ROOMS.replace("r['capacity'] >= int(", "r['capacity'] > int("),
            "a room whose capacity is exactly min_capacity, such as an 8-seat room for "
            "?min_capacity=8",
            "the room is left out; a room for exactly that many people fits",
            (
                scenario(
                    new_room("Oak", 8),
                    new_room("Pine", 4),
                    expect(call("GET", "/rooms?min_capacity=8"), 200, [room(1, "Oak", 8)]),
                ),
            ),
        ),
        route="GET /rooms",
        requires=("create_room",),
    ),
    _read_endpoint(
        "get_room",
        "rooms",
        "room",
        "rooms",
        "rooms",
        "create_room",
        new_room("Oak", 8),
        new_room("Pine", 4),
        2,
        room(2, "Pine", 4),
    ),
    F(
        "search_books",
        "loans",
        HANDLER,
        "answers 200 with the books whose title contains the query parameter `q`, ignoring "
        "case and the spaces around q, in id order (`GET /books/search?q=dune`); without a "
        'q, or with one of spaces only, it answers 400 with {"error": "q is required"}',
        _SEARCH_BOOKS,
        (
            scenario(
                new_book("Dune"),
                new_book("Children of Dune", 2),
                new_book("Emma"),
                expect(
                    call("GET", "/books/search?q=DUNE"),
                    200,
                    [a_book(1, "Dune"), a_book(2, "Children of Dune", 2)],
                ),
                expect(call("GET", "/books/search?q=%20emma%20"), 200, [a_book(3, "Emma")]),
                expect(call("GET", "/books/search?q=zen"), 200, []),
                expect(call("GET", "/books/search"), 400, _Q_REQUIRED),
                expect(call("GET", "/books/search?q=%20%20"), 400, _Q_REQUIRED),
            ),
        ),
        route="GET /books/search",
        requires=("add_book",),
    ),
    _read_endpoint(
        "get_cart",
        "carts",
        "cart",
        "carts",
        "carts",
        "create_cart",
        new_cart("ann"),
        new_cart("bob"),
        2,
        cart(2, "bob"),
    ),
    _delete_endpoint(
        "delete_cart", "carts", "cart", "carts", "carts", "create_cart", new_cart("ann")
    ),
    F(
        "search_tickets",
        "tickets",
        HANDLER,
        "answers 200 with the tickets whose title contains the query parameter `q`, "
        "ignoring case, in id order (`GET /tickets/search?q=login`), and with `severity` "
        "too (`&severity=high`) only those of that severity; without a q it answers 400 "
        'with {"error": "q is required"}',
        _SEARCH_TICKETS,
        (
            scenario(
                new_ticket("Login fails", "high"),
                new_ticket("Slow login page"),
                new_ticket("Typo on home page", "low"),
                expect(
                    call("GET", "/tickets/search?q=LOGIN"),
                    200,
                    [ticket(1, "Login fails", "high"), ticket(2, "Slow login page")],
                ),
                expect(
                    call("GET", "/tickets/search?q=page&severity=low"),
                    200,
                    [ticket(3, "Typo on home page", "low")],
                ),
                expect(call("GET", "/tickets/search?severity=low"), 400, _Q_REQUIRED),
            ),
        ),
        defect=Defect(
            _SEARCH_TICKETS.replace(
                "query = params.get('q', '').lower()", "query = params.get('q', '')"
            ).replace("in t['title'].lower()", "in t['title']"),
            'a query in other letters\' case than the title, such as ?q=login for "Login fails"',
            "the ticket is not found; the search must ignore case",
            (
                scenario(
                    new_ticket("Login fails", "high"),
                    expect(
                        call("GET", "/tickets/search?q=login"),
                        200,
                        [ticket(1, "Login fails", "high")],
                    ),
                ),
            ),
        ),
        route="GET /tickets/search",
        requires=("create_ticket",),
    ),
    F(
        "retitle_ticket",
        "tickets",
        HANDLER,
        "changes the title of the ticket whose id is in the path to the JSON body's "
        "`title` (a non-empty string) and answers 200 with the ticket, its severity and "
        'status unchanged; 404 with {"error": "ticket not found"} for an unknown ticket, '
        '400 with {"error": "title is required"} for a missing or empty title',
        lookup("tickets", "found", "ticket")
        + DATA
        + required("title")
        + "    return 200, store.update('tickets', found['id'], {'title': data['title']})",
        (
            scenario(
                new_ticket("Login fails", "high"),
                expect(
                    call("PATCH", "/tickets/1", {"title": "Login fails on Safari"}),
                    200,
                    ticket(1, "Login fails on Safari", "high"),
                ),
                expect(
                    call("PATCH", "/tickets/1", {"title": ""}), 400, {"error": "title is required"}
                ),
                expect(
                    call("PATCH", "/tickets/2", {"title": "x"}), 404, {"error": "ticket not found"}
                ),
            ),
        ),
        route="PATCH /tickets/{id}",
        requires=("create_ticket",),
    ),
    _read_endpoint(
        "get_invoice",
        "invoices",
        "invoice",
        "invoices",
        "invoices",
        "create_invoice",
        new_invoice("ACME"),
        new_invoice("Globex"),
        2,
        invoice(2, "Globex"),
    ),
)

# ---- more endpoints on webapi_records.py's resources ----

_CONVERSATION = code(
    """
    pair = {params['a'], params['b']}
    return 200, [m for m in store.records('messages') if {m['from'], m['to']} == pair]
    """
)
_HOURS_BY_DAY = code(
    """
    days = {}
    for e in store.records('timesheets'):
        days[e['date']] = days.get(e['date'], 0) + e['hours']
    return 200, [{'date': d, 'hours': round(days[d], 2)} for d in sorted(days)]
    """
)
_LINK_INFO = code(
    """
    wanted = params['code'].lower()
    found = next((l for l in store.records('links') if l['code'].lower() == wanted), None)
    if found is None:
        return 404, {'error': 'link not found'}
    return 200, found
    """
)

RECORDS: tuple[FunctionTemplate, ...] = (
    _read_endpoint(
        "get_score",
        "scores",
        "score",
        "scores",
        "scores",
        "submit_score",
        new_score("ann", 120),
        new_score("bob", 90),
        2,
        score(2, "bob", 90),
    ),
    _read_endpoint(
        "get_job",
        "jobs",
        "job",
        "jobs",
        "jobs",
        "enqueue_job",
        enqueue("email"),
        enqueue("backup", 5),
        2,
        job(2, "backup", 5),
    ),
    _read_endpoint(
        "get_message",
        "messages",
        "message",
        "messages",
        "messages",
        "send_message",
        send("ann", "bob", "hi"),
        send("bob", "ann", "hello"),
        1,
        message(1, "ann", "bob", "hi"),
    ),
    _read_endpoint(
        "get_review",
        "reviews",
        "review",
        "reviews",
        "reviews",
        "post_review",
        new_review("kettle", 4, "quick"),
        new_review("toaster", 5),
        1,
        review(1, "kettle", 4, "quick"),
    ),
    _read_endpoint(
        "get_playlist",
        "playlists",
        "playlist",
        "playlists",
        "playlists",
        "create_playlist",
        new_playlist("road trip"),
        new_playlist("focus"),
        2,
        playlist(2, "focus"),
    ),
    F(
        "link_info",
        "links",
        HANDLER,
        "answers 200 with the short link whose code is in the path (matched ignoring case, "
        "`GET /links/docs/info`) without counting a visit: its `id`, `code`, `url` and "
        '`hits`; an unknown code answers 404 with {"error": "link not found"}',
        _LINK_INFO,
        (
            scenario(
                new_link("Docs", "https://example.com/docs"),
                expect(
                    call("GET", "/links/docs/info"),
                    200,
                    link(1, "Docs", "https://example.com/docs"),
                ),
                expect(
                    call("GET", "/links/DOCS/info"),
                    200,
                    link(1, "Docs", "https://example.com/docs"),
                ),
                expect(call("GET", "/links/news/info"), 404, {"error": "link not found"}),
            ),
        ),
        route="GET /links/{code}/info",
        requires=("shorten_link",),
    ),
    F(
        "conversation",
        "messages",
        HANDLER,
        "answers 200 with the messages between the two users in the path "
        "(`GET /conversations/ann/bob`), sent either way, in id order; the order of the two "
        "names in the path does not matter, and two users who never wrote get []",
        _CONVERSATION,
        (
            scenario(
                send("ann", "bob", "hi"),
                send("cat", "bob", "lunch?"),
                send("bob", "ann", "hello"),
                expect(
                    call("GET", "/conversations/bob/ann"),
                    200,
                    [message(1, "ann", "bob", "hi"), message(3, "bob", "ann", "hello")],
                ),
                expect(call("GET", "/conversations/ann/cat"), 200, []),
            ),
        ),
        defect=Defect(
            code(
                """
                a, b = params['a'], params['b']
                return 200, [m for m in store.records('messages') if m['from'] == a and m['to'] == b]
                """
            ),
            "the replies: messages sent by the second user of the path to the first",
            "they are left out, and only one side of the conversation shows; it holds the "
            "messages sent either way",
            (
                scenario(
                    send("ann", "bob", "hi"),
                    send("bob", "ann", "hello"),
                    expect(
                        call("GET", "/conversations/ann/bob"),
                        200,
                        [message(1, "ann", "bob", "hi"), message(2, "bob", "ann", "hello")],
                    ),
                ),
            ),
        ),
        route="GET /conversations/{a}/{b}",
        requires=("send_message",),
    ),
    F(
        "hours_by_day",
        "timesheets",
        HANDLER,
        'answers 200 with [{"date": d, "hours": h}, ...]: for each date with timesheet '
        "entries, the hours of every person on it added up (rounded to 2 decimals), the "
        "earliest date first",
        _HOURS_BY_DAY,
        (
            scenario(
                expect(call("GET", "/timesheets/days"), 200, []),
                log("ann", "2024-03-04", 6),
                log("bob", "2024-03-01", 8),
                log("ann", "2024-03-01", 7.5),
                expect(
                    call("GET", "/timesheets/days"),
                    200,
                    [{"date": "2024-03-01", "hours": 15.5}, {"date": "2024-03-04", "hours": 6}],
                ),
            ),
        ),
        defect=Defect(
            _HOURS_BY_DAY.replace("days.get(e['date'], 0) + e['hours']", "e['hours']"),
            "a date on which more than one entry was logged",
            "it answers only the last entry's hours for that date; they should be added up",
            (
                scenario(
                    log("ann", "2024-03-01", 4),
                    log("bob", "2024-03-01", 3.5),
                    expect(
                        call("GET", "/timesheets/days"),
                        200,
                        [{"date": "2024-03-01", "hours": 7.5}],
                    ),
                ),
            ),
        ),
        route="GET /timesheets/days",
        requires=("log_hours",),
    ),
    F(
        "list_playlists",
        "playlists",
        HANDLER,
        'answers 200 with [{"id": i, "name": n, "songs": k}, ...]: every playlist with how '
        "many songs it has (not the songs themselves), sorted by name ignoring case",
        code(
            """
            playlists = sorted(store.records('playlists'), key=lambda p: p['name'].lower())
            return 200, [{'id': p['id'], 'name': p['name'], 'songs': len(p['songs'])} for p in playlists]
            """
        ),
        (
            scenario(
                expect(call("GET", "/playlists"), 200, []),
                new_playlist("road trip"),
                new_playlist("Focus"),
                new_playlist("chill"),
                expect(
                    call("GET", "/playlists"),
                    200,
                    [
                        {"id": 3, "name": "chill", "songs": 0},
                        {"id": 2, "name": "Focus", "songs": 0},
                        {"id": 1, "name": "road trip", "songs": 0},
                    ],
                ),
            ),
        ),
        route="GET /playlists",
        requires=("create_playlist",),
    ),
)

ENDPOINT_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *CONTACTS,
    *BOOKMARKS,
    *EVENTS,
    *COUNTERS,
    *FLAGS,
    *PROJECTS,
    *OTHERS,
    *RECORDS,
)

__all__ = ["ENDPOINT_TEMPLATES"]
