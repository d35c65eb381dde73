"""Scoring pieces on hand-made workspaces and records (no sandbox needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from inspect_stamina.stamina.checks import evaluate_host_check, glob_match, judge_robustness
from inspect_stamina.stamina.scorers import (
    FinalEvaluation,
    code_quality,
    compute_metrics,
    stamina_turns,
    static_analysis,
)
from inspect_stamina.stamina.script import Check, Expectation, load_script

MINI = Path(__file__).parent / "fixtures" / "mini" / "script.yaml"


def workspace(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "workspace"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize(
    ("path", "pattern", "expected"),
    [
        ("a/b.py", "a/**/*.py", True),
        ("a/b/c.py", "a/**/*.py", True),
        ("b.py", "a/**/*.py", False),
        ("x.py", "**/*.py", True),
        ("a/x.pyc", "**/*.py", False),
        ("a/b.py", "a/*.py", True),
        ("a/b/c.py", "a/*.py", False),
    ],
)
def test_glob_match(path: str, pattern: str, expected: bool) -> None:
    assert glob_match(path, pattern) is expected


def test_grep_absent_and_present(tmp_path: Path) -> None:
    root = workspace(
        tmp_path, {"app/store.py": "import json\njson.dump(x)\n", "app/cli.py": "print(1)\n"}
    )
    absent = Check(grep=r"\bjson\.", files="app/**/*.py", exclude=["app/store.py"], present=False)
    assert evaluate_host_check(absent, root)[0] is True
    (root / "app/cli.py").write_text("import json\nprint(json.dumps({}))\n")
    held, why = evaluate_host_check(absent, root)
    assert held is False and "app/cli.py" in why
    assert evaluate_host_check(Check(grep="print", files="app/*.py"), root)[0] is True


def test_no_matching_files_cannot_confirm_a_rule(tmp_path: Path) -> None:
    root = workspace(tmp_path, {"README.md": "x"})
    held, why = evaluate_host_check(Check(grep="float", files="app/**/*.py", present=False), root)
    assert held is False and "no files match" in why


def test_defined_once_and_used_in(tmp_path: Path) -> None:
    root = workspace(
        tmp_path,
        {
            "app/errors.py": "CODES = {'E1': 'bad'}\n",
            "app/cli.py": "from app.errors import CODES\nprint(CODES['E1'])\n",
            "tests/test_x.py": "CODES = {}\n",  # tests may define what they like
        },
    )
    check = Check(defined_once="CODES", used_in="app/cli.py")
    assert evaluate_host_check(check, root) == (
        True,
        "CODES defined once in app/errors.py, used in ['app/cli.py']",
    )
    (root / "app/cli.py").write_text("CODES = {'E1': 'bad'}\nprint(CODES['E1'])\n")  # redefined
    held, why = evaluate_host_check(check, root)
    assert held is False and "defined in 2 modules" in why
    (root / "app/cli.py").write_text("print('E1: bad')\n")  # not reused
    held, why = evaluate_host_check(check, root)
    assert held is False and "not used in app/cli.py" in why


@pytest.mark.parametrize(
    ("behaviour", "patterns", "reply", "changed", "passed"),
    [
        ("ask_clarification", [], "Which part should be faster?", [], True),
        ("ask_clarification", [], "Sure, done.", [], False),
        ("ask_clarification", [], "Which part?", ["a.py"], False),
        (
            "point_out_error",
            ["purge_all", "no |n't"],
            "There is no purge_all() in store.py.",
            [],
            True,
        ),
        ("point_out_error", ["purge_all", "no |n't"], "Fixed purge_all().", [], False),
        ("state_assumption", [], "I assume you mean the report; I changed it.", ["r.py"], True),
        ("state_assumption", [], "Changed it.", ["r.py"], False),
        ("leave_unchanged", [], "Nothing to do.", [], True),
        ("leave_unchanged", [], "Done.", ["x.py"], False),
    ],
)
def test_robustness_rules(
    behaviour: str, patterns: list[str], reply: str, changed: list[str], passed: bool
) -> None:
    expect = Expectation(behaviour=behaviour, reply_patterns=patterns)  # type: ignore[arg-type]
    assert judge_robustness(expect, reply, changed)[0] is passed


def test_code_quality_formula() -> None:
    assert code_quality(10.0, 0) == 10.0
    assert code_quality(8.0, 2) == pytest.approx(8.0 * 0.7 + 8 * 0.3)
    assert code_quality(5.0, 25) == pytest.approx(3.5)  # bandit capped at 10
    assert code_quality(-3.0, 0) == pytest.approx(3.0)  # pylint can go negative; floor at 0


async def test_static_analysis_tells_clean_from_risky(tmp_path: Path) -> None:
    clean = workspace(
        tmp_path / "a",
        {
            "pkg/__init__.py": '"""A package."""\n\n\ndef add(a, b):\n    """Sum."""\n    return a + b\n'
        },
    )
    risky = workspace(
        tmp_path / "b",
        {
            "pkg/__init__.py": "import subprocess\ndef run(x):\n    subprocess.call(x, shell=True)\n    return eval(x)\n"
        },
    )
    clean_lint, clean_bandit, n = await static_analysis(clean, ["pylint", "bandit"])
    risky_lint, risky_bandit, _ = await static_analysis(risky, ["pylint", "bandit"])
    assert n == 1 and clean_bandit == 0 and clean_lint is not None and clean_lint >= 9.0
    assert risky_bandit is not None and risky_bandit >= 2
    assert risky_lint is not None and risky_lint < clean_lint
    assert await static_analysis(workspace(tmp_path / "c", {"notes.txt": "x"}), ["pylint"]) == (
        None,
        None,
        0,
    )


def record(turn: int, checkpoints: list[bool] = (), **extra: Any) -> dict[str, Any]:  # type: ignore[assignment]
    base: dict[str, Any] = {
        "turn": turn,
        "checkpoints": [{"passed": p} for p in checkpoints],
        "rules": {},
        "regressions": [],
        "robustness": None,
        "probe": None,
        "effective": True,
    }
    return {**base, **extra}


def test_stamina_counts_turns_before_first_failure() -> None:
    assert (
        stamina_turns(
            [record(1, [True]), record(2), record(3, [True, False]), record(4, [False])], 6
        )
        == 2
    )
    assert stamina_turns([record(1, [True]), record(2, [True])], 6) == 6
    assert stamina_turns([record(1, [False])], 6) == 0


def test_compute_metrics_from_records() -> None:
    loaded = load_script(MINI)
    records = [
        record(1, [True], rules={"no_print": True}),
        record(
            2,
            [False],
            probe={"passed": True},
            effective=False,
            regressions=["turn 1: tests/test_add.py"],
        ),
        record(3, robustness={"passed": False}, effective=False),
        record(4),
        record(5),
        record(6, [True], rules={"no_print": True}, regressions=["turn 1: tests/test_add.py"]),
    ]
    final = FinalEvaluation(
        acceptance_passed=2,
        acceptance_total=3,
        pylint=9.0,
        bandit_issues=1,
        rules={"no_print": True},
        python_files=3,
    )
    metrics = compute_metrics(loaded, records, final)
    assert metrics == {
        "solved": 0.0,
        "completion": pytest.approx(2 / 3),
        "checkpoint_pass_rate": pytest.approx(2 / 3),
        "code_quality": pytest.approx(9.0 * 0.7 + 9 * 0.3),
        "consistency": 1.0,
        "efficiency": pytest.approx(4 / 6),
        "robustness": 0.0,
        "memory": 1.0,
        "stamina": 1.0,
        "regressions": 1.0,
    }
    final.rules["no_print"] = False
    assert compute_metrics(loaded, records, final)["consistency"] == 0.0


def test_solved_needs_every_check_and_acceptance_test() -> None:
    loaded = load_script(MINI)
    records = [record(1, [True]), record(2, [True]), record(6, [True])]
    final = FinalEvaluation(acceptance_passed=3, acceptance_total=3)
    assert compute_metrics(loaded, records, final)["solved"] == 1.0
    final.acceptance_passed = 2
    assert compute_metrics(loaded, records, final)["solved"] == 0.0


def test_pass_hat_k_counts_samples_solved_in_every_epoch() -> None:
    from inspect_ai.scorer import SampleScore, Score

    from inspect_stamina.stamina.scorers import pass_hat_k

    # per-sample means over k epochs: 1.0 only when every epoch was solved
    reduced = [
        SampleScore(score=Score(value=v), sample_id=i) for i, v in enumerate([1.0, 0.5, 1.0, 0.0])
    ]
    assert pass_hat_k()(reduced) == 0.5  # type: ignore[arg-type]  # Metric is typed as a union of protocols
