"""Turn 30: GET /api/v1/todos/stats/ -> total, completed, open, by_priority counts."""


def test_stats_counts(api):
    ids = [
        api.post("/api/v1/todos/", {"title": t, "priority": p}, format="json").json()["id"]
        for t, p in (("a", "high"), ("b", "low"), ("c", "low"), ("d", "high"), ("e", "high"))
    ]
    for todo_id in ids[:2]:
        api.patch(f"/api/v1/todos/{todo_id}/", {"completed": True}, format="json")
    response = api.get("/api/v1/todos/stats/")
    assert response.status_code == 200, f"GET /api/v1/todos/stats/ should answer 200, got {response.status_code}"
    stats = response.json()
    assert stats.get("total") == 5, f"total should be 5: {stats!r}"
    assert stats.get("completed") == 2, f"completed should be 2: {stats!r}"
    assert stats.get("open") == 3, f"open should be 3: {stats!r}"
    by_priority = stats.get("by_priority")
    assert isinstance(by_priority, dict), f"by_priority should be an object: {stats!r}"
    assert (by_priority.get("low"), by_priority.get("medium"), by_priority.get("high")) == (2, 0, 3), (
        f"by_priority should count low 2, medium 0, high 3: {by_priority!r}"
    )


def test_stats_with_no_todos(api):
    stats = api.get("/api/v1/todos/stats/").json()
    assert (stats.get("total"), stats.get("completed"), stats.get("open")) == (0, 0, 0), f"all zero: {stats!r}"
    assert stats.get("by_priority", {}).get("medium") == 0, f"by_priority counts zero too: {stats!r}"
