"""Difficulty by phase: files and lines changed per reference, as `validate` reports them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from inspect_stamina.stamina.difficulty import (
    PhaseDifficulty,
    describe_difficulty,
    difficulty_by_phase,
    reference_size,
)
from inspect_stamina.stamina.task import resolve_script

PATCH = """\
--- a/app/models.py
+++ b/app/models.py
@@ -1,2 +1,3 @@
 class Todo:
-    title = None
+    title = ""
+    done = False
--- /dev/null
+++ b/app/views.py
@@ -0,0 +1 @@
+VIEWS = []
"""


def test_a_patch_counts_its_changed_lines_and_files(tmp_path: Path) -> None:
    patch = tmp_path / "turn_02.patch"
    patch.write_text(PATCH)
    size = reference_size(patch)
    assert (size.files, size.lines) == (2, 4)


def test_a_directory_counts_every_file_and_line(tmp_path: Path) -> None:
    root = tmp_path / "turn_01"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("x = 1\ny = 2\n")
    (root / "README.md").write_text("hello\n")
    size = reference_size(root)
    assert (size.files, size.lines) == (2, 3)


def test_a_shell_reference_counts_the_files_it_writes(tmp_path: Path) -> None:
    script = tmp_path / "turn_10.sh"
    script.write_text("set -e\n\ncat > a.txt <<'EOF'\none\nEOF\ncat > b/c.js <<'EOF'\ntwo\nEOF\n")
    size = reference_size(script)
    assert (size.files, size.lines) == (2, 7)


@pytest.fixture(scope="module")
def todo_app_phases() -> list[PhaseDifficulty]:
    return difficulty_by_phase(resolve_script("todo_app"), ("backend", "frontend"))


def test_todo_app_has_five_turns_that_change_backend_and_frontend(
    todo_app_phases: list[PhaseDifficulty],
) -> None:
    spanning = [turn for phase in todo_app_phases for turn in phase.turns_spanning]
    assert len(spanning) >= 5, spanning
    assert all(phase.references > 0 for phase in todo_app_phases)


def test_validate_prints_the_difficulty_of_each_phase(
    todo_app_phases: list[PhaseDifficulty],
) -> None:
    result = subprocess.run(
        ["inspect-stamina", "validate", "todo_app"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    script = resolve_script("todo_app")
    checkpoints = sum(len(turn.checkpoints) for turn in script.turns())
    assert lines[0] == f"todo_app: valid (100 turns, {checkpoints} checkpoints)"
    assert lines[1] == "  " + describe_difficulty(todo_app_phases)
    assert lines[1].startswith(
        "  changed per reference by phase: Project Initialization (turns 1-15) "
    )
    assert "Accounts, Hardening and Deployment (turns 71-100)" in lines[1]
    spanning = [turn for phase in todo_app_phases for turn in phase.turns_spanning]
    assert lines[2] == f"  {len(spanning)} turns change backend and frontend together: {spanning}"
