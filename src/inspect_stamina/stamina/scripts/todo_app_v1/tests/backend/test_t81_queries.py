"""Turn 81: listing todos with tags and subtasks takes a bounded number of queries (no N+1)."""


def test_list_query_count(api, items, django_assert_max_num_queries):
    for n in range(30):
        todo = api.post("/api/v1/todos/", {"title": f"todo {n}", "tags": ["work", f"t{n % 4}"]}, format="json").json()
        api.post(f"/api/v1/todos/{todo['id']}/subtasks/", {"title": "step"}, format="json")
    with django_assert_max_num_queries(8):
        response = api.get("/api/v1/todos/")
    assert response.status_code == 200
    page = items(response)
    assert len(page) == 20 and all(t["tags"] and t["subtasks_total"] == 1 for t in page), (
        "the list should still carry each todo's tags and subtask counts"
    )


def test_bigger_page_same_bound(api, items, django_assert_max_num_queries):
    for n in range(30):
        todo = api.post("/api/v1/todos/", {"title": f"todo {n}", "tags": [f"t{n % 3}"]}, format="json").json()
        api.post(f"/api/v1/todos/{todo['id']}/subtasks/", {"title": "step"}, format="json")
    with django_assert_max_num_queries(8):
        response = api.get("/api/v1/todos/", {"page_size": 30})
    assert len(items(response)) == 30
