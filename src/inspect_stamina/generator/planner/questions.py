"""Question turns: the user asks what the package exports, and nothing changes."""

from __future__ import annotations

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def explain_turn(planner: Planner, number: int, regression_run: bool = False) -> GeneratedTurn:
    """A question about the package's exports; with `regression_run`, a checkpoint too."""
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


__all__ = ["explain_turn"]
