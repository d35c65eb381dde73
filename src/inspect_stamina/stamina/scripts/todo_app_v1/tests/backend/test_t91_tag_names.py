"""Turn 91: tag names are stored trimmed and lowercase, so "Work " and "work" are one tag."""


def test_tag_names_normalised(api):
    todo = api.post("/api/v1/todos/", {"title": "a", "tags": ["Work ", " HOME"]}, format="json").json()
    assert sorted(todo["tags"]) == ["home", "work"], f"tag names stored trimmed and lowercase: {todo['tags']}"
    patched = api.patch(f"/api/v1/todos/{todo['id']}/", {"tags": ["  Errands"]}, format="json")
    assert patched.json()["tags"] == ["errands"], f"on PATCH too: {patched.json()['tags']}"


def test_variants_are_one_tag(api, items):
    a = api.post("/api/v1/todos/", {"title": "a", "tags": ["Work "]}, format="json").json()
    b = api.post("/api/v1/todos/", {"title": "b", "tags": ["work"]}, format="json").json()
    c = api.post("/api/v1/todos/", {"title": "c", "tags": ["WORK"]}, format="json").json()
    tags = [(t["name"], t["count"]) for t in api.get("/api/v1/tags/").json()]
    assert tags == [("work", 3)], f"'Work ', 'work' and 'WORK' are one tag 'work' used 3 times: {tags}"
    got = {t["id"] for t in items(api.get("/api/v1/todos/", {"tag": "work"}))}
    assert got == {a["id"], b["id"], c["id"]}, f"?tag=work finds all three: {got}"
