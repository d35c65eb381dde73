"""Turn 43: bulk-delete of todos that have subtasks deletes them with their subtasks."""


def test_bulk_delete_todos_with_subtasks(api):
    a, b, c = (api.post("/api/v1/todos/", {"title": t}, format="json").json()["id"] for t in "abc")
    for todo_id in (a, b):
        api.post(f"/api/v1/todos/{todo_id}/subtasks/", {"title": "step 1"}, format="json")
        api.post(f"/api/v1/todos/{todo_id}/subtasks/", {"title": "step 2"}, format="json")
    response = api.post("/api/v1/todos/bulk-delete/", {"ids": [a, b]}, format="json")
    assert response.status_code == 200, f"bulk-delete should answer 200, got {response.status_code}"
    assert response.json().get("deleted") == 2, f"deleted counts todos (2), not subtasks: {response.json()!r}"
    for todo_id in (a, b):
        assert api.get(f"/api/v1/todos/{todo_id}/").status_code == 404, "the todo should be gone"
        assert api.get(f"/api/v1/todos/{todo_id}/subtasks/").status_code == 404, "its subtasks go with it"
    assert api.get(f"/api/v1/todos/{c}/").status_code == 200, "a todo not named stays"


def test_bulk_delete_mixed(api):
    a = api.post("/api/v1/todos/", {"title": "with"}, format="json").json()["id"]
    b = api.post("/api/v1/todos/", {"title": "without"}, format="json").json()["id"]
    api.post(f"/api/v1/todos/{a}/subtasks/", {"title": "step"}, format="json")
    response = api.post("/api/v1/todos/bulk-delete/", {"ids": [a, b]}, format="json")
    assert response.status_code == 200 and response.json().get("deleted") == 2, f"{response.content!r}"
