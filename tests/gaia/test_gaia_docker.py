"""GAIA end to end in a real Docker sandbox, driven by scripted model outputs."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessageTool, ModelOutput, get_model

from inspect_stamina.gaia.dataset import EXAMPLE_DIR
from inspect_stamina.gaia.task import gaia, gaia_level1, gaia_level2, gaia_level3
from tests.helpers import assert_clear_failure, inspect_eval_cli, leaves_no_trace

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

CITIES = "c1a9e2f0-0002-4e57-9d1a-5a11e0000002"
MULTIPLY = "c1a9e2f0-0003-4e57-9d1a-5a11e0000003"
MODEL = "mockllm/model"


def bash_call(command: str) -> ModelOutput:
    return ModelOutput.for_tool_call(MODEL, "bash", {"command": command})


def submit(answer: str) -> ModelOutput:
    return ModelOutput.for_tool_call(MODEL, "submit", {"answer": answer})


def run(outputs: list[ModelOutput], log_dir: Path, **task_args: Any) -> EvalLog:
    task_args = {"dataset_hub": "example", "instance_ids": [CITIES], **task_args}
    model = get_model(MODEL, custom_outputs=outputs)
    [log] = inspect_eval(gaia(**task_args), model=model, log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    return log


def tool_texts(log: EvalLog) -> list[str]:
    assert log.samples
    return [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]


def test_agent_reads_attachment_and_submits(log_dir: Path) -> None:
    read = "python -c \"import csv; r=list(csv.DictReader(open('/shared_files/cities.csv'))); print(max(r, key=lambda x: int(x['population']))['city'])\""
    log = run([bash_call(read), submit("Lyon")], log_dir)
    assert tool_texts(log)[0].strip() == "Lyon"
    assert log.samples and log.samples[0].scores
    score = log.samples[0].scores["gaia_scorer"]
    assert (score.value, score.answer) == ("C", "Lyon")
    assert log.results and log.results.scores[0].metrics["accuracy"].value == 1.0
    assert log.results.scores[0].metrics["level_1"].value == 1.0


def test_wrong_answer_scores_incorrect_in_log(log_dir: Path) -> None:
    log = run([submit("Porto")], log_dir)
    assert log.samples and log.samples[0].scores
    score = log.samples[0].scores["gaia_scorer"]
    assert score.value == "I"
    assert "[string]" in (score.explanation or "")
    assert log.results and log.results.scores[0].metrics["accuracy"].value == 0.0


def test_shared_files_are_read_only(log_dir: Path) -> None:
    log = run(
        [
            bash_call(
                "touch /shared_files/evil.txt; echo rc=$?; rm -f /shared_files/cities.csv; echo rc=$?"
            ),
            submit("x"),
        ],
        log_dir,
    )
    out = tool_texts(log)[0]
    assert "Read-only file system" in out
    assert "rc=0" not in out
    assert not (EXAMPLE_DIR / "2023/validation/evil.txt").exists()
    assert (EXAMPLE_DIR / "2023/validation/cities.csv").exists()


@pytest.mark.parametrize("enabled", [True, False])
def test_network_switch(log_dir: Path, enabled: bool) -> None:
    # interfaces only: no traffic leaves the machine
    log = run(
        [bash_call("ls /sys/class/net | sort | tr '\\n' ' '"), submit("x")],
        log_dir,
        network_enabled=enabled,
    )
    interfaces = tool_texts(log)[0].split()
    if enabled:
        assert "eth0" in interfaces
    else:
        assert interfaces == ["lo"]


def test_no_network_means_unreachable(log_dir: Path) -> None:
    # with only a loopback interface there is no route: connect() fails before any packet is
    # sent; the probe refuses to try at all if any other interface exists
    probe = (
        "ls /sys/class/net | tr '\\n' ' '; [ \"$(ls /sys/class/net)\" = lo ] && python -c \"import socket\n"
        "try:\n    socket.create_connection(('192.0.2.1', 80), timeout=3)\n"
        "except OSError as e:\n    print('refused:', e)\""
    )
    log = run([bash_call(probe), submit("x")], log_dir, network_enabled=False)
    out = tool_texts(log)[0]
    assert out.startswith("lo ")
    assert "refused: [Errno 101] Network is unreachable" in out


def test_command_timeout_kills_long_command(log_dir: Path) -> None:
    started = time.monotonic()
    log = run(
        [
            bash_call("sleep 60; echo finished"),
            bash_call("ps aux | grep -c '[s]leep 60'"),
            submit("x"),
        ],
        log_dir,
        command_timeout=2,
    )
    assert time.monotonic() - started < 45
    assert log.samples
    tools = [m for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]
    assert tools[0].error is not None and "timed out" in tools[0].error.message.lower()
    assert "finished" not in tools[0].text
    assert tools[1].text.strip() == "0"  # the process is gone, not left running


def test_long_tool_output_is_truncated(log_dir: Path) -> None:
    log = run(
        [bash_call("head -c 200000 /dev/zero | tr '\\0' a"), submit("x")],
        log_dir,
        max_tool_output=1000,
    )
    out = tool_texts(log)[0]
    assert len(out) < 5000
    assert "truncated" in out.lower()


OVERFLOW = (
    "This model's maximum context length is 8192 tokens. However, you requested 9021 tokens "
    "(8021 in the messages, 1000 in the completion). Please reduce the length of the messages."
)


def overflow() -> ModelOutput:
    """What a provider returns when the conversation no longer fits: its error as content."""
    return ModelOutput.from_content(MODEL, OVERFLOW, stop_reason="model_length")


def test_context_overflow_is_scored_as_no_answer(log_dir: Path) -> None:
    log = run([bash_call("echo thinking"), overflow()], log_dir)
    assert log.samples and log.samples[0].scores
    score = log.samples[0].scores["gaia_scorer"]
    assert score.value == "I"
    assert score.answer is None
    assert "context overflow" in (score.explanation or "")
    assert "maximum context length" not in (score.explanation or "")


def test_context_overflow_scores_the_last_real_answer(log_dir: Path) -> None:
    # the agent stated an answer in text (not through submit), went on, then overflowed
    said = ModelOutput.from_content(MODEL, "The largest city is Lyon. FINAL ANSWER: Lyon")
    log = run([said, bash_call("echo checking"), overflow()], log_dir)
    assert log.samples and log.samples[0].scores
    score = log.samples[0].scores["gaia_scorer"]
    assert (score.value, score.answer) == ("C", "Lyon")
    assert "ended on context overflow" in (score.explanation or "")


def test_test_split_unscored_and_submission_export(log_dir: Path, tmp_path: Path) -> None:
    [log] = inspect_eval(
        gaia(dataset_hub="example", split="test"),
        model="stamina/gaia-example",
        log_dir=str(log_dir),
        display="none",
    )
    assert log.status == "success"
    assert log.samples and all(not s.scores for s in log.samples)
    out = tmp_path / "submission.jsonl"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspect_stamina.cli",
            "gaia-submission",
            log.location,
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    rows = {r["task_id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert {k: v["model_answer"] for k, v in rows.items()} == {
        "d2b8f3e1-0001-4c3a-8e2b-6b22f1000001": "3",
        "d2b8f3e1-0002-4c3a-8e2b-6b22f1000002": "1024",
        "d2b8f3e1-0003-4c3a-8e2b-6b22f1000003": "apple",
    }
    assert all("[bash]" in r["reasoning_trace"] for r in rows.values())


def inspect_gaia(log_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`inspect eval inspect_stamina/gaia` on the example data with the scripted model."""
    base = ["--model", "stamina/gaia-example", "-T", "dataset_hub=example"]
    return inspect_eval_cli("inspect_stamina/gaia", log_dir, *base, *args, **env)


def test_cli_eval_on_example_dataset(log_dir: Path) -> None:
    result = inspect_gaia(log_dir, "-T", "subset=2023_level1,2023_level3", "--display", "plain")
    assert result.returncode == 0, result.stdout + result.stderr
    [info] = list_eval_logs(str(log_dir))
    log = read_eval_log(info)
    assert log.samples and len(log.samples) == 4
    assert all(s.scores and s.scores["gaia_scorer"].value == "C" for s in log.samples)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-T", "subset=2023_level9"], "Valid subsets: 2023_level1"),
        (["-T", "docker_image=inspect-stamina/absent:0"], "does not exist locally"),
        (["-T", "dataset_path=/nonexistent/gaia"], "is not a directory"),
        (["-T", "dataset_hub=huggingface"], "HF_TOKEN"),
    ],
)
def test_cli_bad_input_is_a_clear_error(log_dir: Path, args: list[str], message: str) -> None:
    result = inspect_gaia(log_dir, *args, HF_HUB_OFFLINE="1", HF_TOKEN="")
    assert_clear_failure(result, message, log_dir)


def test_docker_not_running_is_a_clear_error(log_dir: Path, tmp_path: Path) -> None:
    result = inspect_gaia(log_dir, DOCKER_HOST=f"unix://{tmp_path}/no-docker.sock")
    assert_clear_failure(result, "Docker is not running", log_dir)


HOSTILE_COMMANDS = {
    "fork_bomb": "bomb() { bomb | bomb & }; bomb; sleep 2; echo launched",
    "disk_fill": "dd if=/dev/zero of=/workspace/big bs=1M count=200; dd if=/dev/zero of=/tmp/big bs=1M count=900; touch /usr/evil",
    "kill_everything": "kill -9 -1; kill -TERM 1; echo after",
    "attachments": "rm -f /shared_files/cities.csv; echo x > /shared_files/cities.csv; chmod 000 /shared_files",
}


@pytest.mark.parametrize("name", HOSTILE_COMMANDS)
def test_hostile_command_before_submit_loses_nothing(log_dir: Path, name: str) -> None:
    # the agent runs as `agent`: it hurts only its own processes and files, never the
    # container, the attachments or the host; its answer is still scored
    with leaves_no_trace(max_disk_drop=64 * 1024**2):
        log = run(
            [
                bash_call(HOSTILE_COMMANDS[name]),
                bash_call("id -un; cat /shared_files/cities.csv | head -1"),
                submit("Lyon"),
            ],
            log_dir,
            command_timeout=10,
            workspace_size="64m",
        )
    assert log.samples and log.samples[0].scores
    assert log.samples[0].scores["gaia_scorer"].value == "C"
    assert log.eval.metadata and log.eval.metadata["limits"]["workspace_size"] == "64m"
    hostile, after = tool_texts(log)[:2]
    if name == "disk_fill":
        assert hostile.count("No space left on device") == 2 and "Read-only file system" in hostile
    if name == "fork_bomb":  # it used up the agent's own processes, and only those
        assert "Resource temporarily unavailable" in hostile + after
    else:
        assert after.splitlines() == ["agent", "city,country,population"]


MINI_SCRIPT = Path(__file__).parents[1] / "stamina" / "fixtures" / "mini" / "script.yaml"


def test_level_task_composes_with_other_tasks_in_an_eval_set(log_dir: Path) -> None:
    # each task takes only the -T arguments it names; none fails on the other's
    command = [
        "inspect",
        "eval-set",
        "inspect_stamina/gaia_level1",
        "inspect_stamina/stamina",
        "--model",
        MODEL,
        "-T",
        f"script={MINI_SCRIPT}",
        "-T",
        "dataset_hub=example",
        "-T",
        "max_steps=1",
        "--log-dir",
        str(log_dir),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    logs = {read_eval_log(i, header_only=True).eval.task: i for i in list_eval_logs(str(log_dir))}
    assert set(logs) == {"inspect_stamina/gaia_level1", "inspect_stamina/stamina"}
    gaia_log = read_eval_log(logs["inspect_stamina/gaia_level1"])
    assert gaia_log.status == "success"
    assert gaia_log.samples and {s.metadata["level"] for s in gaia_log.samples} == {"1"}
    assert gaia_log.eval.task_args["dataset_hub"] == "example"
    assert "script" not in gaia_log.eval.task_args


@pytest.mark.parametrize("level_task", [gaia_level1, gaia_level2, gaia_level3])
def test_level_tasks_name_every_gaia_parameter_but_subset(level_task: Callable[..., Any]) -> None:
    # Inspect routes -T arguments by these signatures, so they must be explicit
    level = inspect.signature(level_task).parameters
    full = inspect.signature(gaia).parameters
    assert list(level) == [name for name in full if name != "subset"]
    assert all(level[name].default == full[name].default for name in level)


def test_python_tool_option_runs_in_the_sandbox(log_dir: Path) -> None:
    outputs = [
        ModelOutput.for_tool_call(MODEL, "python", {"code": "print(6 * 7)"}),
        submit("42"),
    ]
    log = run(outputs, log_dir, python_tool=True)
    assert tool_texts(log)[0].strip() == "42"
    assert log.eval.metadata and log.eval.metadata["tools"] == ["bash", "python"]


def test_default_tools_are_bash_only(log_dir: Path) -> None:
    log = run([submit("Lyon")], log_dir)
    assert log.eval.metadata and log.eval.metadata["tools"] == ["bash"]


@pytest.mark.parametrize(
    ("provider", "message"),
    [
        ("tavily", "TAVILY_API_KEY not set"),
        ("exa", "EXA_API_KEY not set"),
        ("google", "GOOGLE_CSE_ID and/or GOOGLE_CSE_API_KEY not set"),
        ("bing", "Invalid provider: 'bing'"),
    ],
)
def test_web_search_without_key_stops_before_any_sample(
    log_dir: Path, provider: str, message: str
) -> None:
    env = {"TAVILY_API_KEY": "", "EXA_API_KEY": "", "GOOGLE_CSE_ID": "", "GOOGLE_CSE_API_KEY": ""}
    result = inspect_gaia(log_dir, "-T", f"web_search={provider}", **env)
    assert_clear_failure(result, message, log_dir)


def test_one_samples_model_error_keeps_the_others_scores_and_marks_the_run(log_dir: Path) -> None:
    calls = {"n": 0}

    def outputs(*_: Any) -> ModelOutput:
        # the first generation's provider fails for good (as a spent attempt timeout does)
        calls["n"] += 1
        if calls["n"] == 1:
            raise TimeoutError("the model server did not answer")
        return submit("Lyon")

    model = get_model(MODEL, custom_outputs=outputs)
    [log] = inspect_eval(
        gaia(dataset_hub="example"),
        model=model,
        log_dir=str(log_dir),
        display="none",
        max_retries=0,
    )
    assert log.samples
    errored = [s for s in log.samples if s.error is not None]
    scored = [s for s in log.samples if s.scores]
    # the run says it had an error, and every other question was answered and scored
    assert log.status == "error" and len(errored) == 1
    assert len(scored) == len(log.samples) - 1 >= 2
    assert log.results is not None and log.results.completed_samples == len(scored)
