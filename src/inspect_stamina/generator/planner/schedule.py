"""The turns fixed before the first is drawn: plants, probes, robustness, the merge, library."""

from __future__ import annotations

from collections.abc import Container

from inspect_stamina.generator.domains import Domain
from inspect_stamina.generator.model import FunctionTemplate, Plant

# from generator version 2, a domain with library functions gets turns at these shares of
# the script asking for them (the library is new to the agent: it must read its docs),
# and one that changes a requirement of one of them
LIBRARY_TURNS = ((0.2, "library"), (0.45, "library"), (0.62, "library_change"))
# robustness turns at fixed points too, so that short scripts have them
ROBUSTNESS_TURNS = ((0.25, "vague"), (0.5, "erroneous"), (0.75, "contradictory"))

MergePair = tuple[FunctionTemplate, FunctionTemplate]  # ours, the teammate's


def plant_turns(plants: tuple[Plant, ...]) -> dict[int, Plant]:
    """Turn -> the constant the user fixes in it."""
    return {2: plants[0], 4: plants[1]}


def probe_turns(plants: tuple[Plant, ...], total: int) -> dict[int, Plant]:
    """Turn -> the plant whose constant a new function must reuse in it."""
    return {
        max(round(0.55 * total), 14): plants[0],
        max(round(0.8 * total), 16): plants[1],
    }


def robustness_turns(total: int, taken: Container[int]) -> dict[int, str]:
    """Turn -> the kind of robustness prompt it holds, each on the first free turn."""
    turns: dict[int, str] = {}
    for share, kind in ROBUSTNESS_TURNS:
        at = round(share * total) + 1
        while at in taken or at in turns:
            at += 1
        turns[at] = kind
    return turns


def merge_reservation(
    domain: Domain,
    pool: list[FunctionTemplate],
    total: int,
    taken: Container[int],
    early: Container[str] = (),
) -> tuple[MergePair, dict[int, str]] | None:
    """Two functions of one module from `pool` and two free turns for the fork and the
    merge; never one of the `early` ones, which must be built long before the merge."""
    # not a function the domain builds first, and rather none a command is built on:
    # both wait for the merge, late in the script
    used = {u for command in domain.commands for u in command.uses}
    by_module: dict[str, list[FunctionTemplate]] = {}
    for template in pool:  # both wait for the merge, so neither needs any but the first
        if template.name in early:
            continue
        if template.name not in domain.first and set(template.requires) <= set(domain.first):
            by_module.setdefault(template.module, []).append(template)
    pairs = [ts[:2] for ts in by_module.values() if len(ts) >= 2]
    if not pairs:
        return None
    pairs.sort(key=lambda pair: any(t.name in used for t in pair))  # stable
    ours, theirs = pairs[0]
    at = round(0.6 * total)
    while at in taken or at + 1 in taken:
        at += 1
    return (ours, theirs), {at: "fork", at + 1: "merge"}


def library_turns(total: int, taken: Container[int]) -> dict[int, str]:
    """Turn -> `library` or `library_change`, each on the first free turn from its share."""
    turns: dict[int, str] = {}
    for share, kind in LIBRARY_TURNS:
        at = max(round(share * total), 3)
        while at in taken or at in turns:
            at += 1
        turns[at] = kind
    return turns


__all__ = [
    "LIBRARY_TURNS",
    "MergePair",
    "library_turns",
    "merge_reservation",
    "plant_turns",
    "probe_turns",
    "robustness_turns",
]
