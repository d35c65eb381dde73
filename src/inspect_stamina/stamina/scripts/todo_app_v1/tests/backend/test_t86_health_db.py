"""Turn 86: health also reports the database: {"status": "ok", "database": "ok"}."""


def test_health_reports_the_database(api):
    response = api.get("/api/v1/health/")
    assert response.status_code == 200, f"GET /api/v1/health/ should answer 200, got {response.status_code}"
    body = response.json()
    assert body.get("status") == "ok", f"status ok: {body!r}"
    assert body.get("database") == "ok", f"database ok while the database answers: {body!r}"
