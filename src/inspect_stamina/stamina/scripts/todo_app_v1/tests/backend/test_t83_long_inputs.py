"""Turn 83: description at most 2000 characters, tag names at most 30 -> else 400 VALIDATION_ERROR."""


def _assert_field_error(response, field):
    assert response.status_code == 400, f"too long a {field} should answer 400, got {response.status_code}"
    error = response.json().get("error", {})
    assert error.get("code") == "VALIDATION_ERROR", f"error.code VALIDATION_ERROR: {response.json()!r}"
    assert field in (error.get("fields") or {}), f"error.fields should name {field}: {error!r}"


def test_description_limit(api, items):
    ok = api.post("/api/v1/todos/", {"title": "ok", "description": "d" * 2000}, format="json")
    assert ok.status_code == 201, f"a 2000-character description is allowed, got {ok.status_code}"
    _assert_field_error(api.post("/api/v1/todos/", {"title": "long", "description": "d" * 2001}, format="json"), "description")
    _assert_field_error(
        api.patch(f"/api/v1/todos/{ok.json()['id']}/", {"description": "d" * 5000}, format="json"), "description"
    )
    assert len(items(api.get("/api/v1/todos/"))) == 1, "only the valid todo was created"


def test_tag_name_limit(api, items):
    ok = api.post("/api/v1/todos/", {"title": "ok", "tags": ["t" * 30]}, format="json")
    assert ok.status_code == 201, f"a 30-character tag name is allowed, got {ok.status_code}"
    _assert_field_error(api.post("/api/v1/todos/", {"title": "long", "tags": ["t" * 31]}, format="json"), "tags")
    _assert_field_error(
        api.patch(f"/api/v1/todos/{ok.json()['id']}/", {"tags": ["short", "x" * 80]}, format="json"), "tags"
    )
    assert api.get(f"/api/v1/todos/{ok.json()['id']}/").json()["tags"] == ["t" * 30], "a refused PATCH changes nothing"
