"""Turn 35: POST /api/v1/todos/bulk-complete/ {"ids": [...]} -> {"updated": n}."""


def test_bulk_complete_marks_the_given_todos(api):
    a, b, c = (api.post("/api/v1/todos/", {"title": t}, format="json").json()["id"] for t in "abc")
    response = api.post("/api/v1/todos/bulk-complete/", {"ids": [a, c]}, format="json")
    assert response.status_code == 200, f"bulk-complete should answer 200, got {response.status_code}"
    assert response.json().get("updated") == 2, f"updated should be 2: {response.json()!r}"
    done = {i: api.get(f"/api/v1/todos/{i}/").json()["completed"] for i in (a, b, c)}
    assert done == {a: True, b: False, c: True}, f"only the given todos should be completed: {done}"


def test_bulk_complete_with_no_ids(api):
    api.post("/api/v1/todos/", {"title": "untouched"}, format="json")
    response = api.post("/api/v1/todos/bulk-complete/", {"ids": []}, format="json")
    assert response.status_code == 200, f"an empty id list should answer 200, got {response.status_code}"
    assert response.json().get("updated") == 0, f"updated should be 0: {response.json()!r}"
