"""Turn 47: ?overdue=true -> open todos whose due date is before today."""

from datetime import date, timedelta


def _day(n):
    return (date.today() + timedelta(days=n)).isoformat()


def _todo(api, title, due_in=None, completed=False):
    # created with a future date (past dates are refused on create from turn 92), then moved
    todo = api.post("/api/v1/todos/", {"title": title, "due_date": _day(30)}, format="json").json()
    change = {"due_date": _day(due_in) if due_in is not None else None, "completed": completed}
    assert api.patch(f"/api/v1/todos/{todo['id']}/", change, format="json").status_code == 200
    return todo["id"]


def test_overdue_lists_open_todos_due_before_today(api, items):
    late = _todo(api, "late", due_in=-3)
    very_late = _todo(api, "very late", due_in=-40)
    _todo(api, "late but done", due_in=-3, completed=True)
    _todo(api, "due later", due_in=5)
    _todo(api, "no due date")
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"overdue": "true"}))}
    assert got == {late, very_late}, f"?overdue=true should list only the open, past-due todos: got {got}"


def test_due_today_is_not_overdue(api, items):
    _todo(api, "today", due_in=0)
    got = items(api.get("/api/v1/todos/", {"overdue": "true"}))
    assert got == [], f"a todo due today is not overdue yet: {[t['title'] for t in got]}"
