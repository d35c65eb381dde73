"""The analysis dataframes: one column per metric, one row per turn, from real logs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log

from inspect_stamina.analysis import stamina_samples_df, turns_df
from inspect_stamina.generator.generate import GENERATOR_VERSION, generate, list_domains
from inspect_stamina.report.logs import script_domain
from inspect_stamina.stamina.scorers import METRIC_KEYS

MINI_TURNS = 6
MINI = Path(__file__).parents[1] / "stamina" / "fixtures" / "mini" / "script.yaml"


@pytest.mark.docker
def test_samples_df_has_one_numeric_column_per_metric(report_logs: dict[str, Path]) -> None:
    frame = stamina_samples_df(list(report_logs.values()))
    # GAIA's samples are left out; the crashed session stays, with its error
    assert sorted(frame["model"]) == [
        "mockllm/model",
        "stamina/noop",
        "stamina/noop",
        "stamina/oracle",
        "stamina/oracle",
    ]
    for key in METRIC_KEYS:
        assert frame[key].dtype.kind == "f", key
    crashed = frame[frame["error"].str.contains("the agent's process died")]
    assert len(crashed) == 1 and crashed[list(METRIC_KEYS)].isna().all(axis=None)
    assert set(frame["script"]) == {"mini"} and set(frame["total_turns"]) == {MINI_TURNS}
    for name in ("oracle", "gives_up"):
        log = read_eval_log(str(report_logs[name]))
        rows = frame[frame["log"].str.endswith(Path(log.location).name)].sort_values("epoch")
        for sample, (_, row) in zip(log.samples or [], rows.iterrows(), strict=True):
            value = (sample.scores or {})["stamina_scorer"].value
            assert isinstance(value, dict)
            for key in METRIC_KEYS:
                expected = float(value[key])
                assert (math.isnan(expected) and math.isnan(row[key])) or row[key] == expected


@pytest.mark.docker
def test_turns_df_has_a_row_per_turn_per_session(report_logs: dict[str, Path]) -> None:
    frame = turns_df([report_logs[name] for name in ("oracle", "noop", "gives_up", "errored")])
    counts = frame.groupby(["model", "epoch"]).size().to_dict()
    # the crashed session finished no turn
    assert counts == {
        ("mockllm/model", 1): MINI_TURNS,
        ("stamina/noop", 1): MINI_TURNS,
        ("stamina/oracle", 1): MINI_TURNS,
        ("stamina/oracle", 2): MINI_TURNS,
    }
    gave_up = frame[frame["model"] == "mockllm/model"].set_index("turn")
    assert list(gave_up.index) == list(range(1, MINI_TURNS + 1))
    assert (gave_up.loc[1, "checkpoints_passed"], gave_up.loc[1, "checkpoints_failed"]) == (1, 0)
    assert (gave_up.loc[2, "checkpoints_passed"], gave_up.loc[2, "checkpoints_failed"]) == (0, 1)
    assert "to_metres" in str(gave_up.loc[2, "failed_checkpoints"])
    assert bool(gave_up.loc[1, "effective"]) and gave_up["context_tokens"].notna().all()
    # every turn the agent's model answered at least once; turn 1 called a tool, then replied
    generations = gave_up["generations"].tolist()
    assert min(generations) >= 1 and generations[0] >= 2
    oracle = frame[frame["model"] == "stamina/oracle"]
    assert oracle["checkpoints_failed"].sum() == 0 and oracle["checkpoints"].sum() == 6
    assert set(frame["phase"]) == {"Setup", "Features"}
    # a directory reads the same logs
    assert len(turns_df(report_logs["noop"].parent)) == MINI_TURNS


def test_the_domain_of_a_generated_script_is_read_from_its_text(tmp_path: Path) -> None:
    for line in list_domains(GENERATOR_VERSION):
        domain = line.split("\t")[0]
        path = generate(domain, 20, 3, tmp_path / domain, GENERATOR_VERSION)
        text = (path if path.is_file() else path / "script.yaml").read_text(encoding="utf-8")
        # samples_df's summaries keep only the start of the script's text
        assert script_domain(text[:1000]) == domain
    assert script_domain(MINI.read_text(encoding="utf-8")) is None
