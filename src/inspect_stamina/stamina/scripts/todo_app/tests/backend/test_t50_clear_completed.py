"""Turn 50: DELETE /api/v1/todos/completed/ deletes every completed todo (subtasks too) -> {"deleted": n}."""


def test_clear_completed(api, items):
    ids = {}
    for title, done in [("a", True), ("b", False), ("c", True)]:
        todo = api.post("/api/v1/todos/", {"title": title}, format="json").json()
        if done:
            api.patch(f"/api/v1/todos/{todo['id']}/", {"completed": True}, format="json")
        ids[title] = todo["id"]
    api.post(f"/api/v1/todos/{ids['a']}/subtasks/", {"title": "part"}, format="json")
    response = api.delete("/api/v1/todos/completed/")
    assert response.status_code == 200, f"DELETE /api/v1/todos/completed/ should answer 200, got {response.status_code}"
    assert response.json() == {"deleted": 2}, f'{{"deleted": 2}} expected: {response.json()!r}'
    left = [todo["title"] for todo in items(api.get("/api/v1/todos/"))]
    assert left == ["b"], f"only the open todo is left: {left}"


def test_nothing_to_clear(api):
    api.post("/api/v1/todos/", {"title": "open"}, format="json")
    response = api.delete("/api/v1/todos/completed/")
    assert response.status_code == 200 and response.json() == {"deleted": 0}, f"{response.status_code} {response.content!r}"
