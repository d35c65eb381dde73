"""Turn 88: POST /api/v1/todos/<id>/archive/; the list hides archived todos unless ?archived=true."""


def test_archive_hides_from_the_list(api, items):
    keep = api.post("/api/v1/todos/", {"title": "keep"}, format="json").json()
    old = api.post("/api/v1/todos/", {"title": "old"}, format="json").json()
    assert keep.get("archived") is False, f"a new todo is not archived: {keep!r}"
    response = api.post(f"/api/v1/todos/{old['id']}/archive/")
    assert response.status_code == 200, f"archiving should answer 200, got {response.status_code}"
    listed = [t["id"] for t in items(api.get("/api/v1/todos/"))]
    assert listed == [keep["id"]], f"the list should hide the archived todo: {listed}"


def test_archived_true_lists_only_archived(api, items):
    api.post("/api/v1/todos/", {"title": "keep"}, format="json")
    old = api.post("/api/v1/todos/", {"title": "old"}, format="json").json()
    api.post(f"/api/v1/todos/{old['id']}/archive/")
    archived = items(api.get("/api/v1/todos/", {"archived": "true"}))
    assert [t["id"] for t in archived] == [old["id"]], f"?archived=true lists only archived: {archived!r}"
    assert archived[0]["archived"] is True, "an archived todo says archived: true"


def test_archive_unknown_todo_is_404(api):
    assert api.post("/api/v1/todos/999999/archive/").status_code == 404, "archiving an unknown todo -> 404"
