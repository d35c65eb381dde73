"""The script loader: valid scripts load into turns; every bad input names file, field and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.script import FOLLOWUP_TEXT, ScriptError
from inspect_stamina.stamina.task import bundled_scripts, resolve_script

MINI = Path(__file__).parent / "fixtures" / "mini"


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    """A writable copy of the mini script's directory; returns its script.yaml."""
    target = tmp_path / "mini"
    shutil.copytree(MINI, target)
    return target / "script.yaml"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(
        i
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if needle in line
    )


def problems(path: Path) -> str:
    with pytest.raises(ScriptError) as info:
        load_script(path)
    return str(info.value)


def test_mini_script_turns() -> None:
    loaded = load_script(MINI / "script.yaml")
    turns = loaded.turns()
    assert [t.number for t in turns] == [1, 2, 3, 4, 5, 6]
    assert [t.prompt.user_layer for t in turns] == [
        "scripted",
        "llm",
        "scripted",
        "template",
        "scripted",
        "template",
    ]
    # a plain string prompt is a feature prompt
    assert turns[4].prompt.kind == "feature" and turns[4].prompt.text.startswith("Explain what")
    # a phase whose prompts run out asks the seed's follow-up through the template layer
    assert turns[5].prompt.text == FOLLOWUP_TEXT and turns[5].prompt.kind == "followup"
    assert [c.action for c in turns[0].checkpoints] == ["run_tests"]
    assert turns[2].last_of_phase and not turns[1].last_of_phase


def test_bundled_starter_script_is_complete() -> None:
    assert "inventory_cli" in bundled_scripts()
    loaded = resolve_script("inventory_cli")
    script = loaded.script
    turns = loaded.turns()
    assert script.total_turns >= 25 and len(turns) == script.total_turns
    assert loaded.missing_references() == []
    kinds = {t.prompt.kind for t in turns}
    assert kinds >= {
        "feature",
        "bug",
        "refactor",
        "vague",
        "contradictory",
        "erroneous",
        "explain",
        "memory_plant",
        "memory_probe",
    }
    assert {c.action for c in loaded.checkpoints()} == {"docker_exec", "run_tests"}
    assert len(script.memory_probes) >= 2 and len(script.consistency_rules) >= 3
    assert sum(t.prompt.kind in ("vague", "contradictory", "erroneous") for t in turns) >= 3
    references = {Path(t.prompt.reference).suffix or "dir" for t in turns if t.prompt.reference}
    assert references == {"dir", ".sh", ".patch"}  # every reference format is exercised


@pytest.mark.parametrize(
    ("old", "new", "field", "needle", "message"),
    [
        ("total_turns: 6", "total_turns: 7", "total_turns", "total_turns", "phases cover 1..6"),
        (
            "turn_range: [4, 6]",
            "turn_range: [3, 6]",
            "narrative_script[1].turn_range",
            "turn_range: [3, 6]",
            "overlaps",
        ),
        (
            "turn_range: [4, 6]",
            "turn_range: [5, 6]",
            "narrative_script[1].turn_range",
            "turn_range: [5, 6]",
            "leaves a gap",
        ),
        (
            "      - at_turn: 2\n",
            "      - at_turn: 5\n",
            "narrative_script[0].evaluation_checkpoints[1].at_turn",
            "at_turn: 5",
            "outside its phase 1..3",
        ),
        (
            "action: docker_exec",
            "action: docker_run",
            "narrative_script[0].evaluation_checkpoints[1].action",
            "docker_run",
            "docker_exec",
        ),
        (
            "test_file: tests/test_add.py",
            "test_file: tests/test_gone.py",
            "narrative_script[0].evaluation_checkpoints[0].test_file",
            "test_gone",
            "not found",
        ),
        (
            "reference: references/turn_03",
            "reference: references/turn_09",
            "narrative_script[1].user_prompts[0].reference",
            "turn_09",
            "not found",
        ),
        (
            "task_name: Mini calculator",
            "task_name: Mini calculator\nauthor: me",
            "author",
            "author: me",
            "Extra inputs are not permitted",
        ),
        (
            "        kind: vague\n",
            "        kind: fuzzy\n",
            "narrative_script[0].user_prompts[2].kind",
            "kind: fuzzy",
            "vague",
        ),
        (
            "run_acceptance_tests: acceptance/",
            "run_acceptance_tests: nowhere/",
            "final_evaluation[0].run_acceptance_tests",
            "nowhere/",
            "not found",
        ),
        (
            "rejects {edge_case}",
            "rejects {edge_cases}",
            "narrative_script[1].user_prompts[0].text",
            "edge_cases",
            "unknown template variable",
        ),
        (
            "    planted_at: 1",
            "    planted_at: 3",
            "memory_probes[0].planted_at",
            "planted_at: 3",
            "not a memory_plant",
        ),
        (
            '      grep: "\\\\bprint\\\\("',
            '      grep: "([unclosed"',
            "consistency_rules[0].check",
            "    check:",
            "not a valid regex",
        ),
    ],
)
def test_bad_script_is_located(
    mini: Path, old: str, new: str, field: str, needle: str, message: str
) -> None:
    edit(mini, old, new)
    text = problems(mini)
    assert f"{mini}:{line_of(mini, needle)}: {field}: " in text, text
    assert message in text, text


def test_robustness_turn_needs_expectation(mini: Path) -> None:
    edit(mini, "        expect:\n          behaviour: ask_clarification\n", "")
    text = problems(mini)
    assert "narrative_script[0].user_prompts[2]: a vague prompt needs expect:" in text


def test_every_problem_is_reported_at_once(mini: Path) -> None:
    edit(mini, "total_turns: 6", "total_turns: 9")
    edit(mini, "test_file: tests/test_add.py", "test_file: tests/nope.py")
    text = problems(mini)
    assert "2 problem(s)" in text and "total_turns" in text and "tests/nope.py" in text


def test_invalid_yaml_names_the_line(mini: Path) -> None:
    edit(mini, "phase: Features", "phase: Features: broken")
    text = problems(mini)
    assert f"{mini}:{line_of(mini, 'Features: broken')}:" in text and "not valid YAML" in text


@pytest.mark.parametrize("content", ["just a string\n", "- a\n- list\n", ""])
def test_not_a_mapping(tmp_path: Path, content: str) -> None:
    path = tmp_path / "script.yaml"
    path.write_text(content)
    assert "a script is a YAML mapping" in problems(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="does not exist"):
        load_script(tmp_path / "absent.yaml")


def test_seed_format_loads(tmp_path: Path) -> None:
    """The seed's own format (plain string prompts, both actions) loads unchanged."""
    (tmp_path / "backend" / "tests").mkdir(parents=True)
    (tmp_path / "backend" / "tests" / "test_todo_api.py").write_text("def test_x():\n    pass\n")
    (tmp_path / "acceptance_tests").mkdir()
    seed = {
        "task_name": "Full-Stack Todo Application with Iterative Development",
        "total_turns": 15,
        "programming_languages": ["python", "javascript"],
        "frameworks": ["django", "react"],
        "narrative_script": [
            {
                "turn_range": [1, 15],
                "phase": "Project Initialization Core Setup",
                "user_prompts": [
                    "Initialize a Django project named backend for a todo app. Use Django REST Framework for APIs."
                ],
                "evaluation_checkpoints": [
                    {
                        "at_turn": 5,
                        "action": "docker_exec",
                        "command": "cd backend && python manage.py migrate",
                        "expected": "OK",
                    },
                    {
                        "at_turn": 15,
                        "action": "run_tests",
                        "test_file": "backend/tests/test_todo_api.py",
                    },
                ],
            }
        ],
        "final_evaluation": [
            {"run_acceptance_tests": "acceptance_tests/"},
            {"static_analysis": ["pylint", "bandit"]},
            {"calculate_metrics": ["completion_score", "code_quality_score", "consistency_score"]},
        ],
    }
    path = tmp_path / "seed.yaml"
    path.write_text(yaml.safe_dump(seed, sort_keys=False))
    loaded = load_script(path)
    turns = loaded.turns()
    assert len(turns) == 15 and turns[0].prompt.kind == "feature"
    assert all(t.prompt.text == FOLLOWUP_TEXT for t in turns[1:])
    assert loaded.acceptance_dir == "acceptance_tests/"
    assert loaded.static_analysis == ["pylint", "bandit"]


def test_documented_example_script_loads(tmp_path: Path) -> None:
    """The complete example in docs/scripts.md is a valid script (beside the mini fixture's files)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "scripts.md").read_text()
    example = page.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert example.startswith("task_name: Mini calculator"), "the page's first YAML block moved"
    root = tmp_path / "example"
    shutil.copytree(MINI, root)
    (root / "script.yaml").write_text(example)
    loaded = load_script(root / "script.yaml")
    assert [c.action for c in loaded.checkpoints()] == ["run_tests", "docker_exec", "docker_exec"]
    assert loaded.script.memory_probes[0].checks[0].used_in == "calc/ops.py"
    assert loaded.turns()[5].prompt.kind == "followup"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "test_file: tests/test_add.py\n",
            "test_file: tests/test_add.py\n        runner: node --test\n",
            "runner must name the test file as {test}",
        ),
        (
            'expected: "3000.0"\n',
            'expected: "3000.0"\n        runner: node {test}\n',
            "runner is for action run_tests",
        ),
    ],
)
def test_bad_runner_is_a_load_error(mini: Path, old: str, new: str, message: str) -> None:
    edit(mini, old, new)
    assert message in problems(mini)


def test_until_turn_must_follow_its_checkpoint(mini: Path) -> None:
    edit(
        mini,
        "        test_file: tests/test_add.py\n",
        "        test_file: tests/test_add.py\n        until_turn: 0\n",
    )
    with pytest.raises(
        ScriptError, match=r"evaluation_checkpoints\[0\]\.until_turn: until_turn must be in 1\.\.6"
    ):
        load_script(mini)


def test_a_memory_probe_of_the_conversation_is_graded_at_an_explain_turn(mini: Path) -> None:
    said = "      - {name: units, any_of: [kilomet]}"
    # facts instead of checks: the probe turn may be an explain turn (turn 3 is vague)
    edit(
        mini,
        '    checks:\n      - defined_once: UNITS\n        used_in: "calc/ops.py"\n',
        f"    facts:\n{said}\n",
    )
    assert load_script(mini).script.memory_probes[0].facts[0].any_of == ["kilomet"]
    edit(mini, "probed_at: 2", "probed_at: 3")
    assert "turn 3 is not a memory_probe prompt (nor an explain prompt)" in problems(mini)
    edit(mini, f"    facts:\n{said}\n", "")
    assert "a memory probe needs checks (the workspace) or facts (the reply)" in problems(mini)
