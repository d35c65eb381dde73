"""Turn 82: ?search= also matches tag names; hostile query strings never crash and match nothing."""

import pytest

HOSTILE = [
    "' OR '1'='1",
    "%' OR 1=1 --",
    '" OR ""="',
    "1; DROP TABLE todos_todo; --",
    "') UNION SELECT username, password FROM auth_user --",
]


def test_search_matches_tag_names(api, items):
    tagged = api.post("/api/v1/todos/", {"title": "Ring Sam", "tags": ["birthday"]}, format="json").json()
    titled = api.post("/api/v1/todos/", {"title": "Birthday cake"}, format="json").json()
    api.post("/api/v1/todos/", {"title": "Taxes", "tags": ["money"]}, format="json")
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"search": "birthday"}))}
    assert got == {tagged["id"], titled["id"]}, f"?search=birthday should match the tag and the title, got {got}"


def test_search_by_tag_lists_each_todo_once(api, items):
    api.post("/api/v1/todos/", {"title": "gift list", "tags": ["gift", "gifts"]}, format="json")
    got = items(api.get("/api/v1/todos/", {"search": "gift"}))
    assert len(got) == 1, f"a todo matching in title and two tags is listed once, got {len(got)}"


@pytest.mark.parametrize("param", ["search", "tag", "priority"])
def test_hostile_filters_match_nothing(api, items, param):
    api.post("/api/v1/todos/", {"title": "ordinary", "tags": ["work"]}, format="json")
    for value in HOSTILE:
        response = api.get("/api/v1/todos/", {param: value})
        assert response.status_code < 500, f"?{param}={value!r} crashed with {response.status_code}"
        if response.status_code == 200:
            assert items(response) == [], f"?{param}={value!r} should match nothing"
    assert len(items(api.get("/api/v1/todos/"))) == 1, "the todos are still there"


def test_hostile_ordering_does_not_crash(api, items):
    api.post("/api/v1/todos/", {"title": "ordinary"}, format="json")
    for value in HOSTILE + ["title; DROP TABLE todos_todo", "-id,(select 1)"]:
        response = api.get("/api/v1/todos/", {"ordering": value})
        assert response.status_code < 500, f"?ordering={value!r} crashed with {response.status_code}"
    assert len(items(api.get("/api/v1/todos/"))) == 1, "the todos are still there"
