"""Turn 74: stats and /api/v1/tags/ count only the signed-in account's todos."""


def test_stats_count_only_own_todos(make_user):
    _, ann = make_user("ann")
    _, bob = make_user("bob")
    for title in ("a1", "a2", "a3"):
        ann.post("/api/v1/todos/", {"title": title, "priority": "high"}, format="json")
    bob.post("/api/v1/todos/", {"title": "b1", "priority": "low"}, format="json")
    stats = bob.get("/api/v1/todos/stats/").json()
    assert (stats.get("total"), stats.get("open")) == (1, 1), f"bob's stats count only his todo: {stats!r}"
    assert stats.get("by_priority", {}).get("high") == 0, f"ann's high todos are not bob's: {stats!r}"
    assert ann.get("/api/v1/todos/stats/").json().get("total") == 3, "ann's stats count her 3 todos"


def test_tag_counts_only_own_todos(make_user):
    _, ann = make_user("ann")
    _, bob = make_user("bob")
    ann.post("/api/v1/todos/", {"title": "a1", "tags": ["work", "secret"]}, format="json")
    ann.post("/api/v1/todos/", {"title": "a2", "tags": ["work"]}, format="json")
    bob.post("/api/v1/todos/", {"title": "b1", "tags": ["work"]}, format="json")
    bob_tags = {t["name"]: t["count"] for t in bob.get("/api/v1/tags/").json()}
    assert bob_tags.get("work") == 1, f"bob has one todo tagged work: {bob_tags}"
    assert bob_tags.get("secret", 0) == 0, f"ann's tag 'secret' counts nothing for bob: {bob_tags}"
    ann_tags = {t["name"]: t["count"] for t in ann.get("/api/v1/tags/").json()}
    assert ann_tags.get("work") == 2 and ann_tags.get("secret") == 1, f"ann's own counts: {ann_tags}"
