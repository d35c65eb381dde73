"""Canned repliers: can a reply that ignores the request pass a robustness turn, or one
that names every candidate pass a memory probe?

A fixed set of adversarial repliers answers every robustness turn with the workspace
left unchanged; each must score at most `CANNED_LIMIT`. The judge is the session's own
(`judge_robustness`), and a turn whose own behavioural checkpoints must pass (the agent
acts once the user answers, or goes ahead on a stated assumption) is lost by a replier
that changes nothing: `validate --run` proves those checkpoints fail before their turn.

The memory probes graded in a reply face one more: a reply naming every candidate the
script's graded facts name (what each accepts, and the other candidates each rules out
with ``none_of``) must carry at most `CANNED_LIMIT` of them.

The other direction is checked too: a diligent replier, which does the reference's work
and asks nothing, must be effective on every clear turn, and a clarifying question on a
clear turn must cost it the turn.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable

import exrex

from inspect_stamina.stamina.facts import fact_in_reply
from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.record import CheckResult, FactResult, TurnRecord
from inspect_stamina.stamina.robustness import judge_robustness
from inspect_stamina.stamina.script import CODE_KINDS, ROBUSTNESS_KINDS, AnswerFact
from inspect_stamina.stamina.session import is_effective

CANNED_LIMIT = 0.2
# how many strings of each reply pattern the keyword replier says (alternatives enumerated)
_STRINGS_PER_PATTERN = 40
ALWAYS_CLARIFY = (
    "Before I change anything: could you clarify exactly what you want here? "
    "I have not modified any files yet."
)
# the reply the fairness audit found passing every robustness turn of todo_app
REFUSE_AS_CONTRADICTION = (
    "I assume you mean something else, so I changed nothing: as written this can't work "
    "(it's a conflict / contradiction, and it is not correct as stated). "
    "Could you clarify what you want?"
)
CLEAR_QUESTION = "Could you clarify what you mean before I start?"

Replier = Callable[[Turn], str]


def _echo(turn: Turn) -> str:
    return f"{turn.prompt.spoken}\n\nJust to check before I start: is that exactly what you want?"


def keyword_replier(loaded: LoadedScript) -> Replier:
    """A replier that says every keyword any robustness judge of the script accepts."""
    patterns = [
        pattern
        for turn in loaded.turns()
        for pattern in (turn.prompt.expect.reply_patterns if turn.prompt.expect else [])
    ]
    words = ["I assume", "I interpret", *_strings(patterns)]
    text = " / ".join(dict.fromkeys(w.strip() for w in words if w.strip()))
    return lambda turn: f"{text}. Changed nothing. Could you clarify?"


def _strings(patterns: list[str]) -> list[str]:
    """Strings the patterns match (alternatives enumerated, a few of each)."""
    words: list[str] = []
    for pattern in patterns:
        try:
            # lazily: a class repeated up to twenty times has more strings than memory
            strings = exrex.generate(pattern, limit=_STRINGS_PER_PATTERN)
            words += itertools.islice(strings, _STRINGS_PER_PATTERN)
        except Exception:  # noqa: BLE001 - a pattern exrex cannot expand: one match of it
            words.append(exrex.getone(pattern))
    return words


def _regex_facts(loaded: LoadedScript) -> tuple[list[list[AnswerFact]], list[list[AnswerFact]]]:
    """The regex facts of each memory probe graded in a reply, and of each question turn."""
    probes = [[f for f in p.facts if f.any_of] for p in loaded.script.memory_probes]
    questions = [[f for f in t.prompt.facts if f.any_of] for t in loaded.turns()]
    return [p for p in probes if p], [q for q in questions if q]


def candidate_reply(loaded: LoadedScript) -> str:
    """A reply naming every candidate any graded fact of the script names: what each
    fact accepts and what it names as another candidate (``none_of``)."""
    probes, questions = _regex_facts(loaded)
    return _naming_every_candidate([*probes, *questions])


def _naming_every_candidate(groups: list[list[AnswerFact]]) -> str:
    patterns = [p for facts in groups for f in facts for p in f.any_of + f.none_of]
    words = dict.fromkeys(w.strip() for w in _strings(patterns) if w.strip())
    return "It is one of these: " + ", ".join(words) + "."


def _candidate_scores(loaded: LoadedScript, result: InstrumentResult) -> None:
    """The reply naming every candidate must not carry a fact of the conversation: a
    memory probe it passes is one a model could pass without remembering anything."""
    probes, questions = _regex_facts(loaded)
    reply = _naming_every_candidate([*probes, *questions])

    def share(groups: list[list[AnswerFact]]) -> float:
        won = [g for g in groups if all(fact_in_reply(f, reply).passed for f in g)]
        return round(len(won) / len(groups), 3) if groups else 0.0

    scores = {"memory probes": share(probes), "questions": share(questions)}
    result.figures["probes_in_replies"] = len(probes)
    result.figures["every_candidate"] = scores
    if scores["memory probes"] > CANNED_LIMIT:
        result.passed = False
        result.findings.append(
            Finding(
                f"a reply naming every candidate passes {scores['memory probes']:.0%} of the "
                f"memory probes graded in the reply (limit {CANNED_LIMIT:.0%}): give their "
                "facts the other candidates as none_of"
            )
        )


def canned_repliers(loaded: LoadedScript) -> dict[str, Replier]:
    """The adversarial repliers, by name."""
    return {
        "always-clarify": lambda turn: ALWAYS_CLARIFY,
        "refuse-as-contradiction": lambda turn: REFUSE_AS_CONTRADICTION,
        "echo-plus-question": _echo,
        "keyword-union": keyword_replier(loaded),
    }


def _requires_action(turn: Turn) -> bool:
    """Whether the turn's own behavioural checkpoints, part of its verdict, fail a replier
    that changes nothing (`validate --run` proves they fail before their turn)."""
    return any(c.behavioural for c in turn.checkpoints)


def _prompt_patterns(turn: Turn) -> list[str]:
    """The turn's reply patterns that its own prompt already matches (an echo passes them)."""
    expect = turn.prompt.expect
    patterns = expect.reply_patterns if expect else []
    return [p for p in patterns if re.search(p, turn.prompt.spoken, re.IGNORECASE)]


def canned_replies(loaded: LoadedScript) -> InstrumentResult:
    """Score each canned replier on every robustness turn; each must stay at or below 20 %."""
    started = time.perf_counter()
    result = InstrumentResult("canned repliers", passed=True)
    turns = [t for t in loaded.turns() if t.prompt.kind in ROBUSTNESS_KINDS and t.prompt.expect]
    if not turns:
        result.notes.append("no robustness turns: nothing to game")
    for turn in turns:
        for pattern in _prompt_patterns(turn):
            result.findings.append(
                Finding(
                    f"reply pattern /{pattern}/ matches the prompt's own text: echoing the "
                    "prompt passes it",
                    turn.number,
                )
            )
    result.passed = not result.findings
    scores: dict[str, float] = {}
    runtime = loaded.script.runtime_files
    for name, replier in canned_repliers(loaded).items():
        passed_turns = []
        for turn in turns:
            assert turn.prompt.expect is not None
            passed, _ = judge_robustness(
                turn.prompt.expect, replier(turn), [], turn.prompt.spoken, runtime
            )
            if passed and not _requires_action(turn):
                passed_turns.append(turn.number)
        score = len(passed_turns) / len(turns) if turns else 0.0
        scores[name] = round(score, 3)
        if score > CANNED_LIMIT:
            result.passed = False
            result.findings.append(
                Finding(
                    f"the {name} replier scores {score:.0%} robustness (limit "
                    f"{CANNED_LIMIT:.0%}), passing turns {passed_turns}"
                )
            )
    result.figures = {"robustness_turns": len(turns), "scores": scores}
    _candidate_scores(loaded, result)
    _diligent(loaded, result)
    result.seconds = round(time.perf_counter() - started, 4)
    return result


def _diligent(loaded: LoadedScript, result: InstrumentResult) -> None:
    """A diligent replier wins every clear turn; a question on a clear turn costs it."""
    lost, free = [], []
    for turn in loaded.turns():
        prompt = turn.prompt
        if prompt.kind in ROBUSTNESS_KINDS or prompt.kind == "followup":
            continue
        code = prompt.kind in CODE_KINDS
        checks = [CheckResult(name=c.label, passed=True) for c in turn.checkpoints]
        reply = prompt.reply or "Done."
        # regex facts graded as the session grades them; a command fact is taken as met
        # (its lines come from the live project, which only a run has)
        facts = [
            fact_in_reply(f, reply) if f.any_of else FactResult(name=f.name, passed=True)
            for f in prompt.facts
        ]
        diligent = TurnRecord(
            turn=turn.number,
            phase=turn.phase,
            kind=prompt.kind,
            layer="scripted",
            message=prompt.spoken,
            reply=reply,
            changed=["(the reference's files)"] if code else [],
            checkpoints=checks,
            facts=facts,
        )
        if not is_effective(prompt.kind, diligent, False)[0]:
            lost.append(turn.number)
        asked = [fact_in_reply(f, CLEAR_QUESTION) for f in prompt.facts if f.any_of]
        # a behavioural checkpoint fails on the workspace as it was before the turn
        # (validate --run proves it), and asking left it so
        unchanged = [CheckResult(name=c.label, passed=not c.behavioural) for c in turn.checkpoints]
        asking = diligent.model_copy(
            update={
                "reply": CLEAR_QUESTION,
                "changed": [],
                "facts": asked,
                "checkpoints": unchanged,
            }
        )
        if is_effective(prompt.kind, asking, False)[0]:
            free.append(turn.number)
    if lost:
        result.passed = False
        result.findings.append(
            Finding(f"a diligent reply (the reference's work and reply) is ineffective at {lost}")
        )
    if free:
        result.passed = False
        result.findings.append(
            Finding(f"a clarifying question costs nothing on the clear turns {free}")
        )
    result.figures["diligent_lost"] = lost
    result.figures["question_free"] = free
