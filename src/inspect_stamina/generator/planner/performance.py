"""Performance turns (version 3's late phase): a teammate's slow rewrite, made fast again.

A teammate's commit, the turn's setup, appends a correct but quadratic rewrite of a
live function to its module (`catalogue/slowdowns.py`). The user reports that a job
over a large input now crawls and asks for the function to handle that input in under
a second with the same results. The turn's test times the agent's function on that
input against the reference body in the same sandbox (`Language.timing_test`), beside
the function's cases: it fails on the project before the turn, setup applied, and
passes once the function is fast again, whatever the agent's earlier code looked like.
"""

from __future__ import annotations

from inspect_stamina.generator.planner.bugs import plant_override
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner

MAX_PER_SCRIPT = 2  # a performance fix or two; the late phase has other work too


def slowable_functions(planner: Planner) -> list[str]:
    """Live functions a teammate can slow down: a slow rewrite is catalogued for them,
    their requirement has not changed and none has been slowed before (a defect a
    teammate planted earlier has been fixed by then: the module is the reference's)."""
    if len(planner.slowed) >= MAX_PER_SCRIPT:
        return []
    slowdowns = planner.domain.slowdowns  # catalogued only where the language times
    return sorted(
        name
        for name, live in planner.project.functions.items()
        if live.template.name in slowdowns
        and not live.changed  # the reference body is the first requirement's
        and not live.keyword_only  # the timing test passes its arguments by position
        and name not in planner.slowed
        and name not in planner.library_names
    )


def performance_turn(planner: Planner, number: int) -> GeneratedTurn:
    """The user reports the slow-down on a large input; the check times the fix."""
    name = planner.rng.choice(slowable_functions(planner))
    planner.planted.add(name)
    planner.slowed.add(name)
    live = planner.project.functions[name]
    slow = planner.domain.slowdowns[live.template.name]
    lang, who = planner.domain.lang, planner.teammate
    path = f"{planner.project.package}/{live.module}{lang.ext}"
    opening = planner.rng.choice(
        (
            f"{who} rewrote `{name}` in `{path}` to make it easier to read (the new "
            "version is at the bottom of the file)",
            f"{who} pushed a shorter `{name}` to the end of `{path}` yesterday",
            f"{who} replaced `{name}` with a simpler version, appended to `{path}`",
        )
    )
    report = planner.rng.choice(
        (
            f"{opening}, and since then the nightly job that calls it on {slow.size} "
            f"crawls. Make `{name}` handle {slow.size} in under a second again, with "
            "exactly the same results.",
            f"{opening}. Now a run on {slow.size} takes seconds instead of milliseconds. "
            f"Please make it fast again: {slow.size} in under a second, same results as "
            "before.",
            f"Performance regression: {opening}, and {slow.size} now takes ages. "
            f"`{name}` must take under a second on {slow.size}; its results must not change.",
        )
    )
    timing = lang.timing_test(name, live, slow.arguments)
    assert timing is not None
    turn = planner.code_turn(
        number,
        "bug",
        planner.noisy_prose(report),
        f"{who}'s rewrite of {name} was quadratic; {name} is back to a single pass, handles "
        f"{slow.size} in milliseconds and returns the same results.",
        name,
        extra=timing,
    )
    assert turn.checkpoint is not None
    turn.checkpoint["name"] = f"{name} fast again"
    # the reference restores the module as the project model has it, override removed
    turn.files[path] = planner.rendered[path]
    setup = plant_override(lang.name, path, name, live.params(), slow.slow_body, f"{who}: simpler")
    turn.prompt.update(origin="harness", setup=setup)
    return turn


__all__ = ["MAX_PER_SCRIPT", "performance_turn", "slowable_functions"]
