"""Feature turns: a new function, a changed requirement, a correction in the next turn."""

from __future__ import annotations

from inspect_stamina.generator.model import FunctionTemplate
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def changeable_functions(planner: Planner) -> list[str]:
    """Live functions whose requirement can still change (not a library function's)."""
    # a library function's change has a turn of its own (schedule.LIBRARY_TURNS)
    return sorted(
        n
        for n, f in planner.project.functions.items()
        if f.template.change
        and not f.changed
        and not f.defective
        and n not in planner.library_names
    )


def introduce_function(
    planner: Planner, template: FunctionTemplate | None = None
) -> tuple[FunctionTemplate, str]:
    """Add `template`, or the next ready function of the pool, to the project: (it, the ask)."""
    template = template or planner.pool.pop(planner.ready())
    # up to version 2 a function may start with its defect, which a later bug report
    # names although the prompt stated the property (issue: such a report is false for an
    # agent that followed the prompt); from version 3 the request is built as stated and
    # a teammate's later commit plants the defect (bugs.py)
    naive = planner.version < 3 and template.defect is not None and planner.rng.random() < 0.75
    body = template.defect.naive_body if naive and template.defect else template.body
    planner.add(template, body, defective=naive)
    pkg = planner.project.package
    return template, planner.rng.choice(planner.domain.lang.feature_asks(pkg, template))


def feature_turn(
    planner: Planner, number: int, first: bool = False, template: FunctionTemplate | None = None
) -> GeneratedTurn:
    """Ask for `template`, or the next ready function of the pool; maybe naive at first."""
    template, ask = introduce_function(planner, template)
    pkg, lang = planner.project.package, planner.domain.lang
    where = f"{pkg}/{template.module}{lang.ext}"
    if first:
        ask = f"{lang.intro(pkg)}. {ask}"
    text = planner.noisy_request(ask)
    if first and planner.version >= 3:  # the rules are scored from the turn that states them
        text += " " + planner.rules_statement()
    turn = planner.code_turn(
        number,
        "feature",
        text,
        f"Added {template.name} to {where} and exported it from {pkg}.",
        template.name,
    )
    _maybe_correct(planner, number, template.name)
    return turn


def _maybe_correct(planner: Planner, number: int, name: str) -> None:
    # version 2: now and then the user corrects a request in the very next turn, as
    # people do (a change of the function just asked for)
    if planner.version < 2 or name not in changeable_functions(planner):
        return
    taken = {
        **planner.plant_turns,
        **planner.probe_turns,
        **planner.merge_turns,
        **planner.library_turns,
        **planner.robustness_turns,
    }
    if number + 1 <= planner.total and number + 1 not in taken and planner.rng.random() < 0.3:
        planner.corrections[number + 1] = name


def change_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A change of plan for a function whose requirement has not changed yet."""
    return requirement_change_turn(
        planner, number, planner.rng.choice(changeable_functions(planner))
    )


def correction_turn(planner: Planner, number: int) -> GeneratedTurn:
    """The user correcting the function asked for in the turn before."""
    name = planner.corrections.pop(number)
    return requirement_change_turn(planner, number, name, correction=True)


def requirement_change_turn(
    planner: Planner, number: int, name: str, correction: bool = False
) -> GeneratedTurn:
    """Change `name` to its template's new requirement; its earlier checks end here."""
    live = planner.project.functions[name]
    change = live.template.change
    assert change is not None
    live.body, live.cases, live.raises, live.changed = (
        change.body,
        change.cases,
        change.raises,
        True,
    )
    planner.retire(name, number - 1)
    text = planner.noisy_request(
        f"Sorry, I got `{name}` wrong in my last message. Correction: {change.request}."
        if correction
        else f"Change of plan for `{name}`: {change.request}."
    )
    reply = f"{name} now follows the new rule: {change.request}."
    turn = planner.code_turn(number, "feature", text, reply, name)
    if turn.checkpoint is not None:
        turn.checkpoint["name"] = f"{name} follows the change"
    return turn


__all__ = [
    "change_turn",
    "changeable_functions",
    "correction_turn",
    "feature_turn",
    "requirement_change_turn",
]
