"""Turn 86: POST /api/v1/auth/password/ changes the signed-in user's password (204); a wrong
old_password or a new_password under 8 characters is a validation error naming the field."""

from rest_framework.test import APIClient

URL = "/api/v1/auth/password/"


def _fields(response):
    return (response.json().get("error") or {}).get("fields") or {}


def _signs_in(username, password):
    answer = APIClient().post(
        "/api/v1/auth/token/", {"username": username, "password": password}, format="json"
    )
    return answer.status_code == 200


def test_the_new_password_signs_in_and_the_old_one_no_longer_does(make_user):
    _, client = make_user("changer")
    response = client.post(
        URL, {"old_password": "pw-changer", "new_password": "pantry-door-42"}, format="json"
    )
    assert response.status_code in (200, 204), f"changing the password should answer 204, got {response.status_code}: {response.content!r}"
    assert _signs_in("changer", "pantry-door-42"), "the new password should sign in"
    assert not _signs_in("changer", "pw-changer"), "the old password should no longer sign in"


def test_a_wrong_current_password_changes_nothing(make_user):
    _, client = make_user("guesser")
    response = client.post(
        URL, {"old_password": "not-my-password", "new_password": "pantry-door-42"}, format="json"
    )
    assert response.status_code == 400, f"a wrong old_password should be a 400, got {response.status_code}"
    assert "old_password" in _fields(response), f"the error should name old_password: {response.content!r}"
    assert _signs_in("guesser", "pw-guesser"), "the password should be unchanged"


def test_a_short_new_password_is_refused(make_user):
    _, client = make_user("shorty")
    response = client.post(URL, {"old_password": "pw-shorty", "new_password": "seven77"}, format="json")
    assert response.status_code == 400, f"a 7-character password should be a 400, got {response.status_code}"
    assert "new_password" in _fields(response), f"the error should name new_password: {response.content!r}"
    assert _signs_in("shorty", "pw-shorty"), "the password should be unchanged"


def test_signed_out_nobody_changes_a_password(db):
    response = APIClient().post(URL, {"old_password": "x", "new_password": "pantry-door-42"}, format="json")
    assert response.status_code in (401, 403), f"signed out should be refused, got {response.status_code}"
