"""Refactoring turns: rename a function with its old name kept, move one to its own module,
change a function's signature and every call of it (version 3)."""

from __future__ import annotations

from inspect_stamina.generator import commands, signatures
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner

MAX_SIGNATURE_CHANGES = 2  # per script: refactors of other kinds have their turns too


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
    warns = lang.deprecation_test(old, new, functions[new].call(cases[0][0]))
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


def _callers(planner: Planner, name: str) -> dict[str, list[str]]:
    """The live commands whose handler calls `name` with more than one positional
    argument -> those calls, as the handler holds them now (current names)."""
    live = planner.project.functions[name]
    found: dict[str, list[str]] = {}
    for command, cli in planner.project.commands.items():
        if live.template.name in cli.template.uses:
            calls = signatures.positional_calls(cli.body, live.template.name)
            if calls:
                found[command] = [name + call[len(live.template.name) :] for call in calls]
    return found


def _positional_case(planner: Planner, name: str) -> str | None:
    """Arguments of one of the function's cases passing more than one by position."""
    cases = planner.project.functions[name].cases
    return next((a for a, _ in cases if signatures.positional_count(a) > 1), None)


def keyword_only_functions(planner: Planner) -> list[str]:
    """Live functions whose parameters can become keyword-only, that a command calls
    passing more than one by position, and that a case calls so too (version 3)."""
    functions = planner.project.functions.values()
    if planner.version < 3 or sum(f.keyword_only for f in functions) >= MAX_SIGNATURE_CHANGES:
        return []
    return sorted(
        name
        for name, live in planner.project.functions.items()
        if not live.keyword_only
        and signatures.can_be_keyword_only(live.template.params)
        and _callers(planner, name)
        and _positional_case(planner, name) is not None
    )


def keyword_only_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A signature change across modules: the parameters after the first become
    keyword-only and every call in the package names them; checked on the function's
    cases by keyword, a positional call refused, and the calling commands' cases."""
    name = planner.rng.choice(keyword_only_functions(planner))
    live, pkg = planner.project.functions[name], planner.project.package
    callers, positional = _callers(planner, name), _positional_case(planner, name)
    assert positional is not None
    first, *rest = signatures.parameter_names(live.template.params)
    planner.retire(name, number - 1)  # their cases pass arguments by position
    live.keyword_only = True
    signature = f"`{name}({live.params()})`"
    example = callers[sorted(callers)[0]][0]
    listed = " and ".join(f"`{r}`" for r in rest)
    why = (
        f"people keep passing `{name}`'s arguments in the wrong order"
        if len(rest) > 1
        else f"nobody reading `{example}` can tell what the second argument is"
    )
    text = planner.rng.choice(
        (
            f"Refactor: {why}, so make every parameter after `{first}` keyword-only, "
            f"{signature}, and update every call in the package, the command line's "
            "included. Nothing else changes.",
            f"Call sites such as `{example}` don't say what they mean. Change the signature "
            f"to {signature} (everything after `{first}` keyword-only) and fix all the "
            f"callers, `{pkg}/cli.py` too; the behaviour stays as it is.",
            f"Signature change for `{name}`: from now on it is {signature}, with {listed} "
            "passed by keyword only. Update every caller in the package in the same change "
            "so that the commands keep working.",
        )
    )
    uses = ", ".join(f"`{c}`" for c in sorted(callers))
    turn = planner.code_turn(
        number,
        "refactor",
        planner.noisy_prose(text),
        f"{name} now takes {', '.join(rest)} by keyword only; I updated its calls in "
        f"{pkg}/cli.py (the {uses} command{'s' if len(callers) > 1 else ''}), which "
        "behave as before.",
        name,
        extra=(
            f"\n\ndef test_{name}_takes_keywords_only():\n"
            "    with pytest.raises(TypeError):\n"
            f"        {name}({positional})\n"
        ),
    )
    assert turn.test is not None and turn.checkpoint is not None
    # the callers too, black-box (their requirements are unchanged): one file, its
    # imports on top
    imports, _, tests = turn.test.partition("\n\n\n")
    if not imports.startswith("import pytest"):
        imports = "import pytest\n\n" + imports
    runs = [(c, planner.project.commands[c].cases) for c in sorted(callers)]
    turn.test = commands.test(pkg, runs, imports=imports) + "\n\n" + tests
    for command in callers:  # a command's changed requirement ends this check too
        planner.checks_of.setdefault(f"command:{command}", []).append(turn)
    turn.checkpoint["name"] = f"{name} takes keywords; its callers updated"
    return turn


__all__ = [
    "MAX_SIGNATURE_CHANGES",
    "keyword_only_functions",
    "keyword_only_turn",
    "movable_functions",
    "move_turn",
    "renamable_functions",
    "rename_turn",
]
