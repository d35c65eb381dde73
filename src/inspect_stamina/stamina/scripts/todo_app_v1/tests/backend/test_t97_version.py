"""Turn 97: GET /api/v1/version/ -> {"version": "1.0.0"}, no sign-in needed."""


def test_version_without_signing_in(anon):
    response = anon.get("/api/v1/version/")
    assert response.status_code == 200, f"GET /api/v1/version/ (not signed in) should answer 200, got {response.status_code}"
    assert response.json().get("version") == "1.0.0", f"version 1.0.0: {response.json()!r}"


def test_version_signed_in_too(api):
    response = api.get("/api/v1/version/")
    assert response.status_code == 200 and response.json().get("version") == "1.0.0"
