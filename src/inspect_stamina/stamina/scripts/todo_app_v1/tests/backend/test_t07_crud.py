"""Turns 6-7: CRUD on /api/v1/todos/ and the list ordered newest first."""


def test_create_returns_201_with_the_todo(api):
    response = api.post("/api/v1/todos/", {"title": "Buy milk", "description": "2 litres"}, format="json")
    assert response.status_code == 201, f"POST /api/v1/todos/ should answer 201, got {response.status_code}"
    body = response.json()
    assert isinstance(body.get("id"), int), f"the created todo should carry its integer id: {body!r}"
    assert body["title"] == "Buy milk"
    assert body["description"] == "2 litres"
    assert body["completed"] is False, "a new todo should not be completed"
    assert body.get("created_at"), "a new todo should carry created_at"


def test_retrieve_patch_and_delete(api, items):
    todo = api.post("/api/v1/todos/", {"title": "Walk dog"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/"

    got = api.get(url)
    assert got.status_code == 200, f"GET {url} should answer 200, got {got.status_code}"
    assert got.json()["title"] == "Walk dog"

    patched = api.patch(url, {"completed": True}, format="json")
    assert patched.status_code == 200, f"PATCH {url} should answer 200, got {patched.status_code}"
    assert patched.json()["completed"] is True, "PATCH completed=true should be saved"
    assert api.get(url).json()["completed"] is True, "the patched value should be stored"
    assert api.get(url).json()["title"] == "Walk dog", "PATCH must leave other fields alone"

    assert todo["id"] in [t["id"] for t in items(api.get("/api/v1/todos/"))], "the list should show the todo"

    deleted = api.delete(url)
    assert deleted.status_code == 204, f"DELETE {url} should answer 204, got {deleted.status_code}"
    assert api.get(url).status_code == 404, "a deleted todo should be gone (404)"


def test_unknown_id_is_404(api):
    assert api.get("/api/v1/todos/987654/").status_code == 404, "an unknown todo id should answer 404"


def test_list_is_newest_first(api, items):
    ids = [api.post("/api/v1/todos/", {"title": f"todo {n}"}, format="json").json()["id"] for n in range(4)]
    listed = [t["id"] for t in items(api.get("/api/v1/todos/"))]
    assert listed == list(reversed(ids)), f"the list should be newest first: created {ids}, listed {listed}"
