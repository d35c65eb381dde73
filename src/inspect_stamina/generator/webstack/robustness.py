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
from inspect_stamina.generator.webstack.schema import WebProject, article

KINDS = ("vague", "assume", "erroneous", "contradictory")
# what a reply that points out a mistake or contradiction says, whatever its wording
_POINTS_OUT = r"\bno\b|\bnot\b|n't|\bnever\b|\bcannot\b|\binstead\b|\bactually\b|\bwrong\b"
_CONTRADICTS = r"contradict|conflict|incompatible|impossible|can't|cannot|both|either|would break"
_OPENERS = ("", "Morning! ", "Right, ", "So, ", "Quick one: ", "Hey, ", "ok, next thing. ")
_ALSO = ("Also: ", "And separately: ", "Second thing: ", "Plus one more request. ")


def _opened(rng: random.Random, text: str) -> str:
    opener = rng.choice(_OPENERS)
    return opener + (text[0].lower() + text[1:] if opener and not text.startswith("`") else text)


# too vague to act on: a complaint, then a push (the answer is the request)
_VAGUE_LEADS = (
    "The {path} endpoints need that one more thing we talked about.",
    "Could you do the {singular} change from the meeting now?",
    "Let's finish the API change we discussed yesterday, you know the one.",
    "`/api/{path}/` feels incomplete.",
    "The frontend people asked for something on {path}.",
    "We're missing something for {path}.",
    "That tweak to the {path} we kept postponing: now's the time.",
    "The {singular} API still isn't what we agreed on.",
    "Product wants the usual improvement to {path}.",
    "Do the next {singular} thing on the list.",
)
_VAGUE_PUSHES = ("Can you add it?", "Put it in, please.", "Go ahead.", "Sort it out, thanks.")
_ANSWERS = (
    "Sorry, that was vague. I meant: ",
    "Right, I should have said. ",
    "Fair question. Concretely: ",
    "Good that you asked. ",
)
# a detail the request leaves open that no check depends on, and ways to leave it open
_OPEN_DETAILS = (
    "how the view code is laid out",
    "whether the new code gets docstrings",
    "how the helpers are named",
    "whether you add tests of your own",
    "the order of the fields in the serializer",
    "whether it is a viewset or generic views",
    "what the migration file is called",
    "how the code is split between views.py and serializers.py",
)
_LEAVE_OPEN = (
    "I haven't decided {detail}; pick what fits and tell me what you assumed.",
    "{Detail} is your call, just say what you assumed.",
    "Make a sensible assumption about {detail} and mention it.",
    "Not sure about {detail}; assume something reasonable and say what.",
)


def phrasings(kind: str, project: WebProject) -> set[str]:
    """Every wording a robustness turn of `kind` may open with over `project` (before
    the opener and the action's request)."""
    if kind == "vague":
        return {
            f"{lead} {push}".format(
                path=r.path, singular=r.singular, a_singular=article(r.singular)
            )
            for r in project.resources
            for lead in _VAGUE_LEADS
            for push in _VAGUE_PUSHES
        }
    if kind == "assume":
        return {_left_open(form, detail) for form in _LEAVE_OPEN for detail in _OPEN_DETAILS}
    options = _mistakes(project) if kind == "erroneous" else _contradictions(project)
    return {text for text, _, _ in options}


def _left_open(form: str, detail: str) -> str:
    return form.format(detail=detail, Detail=detail[0].upper() + detail[1:])


def wrap(kind: str, step: Step, before: WebProject, rng: random.Random) -> Step:
    """`step`'s work asked for in a robustness turn of `kind` over the API `before` it,
    with the reply the oracle gives."""
    r = rng.choice(before.resources)
    if kind == "vague":
        lead = rng.choice(_VAGUE_LEADS).format(
            path=r.path, singular=r.singular, a_singular=article(r.singular)
        )
        text = f"{lead} {rng.choice(_VAGUE_PUSHES)}"
        reply = "Which change do you mean? Tell me the endpoint and what it should do, and I will make it."
        expect: dict[str, Any] = {"behaviour": "ask_clarification"}
        answer = rng.choice(_ANSWERS) + step.prompt
        return _robust(step, "vague", _opened(rng, text), expect, reply, answer)
    if kind == "assume":
        detail = rng.choice(_OPEN_DETAILS)
        reply = (
            f"Done: {step.name}. I assumed the project's existing conventions for "
            f"{detail} (the same layout and style as the neighbouring code)."
        )
        assumed: dict[str, Any] = {"behaviour": "state_assumption"}
        text = step.prompt + " " + _left_open(rng.choice(_LEAVE_OPEN), detail)
        return _robust(step, "vague", text, assumed, reply)
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
    """Requests built on a misremembered endpoint, field, status, file or key: (the text,
    what a reply that corrects it must name, the correction)."""
    found = []
    package = project.package
    for r in project.resources:
        wrong_path = r.path[:-1] if r.path.endswith("s") else r.path + "s"
        right_path = rf"/api/{re.escape(r.path)}/"
        why = f"there is no /api/{wrong_path}/ and never was; the {r.path} are at /api/{r.path}/"
        found += [
            (text.format(wrong=wrong_path), right_path, why)
            for text in (
                "`GET /api/{wrong}/` answers 404 for me since yesterday; please fix the route.",
                "The frontend calls `/api/{wrong}/` and gets nothing; can you look at that endpoint?",
                "Our docs link to `/api/{wrong}/`; keep that URL working exactly as it is.",
                "Someone said `/api/{wrong}/` moved last week. Did it? Put it back where it was.",
                "The load test hammers `POST /api/{wrong}/`; make sure nothing there slows down.",
            )
        ]
        text = r.text_field
        wrong, right = f"{r.singular}_{text.name}", rf"`?\b{re.escape(text.name)}\b`?"
        why = f"{r.path} have no `{wrong}` field, so nothing changes there; the field is `{text.name}`"
        found += [
            (
                form.format(
                    wrong=wrong, path=r.path, singular=r.singular, a_singular=article(r.singular)
                ),
                right,
                why,
            )
            for form in (
                "Every {singular} answer should keep carrying its `{wrong}` field as before.",
                "Clients sort {path} by `{wrong}` on their side, so don't rename that field, ok?",
                "The importer fills `{wrong}` on every {singular} it posts; that must keep working.",
                "Make sure `{wrong}` stays required when {a_singular} is created.",
                "The report reads `{wrong}` from each of the {path}; leave that field alone.",
            )
        ]
        why = f"deleting {article(r.singular)} answers 204 with no body, as we set it up, not 200"
        found += [
            (
                form.format(path=r.path, singular=r.singular, a_singular=article(r.singular)),
                r"\b204\b",
                why,
            )
            for form in (
                "Deleting {a_singular} answers 200 with the deleted record, as we agreed; keep it so.",
                "The client checks for a 200 after `DELETE /api/{path}/<id>/`, like it always got.",
                "Remember that {a_singular}'s deletion returns 200 and its old fields.",
                "Our tests expect `DELETE` on {a_singular} to give back 200, as since day one.",
            )
        ]
        wrong_file = f"{package}/{r.path}.py"
        why = f"the models are all in {package}/models.py; there is no {wrong_file}"
        found += [
            (form.format(file=wrong_file, model=r.model), r"models\.py", why)
            for form in (
                "The `{model}` model is in `{file}`, right? Keep it in that file.",
                "I was reading `{file}` for the `{model}` model; don't move it out of there.",
                "Since `{model}` lives in `{file}`, keep its migrations beside that file.",
            )
        ]
    if project.api_key:
        wrong_key = project.api_key[::-1]
        why = f"the key I was given is {project.api_key}, not {wrong_key}"
        found += [
            (form.format(key=wrong_key), re.escape(project.api_key), why)
            for form in (
                "Remember our API key is `{key}`; make sure that is the one in the settings.",
                "The partner will send `{key}` as the key we agreed on, so check the settings hold it.",
                "Double-check `API_KEY` still says `{key}`, the value I gave you at the start.",
            )
        ]
    return found


def _contradictions(project: WebProject) -> list[tuple[str, str, str]]:
    """Requests that cannot both hold: (the text, what a reply must say, the answer)."""
    why = "it contradicts itself, so I cannot do both halves and changed nothing there; which half do you want"
    found = []
    for r in project.resources:
        text = r.text_field
        n = text.max_length
        forms = (
            "Make `{text}` optional for new {path}, but a create without `{text}` must still answer 400.",
            "Remove `DELETE /api/{path}/<id>/` altogether, but clients must still delete {path} there.",
            "Stop storing {path} in the database, yet every {singular} must survive a restart with no other storage.",
            'Answer `/api/{path}/` as a plain JSON array, and also wrap that same answer in {{"results": ...}}.',
            "Make `{text}` unique across {path}, yet two {path} with the same `{text}` must each save.",
            "Every {singular} keeps its id forever, but renumber the {path} from 1 after each deletion.",
            "Answer 201 to a new {singular}, and answer that very same create with 200.",
            "List {path} in id order and also newest first, without any parameter.",
            "Keep {a_singular}'s deletion answering 204 with an empty body, and return the deleted {singular} in that body.",
            "Cap `{text}` at {n} characters, and accept the {m}-character ones our importer sends.",
            "Make the {path} API read-only, and let the mobile app create {path} through it.",
            "Ids stay numbers, and the same `id` field becomes a UUID string as well.",
            "Answer `/api/{path}/` in JSON, and answer the same request as CSV, with nothing choosing between them.",
            "Leave `{text}` out of every {singular} answer, while clients keep reading `{text}` from it.",
            "Delete {a_singular} for good on DELETE, and keep listing it for clients afterwards.",
            "Page the {path} list ten at a time, and keep answering every {singular} in one plain array.",
            "Sort {path} by `{text}` ignoring case, and by code point, in one and the same order.",
            "Let anyone write {path} without a key, while no write may happen without one.",
            "Accept an empty `{text}`, and answer 400 whenever `{text}` is empty.",
            "Give each {singular} exactly one `{text}`, and let it hold two different ones at once.",
        )
        found += [
            (
                form.format(
                    text=text.name,
                    path=r.path,
                    singular=r.singular,
                    a_singular=article(r.singular),
                    n=n,
                    m=n + 50,
                ),
                _CONTRADICTS,
                why,
            )
            for form in forms
        ]
    return found


__all__ = ["KINDS", "phrasings", "wrap"]
