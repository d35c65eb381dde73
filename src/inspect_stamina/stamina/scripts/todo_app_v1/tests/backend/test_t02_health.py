"""Turn 2: every endpoint lives under /api/v1/; GET /api/v1/health/ answers {"status": "ok"}."""


def test_health_answers_ok_under_the_api_prefix(api):
    response = api.get("/api/v1/health/")
    assert response.status_code == 200, f"GET /api/v1/health/ should answer 200, got {response.status_code}"
    assert response.json().get("status") == "ok", f"health should say status ok, got {response.json()!r}"
