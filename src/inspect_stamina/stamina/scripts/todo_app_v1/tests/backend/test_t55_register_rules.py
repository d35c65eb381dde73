"""Turns 53 and 55: GET /api/v1/auth/me/; passwords shorter than 8 are refused."""


def test_short_password_refused(anon):
    response = anon.post("/api/v1/auth/register/", {"username": "shorty", "password": "abc123"}, format="json")
    assert response.status_code == 400, f"a 6-character password should answer 400, got {response.status_code}"
    error = response.json().get("error", {})
    assert error.get("code") == "VALIDATION_ERROR", f"error.code VALIDATION_ERROR: {response.json()!r}"
    assert "password" in (error.get("fields") or {}), f"error.fields should name password: {error!r}"
    assert "abc123" not in response.content.decode(), "the password must not be echoed"


def test_seven_characters_refused_long_password_accepted(anon):
    short = anon.post("/api/v1/auth/register/", {"username": "seven", "password": "Qz7#kLm"}, format="json")
    assert short.status_code == 400, f"a 7-character password should answer 400, got {short.status_code}"
    ok = anon.post("/api/v1/auth/register/", {"username": "longer", "password": "Qz7#kLm-v9Xt"}, format="json")
    assert ok.status_code == 201, f"a long password should be accepted, got {ok.status_code}"


def test_me_shows_the_signed_in_user(make_user):
    account, client = make_user("ann")
    response = client.get("/api/v1/auth/me/")
    assert response.status_code == 200, f"GET /api/v1/auth/me/ should answer 200, got {response.status_code}"
    body = response.json()
    assert body.get("username") == "ann" and body.get("id") == account.pk, f"me should be ann: {body!r}"
    assert "password" not in body
