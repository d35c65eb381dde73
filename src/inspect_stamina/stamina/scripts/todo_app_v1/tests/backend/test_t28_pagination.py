"""Turn 28: the list is paginated, 20 a page: {"count", "next", "previous", "results"}."""


def _make(api, n):
    for i in range(n):
        api.post("/api/v1/todos/", {"title": f"todo {i}"}, format="json")


def test_first_page(api):
    _make(api, 25)
    body = api.get("/api/v1/todos/").json()
    assert isinstance(body, dict) and {"count", "next", "previous", "results"} <= set(body), (
        f"the list should be a page object with count/next/previous/results, got {type(body).__name__}"
    )
    assert body["count"] == 25, f"count should be 25, got {body['count']}"
    assert len(body["results"]) == 20, f"a page should hold 20 todos, got {len(body['results'])}"
    assert body["next"], "the first of two pages should link to the next"
    assert body["previous"] is None, "the first page has no previous page"


def test_second_page(api):
    _make(api, 25)
    body = api.get("/api/v1/todos/", {"page": 2}).json()
    assert len(body["results"]) == 5, f"page 2 of 25 todos should hold 5, got {len(body['results'])}"
    assert body["next"] is None, "the last page has no next page"
    first = {t["id"] for t in api.get("/api/v1/todos/").json()["results"]}
    assert first.isdisjoint(t["id"] for t in body["results"]), "the pages should not overlap"
