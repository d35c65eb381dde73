"""Version 3's robustness turns: a vague, mistaken or contradictory request with real work.

Each turn asks for one new function of the pool as well (in the user's answer to the
agent's question, or beside the request that cannot be done), tested by the turn's own
behavioural checkpoint, so a reply that changes nothing loses it. The wording is drawn
from phrase lists and the live project (modules, function names, earlier requests).
"""

from __future__ import annotations

import re
from typing import Any

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner
from inspect_stamina.generator.planner.features import introduce_function

_OPENERS = (
    "",
    "Morning! ",
    "ok, next thing. ",
    "Quick one before lunch: ",
    "Right, ",
    "Two things. ",
    "So, ",
    "Hey, ",
)
_ALSO = (
    "Also: ",
    "And separately: ",
    "Second thing: ",
    "Unrelated, but while you're at it: ",
    "Plus one more request. ",
)
# what a reply that points out a mistake or contradiction says, whatever its wording
_POINTS_OUT = r"\bno\b|\bnot\b|n't|\bnever\b|\bcannot\b|\bdoes ?n.t\b|\binstead\b|\bactually\b"
_CONTRADICTS = (
    r"contradict|conflict|incompatible|impossible|can't|cannot|both|either|mutually|would break"
)


def _new_function(planner: Planner) -> tuple[str, str]:
    """Take the next ready function from the pool into the project: (its name, the ask)."""
    template, ask = introduce_function(planner)
    return template.name, ask


def _opened(planner: Planner, text: str) -> str:
    """`text` after a drawn opener (its first letter lower-cased after one)."""
    opener = planner.rng.choice(_OPENERS)
    return opener + (text[0].lower() + text[1:] if opener and not text.startswith("`") else text)


def _module_file(planner: Planner, module: str) -> str:
    return f"{planner.project.package}/{module}{planner.domain.lang.ext}"


def _turn(
    planner: Planner,
    number: int,
    kind: str,
    text: str,
    reply: str,
    tested: str,
    expect: dict[str, Any],
    answer: str | None = None,
) -> GeneratedTurn:
    turn = planner.code_turn(number, kind, text, reply, tested)
    turn.prompt["expect"] = expect
    if answer is not None:
        turn.prompt["answer"] = answer
    return turn


# details a request may leave open that no check depends on: the agent should pick one,
# say what it assumed, and go ahead
_OPEN_DETAILS = (
    "I haven't decided on the docstring style; pick whatever fits and tell me what you assumed.",
    "Whether it gets a usage example in its doc comment is your call, just say what you assumed.",
    "Name the internal variables however you like; tell me what you assumed about its inputs.",
    "I don't mind where in the file it goes; make a sensible assumption and mention it.",
    "Not sure how defensive it should be beyond what I said; assume something reasonable and say what.",
)


def vague_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A request too vague to act on (the user's answer, once asked, names a new
    function), or a clear request that leaves a detail open (assume, say so, go ahead)."""
    if planner.rng.random() < 0.4:
        return _assume_turn(planner, number)
    module = planner.rng.choice(planner.project.modules())
    where = _module_file(planner, module)
    vague = planner.rng.choice(
        (
            f"`{where}` feels incomplete. Add what's missing there?",
            f"Can you add the helper we talked about the other day to `{where}`?",
            f"the {module} part needs one more function, you know the one.",
            f"Add that function I mentioned for `{where}`.",
            f"We're missing something in `{where}`; please put it in.",
            f"Could you do the {module} thing now? The one from the meeting.",
            f"Let's finish `{where}` today: add the last piece it needs.",
        )
    )
    name, ask = _new_function(planner)
    answer = planner.rng.choice(
        (
            "Sorry, that was vague. I meant: ",
            "Right, I should have said. ",
            "Ah, my bad: ",
            "Fair question. Concretely: ",
        )
    )
    return _turn(
        planner,
        number,
        "vague",
        planner.noisy_prose(_opened(planner, vague)),
        f"Which function do you mean for {where}? Tell me its name and what it should "
        "return, and I will add it.",
        name,
        {"behaviour": "ask_clarification"},
        answer=answer + ask,
    )


def _assume_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A new function whose request leaves an unchecked detail open."""
    name, ask = _new_function(planner)
    return _turn(
        planner,
        number,
        "vague",
        planner.noisy_prose(_opened(planner, ask)) + " " + planner.rng.choice(_OPEN_DETAILS),
        f"Added {name}. I assumed the package's existing conventions for the open detail "
        "(the same docstring style as its neighbours, no extra input checks).",
        name,
        # the judge wants an assumption stated in the reply; the turn's check, the work
        {"behaviour": "state_assumption"},
    )


def _near_miss(name: str) -> str:
    """A name the user could misremember for `name`: plural flipped, or a word dropped."""
    if "_" in name:
        head, _, tail = name.rpartition("_")
        return f"{head}_{tail[:-1]}" if tail.endswith("s") and len(tail) > 3 else f"{name}s"
    camel = re.split(r"(?=[A-Z])", name)
    if len(camel) > 1:
        return "".join(camel[:-1]) + (
            camel[-1][:-1] if camel[-1].endswith("s") else camel[-1] + "s"
        )
    return name[:-1] if name.endswith("s") else name + "s"


Mistake = tuple[str, str, str]  # the mistaken request, a pattern the reply needs, why


def _wrong_file(planner: Planner, name: str, wrong: str) -> Mistake:
    module = planner.project.functions[name].module
    where, right = _module_file(planner, wrong), _module_file(planner, module)
    text = planner.rng.choice(
        (
            f"`{name}` in `{where}` needs a docstring example; add one there.",
            f"Please add a comment on the edge cases to `{name}`, the one in `{where}`.",
            f"I'm reading `{where}` and can't find where `{name}` checks its input; point me to the line.",
        )
    )
    return text, rf"\b{re.escape(module)}\b", f"{name} is not in {where}: it lives in {right}"


def _misremembered_name(planner: Planner, name: str) -> Mistake:
    project = planner.project
    where = _module_file(planner, project.functions[name].module)
    miss = _near_miss(name)
    while miss in project.functions or miss in project.aliases:
        miss += "_all"
    text = planner.rng.choice(
        (
            f"`{miss}` in `{where}` gives wrong answers on big inputs, please fix it.",
            f"Speed up `{miss}` in `{where}`, it's our hot path.",
            f"The tests for `{miss}` are flaky, can you look at `{where}`?",
        )
    )
    return text, rf"\b{re.escape(name)}\b", f"there is no {miss}; the closest is {name} in {where}"


_SEPARATORS = (", ", "; ", " / ", " - ", " | ")


def _misremembered_decision(planner: Planner, constant: str) -> Mistake:
    value = planner.project.constants[constant]
    shown = value.strip('"')
    if shown.isdigit():
        wrong = str(int(shown) * 2)
    elif len(shown) <= 3:
        wrong = '"' + planner.rng.choice([s for s in _SEPARATORS if s != shown]) + '"'
    else:
        wrong = f'"{shown.upper()}"'
    text = planner.rng.choice(
        (
            f"We agreed on `{constant} = {wrong}` at the start, didn't we? Mention that value in the module docstring of the config.",
            f"Remind the team in a comment that `{constant}` is {wrong}, as we decided early on.",
        )
    )
    # the constant named with its value: the prompt names it with the wrong one
    pattern = rf"\b{re.escape(constant)}\b[^.\n]{{0,20}}{re.escape(shown.strip() or value)}"
    return (
        text,
        pattern,
        f"we agreed on {constant} = {value}, not {wrong}, so I wrote nothing about it",
    )


def _wrong_value(planner: Planner, name: str, args: str, expected: str) -> Mistake:
    number = float(expected)
    wrong = (
        str(int(number) + 1) if number.is_integer() and "." not in expected else str(number + 0.5)
    )
    text = planner.rng.choice(
        (
            f"`{name}({args})` should give {wrong}, I think; please make it so.",
            f"I checked by hand: `{name}({args})` must be {wrong}. Fix `{name}` accordingly.",
        )
    )
    return (
        text,
        _number_pattern(expected),
        f"{name}({args}) is {expected} by the rule we agreed for it, not {wrong}, so I left it",
    )


def _number_pattern(expected: str) -> str:
    """The number as a reply may write it (5.0 as 5 too)."""
    whole = expected[:-2] if expected.endswith(".0") else None
    shown = rf"{re.escape(whole)}(\.0+)?" if whole is not None else re.escape(expected)
    return rf"(?<![\d.]){shown}(?![\d.])"


def _mistakes(planner: Planner) -> list[Mistake]:
    """Every kind of mistake the live project allows, one drawn per kind."""
    project, rng = planner.project, planner.rng
    name = rng.choice(sorted(project.functions))
    module = project.functions[name].module
    options = [_misremembered_name(planner, name)]
    others = [m for m in project.modules() if m != module]
    if others:
        options.append(_wrong_file(planner, name, rng.choice(others)))
    simple = [c for c, v in project.constants.items() if re.fullmatch(r'"[^"]+"|\d+', v)]
    if simple:
        options.append(_misremembered_decision(planner, rng.choice(sorted(simple))))
    numeric = [
        (n, case[0], case[1])
        for n, f in sorted(project.functions.items())
        for case in f.calls(f.cases)
        if isinstance(case, tuple)
        and re.fullmatch(r"-?\d+(\.\d+)?", case[1])
        and not re.search(_number_pattern(case[1]), case[0])  # the answer not in the question
    ]
    if numeric:
        options.append(_wrong_value(planner, *rng.choice(numeric)))
    return options


def erroneous_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A request built on a mistake (a misremembered name, file, decision or value)
    beside a clear one."""
    new, ask = _new_function(planner)
    mistakes = _mistakes(planner)
    planner.rng.shuffle(mistakes)
    for mistake in mistakes:
        text = _opened(planner, mistake[0]) + " " + planner.rng.choice(_ALSO) + ask
        # a pattern the prompt matches would pass an echo: the mistake's own must hold
        if not re.search(mistake[1], text, re.IGNORECASE):
            break
    _, pattern, explanation = mistake
    patterns = [p for p in (pattern, _POINTS_OUT) if not re.search(p, text, re.IGNORECASE)]
    return _turn(
        planner,
        number,
        "erroneous",
        planner.noisy_prose(text),
        f"About the first part: {explanation}. I added {new} as asked.",
        new,
        {"behaviour": "point_out_error", "workspace_unchanged": False, "reply_patterns": patterns},
    )


def contradictory_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A request that contradicts itself beside a clear one: say so, do the clear part."""
    project = planner.project
    name = planner.rng.choice(sorted(project.functions))
    module = project.functions[name].module
    where = _module_file(planner, module)
    contradiction = planner.rng.choice(
        (
            f"Make `{name}` return its result as a string from now on, but every existing "
            f"caller that uses `{name}`'s result as before must keep working unchanged.",
            f"Delete `{where}` altogether, but keep `{name}` importable from that same module, untouched.",
            f"Rename `{name}` to something shorter, but no name anywhere in the package may change.",
            f"`{name}` must never raise again, and it must raise ValueError on every input it gets.",
            f"Freeze `{where}` (no edits to it at all) and also change `{name}` inside it to log its arguments.",
        )
    )
    new, ask = _new_function(planner)
    text = _opened(planner, contradiction) + " " + planner.rng.choice(_ALSO) + ask
    patterns = [p for p in (_CONTRADICTS,) if not re.search(p, text, re.IGNORECASE)]
    return _turn(
        planner,
        number,
        "contradictory",
        planner.noisy_prose(text),
        f"The first request contradicts itself for {name}, so I cannot do both halves and "
        f"changed nothing there; which half do you want? I added {new} as asked.",
        new,
        {"behaviour": "point_out_error", "workspace_unchanged": False, "reply_patterns": patterns},
    )


__all__ = ["contradictory_turn", "erroneous_turn", "vague_turn"]
