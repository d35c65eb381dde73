"""Turn 60: every todo, in the list and in detail, has subtasks_total and subtasks_done."""


def test_counts_in_detail_and_list(api, items):
    todo = api.post("/api/v1/todos/", {"title": "trip"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/subtasks/"
    api.post(url, {"title": "pack"}, format="json")
    api.post(url, {"title": "book"}, format="json")
    done = api.post(url, {"title": "visa", "done": True}, format="json").json()
    assert done.get("done") is True, f"a subtask created with done=true should be done: {done!r}"
    detail = api.get(f"/api/v1/todos/{todo['id']}/").json()
    assert (detail.get("subtasks_total"), detail.get("subtasks_done")) == (3, 1), (
        f"detail should show 3 subtasks, 1 done: {detail!r}"
    )
    [listed] = [t for t in items(api.get("/api/v1/todos/")) if t["id"] == todo["id"]]
    assert (listed.get("subtasks_total"), listed.get("subtasks_done")) == (3, 1), f"in the list: {listed!r}"


def test_zero_counts(api, items):
    todo = api.post("/api/v1/todos/", {"title": "plain"}, format="json").json()
    assert (todo.get("subtasks_total"), todo.get("subtasks_done")) == (0, 0), f"a new todo: {todo!r}"
    [listed] = items(api.get("/api/v1/todos/"))
    assert (listed.get("subtasks_total"), listed.get("subtasks_done")) == (0, 0), f"in the list: {listed!r}"
