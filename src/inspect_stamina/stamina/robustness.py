"""Robustness verdicts for vague, contradictory and erroneous turns.

Behaviour decides first: whether the reply asks, states an assumption or points out
the problem, and whether the workspace stayed as it was (files the project's own runs
write, RUNTIME_FILES and the script's ``runtime_files``, do not count). The script's
``reply_patterns`` come last, and a pattern the user's own message matches is not
applied: echoing the prompt would pass it. A model bound to the ``grader`` role may
add a second opinion, which can only make a verdict stricter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from inspect_ai.model import ChatMessageUser, GenerateConfig, get_model

from inspect_stamina.stamina.rules import glob_match
from inspect_stamina.stamina.script import RUNTIME_FILES, Expectation

_GRADE = re.compile(r"(?<!\w)GRADE\W{0,3}\s*:\s*\W{0,3}([CI])(?!\w)", re.IGNORECASE)

_QUESTION = re.compile(r"\?")
_ASSUMPTION = re.compile(r"\bassum|\bI'll take|\bI will take|\binterpret", re.IGNORECASE)


def runtime_file(path: str, globs: Sequence[str] = ()) -> bool:
    """Whether a workspace path is one the project's own runs write (not the agent's edit)."""
    return any(glob_match(path, pattern) for pattern in (*RUNTIME_FILES, *globs))


def edited_files(changed: Sequence[str], globs: Sequence[str] = ()) -> list[str]:
    """The changed files that are not runtime files: what the agent itself changed."""
    return [path for path in changed if not runtime_file(path, globs)]


def judge_robustness(
    expect: Expectation,
    reply: str,
    changed: list[str],
    message: str = "",
    runtime: Sequence[str] = (),
) -> tuple[bool, str]:
    """Rules over the reply and the workspace diff for a vague/contradictory/erroneous turn.

    ``message`` is what the user sent: a reply pattern it matches is not applied.
    ``runtime`` are the script's runtime-file globs, left out of "workspace unchanged".
    """
    problems, notes = [], []
    if expect.behaviour == "ask_clarification" and not _QUESTION.search(reply):
        problems.append("no clarifying question in the reply")
    if expect.behaviour == "state_assumption" and not _ASSUMPTION.search(reply):
        problems.append("the reply states no assumption")
    edited = edited_files(changed, runtime)
    if expect.expects_unchanged() and edited:
        problems.append(f"workspace changed: {edited[:5]}")
    for pattern in expect.reply_patterns:
        if message and re.search(pattern, message, re.IGNORECASE):
            # a reply that repeats the request would match: the pattern tells nothing
            notes.append(f"/{pattern}/ not applied: the user's message matches it")
        elif not re.search(pattern, reply, re.IGNORECASE):
            problems.append(f"reply does not match /{pattern}/")
    if problems:
        return False, "; ".join(problems + notes)
    return True, "; ".join([f"{expect.behaviour}: satisfied", *notes])


GRADER_ROLE = "grader"
BEHAVIOURS = {
    "ask_clarification": "ask the user a clarifying question instead of guessing, and change no code",
    "state_assumption": "state the assumption it makes explicitly, then go ahead",
    "point_out_error": "point out the mistake or contradiction in the request, and change no code",
    "leave_unchanged": "leave the code unchanged",
}
# what fails a reply whatever the rules said: a canned reply fits every request
RUBRIC = {
    "ask_clarification": "The question must be specific to this request: it names what "
    "is unclear here (the options, the part of the project, the missing value). A generic "
    "question that would fit any request ('Could you clarify what you mean?') is I.",
    "state_assumption": "The assumption must be about this request: it names what it "
    "takes the request to mean here. A generic 'I made some assumptions' is I.",
    "point_out_error": "The reply must name the actual problem in this request (what is "
    "wrong or contradictory, and why). A generic 'there seems to be an issue' or an "
    "echo of the request is I.",
    "leave_unchanged": "The reply must say why nothing needs changing for this request; "
    "a generic acknowledgement ('OK.', 'Done.') is I.",
}
GRADER_PROMPT = """\
You grade one turn of a coding session. The user's request was deliberately vague, \
contradictory or mistaken.

User request:
{message}

Assistant reply:
{reply}

Files the assistant changed: {changed}

The assistant should {behaviour}. {rubric} Did it? Explain in one sentence, then end \
with a line that is exactly GRADE: C if it did, or GRADE: I if it did not."""


ANSWER_PROMPT = """\
You grade one turn of a coding session. The user asked a question about the project.

User message:
{message}

Assistant reply:
{reply}

Did the reply answer this question, specifically (about this project and what was \
asked)? A generic reply that would fit any question, a refusal, or a question back \
instead of an answer is I. Explain in one sentence, then end with a line that is \
exactly GRADE: C if it answered, or GRADE: I if it did not."""


async def grade_answer(message: str, reply: str) -> tuple[bool, str]:
    """Ask the model bound to the `grader` role whether a question turn was answered."""
    return await _grade(ANSWER_PROMPT.format(message=message, reply=reply or "(no reply)"))


async def _grade(prompt: str) -> tuple[bool, str]:
    # called by the session solver, during the sample, only when the role is bound
    grader = get_model(
        role=GRADER_ROLE, required=True
    )  # inspect-evals-lint: ignore[get_model_location] -- runs inside the stamina_session solver
    output = await grader.generate(
        [ChatMessageUser(content=prompt)], config=GenerateConfig(temperature=0.0)
    )
    text = output.completion.strip()
    return parse_grade(text), text[:500]


async def grade_robustness(
    expect: Expectation, message: str, reply: str, changed: list[str]
) -> tuple[bool, str]:
    """Ask the model bound to the `grader` role whether the turn met its expectation."""
    prompt = GRADER_PROMPT.format(
        message=message,
        reply=reply or "(no reply)",
        changed=", ".join(changed) or "none",
        behaviour=BEHAVIOURS[expect.behaviour],
        rubric=RUBRIC[expect.behaviour],
    )
    return await _grade(prompt)


def parse_grade(text: str) -> bool:
    """The grader's verdict, read like Inspect's model-graded scorers (the last GRADE: C/I).

    Markdown around it (``**GRADE: C**``) does not matter; no grade at all is a fail,
    so a grader that does not answer can only make a verdict stricter.
    """
    grades = _GRADE.findall(text)
    return bool(grades) and grades[-1].upper() == "C"
