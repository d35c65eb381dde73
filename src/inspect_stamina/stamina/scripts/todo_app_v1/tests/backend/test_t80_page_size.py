"""Turn 80: ?page_size=N chooses the page size (at most 100); the default stays 20."""


def _make(api, n):
    for i in range(n):
        api.post("/api/v1/todos/", {"title": f"todo {i}"}, format="json")


def test_page_size_param(api):
    _make(api, 25)
    small = api.get("/api/v1/todos/", {"page_size": 5}).json()
    assert small["count"] == 25 and len(small["results"]) == 5, (
        f"?page_size=5 should give 5 of 25, got {len(small['results'])} of {small['count']}"
    )
    assert small["next"], "more pages follow"
    whole = api.get("/api/v1/todos/", {"page_size": 25}).json()
    assert len(whole["results"]) == 25 and whole["next"] is None, "?page_size=25 should give all 25 on one page"


def test_default_stays_20(api):
    _make(api, 25)
    assert len(api.get("/api/v1/todos/").json()["results"]) == 20, "without page_size a page holds 20"


def test_page_size_is_capped_at_100(api):
    _make(api, 103)
    body = api.get("/api/v1/todos/", {"page_size": 500}).json()
    assert body["count"] == 103
    assert len(body["results"]) == 100, f"?page_size=500 should be capped at 100, got {len(body['results'])}"
