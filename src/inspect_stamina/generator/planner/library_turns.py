"""Library turns: functions built on the library shipped in the image, and a change of one."""

from __future__ import annotations

from inspect_stamina.generator import library
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner
from inspect_stamina.generator.planner.features import requirement_change_turn
from inspect_stamina.generator.planner.questions import explain_turn


def library_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A function built on the image's library, checked by its results and its import."""
    # the library is new to the agent: it must learn it from its docs
    template = planner.library_pool.pop(0)
    planner.add(template, template.body)
    planner.library_names.append(template.name)
    pkg, lang = planner.project.package, planner.domain.lang
    where = f"{pkg}/{template.module}{lang.ext}"
    lib = f"`{library.NAME}` library (installed in the sandbox; its docs are in {library.DOCS})"
    ask = planner.rng.choice(
        (
            f"We've standardised on the {lib}. Add `{template.name}({template.params})` to "
            f"`{where}` using it: it returns {template.summary}. Export it from the package.",
            f"New helper `{template.name}({template.params})` in {where}, returning "
            f"{template.summary}. Build it on the {lib}, which the team uses for this now, "
            f"rather than by hand; export it from `{pkg}`.",
        )
    )
    turn = planner.code_turn(
        number,
        "feature",
        planner.noisy(ask),
        f"Added {template.name} to {where}, built on {library.NAME}, and exported it from {pkg}.",
        template.name,
    )
    turn.more_checkpoints.append(
        {
            "action": "docker_exec",
            "name": f"{template.name} uses {library.NAME}",
            "command": library.import_check(pkg, template.name),
            "expected": library.IMPORTS,
            "behavioural": False,
        }
    )
    return turn


def library_change_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A changed requirement of a library function, which another part of its API meets."""
    functions = planner.project.functions
    names = [
        n
        for n in planner.library_names
        if functions[n].template.change and not functions[n].changed
    ]
    if not names:  # never so far: LIBRARY_TURNS puts the change after the features
        if planner.library_pool:
            return library_turn(planner, number)
        return explain_turn(planner, number, True)
    return requirement_change_turn(planner, number, planner.rng.choice(names))


__all__ = ["library_change_turn", "library_turn"]
