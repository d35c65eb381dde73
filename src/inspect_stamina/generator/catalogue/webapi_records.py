"""Still more functions of the webapi domain: resources whose records stand alone.

Each resource here is opened by a create endpoint, and nearly every other endpoint of it
reads or changes only what that create endpoint stores, so that its tests require nothing
else: expenses and their totals by category, players' scores and a leaderboard, short
links that count their visits, a glossary of terms (matched ignoring case), people's
timesheets (dates as YYYY-MM-DD text), a queue of jobs claimed by priority, messages
between users and their inboxes, sensor readings and their statistics, product reviews
and their ratings, playlists with a running time, currency rates and conversions, and
webhooks subscribed to record events. Each summary states every status, key, message,
order and filter its cases and its defect's cases check; a change is asked only of an
endpoint that no other template requires.
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate
from inspect_stamina.generator.webapi.handlers import DATA, HANDLER, code, delete, lookup, required
from inspect_stamina.generator.webapi.scenarios import call, expect, scenario

F = FunctionTemplate

# ---- expenses, in cents, by category ----


def expense(i: int, description: str, cents: int, category: str = "other") -> dict[str, object]:
    """An expense as the service answers it."""
    return {"id": i, "description": description, "cents": cents, "category": category}


def new_expense(description: str, cents: object, category: object = None) -> str:
    """POST /expenses."""
    fields = {"description": description, "cents": cents}
    if category is not None:
        fields["category"] = category
    return call("POST", "/expenses", fields)


_EXPENSE_MISSING = {"error": "expense not found"}
_CENTS = {"error": "cents must be a whole number, 1 or more"}
_CREATE_EXPENSE = (
    DATA
    + required("description")
    + code(
        """
    cents = data.get('cents')
    if isinstance(cents, bool) or not isinstance(cents, int) or cents < 1:
        return 400, {'error': 'cents must be a whole number, 1 or more'}
    category = data.get('category', 'other')
    if not isinstance(category, str) or not category.strip():
        return 400, {'error': 'category must be a non-empty string'}
    fields = {'description': data['description'], 'cents': cents, 'category': category}
    return 201, store.add('expenses', fields)
    """
    )
)
_LARGEST = code(
    """
    expenses = store.records('expenses')
    if not expenses:
        return 404, {'error': 'no expenses'}
    return 200, max(expenses, key=lambda e: e['cents'])
    """
)

EXPENSES: tuple[FunctionTemplate, ...] = (
    F(
        "create_expense",
        "expenses",
        HANDLER,
        "records an expense from a JSON body with a `description` (a non-empty string), "
        "`cents` (a whole number, 1 or more) and an optional `category` (a non-empty string, "
        'default "other"), and answers 201 with the expense: its `id` (counting from 1), '
        '`description`, `cents` and `category`. It answers 400 with {"error": "description '
        'is required"}, {"error": "cents must be a whole number, 1 or more"} or {"error": '
        '"category must be a non-empty string"} when one of them is wrong',
        _CREATE_EXPENSE,
        (
            scenario(
                expect(new_expense("lunch", 1250, "food"), 201, expense(1, "lunch", 1250, "food")),
                expect(new_expense("stamps", 300), 201, expense(2, "stamps", 300)),
                expect(new_expense("taxi", 0), 400, _CENTS),
                expect(
                    new_expense("taxi", 900, ""),
                    400,
                    {"error": "category must be a non-empty string"},
                ),
                expect(
                    call("POST", "/expenses", {"cents": 5}),
                    400,
                    {"error": "description is required"},
                ),
            ),
        ),
        defect=Defect(
            _CREATE_EXPENSE.replace(
                "not isinstance(cents, int)", "not isinstance(cents, (int, float))"
            ),
            "an amount with a fraction of a cent, such as 12.5",
            "the expense is stored with it; cents are whole: it should be a 400 with "
            '{"error": "cents must be a whole number, 1 or more"}',
            (
                scenario(
                    expect(new_expense("gum", 12.5), 400, _CENTS),
                    expect(new_expense("gum", 12), 201, expense(1, "gum", 12)),
                ),
            ),
        ),
        route="POST /expenses",
    ),
    F(
        "get_expense",
        "expenses",
        HANDLER,
        "answers 200 with the expense whose id is in the path, or 404 with "
        '{"error": "expense not found"} when there is none',
        lookup("expenses", "found", "expense") + "    return 200, found",
        (
            scenario(
                new_expense("lunch", 1250, "food"),
                new_expense("stamps", 300),
                expect(call("GET", "/expenses/2"), 200, expense(2, "stamps", 300)),
                expect(call("GET", "/expenses/3"), 404, _EXPENSE_MISSING),
                expect(call("GET", "/expenses/one"), 404, _EXPENSE_MISSING),
            ),
        ),
        route="GET /expenses/{id}",
        requires=("create_expense",),
    ),
    F(
        "delete_expense",
        "expenses",
        HANDLER,
        "deletes the expense whose id is in the path and answers 204 with an empty body; "
        '404 with {"error": "expense not found"} when there is none',
        delete("expenses", "found", "expense"),
        (
            scenario(
                new_expense("lunch", 1250, "food"),
                expect(call("DELETE", "/expenses/1"), 204, None),
                expect(call("DELETE", "/expenses/1"), 404, _EXPENSE_MISSING),
                expect(new_expense("stamps", 300), 201, expense(2, "stamps", 300)),
            ),
        ),
        route="DELETE /expenses/{id}",
        requires=("create_expense",),
    ),
    F(
        "expense_totals",
        "expenses",
        HANDLER,
        'answers 200 with {"total": t, "by_category": {category: cents, ...}}: the sum of '
        "every expense's cents, and that sum per category (a category without expenses is "
        'not there); with no expenses, {"total": 0, "by_category": {}}',
        code(
            """
            totals = {}
            for e in store.records('expenses'):
                totals[e['category']] = totals.get(e['category'], 0) + e['cents']
            return 200, {'total': sum(totals.values()), 'by_category': totals}
            """
        ),
        (
            scenario(
                expect(call("GET", "/expenses/totals"), 200, {"total": 0, "by_category": {}}),
                new_expense("lunch", 1250, "food"),
                new_expense("stamps", 300),
                new_expense("dinner", 2100, "food"),
                expect(
                    call("GET", "/expenses/totals"),
                    200,
                    {"total": 3650, "by_category": {"food": 3350, "other": 300}},
                ),
            ),
        ),
        route="GET /expenses/totals",
        requires=("create_expense",),
    ),
    F(
        "list_expenses",
        "expenses",
        HANDLER,
        "answers 200 with the expenses in id order; with the query parameter `category` "
        "(`GET /expenses?category=food`) only the expenses of that category (compared "
        "exactly)",
        code(
            """
            expenses = store.records('expenses')
            if 'category' in params:
                expenses = [e for e in expenses if e['category'] == params['category']]
            return 200, expenses
            """
        ),
        (
            scenario(
                new_expense("lunch", 1250, "food"),
                new_expense("stamps", 300),
                new_expense("dinner", 2100, "food"),
                expect(
                    call("GET", "/expenses?category=food"),
                    200,
                    [expense(1, "lunch", 1250, "food"), expense(3, "dinner", 2100, "food")],
                ),
                expect(call("GET", "/expenses?category=rent"), 200, []),
                expect(
                    call("GET", "/expenses"),
                    200,
                    [
                        expense(1, "lunch", 1250, "food"),
                        expense(2, "stamps", 300),
                        expense(3, "dinner", 2100, "food"),
                    ],
                ),
            ),
        ),
        change=Change(
            "GET /expenses takes an optional `min` too (`GET /expenses?min=1000`, a whole "
            "number): then it lists only the expenses of at least that many cents, with or "
            'without a category; another `min` is a 400 with {"error": "min must be a whole '
            'number"}',
            code(
                """
                expenses = store.records('expenses')
                if 'category' in params:
                    expenses = [e for e in expenses if e['category'] == params['category']]
                if 'min' in params:
                    if not params['min'].isdigit():
                        return 400, {'error': 'min must be a whole number'}
                    expenses = [e for e in expenses if e['cents'] >= int(params['min'])]
                return 200, expenses
                """
            ),
            (
                scenario(
                    new_expense("lunch", 1250, "food"),
                    new_expense("stamps", 300),
                    new_expense("dinner", 2100, "food"),
                    new_expense("train", 1250),
                    expect(
                        call("GET", "/expenses?min=1250"),
                        200,
                        [
                            expense(1, "lunch", 1250, "food"),
                            expense(3, "dinner", 2100, "food"),
                            expense(4, "train", 1250),
                        ],
                    ),
                    expect(
                        call("GET", "/expenses?min=2000&category=food"),
                        200,
                        [expense(3, "dinner", 2100, "food")],
                    ),
                    expect(
                        call("GET", "/expenses?min=lots"),
                        400,
                        {"error": "min must be a whole number"},
                    ),
                ),
            ),
        ),
        route="GET /expenses",
        requires=("create_expense",),
    ),
    F(
        "largest_expense",
        "expenses",
        HANDLER,
        "answers 200 with the expense of the most cents; of several with that many, the "
        'earliest (the lowest id). With no expenses it answers 404 with {"error": "no '
        'expenses"}',
        _LARGEST,
        (
            scenario(
                expect(call("GET", "/expenses/largest"), 404, {"error": "no expenses"}),
                new_expense("lunch", 1250, "food"),
                new_expense("dinner", 2100, "food"),
                new_expense("stamps", 300),
                expect(call("GET", "/expenses/largest"), 200, expense(2, "dinner", 2100, "food")),
            ),
        ),
        defect=Defect(
            code(
                """
                expenses = store.records('expenses')
                if not expenses:
                    return 404, {'error': 'no expenses'}
                return 200, sorted(expenses, key=lambda e: e['cents'])[-1]
                """
            ),
            "two expenses of the same, largest amount",
            "it answers the later one; the earliest (lowest id) should win the tie",
            (
                scenario(
                    new_expense("lunch", 2100, "food"),
                    new_expense("train", 2100),
                    new_expense("stamps", 300),
                    expect(
                        call("GET", "/expenses/largest"), 200, expense(1, "lunch", 2100, "food")
                    ),
                ),
            ),
        ),
        route="GET /expenses/largest",
        requires=("create_expense",),
    ),
)

# ---- players' scores and a leaderboard ----


def score(i: int, player: str, points: int) -> dict[str, object]:
    """A score as the service answers it."""
    return {"id": i, "player": player, "points": points}


def new_score(player: str, points: object) -> str:
    """POST /scores."""
    return call("POST", "/scores", {"player": player, "points": points})


_POINTS = {"error": "points must be a whole number, 0 or more"}
_SCORE_MISSING = {"error": "score not found"}
_SUBMIT_SCORE = (
    DATA
    + required("player")
    + code(
        """
    points = data.get('points')
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        return 400, {'error': 'points must be a whole number, 0 or more'}
    return 201, store.add('scores', {'player': data['player'], 'points': points})
    """
    )
)
_LEADERBOARD = code(
    """
    best = {}
    for s in store.records('scores'):
        best[s['player']] = max(best.get(s['player'], 0), s['points'])
    board = sorted(best.items(), key=lambda pair: (-pair[1], pair[0]))
    rows = [{'player': player, 'best': points} for player, points in board]
    if 'top' in params:
        if not params['top'].isdigit() or int(params['top']) < 1:
            return 400, {'error': 'top must be a whole number, 1 or more'}
        rows = rows[:int(params['top'])]
    return 200, rows
    """
)

SCORES: tuple[FunctionTemplate, ...] = (
    F(
        "submit_score",
        "scores",
        HANDLER,
        "records a game's score from a JSON body with a `player` (a non-empty string) and "
        '`points` (a whole number, 0 or more; true, false or text such as "5" are not '
        "one), and answers 201 with the score: its `id` (counting from 1), `player` and "
        '`points`. It answers 400 with {"error": "player is required"} or {"error": '
        '"points must be a whole number, 0 or more"} when one is wrong',
        _SUBMIT_SCORE,
        (
            scenario(
                expect(new_score("ann", 120), 201, score(1, "ann", 120)),
                expect(new_score("bob", 0), 201, score(2, "bob", 0)),
                expect(new_score("bob", -5), 400, _POINTS),
                expect(new_score("bob", "5"), 400, _POINTS),
                expect(
                    call("POST", "/scores", {"points": 5}), 400, {"error": "player is required"}
                ),
            ),
        ),
        defect=Defect(
            _SUBMIT_SCORE.replace("isinstance(points, bool) or ", ""),
            'points given as true or false, such as {"player": "ann", "points": true}',
            "the score is stored with points true; a boolean is not a number of points: it "
            'should be a 400 with {"error": "points must be a whole number, 0 or more"}',
            (
                scenario(
                    expect(new_score("ann", True), 400, _POINTS),
                    expect(new_score("ann", False), 400, _POINTS),
                    expect(new_score("ann", 1), 201, score(1, "ann", 1)),
                ),
            ),
        ),
        route="POST /scores",
    ),
    F(
        "leaderboard",
        "scores",
        HANDLER,
        'answers 200 with each player\'s best score as [{"player": p, "best": b}, ...], one '
        "row per player, the highest best first and players of equal best by name; with the "
        "query parameter `top` (`GET /scores/leaderboard?top=3`, a whole number, 1 or more) "
        'only the first that many rows; another `top` is a 400 with {"error": "top must be '
        'a whole number, 1 or more"}',
        _LEADERBOARD,
        (
            scenario(
                expect(call("GET", "/scores/leaderboard"), 200, []),
                new_score("cat", 90),
                new_score("ann", 120),
                new_score("bob", 90),
                new_score("cat", 40),
                expect(
                    call("GET", "/scores/leaderboard"),
                    200,
                    [
                        {"player": "ann", "best": 120},
                        {"player": "bob", "best": 90},
                        {"player": "cat", "best": 90},
                    ],
                ),
                expect(
                    call("GET", "/scores/leaderboard?top=2"),
                    200,
                    [{"player": "ann", "best": 120}, {"player": "bob", "best": 90}],
                ),
                expect(
                    call("GET", "/scores/leaderboard?top=0"),
                    400,
                    {"error": "top must be a whole number, 1 or more"},
                ),
            ),
        ),
        defect=Defect(
            _LEADERBOARD.replace("max(best.get(s['player'], 0), s['points'])", "s['points']"),
            "a player whose latest score is lower than an earlier one",
            "the board shows the latest score, not the best one",
            (
                scenario(
                    new_score("ann", 120),
                    new_score("bob", 90),
                    new_score("ann", 30),
                    expect(
                        call("GET", "/scores/leaderboard"),
                        200,
                        [{"player": "ann", "best": 120}, {"player": "bob", "best": 90}],
                    ),
                ),
            ),
        ),
        route="GET /scores/leaderboard",
        requires=("submit_score",),
    ),
    F(
        "player_summary",
        "scores",
        HANDLER,
        'answers 200 with {"player": p, "games": g, "best": b, "total": t} for the player '
        "named in the path (`GET /players/ann`): how many scores they have, the highest and "
        'the sum of their points; a player without any score answers 404 with {"error": '
        '"player not found"}',
        code(
            """
            points = [s['points'] for s in store.records('scores') if s['player'] == params['player']]
            if not points:
                return 404, {'error': 'player not found'}
            return 200, {'player': params['player'], 'games': len(points), 'best': max(points), 'total': sum(points)}
            """
        ),
        (
            scenario(
                new_score("ann", 120),
                new_score("bob", 90),
                new_score("ann", 0),
                new_score("ann", 45),
                expect(
                    call("GET", "/players/ann"),
                    200,
                    {"player": "ann", "games": 3, "best": 120, "total": 165},
                ),
                expect(
                    call("GET", "/players/bob"),
                    200,
                    {"player": "bob", "games": 1, "best": 90, "total": 90},
                ),
                expect(call("GET", "/players/cat"), 404, {"error": "player not found"}),
            ),
        ),
        route="GET /players/{player}",
        requires=("submit_score",),
    ),
    F(
        "delete_score",
        "scores",
        HANDLER,
        "deletes the score whose id is in the path and answers 204 with an empty body; 404 "
        'with {"error": "score not found"} when there is none',
        delete("scores", "found", "score"),
        (
            scenario(
                new_score("ann", 120),
                new_score("bob", 90),
                expect(call("DELETE", "/scores/1"), 204, None),
                expect(call("DELETE", "/scores/1"), 404, _SCORE_MISSING),
                expect(call("DELETE", "/scores/x"), 404, _SCORE_MISSING),
                expect(call("DELETE", "/scores/2"), 204, None),
            ),
        ),
        route="DELETE /scores/{id}",
        requires=("submit_score",),
    ),
)

# ---- short links that count their visits ----


def link(i: int, code_: str, url: str, hits: int = 0) -> dict[str, object]:
    """A short link as the service answers it."""
    return {"id": i, "code": code_, "url": url, "hits": hits}


def new_link(code_: str, url: str) -> str:
    """POST /links."""
    return call("POST", "/links", {"code": code_, "url": url})


_LINK_MISSING = {"error": "link not found"}
_CODE_USED = {"error": "code already used"}
_LINK_FIND = (
    code(
        """
    wanted = params['code'].lower()
    found = next((l for l in store.records('links') if l['code'].lower() == wanted), None)
    if found is None:
        return 404, {'error': 'link not found'}
    """
    )
    + "\n"
)
_SHORTEN = DATA + code(
    """
    url, code = data.get('url'), data.get('code')
    if not isinstance(url, str) or not url.startswith(('http://', 'https://')):
        return 400, {'error': 'url must start with http:// or https://'}
    if not isinstance(code, str) or not 1 <= len(code) <= 20 or not code.isalnum() or not code.isascii():
        return 400, {'error': 'code must be 1 to 20 letters or digits'}
    if any(l['code'].lower() == code.lower() for l in store.records('links')):
        return 409, {'error': 'code already used'}
    return 201, store.add('links', {'code': code, 'url': url, 'hits': 0})
    """
)
_FOLLOW = _LINK_FIND + code(
    """
    hits = found['hits'] + 1
    store.update('links', found['id'], {'hits': hits})
    return 200, {'url': found['url'], 'hits': hits}
    """
)

LINKS: tuple[FunctionTemplate, ...] = (
    F(
        "shorten_link",
        "links",
        HANDLER,
        "creates a short link from a JSON body with a `url` (starting with http:// or "
        "https://) and a `code` (1 to 20 ASCII letters or digits), and answers 201 with the "
        "link: its `id` (counting from 1), `code`, `url` and `hits` (0). Codes are unique "
        'ignoring case: a code another link has, in any case, is a 409 with {"error": "code '
        'already used"}. It answers 400 with {"error": "url must start with http:// or '
        'https://"} or {"error": "code must be 1 to 20 letters or digits"} when one is wrong',
        _SHORTEN,
        (
            scenario(
                expect(
                    new_link("docs", "https://example.com/docs"),
                    201,
                    link(1, "docs", "https://example.com/docs"),
                ),
                expect(
                    new_link("Blog2", "http://example.com/blog"),
                    201,
                    link(2, "Blog2", "http://example.com/blog"),
                ),
                expect(new_link("docs", "https://other.org"), 409, _CODE_USED),
                expect(
                    new_link("my-docs", "https://other.org"),
                    400,
                    {"error": "code must be 1 to 20 letters or digits"},
                ),
                expect(
                    new_link("ftp", "ftp://example.com"),
                    400,
                    {"error": "url must start with http:// or https://"},
                ),
            ),
        ),
        defect=Defect(
            _SHORTEN.replace("l['code'].lower() == code.lower()", "l['code'] == code"),
            'a code another link has in other letters\' case, such as "DOCS" after "docs"',
            "a second link is created under it; codes must be unique ignoring case: it "
            'should be a 409 with {"error": "code already used"}',
            (
                scenario(
                    new_link("docs", "https://example.com/docs"),
                    expect(new_link("DOCS", "https://other.org"), 409, _CODE_USED),
                    expect(
                        new_link("docs2", "https://other.org"),
                        201,
                        link(2, "docs2", "https://other.org"),
                    ),
                ),
            ),
        ),
        route="POST /links",
    ),
    F(
        "follow_link",
        "links",
        HANDLER,
        "counts a visit of the short link whose code is in the path (matched ignoring case, "
        '`GET /links/docs`) and answers 200 with {"url": u, "hits": h}, h counting this '
        'visit; an unknown code answers 404 with {"error": "link not found"}',
        _FOLLOW,
        (
            scenario(
                new_link("docs", "https://example.com/docs"),
                new_link("blog", "https://example.com/blog"),
                expect(
                    call("GET", "/links/docs"), 200, {"url": "https://example.com/docs", "hits": 1}
                ),
                expect(
                    call("GET", "/links/DOCS"), 200, {"url": "https://example.com/docs", "hits": 2}
                ),
                expect(
                    call("GET", "/links/blog"), 200, {"url": "https://example.com/blog", "hits": 1}
                ),
                expect(call("GET", "/links/news"), 404, _LINK_MISSING),
            ),
        ),
        defect=Defect(
            code(
                """
                wanted = params['code'].lower()
                found = next(l for l in store.records('links') if l['code'].lower() == wanted)
                store.update('links', found['id'], {'hits': found['hits'] + 1})
                return 200, {'url': found['url'], 'hits': found['hits']}
                """
            ),
            "a code no link has, such as /links/news",
            'the request fails with a server error (500); it should be a 404 with {"error": '
            '"link not found"}',
            (
                scenario(
                    new_link("docs", "https://example.com/docs"),
                    expect(call("GET", "/links/news"), 404, _LINK_MISSING),
                    expect(
                        call("GET", "/links/docs"),
                        200,
                        {"url": "https://example.com/docs", "hits": 1},
                    ),
                ),
            ),
        ),
        route="GET /links/{code}",
        requires=("shorten_link",),
    ),
    F(
        "delete_link",
        "links",
        HANDLER,
        "deletes the short link whose code is in the path (matched ignoring case) and "
        'answers 204 with an empty body; an unknown code answers 404 with {"error": "link '
        'not found"}. Its code can then be used again',
        _LINK_FIND + "    store.remove('links', found['id'])\n    return 204, None",
        (
            scenario(
                new_link("docs", "https://example.com/docs"),
                expect(call("DELETE", "/links/Docs"), 204, None),
                expect(call("DELETE", "/links/docs"), 404, _LINK_MISSING),
                expect(
                    new_link("docs", "https://other.org"), 201, link(2, "docs", "https://other.org")
                ),
            ),
        ),
        route="DELETE /links/{code}",
        requires=("shorten_link",),
    ),
    F(
        "links_by_host",
        "links",
        HANDLER,
        "answers 200 with {host: n, ...}: how many short links point at each host, the host "
        "being the part of the url between :// and the next / (or the end); with no links, {}",
        code(
            """
            counts = {}
            for l in store.records('links'):
                host = l['url'].split('://', 1)[1].split('/', 1)[0]
                counts[host] = counts.get(host, 0) + 1
            return 200, counts
            """
        ),
        (
            scenario(
                expect(call("GET", "/links/hosts"), 200, {}),
                new_link("docs", "https://example.com/docs"),
                new_link("blog", "http://example.com/blog/2024"),
                new_link("home", "https://other.org"),
                expect(call("GET", "/links/hosts"), 200, {"example.com": 2, "other.org": 1}),
            ),
        ),
        route="GET /links/hosts",
        requires=("shorten_link",),
    ),
    F(
        "list_links",
        "links",
        HANDLER,
        "answers 200 with every short link, the most visited first (the most `hits`) and "
        "links of equal hits by code, ignoring case",
        code(
            """
            links = store.records('links')
            return 200, sorted(links, key=lambda l: (-l['hits'], l['code'].lower()))
            """
        ),
        (
            scenario(
                new_link("docs", "https://example.com/docs"),
                new_link("Blog", "https://example.com/blog"),
                new_link("about", "https://example.com/about"),
                call("GET", "/links/docs"),
                expect(
                    call("GET", "/links"),
                    200,
                    [
                        link(1, "docs", "https://example.com/docs", 1),
                        link(3, "about", "https://example.com/about"),
                        link(2, "Blog", "https://example.com/blog"),
                    ],
                ),
            ),
        ),
        defect=Defect(
            code(
                """
                links = store.records('links')
                return 200, sorted(links, key=lambda l: (-l['hits'], l['code']))
                """
            ),
            'links of equal hits whose codes differ in case, such as "Blog" and "about"',
            '"Blog" is listed before "about": capitals sort first. Ties go by code ignoring case',
            (
                scenario(
                    new_link("Blog", "https://example.com/blog"),
                    new_link("about", "https://example.com/about"),
                    expect(
                        call("GET", "/links"),
                        200,
                        [
                            link(2, "about", "https://example.com/about"),
                            link(1, "Blog", "https://example.com/blog"),
                        ],
                    ),
                ),
            ),
        ),
        route="GET /links",
        requires=("shorten_link", "follow_link"),
    ),
)

# ---- a glossary of terms, matched ignoring case ----


def term(i: int, word: str, definition: str) -> dict[str, object]:
    """A glossary term as the service answers it."""
    return {"id": i, "term": word, "definition": definition}


def define(word: str, definition: str) -> str:
    """POST /terms."""
    return call("POST", "/terms", {"term": word, "definition": definition})


_TERM_MISSING = {"error": "term not found"}
_DEFINITION_REQUIRED = {"error": "definition is required"}
_TERM_FIND = (
    code(
        """
    wanted = params['term'].lower()
    found = next((t for t in store.records('terms') if t['term'].lower() == wanted), None)
    if found is None:
        return 404, {'error': 'term not found'}
    """
    )
    + "\n"
)
_TERMS_STARTING = code(
    """
    prefix = params.get('prefix', '').lower()
    words = [t['term'] for t in store.records('terms') if t['term'].lower().startswith(prefix)]
    return 200, sorted(words, key=str.lower)
    """
)

GLOSSARY: tuple[FunctionTemplate, ...] = (
    F(
        "define_term",
        "glossary",
        HANDLER,
        "adds a term to the glossary from a JSON body with a `term` and a `definition` (both "
        "non-empty strings), and answers 201 with it: its `id` (counting from 1), `term` and "
        '`definition`. It answers 400 with {"error": "term is required"} or {"error": '
        '"definition is required"} when one is missing or empty, and 409 with {"error": '
        '"term already defined"} for a term the glossary has, compared ignoring case',
        DATA
        + required("term", "definition")
        + code(
            """
            if any(t['term'].lower() == data['term'].lower() for t in store.records('terms')):
                return 409, {'error': 'term already defined'}
            return 201, store.add('terms', {'term': data['term'], 'definition': data['definition']})
            """
        ),
        (
            scenario(
                expect(define("API", "a contract"), 201, term(1, "API", "a contract")),
                expect(define("cache", "a fast copy"), 201, term(2, "cache", "a fast copy")),
                expect(define("api", "again"), 409, {"error": "term already defined"}),
                expect(call("POST", "/terms", {"term": "queue"}), 400, _DEFINITION_REQUIRED),
                expect(
                    call("POST", "/terms", {"term": " ", "definition": "x"}),
                    400,
                    {"error": "term is required"},
                ),
            ),
        ),
        route="POST /terms",
    ),
    F(
        "lookup_term",
        "glossary",
        HANDLER,
        "answers 200 with the glossary term named in the path, matched ignoring case "
        '(`GET /terms/api` finds "API"), or 404 with {"error": "term not found"}',
        _TERM_FIND + "    return 200, found",
        (
            scenario(
                define("API", "a contract"),
                define("cache", "a fast copy"),
                expect(call("GET", "/terms/cache"), 200, term(2, "cache", "a fast copy")),
                expect(call("GET", "/terms/queue"), 404, _TERM_MISSING),
            ),
        ),
        defect=Defect(
            code(
                """
                found = next((t for t in store.records('terms') if t['term'] == params['term']), None)
                if found is None:
                    return 404, {'error': 'term not found'}
                return 200, found
                """
            ),
            'a term asked for in other letters\' case, such as /terms/api for "API"',
            'it answers 404 with {"error": "term not found"}; terms are matched ignoring case',
            (
                scenario(
                    define("API", "a contract"),
                    expect(call("GET", "/terms/api"), 200, term(1, "API", "a contract")),
                    expect(call("GET", "/terms/API"), 200, term(1, "API", "a contract")),
                ),
            ),
        ),
        route="GET /terms/{term}",
        requires=("define_term",),
    ),
    F(
        "list_terms",
        "glossary",
        HANDLER,
        "answers 200 with the glossary's terms (the words only, a list of strings) in "
        "alphabetical order ignoring case; with the query parameter `prefix` "
        "(`GET /terms?prefix=ca`) only the terms that start with it, ignoring case",
        _TERMS_STARTING,
        (
            scenario(
                expect(call("GET", "/terms"), 200, []),
                define("cache", "a fast copy"),
                define("API", "a contract"),
                define("Callback", "code run later"),
                expect(call("GET", "/terms"), 200, ["API", "cache", "Callback"]),
                expect(call("GET", "/terms?prefix=CA"), 200, ["cache", "Callback"]),
                expect(call("GET", "/terms?prefix=z"), 200, []),
            ),
        ),
        defect=Defect(
            _TERMS_STARTING.replace("sorted(words, key=str.lower)", "sorted(words)"),
            'terms that differ in the case of their first letter, such as "cache" and "Callback"',
            '"Callback" is listed before "cache": capitals sort first. The order ignores case',
            (
                scenario(
                    define("cache", "a fast copy"),
                    define("Callback", "code run later"),
                    define("Zone", "an area"),
                    expect(call("GET", "/terms"), 200, ["cache", "Callback", "Zone"]),
                ),
            ),
        ),
        change=Change(
            'GET /terms answers the terms with their definitions, as [{"term": t, '
            '"definition": d}, ...], in the same order and with the same `prefix` filter',
            code(
                """
                prefix = params.get('prefix', '').lower()
                terms = [t for t in store.records('terms') if t['term'].lower().startswith(prefix)]
                terms.sort(key=lambda t: t['term'].lower())
                return 200, [{'term': t['term'], 'definition': t['definition']} for t in terms]
                """
            ),
            (
                scenario(
                    define("cache", "a fast copy"),
                    define("API", "a contract"),
                    expect(
                        call("GET", "/terms"),
                        200,
                        [
                            {"term": "API", "definition": "a contract"},
                            {"term": "cache", "definition": "a fast copy"},
                        ],
                    ),
                    expect(
                        call("GET", "/terms?prefix=c"),
                        200,
                        [{"term": "cache", "definition": "a fast copy"}],
                    ),
                ),
            ),
        ),
        route="GET /terms",
        requires=("define_term",),
    ),
    F(
        "redefine_term",
        "glossary",
        HANDLER,
        "replaces the definition of the glossary term named in the path (matched ignoring "
        "case) with the JSON body's `definition` (a non-empty string) and answers 200 with "
        'the term, its spelling unchanged; 404 with {"error": "term not found"} for an '
        'unknown term, 400 with {"error": "definition is required"} for a missing or empty '
        "definition",
        _TERM_FIND
        + DATA
        + required("definition")
        + "    return 200, store.update('terms', found['id'], {'definition': data['definition']})",
        (
            scenario(
                define("API", "a contract"),
                expect(
                    call("PATCH", "/terms/api", {"definition": "how programs talk"}),
                    200,
                    term(1, "API", "how programs talk"),
                ),
                expect(call("PATCH", "/terms/API", {"definition": ""}), 400, _DEFINITION_REQUIRED),
                expect(call("PATCH", "/terms/queue", {"definition": "x"}), 404, _TERM_MISSING),
            ),
        ),
        route="PATCH /terms/{term}",
        requires=("define_term",),
    ),
    F(
        "delete_term",
        "glossary",
        HANDLER,
        "deletes the glossary term named in the path (matched ignoring case) and answers 204 "
        'with an empty body; 404 with {"error": "term not found"} for an unknown term. The '
        "term can then be defined again",
        _TERM_FIND + "    store.remove('terms', found['id'])\n    return 204, None",
        (
            scenario(
                define("API", "a contract"),
                expect(call("DELETE", "/terms/Api"), 204, None),
                expect(call("DELETE", "/terms/API"), 404, _TERM_MISSING),
                expect(define("API", "an interface"), 201, term(2, "API", "an interface")),
            ),
        ),
        route="DELETE /terms/{term}",
        requires=("define_term",),
    ),
)

# ---- people's timesheets, dates as YYYY-MM-DD text ----


def entry(i: int, person: str, date: str, hours: float) -> dict[str, object]:
    """A timesheet entry as the service answers it."""
    return {"id": i, "person": person, "date": date, "hours": hours}


def log(person: str, date: str, hours: object) -> str:
    """POST /timesheets."""
    return call("POST", "/timesheets", {"person": person, "date": date, "hours": hours})


_HOURS = {"error": "hours must be more than 0 and at most 24"}
_BAD_DATE = {"error": "date must be a valid YYYY-MM-DD date"}
_LOG_HOURS = (
    DATA
    + required("person")
    + code(
        """
    import datetime

    date, hours = data.get('date'), data.get('hours')
    try:
        datetime.date.fromisoformat(date if isinstance(date, str) and len(date) == 10 else '')
    except ValueError:
        return 400, {'error': 'date must be a valid YYYY-MM-DD date'}
    if isinstance(hours, bool) or not isinstance(hours, (int, float)) or not 0 < hours <= 24:
        return 400, {'error': 'hours must be more than 0 and at most 24'}
    return 201, store.add('timesheets', {'person': data['person'], 'date': date, 'hours': hours})
    """
    )
)
_PERSON_HOURS = code(
    """
    mine = [e for e in store.records('timesheets') if e['person'] == params['person']]
    total = round(sum(e['hours'] for e in mine), 2)
    return 200, {'person': params['person'], 'hours': total, 'days': len({e['date'] for e in mine})}
    """
)

TIMESHEETS: tuple[FunctionTemplate, ...] = (
    F(
        "log_hours",
        "timesheets",
        HANDLER,
        "records hours worked from a JSON body with a `person` (a non-empty string), a "
        "`date` (a valid YYYY-MM-DD date, such as 2024-02-29) and `hours` (a number more "
        "than 0 and at most 24), and answers 201 with the entry: its `id` (counting from 1), "
        '`person`, `date` and `hours`. It answers 400 with {"error": "person is required"}, '
        '{"error": "date must be a valid YYYY-MM-DD date"} or {"error": "hours must be more '
        'than 0 and at most 24"} when one is wrong (checked in that order)',
        _LOG_HOURS,
        (
            scenario(
                expect(log("ann", "2024-02-29", 7.5), 201, entry(1, "ann", "2024-02-29", 7.5)),
                expect(log("bob", "2024-03-01", 8), 201, entry(2, "bob", "2024-03-01", 8)),
                expect(log("bob", "2023-02-29", 8), 400, _BAD_DATE),
                expect(log("bob", "1 March", 8), 400, _BAD_DATE),
                expect(log("bob", "2024-03-01", 0), 400, _HOURS),
                expect(
                    call("POST", "/timesheets", {"date": "2024-03-01", "hours": 1}),
                    400,
                    {"error": "person is required"},
                ),
            ),
        ),
        defect=Defect(
            _LOG_HOURS.replace("not 0 < hours <= 24", "hours <= 0"),
            "more hours than a day has, such as 30",
            "the entry is stored; a day has at most 24 hours: it should be a 400 with "
            '{"error": "hours must be more than 0 and at most 24"}',
            (
                scenario(
                    expect(log("ann", "2024-03-01", 30), 400, _HOURS),
                    expect(log("ann", "2024-03-01", 24), 201, entry(1, "ann", "2024-03-01", 24)),
                ),
            ),
        ),
        route="POST /timesheets",
    ),
    F(
        "person_hours",
        "timesheets",
        HANDLER,
        'answers 200 with {"person": p, "hours": h, "days": d} for the person named in the '
        "path (`GET /timesheets/ann`): the sum of their hours, rounded to 2 decimals, and on "
        "how many different dates they worked (two entries on one date count one day); a "
        'person without entries answers {"person": p, "hours": 0, "days": 0}',
        _PERSON_HOURS,
        (
            scenario(
                log("ann", "2024-03-01", 7.5),
                log("bob", "2024-03-01", 8),
                log("ann", "2024-03-04", 6),
                expect(
                    call("GET", "/timesheets/ann"),
                    200,
                    {"person": "ann", "hours": 13.5, "days": 2},
                ),
                expect(
                    call("GET", "/timesheets/cat"), 200, {"person": "cat", "hours": 0, "days": 0}
                ),
            ),
        ),
        defect=Defect(
            _PERSON_HOURS.replace("len({e['date'] for e in mine})", "len(mine)"),
            "two entries of one person on the same date",
            "they count as two days; days counts different dates",
            (
                scenario(
                    log("ann", "2024-03-01", 4),
                    log("ann", "2024-03-01", 3.5),
                    log("ann", "2024-03-02", 8),
                    expect(
                        call("GET", "/timesheets/ann"),
                        200,
                        {"person": "ann", "hours": 15.5, "days": 2},
                    ),
                ),
            ),
        ),
        route="GET /timesheets/{person}",
        requires=("log_hours",),
    ),
    F(
        "timesheet_range",
        "timesheets",
        HANDLER,
        "answers 200 with the timesheet entries dated from the query parameter `from` to "
        "`to`, both days included (`GET /timesheets?from=2024-03-01&to=2024-03-07`), sorted "
        "by date and, on one date, by id. Both must be valid YYYY-MM-DD dates: otherwise, "
        'or when one is missing, it answers 400 with {"error": "from and to must be '
        'YYYY-MM-DD dates"}',
        code(
            """
            import datetime

            try:
                low, high = (datetime.date.fromisoformat(params[k]) for k in ('from', 'to'))
            except (KeyError, ValueError):
                return 400, {'error': 'from and to must be YYYY-MM-DD dates'}
            chosen = [e for e in store.records('timesheets')
                      if low <= datetime.date.fromisoformat(e['date']) <= high]
            return 200, sorted(chosen, key=lambda e: (e['date'], e['id']))
            """
        ),
        (
            scenario(
                log("ann", "2024-03-04", 6),
                log("bob", "2024-03-01", 8),
                log("ann", "2024-02-29", 7.5),
                log("cat", "2024-03-01", 2),
                expect(
                    call("GET", "/timesheets?from=2024-03-01&to=2024-03-04"),
                    200,
                    [
                        entry(2, "bob", "2024-03-01", 8),
                        entry(4, "cat", "2024-03-01", 2),
                        entry(1, "ann", "2024-03-04", 6),
                    ],
                ),
                expect(call("GET", "/timesheets?from=2024-05-01&to=2024-05-31"), 200, []),
                expect(
                    call("GET", "/timesheets?from=2024-03-01"),
                    400,
                    {"error": "from and to must be YYYY-MM-DD dates"},
                ),
                expect(
                    call("GET", "/timesheets?from=2024-03-01&to=soon"),
                    400,
                    {"error": "from and to must be YYYY-MM-DD dates"},
                ),
            ),
        ),
        route="GET /timesheets",
        requires=("log_hours",),
    ),
    F(
        "delete_timesheet_entry",
        "timesheets",
        HANDLER,
        "deletes the timesheet entry whose id is in the path (`DELETE /timesheets/entries/2`) "
        'and answers 204 with an empty body; 404 with {"error": "entry not found"} when '
        "there is none",
        delete("timesheets", "found", "entry"),
        (
            scenario(
                log("ann", "2024-03-04", 6),
                log("bob", "2024-03-01", 8),
                expect(call("DELETE", "/timesheets/entries/2"), 204, None),
                expect(call("DELETE", "/timesheets/entries/2"), 404, {"error": "entry not found"}),
                expect(log("bob", "2024-03-01", 8), 201, entry(3, "bob", "2024-03-01", 8)),
            ),
        ),
        route="DELETE /timesheets/entries/{id}",
        requires=("log_hours",),
    ),
)

# ---- a queue of jobs, claimed by priority ----


def job(i: int, kind: str, priority: int = 3, state: str = "queued") -> dict[str, object]:
    """A job as the service answers it."""
    return {"id": i, "kind": kind, "priority": priority, "state": state}


def enqueue(kind: str, priority: object = None) -> str:
    """POST /jobs."""
    fields = {"kind": kind} if priority is None else {"kind": kind, "priority": priority}
    return call("POST", "/jobs", fields)


_JOB_MISSING = {"error": "job not found"}
_JOB_PRIORITY = {"error": "priority must be a whole number from 1 to 5"}
_NOT_QUEUED = {"error": "only a queued job can be cancelled"}
_CLAIM = code(
    """
    queued = [j for j in store.records('jobs') if j['state'] == 'queued']
    if not queued:
        return 404, {'error': 'no queued job'}
    chosen = max(queued, key=lambda j: j['priority'])
    return 200, store.update('jobs', chosen['id'], {'state': 'running'})
    """
)
_JOB_COUNTS = code(
    """
    counts = {state: 0 for state in ('queued', 'running', 'done', 'cancelled')}
    for j in store.records('jobs'):
        counts[j['state']] += 1
    return 200, counts
    """
)

JOBS: tuple[FunctionTemplate, ...] = (
    F(
        "enqueue_job",
        "jobs",
        HANDLER,
        "queues a job from a JSON body with a `kind` (a non-empty string) and an optional "
        "`priority` (a whole number from 1 to 5, 5 the most urgent; default 3), and answers "
        "201 with the job: its `id` (counting from 1), `kind`, `priority` and `state` "
        '("queued"). It answers 400 with {"error": "kind is required"} or {"error": '
        '"priority must be a whole number from 1 to 5"} when one is wrong',
        DATA
        + required("kind")
        + code(
            """
            priority = data.get('priority', 3)
            if isinstance(priority, bool) or not isinstance(priority, int) or not 1 <= priority <= 5:
                return 400, {'error': 'priority must be a whole number from 1 to 5'}
            return 201, store.add('jobs', {'kind': data['kind'], 'priority': priority, 'state': 'queued'})
            """
        ),
        (
            scenario(
                expect(enqueue("email"), 201, job(1, "email")),
                expect(enqueue("backup", 5), 201, job(2, "backup", 5)),
                expect(enqueue("backup", 6), 400, _JOB_PRIORITY),
                expect(enqueue("backup", 0), 400, _JOB_PRIORITY),
                expect(call("POST", "/jobs", {"priority": 1}), 400, {"error": "kind is required"}),
            ),
        ),
        route="POST /jobs",
    ),
    F(
        "claim_job",
        "jobs",
        HANDLER,
        'takes the next queued job (`POST /jobs/claim`): of the jobs in state "queued", the '
        "one of the highest priority and, among those, the oldest (the lowest id); it sets "
        'its state to "running" and answers 200 with the job. With no queued job it answers '
        '404 with {"error": "no queued job"}',
        _CLAIM,
        (
            scenario(
                expect(call("POST", "/jobs/claim"), 404, {"error": "no queued job"}),
                enqueue("email"),
                enqueue("backup", 5),
                enqueue("report", 1),
                expect(call("POST", "/jobs/claim"), 200, job(2, "backup", 5, "running")),
                expect(call("POST", "/jobs/claim"), 200, job(1, "email", 3, "running")),
                expect(call("POST", "/jobs/claim"), 200, job(3, "report", 1, "running")),
                expect(call("POST", "/jobs/claim"), 404, {"error": "no queued job"}),
            ),
        ),
        defect=Defect(
            _CLAIM.replace(
                "max(queued, key=lambda j: j['priority'])",
                "sorted(queued, key=lambda j: j['priority'])[-1]",
            ),
            "two queued jobs of the same priority",
            "the newer one is claimed first; of equal priorities the oldest (lowest id) "
            "should go first",
            (
                scenario(
                    enqueue("email"),
                    enqueue("report"),
                    expect(call("POST", "/jobs/claim"), 200, job(1, "email", 3, "running")),
                    expect(call("POST", "/jobs/claim"), 200, job(2, "report", 3, "running")),
                ),
            ),
        ),
        route="POST /jobs/claim",
        requires=("enqueue_job",),
    ),
    F(
        "cancel_job",
        "jobs",
        HANDLER,
        "cancels the job whose id is in the path (`DELETE /jobs/2`): a queued job's state "
        'becomes "cancelled" (it is kept) and it answers 200 with the job. A job in any '
        'other state answers 409 with {"error": "only a queued job can be cancelled"}, an '
        'unknown id 404 with {"error": "job not found"}',
        lookup("jobs", "found", "job")
        + code(
            """
            if found['state'] != 'queued':
                return 409, {'error': 'only a queued job can be cancelled'}
            return 200, store.update('jobs', found['id'], {'state': 'cancelled'})
            """
        ),
        (
            scenario(
                enqueue("email"),
                enqueue("backup", 5),
                expect(call("DELETE", "/jobs/1"), 200, job(1, "email", 3, "cancelled")),
                expect(call("DELETE", "/jobs/1"), 409, _NOT_QUEUED),
                expect(call("DELETE", "/jobs/7"), 404, _JOB_MISSING),
                expect(call("DELETE", "/jobs/2"), 200, job(2, "backup", 5, "cancelled")),
            ),
        ),
        route="DELETE /jobs/{id}",
        requires=("enqueue_job",),
    ),
    F(
        "job_counts",
        "jobs",
        HANDLER,
        'answers 200 with how many jobs are in each state: {"queued": q, "running": r, '
        '"done": d, "cancelled": c}, every one of the four keys there even at 0',
        _JOB_COUNTS,
        (
            scenario(
                enqueue("email"),
                enqueue("backup", 5),
                enqueue("report", 1),
                call("DELETE", "/jobs/3"),
                expect(
                    call("GET", "/jobs/counts"),
                    200,
                    {"queued": 2, "running": 0, "done": 0, "cancelled": 1},
                ),
            ),
        ),
        defect=Defect(
            code(
                """
                counts = {}
                for j in store.records('jobs'):
                    counts[j['state']] = counts.get(j['state'], 0) + 1
                return 200, counts
                """
            ),
            "a state no job is in, such as when no job was ever claimed",
            "the state is left out of the answer; every state should be there, with 0",
            (
                scenario(
                    expect(
                        call("GET", "/jobs/counts"),
                        200,
                        {"queued": 0, "running": 0, "done": 0, "cancelled": 0},
                    ),
                    enqueue("email"),
                    expect(
                        call("GET", "/jobs/counts"),
                        200,
                        {"queued": 1, "running": 0, "done": 0, "cancelled": 0},
                    ),
                ),
            ),
        ),
        route="GET /jobs/counts",
        requires=("enqueue_job", "cancel_job"),
    ),
    F(
        "finish_job",
        "jobs",
        HANDLER,
        "marks the running job whose id is in the path as done (`POST /jobs/2/finish`: its "
        'state becomes "done") and answers 200 with the job. A job that is not running '
        'answers 409 with {"error": "only a running job can be finished"}, an unknown id 404 '
        'with {"error": "job not found"}',
        lookup("jobs", "found", "job")
        + code(
            """
            if found['state'] != 'running':
                return 409, {'error': 'only a running job can be finished'}
            return 200, store.update('jobs', found['id'], {'state': 'done'})
            """
        ),
        (
            scenario(
                enqueue("email"),
                enqueue("backup", 5),
                call("POST", "/jobs/claim"),
                expect(call("POST", "/jobs/2/finish"), 200, job(2, "backup", 5, "done")),
                expect(
                    call("POST", "/jobs/2/finish"),
                    409,
                    {"error": "only a running job can be finished"},
                ),
                expect(
                    call("POST", "/jobs/1/finish"),
                    409,
                    {"error": "only a running job can be finished"},
                ),
                expect(call("POST", "/jobs/5/finish"), 404, _JOB_MISSING),
            ),
        ),
        route="POST /jobs/{id}/finish",
        requires=("enqueue_job", "claim_job"),
    ),
)

# ---- messages between users, and their inboxes ----


def message(i: int, sender: str, to: str, text: str, read: bool = False) -> dict[str, object]:
    """A message as the service answers it."""
    return {"id": i, "from": sender, "to": to, "text": text, "read": read}


def send(sender: str, to: str, text: str) -> str:
    """POST /messages."""
    return call("POST", "/messages", {"from": sender, "to": to, "text": text})


_MESSAGE_MISSING = {"error": "message not found"}
_SEND = (
    DATA
    + required("from", "to", "text")
    + code(
        """
        if data['from'] == data['to']:
            return 400, {'error': 'cannot send a message to yourself'}
        fields = {'from': data['from'], 'to': data['to'], 'text': data['text'], 'read': False}
        return 201, store.add('messages', fields)
        """
    )
)
_INBOX = code(
    """
    mine = [m for m in store.records('messages') if m['to'] == params['user']]
    return 200, mine[::-1]
    """
)

MESSAGES: tuple[FunctionTemplate, ...] = (
    F(
        "send_message",
        "messages",
        HANDLER,
        "sends a message from a JSON body with `from`, `to` and `text` (all non-empty "
        "strings), and answers 201 with the message: its `id` (counting from 1), `from`, "
        '`to`, `text` and `read` (false). It answers 400 with {"error": "from is required"}, '
        '{"error": "to is required"} or {"error": "text is required"} (checked in that '
        'order), and 400 with {"error": "cannot send a message to yourself"} when `from` and '
        "`to` are the same user",
        _SEND,
        (
            scenario(
                expect(send("ann", "bob", "hi"), 201, message(1, "ann", "bob", "hi")),
                expect(send("bob", "ann", "hello"), 201, message(2, "bob", "ann", "hello")),
                expect(
                    call("POST", "/messages", {"to": "bob", "text": "hi"}),
                    400,
                    {"error": "from is required"},
                ),
                expect(
                    call("POST", "/messages", {"from": "ann", "to": "bob"}),
                    400,
                    {"error": "text is required"},
                ),
            ),
        ),
        defect=Defect(
            _SEND.replace(
                "    if data['from'] == data['to']:\n"
                "        return 400, {'error': 'cannot send a message to yourself'}\n",
                "",
            ),
            "a message whose `from` and `to` are the same user",
            'it is sent; it should be a 400 with {"error": "cannot send a message to yourself"}',
            (
                scenario(
                    expect(
                        send("ann", "ann", "note to self"),
                        400,
                        {"error": "cannot send a message to yourself"},
                    ),
                    expect(send("ann", "bob", "hi"), 201, message(1, "ann", "bob", "hi")),
                ),
            ),
        ),
        route="POST /messages",
    ),
    F(
        "inbox",
        "messages",
        HANDLER,
        "answers 200 with the messages sent to the user named in the path "
        "(`GET /users/ann/inbox`), the newest first (the highest id first); the messages "
        "the user sent are not in it, and a user with none gets []",
        _INBOX,
        (
            scenario(
                send("ann", "bob", "hi"),
                send("bob", "ann", "hello"),
                send("cat", "bob", "lunch?"),
                expect(
                    call("GET", "/users/bob/inbox"),
                    200,
                    [message(3, "cat", "bob", "lunch?"), message(1, "ann", "bob", "hi")],
                ),
                expect(call("GET", "/users/dan/inbox"), 200, []),
            ),
        ),
        defect=Defect(
            code(
                """
                user = params['user']
                mine = [m for m in store.records('messages') if user in (m['to'], m['from'])]
                return 200, mine[::-1]
                """
            ),
            "a user who has sent messages as well as received some",
            "the messages they sent show in their own inbox; it holds only the ones sent to them",
            (
                scenario(
                    send("ann", "bob", "hi"),
                    send("bob", "ann", "hello"),
                    expect(
                        call("GET", "/users/ann/inbox"), 200, [message(2, "bob", "ann", "hello")]
                    ),
                ),
            ),
        ),
        change=Change(
            "GET /users/<user>/inbox takes an optional `from` (`?from=cat`): then it lists "
            "only the messages to the user from that sender, still the newest first",
            code(
                """
                mine = [m for m in store.records('messages') if m['to'] == params['user']]
                if 'from' in params:
                    mine = [m for m in mine if m['from'] == params['from']]
                return 200, mine[::-1]
                """
            ),
            (
                scenario(
                    send("ann", "bob", "hi"),
                    send("cat", "bob", "lunch?"),
                    send("ann", "bob", "see you"),
                    expect(
                        call("GET", "/users/bob/inbox?from=ann"),
                        200,
                        [message(3, "ann", "bob", "see you"), message(1, "ann", "bob", "hi")],
                    ),
                    expect(call("GET", "/users/bob/inbox?from=dan"), 200, []),
                ),
            ),
        ),
        route="GET /users/{user}/inbox",
        requires=("send_message",),
    ),
    F(
        "mark_read",
        "messages",
        HANDLER,
        "marks the message whose id is in the path as read (`POST /messages/2/read`) and "
        'answers 200 with it, "read" being true (marking it again changes nothing); 404 with '
        '{"error": "message not found"} for an unknown id',
        lookup("messages", "found", "message")
        + "    return 200, store.update('messages', found['id'], {'read': True})",
        (
            scenario(
                send("ann", "bob", "hi"),
                send("bob", "ann", "hello"),
                expect(
                    call("POST", "/messages/2/read"), 200, message(2, "bob", "ann", "hello", True)
                ),
                expect(
                    call("POST", "/messages/2/read"), 200, message(2, "bob", "ann", "hello", True)
                ),
                expect(call("POST", "/messages/3/read"), 404, _MESSAGE_MISSING),
            ),
        ),
        route="POST /messages/{id}/read",
        requires=("send_message",),
    ),
    F(
        "unread_count",
        "messages",
        HANDLER,
        'answers 200 with {"user": u, "unread": n} for the user named in the path '
        "(`GET /users/ann/unread`): how many messages sent to them are not read yet",
        code(
            """
            unread = [m for m in store.records('messages') if m['to'] == params['user'] and not m['read']]
            return 200, {'user': params['user'], 'unread': len(unread)}
            """
        ),
        (
            scenario(
                send("ann", "bob", "hi"),
                send("cat", "bob", "lunch?"),
                send("bob", "ann", "hello"),
                call("POST", "/messages/1/read"),
                expect(call("GET", "/users/bob/unread"), 200, {"user": "bob", "unread": 1}),
                expect(call("GET", "/users/ann/unread"), 200, {"user": "ann", "unread": 1}),
                expect(call("GET", "/users/dan/unread"), 200, {"user": "dan", "unread": 0}),
            ),
        ),
        route="GET /users/{user}/unread",
        requires=("send_message", "mark_read"),
    ),
    F(
        "delete_message",
        "messages",
        HANDLER,
        "deletes the message whose id is in the path and answers 204 with an empty body; "
        '404 with {"error": "message not found"} when there is none',
        delete("messages", "found", "message"),
        (
            scenario(
                send("ann", "bob", "hi"),
                expect(call("DELETE", "/messages/1"), 204, None),
                expect(call("DELETE", "/messages/1"), 404, _MESSAGE_MISSING),
                expect(send("ann", "bob", "hi"), 201, message(2, "ann", "bob", "hi")),
            ),
        ),
        route="DELETE /messages/{id}",
        requires=("send_message",),
    ),
)

# ---- sensor readings and their statistics ----


def reading(i: int, sensor: str, value: float) -> dict[str, object]:
    """A reading as the service answers it."""
    return {"id": i, "sensor": sensor, "value": value}


def read_in(sensor: str, value: object) -> str:
    """POST /readings."""
    return call("POST", "/readings", {"sensor": sensor, "value": value})


_NO_READINGS = {"error": "no readings for this sensor"}
_VALUE = {"error": "value must be a number"}
_SENSOR_READINGS = (
    code(
        """
    values = [r['value'] for r in store.records('readings') if r['sensor'] == params['sensor']]
    if not values:
        return 404, {'error': 'no readings for this sensor'}
    """
    )
    + "\n"
)

READINGS: tuple[FunctionTemplate, ...] = (
    F(
        "record_reading",
        "readings",
        HANDLER,
        "records a sensor reading from a JSON body with a `sensor` (a non-empty string) and "
        'a `value` (a number: true, false or text such as "20" are not one), and answers '
        "201 with the reading: its `id` (counting from 1), `sensor` and `value`. It answers "
        '400 with {"error": "sensor is required"} or {"error": "value must be a number"} '
        "when one is wrong",
        DATA
        + required("sensor")
        + code(
            """
            value = data.get('value')
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return 400, {'error': 'value must be a number'}
            return 201, store.add('readings', {'sensor': data['sensor'], 'value': value})
            """
        ),
        (
            scenario(
                expect(read_in("kitchen", 21.5), 201, reading(1, "kitchen", 21.5)),
                expect(read_in("attic", -3), 201, reading(2, "attic", -3)),
                expect(read_in("attic", "20"), 400, _VALUE),
                expect(read_in("attic", True), 400, _VALUE),
                expect(
                    call("POST", "/readings", {"value": 1}), 400, {"error": "sensor is required"}
                ),
            ),
        ),
        route="POST /readings",
    ),
    F(
        "sensor_stats",
        "readings",
        HANDLER,
        'answers 200 with {"sensor": s, "count": n, "min": lo, "max": hi, "mean": m} over '
        "the readings of the sensor named in the path (`GET /sensors/kitchen/stats`), the "
        "mean rounded to 2 decimals; a sensor without readings answers 404 with "
        '{"error": "no readings for this sensor"}',
        _SENSOR_READINGS
        + code(
            """
            mean = round(sum(values) / len(values), 2)
            return 200, {'sensor': params['sensor'], 'count': len(values), 'min': min(values), 'max': max(values), 'mean': mean}
            """
        ),
        (
            scenario(
                read_in("kitchen", 20),
                read_in("attic", -3),
                read_in("kitchen", 21.5),
                read_in("kitchen", 19),
                expect(
                    call("GET", "/sensors/kitchen/stats"),
                    200,
                    {"sensor": "kitchen", "count": 3, "min": 19, "max": 21.5, "mean": 20.17},
                ),
                expect(
                    call("GET", "/sensors/attic/stats"),
                    200,
                    {"sensor": "attic", "count": 1, "min": -3, "max": -3, "mean": -3.0},
                ),
                expect(call("GET", "/sensors/cellar/stats"), 404, _NO_READINGS),
            ),
        ),
        defect=Defect(
            _SENSOR_READINGS
            + code(
                """
                mean = sum(values) // len(values)
                return 200, {'sensor': params['sensor'], 'count': len(values), 'min': min(values), 'max': max(values), 'mean': mean}
                """
            ),
            "readings whose mean is not a whole number, such as 20 and 21",
            "the mean is rounded down to 20; it should be 20.5 (rounded to 2 decimals)",
            (
                scenario(
                    read_in("kitchen", 20),
                    read_in("kitchen", 21),
                    expect(
                        call("GET", "/sensors/kitchen/stats"),
                        200,
                        {"sensor": "kitchen", "count": 2, "min": 20, "max": 21, "mean": 20.5},
                    ),
                ),
            ),
        ),
        route="GET /sensors/{sensor}/stats",
        requires=("record_reading",),
    ),
    F(
        "latest_reading",
        "readings",
        HANDLER,
        "answers 200 with the newest reading (the highest id) of the sensor named in the "
        "path (`GET /sensors/kitchen/latest`), or 404 with "
        '{"error": "no readings for this sensor"} when it has none',
        code(
            """
            mine = [r for r in store.records('readings') if r['sensor'] == params['sensor']]
            if not mine:
                return 404, {'error': 'no readings for this sensor'}
            return 200, mine[-1]
            """
        ),
        (
            scenario(
                read_in("kitchen", 20),
                read_in("kitchen", 21.5),
                read_in("attic", -3),
                expect(call("GET", "/sensors/kitchen/latest"), 200, reading(2, "kitchen", 21.5)),
                expect(call("GET", "/sensors/attic/latest"), 200, reading(3, "attic", -3)),
                expect(call("GET", "/sensors/cellar/latest"), 404, _NO_READINGS),
            ),
        ),
        route="GET /sensors/{sensor}/latest",
        requires=("record_reading",),
    ),
    F(
        "list_sensors",
        "readings",
        HANDLER,
        'answers 200 with [{"sensor": s, "readings": n}, ...]: every sensor that has '
        "readings, once, sorted by name, with how many readings it has",
        code(
            """
            counts = {}
            for r in store.records('readings'):
                counts[r['sensor']] = counts.get(r['sensor'], 0) + 1
            return 200, [{'sensor': s, 'readings': counts[s]} for s in sorted(counts)]
            """
        ),
        (
            scenario(
                expect(call("GET", "/sensors"), 200, []),
                read_in("kitchen", 20),
                read_in("attic", -3),
                read_in("kitchen", 21.5),
                expect(
                    call("GET", "/sensors"),
                    200,
                    [{"sensor": "attic", "readings": 1}, {"sensor": "kitchen", "readings": 2}],
                ),
            ),
        ),
        route="GET /sensors",
        requires=("record_reading",),
    ),
    F(
        "clear_readings",
        "readings",
        HANDLER,
        "deletes every reading of the sensor named in the path "
        '(`DELETE /sensors/kitchen/readings`) and answers 200 with {"removed": n}, how many '
        "it deleted (0 for a sensor without readings); other sensors' readings stay",
        code(
            """
            mine = [r for r in store.records('readings') if r['sensor'] == params['sensor']]
            for r in mine:
                store.remove('readings', r['id'])
            return 200, {'removed': len(mine)}
            """
        ),
        (
            scenario(
                read_in("kitchen", 20),
                read_in("attic", -3),
                read_in("kitchen", 21.5),
                expect(call("DELETE", "/sensors/kitchen/readings"), 200, {"removed": 2}),
                expect(call("DELETE", "/sensors/kitchen/readings"), 200, {"removed": 0}),
                expect(call("DELETE", "/sensors/attic/readings"), 200, {"removed": 1}),
            ),
        ),
        route="DELETE /sensors/{sensor}/readings",
        requires=("record_reading",),
    ),
)

# ---- product reviews and their ratings ----


def review(i: int, product: str, stars: int, text: str = "") -> dict[str, object]:
    """A review as the service answers it."""
    return {"id": i, "product": product, "stars": stars, "text": text}


def new_review(product: str, stars: object, text: str | None = None) -> str:
    """POST /reviews."""
    fields = {"product": product, "stars": stars}
    if text is not None:
        fields["text"] = text
    return call("POST", "/reviews", fields)


_STARS = {"error": "stars must be a whole number from 1 to 5"}
_REVIEW_MISSING = {"error": "review not found"}
_POST_REVIEW = (
    DATA
    + required("product")
    + code(
        """
        stars, text = data.get('stars'), data.get('text', '')
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 5:
            return 400, {'error': 'stars must be a whole number from 1 to 5'}
        if not isinstance(text, str):
            return 400, {'error': 'text must be a string'}
        return 201, store.add('reviews', {'product': data['product'], 'stars': stars, 'text': text})
        """
    )
)
_RATING = code(
    """
    stars = [r['stars'] for r in store.records('reviews') if r['product'] == params['product']]
    average = round(sum(stars) / len(stars), 1) if stars else None
    return 200, {'product': params['product'], 'reviews': len(stars), 'average': average}
    """
)
_TOP = code(
    """
    stars = {}
    for r in store.records('reviews'):
        stars.setdefault(r['product'], []).append(r['stars'])
    rows = [{'product': p, 'average': round(sum(s) / len(s), 1)} for p, s in stars.items()]
    return 200, sorted(rows, key=lambda row: (-row['average'], row['product']))
    """
)

REVIEWS: tuple[FunctionTemplate, ...] = (
    F(
        "post_review",
        "reviews",
        HANDLER,
        "posts a product review from a JSON body with a `product` (a non-empty string), "
        "`stars` (a whole number from 1 to 5) and an optional `text` (a string, default "
        '""), and answers 201 with the review: its `id` (counting from 1), `product`, '
        '`stars` and `text`. It answers 400 with {"error": "product is required"}, '
        '{"error": "stars must be a whole number from 1 to 5"} or {"error": "text must be '
        'a string"} when one is wrong',
        _POST_REVIEW,
        (
            scenario(
                expect(new_review("kettle", 4, "quick"), 201, review(1, "kettle", 4, "quick")),
                expect(new_review("toaster", 5), 201, review(2, "toaster", 5)),
                expect(new_review("toaster", 6), 400, _STARS),
                expect(new_review("toaster", 4.5), 400, _STARS),
                expect(
                    call("POST", "/reviews", {"product": "mug", "stars": 3, "text": 7}),
                    400,
                    {"error": "text must be a string"},
                ),
                expect(
                    call("POST", "/reviews", {"stars": 3}), 400, {"error": "product is required"}
                ),
            ),
        ),
        defect=Defect(
            _POST_REVIEW.replace("not 1 <= stars <= 5", "stars > 5"),
            "a review of 0 stars or fewer, such as 0",
            "it is stored and drags the product's rating down; stars go from 1 to 5: it "
            'should be a 400 with {"error": "stars must be a whole number from 1 to 5"}',
            (
                scenario(
                    expect(new_review("kettle", 0), 400, _STARS),
                    expect(new_review("kettle", -2), 400, _STARS),
                    expect(new_review("kettle", 1), 201, review(1, "kettle", 1)),
                ),
            ),
        ),
        route="POST /reviews",
    ),
    F(
        "product_rating",
        "reviews",
        HANDLER,
        'answers 200 with {"product": p, "reviews": n, "average": a} for the product named '
        "in the path (`GET /products/kettle/rating`): how many reviews it has and their mean "
        'stars rounded to 1 decimal; a product without reviews answers {"product": p, '
        '"reviews": 0, "average": null}',
        _RATING,
        (
            scenario(
                new_review("kettle", 4),
                new_review("toaster", 5),
                new_review("kettle", 5),
                new_review("kettle", 5),
                expect(
                    call("GET", "/products/kettle/rating"),
                    200,
                    {"product": "kettle", "reviews": 3, "average": 4.7},
                ),
                expect(
                    call("GET", "/products/toaster/rating"),
                    200,
                    {"product": "toaster", "reviews": 1, "average": 5.0},
                ),
            ),
        ),
        defect=Defect(
            code(
                """
                stars = [r['stars'] for r in store.records('reviews') if r['product'] == params['product']]
                average = round(sum(stars) / len(stars), 1)
                return 200, {'product': params['product'], 'reviews': len(stars), 'average': average}
                """
            ),
            "a product nobody has reviewed yet",
            "the request fails with a server error (500); it should be a 200 with "
            '"reviews": 0 and "average": null',
            (
                scenario(
                    new_review("kettle", 4),
                    expect(
                        call("GET", "/products/mug/rating"),
                        200,
                        {"product": "mug", "reviews": 0, "average": None},
                    ),
                ),
            ),
        ),
        route="GET /products/{product}/rating",
        requires=("post_review",),
    ),
    F(
        "top_products",
        "reviews",
        HANDLER,
        'answers 200 with [{"product": p, "average": a}, ...]: every reviewed product with '
        "its mean stars rounded to 1 decimal, the best average first and products of equal "
        "average by name",
        _TOP,
        (
            scenario(
                expect(call("GET", "/products/top"), 200, []),
                new_review("toaster", 3),
                new_review("kettle", 4),
                new_review("mug", 5),
                new_review("kettle", 5),
                new_review("toaster", 4),
                expect(
                    call("GET", "/products/top"),
                    200,
                    [
                        {"product": "mug", "average": 5.0},
                        {"product": "kettle", "average": 4.5},
                        {"product": "toaster", "average": 3.5},
                    ],
                ),
            ),
        ),
        defect=Defect(
            _TOP.replace("(-row['average'], row['product'])", "-row['average']"),
            "two products of the same average, the later-named one reviewed first",
            "they are listed in the order they were first reviewed; equal averages go by "
            "product name",
            (
                scenario(
                    new_review("toaster", 4),
                    new_review("kettle", 4),
                    expect(
                        call("GET", "/products/top"),
                        200,
                        [
                            {"product": "kettle", "average": 4.0},
                            {"product": "toaster", "average": 4.0},
                        ],
                    ),
                ),
            ),
        ),
        change=Change(
            "GET /products/top takes an optional `min_reviews` (a whole number, 1 or more; "
            "default 1): only products with at least that many reviews are listed. Another "
            '`min_reviews` is a 400 with {"error": "min_reviews must be a whole number, 1 or '
            'more"}',
            code(
                """
                least = params.get('min_reviews', '1')
                if not least.isdigit() or int(least) < 1:
                    return 400, {'error': 'min_reviews must be a whole number, 1 or more'}
                stars = {}
                for r in store.records('reviews'):
                    stars.setdefault(r['product'], []).append(r['stars'])
                rows = [{'product': p, 'average': round(sum(s) / len(s), 1)}
                        for p, s in stars.items() if len(s) >= int(least)]
                return 200, sorted(rows, key=lambda row: (-row['average'], row['product']))
                """
            ),
            (
                scenario(
                    new_review("toaster", 3),
                    new_review("kettle", 4),
                    new_review("mug", 5),
                    new_review("kettle", 5),
                    new_review("toaster", 4),
                    expect(
                        call("GET", "/products/top?min_reviews=2"),
                        200,
                        [
                            {"product": "kettle", "average": 4.5},
                            {"product": "toaster", "average": 3.5},
                        ],
                    ),
                    expect(
                        call("GET", "/products/top?min_reviews=0"),
                        400,
                        {"error": "min_reviews must be a whole number, 1 or more"},
                    ),
                ),
            ),
        ),
        route="GET /products/top",
        requires=("post_review",),
    ),
    F(
        "product_reviews",
        "reviews",
        HANDLER,
        "answers 200 with the reviews of the product named in the path "
        "(`GET /products/kettle/reviews`), the most stars first and, among equal stars, the "
        "newest (the highest id) first; a product without reviews gets []",
        code(
            """
            mine = [r for r in store.records('reviews') if r['product'] == params['product']]
            return 200, sorted(mine, key=lambda r: (-r['stars'], -r['id']))
            """
        ),
        (
            scenario(
                new_review("kettle", 4, "quick"),
                new_review("kettle", 2, "loud"),
                new_review("toaster", 5),
                new_review("kettle", 4, "nice"),
                expect(
                    call("GET", "/products/kettle/reviews"),
                    200,
                    [
                        review(4, "kettle", 4, "nice"),
                        review(1, "kettle", 4, "quick"),
                        review(2, "kettle", 2, "loud"),
                    ],
                ),
                expect(call("GET", "/products/mug/reviews"), 200, []),
            ),
        ),
        route="GET /products/{product}/reviews",
        requires=("post_review",),
    ),
    F(
        "delete_review",
        "reviews",
        HANDLER,
        "deletes the review whose id is in the path and answers 204 with an empty body; "
        '404 with {"error": "review not found"} when there is none',
        delete("reviews", "found", "review"),
        (
            scenario(
                new_review("kettle", 4),
                new_review("kettle", 2),
                expect(call("DELETE", "/reviews/2"), 204, None),
                expect(call("DELETE", "/reviews/2"), 404, _REVIEW_MISSING),
                expect(call("DELETE", "/reviews/1"), 204, None),
            ),
        ),
        route="DELETE /reviews/{id}",
        requires=("post_review",),
    ),
)

# ---- playlists and their songs, lengths in seconds ----


def playlist(i: int, name: str, songs: list[dict[str, object]] | None = None) -> dict[str, object]:
    """A playlist as the service answers it."""
    return {"id": i, "name": name, "songs": songs or []}


def song(title: str, seconds: int) -> dict[str, object]:
    """A song in a playlist."""
    return {"title": title, "seconds": seconds}


def new_playlist(name: str) -> str:
    """POST /playlists."""
    return call("POST", "/playlists", {"name": name})


def add_song(playlist_id: int, title: str, seconds: object) -> str:
    """POST /playlists/<id>/songs."""
    return call("POST", f"/playlists/{playlist_id}/songs", {"title": title, "seconds": seconds})


_PLAYLIST_LOOKUP = lookup("playlists", "found", "playlist")
_PLAYLIST_MISSING = {"error": "playlist not found"}
_SECONDS = {"error": "seconds must be a whole number, 1 or more"}
_DURATION = _PLAYLIST_LOOKUP + code(
    """
    seconds = sum(s['seconds'] for s in found['songs'])
    text = f"{seconds // 60}:{seconds % 60:02d}"
    return 200, {'songs': len(found['songs']), 'seconds': seconds, 'text': text}
    """
)

PLAYLISTS: tuple[FunctionTemplate, ...] = (
    F(
        "create_playlist",
        "playlists",
        HANDLER,
        "creates a playlist from a JSON body with a `name` (a non-empty string), and answers "
        "201 with it: its `id` (counting from 1), `name` and `songs` ([]). Without a name it "
        'answers 400 with {"error": "name is required"}',
        DATA
        + required("name")
        + "    return 201, store.add('playlists', {'name': data['name'], 'songs': []})",
        (
            scenario(
                expect(new_playlist("road trip"), 201, playlist(1, "road trip")),
                expect(new_playlist("focus"), 201, playlist(2, "focus")),
                expect(new_playlist(""), 400, {"error": "name is required"}),
            ),
        ),
        route="POST /playlists",
    ),
    F(
        "add_song",
        "playlists",
        HANDLER,
        "adds a song at the end of the playlist whose id is in the path, from a JSON body "
        "with a `title` (a non-empty string) and `seconds` (a whole number, 1 or more), and "
        'answers 200 with the playlist, each song as {"title": t, "seconds": s}. 404 with '
        '{"error": "playlist not found"} for an unknown playlist, 400 with {"error": "title '
        'is required"} or {"error": "seconds must be a whole number, 1 or more"} for a wrong '
        "song",
        _PLAYLIST_LOOKUP
        + DATA
        + required("title")
        + code(
            """
            seconds = data.get('seconds')
            if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 1:
                return 400, {'error': 'seconds must be a whole number, 1 or more'}
            songs = found['songs'] + [{'title': data['title'], 'seconds': seconds}]
            return 200, store.update('playlists', found['id'], {'songs': songs})
            """
        ),
        (
            scenario(
                new_playlist("road trip"),
                expect(
                    add_song(1, "Intro", 95), 200, playlist(1, "road trip", [song("Intro", 95)])
                ),
                expect(
                    add_song(1, "Drive", 250),
                    200,
                    playlist(1, "road trip", [song("Intro", 95), song("Drive", 250)]),
                ),
                expect(add_song(1, "Outro", 0), 400, _SECONDS),
                expect(add_song(1, "", 60), 400, {"error": "title is required"}),
                expect(add_song(2, "Intro", 95), 404, _PLAYLIST_MISSING),
            ),
        ),
        route="POST /playlists/{id}/songs",
        requires=("create_playlist",),
    ),
    F(
        "playlist_duration",
        "playlists",
        HANDLER,
        'answers 200 with {"songs": n, "seconds": s, "text": t} for the playlist whose id is '
        "in the path: how many songs it has, their total length in seconds and that length "
        "as minutes:seconds text, the seconds always two digits and the minutes not capped "
        'at 60 ("5:05", "75:00", "0:00" when it is empty); 404 with {"error": "playlist not '
        'found"} for an unknown playlist',
        _DURATION,
        (
            scenario(
                new_playlist("road trip"),
                new_playlist("long"),
                add_song(1, "Intro", 95),
                add_song(1, "Drive", 250),
                add_song(2, "Suite", 4500),
                expect(
                    call("GET", "/playlists/1/duration"),
                    200,
                    {"songs": 2, "seconds": 345, "text": "5:45"},
                ),
                expect(
                    call("GET", "/playlists/2/duration"),
                    200,
                    {"songs": 1, "seconds": 4500, "text": "75:00"},
                ),
                expect(call("GET", "/playlists/3/duration"), 404, _PLAYLIST_MISSING),
            ),
        ),
        defect=Defect(
            _DURATION.replace("{seconds % 60:02d}", "{seconds % 60}"),
            "a total whose seconds part is below 10, such as 305 seconds",
            'the text reads "5:5"; the seconds are always two digits: "5:05"',
            (
                scenario(
                    new_playlist("short"),
                    new_playlist("empty"),
                    add_song(1, "Intro", 305),
                    expect(
                        call("GET", "/playlists/1/duration"),
                        200,
                        {"songs": 1, "seconds": 305, "text": "5:05"},
                    ),
                    expect(
                        call("GET", "/playlists/2/duration"),
                        200,
                        {"songs": 0, "seconds": 0, "text": "0:00"},
                    ),
                ),
            ),
        ),
        route="GET /playlists/{id}/duration",
        requires=("create_playlist", "add_song"),
    ),
    F(
        "remove_song",
        "playlists",
        HANDLER,
        "removes the song at a position of the playlist whose id is in the path "
        "(`DELETE /playlists/1/songs/2`: positions count from 1) and answers 200 with the "
        'playlist; 404 with {"error": "playlist not found"} for an unknown playlist, 404 '
        'with {"error": "song not found"} for a position that is not one from 1 to the '
        "number of songs",
        _PLAYLIST_LOOKUP
        + code(
            """
            text, songs = params['position'], found['songs']
            if not text.isdigit() or not 1 <= int(text) <= len(songs):
                return 404, {'error': 'song not found'}
            kept = songs[:int(text) - 1] + songs[int(text):]
            return 200, store.update('playlists', found['id'], {'songs': kept})
            """
        ),
        (
            scenario(
                new_playlist("road trip"),
                add_song(1, "Intro", 95),
                add_song(1, "Drive", 250),
                add_song(1, "Outro", 60),
                expect(
                    call("DELETE", "/playlists/1/songs/2"),
                    200,
                    playlist(1, "road trip", [song("Intro", 95), song("Outro", 60)]),
                ),
                expect(call("DELETE", "/playlists/1/songs/3"), 404, {"error": "song not found"}),
                expect(call("DELETE", "/playlists/1/songs/0"), 404, {"error": "song not found"}),
                expect(call("DELETE", "/playlists/4/songs/1"), 404, _PLAYLIST_MISSING),
            ),
        ),
        defect=Defect(
            _PLAYLIST_LOOKUP
            + code(
                """
                text, songs = params['position'], found['songs']
                if not text.isdigit() or int(text) > len(songs):
                    return 404, {'error': 'song not found'}
                kept = songs[:int(text) - 1] + songs[int(text):]
                return 200, store.update('playlists', found['id'], {'songs': kept})
                """
            ),
            "position 0, such as DELETE /playlists/1/songs/0",
            "it answers 200 (and, on a playlist of two songs or more, its songs come back "
            "duplicated); positions count from 1: it should be a 404 with "
            '{"error": "song not found"}',
            (
                scenario(
                    new_playlist("road trip"),
                    add_song(1, "Intro", 95),
                    expect(
                        call("DELETE", "/playlists/1/songs/0"), 404, {"error": "song not found"}
                    ),
                    expect(call("DELETE", "/playlists/1/songs/1"), 200, playlist(1, "road trip")),
                ),
            ),
        ),
        route="DELETE /playlists/{id}/songs/{position}",
        requires=("create_playlist", "add_song"),
    ),
    F(
        "rename_playlist",
        "playlists",
        HANDLER,
        "renames the playlist whose id is in the path to the JSON body's `name` (a non-empty "
        "string) and answers 200 with the playlist, its songs unchanged; 404 with "
        '{"error": "playlist not found"} for an unknown playlist, 400 with {"error": "name '
        'is required"} for a missing or empty name',
        _PLAYLIST_LOOKUP
        + DATA
        + required("name")
        + "    return 200, store.update('playlists', found['id'], {'name': data['name']})",
        (
            scenario(
                new_playlist("road trip"),
                expect(
                    call("PATCH", "/playlists/1", {"name": "summer"}), 200, playlist(1, "summer")
                ),
                expect(call("PATCH", "/playlists/1", {}), 400, {"error": "name is required"}),
                expect(call("PATCH", "/playlists/2", {"name": "x"}), 404, _PLAYLIST_MISSING),
            ),
        ),
        route="PATCH /playlists/{id}",
        requires=("create_playlist",),
    ),
)

# ---- currency rates against the US dollar, and conversions ----


def rate(i: int, currency: str, per_usd: float) -> dict[str, object]:
    """A rate as the service answers it."""
    return {"id": i, "currency": currency, "per_usd": per_usd}


def set_rate(currency: object, per_usd: object) -> str:
    """POST /rates."""
    return call("POST", "/rates", {"currency": currency, "per_usd": per_usd})


_RATE_MISSING = {"error": "rate not found"}
_CURRENCY = {"error": "currency must be three capital letters"}
_PER_USD = {"error": "per_usd must be a number more than 0"}
_RATE_FIND = (
    code(
        """
        found = next((r for r in store.records('rates') if r['currency'] == params['currency'].upper()), None)
        if found is None:
            return 404, {'error': 'rate not found'}
        """
    )
    + "\n"
)
_CONVERT = code(
    """
    try:
        amount = float(params['amount'])
    except (KeyError, ValueError):
        return 400, {'error': 'amount must be a number'}
    rates = {'USD': 1}
    rates.update({r['currency']: r['per_usd'] for r in store.records('rates')})
    source, target = params.get('from', '').upper(), params.get('to', '').upper()
    if source not in rates or target not in rates:
        return 404, {'error': 'rate not found'}
    result = round(amount / rates[source] * rates[target], 2)
    return 200, {'amount': amount, 'from': source, 'to': target, 'result': result}
    """
)

RATES: tuple[FunctionTemplate, ...] = (
    F(
        "set_rate",
        "rates",
        HANDLER,
        "sets a currency's rate from a JSON body with a `currency` (three capital letters, "
        "such as EUR) and `per_usd` (a number more than 0: how many of that currency one US "
        "dollar buys), and answers the rate: its `id` (counting from 1), `currency` and "
        "`per_usd`; 201 for a new currency, 200 when it replaces the rate the currency had "
        '(keeping its id). It answers 400 with {"error": "currency must be three capital '
        'letters"} or {"error": "per_usd must be a number more than 0"} when one is wrong',
        DATA
        + code(
            """
            currency, per_usd = data.get('currency'), data.get('per_usd')
            if not isinstance(currency, str) or not (len(currency) == 3 and currency.isascii() and currency.isalpha() and currency.isupper()):
                return 400, {'error': 'currency must be three capital letters'}
            if isinstance(per_usd, bool) or not isinstance(per_usd, (int, float)) or per_usd <= 0:
                return 400, {'error': 'per_usd must be a number more than 0'}
            for found in store.records('rates'):
                if found['currency'] == currency:
                    return 200, store.update('rates', found['id'], {'per_usd': per_usd})
            return 201, store.add('rates', {'currency': currency, 'per_usd': per_usd})
            """
        ),
        (
            scenario(
                expect(set_rate("EUR", 0.92), 201, rate(1, "EUR", 0.92)),
                expect(set_rate("JPY", 150), 201, rate(2, "JPY", 150)),
                expect(set_rate("EUR", 0.9), 200, rate(1, "EUR", 0.9)),
                expect(set_rate("eur", 0.9), 400, _CURRENCY),
                expect(set_rate("EURO", 0.9), 400, _CURRENCY),
                expect(set_rate("GBP", 0), 400, _PER_USD),
                expect(set_rate("GBP", "0.8"), 400, _PER_USD),
            ),
        ),
        route="POST /rates",
    ),
    F(
        "get_rate",
        "rates",
        HANDLER,
        "answers 200 with the rate of the currency in the path, written in any case "
        '(`GET /rates/eur` finds EUR), or 404 with {"error": "rate not found"}',
        _RATE_FIND + "    return 200, found",
        (
            scenario(
                set_rate("EUR", 0.92),
                set_rate("JPY", 150),
                expect(call("GET", "/rates/JPY"), 200, rate(2, "JPY", 150)),
                expect(call("GET", "/rates/eur"), 200, rate(1, "EUR", 0.92)),
                expect(call("GET", "/rates/GBP"), 404, _RATE_MISSING),
            ),
        ),
        route="GET /rates/{currency}",
        requires=("set_rate",),
    ),
    F(
        "convert_amount",
        "rates",
        HANDLER,
        "converts the query parameter `amount` (a number, such as 12.5) from the currency "
        "`from` to the currency `to` (`GET /convert?amount=100&from=EUR&to=JPY`, currencies "
        'in any case) and answers 200 with {"amount": a, "from": f, "to": t, '
        '"result": r}: a being the amount as a number, the currencies in capitals and r = '
        "amount / per_usd of from * per_usd of to, rounded to 2 decimals. USD is always "
        "known, at 1 per US dollar, with or "
        'without a rate of its own. An amount that is not a number is a 400 with {"error": '
        '"amount must be a number"}, a currency without a rate a 404 with {"error": "rate '
        'not found"}',
        _CONVERT,
        (
            scenario(
                set_rate("EUR", 0.8),
                set_rate("JPY", 150),
                expect(
                    call("GET", "/convert?amount=100&from=EUR&to=JPY"),
                    200,
                    {"amount": 100.0, "from": "EUR", "to": "JPY", "result": 18750.0},
                ),
                expect(
                    call("GET", "/convert?amount=10&from=usd&to=eur"),
                    200,
                    {"amount": 10.0, "from": "USD", "to": "EUR", "result": 8.0},
                ),
                expect(
                    call("GET", "/convert?amount=1&from=JPY&to=EUR"),
                    200,
                    {"amount": 1.0, "from": "JPY", "to": "EUR", "result": 0.01},
                ),
                expect(
                    call("GET", "/convert?amount=ten&from=EUR&to=JPY"),
                    400,
                    {"error": "amount must be a number"},
                ),
                expect(call("GET", "/convert?amount=1&from=EUR&to=GBP"), 404, _RATE_MISSING),
            ),
        ),
        defect=Defect(
            _CONVERT.replace("rates = {'USD': 1}", "rates = {}"),
            "a conversion from or to USD when USD has no rate of its own",
            'it answers 404 with {"error": "rate not found"}; USD is always known, at 1',
            (
                scenario(
                    set_rate("EUR", 0.8),
                    expect(
                        call("GET", "/convert?amount=10&from=USD&to=EUR"),
                        200,
                        {"amount": 10.0, "from": "USD", "to": "EUR", "result": 8.0},
                    ),
                    expect(
                        call("GET", "/convert?amount=8&from=EUR&to=USD"),
                        200,
                        {"amount": 8.0, "from": "EUR", "to": "USD", "result": 10.0},
                    ),
                ),
            ),
        ),
        route="GET /convert",
        requires=("set_rate",),
    ),
    F(
        "list_rates",
        "rates",
        HANDLER,
        "answers 200 with every currency's rate, sorted by currency",
        "    return 200, sorted(store.records('rates'), key=lambda r: r['currency'])",
        (
            scenario(
                expect(call("GET", "/rates"), 200, []),
                set_rate("JPY", 150),
                set_rate("EUR", 0.92),
                set_rate("GBP", 0.79),
                expect(
                    call("GET", "/rates"),
                    200,
                    [rate(2, "EUR", 0.92), rate(3, "GBP", 0.79), rate(1, "JPY", 150)],
                ),
            ),
        ),
        route="GET /rates",
        requires=("set_rate",),
    ),
    F(
        "delete_rate",
        "rates",
        HANDLER,
        "deletes the rate of the currency in the path, written in any case, and answers 204 "
        'with an empty body; 404 with {"error": "rate not found"} when it has none',
        _RATE_FIND + "    store.remove('rates', found['id'])\n    return 204, None",
        (
            scenario(
                set_rate("EUR", 0.92),
                expect(call("DELETE", "/rates/eur"), 204, None),
                expect(call("DELETE", "/rates/EUR"), 404, _RATE_MISSING),
                expect(set_rate("EUR", 0.9), 201, rate(2, "EUR", 0.9)),
            ),
        ),
        route="DELETE /rates/{currency}",
        requires=("set_rate",),
    ),
)

# ---- webhooks subscribed to record events ----


def hook(i: int, url: str, events: list[str], active: bool = True) -> dict[str, object]:
    """A webhook as the service answers it."""
    return {"id": i, "url": url, "events": events, "active": active}


def new_hook(url: str, events: object) -> str:
    """POST /webhooks."""
    return call("POST", "/webhooks", {"url": url, "events": events})


_HOOK_MISSING = {"error": "webhook not found"}
_EVENTS = {"error": "events must be a non-empty list of created, updated or deleted"}
_HOOK_A, _HOOK_B = "https://a.example.com/hook", "https://b.example.com/hook"
_CREATE_HOOK = DATA + code(
    """
    url, events = data.get('url'), data.get('events')
    if not isinstance(url, str) or not url.startswith(('http://', 'https://')):
        return 400, {'error': 'url must start with http:// or https://'}
    known = ('created', 'updated', 'deleted')
    if not isinstance(events, list) or not events or any(e not in known for e in events):
        return 400, {'error': 'events must be a non-empty list of created, updated or deleted'}
    kept = [e for e in known if e in events]
    return 201, store.add('webhooks', {'url': url, 'events': kept, 'active': True})
    """
)


def _set_active(active: bool) -> str:
    return lookup("webhooks", "found", "webhook") + (
        f"    return 200, store.update('webhooks', found['id'], {{'active': {active}}})"
    )


WEBHOOKS: tuple[FunctionTemplate, ...] = (
    F(
        "create_webhook",
        "webhooks",
        HANDLER,
        "subscribes a webhook from a JSON body with a `url` (starting with http:// or "
        'https://) and `events` (a non-empty list whose items are each "created", '
        '"updated" or "deleted"), and answers 201 with the webhook: its `id` (counting from '
        "1), `url`, `events` and `active` (true). Its events are kept once each, in the "
        "order created, updated, deleted whatever the order given. It answers 400 with "
        '{"error": "url must start with http:// or https://"} or {"error": "events must be '
        'a non-empty list of created, updated or deleted"} when one is wrong',
        _CREATE_HOOK,
        (
            scenario(
                expect(new_hook(_HOOK_A, ["created"]), 201, hook(1, _HOOK_A, ["created"])),
                expect(
                    new_hook(_HOOK_B, ["deleted", "created"]),
                    201,
                    hook(2, _HOOK_B, ["created", "deleted"]),
                ),
                expect(new_hook(_HOOK_A, []), 400, _EVENTS),
                expect(new_hook(_HOOK_A, ["moved"]), 400, _EVENTS),
                expect(new_hook(_HOOK_A, "created"), 400, _EVENTS),
                expect(
                    new_hook("a.example.com", ["created"]),
                    400,
                    {"error": "url must start with http:// or https://"},
                ),
            ),
        ),
        defect=Defect(
            _CREATE_HOOK.replace("kept = [e for e in known if e in events]", "kept = events"),
            'events given more than once or out of order, such as ["deleted", "created", '
            '"deleted"]',
            "the webhook keeps them as given; they are kept once each, in the order created, "
            'updated, deleted (here ["created", "deleted"])',
            (
                scenario(
                    expect(
                        new_hook(_HOOK_A, ["deleted", "created", "deleted"]),
                        201,
                        hook(1, _HOOK_A, ["created", "deleted"]),
                    ),
                ),
            ),
        ),
        route="POST /webhooks",
    ),
    F(
        "pause_webhook",
        "webhooks",
        HANDLER,
        "pauses the webhook whose id is in the path (`POST /webhooks/2/pause`: its `active` "
        'becomes false) and answers 200 with it; 404 with {"error": "webhook not found"} '
        "for an unknown id",
        _set_active(False),
        (
            scenario(
                new_hook(_HOOK_A, ["created"]),
                expect(
                    call("POST", "/webhooks/1/pause"), 200, hook(1, _HOOK_A, ["created"], False)
                ),
                expect(
                    call("POST", "/webhooks/1/pause"), 200, hook(1, _HOOK_A, ["created"], False)
                ),
                expect(call("POST", "/webhooks/2/pause"), 404, _HOOK_MISSING),
            ),
        ),
        route="POST /webhooks/{id}/pause",
        requires=("create_webhook",),
    ),
    F(
        "resume_webhook",
        "webhooks",
        HANDLER,
        "resumes the webhook whose id is in the path (`POST /webhooks/2/resume`: its "
        '`active` becomes true) and answers 200 with it; 404 with {"error": "webhook not '
        'found"} for an unknown id',
        _set_active(True),
        (
            scenario(
                new_hook(_HOOK_A, ["created"]),
                expect(call("POST", "/webhooks/1/resume"), 200, hook(1, _HOOK_A, ["created"])),
                expect(call("POST", "/webhooks/3/resume"), 404, _HOOK_MISSING),
            ),
        ),
        route="POST /webhooks/{id}/resume",
        requires=("create_webhook",),
    ),
    F(
        "webhooks_for",
        "webhooks",
        HANDLER,
        "answers 200 with the active webhooks subscribed to the event in the path "
        "(`GET /webhooks/for/created`), in id order; paused ones are left out. An event "
        'other than created, updated or deleted answers 400 with {"error": "unknown event"}',
        code(
            """
            event = params['event']
            if event not in ('created', 'updated', 'deleted'):
                return 400, {'error': 'unknown event'}
            return 200, [h for h in store.records('webhooks') if h['active'] and event in h['events']]
            """
        ),
        (
            scenario(
                new_hook(_HOOK_A, ["created", "deleted"]),
                new_hook(_HOOK_B, ["deleted"]),
                new_hook("https://c.example.com", ["created"]),
                call("POST", "/webhooks/3/pause"),
                expect(
                    call("GET", "/webhooks/for/created"),
                    200,
                    [hook(1, _HOOK_A, ["created", "deleted"])],
                ),
                expect(
                    call("GET", "/webhooks/for/deleted"),
                    200,
                    [hook(1, _HOOK_A, ["created", "deleted"]), hook(2, _HOOK_B, ["deleted"])],
                ),
                expect(call("GET", "/webhooks/for/updated"), 200, []),
                expect(call("GET", "/webhooks/for/moved"), 400, {"error": "unknown event"}),
            ),
        ),
        route="GET /webhooks/for/{event}",
        requires=("create_webhook", "pause_webhook"),
    ),
    F(
        "delete_webhook",
        "webhooks",
        HANDLER,
        "deletes the webhook whose id is in the path and answers 204 with an empty body; "
        '404 with {"error": "webhook not found"} when there is none',
        delete("webhooks", "found", "webhook"),
        (
            scenario(
                new_hook(_HOOK_A, ["created"]),
                expect(call("DELETE", "/webhooks/1"), 204, None),
                expect(call("DELETE", "/webhooks/1"), 404, _HOOK_MISSING),
                expect(new_hook(_HOOK_A, ["updated"]), 201, hook(2, _HOOK_A, ["updated"])),
            ),
        ),
        route="DELETE /webhooks/{id}",
        requires=("create_webhook",),
    ),
)

RECORD_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *EXPENSES,
    *SCORES,
    *LINKS,
    *GLOSSARY,
    *TIMESHEETS,
    *JOBS,
    *MESSAGES,
    *READINGS,
    *REVIEWS,
    *PLAYLISTS,
    *RATES,
    *WEBHOOKS,
)
