"""Bug-report turns: the user reports the defect a naive first body really has."""

from __future__ import annotations

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def defective_functions(planner: Planner) -> list[str]:
    """Live functions that still have their naive body's defect."""
    return sorted(n for n, f in planner.project.functions.items() if f.defective)


def bug_report_turn(planner: Planner, number: int) -> GeneratedTurn:
    """A bug report on a defective function (a template prompt), checked by the edge case."""
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


__all__ = ["bug_report_turn", "defective_functions"]
