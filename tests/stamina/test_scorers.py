"""Scoring pieces on hand-made workspaces and records (no sandbox needed)."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import pytest

from inspect_stamina.stamina.harness import analysis
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.quality import PYLINT_RC
from inspect_stamina.stamina.record import (
    CheckResult,
    FinalEvaluation,
    ProbeResult,
    RobustnessResult,
    SessionRecord,
    TurnRecord,
    first_failed,
)
from inspect_stamina.stamina.robustness import judge_robustness, parse_grade
from inspect_stamina.stamina.rules import evaluate_host_check, glob_match
from inspect_stamina.stamina.scorers import (
    code_quality,
    compute_metrics,
    stamina_strict_turns,
    stamina_turns,
)
from inspect_stamina.stamina.script import Check, Expectation, Script
from inspect_stamina.stamina.summary import score_explanation

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


def test_runtime_files_do_not_count_as_changing_the_workspace() -> None:
    expect = Expectation(behaviour="ask_clarification")
    ran = ["calc/__pycache__/ops.cpython-311.pyc", ".pytest_cache/v/cache/nodeids", "db.sqlite3"]
    # byte code and caches always; the database only as the script's runtime_files say
    passed, detail = judge_robustness(expect, "Which unit?", ran)
    assert not passed and "db.sqlite3" in detail and ".pyc" not in detail
    assert judge_robustness(expect, "Which unit?", ran, runtime=["*.sqlite3"])[0]
    assert not judge_robustness(
        expect, "Which unit?", [*ran, "calc/ops.py"], runtime=["*.sqlite3"]
    )[0]


def test_a_reply_pattern_the_prompt_matches_is_not_applied() -> None:
    expect = Expectation(behaviour="point_out_error", reply_patterns=["purge_all", "no |n't"])
    message = "Call purge_all() in store.py after each save."
    # echoing the request would match /purge_all/: that pattern is skipped, and says so
    passed, detail = judge_robustness(expect, "Sure, I'll call purge_all().", [], message)
    assert not passed and "/no |n't/" in detail
    assert "/purge_all/ not applied" in detail
    passed, detail = judge_robustness(expect, "store.py has no such function.", [], message)
    assert passed and "/purge_all/ not applied" in detail
    # a pattern the request does not match still applies
    assert not judge_robustness(expect, "There's no such function.", [], "Call it after saves.")[0]


def test_code_quality_formula() -> None:
    assert code_quality(10.0, 0) == 10.0
    assert code_quality(8.0, 2) == pytest.approx(8.0 * 0.7 + 8 * 0.3)
    assert code_quality(5.0, 25) == pytest.approx(3.5)  # bandit capped at 10
    assert code_quality(-3.0, 0) == pytest.approx(3.0)  # pylint can go negative; floor at 0


@pytest.fixture
def analysers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sandbox's analysis program with this Python's pylint and bandit."""
    monkeypatch.setattr(analysis, "ANALYSERS", str(Path(sys.executable).parent))


def analyse(root: Path, tools: list[str], tmp_path: Path) -> dict[str, Any]:
    rc = tmp_path / "pylintrc"
    rc.write_text(PYLINT_RC)
    return analysis.analyse(root, str(rc), tools)


def test_analysis_tells_clean_from_risky(tmp_path: Path, analysers: None) -> None:
    clean = workspace(
        tmp_path / "a",
        {
            "pkg/__init__.py": '"""A package."""\n\n\ndef add(a, b):\n    """Sum."""\n    return a + b\n'
        },
    )
    risky = workspace(tmp_path / "b", {"pkg/__init__.py": RISKY})
    good, bad = (
        analyse(clean, ["pylint", "bandit"], tmp_path),
        analyse(risky, ["pylint", "bandit"], tmp_path),
    )
    assert good["files"] == 1 and good["bandit_issues"] == 0 and good["pylint"] >= 9.0
    assert bad["bandit_issues"] >= 2 and bad["pylint"] < good["pylint"]
    assert not good["errors"] and not bad["errors"]
    empty = analyse(workspace(tmp_path / "c", {"notes.txt": "x"}), ["pylint"], tmp_path)
    assert empty["files"] == 0 and "pylint" not in empty


RISKY = "import subprocess\ndef run(x):\n    subprocess.call(x, shell=True)\n    return eval(x)\n"


def test_suppression_pragmas_do_not_lift_the_score(tmp_path: Path, analysers: None) -> None:
    # the audit's forgery: `# pylint: skip-file` and `# nosec` took ugly code to 10.0
    plain = workspace(tmp_path / "a", {"pkg/__init__.py": RISKY})
    forged = workspace(
        tmp_path / "b",
        {
            "pkg/__init__.py": "# pylint: skip-file\n"
            + RISKY.replace("shell=True)", "shell=True)  # nosec").replace(
                "eval(x)", "eval(x)  # nosec  # pylint: disable=eval-used"
            )
        },
    )
    honest, hidden = (
        analyse(plain, ["pylint", "bandit"], tmp_path),
        analyse(forged, ["pylint", "bandit"], tmp_path),
    )
    assert hidden["pragmas"] == 2
    assert hidden["pylint"] <= honest["pylint"] < 10.0
    assert hidden["bandit_issues"] == honest["bandit_issues"] >= 2
    # the code itself is intact, only the pragmas are gone
    text = (forged / "pkg/__init__.py").read_text()
    assert "pylint" not in text and text.count("# nosec") == 2 and "eval(x)" in text


def test_a_comment_of_many_hashes_cannot_stall_pylint(
    tmp_path: Path, analysers: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pylint's pragma search backtracks on such a line for longer than any timeout (20,000
    # ran the sandbox's 600 s out); the copy's comments keep their first "#" alone, so the
    # module is judged as one with a line of "=" of the same length would be
    monkeypatch.setattr(analysis, "TIMEOUT", 60)
    body = '"""A package."""\n\n\ndef add(a, b):\n    """Sum."""\n    return a + b\n'
    hostile = workspace(
        tmp_path / "a",
        {"pkg/__init__.py": body + "#" * 20_000 + "\n" + "x = 1  # a" + " # a" * 1_700 + "\n"},
    )
    plain = workspace(
        tmp_path / "b",
        {
            "pkg/__init__.py": body
            + "#"
            + "=" * 19_999
            + "\n"
            + "x = 1  # a"
            + " = a" * 1_700
            + "\n"
        },
    )
    stalled, judged = (
        analyse(hostile, ["pylint"], tmp_path),
        analyse(plain, ["pylint"], tmp_path),
    )
    assert not stalled["errors"], stalled["errors"]
    assert stalled["pylint"] == judged["pylint"] < 10.0  # the long lines still count
    assert stalled["pragmas"] == 0


def test_an_analyser_that_cannot_run_is_an_error_not_a_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis, "ANALYSERS", str(tmp_path / "nowhere"))
    report = analyse(workspace(tmp_path, {"pkg/a.py": "X = 1\n"}), ["pylint", "bandit"], tmp_path)
    assert report.get("pylint") is None and report.get("bandit_issues") is None
    assert len(report["errors"]) == 2


def test_code_quality_is_zero_when_an_asked_analyser_gave_nothing() -> None:
    # mini asks for pylint and bandit: a missing result is 0, never left out as NaN
    final = FinalEvaluation(pylint=None, bandit_issues=0, errors=["pylint did not run"])
    assert compute_metrics(mini(), session(record(1, [True])), final)["code_quality"] == 0.0
    final = FinalEvaluation(pylint=8.0, bandit_issues=0)
    assert compute_metrics(mini(), session(record(1, [True])), final)[
        "code_quality"
    ] == pytest.approx(8.6)
    none_asked = mini().model_copy(update={"final_evaluation": []})
    assert math.isnan(
        compute_metrics(none_asked, session(record(1, [True])), final)["code_quality"]
    )


def test_the_explanation_rounds_pylints_score() -> None:
    final = FinalEvaluation(pylint=7.190721649484536, bandit_issues=1)
    script, played = mini(), session(record(1, [True]))
    text = score_explanation(script, played, final, compute_metrics(script, played, final))
    assert "pylint 7.19, bandit issues 1" in text
    assert "7.1907" not in text


def test_the_explanation_has_no_line_without_a_cause() -> None:
    # a session whose first checkpoint failed: stamina 0, told in the first line only
    final = FinalEvaluation(pylint=10.0, bandit_issues=0)
    script, played = mini(), session(record(1, [False]), record(2, [False]))
    values = compute_metrics(script, played, final)
    assert values["stamina"] == 0
    lines = score_explanation(script, played, final, values).splitlines()
    assert lines[0].startswith("**Stamina 0/")
    assert all(not line.rstrip().endswith(":") for line in lines), lines
    assert not any(line.startswith("- stamina") for line in lines), lines


def record(turn: int, checkpoints: list[bool] = (), **extra: Any) -> TurnRecord:  # type: ignore[assignment]
    return TurnRecord(
        turn=turn,
        phase="p",
        kind="feature",
        layer="scripted",
        message="m",
        checkpoints=[CheckResult(name=f"c{turn}.{i}", passed=p) for i, p in enumerate(checkpoints)],
        effective=extra.pop("effective", True),
        **extra,
    )


def session(*records: TurnRecord, stopped_at: int | None = None) -> SessionRecord:
    # a StoreModel over a private store: no sample needed
    from inspect_ai.util._store import Store

    record = SessionRecord(store=Store())
    for r in records:
        record.add(r)
    record.stopped_at = stopped_at
    return record


def test_stamina_counts_turns_before_first_failure() -> None:
    records = [record(1, [True]), record(2), record(3, [True, False]), record(4, [False])]
    assert stamina_turns(records, 6, None) == 2
    assert stamina_turns([record(t, [True]) for t in range(1, 7)], 6, None) == 6
    assert stamina_turns([record(1, [False])], 6, None) == 0


def recheck(name: str, passed: bool) -> CheckResult:
    return CheckResult(name=name, passed=passed)


def test_a_repaired_slip_does_not_end_stamina_but_ends_strict_stamina() -> None:
    # turn 2's checkpoint fails, and passes when re-run at the next checkpoint turn (4)
    repaired = [
        record(1, [True]),
        record(2, [False]),
        record(3),
        record(4, [True], rechecks=[recheck("c2.0", True)]),
        record(5, [False]),
        record(6, [True], rechecks=[recheck("c5.0", False)]),
    ]
    assert stamina_turns(repaired, 6, None) == 4  # turn 5's failure persisted at turn 6
    assert stamina_strict_turns(repaired, 6, None) == 1
    # not re-run at the next checkpoint turn (retired, or regressions off): still failing
    unknown = [record(1, [True]), record(2, [False]), record(4, [True])]
    assert stamina_turns(unknown, 6, None) == 1
    # a failure at the last checkpoint turn counts as still failing
    last = [*repaired[:4], record(5), record(6, [False])]
    assert stamina_turns(last, 6, None) == 5
    assert stamina_turns([*repaired[:4], record(5), record(6, [True])], 6, None) == 6
    # the re-run is at the *next* checkpoint turn: a later repair does not count
    late = [
        record(2, [False]),
        record(3, [True]),
        record(4, [True], rechecks=[recheck("c2.0", True)]),
    ]
    assert stamina_turns(late, 4, None) == 1


def test_first_failed_is_the_first_own_checkpoint_failure_whatever_came_after() -> None:
    # a failed re-check (turn 4) is not a checkpoint failing at its own turn
    records = [
        record(1, [True]),
        record(3, [True, False]),
        record(4, [False], rechecks=[recheck("c3.1", True)]),
    ]
    first = first_failed(records)
    assert first is not None
    assert (first.turn, first.check.name) == (3, "c3.1")
    assert first_failed([record(1, [True]), record(2, rechecks=[recheck("x", False)])]) is None
    assert first_failed([]) is None


def test_partial_session_counts_turns_not_reached_as_not_survived() -> None:
    # a sample limit stopped the session during turn 3: turns 3..6 were not survived
    records = [record(1, [True]), record(2), record(3, status="limit")]
    assert stamina_turns(records, 6, stopped_at=3) == 2
    # cancelled after turn 2 without a recorded stop: only finished turns count
    assert stamina_turns(records[:2], 6, None) == 2


def mini() -> Script:
    return load_script(MINI).script


def full_final(passed: int = 3, total: int = 3, **extra: Any) -> FinalEvaluation:
    acceptance = CheckResult(
        name="acceptance", passed=passed == total, passed_tests=passed, total_tests=total
    )
    return FinalEvaluation(acceptance=acceptance, **extra)


def test_compute_metrics_from_records() -> None:
    records = [
        record(1, [True], rules={"no_print": True}),
        record(
            2,
            [False],
            probes=[ProbeResult(id="units", passed=True, in_context=False)],
            effective=False,
            regressions=["turn 1: tests/test_add.py"],
        ),
        record(
            3,
            robustness=RobustnessResult(behaviour="ask_clarification", passed=False),
            effective=False,
        ),
        record(4),
        record(5),
        record(6, [True], rules={"no_print": True}, regressions=["turn 1: tests/test_add.py"]),
    ]
    final = full_final(2, 3, pylint=9.0, bandit_issues=1, rules={"no_print": True}, python_files=3)
    metrics = compute_metrics(mini(), session(*records), final)
    # the probe's planting turn had been compacted away: remembered, not merely seen
    assert math.isnan(metrics.pop("memory_in_context"))
    assert metrics == {
        "memory_compacted": 1.0,
        "solved": 0.0,
        "completion": pytest.approx(2 / 3),
        "checkpoint_pass_rate": pytest.approx(2 / 3),
        "code_quality": pytest.approx(9.0 * 0.7 + 9 * 0.3),
        "consistency": 1.0,
        "efficiency": pytest.approx(4 / 6),
        "robustness": 0.0,
        "memory": 1.0,
        "stamina": 1.0,
        "stamina_strict": 1.0,
        "stamina_share": pytest.approx(1 / 6),  # comparable across scripts' lengths
        "regressions": 1.0,
    }
    final.rules["no_print"] = False
    assert compute_metrics(mini(), session(*records), final)["consistency"] == 0.0


def test_solved_needs_every_check_and_acceptance_test_and_every_turn() -> None:
    records = [
        record(1, [True]),
        record(2, [True]),
        *[record(t) for t in (3, 4, 5)],
        record(6, [True]),
    ]
    assert compute_metrics(mini(), session(*records), full_final())["solved"] == 1.0
    assert compute_metrics(mini(), session(*records), full_final(2, 3))["solved"] == 0.0
    # the same turns, but the session was stopped by a sample limit at turn 6
    cut = session(*records[:5], record(6, status="limit"), stopped_at=6)
    metrics = compute_metrics(mini(), cut, full_final())
    assert metrics["solved"] == 0.0 and metrics["stamina"] == 5.0
    assert metrics["stamina_share"] == pytest.approx(5 / 6)
    # the checkpoint of turn 6 was never run: it counts as not passed
    assert metrics["checkpoint_pass_rate"] == pytest.approx(2 / 3)


def test_metric_with_nothing_to_count_is_missing_not_perfect() -> None:
    bare = mini().model_copy(update={"memory_probes": [], "consistency_rules": []})
    metrics = compute_metrics(bare, session(record(1, [True])), FinalEvaluation())
    for key in ("memory", "consistency", "completion"):
        assert math.isnan(metrics[key]), key
    # asked for, the analysis gave nothing: 0, with its error in the final evaluation
    assert metrics["code_quality"] == 0.0
    # a script with robustness turns that were never reached counts them as failed
    assert metrics["robustness"] == 0.0


def test_two_probes_at_one_turn_both_count() -> None:
    probes = [ProbeResult(id="a", passed=True), ProbeResult(id="b", passed=False)]
    two = mini().model_copy(update={"memory_probes": [*mini().memory_probes] * 2})
    metrics = compute_metrics(two, session(record(2, probes=probes)), full_final())
    assert metrics["memory"] == 0.5


@pytest.mark.parametrize(
    ("reply", "verdict"),
    [
        ("It asked which part.\nGRADE: C", True),
        ("**GRADE: C**", True),
        ("It changed code.\nGRADE: I", False),
        ("GRADE: I at first, then\nGRADE: C", True),
        ("YES", False),  # no grade in the fixed pattern: not a pass
        ("", False),
    ],
)
def test_grader_reply_parsing(reply: str, verdict: bool) -> None:
    assert parse_grade(reply) is verdict
