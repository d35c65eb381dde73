"""Turn 58: GET /api/v1/todos/stats/ makes a single database query, with the same answer."""

from django.db import connection
from django.test.utils import CaptureQueriesContext


def test_stats_in_one_query(api):
    for title, priority, done in [("a", "high", True), ("b", "low", False), ("c", "high", False)]:
        todo = api.post("/api/v1/todos/", {"title": title, "priority": priority}, format="json").json()
        if done:
            api.patch(f"/api/v1/todos/{todo['id']}/", {"completed": True}, format="json")
    with CaptureQueriesContext(connection) as queries:
        response = api.get("/api/v1/todos/stats/")
    assert response.status_code == 200, f"GET /api/v1/todos/stats/ should answer 200, got {response.status_code}"
    body = response.json()
    assert (body.get("total"), body.get("completed"), body.get("open")) == (3, 1, 2), f"the same numbers: {body!r}"
    assert body.get("by_priority", {}).get("high") == 2, f"by_priority: {body!r}"
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(selects) == 1, f"the stats should take one query, took {len(selects)}: {selects}"
