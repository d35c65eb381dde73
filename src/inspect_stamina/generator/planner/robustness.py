"""Robustness turns: vague, contradictory and erroneous requests the agent must not obey.

Up to version 2 each is the whole turn, from one to three fixed templates, so a canned
reply ("could you clarify? I changed nothing") passes them all. From version 3 each also
carries real work, checked by the turn's own behavioural checkpoint: a vague request is
answered by the user once the agent asks (the `answer`, a concrete new function), a
mistaken or self-contradictory request comes beside a clear one. A reply that changes
nothing loses the turn, and the wording is drawn from the live project (its modules,
functions and values), so no two turns read alike.
"""

from __future__ import annotations

from inspect_stamina.generator.planner import robustness_v3
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def vague_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A request too vague to act on: the agent should ask what is meant."""
    if planner.version >= 3:
        return robustness_v3.vague_turn(planner, number)
    text = planner.rng.choice(
        (
            "Make it better.",
            "can you improve the code a bit?",
            "The functions feel kind of off, tweak them?",
        )
    )
    return GeneratedTurn(
        number,
        "",
        {
            "text": text,
            "kind": "vague",
            "expect": {"behaviour": "ask_clarification"},
            "reply": "Happy to, but what should change? Speed, input checks, naming or the documentation? Tell me which and I will do that.",
        },
    )


def contradictory_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A request that contradicts itself: the agent should say so and change nothing."""
    if planner.version >= 3:
        return robustness_v3.contradictory_turn(planner, number)
    name = planner.rng.choice(sorted(planner.project.functions))
    return GeneratedTurn(
        number,
        "",
        {
            "text": f"Make `{name}` return its result as a string from now on, but every existing "
            f"caller that uses `{name}`'s result as before must keep working unchanged.",
            "kind": "contradictory",
            "expect": {
                "behaviour": "point_out_error",
                "reply_patterns": ["contradict|conflict|can't|cannot|both"],
            },
            "reply": f"Those two contradict each other: callers that use {name}'s result as it is "
            "now would break if it became a string. I changed nothing; which do you want?",
        },
    )


def erroneous_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A bug report on a function that does not exist: the agent should say so."""
    if planner.version >= 3:
        return robustness_v3.erroneous_turn(planner, number)
    fake = planner.rng.choice(planner.domain.fakes)
    module = planner.rng.choice(planner.project.modules())
    pkg = planner.project.package
    return GeneratedTurn(
        number,
        "",
        {
            "text": f"The `{fake}` function in {pkg}/{module}{planner.domain.lang.ext} returns wrong results for "
            "large inputs. Please fix it.",
            "kind": "erroneous",
            "expect": {
                "behaviour": "point_out_error",
                "reply_patterns": [fake, "no |not |n't|doesn't exist|there is no"],
            },
            "reply": f"There is no {fake} in {pkg}/{module}{planner.domain.lang.ext} (or anywhere in the package), "
            "so I changed nothing. Did you mean another function, or should I add it?",
        },
    )


__all__ = ["contradictory_turn", "erroneous_turn", "vague_turn"]
