"""What a researcher sees while and after a session runs: live counters in Inspect's
display, the headline metric, per-script columns only where they say something, and a
compaction threshold too small to hold a turn refused before turn 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai._util.registry import registry_info
from inspect_ai.model import CompactionAuto, get_model

from inspect_stamina.errors import StaminaError
from inspect_stamina.stamina.agents import agent_tools
from inspect_stamina.stamina.record import CheckResult, TurnRecord
from inspect_stamina.stamina.session import progress
from inspect_stamina.stamina.session.compaction_room import (
    check_compaction_room,
    turn_floor_tokens,
)

FIXTURES = Path(__file__).parent / "fixtures"
MINI = str(FIXTURES / "mini" / "script.yaml")
JS_MINI = str(FIXTURES / "js_mini" / "script.yaml")


@pytest.fixture
def counters(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    shown: dict[str, str] = {}
    monkeypatch.setattr(progress, "display_counter", shown.__setitem__)
    monkeypatch.setattr(progress, "_sessions", {})
    return shown


def _turn(number: int, *checks: tuple[str, bool]) -> TurnRecord:
    return TurnRecord(
        turn=number,
        phase="Setup",
        kind="feature",
        layer="scripted",
        message="Add it.",
        checkpoints=[CheckResult(name=n, passed=p) for n, p in checks],
    )


def test_the_turn_counter_adds_up_every_running_session(counters: dict[str, str]) -> None:
    progress.session_started("a", 100)
    progress.session_started("b", 28)
    assert counters[progress.TURNS_CAPTION] == "0/128"
    progress.turn_finished("a", _turn(1))
    progress.turn_finished("b", _turn(1))
    progress.turn_finished("a", _turn(2))
    assert counters[progress.TURNS_CAPTION] == "3/128"
    # a turn without checkpoints leaves the last checkpoint as it was
    assert progress.CHECKPOINT_CAPTION not in counters


def test_the_last_checkpoint_says_what_passed_and_what_failed_first(
    counters: dict[str, str],
) -> None:
    progress.session_started("a", 10)
    progress.turn_finished("a", _turn(3, ("adds", True), ("units", True)))
    assert counters[progress.CHECKPOINT_CAPTION] == "turn 3: 2/2 passed"
    progress.turn_finished("a", _turn(4, ("adds", True), ("converts km", False), ("x", False)))
    assert counters[progress.CHECKPOINT_CAPTION] == "turn 4: 1/3 passed, converts km failed"


def _build(script: str | list[str], monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    from inspect_stamina.stamina import task as task_module

    # building on Kubernetes needs no Docker engine; the metrics do not depend on it
    monkeypatch.setattr(task_module, "require_image", lambda image: None)
    return task_module.stamina(script=script, sandbox="k8s")


def test_one_script_gets_mean_and_stderr_and_several_the_headline_per_script(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one = _build(MINI, monkeypatch)
    assert one.metrics is not None
    names = {key: [getattr(m, "__name__", str(m)) for m in ms] for key, ms in one.metrics.items()}
    assert all(len(ms) == 2 for ms in names.values()), names
    both = _build([MINI, JS_MINI], monkeypatch)
    # the headline per script beside the per-key mean and stderr (not a column in each)
    assert isinstance(both.metrics, list)
    per_script, per_key = both.metrics
    assert isinstance(per_key, dict) and all(len(ms) == 2 for ms in per_key.values())
    assert registry_info(per_script).name == "inspect_stamina/by_script"


def test_a_sessions_input_says_its_length_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from inspect_stamina.generator.generate import generate

    generated = generate("webstack", 20, 0, tmp_path / "script")
    [sample] = _build(str(generated), monkeypatch).dataset
    assert sample.input == "StaminaBench session: Generated webstack project (20 turns, seed 0)"
    [bundled] = _build(MINI, monkeypatch).dataset
    assert isinstance(bundled.input, str) and bundled.input.count(" turns)") == 1


def test_the_headline_is_the_checkpoint_pass_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    task = _build(MINI, monkeypatch)
    assert task.headline_metric is not None
    assert (task.headline_metric.score, task.headline_metric.metric) == (
        "checkpoint_pass_rate",
        "mean",
    )


SYSTEM = "You are a software engineer."
REQUESTS = ["Add a function `add(a, b)` to calc/__init__.py.", "Now make it " + "very " * 200]


async def test_a_threshold_below_one_turns_fixed_part_is_refused_with_the_smallest_that_works() -> (
    None
):
    model = get_model("mockllm/model")
    tools = agent_tools()
    floor, tool_tokens, system, longest = await turn_floor_tokens(model, tools, SYSTEM, REQUESTS)
    assert floor == tool_tokens + system + longest and longest > 200 and tool_tokens > 50
    with pytest.raises(StaminaError, match=f"at least {floor:,}") as info:
        await check_compaction_room(
            model, CompactionAuto(threshold=floor - 1), tools, SYSTEM, REQUESTS
        )
    assert "compaction_threshold" in str(info.value)
    # the floor itself, a share of the window, and no compaction at all are accepted
    await check_compaction_room(model, CompactionAuto(threshold=floor), tools, SYSTEM, REQUESTS)
    await check_compaction_room(model, CompactionAuto(threshold=0.9), tools, SYSTEM, REQUESTS)
    await check_compaction_room(model, None, tools, SYSTEM, REQUESTS)


async def test_the_memory_tool_raises_the_floor() -> None:
    model = get_model("mockllm/model")
    plain = await turn_floor_tokens(model, agent_tools(), SYSTEM, REQUESTS)
    more = await turn_floor_tokens(model, agent_tools(memory_tool=True), SYSTEM, REQUESTS)
    assert more[1] > plain[1]
