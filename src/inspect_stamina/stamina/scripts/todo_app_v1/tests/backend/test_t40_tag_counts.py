"""Turn 40: GET /api/v1/tags/ -> [{"name", "count"}] sorted by name (not paginated)."""


def test_tags_with_counts_sorted_by_name(api):
    api.post("/api/v1/todos/", {"title": "a", "tags": ["work", "home"]}, format="json")
    api.post("/api/v1/todos/", {"title": "b", "tags": ["work"]}, format="json")
    api.post("/api/v1/todos/", {"title": "c", "tags": ["errands", "work"]}, format="json")
    response = api.get("/api/v1/tags/")
    assert response.status_code == 200, f"GET /api/v1/tags/ should answer 200, got {response.status_code}"
    body = response.json()
    assert isinstance(body, list), f"the tags should be a plain list, not a page: {body!r}"
    got = [(t.get("name"), t.get("count")) for t in body]
    assert got == [("errands", 1), ("home", 1), ("work", 3)], f"tags by name with their todo counts: {got}"


def test_no_tags(api):
    api.post("/api/v1/todos/", {"title": "untagged"}, format="json")
    response = api.get("/api/v1/tags/")
    assert response.status_code == 200 and response.json() == [], f"no tags -> []: {response.content!r}"
