"""The report and dataframes per configuration: columns, script lengths, usage, figures.

From replayed logs (no Docker): two sessions of one configuration on a 28- and a
100-turn script, one with compaction `trim` that fails from turn 10, one with a user
model and feedback on.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from inspect_ai.log import read_eval_log
from PIL import Image

from inspect_stamina.analysis import stamina_samples_df, turns_df
from inspect_stamina.report.markdown import write_report
from inspect_stamina.stamina.scorers import METRIC_KEYS
from tests.helpers import report_cli
from tests.report.replayed import replayed_log

MODEL = "mockllm/model"


def _section(report: Path, title: str) -> list[str]:
    lines = report.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"## {title}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start + 1 : end]


def _tables(report: Path, title: str) -> list[list[list[str]]]:
    """Every table of a section, as rows of cells with the header first."""
    tables: list[list[list[str]]] = []
    previous = ""
    for line in _section(report, title):
        if line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not previous.startswith("|"):
                tables.append([])
            tables[-1].append(cells)
        previous = line
    return tables


def _by_first_cell(table: list[list[str]]) -> dict[str, dict[str, str]]:
    header, *rows = table
    return {row[0]: dict(zip(header, row, strict=True)) for row in rows}


def test_one_configuration_reads_as_its_model(
    replayed_logs: dict[str, Path], tmp_path: Path
) -> None:
    report = write_report([replayed_logs["short"]], tmp_path / "out").path
    text = report.read_text(encoding="utf-8")
    [metrics] = _tables(report, "Metrics per configuration")
    assert metrics[0] == ["metric", MODEL]
    # one script: stamina stays in turns, and nothing to warn about
    assert _by_first_cell(metrics)["stamina"][MODEL] == "28.000 (n=1)"
    assert "## Warnings" not in text
    shared = " ".join(_section(report, "Configurations"))
    assert "agent=default" in shared and "compaction=auto" in shared


def test_scripts_of_different_lengths_are_compared_as_shares(
    replayed_logs: dict[str, Path], tmp_path: Path
) -> None:
    report = write_report([replayed_logs["short"], replayed_logs["long"]], tmp_path / "out").path
    [metrics] = _tables(report, "Metrics per configuration")
    rows = _by_first_cell(metrics)
    # two perfect sessions, 28 and 100 turns: not "64 ± 36" turns but all of each script
    assert rows["stamina (share of script turns)"][MODEL] == "1.000 ± 0.000 (n=2)"
    assert rows["stamina_strict (share of script turns)"][MODEL] == "1.000 ± 0.000 (n=2)"
    assert "stamina" not in rows
    [warning] = [line for line in _section(report, "Warnings") if line.startswith("- ")]
    assert "mixes 2 scripts of different lengths" in warning
    assert "inventory_cli (28 turns)" in warning and "todo_app (100 turns)" in warning
    # one script per row: turns
    [per_script] = _tables(report, "Per configuration and script")
    header, *scripts = per_script
    stamina = {row[header.index("script")]: row[header.index("stamina")] for row in scripts}
    assert stamina == {"inventory_cli": "28.000 (n=1)", "todo_app": "100.000 (n=1)"}


@pytest.fixture(scope="module")
def every_config(replayed_logs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`inspect-stamina report` over every replayed log; report.md."""
    [root] = {path.parents[1] for path in replayed_logs.values()}
    out = tmp_path_factory.mktemp("report") / "out"
    result = report_cli(root, "-o", out)
    assert result.returncode == 0, result.stderr
    return out / "report.md"


def test_sessions_of_different_configurations_never_share_a_column(every_config: Path) -> None:
    [metrics] = _tables(every_config, "Metrics per configuration")
    columns = metrics[0][1:]
    default = f"{MODEL} · compaction=auto · user_model=none · feedback=off"
    trim = f"{MODEL} · compaction=trim · user_model=none · feedback=off"
    user = f"{MODEL} · compaction=auto · user_model=mockllm/user · feedback=on (1 attempt)"
    # in the order first read (the logs' directories by name: long, short, trim, user)
    assert columns == [default, trim, user]
    rows = _by_first_cell(metrics)
    assert len(rows) == len(METRIC_KEYS)
    solved = rows["solved"]
    assert (solved[default], solved[trim], solved[user]) == (
        "1.000 ± 0.000 (n=2)",
        "0.000 (n=1)",
        "1.000 (n=1)",
    )
    # lengths differ somewhere in the table: every column in shares; trim lasted 10 of 28
    assert rows["stamina (share of script turns)"][trim] == f"{10 / 28:.3f} (n=1)"
    differ = " ".join(_section(every_config, "Configurations"))
    assert "Columns differ in: compaction, user_model, feedback." in differ
    # the columns ran different scripts: said so
    warnings = _section(every_config, "Warnings")
    assert any("different script sets" in line for line in warnings)
    [survival] = _tables(every_config, "Stamina: survival and degradation")
    trimmed = _by_first_cell(survival)[trim]
    # its first failed checkpoint at turn 11 of 28
    assert trimmed["median turn of first failure"] == "11"
    assert trimmed["median share of script turns before it"] == f"{11 / 28:.3f}"
    [sessions] = _tables(every_config, "Sessions")
    assert {row[0] for row in sessions[1:]} == {default, trim, user}


def _usage(log: Path) -> tuple[int, int, int | None]:
    """(input tokens, output tokens, user model tokens) of a log's one session."""
    [sample] = read_eval_log(str(log)).samples or []
    usage = list(sample.model_usage.values())
    user = sample.role_usage.get("user")
    return (
        sum(u.input_tokens for u in usage),
        sum(u.output_tokens for u in usage),
        user.total_tokens if user else None,
    )


def test_usage_per_session_comes_from_the_logs(
    replayed_logs: dict[str, Path], every_config: Path
) -> None:
    per_config, per_session = _tables(every_config, "Usage")
    header, *rows = per_session
    found = {(row[0], row[1]): dict(zip(header, row, strict=True)) for row in rows}
    user = f"{MODEL} · compaction=auto · user_model=mockllm/user · feedback=on (1 attempt)"
    default = f"{MODEL} · compaction=auto · user_model=none · feedback=off"
    cases = {
        "user": (user, "inventory_cli", 28),
        "short": (default, "inventory_cli", 28),
        "long": (default, "todo_app", 100),
    }
    for name, (column, script, turns) in cases.items():
        row = found[(column, script)]
        tokens_in, tokens_out, tokens_user = _usage(replayed_logs[name])
        assert row["input tokens"] == f"{tokens_in:,}", name
        assert row["output tokens"] == f"{tokens_out:,}", name
        assert row["user model tokens"] == ("–" if tokens_user is None else f"{tokens_user:,}")
        # one generation recorded per turn, each turn 2 s of wall time
        assert row["generations"] == str(turns) and row["wall time per turn"] == "2.0 s"
        assert row["turns played"] == f"{turns}/{turns}"
    assert found[(user, "inventory_cli")]["user model tokens"] != "–"
    means = _by_first_cell(per_config)
    assert means[default]["sessions"] == "2" and means[default]["generations"] == "64"
    short_in, long_in = _usage(replayed_logs["short"])[0], _usage(replayed_logs["long"])[0]
    assert means[default]["input tokens"] == f"{round((short_in + long_in) / 2):,}"


def test_the_timeline_stays_readable_for_a_long_script(
    replayed_logs: dict[str, Path], tmp_path: Path
) -> None:
    written = write_report([replayed_logs["short"], replayed_logs["long"]], tmp_path / "out")
    with Image.open(tmp_path / "out" / "timeline.png") as image:
        width, height = image.size
    # two sessions of a 100-turn script: bounded, not a 2640 × 286 strip
    assert width <= 1900 and height >= 450 and width / height < 4
    text = written.path.read_text(encoding="utf-8")
    assert "![Checkpoints per session](timeline.png)" in text
    for name in ("radar.png", "survival.png", "checkpoint_buckets.png", "context_tokens.png"):
        with Image.open(tmp_path / "out" / name) as image:
            assert image.width <= 2000 and image.height <= 2400, name


def test_samples_df_has_configuration_and_token_columns(replayed_logs: dict[str, Path]) -> None:
    frame = stamina_samples_df(list(replayed_logs.values())).set_index("id", append=True)
    assert len(frame) == 4
    assert set(frame["agent"]) == {"default"}
    assert set(frame["compaction"]) == {"auto", "trim"}
    assert set(frame["user_model"]) == {"none", "mockllm/user"}
    assert set(frame["feedback"]) == {"off", "on (1 attempt)"}
    assert not frame["memory_tool"].any() and not frame["knowledge_base"].any()
    assert frame["configuration"].nunique() == 3
    for name, log in replayed_logs.items():
        [sample] = read_eval_log(str(log)).samples or []
        [row] = [r for _, r in frame.iterrows() if r["sample_id"] == sample.uuid]
        tokens_in, tokens_out, tokens_user = _usage(log)
        assert (row["input_tokens"], row["output_tokens"]) == (tokens_in, tokens_out), name
        if tokens_user is None:
            assert pd.isna(row["user_tokens"]), name
        else:
            assert row["user_tokens"] == tokens_user, name
        assert row["stamina_share"] == row["stamina"] / row["total_turns"]
    assert str(frame["input_tokens"].dtype) == "Int64"


def test_turns_df_joins_to_the_sessions_with_typed_columns(
    replayed_logs: dict[str, Path],
) -> None:
    turns = turns_df(list(replayed_logs.values()))
    sessions = stamina_samples_df(list(replayed_logs.values()))
    joined = turns.merge(
        sessions[["sample_id", "compaction", "total_turns"]], on="sample_id", validate="m:1"
    )
    assert len(joined) == len(turns) == 28 * 3 + 100
    per_session = joined.groupby("sample_id")
    assert (per_session["turn"].max() == per_session["total_turns"].first()).all()
    assert set(joined.loc[joined["compaction"] == "trim", "configuration"]) == set(
        sessions.loc[sessions["compaction"] == "trim", "configuration"]
    )
    assert not any(pd.api.types.is_object_dtype(dtype) for dtype in turns.dtypes)
    assert str(turns["effective"].dtype) == "boolean" and str(turns["turn"].dtype) == "Int64"
    assert str(turns["seconds"].dtype) == "Float64" and str(turns["script"].dtype) == "string"
    assert set(turns["agent"]) == {"default"} and (turns["generations"] == 1).all()
    assert turns["robustness"].isna().all()


def test_logs_without_context_tokens_skip_that_figure(tmp_path: Path) -> None:
    """Logs from before context tokens were recorded: every other figure, not that one."""
    log = replayed_log(tmp_path / "logs", "inventory_cli", fail_at=9, context=False)
    written = write_report([log], tmp_path / "out")
    assert not (tmp_path / "out" / "context_tokens.png").exists()
    assert "context_tokens.png" not in written.path.read_text(encoding="utf-8")
    assert (tmp_path / "out" / "survival.png").stat().st_size > 10_000
