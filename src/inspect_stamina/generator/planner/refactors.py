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
    lang, cases = planner.domain.lang, functions[new].cases
    # version 3: half the renames retire the old name properly, where the language can
    # say so (a deprecation warning naming the new one); the draw only where it can
    deprecate = (
        planner.version >= 3
        and bool(cases)
        and lang.deprecation_test(old, new, "") is not None
        and planner.rng.random() < 0.5
    )
    if not deprecate:
        text = planner.noisy_request(
            f"Rename `{old}` to `{new}`, it reads better. Existing code calls `{old}`, so keep "
            f"that name working too."
        )
        return planner.code_turn(
            number,
            "refactor",
            text,
            f"Renamed {old} to {new}; {old} stays as an alias of it, so existing callers keep "
            "working.",
            new,
            also=old,
        )
    planner.project.deprecated.add(old)
    text = planner.noisy_request(
        f"Rename `{old}` to `{new}`, it reads better. Other teams still call `{old}`, so "
        f"keep it working for one more release, but make every call to it emit a "
        f"`DeprecationWarning` whose message names `{new}`, so they know what to switch to."
    )
    turn = planner.code_turn(
        number,
        "refactor",
        text,
        f"Renamed {old} to {new}; {old} still works but warns (DeprecationWarning) that it is "
        f"deprecated in favour of {new}.",
        new,
        also=old,
    )
    warns = lang.deprecation_test(old, new, cases[0][0])
    assert turn.test is not None and warns is not None
    if not turn.test.startswith("import pytest"):
        turn.test = "import pytest\n\n" + turn.test
    turn.test += warns
    return turn


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
