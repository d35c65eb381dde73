"""The flagship tried as a new user would: an agent that follows every prompt but names
what the prompts leave free in its own way passes every checkpoint (issue 22).

The oracle replays the flagship's references with every function, class, component
helper and constant that no prompt, test or acceptance test names renamed throughout.
Every checkpoint runs at its own turn and every passed one again at the end of each
phase (the default regression runs).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from inspect_stamina.stamina.task import resolve_script
from tests.helpers import oracle_scores_cli

# names the references choose where nothing the agent is told names a thing: service
# functions, view and serializer classes, admin classes, a data migration's function,
# the client's helpers, components' handlers and constants (framework hooks such as
# get_queryset, perform_create, validate_<field> or a method field's get_<field> are named
# by Django and DRF, not here)
FREE_NAMES = (
    "bulk_delete",
    "get_todo",
    "create_todo",
    "archive_todo",
    "_set_tags",
    "username_taken",
    "toggle",
    "todo_stats",
    "todayIso",
    "toQueryString",
    "stopEditing",
    "selectedIds",
    "rowClass",
    "register_user",
    "percent",
    "parse_flag",
    "merge_duplicate_tags",
    "loadTodos",
    "loadSubtasks",
    "isOverdue",
    "handleSignOut",
    "give_existing_todos_to_northside",
    "filterBy",
    "doneLabel",
    "dayOf",
    "clearFilters",
    "changePassword",
    "api_not_found",
    "add_subtask",
    "_bulk_ids",
    "UserSerializer",
    "SubtaskSerializer",
    "RegisterSerializer",
    "MeSerializer",
    "TodoAdmin",
    "TagAdmin",
    "TOKEN_KEY",
    "REFRESH_KEY",
    "DESCRIPTION_LIMIT",
    "ApiContentSecurityPolicy",
    "RejectUnknownFields",
    "SubtaskListCreateView",
    "SubtaskDetailView",
)


def own_name(name: str) -> str:
    """The agent's own name for one of the references' free names, in the same style."""
    if name.isupper():
        return "OWN_" + name
    if name[0].isupper():
        return "Own" + name
    if name.startswith("_"):
        return "_own" + name
    if "_" in name or name.islower():
        return "own_" + name
    return "own" + name[0].upper() + name[1:]


def _mentions(root: Path, pattern: re.Pattern[str]) -> list[str]:
    """Where under root (the script, its tests and acceptance tests) a name occurs."""
    found = []
    for path in [
        root / "script.yaml",
        *(root / "tests").rglob("*"),
        *(root / "acceptance").rglob("*"),
    ]:
        if path.is_file() and (match := pattern.search(path.read_text(errors="replace"))):
            found.append(f"{path.relative_to(root)}: {match.group(0)}")
    return found


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.usefixtures("docker_engine")
def test_an_agent_naming_things_its_own_way_passes_the_flagship(tmp_path: Path) -> None:
    root = tmp_path / "todo_app"
    shutil.copytree(resolve_script("todo_app").directory, root)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, FREE_NAMES)) + r")\b")
    # a name some prompt or check states is not the agent's to choose
    assert _mentions(root, pattern) == []
    renamed = 0
    for path in (root / "references").rglob("*"):
        if path.is_file():
            text, count = pattern.subn(lambda m: own_name(m.group(1)), path.read_text())
            path.write_text(text)
            renamed += count
    assert renamed > 300
    values = oracle_scores_cli(root / "script.yaml", tmp_path / "logs")
    assert values["solved"] == 1.0, values
    assert values["stamina"] == 100.0 and values["regressions"] == 0.0, values
