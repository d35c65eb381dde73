"""Turn 84: optimistic concurrency with a read-only "version"; a stale version is 409 CONFLICT."""


def test_version_starts_at_1_and_counts_updates(api):
    todo = api.post("/api/v1/todos/", {"title": "v"}, format="json").json()
    assert todo.get("version") == 1, f"a new todo has version 1: {todo!r}"
    url = f"/api/v1/todos/{todo['id']}/"
    first = api.patch(url, {"title": "v2", "version": 1}, format="json")
    assert first.status_code == 200, f"PATCH with the current version should succeed, got {first.status_code}"
    assert api.get(url).json()["version"] == 2, "each update adds 1 to version"
    api.patch(url, {"completed": True}, format="json")
    assert api.get(url).json()["version"] == 3, "an update without version is accepted and counted"


def test_stale_version_is_a_conflict(api):
    todo = api.post("/api/v1/todos/", {"title": "original"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/"
    api.patch(url, {"title": "first writer", "version": 1}, format="json")
    stale = api.patch(url, {"title": "second writer", "version": 1}, format="json")
    assert stale.status_code == 409, f"PATCH with a stale version should answer 409, got {stale.status_code}"
    assert stale.json().get("error", {}).get("code") == "CONFLICT", f"error.code CONFLICT: {stale.json()!r}"
    current = api.get(url).json()
    assert current["title"] == "first writer" and current["version"] == 2, f"the stale write changed nothing: {current!r}"


def test_stale_put_is_a_conflict(api):
    todo = api.post("/api/v1/todos/", {"title": "original"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/"
    api.patch(url, {"title": "newer"}, format="json")
    stale = api.put(url, {"title": "put", "description": "", "completed": False, "version": 1}, format="json")
    assert stale.status_code == 409, f"PUT with a stale version should answer 409, got {stale.status_code}"


def test_version_is_read_only(api):
    todo = api.post("/api/v1/todos/", {"title": "v", "version": 40}, format="json").json()
    assert todo.get("version") == 1, f"the client cannot choose the version: {todo!r}"
