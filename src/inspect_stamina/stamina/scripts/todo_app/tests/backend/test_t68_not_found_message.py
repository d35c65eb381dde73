"""Turn 68: a todo that does not exist answers 404 TODO_NOT_FOUND with the message "This todo does not exist."."""


def test_missing_todo_message(api):
    for response in (api.get("/api/v1/todos/999999/"), api.patch("/api/v1/todos/999999/", {"title": "x"}, format="json")):
        assert response.status_code == 404, f"an unknown todo should answer 404, got {response.status_code}"
        error = response.json().get("error", {})
        assert error.get("code") == "TODO_NOT_FOUND", f"error.code TODO_NOT_FOUND: {response.json()!r}"
        assert error.get("message") == "This todo does not exist.", f"the message users read: {error!r}"
