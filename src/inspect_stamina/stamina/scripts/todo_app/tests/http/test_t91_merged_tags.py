"""Turn 91 (data): the tags the pantry team typed in before turn 91 ("Work", "work", "WORK",
"Home", "home") are one tag per name after the agent's migrations, and no todo lost one.

The turn's setup signed up "pantry" and made its todos through the API with the agent's
turn-90 code. The migrated copy of the workspace's database (conftest.py) is served under
gunicorn and asked over HTTP as that account, as the app would ask it.
"""

import pytest

PANTRY = {"username": "pantry", "password": "pantry-shelves-2025"}
# each todo the setup made, with its tag names once merged
TAGGED = {
    "Rota for the Monday shift": {"work"},
    "Email the council about parking": {"work", "home"},
    "Count the volunteer hours": {"work"},
    "Water the plants in the hall": {"home"},
}


@pytest.fixture(scope="module")
def pantry(gunicorn_app):
    answer = gunicorn_app.post("/api/v1/auth/token/", PANTRY)
    if answer.status_code != 200:
        pytest.fail(
            f'the pantry team\'s account (made before turn 91) cannot sign in: {answer.status_code} '
            f"{answer.content[:300]!r}",
            pytrace=False,
        )
    return answer.json()["access"]


def _fold(name):
    return name.strip().lower()


def test_each_name_is_one_tag(gunicorn_app, pantry):
    answer = gunicorn_app.get("/api/v1/tags/", token=pantry)
    assert answer.status_code == 200 and isinstance(answer.json(), list), (
        f"GET /api/v1/tags/ should list the tags: {answer.status_code} {answer.content[:300]!r}"
    )
    used = [(t.get("name", ""), t.get("count")) for t in answer.json() if t.get("count")]
    for name, count in (("work", 3), ("home", 2)):
        same = [(n, c) for n, c in used if _fold(n) == name]
        assert len(same) == 1, f"the pantry's {name!r} tags should be one tag, not {same}"
        assert same[0][1] == count, f"{name!r} is used by {count} of the pantry's todos, not {same[0][1]}"


def test_no_todo_lost_a_tag(gunicorn_app, pantry):
    answer = gunicorn_app.get("/api/v1/todos/?page_size=100", token=pantry)
    assert answer.status_code == 200, f"the pantry's list: {answer.status_code} {answer.content[:300]!r}"
    todos = {t.get("title"): t for t in (answer.json() or {}).get("results", [])}
    missing = [title for title in TAGGED if title not in todos]
    assert not missing, f"the pantry's todos are gone: {missing}"
    for title, names in TAGGED.items():
        got = {_fold(n) for n in todos[title].get("tags", [])}
        assert got == names, f"{title!r} should keep its tags {sorted(names)}, has {todos[title].get('tags')}"
