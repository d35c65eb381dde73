"""Turns 56-57: ?ordering=priority is low, medium, high; -priority is high first."""


def test_ordering_by_priority(api, items):
    for n, priority in enumerate(("medium", "high", "low", "high", "medium", "low")):
        api.post("/api/v1/todos/", {"title": f"t{n}", "priority": priority}, format="json")
    asc = [t["priority"] for t in items(api.get("/api/v1/todos/", {"ordering": "priority"}))]
    assert asc == ["low", "low", "medium", "medium", "high", "high"], f"?ordering=priority: {asc}"
    desc = [t["priority"] for t in items(api.get("/api/v1/todos/", {"ordering": "-priority"}))]
    assert desc == ["high", "high", "medium", "medium", "low", "low"], f"?ordering=-priority: {desc}"
