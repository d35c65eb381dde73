"""Turn 48: a yes/no list parameter with another value is a 400 validation error naming it."""

import pytest


@pytest.mark.parametrize("query", ["completed=maybe", "overdue=later"])
def test_bad_flag_is_a_validation_error(api, query):
    response = api.get(f"/api/v1/todos/?{query}")
    name = query.split("=")[0]
    assert response.status_code == 400, f"?{query} should answer 400, got {response.status_code}"
    error = response.json().get("error", {})
    assert error.get("code") == "VALIDATION_ERROR", f"error.code VALIDATION_ERROR: {response.json()!r}"
    assert name in error.get("fields", {}), f"the error should name {name} in its fields: {error!r}"


def test_good_flags_still_filter(api, items):
    done = api.post("/api/v1/todos/", {"title": "done"}, format="json").json()
    api.patch(f"/api/v1/todos/{done['id']}/", {"completed": True}, format="json")
    api.post("/api/v1/todos/", {"title": "open"}, format="json")
    for value, titles in [("true", ["done"]), ("false", ["open"]), ("1", ["done"]), ("no", ["open"])]:
        got = [t["title"] for t in items(api.get(f"/api/v1/todos/?completed={value}"))]
        assert got == titles, f"?completed={value}: {got}"
