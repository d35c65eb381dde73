"""What the web-stack user says in passing and asks about: remarks and question turns.

Four facts are said once as asides and asked for 10 to 80 turns later (the planner's
shared `plant_conversation`, with a remark of this domain's own: why the API stays on
SQLite). Question turns ask about the live API (its endpoints, what a create needs,
which query parameters a list takes, what deleting a parent does, how to count, which
header writes need), graded by the facts the answer must name, none of them in the
question; one at most in every ten turns, from turn 11 on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import partial

from inspect_stamina.generator.planner import conversation
from inspect_stamina.generator.planner.conversation import Remark, Speaker, reason_remark
from inspect_stamina.generator.webstack.schema import Resource, WebProject, article

# each reason, the words a reply may give it by, and its mark (the word that names it
# alone, which a reply giving another reason must not say)
_SQLITE_REASONS = (
    ("the demo runs on laptops that have no database server", ["laptop"], "laptop"),
    ("ops will not run another service for a pilot", ["pilot", "ops"], "pilot"),
    ("the whole dataset is one file we can copy to a customer", ["copy", "one file"], "copy"),
)


def _sqlite_reason(planner: Speaker) -> Remark:
    return reason_remark(
        planner,
        "sqlite_reason",
        _SQLITE_REASONS,
        (
            "And we stay on SQLite for now, on purpose: {reason}.",
            "Remind me why we are not moving the API to Postgres?",
            "The API stays on SQLite because {reason}.",
            "We stay on SQLite because {reason}.",
        ),
    )


# the shared remarks that fit an API (not the standard-library one), and this domain's
REMARKS: tuple[Callable[[Speaker], Remark], ...] = (
    *(r for r in conversation.REMARKS if r.__name__ != "_no_dependencies"),
    _sqlite_reason,
)

QUESTION_EVERY = 10  # one question at most in every this many turns
FIRST_QUESTION = 11  # none before the API has some shape
_WHY = (
    "",
    " I'm writing the client docs.",
    " No code changes, please.",
    " A new colleague asked me.",
    " It's for the release notes.",
)
Fact = dict[str, object]
# its wordings, the facts its answer needs, the reply
Question = tuple[tuple[str, ...], list[Fact], str]


def question_turns(total: int, rng: random.Random) -> list[int]:
    """One drawn turn in each whole or partial decade from turn 11 on."""
    return [
        rng.choice(range(start, min(start + QUESTION_EVERY, total + 1)))
        for start in range(FIRST_QUESTION, total + 1, QUESTION_EVERY)
    ]


def questions_in(total: int) -> int:
    """How many question turns a script of `total` turns holds."""
    return len(range(FIRST_QUESTION, total + 1, QUESTION_EVERY))


def _fact(name: str, pattern: str) -> Fact:
    return {"name": name, "any_of": [pattern]}


def _endpoints(project: WebProject, planned: tuple[str, ...]) -> Question:
    paths = [f"/api/{r.path}/" for r in project.resources]
    # a collection not built yet is another candidate: no one has said it, so only a
    # reply naming every path the script will ever have names it
    later = [re.escape(f"/api/{p}/") for p in planned if f"/api/{p}/" not in paths]
    texts = (
        "Which endpoints does the API serve right now? Just the collection paths.",
        "Remind me which resources the API has today, and at which URLs?",
        "List the API's collections and their paths as they stand, please.",
    )
    facts = [{**_fact(p, re.escape(p)), "none_of": later} for p in paths]
    return texts, facts, "The API serves " + ", ".join(paths) + "."


def _required(r: Resource) -> Question:
    names = [f.name for f in r.fields if f.required and not f.derived]
    texts = (
        f"What must a client send when it creates {article(r.singular)}, and what status does "
        "it get if it leaves one of those out? Only the required fields.",
        f"Which fields can a create of {r.path} not do without, and what does the API answer "
        "when one is missing?",
    )
    # the status commits the reply: a create that succeeds (201) is the other candidate
    facts = [_fact(n, rf"\b{re.escape(n)}\b") for n in names]
    facts.append({**_fact("400", r"\b400\b"), "none_of": [r"\b201\b"]})
    needs = ", ".join(f"`{n}`" for n in names)
    return texts, facts, f"A new {r.singular} needs {needs}; without one it answers 400."


def _bounds(r: Resource) -> list[str]:
    return [f"{bound}_{name}" for name in r.ranges for bound in ("min", "max")]


def _query_names(r: Resource) -> list[str]:
    names = [*r.filters, *(["search"] if r.search else []), *(["ordering"] if r.orderings else [])]
    return [*names, *_bounds(r), *r.flags, *(["ids"] if r.by_ids else [])]


def _parameters(project: WebProject, r: Resource) -> Question:
    names = _query_names(r)
    texts = (
        f"Which query parameters does the {r.path} list understand now?",
        f"How can a client narrow down the list of {r.path} today? Parameter names, please.",
    )
    # another list's parameters are other candidates: its bounds (`min_stars`, no word of
    # plain prose) anywhere, the others written as a query (`?status=`)
    others = {n for o in project.resources for n in _query_names(o)} - set(names)
    bounds = {b for o in project.resources for b in _bounds(o)}
    wrong = [rf"\b{n}\b" if n in bounds else rf"\?{n}=" for n in sorted(others)]
    facts = [{**_fact(n, rf"\b{re.escape(n)}\b"), "none_of": wrong} for n in names]
    return texts, facts, f"The {r.path} list takes " + ", ".join(f"`?{n}=`" for n in names) + "."


def _deletion(r: Resource, child: Resource) -> Question:
    link = next(f for f in child.fields if f.kind == "fk" and f.target == r.model)
    texts = (
        f"What happens now when a client deletes {article(r.singular)} that still has {child.path}?",
        f"If someone removes {article(r.singular)} with {child.path} attached, what does the API do?",
    )
    # the other behaviour is the other candidate
    gone = r"cascad|deleted too|deletes (them|its)|removed too"
    if link.protect:
        fact = {**_fact("refused with 409", r"\b409\b"), "none_of": [gone.replace("cascad|", "")]}
        reply = f"It is refused with 409 while {child.path} point at it."
    else:
        fact = {**_fact("its children go too", gone), "none_of": [r"\b409\b"]}
        reply = f"Its {child.path} are deleted too (cascade)."
    return texts, [fact], reply


def _count(r: Resource, planned: tuple[str, ...]) -> Question:
    url = f"/api/{r.path}/count/"
    others = [re.escape(f"/api/{p}/count/") for p in planned if p != r.path]
    texts = (
        f"How does a client learn how many {r.path} there are without fetching them all?",
        f"Is there a cheap way to get the number of {r.path}? Which URL?",
    )
    fact = {**_fact(url, re.escape(url)), "none_of": others}
    return texts, [fact], f"`GET {url}` answers it."


def _key_header(project: WebProject) -> Question:
    texts = (
        "A partner asks what a write must send to get past the lock. Header name and value?",
        "What exactly does a client put in its requests to be allowed to write now?",
    )
    facts = [_fact("the header", r"x-api-key"), _fact("the key", re.escape(project.api_key))]
    return texts, facts, f"`X-Api-Key: {project.api_key}` on every write."


def askable(project: WebProject, planned: tuple[str, ...]) -> dict[str, Callable[[], Question]]:
    """The questions the live API can answer, by a key that says what each asks
    (`planned`: the paths of every resource the script builds)."""
    paths = ",".join(r.path for r in project.resources)
    found: dict[str, Callable[[], Question]] = {
        f"endpoints:{paths}": partial(_endpoints, project, planned)
    }
    for r in project.resources:
        found[f"required:{r.path}"] = partial(_required, r)
        if r.filters or r.search or r.orderings or r.ranges or r.flags or r.by_ids:
            asks = (r.filters, r.search, r.orderings, r.ranges, r.flags, r.by_ids)
            found[f"parameters:{r.path}:{asks}"] = partial(_parameters, project, r)
        if r.counted:
            found[f"count:{r.path}"] = partial(_count, r, planned)
        for child in project.resources:
            link = [f for f in child.fields if f.kind == "fk" and f.target == r.model]
            if link:
                key = f"deletion:{r.path}:{child.path}:{link[0].protect}"
                found[key] = partial(_deletion, r, child)
    if any(r.guarded for r in project.resources):
        found["key"] = partial(_key_header, project)
    return found


def _echoes(facts: list[Fact], text: str) -> bool:
    patterns = [p for f in facts for p in f["any_of"]]  # type: ignore[attr-defined]
    return any(re.search(p, text, re.IGNORECASE) for p in patterns)


def question(
    project: WebProject, planned: tuple[str, ...], asked: set[str], rng: random.Random
) -> tuple[str, list[Fact], str]:
    """A question about `project` not asked before (the endpoints again, if none is left):
    its text, the facts its answer must name (none in the text) and the oracle's reply."""
    options = askable(project, planned)
    fresh = sorted(k for k in options if k not in asked)
    key = rng.choice(fresh) if fresh else next(iter(options))
    asked.add(key)
    texts, facts, reply = options[key]()
    worded = [t + why for t in texts for why in _WHY]
    rng.shuffle(worded)
    # never the same words twice, never words that already say an answer
    fitting = [t for t in worded if t not in asked and not _echoes(facts, t)]
    text = fitting[0] if fitting else f"{worded[0]} (Asking again, I lost my notes.)"
    asked.add(text)
    return text, facts, reply


__all__ = ["QUESTION_EVERY", "REMARKS", "askable", "question", "question_turns", "questions_in"]
