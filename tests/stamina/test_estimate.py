"""`inspect-stamina estimate`: a session's tokens before it runs, and the scripted models' usage."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from inspect_ai.model import ChatMessageUser, get_model

from inspect_stamina.stamina.estimate import Projection, Usage, estimate, oracle_usage
from inspect_stamina.stamina.task import resolve_script
from inspect_stamina.tokens import MESSAGE_OVERHEAD, text_tokens
from tests.helpers import stamina_cli


def cli(*args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`inspect-stamina estimate ARGS` (its cache in `cache`, when given)."""
    env = {} if cache is None else {"INSPECT_STAMINA_CACHE": str(cache)}
    return stamina_cli("estimate", *args, **env)


async def test_scripted_models_report_what_their_transcript_would_cost() -> None:
    model = get_model("stamina/noop")
    short = await model.generate([ChatMessageUser(content="hi")])
    long = await model.generate([ChatMessageUser(content="hi " * 500)])
    assert short.usage is not None and long.usage is not None
    assert short.usage.output_tokens == text_tokens("OK.") + MESSAGE_OVERHEAD
    assert long.usage.input_tokens - short.usage.input_tokens == text_tokens("hi " * 500) - 1
    assert long.usage.total_tokens == long.usage.input_tokens + long.usage.output_tokens


def test_the_oracle_transcript_has_one_request_per_reply_and_per_reference() -> None:
    loaded = resolve_script("inventory_cli")
    turns = loaded.turns()
    with_reference = [t for t in turns if t.prompt.reference]
    usage = oracle_usage(loaded)
    asks_first = [
        t for t in with_reference if t.prompt.answer is not None and "?" in (t.prompt.reply or "")
    ]
    assert usage.generations == len(turns) + len(with_reference) + len(asks_first)
    # the context only grows: the last request is the largest, and the total is at
    # least one request per generation of the first request's size
    assert usage.peak_context < usage.input_tokens
    assert usage.input_tokens > usage.generations * 1000


def test_the_projection_grows_with_requests_and_stops_at_the_context_limit() -> None:
    loaded = resolve_script("inventory_cli")
    [few] = estimate([("s", loaded)], Projection(generations=2, tool_output=0))
    [many] = estimate([("s", loaded)], Projection(generations=8, tool_output=400))
    [capped] = estimate(
        [("s", loaded)], Projection(generations=8, tool_output=400, context_limit=20_000)
    )
    assert few.oracle == many.oracle
    assert many.projected.generations == 4 * few.projected.generations == 8 * 28
    assert many.projected.input_tokens > 4 * few.projected.input_tokens
    assert capped.projected.peak_context == 20_000 < many.projected.peak_context
    assert capped.projected.input_tokens <= 8 * 28 * 20_000
    assert Usage(1, 2_000_000, 1_000_000, 0).cost(3.0, 15.0) == pytest.approx(21.0)


def test_estimate_from_the_command_line() -> None:
    result = cli("inventory_cli", "todo_app", "--price-input", "3", "--price-output", "15")
    assert result.returncode == 0, result.stderr
    rows = [line.split("|")[1:-1] for line in result.stdout.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in rows[0]]
    assert header[-1] == "cost (USD)"
    body = [[cell.strip() for cell in row] for row in rows[2:]]
    assert [r[0] for r in body] == ["inventory_cli", "", "todo_app", "", "**total (2)**", ""]
    assert [r[2] for r in body] == ["oracle", "projected"] * 3
    costs = [float(r[-1].replace(",", "")) for r in body]
    assert costs[4] == pytest.approx(costs[0] + costs[2], abs=0.02)
    assert all(c > 0 for c in costs)
    assert "a lower bound" in result.stdout


def test_estimate_of_a_drawn_suite(tmp_path: Path) -> None:
    result = cli("--suite", "1", "--sample", "2", "--seed", "3", cache=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "**total (2)**" in result.stdout


@pytest.mark.parametrize(
    ("args", "message", "code"),
    [
        (["nosuch"], "Unknown StaminaBench script 'nosuch'", 1),
        (["--compaction-threshold", "abc"], "not a number nor none: 'abc'", 2),
        (["--generations", "0"], "--generations must be at least 1", 1),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str, code: int) -> None:
    result = cli(*args)
    assert result.returncode == code
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_measured_run_calibrates_the_projection(tmp_path: Path) -> None:
    """A replayed session of a model (one generation a turn, mockllm's usage) scales the
    oracle's transcript by what it spent over the same turns, in the CLI as in Python."""
    from inspect_ai.log import read_eval_log

    from inspect_stamina.stamina.estimate import calibrate
    from tests.report.replayed import replayed_log

    log = replayed_log(tmp_path / "logs", "inventory_cli", fail_at=9)
    [sample] = read_eval_log(str(log)).samples or []
    used = sample.model_usage["mockllm/model"]
    oracle = oracle_usage(resolve_script("inventory_cli"))
    calibration = calibrate([log])
    assert (calibration.sessions, calibration.turns) == (1, 28)
    assert calibration.input_tokens == pytest.approx(used.input_tokens / oracle.input_tokens)
    assert calibration.output_tokens == pytest.approx(used.output_tokens / oracle.output_tokens)
    assert calibration.generations == pytest.approx(28 / oracle.generations)
    [row] = estimate([("todo_app", resolve_script("todo_app"))], Projection(), calibration)
    assert row.projected.input_tokens == round(row.oracle.input_tokens * calibration.input_tokens)
    result = cli("todo_app", "--calibrate", str(log.parent))
    assert result.returncode == 0, result.stderr
    assert f"input ×{calibration.input_tokens:.2f}" in result.stdout
    assert "1 session(s), 28 turns" in result.stdout


def test_calibrating_from_logs_without_sessions_is_a_clear_error(tmp_path: Path) -> None:
    from tests.report.replayed import replayed_gaia_log

    log = replayed_gaia_log(tmp_path / "logs")
    result = cli("--calibrate", str(log))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "no StaminaBench session with model usage" in result.stderr
