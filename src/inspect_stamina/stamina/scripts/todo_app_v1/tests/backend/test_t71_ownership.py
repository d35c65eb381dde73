"""Turn 71: the API requires sign-in and each account sees and changes only its own todos."""


def test_sign_in_required(anon):
    for url in ("/api/v1/todos/", "/api/v1/todos/stats/"):
        response = anon.get(url)
        assert response.status_code in (401, 403), (
            f"GET {url} without signing in should be refused (401/403), got {response.status_code}"
        )
    response = anon.post("/api/v1/todos/", {"title": "x"}, format="json")
    assert response.status_code in (401, 403), f"POST without signing in should be refused, got {response.status_code}"


def test_others_todos_are_invisible(make_user, items):
    _, ann = make_user("ann")
    _, bob = make_user("bob")
    mine = ann.post("/api/v1/todos/", {"title": "ann's"}, format="json").json()["id"]
    bob.post("/api/v1/todos/", {"title": "bob's"}, format="json")
    assert [t["title"] for t in items(ann.get("/api/v1/todos/"))] == ["ann's"], "ann sees only her todo"
    assert [t["title"] for t in items(bob.get("/api/v1/todos/"))] == ["bob's"], "bob sees only his todo"
    url = f"/api/v1/todos/{mine}/"
    assert bob.get(url).status_code == 404, "another account's todo is 404"
    assert bob.patch(url, {"title": "hacked"}, format="json").status_code == 404, "PATCH of another's todo is 404"
    assert bob.delete(url).status_code == 404, "DELETE of another's todo is 404"
    assert ann.get(url).json()["title"] == "ann's", "ann's todo is untouched"


def test_bulk_and_subtasks_only_touch_own_todos(make_user):
    _, ann = make_user("ann")
    _, bob = make_user("bob")
    mine = ann.post("/api/v1/todos/", {"title": "ann's"}, format="json").json()["id"]
    done = bob.post("/api/v1/todos/bulk-complete/", {"ids": [mine]}, format="json")
    assert done.status_code == 200 and done.json().get("updated") == 0, f"bob completes none: {done.content!r}"
    gone = bob.post("/api/v1/todos/bulk-delete/", {"ids": [mine]}, format="json")
    assert gone.status_code == 200 and gone.json().get("deleted") == 0, f"bob deletes none: {gone.content!r}"
    assert ann.get(f"/api/v1/todos/{mine}/").json()["completed"] is False, "ann's todo is still open"
    sub_url = f"/api/v1/todos/{mine}/subtasks/"
    assert bob.get(sub_url).status_code == 404, "another account's subtasks are 404"
    assert bob.post(sub_url, {"title": "x"}, format="json").status_code == 404, "adding to another's todo is 404"
