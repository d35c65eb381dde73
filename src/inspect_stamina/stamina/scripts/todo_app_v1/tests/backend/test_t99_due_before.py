"""Turn 99: ?due_before=YYYY-MM-DD -> todos due strictly before that date."""

from datetime import date, timedelta


def _day(n):
    return (date.today() + timedelta(days=n)).isoformat()


def test_due_before_is_strict(api, items):
    ids = {n: api.post("/api/v1/todos/", {"title": f"due {n}", "due_date": _day(n)}, format="json").json()["id"] for n in (1, 4, 5, 9)}
    api.post("/api/v1/todos/", {"title": "no due date"}, format="json")
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"due_before": _day(5)}))}
    assert got == {ids[1], ids[4]}, f"?due_before=<day 5> should list the todos due on days 1 and 4 only, got {got}"


def test_due_before_includes_completed_and_past(api, items):
    a = api.post("/api/v1/todos/", {"title": "done", "due_date": _day(2)}, format="json").json()["id"]
    api.patch(f"/api/v1/todos/{a}/", {"completed": True}, format="json")
    b = api.post("/api/v1/todos/", {"title": "past", "due_date": _day(2)}, format="json").json()["id"]
    api.patch(f"/api/v1/todos/{b}/", {"due_date": _day(-10)}, format="json")
    api.post("/api/v1/todos/", {"title": "later", "due_date": _day(20)}, format="json")
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"due_before": _day(3)}))}
    assert got == {a, b}, f"?due_before filters by date only: {got}"
