"""Turn 60: PATCH /api/v1/todos/<id>/subtasks/<subtask_id>/ with {"done": ...} ticks a subtask
off (or reopens it), and the todo's subtasks_done follows; a subtask is found only under
its own todo."""


def test_a_subtask_is_ticked_off_and_reopened(api):
    todo = api.post("/api/v1/todos/", {"title": "trip"}, format="json").json()
    url = f"/api/v1/todos/{todo['id']}/subtasks/"
    sub = api.post(url, {"title": "pack"}, format="json").json()
    ticked = api.patch(f"{url}{sub['id']}/", {"done": True}, format="json")
    assert ticked.status_code == 200, f"PATCH {url}{sub['id']}/ should answer 200, got {ticked.status_code}"
    assert ticked.json().get("done") is True, f"the subtask is done: {ticked.json()!r}"
    detail = api.get(f"/api/v1/todos/{todo['id']}/").json()
    assert detail.get("subtasks_done") == 1, f"the todo counts it as done: {detail!r}"
    reopened = api.patch(f"{url}{sub['id']}/", {"done": False}, format="json")
    assert reopened.status_code == 200 and reopened.json().get("done") is False, (
        f"done=false reopens it: {reopened.status_code} {reopened.content[:200]!r}"
    )


def test_a_subtask_is_not_found_under_another_todo(api):
    a = api.post("/api/v1/todos/", {"title": "a"}, format="json").json()
    b = api.post("/api/v1/todos/", {"title": "b"}, format="json").json()
    sub = api.post(f"/api/v1/todos/{a['id']}/subtasks/", {"title": "only on a"}, format="json").json()
    wrong = api.patch(f"/api/v1/todos/{b['id']}/subtasks/{sub['id']}/", {"done": True}, format="json")
    assert wrong.status_code == 404, f"a's subtask under b is not found, got {wrong.status_code}"
