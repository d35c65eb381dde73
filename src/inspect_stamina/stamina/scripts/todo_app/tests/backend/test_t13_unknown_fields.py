"""Turn 13: a todo body with a field the todo does not have is a 400 naming that field."""


def _names(body, field):
    # the field is named in the body: at the top (DRF's shape) or under error.fields (turn 15 on)
    error = body.get("error") if isinstance(body, dict) else None
    fields = error.get("fields", {}) if isinstance(error, dict) else body
    return isinstance(fields, dict) and field in fields


def test_unknown_field_on_create(api):
    response = api.post("/api/v1/todos/", {"title": "paint", "colour": "red"}, format="json")
    assert response.status_code == 400, f"an unknown field should answer 400, got {response.status_code}"
    assert _names(response.json(), "colour"), f"the error should name colour: {response.json()!r}"


def test_unknown_field_on_update(api):
    todo = api.post("/api/v1/todos/", {"title": "paint"}, format="json").json()
    response = api.patch(f"/api/v1/todos/{todo['id']}/", {"colour": "blue"}, format="json")
    assert response.status_code == 400, f"an unknown field should answer 400, got {response.status_code}"
    assert _names(response.json(), "colour"), f"the error should name colour: {response.json()!r}"


def test_known_fields_still_work(api):
    response = api.post("/api/v1/todos/", {"title": "paint", "description": "the fence"}, format="json")
    assert response.status_code == 201, f"known fields: {response.status_code} {response.content!r}"
