"""Turn 67: DELETE of a todo with subtasks answers 204 and removes both."""


def test_delete_todo_with_subtasks(api):
    todo = api.post("/api/v1/todos/", {"title": "trip"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/"
    api.post(url + "subtasks/", {"title": "pack"}, format="json")
    api.post(url + "subtasks/", {"title": "book"}, format="json")
    response = api.delete(url)
    assert response.status_code == 204, f"deleting a todo with subtasks should answer 204, got {response.status_code}"
    assert api.get(url).status_code == 404, "the todo should be gone"
    assert api.get(url + "subtasks/").status_code == 404, "its subtasks go with it"


def test_other_todos_keep_their_subtasks(api, items):
    a = api.post("/api/v1/todos/", {"title": "a"}, format="json").json()["id"]
    b = api.post("/api/v1/todos/", {"title": "b"}, format="json").json()["id"]
    api.post(f"/api/v1/todos/{a}/subtasks/", {"title": "a1"}, format="json")
    api.post(f"/api/v1/todos/{b}/subtasks/", {"title": "b1"}, format="json")
    assert api.delete(f"/api/v1/todos/{a}/").status_code == 204
    assert [s["title"] for s in items(api.get(f"/api/v1/todos/{b}/subtasks/"))] == ["b1"]
