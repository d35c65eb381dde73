"""Turns 64-65: completed_at follows completed; stats has completed_this_week."""

from datetime import datetime, timedelta, timezone


def _parse(value):
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def test_completed_at_follows_completed(api):
    todo = api.post("/api/v1/todos/", {"title": "x"}, format="json").json()
    assert "completed_at" in todo and todo["completed_at"] is None, f"an open todo: completed_at null: {todo!r}"
    url = f"/api/v1/todos/{todo['id']}/"
    api.patch(url, {"completed": True}, format="json")
    stamped = api.get(url).json().get("completed_at")
    assert isinstance(stamped, str), f"completing sets completed_at to an ISO datetime, got {stamped!r}"
    assert abs(_parse(stamped) - datetime.now(timezone.utc)) < timedelta(minutes=10), (
        f"completed_at should be now, got {stamped}"
    )
    api.patch(url, {"completed": False}, format="json")
    assert api.get(url).json()["completed_at"] is None, "reopening clears completed_at"


def test_completed_at_is_read_only(api):
    todo = api.post("/api/v1/todos/", {"title": "x"}, format="json").json()
    api.patch(f"/api/v1/todos/{todo['id']}/", {"completed_at": "2001-01-01T00:00:00Z"}, format="json")
    assert api.get(f"/api/v1/todos/{todo['id']}/").json()["completed_at"] is None, (
        "completed_at cannot be set by the client"
    )


def test_stats_completed_this_week(api):
    ids = [api.post("/api/v1/todos/", {"title": t}, format="json").json()["id"] for t in "abcd"]
    for todo_id in ids[:3]:
        api.patch(f"/api/v1/todos/{todo_id}/", {"completed": True}, format="json")
    api.patch(f"/api/v1/todos/{ids[2]}/", {"completed": False}, format="json")
    stats = api.get("/api/v1/todos/stats/").json()
    assert stats.get("completed_this_week") == 2, f"2 todos completed in the last 7 days: {stats!r}"
