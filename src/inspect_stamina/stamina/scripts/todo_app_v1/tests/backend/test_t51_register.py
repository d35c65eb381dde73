"""Turn 51: POST /api/v1/auth/register/ {"username", "password"} -> 201 {"id", "username"}."""

PASSWORD = "Corr3ct-horse-battery"


def test_register_creates_an_account(anon):
    response = anon.post("/api/v1/auth/register/", {"username": "newbie", "password": PASSWORD}, format="json")
    assert response.status_code == 201, f"registering (not signed in) should answer 201, got {response.status_code}"
    body = response.json()
    assert body.get("username") == "newbie" and isinstance(body.get("id"), int), f"id and username: {body!r}"
    assert "password" not in body, f"the answer must never carry the password: {body!r}"
    assert PASSWORD not in response.content.decode(), "the password must not appear in the answer"


def test_registered_account_can_sign_in(anon):
    from rest_framework.test import APIClient

    anon.post("/api/v1/auth/register/", {"username": "newbie", "password": PASSWORD}, format="json")
    assert APIClient().login(username="newbie", password=PASSWORD), (
        "the registered account should sign in with its password (stored hashed, not verbatim)"
    )


def test_taken_username_is_a_validation_error(anon):
    first = anon.post("/api/v1/auth/register/", {"username": "dup", "password": PASSWORD}, format="json")
    assert first.status_code == 201
    again = anon.post("/api/v1/auth/register/", {"username": "dup", "password": PASSWORD + "x"}, format="json")
    assert again.status_code == 400, f"a taken username should answer 400, got {again.status_code}"
    error = again.json().get("error", {})
    assert error.get("code") == "VALIDATION_ERROR", f"error.code VALIDATION_ERROR: {again.json()!r}"
    assert "username" in (error.get("fields") or {}), f"error.fields should name username: {error!r}"
