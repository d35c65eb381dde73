"""Command-line turns (generator version 2): a subcommand, its changed rule, its bug report."""

from __future__ import annotations

import re

from inspect_stamina.generator import commands
from inspect_stamina.generator.model import CommandTemplate, LiveCommand
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def buildable_commands(planner: Planner) -> list[CommandTemplate]:
    """Commands not built yet whose functions and constants are all live."""
    live = {f.template.name for f in planner.project.functions.values()}
    return [
        c
        for c in planner.commands
        if c.name not in planner.project.commands
        and set(c.uses) <= live
        and set(c.constants) <= set(planner.project.constants)
    ]


def changeable_commands(planner: Planner) -> list[str]:
    """Live commands whose requirement can still change."""
    return [
        n
        for n, c in planner.project.commands.items()
        if c.template.change and not c.changed and not c.defective
    ]


def defective_commands(planner: Planner) -> list[str]:
    """Live commands that still have their naive handler's defect."""
    return [n for n, c in planner.project.commands.items() if c.defective]


def command_turn(planner: Planner, number: int) -> GeneratedTurn:
    """Ask for a buildable command (the first sets up the command line); maybe naive."""
    template = planner.rng.choice(buildable_commands(planner))
    # from version 3 a command is built as its request states it (see feature_turn)
    naive = planner.version < 3 and template.defect is not None and planner.rng.random() < 0.75
    body = template.defect.naive_body if naive and template.defect else template.body
    cases = template.cases
    if planner.version >= 3 and template.defect is not None:
        cases = (*cases, *template.defect.cases)
    first = not planner.project.commands
    planner.project.commands[template.name] = LiveCommand(
        template, template.arguments, body, cases, defective=naive
    )
    pkg, name = planner.project.package, template.name
    current = planner.project.current_names()
    uses = ", ".join(f"`{current[u]}`" for u in template.uses)
    summary = template.summary
    for u in template.uses:  # a function the summary names, by its name now
        summary = summary.replace(f"`{u}`", f"`{current[u]}`")
    ask = f"`python -m {pkg} {name} {template.usage}`: it {summary}."
    if first:
        ask = (
            f"Time for a command line on top of the library, starting with {ask} The "
            f"command line lives in `{pkg}/cli.py` (argparse, one subcommand per command, a "
            f"`main()` returning the exit code) and `{pkg}/__main__.py` runs it; an error "
            "such as a missing file goes to stderr as `error: ...` with exit code 1, never "
            "a traceback."
        )
    else:
        ask = planner.rng.choice(
            (f"Add a `{name}` command to the command line, {ask}", f"New command, {ask}")
        )
    return _black_box_turn(
        planner,
        number,
        "feature",
        planner.noisy_prose(f"{ask} Build it on {uses}."),
        f"Added the `{name}` command to {pkg}/cli.py, built on {uses}.",
        name,
        cases,
        f"`{name}` command works",
    )


def command_change_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A change of plan for a command; its earlier checks end here."""
    name = planner.rng.choice(changeable_commands(planner))
    live = planner.project.commands[name]
    change = live.template.change
    assert change is not None
    live.body, live.cases, live.changed = change.body, change.cases, True
    live.arguments = change.arguments or live.arguments
    planner.retire(f"command:{name}", number - 1)
    return _black_box_turn(
        planner,
        number,
        "feature",
        planner.noisy_prose(
            f"Change of plan for `python -m {planner.project.package} {name}`: {change.request}."
        ),
        f"The `{name}` command now follows the new rule: {change.request}.",
        name,
        change.cases,
        f"`{name}` command follows the change",
    )


def command_bug_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A bug report on a defective command, checked by the edge case."""
    name = planner.rng.choice(defective_commands(planner))
    live = planner.project.commands[name]
    defect = live.template.defect
    assert defect is not None
    live.body, live.defective = live.template.body, False
    return _black_box_turn(
        planner,
        number,
        "bug",
        f"Bug in `python -m {planner.project.package} {name}`: with {defect.edge_case}, "
        f"{defect.symptom}.",
        f"Fixed the `{name}` command: with {defect.edge_case} it now behaves as described.",
        name,
        defect.cases,
        f"`{name}` command fixed",
    )


_OUT = re.compile(r"out = tmp_path / '([\w.-]+)'")


def hostile_output_case(case: str) -> str | None:
    """A command test that writes through ``-o out``, turned on the command line's guard:
    the same run with an output path that climbs out through `..` must be refused."""
    lines = case.splitlines()
    defined = [i for i, line in enumerate(lines) if _OUT.fullmatch(line)]
    runs = [
        i
        for i, line in enumerate(lines)
        if line.startswith("result = run(") and "'-o', out" in line
    ]
    # only a run that succeeds as it is: an earlier error would mask the guard's
    succeeds = "assert result.returncode == 0" in case
    if not succeeds or not defined or not runs or defined[0] > runs[0]:
        return None
    name = _OUT.fullmatch(lines[defined[0]]).group(1)  # type: ignore[union-attr]
    # an existing directory to climb out of: without the guard the file lands beside it
    lines[defined[0]] = f"(tmp_path / 'sub').mkdir()\nout = tmp_path / 'sub' / '..' / '{name}'"
    return "\n".join(
        [
            *lines[: runs[0] + 1],
            "assert result.returncode == 1",
            f"assert '{commands.UNSAFE_OUTPUT}' in result.stderr",
            "assert 'Traceback' not in result.stderr",
            f"assert not (tmp_path / '{name}').exists()",
        ]
    )


def guardable_commands(planner: Planner) -> list[str]:
    """Live commands with a test that writes through ``-o``, while the guard is missing
    (version 3: a late security fix)."""
    if planner.version < 3 or planner.project.guarded_output:
        return []
    return sorted(
        n
        for n, c in planner.project.commands.items()
        if any(hostile_output_case(case) for case in c.cases)
    )


def command_security_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A security fix: every command refuses an output path that climbs out through `..`;
    checked with hostile paths, and the command's own cases (other paths keep working)."""
    name = planner.rng.choice(guardable_commands(planner))
    live = planner.project.commands[name]
    planner.project.guarded_output = True
    hostile = [h for h in (hostile_output_case(c) for c in live.cases) if h][:2]
    pkg = planner.project.package
    text = planner.noisy_prose(
        f"Security fix before this goes anywhere shared: `-o`/`--output` takes any path, so "
        f"`python -m {pkg} {name} ... -o reports/../../elsewhere.csv` writes outside where "
        f"the path points. Make every command refuse an output path that has a `..` part: "
        f"print `error: {commands.UNSAFE_OUTPUT}: PATH` to stderr, exit with code 1 and "
        f"write nothing. Other output paths keep working as before."
    )
    return _black_box_turn(
        planner,
        number,
        "feature",
        text,
        f"Every command now refuses an output path with a `..` part ({commands.UNSAFE_OUTPUT}, "
        "exit code 1, nothing written); other paths work as before.",
        name,
        (*hostile, *live.cases),
        f"`{name}` refuses an output path that climbs out",
    )


def _black_box_turn(
    planner: Planner,
    number: int,
    kind: str,
    text: str,
    reply: str,
    name: str,
    cases: tuple[str, ...],
    label: str,
) -> GeneratedTurn:
    """A code turn whose checkpoint runs the command line black-box."""
    turn = planner.code_turn(number, kind, text, reply, None)
    turn.test_file = f"tests/test_t{number:03d}_cli_{name.replace('-', '_')}.py"
    turn.test = commands.test(planner.project.package, [(name, cases)])
    turn.checkpoint = {"action": "run_tests", "name": label}
    planner.checks_of.setdefault(f"command:{name}", []).append(turn)
    return turn


__all__ = [
    "buildable_commands",
    "changeable_commands",
    "command_bug_turn",
    "command_change_turn",
    "command_security_turn",
    "command_turn",
    "defective_commands",
    "guardable_commands",
    "hostile_output_case",
]
