"""The web-stack domain's robustness turns: a vague, mistaken or contradictory request
that carries an action's real work, so a reply that changes nothing loses the turn.

A vague request is either too vague to act on (the user's answer, once the agent asks,
is the action's request) or clear with a detail left open (assume, say so, go ahead). A
mistaken one misremembers an endpoint, a field or the key; a contradictory one asks for
two things that cannot both hold. Both come beside the action's request. The wording is
drawn from phrase lists and the live API.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from inspect_stamina.generator.webstack.actions import Step
from inspect_stamina.generator.webstack.schema import WebProject

KINDS = ("vague", "assume", "erroneous", "contradictory")
# what a reply that points out a mistake or contradiction says, whatever its wording
_POINTS_OUT = r"\bno\b|\bnot\b|n't|\bnever\b|\bcannot\b|\binstead\b|\bactually\b|\bwrong\b"
_CONTRADICTS = r"contradict|conflict|incompatible|impossible|can't|cannot|both|either|would break"
_OPENERS = ("", "Morning! ", "Right, ", "So, ", "Quick one: ", "Hey, ", "ok, next thing. ")
_ALSO = ("Also: ", "And separately: ", "Second thing: ", "Plus one more request. ")


def _opened(rng: random.Random, text: str) -> str:
    opener = rng.choice(_OPENERS)
    return opener + (text[0].lower() + text[1:] if opener and not text.startswith("`") else text)


def wrap(kind: str, step: Step, before: WebProject, rng: random.Random) -> Step:
    """`step`'s work asked for in a robustness turn of `kind` over the API `before` it,
    with the reply the oracle gives."""
    r = rng.choice(before.resources)
    if kind == "vague":
        text = rng.choice(
            (
                f"The {r.path} endpoints need that one more thing we talked about. Can you add it?",
                f"Could you do the {r.singular} change from the meeting now?",
                "Let's finish the API change we discussed yesterday, you know the one.",
                f"`/api/{r.path}/` feels incomplete; add what's missing?",
                "Please add the thing the frontend people asked for.",
                f"We're missing something for {r.path}; put it in, please.",
            )
        )
        answer = rng.choice(
            (
                "Sorry, that was vague. I meant: ",
                "Right, I should have said. ",
                "Fair question. Concretely: ",
            )
        )
        reply = "Which change do you mean? Tell me the endpoint and what it should do, and I will make it."
        expect: dict[str, Any] = {"behaviour": "ask_clarification"}
        return _robust(step, "vague", _opened(rng, text), expect, reply, answer + step.prompt)
    if kind == "assume":
        detail = rng.choice(
            (
                "I haven't decided how the view code should be laid out; pick what fits and tell me what you assumed.",
                "Whether it gets a docstring is your call, just say what you assumed.",
                "I don't mind how you name the helpers; make a sensible assumption and mention it.",
                "Not sure it needs its own test file on your side; assume something reasonable and say what.",
            )
        )
        reply = (
            f"Done: {step.name}. I assumed the project's existing conventions for the open "
            "detail (the same layout and docstring style as the neighbouring code)."
        )
        assumed: dict[str, Any] = {"behaviour": "state_assumption"}
        return _robust(step, "vague", step.prompt + " " + detail, assumed, reply)
    options = _mistakes(before) if kind == "erroneous" else _contradictions(before)
    rng.shuffle(options)
    for option in options:
        text = _opened(rng, option[0]) + " " + rng.choice(_ALSO) + step.prompt
        # a pattern the prompt matches would pass an echo: the mistake's own must hold
        if not re.search(option[1], text, re.IGNORECASE):
            break
    _, needed, why = option
    either = (needed, _POINTS_OUT) if kind == "erroneous" else (needed,)
    patterns = [p for p in either if not re.search(p, text, re.IGNORECASE)]
    pointed: dict[str, Any] = {
        "behaviour": "point_out_error",
        "workspace_unchanged": False,
        "reply_patterns": patterns,
    }
    reply = f"About the first part: {why}. Done: {step.name}."
    return _robust(step, kind, text, pointed, reply)


def _robust(
    step: Step, kind: str, text: str, expect: dict[str, Any], reply: str, answer: str = ""
) -> Step:
    return replace(step, prompt=text, robustness=(kind, expect, answer, reply))


def _mistakes(project: WebProject) -> list[tuple[str, str, str]]:
    """Requests built on a misremembered endpoint or field: (the text, what a reply that
    corrects it must name, the correction), two of each per resource."""
    found = []
    for r in project.resources:
        wrong_path = r.path[:-1] if r.path.endswith("s") else r.path + "s"
        right_path = rf"/api/{re.escape(r.path)}/"
        why = f"there is no /api/{wrong_path}/ and never was; the {r.path} are at /api/{r.path}/"
        found += [
            (
                f"`GET /api/{wrong_path}/` answers 404 for me since yesterday; please fix the route.",
                right_path,
                why,
            ),
            (
                f"The frontend calls `/api/{wrong_path}/` and gets nothing; can you look at that endpoint?",
                right_path,
                why,
            ),
        ]
        text = next(f for f in r.fields if f.kind == "text" and f.required and not f.derived)
        wrong, right = f"{r.singular}_{text.name}", rf"`?\b{re.escape(text.name)}\b`?"
        why = f"{r.path} have no `{wrong}` field, so nothing changes there; the field is `{text.name}`"
        found += [
            (
                f"Every {r.singular} answer should keep carrying its `{wrong}` field as before.",
                right,
                why,
            ),
            (
                f"Clients sort {r.path} by `{wrong}` on their side, so don't rename that field, ok?",
                right,
                why,
            ),
        ]
    return found


def _contradictions(project: WebProject) -> list[tuple[str, str, str]]:
    """Requests that cannot both hold: (the text, what a reply must say, the answer)."""
    why = "it contradicts itself, so I cannot do both halves and changed nothing there; which half do you want"
    found = []
    for r in project.resources:
        text = next(f for f in r.fields if f.kind == "text" and f.required and not f.derived)
        found += [
            (
                f"Make `{text.name}` optional for new {r.path}, but a create without `{text.name}` must still answer 400.",
                _CONTRADICTS,
                why,
            ),
            (
                f"Remove `DELETE /api/{r.path}/<id>/` altogether, but clients must still delete {r.path} there.",
                _CONTRADICTS,
                why,
            ),
            (
                f"Stop storing {r.path} in the database, yet every {r.singular} must survive a restart with no other storage.",
                _CONTRADICTS,
                why,
            ),
            (
                f'Answer `/api/{r.path}/` as a plain JSON array, and also wrap that same answer in {{"results": ...}}.',
                _CONTRADICTS,
                why,
            ),
        ]
    return found


__all__ = ["KINDS", "wrap"]
