"""The GAIA leaderboard's answer matching rules, and an Inspect scorer built on them.

Rules (from the official GAIA leaderboard scorer, gaia-benchmark/leaderboard):
- numbers: when the ground truth parses as a float, ``$``, ``%`` and ``,`` are removed
  from the answer and the two are compared as floats, exactly;
- lists: otherwise, when the ground truth contains ``,`` or ``;``, both are split on
  ``[,;]``; different lengths are wrong; elements are compared in order, numeric
  ground-truth elements as numbers, others as strings with whitespace removed and
  lower-cased (punctuation kept);
- strings: otherwise both lose all whitespace and ASCII punctuation, are lower-cased,
  and compared.
A missing answer (``None``) is the string ``"None"``.
"""

from __future__ import annotations

import re
import string
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ModelOutput
from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    Score,
    Scorer,
    Target,
    accuracy,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState

from inspect_stamina.metrics import by_level

_LIST_SEPARATORS = re.compile(r"[,;]")
_WHITESPACE = re.compile(r"\s")
_PUNCTUATION = str.maketrans("", "", string.punctuation)


@dataclass(frozen=True)
class Judgement:
    """Whether an answer matches, which rule decided, and why."""

    correct: bool
    rule: str
    reason: str


def _as_float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _answer_number(text: str) -> float | None:
    for char in "$%,":
        text = text.replace(char, "")
    return _as_float(text)


def _normalize(text: str, remove_punctuation: bool) -> str:
    text = _WHITESPACE.sub("", text).lower()
    return text.translate(_PUNCTUATION) if remove_punctuation else text


def judge(model_answer: str | None, ground_truth: str) -> Judgement:
    """Apply the leaderboard rules and say which branch decided."""
    answer = "None" if model_answer is None else str(model_answer)
    truth_number = _as_float(ground_truth)
    if truth_number is not None:
        number = _answer_number(answer)
        if number is None:
            return Judgement(False, "number", f"answer {answer!r} is not a number")
        return Judgement(
            number == truth_number, "number", f"compared {number!r} with {truth_number!r}"
        )

    if _LIST_SEPARATORS.search(ground_truth):
        truth_items = _LIST_SEPARATORS.split(ground_truth)
        answer_items = _LIST_SEPARATORS.split(answer)
        if len(truth_items) != len(answer_items):
            warnings.warn(
                "GAIA list answer has a different length from the ground truth",
                UserWarning,
                stacklevel=2,
            )
            return Judgement(
                False,
                "list",
                f"answer has {len(answer_items)} elements, ground truth {len(truth_items)}",
            )
        mismatches = []
        for index, (got, want) in enumerate(zip(answer_items, truth_items, strict=True)):
            want_number = _as_float(want)
            if want_number is not None:
                ok = _answer_number(got) == want_number
            else:
                ok = _normalize(got, False) == _normalize(want, False)
            if not ok:
                mismatches.append(f"#{index + 1}: {got.strip()!r} != {want.strip()!r}")
        if mismatches:
            return Judgement(False, "list", "element mismatch " + ", ".join(mismatches))
        return Judgement(True, "list", f"all {len(truth_items)} elements match")

    got, want = _normalize(answer, True), _normalize(ground_truth, True)
    return Judgement(got == want, "string", f"compared {got!r} with {want!r}")


def question_scorer(model_answer: str | None, ground_truth: str) -> bool:
    """True when the answer matches the ground truth under the leaderboard rules."""
    return judge(model_answer, ground_truth).correct


_FINAL_ANSWER = re.compile(r"FINAL ANSWER:\s*", re.IGNORECASE)


def extract_answer(completion: str) -> str:
    """The answer in a completion: the text after the last ``FINAL ANSWER:``, if any."""
    parts = _FINAL_ANSWER.split(completion)
    return parts[-1].strip()


def final_answer(output: ModelOutput, messages: Sequence[ChatMessage]) -> tuple[str | None, str]:
    """The agent's answer and how the sample ended.

    A normal end is scored on its completion (the submitted answer). A sample that
    ended on a context overflow or a model error carries no answer in its last output
    (a provider often returns its error text as the content), so the answer is the
    last ``FINAL ANSWER:`` the agent gave before it, or none at all.
    """
    if output.stop_reason != "model_length" and output.error is None:
        return extract_answer(output.completion), ""
    how = "context overflow" if output.stop_reason == "model_length" else "model error"
    earlier = [m for m in messages if isinstance(m, ChatMessageAssistant)]
    if earlier and earlier[-1].text == output.completion:
        earlier = earlier[:-1]  # the overflow's own message
    for message in reversed(earlier):
        if _FINAL_ANSWER.search(message.text):
            return extract_answer(message.text), f"ended on {how}; scored its last answer"
    return None, f"ended on {how} before any answer"


@scorer(
    metrics=[
        accuracy(),
        stderr(),
        by_level(),
    ]
)
def gaia_scorer() -> Scorer:
    """Score the submitted answer with the GAIA leaderboard's rules."""

    async def score(state: TaskState, target: Target) -> Score:
        answer, ending = final_answer(state.output, state.messages)
        if answer is None:
            return Score(
                value=INCORRECT,
                answer=None,
                explanation=f"no answer: the sample {ending}",
                metadata={"rule": "no_answer", "ending": ending},
            )
        verdict = judge(answer, target.text)
        explanation = f"[{verdict.rule}] {verdict.reason}"
        return Score(
            value=CORRECT if verdict.correct else INCORRECT,
            answer=answer,
            explanation=f"{explanation} (the sample {ending})" if ending else explanation,
            metadata={"rule": verdict.rule, **({"ending": ending} if ending else {})},
        )

    return score
