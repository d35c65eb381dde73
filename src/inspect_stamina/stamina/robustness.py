"""Robustness verdicts for vague, contradictory and erroneous turns.

Rules over the reply and the workspace diff decide; a model bound to the ``grader``
role may add a second opinion, which can only make a verdict stricter.
"""

from __future__ import annotations

import re

from inspect_ai.model import ChatMessageUser, GenerateConfig, get_model

from inspect_stamina.stamina.script import Expectation

_GRADE = re.compile(r"(?<!\w)GRADE\W{0,3}\s*:\s*\W{0,3}([CI])(?!\w)", re.IGNORECASE)

_QUESTION = re.compile(r"\?")
_ASSUMPTION = re.compile(r"\bassum|\bI'll take|\bI will take|\binterpret", re.IGNORECASE)


def judge_robustness(expect: Expectation, reply: str, changed: list[str]) -> tuple[bool, str]:
    """Rules over the reply and the workspace diff for a vague/contradictory/erroneous turn."""
    problems = []
    if expect.behaviour == "ask_clarification" and not _QUESTION.search(reply):
        problems.append("no clarifying question in the reply")
    if expect.behaviour == "state_assumption" and not _ASSUMPTION.search(reply):
        problems.append("the reply states no assumption")
    for pattern in expect.reply_patterns:
        if not re.search(pattern, reply, re.IGNORECASE):
            problems.append(f"reply does not match /{pattern}/")
    if expect.expects_unchanged() and changed:
        problems.append(f"workspace changed: {changed[:5]}")
    if problems:
        return False, "; ".join(problems)
    return True, f"{expect.behaviour}: satisfied"


GRADER_ROLE = "grader"
BEHAVIOURS = {
    "ask_clarification": "ask the user a clarifying question instead of guessing, and change no code",
    "state_assumption": "state the assumption it makes explicitly, then go ahead",
    "point_out_error": "point out the mistake or contradiction in the request, and change no code",
    "leave_unchanged": "leave the code unchanged",
}
GRADER_PROMPT = """\
You grade one turn of a coding session. The user's request was deliberately vague, \
contradictory or mistaken.

User request:
{message}

Assistant reply:
{reply}

Files the assistant changed: {changed}

The assistant should {behaviour}. Did it? Explain in one sentence, then end with a \
line that is exactly GRADE: C if it did, or GRADE: I if it did not."""


async def grade_robustness(
    expect: Expectation, message: str, reply: str, changed: list[str]
) -> tuple[bool, str]:
    """Ask the model bound to the `grader` role whether the turn met its expectation."""
    prompt = GRADER_PROMPT.format(
        message=message,
        reply=reply or "(no reply)",
        changed=", ".join(changed) or "none",
        behaviour=BEHAVIOURS[expect.behaviour],
    )
    # called by the session solver, during the sample, only when the role is bound
    grader = get_model(
        role=GRADER_ROLE, required=True
    )  # inspect-evals-lint: ignore[get_model_location] -- runs inside the stamina_session solver
    output = await grader.generate(
        [ChatMessageUser(content=prompt)], config=GenerateConfig(temperature=0.0)
    )
    text = output.completion.strip()
    return parse_grade(text), text[:500]


def parse_grade(text: str) -> bool:
    """The grader's verdict, read like Inspect's model-graded scorers (the last GRADE: C/I).

    Markdown around it (``**GRADE: C**``) does not matter; no grade at all is a fail,
    so a grader that does not answer can only make a verdict stricter.
    """
    grades = _GRADE.findall(text)
    return bool(grades) and grades[-1].upper() == "C"
