"""The GAIA leaderboard rules, case by case."""

from __future__ import annotations

import warnings

import pytest

from inspect_stamina.gaia.scorer import extract_answer, judge, question_scorer

CASES = [
    # numbers: ground truth parses as a float
    ("42", "42", True),
    ("42.0", "42", True),
    ("$1,234", "1234", True),
    ("12%", "12", True),
    (" 17 ", "17", True),
    ("17 apples", "17", False),  # unparsable answer is wrong
    ("seventeen", "17", False),
    ("0.1", "0.10", True),
    ("0.333", "0.33", False),  # exact float equality, no tolerance
    ("1e3", "1000", True),
    ("-5", "-5", True),
    ("5", "-5", False),
    ("", "0", False),
    (None, "3", False),
    # lists: ground truth contains , or ;
    ("flour, milk, eggs", "flour, milk, eggs", True),
    ("Flour,Milk,Eggs", "flour, milk, eggs", True),  # whitespace and case ignored
    ("flour; milk; eggs", "flour, milk, eggs", True),  # either separator
    ("milk, flour, eggs", "flour, milk, eggs", False),  # order matters
    ("flour, milk", "flour, milk, eggs", False),  # length differs
    ("120, 80", "120, 80", True),
    ("$120, 80%", "120, 80", True),  # numeric elements normalised as numbers
    ("120.0, 80", "120, 80", True),
    ("St. Louis, Paris", "St Louis, Paris", False),  # list keeps punctuation
    ("a b, c", "ab, c", True),  # whitespace inside elements removed
    ("1, x", "1, y", False),
    (None, "a, b", False),
    # strings: otherwise
    ("Lyon", "Lyon", True),
    ("lyon.", "Lyon", True),  # punctuation removed
    ("L Y O N", "Lyon", True),  # all whitespace removed
    ("KX42", "KX-42", True),  # punctuation removed on both sides
    ("Lyons", "Lyon", False),
    ("None", "None", True),
    (None, "None", True),  # a None answer is the string "None"
    ("the Lyon", "Lyon", False),
    ("Ünïcode", "ünïcode", True),
]


@pytest.mark.parametrize(("answer", "truth", "expected"), CASES)
def test_question_scorer(answer: str | None, truth: str, expected: bool) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert question_scorer(answer, truth) is expected


@pytest.mark.parametrize(
    ("answer", "truth", "rule"),
    [("1", "1", "number"), ("a,b", "a,b", "list"), ("x", "x", "string"), ("1", "1.5; 2", "list")],
)
def test_judge_names_the_deciding_rule(answer: str, truth: str, rule: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert judge(answer, truth).rule == rule


def test_list_length_mismatch_warns_and_explains() -> None:
    with pytest.warns(UserWarning, match="different length"):
        verdict = judge("a, b", "a, b, c")
    assert not verdict.correct
    assert "2 elements" in verdict.reason and "3" in verdict.reason


def test_unparsable_number_explained() -> None:
    verdict = judge("about 3", "3")
    assert (verdict.correct, verdict.rule) == (False, "number")
    assert "not a number" in verdict.reason


@pytest.mark.parametrize(
    ("completion", "answer"),
    [("411", "411"), ("Thinking...\nFINAL ANSWER: 411", "411"), ("final answer:  Lyon ", "Lyon")],
)
def test_extract_answer(completion: str, answer: str) -> None:
    assert extract_answer(completion) == answer
