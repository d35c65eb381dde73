"""Turn 15: error bodies {"error": {"code", "message"}}; an unknown todo is TODO_NOT_FOUND."""


def test_unknown_todo_has_the_error_body(api):
    response = api.get("/api/v1/todos/999999/")
    assert response.status_code == 404, f"an unknown todo should answer 404, got {response.status_code}"
    body = response.json()
    assert isinstance(body.get("error"), dict), f'the body should be {{"error": {{...}}}}, got {body!r}'
    assert body["error"].get("code") == "TODO_NOT_FOUND", f"error.code should be TODO_NOT_FOUND: {body!r}"
    message = body["error"].get("message")
    assert isinstance(message, str) and message.strip(), f"error.message should be a non-empty text: {body!r}"


def test_deleted_todo_is_todo_not_found_too(api):
    todo = api.post("/api/v1/todos/", {"title": "short-lived"}, format="json").json()
    api.delete(f"/api/v1/todos/{todo['id']}/")
    response = api.patch(f"/api/v1/todos/{todo['id']}/", {"completed": True}, format="json")
    assert response.status_code == 404, f"patching a deleted todo should answer 404, got {response.status_code}"
    assert response.json().get("error", {}).get("code") == "TODO_NOT_FOUND", f"got {response.json()!r}"
