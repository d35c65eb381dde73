"""StaminaBench end to end in the real Docker sandbox."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.event import InfoEvent, LoggerEvent, SpanBeginEvent
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessageTool, ChatMessageUser, ModelOutput, get_model

from inspect_stamina.stamina.estimate import oracle_usage
from inspect_stamina.stamina.record import TURN_EVENT_SOURCE
from inspect_stamina.stamina.session.agent_run import TURN_BUDGET_SOURCE
from inspect_stamina.stamina.task import resolve_script, stamina
from inspect_stamina.stamina.user import USER_SEED
from tests.helpers import assert_clear_failure, inspect_eval_cli

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

MINI = str(Path(__file__).parent / "fixtures" / "mini" / "script.yaml")
TEST_CONTENT = "assert add(2, 3) == 5"


def bash(command: str) -> ModelOutput:
    return ModelOutput.for_tool_call("mockllm/model", "bash", {"command": command})


def say(text: str) -> ModelOutput:
    return ModelOutput.from_content("mockllm/model", text)


def run(model: Any, log_dir: Path, **task_args: Any) -> EvalLog:
    args = {"script": MINI, **task_args}
    roles = args.pop("model_roles", None)
    [log] = inspect_eval(
        stamina(**args), model=model, model_roles=roles, log_dir=str(log_dir), display="none"
    )
    assert log.status == "success", log.error
    return log


def score_of(log: EvalLog) -> tuple[dict[str, float], dict[str, Any]]:
    assert log.samples and log.samples[0].scores
    score = log.samples[0].scores["stamina_scorer"]
    assert isinstance(score.value, dict) and score.metadata
    return score.value, score.metadata


def inspect_cli(log_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return inspect_eval_cli("inspect_stamina/stamina", log_dir, *args, **env)


def test_starter_script_oracle_passes_everything(log_dir: Path) -> None:
    result = inspect_cli(log_dir, "--model", "stamina/oracle")
    assert result.returncode == 0, result.stdout + result.stderr
    log = read_eval_log(list_eval_logs(str(log_dir))[0])
    value, meta = score_of(log)
    assert value == {
        **value,
        "completion": 1.0,
        "checkpoint_pass_rate": 1.0,
        "consistency": 1.0,
        "efficiency": 1.0,
        "robustness": 1.0,
        "memory": 1.0,
        "stamina": 28.0,
        "regressions": 0.0,
    }
    assert value["code_quality"] >= 9.0
    # the oracle reports its transcript's tokens, and `inspect-stamina estimate` counted
    # the same transcript without a sandbox (its messages differ only where the template
    # layer filled a prompt from the live code, and by the bash tool's output)
    used = log.stats.model_usage["stamina/oracle"]
    counted = oracle_usage(resolve_script("inventory_cli"))
    assert used.input_tokens == pytest.approx(counted.input_tokens, rel=0.05)
    assert used.output_tokens == pytest.approx(counted.output_tokens, rel=0.05)
    turns = meta["turns"]
    assert [t["turn"] for t in turns] == list(range(1, 29))
    acceptance = meta["final"]["acceptance"]
    assert (acceptance["passed_tests"], acceptance["total_tests"]) == (10, 10)
    # the template layer read the live workspace for {file_path}
    assert turns[15]["layer"] == "template"
    assert turns[15]["message"].startswith(
        "I found a bug in add_item in stockroom/inventory.py: when the quantity is -3"
    )
    # no `user` model role: the llm turn fell back to the template layer, and says so
    assert turns[21]["layer"] == "template" and "no model bound to role 'user'" in turns[21]["note"]
    # the viewer shows the session turn by turn
    assert log.samples
    spans = [
        e.name
        for e in log.samples[0].events
        if isinstance(e, SpanBeginEvent) and e.type == "session_turn"
    ]
    assert spans[:2] == [
        "turn 1 · Project Initialization Core Setup · feature",
        "turn 2 · Project Initialization Core Setup · feature",
    ]
    assert len(spans) == 28
    # a readable summary of every turn in the transcript, and an explanation that says
    # where stamina ended rather than repeating the numbers
    resolved = read_eval_log(list_eval_logs(str(log_dir))[0], resolve_attachments=True)
    assert resolved.samples
    summaries = [
        str(e.data)
        for e in resolved.samples[0].events
        if isinstance(e, InfoEvent) and e.source == TURN_EVENT_SOURCE
    ]
    assert len(summaries) == 28 and summaries[0].startswith("**Turn 1 · ")
    assert "Checkpoints: ✓" in summaries[2] and "changed stockroom/" in summaries[0]
    [score] = log.samples[0].scores.values()  # type: ignore[union-attr]
    assert (score.explanation or "").startswith("**Stamina 28/28 turns.**")
    assert all(t["tokens"] >= 0 and "harness" in t["seconds"] for t in turns)
    # the scripted model has a context window: compaction does not warn on every turn
    warnings = [
        e.message.message
        for e in log.samples[0].events
        if isinstance(e, LoggerEvent) and e.message.level == "warning"
    ]
    assert not [w for w in warnings if "context window" in w], warnings[:3]


def test_starter_script_noop_fails_every_behavioural_check(log_dir: Path) -> None:
    result = inspect_cli(log_dir, "--model", "stamina/noop")
    assert result.returncode == 0, result.stdout + result.stderr
    value, meta = score_of(read_eval_log(list_eval_logs(str(log_dir))[0]))
    checks = [c for t in meta["turns"] for c in t["checkpoints"]]
    assert len(checks) == 14 and not any(c["passed"] for c in checks)
    assert value["completion"] == 0.0 and value["checkpoint_pass_rate"] == 0.0
    assert value["memory"] == 0.0 and value["robustness"] == 0.0 and value["consistency"] == 0.0
    assert value["stamina"] == 2.0  # the first checkpoint is at turn 3
    # "OK." answers a question turn without facts (only a bound grader could say it did
    # not); every other turn asks for work or facts the noop never gives
    answered = [
        t["turn"] for t in meta["turns"] if t["kind"] in ("explain", "followup") and not t["facts"]
    ]
    assert [t["turn"] for t in meta["turns"] if t["effective"]] == answered
    assert value["efficiency"] == pytest.approx(len(answered) / 28)
    assert not any(t["changed"] for t in meta["turns"])
    # the explanation names where stamina ended, the first failure and each metric's cause
    log = read_eval_log(list_eval_logs(str(log_dir))[0])
    assert log.samples
    explanation = log.samples[0].scores["stamina_scorer"].explanation or ""  # type: ignore[index]
    first = meta["turns"][2]["checkpoints"][0]["name"]
    assert explanation.startswith(
        f"**Stamina 2/28 turns.** First failed checkpoint: turn 3, {first}"
    )
    assert "- completion 0: acceptance tests 0/" in explanation
    assert "- checkpoint_pass_rate 0: failed: turn 3" in explanation
    assert "turns not effective: 1, 2, 3" in explanation


def test_llm_user_layer_uses_the_user_role_and_caches(
    log_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "cache"))
    # a rewrite that keeps every path, identifier and signature of the scripted text (the
    # guard would send the scripted text instead of one that dropped any)
    first = get_model(
        "mockllm/model",
        custom_outputs=[say("Please add calc/ops.py with to_metres(value, unit), reusing UNITS.")],
    )
    log = run("stamina/oracle", log_dir, model_roles={"user": first})
    value, meta = score_of(log)
    turn = meta["turns"][1]
    assert (turn["layer"], turn["message"]) == (
        "llm",
        "Please add calc/ops.py with to_metres(value, unit), reusing UNITS.",
    )
    assert value["checkpoint_pass_rate"] == 1.0
    # the record says what the provider received: mockllm's request carries no temperature
    assert turn["user_settings"] == {
        "model": "mockllm/model",
        "source": "request",
        "temperature": None,
        "seed": None,
        "max_tokens": None,
    }
    # a rerun is identical: the user model's answer comes from the cache, not a new call
    second = get_model("mockllm/model", custom_outputs=[say("Something else entirely.")])
    again = run("stamina/oracle", log_dir, model_roles={"user": second})
    assert score_of(again)[1]["turns"][1]["message"] == turn["message"]
    cached = score_of(again)[1]["turns"][1]["user_settings"]
    assert cached["source"] == "config (cached call)"
    assert (cached["temperature"], cached["seed"]) == (0.0, USER_SEED)


def test_llm_layer_disabled_falls_back_to_template(log_dir: Path) -> None:
    user = get_model("mockllm/model", custom_outputs=[say("never used")])
    _, meta = score_of(
        run("stamina/oracle", log_dir, model_roles={"user": user}, user_layers="scripted,template")
    )
    assert (
        meta["turns"][1]["layer"] == "template" and "llm layer disabled" in meta["turns"][1]["note"]
    )
    assert meta["turns"][3]["message"] == (
        "Next to add in calc/__init__.py, add calc/safe.py with divide(a, b) that rejects a zero divisor."
    )


PLANT = r"""
printf 'start\n' > /tmp/drop.txt
chmod 666 /tmp/drop.txt
mkdir -p calc
cat > calc/__init__.py <<'PLANT_END'
import inspect, shutil
UNITS = {"m": 1.0, "km": 1000.0}
def add(a, b):
    return a + b
for frame in inspect.stack():
    for target in ("/tmp/leak_" + frame.filename.replace("/", "_"), "/workspace/leak.py", "/home/agent/leak.py", "/home/checker/leak.py"):
        try:
            shutil.copy(frame.filename, target)
        except Exception:
            pass
    try:
        with open("/tmp/drop.txt", "a") as drop:
            drop.write(open(frame.filename).read())
    except Exception:
        pass
PLANT_END
nohup bash -c 'while true; do cp -r /workspace/tests /tmp/stash 2>/dev/null; sleep 0.02; done' >/dev/null 2>&1 &
echo planted
"""
LOOK = (
    "cat /tmp/drop.txt; ls -la /tmp /tmp/stash /workspace /workspace/tests /home/agent 2>&1; "
    "cat /tmp/leak_* /workspace/leak.py /home/agent/leak.py /home/checker/leak.py 2>&1; "
    "find / -xdev \\( -name 'test_add.py' -o -name 'test_all.py' -o -name 'turn_02.sh' "
    "-o -name 'script.yaml' \\) 2>/dev/null; "
    "grep -rl 'def test_add' / --include=*.py 2>/dev/null | grep -v -e site-packages -e dist-packages; "
    "echo looked"
)


@pytest.mark.parametrize(
    ("verdict", "passed"),
    [
        ("It asked which kind of nicer.\nGRADE: C", True),
        ("It did not ask.\nGRADE: I", False),
        ("**YES**, it asked.", False),  # no grade in the fixed pattern: never a pass
    ],
)
def test_grader_role_can_only_tighten_robustness(log_dir: Path, verdict: str, passed: bool) -> None:
    # the grader also judges the question turns without facts: the same verdict for each
    grader = get_model("mockllm/model", custom_outputs=[say(verdict)] * 8)
    value, meta = score_of(run("stamina/oracle", log_dir, model_roles={"grader": grader}))
    robustness = meta["turns"][2]["robustness"]
    assert robustness["grader"] == verdict and robustness["passed"] is passed
    assert value["robustness"] == (1.0 if passed else 0.0)


def test_agent_cannot_read_tests_or_references(log_dir: Path) -> None:
    outputs = [
        bash(PLANT),
        say("Built calc."),
        bash(LOOK),
        say("Looked around."),
        *[say("Nothing to add here for now.")] * 4,
    ]
    log = run(get_model("mockllm/model", custom_outputs=outputs), log_dir)
    value, meta = score_of(log)
    # the turn 1 checkpoint ran the agent's code (and passed), so the leak attempt really happened
    assert meta["turns"][0]["checkpoints"][0]["passed"] is True
    assert log.samples
    tool_outputs = [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]
    assert "planted" in tool_outputs[0]
    seen = tool_outputs[1]
    assert "looked" in seen
    assert TEST_CONTENT not in seen and "def test_" not in seen
    assert "test_add.py" not in seen and "turn_02.sh" not in seen and "script.yaml" not in seen
    assert "cannot access '/tmp/stash'" in seen  # the watcher never saw the tests
    assert seen.startswith("start\nls:")  # nothing was appended to the world-writable drop file
    assert "cat: '/tmp/leak_*': No such file" in seen  # leaks written as checker were removed


def test_hostile_agent_breaks_only_its_own_turns(log_dir: Path) -> None:
    hostile = (
        "head -c 30000000 /dev/urandom > blob.bin; mkdir -p calc; echo 'UNITS = {}' > calc/__init__.py; "
        "kill -9 -1; chmod 000 /workspace; rm -rf /home/agent; echo unreachable"
    )
    outputs = [
        bash(hostile),
        say("Oops, I broke things on purpose, sorry about that."),
        *[say("Nothing to add here for now, moving on.")] * 5,
    ]
    log = run(get_model("mockllm/model", custom_outputs=outputs), log_dir)
    value, meta = score_of(log)
    turns = meta["turns"]
    # the agent may only hurt its own work: the checks fail and are recorded, the session ends normally
    assert len(turns) == 6 and all(t["status"] == "ok" for t in turns[1:])
    assert not any(c["passed"] for t in turns for c in t["checkpoints"])
    assert value["completion"] == 0.0 and value["stamina"] == 0.0
    assert "blob.bin" in turns[0]["changed"]  # the 30 MB file is seen, but never copied out


def test_turn_limit_is_recorded_and_the_session_goes_on(log_dir: Path) -> None:
    outputs = [
        bash("echo 1"),
        bash("echo 2"),
        bash("echo 3"),
        *[say("Done with this turn, moving on now.")] * 6,
    ]
    log = run(get_model("mockllm/model", custom_outputs=outputs), log_dir, turn_generations=1)
    _, meta = score_of(log)
    turns = meta["turns"]
    assert turns[0]["status"] == "limit"
    assert turns[0]["error"] == "turn limit: the agent used its 1 generations for this turn"
    # the call ran before the budget ended the turn; the viewer's limit event is explained
    assert turns[0]["tool_calls"] == {"bash": 1}
    assert log.samples is not None
    budget = [
        e for e in log.samples[0].events if e.event == "info" and e.source == TURN_BUDGET_SOURCE
    ]
    text = str(budget[0].data)
    # long texts are stored once, as the sample's attachments
    text = log.samples[0].attachments.get(text.removeprefix("attachment://"), text)
    assert len(budget) == 3 and "per-turn budget" in text
    # each bash call exhausts its turn's budget; once the scripted model only replies, turns pass
    assert [t["status"] for t in turns] == ["limit", "limit", "limit", "ok", "ok", "ok"]
    assert turns[0]["effective"] is False


def test_feedback_lets_the_agent_fix_a_failed_checkpoint(log_dir: Path) -> None:
    broken = "mkdir -p calc && printf 'UNITS = {}\\ndef add(a, b):\\n    return a - b\\n' > calc/__init__.py"
    fixed = "printf 'UNITS = {}\\ndef add(a, b):\\n    return a + b\\n' > calc/__init__.py"
    outputs = [
        bash(broken),
        say("Added calc."),
        bash(fixed),
        say("Fixed add."),
        *[say("Nothing more to change in this turn.")] * 5,
    ]
    log = run(
        get_model("mockllm/model", custom_outputs=outputs), log_dir, feedback=True, attempts=1
    )
    _, meta = score_of(log)
    check = meta["turns"][0]["checkpoints"][0]
    assert check["passed"] is True and check["retries"] == 1
    assert log.samples
    feedback = [
        m.text
        for m in log.samples[0].messages
        if isinstance(m, ChatMessageUser) and "A check failed" in m.text
    ]
    assert "assert -1 == 5" in feedback[0]  # the failing pytest output, passed back
    # the scripted agent never builds ops.py or safe.py: turns 2 and 6 fail, get feedback, stay failed
    assert len(feedback) == 3
    assert [c["passed"] for t in meta["turns"] for c in t["checkpoints"]] == [True, False, False]


def test_teacher_forcing_resets_to_the_reference_at_phase_boundaries(log_dir: Path) -> None:
    free, _ = score_of(run("stamina/noop", log_dir))
    forced, meta = score_of(run("stamina/noop", log_dir, mode="teacher_forced"))
    assert free["completion"] == 0.0
    # after the reset the reference's add() and to_metres() exist; divide() (phase 2) does not
    acceptance = meta["final"]["acceptance"]
    assert (acceptance["passed_tests"], acceptance["total_tests"]) == (2, 3)
    assert forced["completion"] == pytest.approx(2 / 3)
    assert "workspace reset to reference" in meta["turns"][3]["note"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-T", "script=/nonexistent/script.yaml"], "does not exist"),
        (["-T", "script=no_such_script"], "Unknown StaminaBench script 'no_such_script'"),
        (["-T", "mode=sometimes"], "Unknown mode 'sometimes'"),
        (["-T", "user_layers=scripted,psychic"], "Unknown user layer(s) ['psychic']"),
        (["-T", "memory=lots"], "memory must be a size such as 512m or 4g, not 'lots'"),
        (["-T", "cpus=0"], "cpus must be a number of CPUs above 0"),
        (["-T", "regressions=sometimes"], "Unknown regressions 'sometimes'"),
    ],
)
def test_cli_bad_input_is_a_clear_error(log_dir: Path, args: list[str], message: str) -> None:
    assert_clear_failure(inspect_cli(log_dir, "--model", "stamina/oracle", *args), message, log_dir)


def test_malformed_script_fails_before_any_sandbox(log_dir: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        Path(MINI).read_text(encoding="utf-8").replace("total_turns: 6", "total_turns: 60")
    )
    result = inspect_cli(
        log_dir,
        "--model",
        "stamina/oracle",
        "-T",
        f"script={bad}",
        DOCKER_HOST="unix:///nonexistent.sock",
    )
    assert_clear_failure(result, f"{bad}:3: total_turns:", log_dir)


def test_docker_not_running_is_a_clear_error(log_dir: Path, tmp_path: Path) -> None:
    result = inspect_cli(
        log_dir, "--model", "stamina/oracle", DOCKER_HOST=f"unix://{tmp_path}/none.sock"
    )
    assert_clear_failure(result, "Docker is not running", log_dir)
