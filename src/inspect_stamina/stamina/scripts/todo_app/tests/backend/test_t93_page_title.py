"""Turn 93 (static): the browser tab of the app (frontend/index.html's title) says "Northside Todos"."""

import os
import re
from pathlib import Path

import pytest

INDEX = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace")) / "frontend" / "index.html"


def test_the_tab_says_northside_todos():
    if not INDEX.is_file():
        pytest.fail("frontend/index.html does not exist", pytrace=False)
    titles = re.findall(r"<title[^>]*>(.*?)</title>", INDEX.read_text(errors="replace"), re.I | re.S)
    assert titles, "frontend/index.html has no <title>"
    assert [t.strip() for t in titles] == ["Northside Todos"], f"the page title should be Northside Todos: {titles!r}"
