"""Turns 23-24: tags as a list of names on a todo, and ?tag=<name> filtering."""


def test_tags_round_trip_and_patch(api):
    todo = api.post("/api/v1/todos/", {"title": "tagged", "tags": ["work", "home"]}, format="json").json()
    assert sorted(todo.get("tags", [])) == ["home", "work"], f"tags should come back as names: {todo!r}"
    url = f"/api/v1/todos/{todo['id']}/"
    assert sorted(api.get(url).json()["tags"]) == ["home", "work"]
    patched = api.patch(url, {"tags": ["errands"]}, format="json")
    assert patched.status_code == 200
    assert api.get(url).json()["tags"] == ["errands"], "PATCH tags should replace the todo's tags"


def test_tag_filter(api, items):
    a = api.post("/api/v1/todos/", {"title": "a", "tags": ["work", "home"]}, format="json").json()
    b = api.post("/api/v1/todos/", {"title": "b", "tags": ["work"]}, format="json").json()
    api.post("/api/v1/todos/", {"title": "c", "tags": ["home"]}, format="json")
    api.post("/api/v1/todos/", {"title": "d"}, format="json")
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"tag": "work"}))}
    assert got == {a["id"], b["id"]}, f"?tag=work should list exactly the todos tagged work, got ids {got}"
