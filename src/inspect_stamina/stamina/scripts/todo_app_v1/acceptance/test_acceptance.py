"""Acceptance: the finished todo API, end to end, as a client would drive it over HTTP."""

from datetime import date, timedelta

API = "/api/v1"


def _day(n):
    return (date.today() + timedelta(days=n)).isoformat()


def test_register_sign_in_and_me(anon, signup):
    client = signup("ann")
    me = client.get(f"{API}/auth/me/")
    assert me.status_code == 200 and me.json().get("username") == "ann", f"me: {me.content!r}"
    assert anon.get(f"{API}/todos/").status_code == 401, "the todo API needs sign-in"
    version = anon.get(f"{API}/version/")
    assert version.status_code == 200 and version.json().get("version") == "1.0.0", "version is public"
    health = client.get(f"{API}/health/").json()
    assert health.get("status") == "ok" and health.get("database") == "ok", f"health: {health!r}"


def test_full_todo_lifecycle(signup):
    client = signup("ann")
    created = client.post(
        f"{API}/todos/",
        {"title": "  Plan trip  ", "description": "Lisbon", "priority": "high", "tags": ["Travel ", "fun"], "due_date": _day(14)},
        format="json",
    )
    assert created.status_code == 201, f"create: {created.status_code} {created.content[:300]!r}"
    todo = created.json()
    assert todo["title"] == "Plan trip" and todo["priority"] == "high" and todo["due_date"] == _day(14)
    assert sorted(todo["tags"]) == ["fun", "travel"] and todo["completed"] is False and todo["version"] == 1
    url = f"{API}/todos/{todo['id']}/"
    for title in ("book flights", "pack"):
        assert client.post(url + "subtasks/", {"title": title}, format="json").status_code in (200, 201)
    detail = client.get(url).json()
    assert (detail["subtasks_total"], detail["subtasks_done"]) == (2, 0), f"subtask counts: {detail!r}"
    done = client.patch(url, {"completed": True, "version": 1}, format="json")
    assert done.status_code == 200 and done.json()["completed_at"], "completing stamps completed_at"
    stale = client.patch(url, {"title": "late edit", "version": 1}, format="json")
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "CONFLICT", "a stale edit conflicts"
    assert client.post(url + "archive/").status_code == 200
    assert client.get(f"{API}/todos/").json()["count"] == 0, "archived todos leave the list"
    assert client.delete(url).status_code == 204
    assert client.get(url).status_code == 404


def test_filters_search_and_ordering(signup, items):
    client = signup("ann")
    made = {}
    for title, priority, tags, due in (
        ("Pay rent", "high", ["money"], 3),
        ("Buy groceries", "medium", ["home"], 1),
        ("Read novel", "low", ["fun"], 20),
        ("Fix bike", "medium", ["home", "fun"], 7),
    ):
        body = {"title": title, "priority": priority, "tags": tags, "due_date": _day(due)}
        made[title] = client.post(f"{API}/todos/", body, format="json").json()["id"]

    def ids(**params):
        return [t["id"] for t in items(client.get(f"{API}/todos/", params))]

    assert set(ids(priority="medium")) == {made["Buy groceries"], made["Fix bike"]}
    assert set(ids(tag="fun")) == {made["Read novel"], made["Fix bike"]}
    assert set(ids(search="RENT")) == {made["Pay rent"]}
    assert set(ids(search="money")) == {made["Pay rent"]}, "search matches tag names"
    assert set(ids(due_before=_day(4))) == {made["Buy groceries"], made["Pay rent"]}
    assert ids(ordering="due_date") == [made[t] for t in ("Buy groceries", "Pay rent", "Fix bike", "Read novel")]
    by_priority = [t["priority"] for t in items(client.get(f"{API}/todos/", {"ordering": "-priority"}))]
    assert by_priority == ["high", "medium", "medium", "low"], f"-priority: {by_priority}"
    client.patch(f"{API}/todos/{made['Pay rent']}/", {"due_date": _day(-2)}, format="json")
    assert ids(overdue="true") == [made["Pay rent"]]


def test_pagination(signup):
    client = signup("ann")
    for n in range(23):
        client.post(f"{API}/todos/", {"title": f"todo {n}"}, format="json")
    first = client.get(f"{API}/todos/").json()
    assert first["count"] == 23 and len(first["results"]) == 20 and first["next"]
    assert len(client.get(f"{API}/todos/", {"page": 2}).json()["results"]) == 3
    assert len(client.get(f"{API}/todos/", {"page_size": 10}).json()["results"]) == 10


def test_stats_tags_and_bulk(signup):
    client = signup("ann")
    ids = [
        client.post(f"{API}/todos/", {"title": f"t{n}", "priority": p, "tags": ["chores"]}, format="json").json()["id"]
        for n, p in enumerate(("low", "high", "high", "medium"))
    ]
    client.post(f"{API}/todos/{ids[0]}/subtasks/", {"title": "step"}, format="json")
    updated = client.post(f"{API}/todos/bulk-complete/", {"ids": ids[:2]}, format="json")
    assert updated.status_code == 200 and updated.json()["updated"] == 2
    stats = client.get(f"{API}/todos/stats/").json()
    assert (stats["total"], stats["completed"], stats["open"], stats["completed_this_week"]) == (4, 2, 2, 2)
    by_priority = stats["by_priority"]
    assert (by_priority["low"], by_priority["medium"], by_priority["high"]) == (1, 1, 2), f"{by_priority!r}"
    assert [(t["name"], t["count"]) for t in client.get(f"{API}/tags/").json()] == [("chores", 4)]
    deleted = client.post(f"{API}/todos/bulk-delete/", {"ids": ids[:3]}, format="json")
    assert deleted.status_code == 200 and deleted.json()["deleted"] == 3, "bulk-delete, subtasks included"
    assert client.get(f"{API}/todos/stats/").json()["total"] == 1


def test_two_users_do_not_see_each_other(signup, items):
    ann, bob = signup("ann"), signup("bob")
    secret = ann.post(f"{API}/todos/", {"title": "ann's secret", "tags": ["private"]}, format="json").json()["id"]
    bob.post(f"{API}/todos/", {"title": "bob's", "tags": ["work"]}, format="json")
    assert [t["title"] for t in items(bob.get(f"{API}/todos/"))] == ["bob's"]
    assert bob.get(f"{API}/todos/{secret}/").status_code == 404
    assert bob.delete(f"{API}/todos/{secret}/").status_code == 404
    assert bob.post(f"{API}/todos/bulk-delete/", {"ids": [secret]}, format="json").json()["deleted"] == 0
    assert bob.get(f"{API}/todos/stats/").json()["total"] == 1
    assert {t["name"]: t["count"] for t in bob.get(f"{API}/tags/").json()}.get("private", 0) == 0
    assert ann.get(f"{API}/todos/{secret}/").status_code == 200, "ann's todo survived"


def test_error_bodies(anon, signup):
    client = signup("ann")

    def error(response, status, code):
        assert response.status_code == status, f"expected {status}, got {response.status_code}: {response.content[:300]!r}"
        body = response.json()["error"]
        assert body["code"] == code and isinstance(body["message"], str) and body["message"]
        return body

    error(client.get(f"{API}/todos/999999/"), 404, "TODO_NOT_FOUND")
    error(anon.get(f"{API}/todos/"), 401, "AUTH_REQUIRED")
    assert "title" in error(client.post(f"{API}/todos/", {"title": "   "}, format="json"), 400, "VALIDATION_ERROR")["fields"]
    assert "priority" in error(
        client.post(f"{API}/todos/", {"title": "x", "priority": "asap"}, format="json"), 400, "VALIDATION_ERROR"
    )["fields"]
    assert "due_date" in error(
        client.post(f"{API}/todos/", {"title": "x", "due_date": _day(-1)}, format="json"), 400, "VALIDATION_ERROR"
    )["fields"]
    assert "description" in error(
        client.post(f"{API}/todos/", {"title": "x", "description": "y" * 2001}, format="json"), 400, "VALIDATION_ERROR"
    )["fields"]
    assert "password" in error(
        anon.post(f"{API}/auth/register/", {"username": "zed", "password": "short"}, format="json"), 400, "VALIDATION_ERROR"
    )["fields"]
    assert client.get(f"{API}/todos/", {"search": "' OR 1=1 --"}).status_code == 200
