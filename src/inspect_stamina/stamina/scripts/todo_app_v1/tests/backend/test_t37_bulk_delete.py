"""Turn 37: POST /api/v1/todos/bulk-delete/ {"ids": [...]} -> {"deleted": n}."""


def test_bulk_delete_removes_the_given_todos(api):
    a, b, c = (api.post("/api/v1/todos/", {"title": t}, format="json").json()["id"] for t in "abc")
    response = api.post("/api/v1/todos/bulk-delete/", {"ids": [a, b]}, format="json")
    assert response.status_code == 200, f"bulk-delete should answer 200, got {response.status_code}"
    assert response.json().get("deleted") == 2, f"deleted should be 2: {response.json()!r}"
    assert api.get(f"/api/v1/todos/{a}/").status_code == 404, "a deleted todo is gone"
    assert api.get(f"/api/v1/todos/{b}/").status_code == 404, "a deleted todo is gone"
    assert api.get(f"/api/v1/todos/{c}/").status_code == 200, "a todo not named stays"


def test_bulk_delete_counts_only_existing(api):
    a = api.post("/api/v1/todos/", {"title": "a"}, format="json").json()["id"]
    response = api.post("/api/v1/todos/bulk-delete/", {"ids": [a, 999999]}, format="json")
    assert response.status_code == 200
    assert response.json().get("deleted") == 1, f"only the existing todo counts: {response.json()!r}"
