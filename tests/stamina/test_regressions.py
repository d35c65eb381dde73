"""The regression policy: which earlier passed checkpoints a check run re-runs."""

from __future__ import annotations

import pytest

from inspect_stamina.stamina.loaded_script import Turn, load_script
from inspect_stamina.stamina.regressions import CheckpointLedger, reads_path
from inspect_stamina.stamina.script import Checkpoint, Prompt
from tests.stamina.test_stamina_docker import MINI


def checkpoint(at: int, name: str, reads: list[str] | None = None) -> Checkpoint:
    return Checkpoint(at_turn=at, action="docker_exec", command="true", name=name, reads=reads)


def turn(number: int, *checks: Checkpoint, last: bool = False) -> Turn:
    return Turn(number, "P", Prompt(text="x", kind="feature"), checks, last)


BACKEND = checkpoint(1, "api", ["!frontend/"])
FRONTEND = checkpoint(2, "ui", ["frontend/", "*.json"])
ANYTHING = checkpoint(3, "build")


def ledger_with_all_passed() -> CheckpointLedger:
    ledger = CheckpointLedger("affected")
    for c in (BACKEND, FRONTEND, ANYTHING):
        ledger.passed_now(c)
    return ledger


def test_reads_includes_excludes_and_globs() -> None:
    assert reads_path(BACKEND, "backend/todos/views.py")
    assert reads_path(BACKEND, "README.md")  # only the other half is left out
    assert not reads_path(BACKEND, "frontend/src/App.jsx")
    assert reads_path(FRONTEND, "frontend/src/App.jsx") and reads_path(FRONTEND, "package.json")
    assert not reads_path(FRONTEND, "backend/package.json.bak")
    assert reads_path(ANYTHING, "any/file")


def test_affected_reruns_only_what_the_changes_can_reach() -> None:
    ledger = ledger_with_all_passed()
    ledger.note_changes(["backend/todos/views.py"])
    due = ledger.due_regressions(turn(5, checkpoint(5, "new")), changes_known=True)
    assert [c.label for c in due] == ["api", "build"]
    for c in due:
        ledger.passed_now(c)
    # nothing changed since: nothing is re-run, until the frontend changes
    assert ledger.due_regressions(turn(6, checkpoint(6, "n6")), changes_known=True) == []
    ledger.note_changes(["frontend/src/App.jsx"])
    due = ledger.due_regressions(turn(7, checkpoint(7, "n7")), changes_known=True)
    assert [c.label for c in due] == ["ui", "build"]


def test_every_passed_checkpoint_runs_at_a_phase_end_and_when_changes_are_unknown() -> None:
    ledger = ledger_with_all_passed()
    assert len(ledger.due_regressions(turn(5, last=True), changes_known=True)) == 3
    assert len(ledger.due_regressions(turn(5, checkpoint(5, "n")), changes_known=False)) == 3
    # without checkpoints of its own, a turn that ends no phase runs nothing
    assert ledger.due_regressions(turn(5), changes_known=True) == []


def test_a_regression_leaves_the_passed_set_and_a_replaced_workspace_makes_all_stale() -> None:
    ledger = ledger_with_all_passed()
    ledger.regressed(BACKEND)
    ledger.note_everything_changed()
    due = ledger.due_regressions(turn(5, checkpoint(5, "n")), changes_known=True)
    assert [c.label for c in due] == ["ui", "build"]


@pytest.mark.parametrize(
    ("mode", "checkpoint_turn", "last", "expected"),
    [
        ("all", True, False, 3),
        ("all", False, True, 0),
        ("phase_end", True, False, 0),
        ("phase_end", False, True, 3),
        ("none", True, True, 0),
    ],
)
def test_the_other_modes_ignore_what_changed(
    mode: str, checkpoint_turn: bool, last: bool, expected: int
) -> None:
    ledger = CheckpointLedger(mode)  # type: ignore[arg-type]
    for c in (BACKEND, FRONTEND, ANYTHING):
        ledger.passed_now(c)
    own = (checkpoint(5, "n"),) if checkpoint_turn else ()
    assert len(ledger.due_regressions(turn(5, *own, last=last), changes_known=True)) == expected
    assert not ledger.needs_changes_first(turn(5, *own, last=last))


def test_only_a_script_that_says_what_its_checks_read_lists_changes_first() -> None:
    ledger = CheckpointLedger("affected")
    ledger.passed_now(ANYTHING)
    assert not ledger.needs_changes_first(turn(5, checkpoint(5, "n")))
    ledger.passed_now(BACKEND)
    assert ledger.needs_changes_first(turn(5, checkpoint(5, "n")))
    assert not ledger.needs_changes_first(turn(5, checkpoint(5, "n"), last=True))


@pytest.mark.parametrize("entry", ["/etc/passwd", "../x", "!../x", "!", ""])
def test_reads_outside_the_workspace_is_a_script_error(entry: str) -> None:
    with pytest.raises(ValueError, match="inside the workspace"):
        Checkpoint(at_turn=1, action="docker_exec", command="true", reads=[entry])


def test_the_flagship_says_what_its_checks_read() -> None:
    # every check but the end-to-end one belongs to one half of the project
    from inspect_stamina.stamina.task import resolve_script

    checks = resolve_script("todo_app").checkpoints()
    unscoped = [c.label for c in checks if c.reads is None]
    assert unscoped == ["the built app signs in and works against the real API"]
    assert load_script(MINI).checkpoints()[0].reads is None


def test_the_replay_reads_where_an_ablation_diverges_from_the_baseline() -> None:
    from inspect_stamina.stamina.fairness.replay_sandbox import diverged_paths

    output = (
        "Files /snap/12/backend/todos/views.py and /workspace/backend/todos/views.py differ\n"
        "Only in /snap/12/frontend/src: Table.jsx\n"
        "Only in /workspace: notes.md\n"
        "File /snap/12/run/sock is a socket while file /workspace/run/sock is a regular file\n"
    )
    assert diverged_paths(output, "/snap/12", "/workspace") == [
        "backend/todos/views.py",
        "frontend/src/Table.jsx",
        "notes.md",
        "run/sock",
    ]
    assert diverged_paths("", "/snap/12", "/workspace") == []
    assert diverged_paths("diff: /snap/12/x: Permission denied\n", "/snap/12", "/workspace") is None
