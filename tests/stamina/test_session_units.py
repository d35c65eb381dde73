"""Session logic without Docker: changed files, effectiveness, reference commands, user layers."""

from __future__ import annotations

import dataclasses
import inspect
import subprocess
from pathlib import Path

import pytest
import yaml
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.record import (
    AnswerGrade,
    CheckResult,
    FactResult,
    RobustnessResult,
    TurnRecord,
)
from inspect_stamina.stamina.references import reference_command
from inspect_stamina.stamina.sandbox import WORKSPACE, changed_files
from inspect_stamina.stamina.session import SessionSettings, is_effective, stamina_session
from inspect_stamina.stamina.user import USER_ROLE, ProjectState, SimulatedUser

MINI = Path(__file__).parent / "fixtures" / "mini"


def test_changed_files_lists_added_removed_and_modified() -> None:
    before = {"a.py": "1", "b.py": "2", "c.py": "3"}
    after = {"a.py": "1", "b.py": "9", "d.py": "4"}
    assert changed_files(before, after) == ["b.py", "c.py", "d.py"]
    assert changed_files(before, before) == []


def turn(reply: str = "", changed: tuple[str, ...] = (), **extra: object) -> TurnRecord:
    return TurnRecord(
        turn=1,
        phase="p",
        kind="feature",
        layer="scripted",
        message="m",
        reply=reply,
        changed=list(changed),
        **extra,  # type: ignore[arg-type]
    )


def test_code_turn_is_effective_when_it_changed_code_and_checks_passed() -> None:
    passed = [CheckResult(name="c", passed=True)]
    assert is_effective("feature", turn("Done.", ("a.py",), checkpoints=passed), False)[0]
    assert not is_effective("feature", turn("Done."), False)[0]  # nothing changed
    failed = [CheckResult(name="c", passed=False)]
    assert not is_effective("bug", turn("Done.", ("a.py",), checkpoints=failed), False)[0]
    assert not is_effective("feature", turn("Done.", ("a.py",), status="limit"), False)[0]


def test_a_bug_turn_already_right_is_effective() -> None:
    # nothing changed, but the bug turn's checkpoints all pass: there was nothing to fix
    passed = [CheckResult(name="c", passed=True)]
    assert is_effective("bug", turn("It already rejects that.", checkpoints=passed), False)[0]
    assert not is_effective("bug", turn("Nothing to fix."), False)[0]  # no checkpoint says so
    failed = [CheckResult(name="c", passed=False)]
    assert not is_effective("bug", turn("Nothing to fix.", checkpoints=failed), False)[0]
    assert not is_effective("feature", turn("Done.", checkpoints=passed), False)[0]


def test_question_turns_need_an_answer_and_repeated_questions_never_count() -> None:
    # no word count: a reply that answers, however short, is an answer
    assert is_effective("explain", turn("Sure."), False) == (True, False)
    assert is_effective("explain", turn("  "), False) == (False, False)
    # with facts, the facts decide; a bound grader's verdict decides without them
    facts = [FactResult(name="a", passed=True), FactResult(name="b", passed=False)]
    assert not is_effective("explain", turn("A long and fluent answer.", facts=facts), False)[0]
    assert is_effective("explain", turn("Short.", facts=facts[:1]), False)[0]
    graded = turn("Canned.", answer_grade=AnswerGrade(passed=False, detail="generic"))
    assert not is_effective("followup", graded, False)[0]
    # a clarification request: counts once as not an answer, and a second in a row never
    ask = turn("Which part do you mean, the parser or the output format?")
    assert is_effective("explain", ask, False) == (False, True)
    met = RobustnessResult(behaviour="ask_clarification", passed=True)
    asking = turn("Which part do you mean?", robustness=met)
    assert is_effective("vague", asking, False) == (True, True)
    assert is_effective("vague", asking, True) == (False, True)


@pytest.mark.parametrize("reference", ["references/turn_01", "references/turn_02.sh"])
def test_reference_commands_apply_in_a_workspace(tmp_path: Path, reference: str) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    # turn 2's script builds on turn 1's files, as in a session
    setup = reference_command(MINI / "references/turn_01")
    command = reference_command(MINI / reference)
    for step in ([setup] if reference.endswith(".sh") else []) + [command]:
        done = subprocess.run(
            ["bash", "-c", step.replace(f"cd {WORKSPACE}", f"cd {workspace}", 1)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
    assert (workspace / "calc" / "__init__.py").is_file()
    if reference.endswith(".sh"):
        assert "def to_metres" in (workspace / "calc" / "ops.py").read_text(encoding="utf-8")


async def test_user_layers_scripted_template_and_llm_fallback() -> None:
    turns = load_script(MINI / "script.yaml").turns()
    state = ProjectState(files=["calc/__init__.py"], last_changed_file="calc/__init__.py")
    user = SimulatedUser(["scripted", "template"])
    scripted = await user.message(turns[0], state)
    assert (scripted.layer, scripted.text) == ("scripted", turns[0].prompt.text)
    # an llm turn with the llm layer off falls back to the template layer, and says so
    fallback = await user.message(turns[1], state)
    assert fallback.layer == "template" and "llm layer disabled" in fallback.note
    # a phase's follow-up is filled from the project state
    followup = await user.message(turns[5], state)
    assert followup.text == "Can you walk me through the changes you just made to calc/__init__.py?"


def user_messages(
    logs: Path, script: Path, numbers: list[int], replies: list[str], answers: bool = False
) -> list[dict[str, object]]:
    """What the simulated user writes at these turns, with mockllm bound to the user role."""
    turns = {t.number: t for t in load_script(script).turns()}

    @solver
    def speak() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            user, project = SimulatedUser(), ProjectState(files=["calc/__init__.py"])
            said = []
            for index, number in enumerate(numbers):
                # the user model's calls are cached: each call sees a state of its own
                project.last_reply = f"reply {index}"
                if answers:
                    message = await user.answer(turns[number], project, "Which unit?")
                else:
                    message = await user.message(turns[number], project)
                said.append({"text": message.text, "layer": message.layer, "note": message.note})
            state.store.set("said", said)
            return state

        return solve

    user_model = get_model(
        "mockllm/model",
        custom_outputs=[ModelOutput.from_content("mockllm/model", r) for r in replies],
    )
    [log] = inspect_eval(
        Task(dataset=[Sample(input="-")], solver=speak()),
        model="mockllm/model",
        model_roles={USER_ROLE: user_model},
        display="none",
        log_dir=str(logs),
    )
    assert log.status == "success" and log.samples, log.error
    return list(log.samples[0].store["said"])


@pytest.fixture(autouse=True)
def own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # the user layer caches its model's replies on disk: each test starts with none
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "cache"))


def test_llm_user_keeps_what_the_turn_tests_or_sends_the_scripted_text(log_dir: Path) -> None:
    scripted = "Add calc/ops.py with to_metres(value, unit), reusing the UNITS we defined."
    kept = "Please put to_metres(value, unit) in calc/ops.py and reuse UNITS."
    loose = "Add an ops module with a metres converter that reuses the units table."
    said = user_messages(log_dir, MINI / "script.yaml", [2, 2], [kept, loose])
    assert said[0] == {"text": kept, "layer": "llm", "note": "user model mockllm/model"}
    # the paraphrase lost the path, the function and the constant: the scripted text goes
    assert said[1]["text"] == scripted and said[1]["layer"] == "template"
    note = str(said[1]["note"])
    assert "dropped 'calc/ops.py', 'to_metres(value', 'UNITS'" in note
    assert note.endswith("scripted text sent")


def test_the_answer_is_phrased_by_the_user_model_under_the_same_guard(
    log_dir: Path, tmp_path: Path
) -> None:
    script = tmp_path / "script.yaml"
    prompt = {
        "text": "Add a units file.",
        "kind": "vague",
        "expect": {"behaviour": "ask_clarification"},
        "answer": "Put km=1000 in `units.txt`.",
    }
    script.write_text(
        yaml.safe_dump(
            {
                "task_name": "t",
                "total_turns": 1,
                "programming_languages": ["python"],
                "narrative_script": [
                    {"turn_range": [1, 1], "phase": "p", "user_prompts": [prompt]}
                ],
            }
        )
    )
    kept = "Just km=1000, in units.txt please."
    said = user_messages(log_dir, script, [1, 1], [kept, "Kilometres, in the units file."], True)
    assert said[0]["text"] == kept and said[0]["layer"] == "llm"
    assert said[1]["text"] == "Put km=1000 in `units.txt`."
    assert "dropped 'units.txt', 'km=1000'" in str(said[1]["note"])


def test_the_session_solver_takes_every_setting_by_name_with_its_default() -> None:
    # a setting added to SessionSettings must reach the solver, and from it the log
    parameters = inspect.signature(stamina_session).parameters
    fields = {f.name: f.default for f in dataclasses.fields(SessionSettings)}
    assert set(parameters) == {"agent", *fields}
    assert all(parameters[name].default == default for name, default in fields.items())
    settings = SessionSettings(feedback=True, attempts=3, regressions="all", turn_tokens=5000)
    assert SessionSettings.from_args(settings.as_args()) == settings
