"""Version 3's memory of the conversation: facts said once in passing, asked for later.

Beside the constants the user fixes in code (memory.py), a real user mentions things
once and never writes them down: who signs off a release, when it is due, who the
project is for, why a decision was taken. Each is said as an aside in a code turn and
asked for, 10 to 80 turns later, in another code turn; the reply must carry it (a memory
probe graded by facts), and no file holds it, so only the conversation can answer.
The values are drawn per seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from inspect_stamina.generator.planner.core import TEAMMATES, GeneratedTurn

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
COMPANIES = ("Halden Freight", "Brightwater Clinic", "Okapi Games", "Lumen Bank", "Tidewell Energy")
TEAMS = ("billing", "logistics", "research", "support", "reporting")
# each reason, the words a reply may give it by, and its mark: the word that names it
# alone, which a reply giving another reason must not say
REASONS = (
    ("the build machines have no internet access", ["internet", "offline", "network"], "internet"),
    ("the security team audits every third-party package", ["audit", "security"], "audit"),
    (
        "the package must install on locked-down customer servers",
        ["locked", "customer", "server"],
        "locked",
    ),
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
# how many facts of the conversation a version 3 script plants and probes
CONVERSATION_PLANTS = 4
MIN_GAP, MAX_GAP = 10, 80


class Speaker(Protocol):
    """What drawing a remark needs of a planner: its random draws and the teammate whose
    commits its bug reports name."""

    rng: random.Random
    teammate: str


@dataclass(frozen=True)
class Remark:
    """One fact said in passing: the aside, the later question, its graded facts."""

    id: str
    aside: str
    question: str
    fact: str  # the probe's description
    facts: list[dict[str, Any]]
    answer: str  # what the reference reply adds


def _words(words: list[str]) -> list[str]:
    """Whole-word patterns: a reply naming one of them names another candidate."""
    return [rf"\b{re.escape(w)}\b" for w in words]


def _reviewer(planner: Speaker) -> Remark:
    candidates = [t for t in TEAMMATES if t != planner.teammate]
    who = planner.rng.choice(candidates)
    return Remark(
        "release_reviewer",
        f"By the way, {who} signs off every release from now on, so loop them in before we tag one.",
        "Also, remind me: who has to sign off before we tag a release?",
        f"{who} signs off every release.",
        [
            {
                "name": "who",
                "any_of": [rf"\b{re.escape(who)}\b"],
                # the teammate whose commits the bug reports name may come up in passing
                "none_of": _words([t for t in candidates if t != who]),
            }
        ],
        f"{who} signs off releases.",
    )


def _deadline(planner: Speaker) -> Remark:
    day, month = planner.rng.randint(2, 28), planner.rng.randrange(12)
    name = MONTHS[month]
    patterns = [
        rf"\b{day}(st|nd|rd|th)?( of)? {name}\b",
        rf"\b{name} {day}(st|nd|rd|th)?\b",
        rf"\b0?{day}[./]0?{month + 1}\b",
        rf"\b0?{month + 1}[./-]0?{day}\b",
    ]
    # "may" is a common word too: a reply may say it whatever the month
    others = [m for m in MONTHS if m not in (name, "May")]
    return Remark(
        "release_date",
        f"Heads-up: the first public release is due on {day} {name}, so let's keep the pace.",
        "And when is the first public release due again?",
        f"The first public release is due on {day} {name}.",
        [{"name": "the date", "any_of": patterns, "none_of": _words(others)}],
        f"The first public release is due on {day} {name}.",
    )


def _audience(planner: Speaker) -> Remark:
    company, team = planner.rng.choice(COMPANIES), planner.rng.choice(TEAMS)
    return Remark(
        "audience",
        f"For context: this is for the {team} team at {company}, who will call it from their nightly jobs.",
        "Oh, and who is this package for again? A colleague asked me.",
        f"The package is for the {team} team at {company}.",
        [
            {
                "name": "who",
                "any_of": [re.escape(company.split()[0])],
                "none_of": _words([c.split()[0] for c in COMPANIES if c != company]),
            }
        ],
        f"It is for the {team} team at {company}.",
    )


def reason_remark(
    planner: Speaker,
    remark_id: str,
    reasons: tuple[tuple[str, list[str], str], ...],
    wording: tuple[str, str, str, str],
) -> Remark:
    """A decision's reason said in passing and asked for later: one of `reasons` (the
    reason, the words a reply may give it by, the word that names it alone), said with
    `wording` (the aside, the question, the probe's fact, the reply; `{reason}` in each
    but the question)."""
    reason, words, mark = planner.rng.choice(reasons)
    others = [m for _, _, m in reasons if m != mark]
    aside, question, fact, answer = wording
    return Remark(
        remark_id,
        aside.format(reason=reason),
        question,
        fact.format(reason=reason),
        [
            {
                "name": "the reason",
                "any_of": [rf"\b{re.escape(w)}" for w in words],
                "none_of": _words(others),
            }
        ],
        answer.format(reason=reason),
    )


def _no_dependencies(planner: Speaker) -> Remark:
    return reason_remark(
        planner,
        "no_dependencies_reason",
        REASONS,
        (
            "Keep it to the standard library, please: {reason}.",
            "Remind me why we keep the package free of third-party dependencies?",
            "No third-party dependencies, because {reason}.",
            "We stay on the standard library because {reason}.",
        ),
    )


def _demo(planner: Speaker) -> Remark:
    day = planner.rng.choice(WEEKDAYS)
    who = planner.rng.choice([t for t in TEAMMATES if t != planner.teammate])
    return Remark(
        "demo_day",
        f"We demo the package to {who}'s team every {day}, so keep the main branch green.",
        "Which day is our regular demo again?",
        f"The demo is every {day}.",
        [
            {
                "name": "the day",
                "any_of": [rf"\b{day}"],
                "none_of": _words([d for d in WEEKDAYS if d != day]),
            }
        ],
        f"The demo is every {day}.",
    )


REMARKS: tuple[Callable[[Speaker], Remark], ...] = (
    _reviewer,
    _deadline,
    _audience,
    _no_dependencies,
    _demo,
)


def _echoes(remark: Remark, text: str, field: str = "any_of") -> bool:
    return any(
        re.search(pattern, text, re.IGNORECASE)
        for fact in remark.facts
        for pattern in fact.get(field, [])
    )


def _said(turn: GeneratedTurn) -> str:
    """What a turn's prompt and reference reply say."""
    return f"{turn.prompt['text']} {turn.prompt.get('reply', '')}"


def plant_conversation(
    planner: Speaker,
    plan: list[GeneratedTurn],
    remarks: Sequence[Callable[[Speaker], Remark]] = REMARKS,
) -> list[dict[str, Any]]:
    """Say facts in passing in code turns and ask for them later (`CONVERSATION_PLANTS`
    of `remarks`); the memory probes."""
    hosts = [
        t.number
        for t in plan
        if t.prompt["kind"] == "feature" and t.number > 1 and "layer" not in t.prompt
    ]
    drawn = [make(planner) for make in planner.rng.sample(remarks, CONVERSATION_PLANTS)]
    used: set[int] = set()
    probes = []
    for remark in drawn:
        # the question's turn must not carry the answer (an echo would pass it), nor give
        # its reply cause to name another candidate (a month, a weekday); once per turn
        askable = {
            b
            for b in hosts
            if not _echoes(remark, f"{plan[b - 1].prompt['text']} {remark.question}")
            and not _echoes(remark, _said(plan[b - 1]), "none_of")
        }
        pairs = [
            (a, b)
            for a in hosts
            for b in hosts
            if MIN_GAP <= b - a <= MAX_GAP and a not in used and b not in used and b in askable
        ]
        if not pairs:
            continue
        planted, probed = planner.rng.choice(pairs)
        used |= {planted, probed}
        plant, probe = plan[planted - 1].prompt, plan[probed - 1].prompt
        # the turns keep their work and check; their kind says what else they carry
        plant["kind"], probe["kind"] = "memory_plant", "memory_probe"
        plant["text"] = f"{plant['text']} {remark.aside}"
        probe["text"] = f"{probe['text']} {remark.question}"
        probe["reply"] = f"{probe['reply']} {remark.answer}"
        probes.append(
            {
                "id": remark.id,
                "fact": f"{remark.fact} (turn {planted})",
                "planted_at": planted,
                "probed_at": probed,
                "facts": remark.facts,
            }
        )
    return probes


__all__ = ["CONVERSATION_PLANTS", "REMARKS", "Speaker", "plant_conversation", "reason_remark"]
