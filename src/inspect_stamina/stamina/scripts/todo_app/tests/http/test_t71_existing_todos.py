"""Turn 71 (data): the volunteers' todos, planted in backend/db.sqlite3 before turn 9, survive
every migration since, and the accounts migration gives them to the account "northside".

The database is the workspace's own, as the agent kept it: a copy is migrated (as the
runner, with the agent's manage.py; conftest.py) and then read as data, never through the
agent's code.
"""

import sqlite3
from pathlib import Path

import pytest

# the todos turn 9's setup typed in (title, completed)
PLANTED = [
    ("Sort the tinned food donations", True),
    ("Call the bakery about Friday bread", False),
    ("Fix the sign-in sheet clipboard", True),
    ("Order more paper bags", False),
    ("Plan the Saturday rota", False),
    ("Thank-you cards for the school drive", True),
    ("Check the fridge temperature log", False),
]


def _columns(db, table):
    return [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]


@pytest.fixture
def migrated(migrated_backend):
    """The migrated copy's database (conftest.py), open read-only."""
    path = Path(migrated_backend) / "db.sqlite3"
    if not path.is_file():
        pytest.fail("backend/db.sqlite3, with the volunteers' todos, is gone", pytrace=False)
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    # the file is the agent's: its schema's triggers and views run no functions here
    db.execute("PRAGMA trusted_schema = OFF")
    try:
        yield db
    finally:
        db.close()


def _todo_table(db):
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    found = [t for t in tables if {"title", "completed"} <= set(_columns(db, t))]
    if not found:
        pytest.fail(f"no table with todos' title and completed in backend/db.sqlite3: {tables}", pytrace=False)
    return "todos_todo" if "todos_todo" in found else found[0]


def test_the_volunteers_todos_survive_every_migration(migrated):
    table = _todo_table(migrated)
    rows = dict(migrated.execute(f'SELECT title, completed FROM "{table}"').fetchall())
    missing = [title for title, _ in PLANTED if title not in rows]
    assert not missing, f"todos typed in before turn 9 are gone from backend/db.sqlite3: {missing}"
    changed = [title for title, done in PLANTED if bool(rows[title]) != done]
    assert not changed, f"these todos lost their completed flag: {changed}"


def test_the_existing_todos_belong_to_northside(migrated):
    table = _todo_table(migrated)
    owners = [
        (fk[3], fk[2], fk[4])
        for fk in migrated.execute(f'PRAGMA foreign_key_list("{table}")')
        if "username" in _columns(migrated, fk[2])
    ]
    assert owners, "todos have no owner column pointing at the accounts"
    column, users, key = owners[0]
    titles = [title for title, _ in PLANTED]
    marks = ", ".join("?" * len(titles))
    found = migrated.execute(
        f'SELECT t.title, u.username FROM "{table}" t LEFT JOIN "{users}" u ON t."{column}" = u."{key}" '
        f"WHERE t.title IN ({marks})",
        titles,
    ).fetchall()
    wrong = [(title, owner) for title, owner in found if owner != "northside"]
    assert found and not wrong, f'the existing todos should belong to "northside": {wrong or found}'

