"""Turn 75: not signed in -> 401 {"error": {"code": "AUTH_REQUIRED", "message"}}."""


def test_unauthenticated_is_auth_required(anon):
    for url in ("/api/v1/todos/", "/api/v1/todos/stats/", "/api/v1/auth/me/"):
        response = anon.get(url)
        assert response.status_code == 401, f"GET {url} without signing in should answer 401, got {response.status_code}"
        error = response.json().get("error", {})
        assert error.get("code") == "AUTH_REQUIRED", f"error.code should be AUTH_REQUIRED for {url}: {response.json()!r}"
        assert isinstance(error.get("message"), str) and error["message"], f"a message: {error!r}"


def test_unauthenticated_write_is_auth_required(anon):
    response = anon.post("/api/v1/todos/", {"title": "x"}, format="json")
    assert response.status_code == 401, f"POST without signing in should answer 401, got {response.status_code}"
    assert response.json().get("error", {}).get("code") == "AUTH_REQUIRED", f"{response.json()!r}"
