"""Turn 13: a todo body with a field the todo does not have is a 400 naming that field."""


def _names(body, field):
    """Whether the body names the field: as a key or in a text, anywhere in it (a field
    map at the top, error.fields from turn 41 on, or a message saying it)."""
    if isinstance(body, dict):
        return any(key == field or _names(value, field) for key, value in body.items())
    if isinstance(body, list):
        return any(_names(item, field) for item in body)
    return isinstance(body, str) and field in body


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
