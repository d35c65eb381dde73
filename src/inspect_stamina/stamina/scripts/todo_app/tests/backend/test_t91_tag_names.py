"""Turn 91: tag names that differ only in case or spaces are one tag ("Work ", "work"); which
spelling the one tag keeps is the agent's choice, so names are compared case-folded."""


def test_tag_names_normalised(api):
    todo = api.post("/api/v1/todos/", {"title": "a", "tags": ["Work ", "work", " HOME"]}, format="json").json()
    assert sorted(n.lower() for n in todo["tags"]) == ["home", "work"], f"one tag per name: {todo['tags']}"
    assert all(n == n.strip() for n in todo["tags"]), f"tag names stored trimmed: {todo['tags']}"
    patched = api.patch(f"/api/v1/todos/{todo['id']}/", {"tags": ["  Errands"]}, format="json")
    assert [n.lower() for n in patched.json()["tags"]] == ["errands"], f"on PATCH too: {patched.json()['tags']}"


def test_variants_are_one_tag(api, items):
    a = api.post("/api/v1/todos/", {"title": "a", "tags": ["Work "]}, format="json").json()
    b = api.post("/api/v1/todos/", {"title": "b", "tags": ["work"]}, format="json").json()
    c = api.post("/api/v1/todos/", {"title": "c", "tags": ["WORK"]}, format="json").json()
    tags = [(t["name"].lower(), t["count"]) for t in api.get("/api/v1/tags/").json()]
    assert tags == [("work", 3)], f"'Work ', 'work' and 'WORK' are one tag used 3 times: {tags}"
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"tag": "work"}))}
    assert got == {a["id"], b["id"], c["id"]}, f"?tag=work finds all three: {got}"
