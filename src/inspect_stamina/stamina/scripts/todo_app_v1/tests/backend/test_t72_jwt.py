"""Turn 72: JWT: /api/v1/auth/token/ and /api/v1/auth/token/refresh/; Bearer tokens work."""

from rest_framework.test import APIClient


def _tokens(anon, name="ann"):
    response = anon.post("/api/v1/auth/token/", {"username": name, "password": "pw-" + name}, format="json")
    assert response.status_code == 200, f"POST /api/v1/auth/token/ should answer 200, got {response.status_code}"
    body = response.json()
    assert body.get("access") and body.get("refresh"), f"the answer should carry access and refresh: {body!r}"
    return body


def test_bearer_token_signs_in(make_user, anon):
    make_user("ann")
    access = _tokens(anon)["access"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {access}")
    created = client.post("/api/v1/todos/", {"title": "via jwt"}, format="json")
    assert created.status_code == 201, f"a Bearer token should allow creating, got {created.status_code}"
    listed = client.get("/api/v1/todos/")
    assert listed.status_code == 200, f"a Bearer token should allow listing, got {listed.status_code}"
    me = client.get("/api/v1/auth/me/")
    assert me.status_code == 200 and me.json().get("username") == "ann", f"me with the token: {me.content!r}"


def test_refresh_gives_a_working_access_token(make_user, anon):
    make_user("ann")
    refresh = _tokens(anon)["refresh"]
    response = anon.post("/api/v1/auth/token/refresh/", {"refresh": refresh}, format="json")
    assert response.status_code == 200, f"refresh should answer 200, got {response.status_code}"
    access = response.json().get("access")
    assert access, f"refresh should give a new access token: {response.json()!r}"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {access}")
    assert client.get("/api/v1/todos/").status_code == 200, "the refreshed token should work"


def test_wrong_password_and_bad_token_refused(make_user, anon):
    make_user("ann")
    wrong = anon.post("/api/v1/auth/token/", {"username": "ann", "password": "nope-nope"}, format="json")
    assert wrong.status_code in (400, 401), f"a wrong password gets no token, got {wrong.status_code}"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer not-a-real-token")
    assert client.get("/api/v1/todos/").status_code in (401, 403), "a forged token is refused"
