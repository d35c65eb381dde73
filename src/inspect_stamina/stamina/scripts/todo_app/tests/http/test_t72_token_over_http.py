"""Turn 72 (executed): JWT as a real client meets it, over HTTP against gunicorn: sign up,
get tokens, call the API with the Bearer token, refresh; and the shared account northside
of turn 71 cannot be signed in to.
"""


def test_a_client_signs_up_and_works_with_its_token(gunicorn_app, volunteer):
    access = volunteer["access"]
    assert gunicorn_app.get("/api/v1/todos/").status_code in (401, 403), "without a token the list is refused"
    created = gunicorn_app.post("/api/v1/todos/", {"title": "over http"}, token=access)
    assert created.status_code == 201, f"a Bearer token should allow creating, got {created.status_code}"
    listed = gunicorn_app.get("/api/v1/todos/", token=access)
    assert listed.status_code == 200 and b"over http" in listed.content, (
        f"the list with the token shows the new todo: {listed.status_code} {listed.content[:300]!r}"
    )


def test_refresh_over_http(gunicorn_app, volunteer):
    refreshed = gunicorn_app.post("/api/v1/auth/token/refresh/", {"refresh": volunteer["refresh"]})
    assert refreshed.status_code == 200 and (refreshed.json() or {}).get("access"), (
        f"refresh should answer 200 with a new access token: {refreshed.status_code} {refreshed.content[:300]!r}"
    )
    assert gunicorn_app.get("/api/v1/todos/", token=refreshed.json()["access"]).status_code == 200


def test_nobody_signs_in_as_northside(gunicorn_app):
    # the served copy holds the workspace's migrated data; a client tries the obvious guesses
    for password in ("", "northside", "password", "changeme", "12345678"):
        answer = gunicorn_app.post("/api/v1/auth/token/", {"username": "northside", "password": password})
        assert answer.status_code != 200, f'signing in as "northside" with {password!r} should fail'
