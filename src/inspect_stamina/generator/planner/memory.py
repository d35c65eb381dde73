"""Memory turns: a constant the user decides early, and a function that must reuse it later."""

from __future__ import annotations

from inspect_stamina.generator.model import Plant
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def plant_turn(planner: Planner, number: int, plant: Plant) -> GeneratedTurn:
    """The user fixes `plant`'s constant in the package's config module."""
    planner.project.constants[plant.constant] = plant.value
    pkg, lang = planner.project.package, planner.domain.lang
    where = f"{pkg}/config{lang.ext}"
    turn = planner.code_turn(
        number,
        "memory_plant",
        f"A decision for the whole package: {plant.fact}. Put the constant "
        f"`{plant.constant} = {plant.value}` in `{where}`, and use it wherever it applies "
        "from now on.",
        f"Added {plant.constant} = {plant.value} to {where}.",
        None,
    )
    command, expected = lang.constant_check(pkg, plant.constant, plant.value)
    turn.checkpoint = {
        "action": "docker_exec",
        "name": f"{plant.constant} decided",
        "command": command,
        "expected": expected,
    }
    return turn


def probe_turn(planner: Planner, number: int, plant: Plant) -> GeneratedTurn:
    """A new function that must reuse `plant`'s constant without being told its value."""
    template = plant.probe
    assert all(r in planner.project.functions for r in template.requires), template.name
    planner.add(template, template.body)
    pkg = planner.project.package
    return planner.code_turn(
        number,
        "memory_probe",
        planner.noisy_request(planner.domain.lang.probe_ask(pkg, template)),
        f"Added {template.name}, which uses {plant.constant} from {pkg}/config{planner.domain.lang.ext} as we agreed.",
        template.name,
    )


__all__ = ["plant_turn", "probe_turn"]
