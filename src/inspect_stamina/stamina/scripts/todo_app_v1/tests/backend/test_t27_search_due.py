"""Turns 26-27: due_date, ?search= on title/description, ?ordering= by due date."""

from datetime import date, timedelta


def _day(n):
    return (date.today() + timedelta(days=n)).isoformat()


def test_due_date_round_trip(api):
    todo = api.post("/api/v1/todos/", {"title": "with due", "due_date": _day(10)}, format="json").json()
    assert todo.get("due_date") == _day(10), f"due_date should come back as YYYY-MM-DD: {todo!r}"
    assert api.get(f"/api/v1/todos/{todo['id']}/").json()["due_date"] == _day(10)
    plain = api.post("/api/v1/todos/", {"title": "no due"}, format="json").json()
    assert "due_date" in plain and plain["due_date"] is None, f"due_date defaults to null: {plain!r}"


def test_search_matches_title_or_description_case_insensitively(api, items):
    a = api.post("/api/v1/todos/", {"title": "Call the PLUMBER"}, format="json").json()
    b = api.post("/api/v1/todos/", {"title": "House", "description": "ask plumber about pipes"}, format="json").json()
    api.post("/api/v1/todos/", {"title": "Groceries", "description": "bread"}, format="json")
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"search": "Plumber"}))}
    assert got == {a["id"], b["id"]}, f"?search=Plumber should match title or description, any case: {got}"


def test_ordering_by_due_date(api, items):
    ids = {}
    for n in (7, 2, 12, 5):
        ids[n] = api.post("/api/v1/todos/", {"title": f"due {n}", "due_date": _day(n)}, format="json").json()["id"]
    asc = [t["id"] for t in items(api.get("/api/v1/todos/", {"ordering": "due_date"}))]
    assert asc == [ids[n] for n in (2, 5, 7, 12)], f"?ordering=due_date should be soonest first, got {asc}"
    desc = [t["id"] for t in items(api.get("/api/v1/todos/", {"ordering": "-due_date"}))]
    assert desc == [ids[n] for n in (12, 7, 5, 2)], f"?ordering=-due_date should be latest first, got {desc}"
