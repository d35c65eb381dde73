"""Turn 16: priority low|medium|high, default medium."""


def test_priority_defaults_to_medium(api):
    todo = api.post("/api/v1/todos/", {"title": "no priority given"}, format="json").json()
    assert todo.get("priority") == "medium", f"a todo created without priority should be medium: {todo!r}"
    assert api.get(f"/api/v1/todos/{todo['id']}/").json().get("priority") == "medium"


def test_priority_set_on_create_and_patch(api):
    todo = api.post("/api/v1/todos/", {"title": "urgent", "priority": "high"}, format="json").json()
    assert todo.get("priority") == "high", f"created with priority high: {todo!r}"
    url = f"/api/v1/todos/{todo['id']}/"
    patched = api.patch(url, {"priority": "low"}, format="json")
    assert patched.status_code == 200
    assert api.get(url).json()["priority"] == "low", "PATCH priority=low should be stored"
