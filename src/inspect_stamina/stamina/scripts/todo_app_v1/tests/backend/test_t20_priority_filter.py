"""Turn 20: ?priority=low|medium|high filters the list."""


def test_priority_filter(api, items):
    made = {}
    for priority in ("low", "medium", "high", "high"):
        todo = api.post("/api/v1/todos/", {"title": f"p {priority}", "priority": priority}, format="json").json()
        made.setdefault(priority, set()).add(todo["id"])
    for priority in ("low", "medium", "high"):
        got = items(api.get("/api/v1/todos/", {"priority": priority}))
        assert {t["id"] for t in got} == made[priority], (
            f"?priority={priority} should list exactly the {priority} todos, got {[(t['id'], t['priority']) for t in got]}"
        )


def test_no_priority_param_lists_all(api, items):
    for priority in ("low", "high"):
        api.post("/api/v1/todos/", {"title": f"p {priority}", "priority": priority}, format="json")
    assert len(items(api.get("/api/v1/todos/"))) == 2, "without ?priority the list shows every todo"
