"""Turn ablation and bug truthfulness, replayed in the real Docker sandbox."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
import yaml

from inspect_stamina.stamina.fairness.replay import replay_instruments
from inspect_stamina.stamina.fairness.replay_plan import due_checks, in_force, work_turns
from inspect_stamina.stamina.fairness.replay_verdicts import ABLATION, BUG_TRUTHFULNESS
from inspect_stamina.stamina.loaded_script import load_script

MINI = Path(__file__).parent / "fixtures" / "mini" / "script.yaml"


def _check(turn: int, command: str, expected: str, **more: object) -> dict[str, object]:
    return {
        "at_turn": turn,
        "action": "docker_exec",
        "command": command,
        "expected": expected,
        "timeout": 60,
        **more,
    }


def _one_phase(
    tmp_path: Path,
    name: str,
    prompts: Sequence[Mapping[str, object]],
    checks: Sequence[Mapping[str, object]],
) -> Path:
    """Write a one-phase script of these prompts and checkpoints; its path."""
    script = {
        "task_name": name,
        "total_turns": len(prompts),
        "programming_languages": ["python"],
        "narrative_script": [
            {
                "turn_range": [1, len(prompts)],
                "phase": "All",
                "user_prompts": list(prompts),
                "evaluation_checkpoints": list(checks),
            }
        ],
        "final_evaluation": [{"run_acceptance_tests": "acceptance/"}],
    }
    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump(script, sort_keys=False))
    return path


A_IS_ONE = "python -c 'import m; print(m.a())'"
WRITES_A = "mkdir -p m\nprintf 'def a():\\n    return 1\\n' > m/__init__.py\n"
ACCEPTS_A = "import m\n\n\ndef test_a():\n    assert m.a() == 1\n"


def _write(root: Path, files: Mapping[str, str]) -> None:
    """Write each file (a path under root: its text), its folders made as needed."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


# rejected already at turn 1: the turn 3 bug is no bug at all
REJECTS = "python -c 'import m\ntry:\n    m.b(-1)\nexcept ValueError:\n    print(\"rejected\")'"


@pytest.fixture
def uneven(tmp_path: Path) -> Path:
    """Seven turns: turn 2 is checked by nothing; the bug at turn 3 is already fixed
    before it; the bug at turn 4 is planted by its setup; turn 5 is caught only because
    turn 6's patch needs it, turn 7 only by the acceptance tests."""
    refs = tmp_path / "references"
    refs.mkdir()
    scripts = {
        "turn_01.sh": "mkdir -p m\nprintf 'def a():\\n    return 1\\n\\n\\ndef b(x):\\n"
        "    if x < 0:\\n        raise ValueError(x)\\n    return x\\n' > m/__init__.py\n",
        "turn_02.sh": "echo 'NOTE = \"nobody reads this\"' > m/notes.py\n",
        "turn_03.sh": "echo '# b() rejects negative numbers' >> m/__init__.py\n",
        "turn_04.sh": "sed -i 's/return 0/return 1/' m/__init__.py\n",
        "turn_05.sh": "printf 'def c():\\n    return \"c1\"\\n' > m/c.py\n",
        "turn_07.sh": "printf 'def d():\\n    return 4\\n' > m/d.py\n",
    }
    for name, text in scripts.items():
        (refs / name).write_text(text)
    (refs / "turn_06.patch").write_text(
        '--- a/m/c.py\n+++ b/m/c.py\n@@ -1,2 +1,2 @@\n def c():\n-    return "c1"\n'
        '+    return "c2"\n'
    )
    (tmp_path / "acceptance").mkdir()
    (tmp_path / "acceptance" / "test_d.py").write_text(
        "from m.d import d\n\n\ndef test_d():\n    assert d() == 4\n"
    )

    def turn(n: int, kind: str, **more: object) -> dict[str, object]:
        suffix = ".patch" if n == 6 else ".sh"
        return {
            "text": f"Turn {n}.",
            "kind": kind,
            "reference": f"references/turn_{n:02}{suffix}",
            **more,
        }

    prompts = [
        turn(1, "feature"),
        turn(2, "feature"),
        turn(3, "bug", origin="unstated"),
        turn(
            4,
            "bug",
            origin="harness",
            setup="sed -i 's/return 1/return 0/' m/__init__.py",
        ),
        turn(5, "feature"),
        turn(6, "feature"),
        turn(7, "feature"),
    ]
    checks = [
        _check(1, A_IS_ONE, "1", name="a"),
        _check(3, REJECTS, "rejected", name="b rejects"),
        _check(4, A_IS_ONE, "1", name="a again"),
        _check(6, "python -c 'from m.c import c; print(c())'", "c2", name="c"),
    ]
    return _one_phase(tmp_path, "Uneven checks", prompts, checks)


def _caught_by_when_every_turn_is(script: Path, log_dir: Path) -> dict[int, str]:
    """What catches each work turn's omission, asserting that every one is caught."""
    ablation, _ = replay_instruments(load_script(script), str(log_dir))
    assert ablation.passed, [f.line() for f in ablation.findings]
    caught_by: dict[int, str] = ablation.figures["caught_by"]
    return caught_by


def test_due_checks_are_a_sessions_own_and_the_earlier_in_force() -> None:
    loaded = load_script(MINI)
    turns = loaded.turns()
    assert [t.number for t in work_turns(loaded)] == [1, 2, 4]
    assert [c.at_turn for c in due_checks(loaded, turns[3])] == [4, 1, 2]
    assert due_checks(loaded, turns[2]) == []  # no checkpoint of its own: no regressions
    assert [c.at_turn for c in in_force(loaded.checkpoints(), 3)] == [1, 2]


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_mini_every_work_turn_is_caught_and_its_bug_declares_no_origin(log_dir: Path) -> None:
    ablation, bugs = replay_instruments(load_script(MINI), str(log_dir))
    assert ablation.name == ABLATION and bugs.name == BUG_TRUTHFULNESS
    assert ablation.passed, [f.line() for f in ablation.findings]
    assert ablation.figures["coverage"] == 1.0 and ablation.figures["work_turns"] == 3
    caught_by = ablation.figures["caught_by"]
    assert caught_by[1] == "checkpoint 'turn 1: tests/test_add.py' at turn 1"
    assert all(f"at turn {turn}" in caught_by[turn] for turn in (2, 4))
    # its bug (turn 4) is checked (divide() is missing before it) but says no origin
    assert not bugs.passed
    assert [(f.turn, f.message) for f in bugs.findings] == [
        (4, "declares no origin (harness: planted by its setup; unstated)")
    ]


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_unchecked_turn_is_uncaught_and_a_bug_fixed_before_its_turn_is_a_finding(
    uneven: Path, log_dir: Path
) -> None:
    ablation, bugs = replay_instruments(load_script(uneven), str(log_dir))
    assert not ablation.passed
    # turn 2 adds a file no check reads; turn 3 "fixes" what turn 1 already did
    assert ablation.figures["uncaught"] == [2, 3]
    assert ablation.figures["coverage"] == round(5 / 7, 3)
    assert [(f.turn, f.where) for f in ablation.findings] == [
        (2, "references/turn_02.sh"),
        (3, "references/turn_03.sh"),
    ]
    caught_by = ablation.figures["caught_by"]
    assert caught_by[1] == "checkpoint 'a' at turn 1"
    # its setup still runs when turn 4 is left out: the planted defect stays
    assert caught_by[4] == "checkpoint 'a again' at turn 4"
    assert caught_by[5] == "reference turn 6 no longer applies"
    assert caught_by[6] == "checkpoint 'c' at turn 6"
    assert caught_by[7] == "the acceptance tests (0/1 passed)"
    assert ablation.figures["caught_by_kind"] == {"checkpoint": 3, "reference": 1, "acceptance": 1}
    # the harness bug is planted by its setup and checked; the unstated one is not a bug
    assert not bugs.passed
    assert [(f.turn, f.message) for f in bugs.findings] == [
        (
            3,
            "nothing checks this bug: its test (b rejects) already passes on the state "
            "before the turn",
        )
    ]
    assert bugs.figures["origins"] == {"unstated": 1, "harness": 1}
    assert bugs.figures["tests"] == {3: "b rejects", 4: "a again"}


@pytest.fixture
def caught_by_an_earlier_check(tmp_path: Path) -> Path:
    """Three turns: the fix of turn 2 (no checkpoint of its own) is seen only by turn 1's
    check, re-run at turn 3, whose own check passes either way."""
    _write(
        tmp_path,
        {
            "references/turn_01.sh": WRITES_A,
            "references/turn_02.sh": "sed -i 's/return 0/return 1/' m/__init__.py\n",
            "references/turn_03.sh": "printf 'def c():\\n    return 3\\n' > m/c.py\n",
            "acceptance/test_a.py": ACCEPTS_A,
        },
    )
    prompts = [
        {"text": "Turn 1.", "kind": "feature", "reference": "references/turn_01.sh"},
        {
            "text": "Turn 2.",
            "kind": "bug",
            "origin": "harness",
            "setup": "sed -i 's/return 1/return 0/' m/__init__.py",
            "reference": "references/turn_02.sh",
        },
        {"text": "Turn 3.", "kind": "feature", "reference": "references/turn_03.sh"},
    ]
    checks = [
        _check(1, A_IS_ONE, "1", name="a"),
        _check(3, "python -c 'from m.c import c; print(c())'", "3", name="c"),
    ]
    return _one_phase(tmp_path, "Caught late", prompts, checks)


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_an_omission_the_turns_own_check_misses_is_caught_by_an_earlier_one(
    caught_by_an_earlier_check: Path, log_dir: Path
) -> None:
    # the turn's own checkpoints run first; the earlier ones in force only when they pass
    assert _caught_by_when_every_turn_is(caught_by_an_earlier_check, log_dir) == {
        1: "checkpoint 'a' at turn 1",
        2: "checkpoint 'a' at turn 3",
        3: "checkpoint 'c' at turn 3",
    }


@pytest.fixture
def broken_for_a_while(tmp_path: Path) -> Path:
    """Five turns: turn 2's reference breaks turn 1's check and turn 4's repairs it, all
    before the phase ends; turn 3's file is checked only at turn 5."""
    _write(
        tmp_path,
        {
            "references/turn_01.sh": WRITES_A,
            "references/turn_02.sh": "sed -i 's/return 1/return 9/' m/__init__.py\n"
            "printf 'def c():\\n    return 3\\n' > m/c.py\n",
            "references/turn_03.sh": "printf 'def e():\\n    return 5\\n' > m/e.py\n",
            "references/turn_04.sh": "sed -i 's/return 9/return 1/' m/__init__.py\n",
            "references/turn_05.sh": "printf 'def f():\\n    return 6\\n' > m/f.py\n",
            "acceptance/test_a.py": ACCEPTS_A,
        },
    )
    prompts = [
        {"text": f"Turn {n}.", "kind": "feature", "reference": f"references/turn_{n:02}.sh"}
        for n in range(1, 6)
    ]
    c_is_three = "python -c 'from m.c import c; print(c())'"
    checks = [
        _check(1, A_IS_ONE, "1", name="a"),
        _check(2, c_is_three, "3", name="c"),
        _check(3, c_is_three, "3", name="c still"),
        _check(5, "python -c 'from m.e import e; print(e())'", "5", name="e"),
        _check(5, "python -c 'from m.f import f; print(f())'", "6", name="f"),
    ]
    return _one_phase(tmp_path, "Broken for a while", prompts, checks)


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_a_check_the_baseline_also_fails_at_that_turn_catches_nothing(
    broken_for_a_while: Path, log_dir: Path
) -> None:
    # the baseline re-runs turn 1's check only when the phase ends, where it passes; at
    # turn 3 the ablation of turn 3 fails it, and so does the baseline (turn 2 broke it),
    # which the replay asks of the baseline's saved state before counting a catch
    assert _caught_by_when_every_turn_is(broken_for_a_while, log_dir) == {
        1: "checkpoint 'a' at turn 1",
        2: "checkpoint 'c' at turn 2",
        3: "checkpoint 'e' at turn 5",
        4: "checkpoint 'a' at turn 5",
        5: "checkpoint 'f' at turn 5",
    }


def test_a_replay_that_inspect_ends_without_a_log_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Inspect can end a run without any log of it: that is the replay's failure, not an
    # unpacking error's traceback
    import inspect_ai

    monkeypatch.setattr(inspect_ai, "eval", lambda *args, **kwargs: [])
    with pytest.raises(RuntimeError, match="the fairness replay did not complete: 0 logs"):
        replay_instruments(load_script(MINI))
