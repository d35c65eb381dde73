"""Bug-report turns: the user reports a real defect.

Up to version 2 the defect is the one a naive first body really has. From version 3 a
teammate's commit plants it before the turn (the turn's `setup`, run unseen by the
agent): a "faster" rewrite of the function appended to its module, which overrides the
agent's own definition. So the report is true for every agent that followed the earlier
prompts, whatever its code looks like, and `validate --fairness` can prove it: the
turn's test passes on the state before the turn without the setup and fails with it.
"""

from __future__ import annotations

from inspect_stamina.generator.merge import TEAMMATE_EOF
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def defective_functions(planner: Planner) -> list[str]:
    """Live functions a bug report can name: up to version 2 those that still have their
    naive body's defect; from version 3 those a teammate can still break as reported."""
    functions = planner.project.functions
    if planner.version < 3:
        return sorted(n for n, f in functions.items() if f.defective)
    return sorted(
        n
        for n, f in functions.items()
        if f.template.defect is not None
        and not f.changed  # the defect's cases are the first requirement's
        and n not in planner.planted
        and n not in planner.library_names
    )


def bug_report_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A bug report on a defective function (a template prompt), checked by the edge case."""
    if planner.version >= 3:
        return _planted_bug_turn(planner, number)
    name = planner.rng.choice(defective_functions(planner))
    live = planner.project.functions[name]
    defect = live.template.defect
    assert defect is not None
    live.body, live.defective = live.template.body, False
    turn = planner.code_turn(
        number,
        "bug",
        f"I found a bug in {{function_name}} in {{file_path}}: with {{edge_case}} {defect.symptom}.",
        f"Fixed {name}: with {defect.edge_case} it now behaves as described; the other cases are unchanged.",
        name,
        cases=defect.cases,
        raises=(),
    )
    turn.prompt.update(layer="template", target=name, edge_case=defect.edge_case)
    return turn


def _planted_bug_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A teammate's commit breaks a function before the turn; the user reports the symptom."""
    name = planner.rng.choice(defective_functions(planner))
    planner.planted.add(name)
    live = planner.project.functions[name]
    defect = live.template.defect
    assert defect is not None
    pkg, lang = planner.project.package, planner.domain.lang
    path = f"{pkg}/{live.module}{lang.ext}"
    who = planner.teammate
    opening = planner.rng.choice(
        (
            f"{who} pushed a faster `{name}` this morning (appended to `{path}`)",
            f"{who} committed a quicker `{name}` to the end of `{path}` yesterday",
            f"{who} merged a speed-up of `{name}` into `{path}` an hour ago",
            f"{who} rewrote `{name}` in `{path}` for speed (the new version is at the bottom)",
        )
    )
    report = planner.rng.choice(
        (
            f"Heads-up: {opening}, and now with {defect.edge_case} {defect.symptom}. Please fix it.",
            f"Bug: {opening}. Since then, with {defect.edge_case} {defect.symptom}. Can you sort it out?",
            f"{opening}; since then, with {defect.edge_case} {defect.symptom}. Fix it, please.",
        )
    )
    turn = planner.code_turn(
        number,
        "bug",
        planner.noisy_prose(report),
        f"{who}'s version of {name} broke {defect.edge_case}; {name} now behaves as "
        "stated again, and the other cases are unchanged.",
        name,
        cases=defect.cases,
        raises=(),
    )
    # the reference restores the module as the project model has it, override removed
    turn.files[path] = planner.rendered[path]
    naive = defect.naive_body
    setup = plant_override(lang.name, path, name, live.params(), naive, f"{who}: faster")
    turn.prompt.update(origin="harness", setup=setup)
    return turn


def plant_override(language: str, path: str, name: str, params: str, body: str, note: str) -> str:
    """A teammate's commit: an overriding definition appended to the function's module.

    Python: a later `def` of the same name replaces the module's attribute before the
    package's `__init__` imports it. JavaScript: the module's function binding is
    reassigned (an `export const` the agent wrote becomes `let` first, so the
    reassignment holds), and every importer sees it through the live binding.
    """
    if language == "javascript":
        code = f"\n// {note} {name}\n{name} = function {name}({params}) {{\n{body}\n}};\n"
        prepare = f"sed -i -E 's/^export const {name}\\b/export let {name}/' {path}\n"
    else:
        code = f"\n\n# {note} {name}\ndef {name}({params}):\n{body}\n"
        prepare = ""
    return f"{prepare}cat >> {path} <<'{TEAMMATE_EOF}'\n{code}{TEAMMATE_EOF}\n"


__all__ = ["bug_report_turn", "defective_functions", "plant_override"]
