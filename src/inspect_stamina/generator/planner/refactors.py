"""Refactoring turns: rename a function with its old name kept, move one to its own module."""

from __future__ import annotations

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def renamable_functions(planner: Planner) -> list[str]:
    """Live functions the domain has a new name for and that were not renamed yet."""
    aliased = set(planner.project.aliases.values())
    functions = planner.project.functions
    return sorted(
        n
        for n in functions
        if n in planner.domain.renames
        and n not in aliased
        # version 3: not one moved into its namesake module, whose check names it
        and (planner.version < 3 or functions[n].module != n)
    )


def movable_functions(planner: Planner) -> list[str]:
    """Live functions that share their module and are not its namesake."""
    modules = [f.module for f in planner.project.functions.values()]
    return sorted(
        n
        for n, f in planner.project.functions.items()
        if modules.count(f.module) > 1 and f.module != n
    )


def rename_turn(planner: Planner, number: int) -> GeneratedTurn:
    """Rename a function, the old name kept as an alias; checked under both names."""
    old = planner.rng.choice(renamable_functions(planner))
    new = planner.domain.renames[old]
    functions = planner.project.functions
    functions[new] = functions.pop(old)
    for alias, target in list(planner.project.aliases.items()):
        if target == old:
            planner.project.aliases[alias] = new
    planner.project.aliases[old] = new
    planner.checks_of[new] = planner.checks_of.pop(old, [])
    text = planner.noisy_request(
        f"Rename `{old}` to `{new}`, it reads better. Existing code calls `{old}`, so keep "
        f"that name working too."
    )
    return planner.code_turn(
        number,
        "refactor",
        text,
        f"Renamed {old} to {new}; {old} stays as an alias of it, so existing callers keep working.",
        new,
        also=old,
    )


def move_turn(planner: Planner, number: int) -> GeneratedTurn:
    """Move a function into a module of its own; checked by where it now lives."""
    name = planner.rng.choice(movable_functions(planner))
    planner.project.functions[name].module = name
    pkg, lang = planner.project.package, planner.domain.lang
    where = f"{pkg}/{name}{lang.ext}"
    turn = planner.code_turn(
        number,
        "refactor",
        planner.noisy_request(
            f"Refactor: move `{name}` into its own module `{where}`. "
            f"{lang.import_hint(pkg, name)} must keep working."
        ),
        f"Moved {name} into {where}; the package still exports it.",
        None,
    )
    turn.checkpoint = {
        "action": "docker_exec",
        "name": f"{name} has its own module",
        "command": lang.module_check(pkg, name, name),
        "expected": name,
        "behavioural": False,
    }
    return turn


__all__ = ["movable_functions", "move_turn", "renamable_functions", "rename_turn"]
