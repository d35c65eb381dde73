"""Turn 98: GET /api/v1/auth/me/ also answers date_joined, an ISO 8601 date and time."""

from datetime import datetime


def test_me_has_date_joined(make_user):
    account, client = make_user("joiner")
    response = client.get("/api/v1/auth/me/")
    assert response.status_code == 200, f"GET /api/v1/auth/me/ should answer 200, got {response.status_code}"
    body = response.json()
    assert body.get("username") == "joiner", f"me still names the user: {body!r}"
    joined = body.get("date_joined")
    assert isinstance(joined, str), f"date_joined should be a text in ISO 8601: {body!r}"
    parsed = datetime.fromisoformat(joined.replace("Z", "+00:00"))
    assert abs((parsed - account.date_joined).total_seconds()) < 1, f"date_joined {joined} is not when {account.date_joined}"
    assert not any("password" in key for key in body), f"me never shows the password: {body!r}"
