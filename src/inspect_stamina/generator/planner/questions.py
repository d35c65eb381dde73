"""Question turns: the user asks about the project, and nothing changes.

Up to version 2 the question is what the package exports, ungraded. From version 3 a
question is about the live project, graded by the facts its answer must name (which
functions a module holds, where a moved or renamed function lives now and under which
name, which functions refuse bad input with an exception), none of them in the question
itself; they stay rare (at most one turn in ten) and no two are worded alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner

# a question turn at most every this many turns (version 3)
QUESTION_EVERY = 10
Fact = dict[str, object]


def explain_turn(planner: Planner, number: int, regression_run: bool = False) -> GeneratedTurn:
    """A question about the project; with `regression_run`, a checkpoint too."""
    if planner.version >= 3:
        turn = _graded_question(planner, number)
    else:
        names = sorted([*planner.project.functions, *planner.project.aliases])
        text = planner.rng.choice(
            (
                f"Which functions does `{planner.project.package}` export right now? Just list them, don't change anything.",
                "quick check before we go on: what does the package export at the moment? a list is fine",
            )
        )
        turn = GeneratedTurn(
            number,
            "",
            {
                "text": text,
                "kind": "explain",
                "reply": "The package exports: " + ", ".join(names) + ".",
            },
        )
    if regression_run:
        # a checkpoint turn re-runs every passed checkpoint: the project still holds
        turn.checkpoint = {
            "action": "docker_exec",
            "name": "the package still imports",
            "command": planner.domain.lang.import_check(planner.project.package),
            "expected": "imports ok",
            "behavioural": False,
        }
    return turn


def question_possible(planner: Planner, number: int) -> bool:
    """Whether a version 3 question may come at this turn: at most one in every ten turns
    so far, and something left to ask about."""
    return planner.questions < number // QUESTION_EVERY and bool(_askable(planner))


def _name_fact(name: str) -> Fact:
    return {"name": name, "any_of": [rf"\b{re.escape(name)}\b"]}


def _names_question(
    planner: Planner, texts: tuple[str, ...], names: list[str], head: str
) -> Question:
    """A question whose answer must name each of `names` (none of them in the question)."""
    return planner.rng.choice(texts), [_name_fact(n) for n in names], head + ", ".join(names) + "."


def _compound(name: str) -> bool:
    """A name of several words (`group_totals`, `groupTotals`): no plain word of a reply."""
    return "_" in name or any(c.isupper() for c in name[1:])


def _module_question(planner: Planner, module: str) -> Question:
    project = planner.project
    where = f"{project.package}/{module}{planner.domain.lang.ext}"
    texts = (
        f"Which public functions live in `{where}` at the moment? Just list them.",
        f"Remind me what `{where}` holds now: which functions are defined there?",
        f"Before I review `{where}`: which of our functions are in that file?",
        f"Quick one, no changes: what functions does `{where}` define today?",
    )
    text, facts, reply = _names_question(
        planner, texts, project.names_in(module), f"{where} defines "
    )
    # a function that never lived there is another candidate: a reply listing every
    # function of the package is no answer (one moved out of it may come up in passing,
    # and a one-word name such as `mean` may be a plain word of the reply)
    elsewhere = {
        name
        for name, live in project.functions.items()
        if module not in (live.module, live.template.module)
    }
    elsewhere |= {old for old, new in project.aliases.items() if new in elsewhere}
    others = [rf"\b{re.escape(n)}\b" for n in sorted(elsewhere) if _compound(n)]
    return text, [{**fact, "none_of": others} for fact in facts], reply


def _raises_question(planner: Planner, error: str, names: list[str]) -> Question:
    texts = (
        f"Which of our functions refuse bad input by raising {error}? I'm writing the docs, don't change code.",
        f"For the error-handling page: which functions raise {error}, and on what?",
        f"List the functions that can raise {error} for invalid arguments, please.",
    )
    return _names_question(planner, texts, names, f"These raise {error} on bad input: ")


def _module_pattern(pkg: str, module: str, ext: str) -> str:
    """A module named as a file (`text.py`) or a dotted path (`pkg.text`), not as a word."""
    return rf"\b{re.escape(module)}{re.escape(ext)}\b|\b{re.escape(pkg)}\.{re.escape(module)}\b"


def _where_question(planner: Planner, name: str) -> Question:
    live = planner.project.functions[name]
    old = [o for o, new in planner.project.aliases.items() if new == name]
    pkg, ext = planner.project.package, planner.domain.lang.ext
    asked = old[0] if old else name
    text = planner.rng.choice(
        (
            f"Where is `{asked}` defined now, after the refactoring, and what should new code call it?",
            f"I lost track: which file holds `{asked}` today, and under which name?",
        )
    )
    # every other module is another candidate (a reply naming each file of the package is
    # no answer), but for the one it moved out of and those whose functions call it: a
    # good answer may say where it came from or who uses it
    called = {name, live.template.name, *old}
    spared = {live.module, live.template.module} | {
        f.module
        for f in planner.project.functions.values()
        if any(re.search(rf"\b{re.escape(c)}\b", f.body) for c in called)
    }
    facts: list[Fact] = [
        {
            "name": "its module",
            "any_of": [_module_pattern(pkg, live.module, ext)],
            "none_of": [
                _module_pattern(pkg, m, ext) for m in planner.project.modules() if m not in spared
            ],
        }
    ]
    if old:
        facts.append(_name_fact(name))
    reply = f"It is {name} in {pkg}/{live.module}{ext}" + (
        f" ({asked} is kept as an alias)." if old else "."
    )
    return text, facts, reply


_WHY = (
    "",
    " I'm updating the README.",
    " It's for the release notes.",
    " A new colleague asked me.",
    " I want to compare it with the docs.",
    " No code changes, please.",
)


def _exports_question(planner: Planner) -> Question:
    pkg = planner.project.package
    names = sorted([*planner.project.functions, *planner.project.aliases])
    texts = [
        base + why
        for base in (
            f"Which functions does `{pkg}` export right now? Just list them.",
            f"List every function `{pkg}` exports today.",
            f"What can a user import from `{pkg}` at this point? Names only.",
        )
        for why in _WHY
    ]
    fresh = [t for t in texts if t not in planner.asked] or texts
    text = planner.rng.choice(fresh)
    planner.asked.add(text)
    return text, [_name_fact(n) for n in names], "The package exports: " + ", ".join(names) + "."


Question = tuple[str, list[Fact], str]  # the text, the facts its answer needs, a reply


def _askable(planner: Planner, again: bool = False) -> list[tuple[str, Callable[[], Question]]]:
    """Questions the live project can answer that were not asked yet, by a stable key."""
    project = planner.project
    options: list[tuple[str, Callable[[], Question]]] = []
    for module in project.modules():
        names = project.names_in(module)
        if 2 <= len(names) <= 6:
            options.append(
                (f"module:{module}:{','.join(names)}", partial(_module_question, planner, module))
            )
    # one per script: its answer names functions of the package and nothing rules the others
    # out (any may raise the error through a call the prompts never stated), so a reply
    # naming every function passes it
    asked_raises = any(k.startswith("raises:") for k in planner.asked)
    errors = () if asked_raises else {e for f in project.functions.values() for _, e in f.raises}
    for error in sorted(errors):
        names = sorted(
            n for n, f in project.functions.items() if any(e == error for _, e in f.raises)
        )
        if 1 <= len(names) <= 5:
            options.append(
                (
                    f"raises:{error}:{','.join(names)}",
                    partial(_raises_question, planner, error, names),
                )
            )
    for name, live in project.functions.items():
        if live.module == name or name in project.aliases.values():  # moved or renamed
            options.append((f"where:{name}:{live.module}", partial(_where_question, planner, name)))
    if again:  # the last resort: the whole package, graded by every name it exports
        return [(f"exports:{len(project.functions)}", partial(_exports_question, planner))]
    return [(k, q) for k, q in options if k not in planner.asked]


def _graded_question(planner: Planner, number: int) -> GeneratedTurn:
    # nothing new to ask only when nothing else is left to do: ask about a module again
    options = _askable(planner) or _askable(planner, again=True)
    key, ask = planner.rng.choice(options)
    planner.asked.add(key)
    planner.questions += 1
    text, facts, reply = ask()
    text = planner.noisy_prose(text)
    repeat = 0
    while text in planner.asked:  # the same words again: say that it is asked again
        repeat += 1
        text = f"{text} (Asking again{'!' * repeat} I lost my notes.)"
    planner.asked.add(text)
    return GeneratedTurn(
        number, "", {"text": text, "kind": "explain", "facts": facts, "reply": reply}
    )


__all__ = ["QUESTION_EVERY", "explain_turn", "question_possible"]
