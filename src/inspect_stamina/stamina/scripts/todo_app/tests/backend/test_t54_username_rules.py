"""Turn 54: usernames are 3 to 30 letters, digits or underscores; others are a validation error naming username."""

import pytest


def _register(anon, username):
    return anon.post("/api/v1/auth/register/", {"username": username, "password": "long-enough-pw"}, format="json")


@pytest.mark.parametrize("username", ["has space", "ab", "dash-name", "x" * 31, "mail@me"])
def test_bad_usernames_refused(anon, username):
    response = _register(anon, username)
    assert response.status_code == 400, f"registering {username!r} should answer 400, got {response.status_code}"
    error = response.json().get("error", {})
    assert error.get("code") == "VALIDATION_ERROR" and "username" in error.get("fields", {}), (
        f"a validation error naming username: {response.json()!r}"
    )


@pytest.mark.parametrize("username", ["abc", "good_name1", "X" * 30])
def test_good_usernames_accepted(anon, username):
    response = _register(anon, username)
    assert response.status_code == 201, f"registering {username!r} should answer 201, got {response.status_code}: {response.content!r}"
