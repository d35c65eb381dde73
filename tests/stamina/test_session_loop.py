"""The session's turn loop without Docker: an in-memory workspace and a scripted agent.

The sandbox calls the session makes (manifests, check runs, command facts, the final
evaluation) are replaced by a workspace of strings; a checkpoint `cat FILE` with
`expected: TEXT` passes when FILE holds TEXT. The agent is a list of rounds: the files
it writes and the reply it ends its round with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.agent import AgentState
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageAssistant, Model, ModelOutput, get_model
from inspect_ai.util._store import Store

from inspect_stamina.stamina import sandbox as stamina_sandbox
from inspect_stamina.stamina.checks import CheckRunOutput
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.record import CheckResult, FinalEvaluation, SessionRecord
from inspect_stamina.stamina.scorers import compute_metrics
from inspect_stamina.stamina.script import Checkpoint
from inspect_stamina.stamina.session import agent_run, check_run, judging, loop, stamina_session
from inspect_stamina.stamina.summary import turn_summary


@dataclass
class Round:
    """One round of the agent's work: files it writes, then its reply."""

    reply: str
    writes: dict[str, str] = field(default_factory=dict)


class FakeSandbox:
    """The workspace as a dict; the session's sandbox calls answered from it."""

    def __init__(self, rounds: Sequence[Round]) -> None:
        self.files: dict[str, str] = {}
        self.rounds = list(rounds)
        self.checked: list[list[str]] = []  # labels of each check run, in order
        # where each host copy of the workspace came from: "check run" or "own call"
        self.copies: list[str] = []

    async def agent(self, state: AgentState) -> AgentState:
        done = self.rounds.pop(0) if self.rounds else Round("Nothing more to do.")
        self.files.update(done.writes)
        state.messages.append(ChatMessageAssistant(content=done.reply))
        state.output = ModelOutput.from_content("mockllm/model", done.reply)
        return state

    def manifest(self) -> dict[str, str]:
        return {path: str(hash(text)) for path, text in self.files.items()}

    def copy(self, dest: Path, source: str) -> None:
        self.copies.append(source)
        for path, text in self.files.items():
            (dest / path).parent.mkdir(parents=True, exist_ok=True)
            (dest / path).write_text(text)

    def check(self, checkpoint: Checkpoint) -> CheckResult:
        assert checkpoint.command and checkpoint.command.startswith("cat ")
        text = self.files.get(checkpoint.command[4:], "")
        passed = checkpoint.expected is not None and checkpoint.expected in text
        return CheckResult(name=checkpoint.label, passed=passed, output=text or "no such file")

    async def command(
        self, command: str, expected: str | None, timeout: float = 120
    ) -> CheckResult:
        assert command.startswith("cat ")
        text = self.files.get(command[4:])
        return CheckResult(name=command, passed=text is not None, output=text or "")


# the session's modules, and the sandbox module whose helpers they call (the diff's
# texts come from the turn's workspace copy, the rest through read_text_files)
SESSION_MODULES = (loop, check_run, judging, agent_run, stamina_sandbox)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeSandbox:
    """A fake sandbox the session module's sandbox calls go to (set its rounds)."""
    box = FakeSandbox([])

    async def manifest() -> dict[str, str]:
        return box.manifest()

    async def checks_with_manifest(
        checkpoints: Sequence[Checkpoint], *args: Any, copy_to: Path | None = None, **kwargs: Any
    ) -> CheckRunOutput:
        box.checked.append([c.label for c in checkpoints])
        if copy_to is not None:
            box.copy(copy_to, "check run")
        results = [box.check(c) for c in checkpoints]
        return CheckRunOutput(results, box.manifest(), copy_to is not None)

    async def checks(checkpoints: Sequence[Checkpoint], *args: Any) -> list[CheckResult]:
        return [box.check(c) for c in checkpoints]

    async def texts(paths: list[str], max_kib: int = 256) -> dict[str, str]:
        return {p: box.files[p] for p in paths if p in box.files}

    async def final(*args: Any) -> FinalEvaluation:
        return FinalEvaluation()

    async def roles(*args: Any) -> None:
        return None

    async def fetch(dest: Path) -> list[str]:
        box.copy(dest, "own call")
        return []

    for name, value in {
        "workspace_manifest": manifest,
        "run_checks_with_manifest": checks_with_manifest,
        "run_checks": checks,
        "read_text_files": texts,
        "final_evaluation": final,
        "check_model_roles": roles,
        "run_command_check": box.command,
        "fetch_workspace": fetch,
    }.items():
        # each session module that calls it, by the name it imported
        modules = [m for m in SESSION_MODULES if hasattr(m, name)]
        assert modules, f"no session module uses {name}"
        for module in modules:
            monkeypatch.setattr(module, name, value)
    return box


def write_script(
    directory: Path, prompts: Sequence[object], checkpoints: Sequence[object] = (), **extra: Any
) -> Path:
    """A one-phase script of these prompts and checkpoints."""
    script = {
        "task_name": "loop",
        "total_turns": len(prompts),
        "programming_languages": ["python"],
        "narrative_script": [
            {
                "turn_range": [1, len(prompts)],
                "phase": "Only",
                "user_prompts": list(prompts),
                "evaluation_checkpoints": list(checkpoints),
            }
        ],
        **extra,
    }
    path = directory / "script.yaml"
    path.write_text(yaml.safe_dump(script))
    return path


def cat(turn: int, path: str, expected: str, **extra: Any) -> dict[str, Any]:
    """A checkpoint that passes when the fake workspace's file holds `expected`."""
    return {
        "at_turn": turn,
        "action": "docker_exec",
        "command": f"cat {path}",
        "expected": expected,
        "name": f"t{turn}:{path}",
        **extra,
    }


def run_session(
    box: FakeSandbox,
    script: Path,
    rounds: Sequence[Round],
    roles: dict[str, Model] | None = None,
    **options: Any,
) -> SessionRecord:
    """Run the script's session over the fake sandbox; the session record it stored."""
    box.rounds = list(rounds)
    task = Task(
        dataset=[Sample(input="-", metadata={"script_path": str(script)})],
        solver=stamina_session(agent=box.agent, user_layers=("scripted", "template"), **options),
    )
    [log] = inspect_eval(
        task,
        model="mockllm/model",
        model_roles=roles,
        display="none",
        log_dir=str(script.parent / "logs"),
    )
    assert log.status == "success" and log.samples, log.error
    return SessionRecord(store=Store(dict(log.samples[0].store)))


def grader(*replies: str) -> dict[str, Model]:
    """A mockllm bound to the grader role, answering these in order."""
    outputs = [ModelOutput.from_content("mockllm/model", r) for r in replies]
    return {"grader": get_model("mockllm/model", custom_outputs=outputs)}


VAGUE = {
    "text": "Add a units file.",
    "kind": "vague",
    "expect": {"behaviour": "ask_clarification"},
    "answer": "Put km=1000 in units.txt.",
}


def test_an_asked_question_gets_the_turns_answer_and_the_checks_run_after_it(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    script = write_script(tmp_path, [VAGUE], [cat(1, "units.txt", "km=1000")])
    rounds = [
        # running the app wrote byte code only: asking is still not acting
        Round("Which units should the file hold?", {"app/__pycache__/m.pyc": "x"}),
        Round("Done: units.txt has km=1000.", {"units.txt": "km=1000"}),
    ]
    [turn] = run_session(fake, script, rounds).turns
    assert turn.answered and turn.answer == "Put km=1000 in units.txt."
    assert turn.asked == "Which units should the file hold?"
    assert turn.reply == "Done: units.txt has km=1000."
    # the check ran once, after the answer, and saw the agent act on it
    assert fake.checked == [["t1:units.txt"]] and turn.checkpoints[0].passed
    assert turn.robustness is not None and turn.robustness.passed
    assert "after the answer, its checkpoints passed" in turn.robustness.detail
    assert turn.effective
    assert "Asked: Which units should the file hold? · answered: Put km=1000" in turn_summary(turn)


def test_an_answered_robustness_turn_fails_when_the_work_after_it_fails(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    script = write_script(tmp_path, [VAGUE], [cat(1, "units.txt", "km=1000")])
    rounds = [Round("Which units?"), Round("Done.", {"units.txt": "m=1"})]
    [turn] = run_session(fake, script, rounds).turns
    assert turn.answered and turn.robustness is not None and not turn.robustness.passed
    assert "after the answer, checkpoints failed: t1:units.txt" in turn.robustness.detail


def test_no_answer_when_the_agent_acted_or_did_not_ask(fake: FakeSandbox, tmp_path: Path) -> None:
    script = write_script(tmp_path, [VAGUE, {**VAGUE, "text": "Add another units file."}])
    rounds = [
        Round("I wrote units.txt; which others do you want?", {"units.txt": "km=1000"}),
        Round("Nothing to do, I think."),
    ]
    first, second = run_session(fake, script, rounds).turns
    for turn in (first, second):
        assert not turn.answered and turn.answer == ""
        assert turn.robustness is not None and not turn.robustness.passed
    assert first.robustness is not None and "workspace changed" in first.robustness.detail
    assert len(fake.rounds) == 0  # two rounds, one per turn: no answer was sent


def test_the_grader_judges_the_reply_that_asked(fake: FakeSandbox, tmp_path: Path) -> None:
    script = write_script(tmp_path, [VAGUE], [cat(1, "units.txt", "km=1000")])
    rounds = [Round("Could you clarify?"), Round("Done.", {"units.txt": "km=1000"})]
    roles = grader("A generic question that fits any request.\nGRADE: I")
    [turn] = run_session(fake, script, rounds, roles).turns
    assert turn.answered and turn.robustness is not None
    assert not turn.robustness.passed and "generic" in (turn.robustness.grader or "")


def test_a_failed_checkpoint_is_rechecked_at_the_next_checkpoint_turn(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    prompts = [
        {"text": "Write km=1000 to units.txt.", "reply": "Done."},
        {"text": "Also write m=1 to metres.txt.", "reply": "Done."},
        {"text": "Write cm=0.01 to centi.txt.", "reply": "Done."},
        {"text": "Write mm=0.001 to milli.txt.", "reply": "Done."},
    ]
    checkpoints = [
        cat(1, "units.txt", "km=1000"),
        cat(3, "centi.txt", "cm=0.01"),
        cat(4, "milli.txt", "mm=0.001"),
    ]
    script = write_script(tmp_path, prompts, checkpoints)
    rounds = [
        Round("Done.", {"units.txt": "km=100"}),  # the slip
        Round("Done, and fixed units.txt.", {"metres.txt": "m=1", "units.txt": "km=1000"}),
        Round("Done.", {"centi.txt": "cm=0.01"}),
        Round("Done.", {"milli.txt": "mm=0.001", "units.txt": "km=1"}),  # breaks it again
    ]
    record = run_session(fake, script, rounds)
    turns = record.turns
    # re-run once, at turn 3 (the next checkpoint turn), beside turn 3's own checkpoint
    assert fake.checked == [
        ["t1:units.txt"],
        ["t3:centi.txt", "t1:units.txt"],
        ["t4:milli.txt", "t1:units.txt", "t3:centi.txt"],
    ]
    assert [c.passed for c in turns[2].rechecks] == [True] and turns[2].regressions == []
    assert "Re-checked after failing: ✓ t1:units.txt" in turn_summary(turns[2])
    # repaired, it passed once: failing at turn 4 is a regression
    assert turns[3].regressions == ["t1:units.txt"] and turns[3].rechecks == []
    script_model = load_script(script).script
    metrics = compute_metrics(script_model, record, FinalEvaluation())
    assert metrics["stamina"] == 4.0 and metrics["stamina_strict"] == 0.0
    assert metrics["regressions"] == 1.0


@pytest.mark.parametrize(
    ("regressions", "checked", "shown_at"),
    [
        # the default: earlier checkpoints re-run only at the phase's last turn
        ("phase_end", [["t1:units.txt"], ["t2:metres.txt"], ["t1:units.txt", "t2:metres.txt"]], 3),
        # affected: also at every checkpoint turn, so the break is dated to its own turn
        (
            "affected",
            [
                ["t1:units.txt"],
                ["t2:metres.txt", "t1:units.txt"],
                ["t2:metres.txt"],
            ],
            2,
        ),
    ],
)
def test_a_regression_shows_at_the_phase_end_by_default_and_at_its_turn_when_affected(
    fake: FakeSandbox,
    tmp_path: Path,
    regressions: str,
    checked: list[list[str]],
    shown_at: int,
) -> None:
    prompts = [
        {"text": "Write km=1000 to units.txt.", "reply": "Done."},
        {"text": "Also write m=1 to metres.txt.", "reply": "Done."},
        {"text": "Tidy up whatever you like.", "reply": "Done."},
    ]
    script = write_script(
        tmp_path, prompts, [cat(1, "units.txt", "km=1000"), cat(2, "metres.txt", "m=1")]
    )
    rounds = [
        Round("Done.", {"units.txt": "km=1000"}),
        Round("Done.", {"metres.txt": "m=1", "units.txt": "km=1"}),  # breaks turn 1's
        Round("Done.", {}),
    ]
    options: dict[str, Any] = {} if regressions == "phase_end" else {"regressions": regressions}
    record = run_session(fake, script, rounds, **options)
    turns = record.turns
    assert fake.checked == checked
    assert [t.turn for t in turns if t.regressions] == [shown_at]
    assert turns[shown_at - 1].regressions == ["t1:units.txt"]
    # stamina and the pass rate come from each checkpoint at its own turn: the same
    metrics = compute_metrics(load_script(script).script, record, FinalEvaluation())
    assert metrics["regressions"] == 1.0 and metrics["checkpoint_pass_rate"] == 1.0
    assert metrics["stamina"] == 3.0


def test_question_turns_are_graded_by_their_facts(fake: FakeSandbox, tmp_path: Path) -> None:
    facts = [
        {"name": "unit", "any_of": [r"\bkm\b", "kilomet"]},
        # from the live project: each line the command prints must be in the reply
        {"name": "file", "command": "cat units.txt"},
    ]
    prompts = [
        {"text": "Write km=1000 to units.txt.", "reply": "Done."},
        {"text": "What does units.txt hold?", "kind": "explain", "facts": facts},
        {"text": "And again: what does units.txt hold?", "kind": "explain", "facts": facts},
        {"text": "Explain the project, please.", "kind": "explain"},
    ]
    script = write_script(tmp_path, prompts)
    rounds = [
        Round("Done.", {"units.txt": "km=1000\nm=1"}),
        Round("It maps KM=1000 and m=1: kilometres and metres."),
        Round("It holds the km conversion factor."),  # canned: m=1 and km=1000 missing
        Round("A units file."),
    ]
    turns = run_session(fake, script, rounds).turns
    assert [(f.name, f.passed) for f in turns[1].facts] == [("unit", True), ("file", True)]
    assert turns[1].effective
    unit, file = turns[2].facts
    assert unit.passed and not file.passed and "'km=1000', 'm=1'" in file.detail
    assert not turns[2].effective
    assert "Facts: ✓ unit · ✗ file (reply lacks 'km=1000', 'm=1')" in turn_summary(turns[2])
    # no facts, no grader: any answer that asks nothing back
    assert turns[3].facts == [] and turns[3].answer_grade is None and turns[3].effective


def test_the_grader_decides_whether_a_question_without_facts_was_answered(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    prompts = [
        {"text": "Explain the project, please.", "kind": "explain"},
        {"text": "How are units stored?", "kind": "explain"},
    ]
    script = write_script(tmp_path, prompts)
    rounds = [Round("It is a project."), Round("In units.txt, one unit=factor per line.")]
    roles = grader("Generic, fits any project.\nGRADE: I", "Answers it.\nGRADE: C")
    first, second = run_session(fake, script, rounds, roles).turns
    assert first.answer_grade is not None and not first.answer_grade.passed
    assert not first.effective
    assert second.answer_grade is not None and second.answer_grade.passed and second.effective


def test_a_bug_turn_already_right_is_effective_in_a_session(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    prompts = [
        {"text": "Write km=1000 to units.txt.", "reply": "Done."},
        {"text": "units.txt lacks km=1000, fix it.", "kind": "bug", "reply": "It is there."},
    ]
    checkpoints = [cat(1, "units.txt", "km=1000"), cat(2, "units.txt", "km=1000")]
    script = write_script(tmp_path, prompts, checkpoints)
    rounds = [Round("Done.", {"units.txt": "km=1000"}), Round("It already holds km=1000.")]
    first, second = run_session(fake, script, rounds).turns
    assert second.changed == [] and second.checkpoints[0].passed and second.effective


def test_a_memory_probe_of_the_conversation_is_graded_in_the_reply(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    prompts = [
        {"text": "Start units.txt; it's for the Northside food bank.", "kind": "memory_plant"},
        {"text": "Who is this for again?", "kind": "explain"},
        {"text": "Remind the new teammate who it's for.", "kind": "explain"},
    ]
    said = {"name": "who", "any_of": ["Northside", "food bank"]}
    probes = [
        {"id": f"who{n}", "fact": "Northside", "planted_at": 1, "probed_at": n, "facts": [said]}
        for n in (2, 3)
    ]
    script = write_script(tmp_path, prompts, memory_probes=probes)
    rounds = [
        Round("Done.", {"units.txt": "km=1000"}),
        Round("The volunteers of the Northside food bank."),
        Round("Some team, I forget which."),
    ]
    session = run_session(fake, script, rounds)
    [who2], [who3] = session.turns[1].probes, session.turns[2].probes
    assert who2.passed and "who" in who2.detail
    assert not who3.passed
    metrics = compute_metrics(load_script(script).script, session, FinalEvaluation())
    assert metrics["memory"] == 0.5


# a rule stated as "Prices are integer cents.": no float in any Python file
CENTS_RULE = {
    "id": "cents",
    "description": "prices in integer cents",
    "check": {"grep": "float", "files": "**/*.py", "present": False},
    "stated": "Prices are integer cents.",
}


def test_a_rule_gets_no_verdict_before_there_is_a_file_to_judge(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    script = write_script(
        tmp_path,
        ["Plan the package; no code yet. Prices are integer cents.", "Write calc.py."],
        [cat(1, "notes.txt", "plan"), cat(2, "calc.py", "def")],
        consistency_rules=[CENTS_RULE],
    )
    record = run_session(
        fake,
        script,
        [
            Round("Planned.", {"notes.txt": "plan"}),
            Round("Written.", {"calc.py": "def add(a, b):\n    return a + b\n"}),
        ],
    )
    first, second = record.turns
    # turn 1: no Python file yet, so neither "held" nor "broken"; turn 2 judges the code
    assert first.rules == {} and second.rules == {"cents": True}
    assert "rule" not in turn_summary(first).lower()


def test_the_check_run_brings_the_rules_copy_unless_the_agent_works_after_it(
    fake: FakeSandbox, tmp_path: Path
) -> None:
    script = write_script(
        tmp_path,
        ["Write calc.py with add. Prices are integer cents.", "Note the plan.", "Add sub."],
        [cat(1, "calc.py", "def add"), cat(3, "calc.py", "def sub")],
        consistency_rules=[CENTS_RULE],
    )
    rounds = [
        Round("Written.", {"calc.py": "def add(a, b):\n    return a + b\n"}),
        Round("Noted.", {"notes.txt": "plan"}),
        Round("Done.", {"calc.py": "def add(a, b):\n    return a + b\n"}),  # forgot sub
        Round(
            "Fixed.",
            {
                "calc.py": "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return float(a - b)\n"
            },
        ),
    ]
    record = run_session(fake, script, rounds, feedback=True, attempts=1)
    # rules are judged at checkpoint turns: turn 1's check run brings the copy; turn 3's
    # does too, but the agent works again after its failure, so it is copied anew
    assert fake.copies == ["check run", "check run", "own call"]
    # the rule judged the code as the agent left it after its retry
    assert [t.rules for t in record.turns] == [{"cents": True}, {}, {"cents": False}]
    assert [c.passed for c in record.turns[2].checkpoints] == [True]


def test_only_tool_calls_that_ran_are_counted(fake: FakeSandbox, tmp_path: Path) -> None:
    from inspect_ai.model import ChatMessageTool
    from inspect_ai.tool import ToolCall

    async def agent(state: AgentState) -> AgentState:
        calls = [
            ToolCall(id="ran", function="bash", arguments={"command": "ls"}),
            ToolCall(id="bad", function="bash", arguments={}, parse_error="not JSON: {ls"),
            ToolCall(id="cut", function="python", arguments={"code": "1"}),
        ]
        state.messages.append(ChatMessageAssistant(content="", tool_calls=calls))
        state.messages.append(ChatMessageTool(content="a.txt", tool_call_id="ran", function="bash"))
        state.messages.append(ChatMessageAssistant(content="Done."))
        state.output = ModelOutput.from_content("mockllm/model", "Done.")
        return state

    script = write_script(tmp_path, ["List the files."])
    fake.rounds = []
    task = Task(
        dataset=[Sample(input="-", metadata={"script_path": str(script)})],
        solver=stamina_session(agent=agent, user_layers=("scripted",)),
    )
    [log] = inspect_eval(task, model="mockllm/model", display="none", log_dir=str(tmp_path))
    assert log.status == "success" and log.samples, log.error
    [turn] = SessionRecord(store=Store(dict(log.samples[0].store))).turns
    assert turn.tool_calls == {"bash": 1} and turn.unparsed_tool_calls == 1
