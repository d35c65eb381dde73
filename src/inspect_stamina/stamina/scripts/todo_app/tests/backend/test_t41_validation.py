"""Turn 41: validation errors are 400 {"error": {"code": "VALIDATION_ERROR", "message", "fields"}};
an unknown field (turn 13) is one too."""


def _check(response, field):
    assert response.status_code == 400, f"invalid input should answer 400, got {response.status_code}"
    error = response.json().get("error")
    assert isinstance(error, dict), f'the body should be {{"error": {{...}}}}: {response.json()!r}'
    assert error.get("code") == "VALIDATION_ERROR", f"error.code should be VALIDATION_ERROR: {error!r}"
    assert isinstance(error.get("message"), str) and error["message"], f"error.message is a text: {error!r}"
    fields = error.get("fields")
    assert isinstance(fields, dict) and field in fields, f"error.fields should name {field!r}: {error!r}"
    messages = fields[field]
    assert isinstance(messages, list) and messages and all(isinstance(m, str) for m in messages), (
        f"error.fields.{field} should be a list of messages: {messages!r}"
    )


def test_missing_title(api):
    _check(api.post("/api/v1/todos/", {"description": "no title"}, format="json"), "title")


def test_bad_priority(api):
    _check(api.post("/api/v1/todos/", {"title": "x", "priority": "urgent"}, format="json"), "priority")


def test_bad_priority_on_patch(api):
    todo = api.post("/api/v1/todos/", {"title": "x"}, format="json").json()
    _check(api.patch(f"/api/v1/todos/{todo['id']}/", {"priority": "critical"}, format="json"), "priority")


def test_unknown_field(api):
    _check(api.post("/api/v1/todos/", {"title": "x", "colour": "red"}, format="json"), "colour")
