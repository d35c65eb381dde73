"""Turn 36: GET/POST /api/v1/todos/<id>/subtasks/ -> {"id", "title", "done"}; the GET in pages."""


def test_create_and_list_subtasks(api, items):
    todo = api.post("/api/v1/todos/", {"title": "trip"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/subtasks/"
    created = api.post(url, {"title": "pack bags"}, format="json")
    assert created.status_code in (200, 201), f"POST {url} should create the subtask, got {created.status_code}"
    sub = created.json()
    assert isinstance(sub.get("id"), int) and sub.get("title") == "pack bags", f"the subtask: {sub!r}"
    assert sub.get("done") is False, f"a new subtask is not done: {sub!r}"
    api.post(url, {"title": "book hotel"}, format="json")
    listed = api.get(url)
    assert listed.status_code == 200
    assert isinstance(listed.json(), dict) and "results" in listed.json(), (
        f"GET {url} answers in pages like the todo list: {listed.json()!r}"
    )
    assert sorted(s["title"] for s in items(listed)) == ["book hotel", "pack bags"], "the list shows both"


def test_subtasks_belong_to_their_todo(api, items):
    a = api.post("/api/v1/todos/", {"title": "a"}, format="json").json()
    b = api.post("/api/v1/todos/", {"title": "b"}, format="json").json()
    api.post(f"/api/v1/todos/{a['id']}/subtasks/", {"title": "only on a"}, format="json")
    assert items(api.get(f"/api/v1/todos/{b['id']}/subtasks/")) == [], "b's subtasks should not show a's"


def test_subtasks_of_unknown_todo_are_404(api):
    assert api.get("/api/v1/todos/999999/subtasks/").status_code == 404, "GET for an unknown todo -> 404"
    response = api.post("/api/v1/todos/999999/subtasks/", {"title": "x"}, format="json")
    assert response.status_code == 404, f"POST for an unknown todo -> 404, got {response.status_code}"
