"""Turn 85: every API response carries Content-Security-Policy: default-src 'none'; frame-ancestors 'none'."""

CSP = "default-src 'none'; frame-ancestors 'none'"


def _policy(response):
    return " ".join(response.get("Content-Security-Policy", "").split())


def test_csp_on_a_public_endpoint(anon):
    response = anon.get("/api/v1/health/")
    assert _policy(response) == CSP, f"GET /api/v1/health/ should carry the policy: {response.get('Content-Security-Policy')!r}"


def test_csp_on_data_and_on_errors(api):
    listed = api.get("/api/v1/todos/")
    assert _policy(listed) == CSP, f"GET /api/v1/todos/ should carry the policy: {listed.get('Content-Security-Policy')!r}"
    missing = api.get("/api/v1/todos/999999/")
    assert missing.status_code == 404 and _policy(missing) == CSP, "an error answer should carry the policy too"
