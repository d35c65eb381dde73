"""The metrics a StaminaBench run reports, as the terminal and the viewer read them."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from inspect_ai.log import read_eval_log

from tests.report.replayed import replayed_log

MINI = str(Path(__file__).parent / "fixtures" / "mini" / "script.yaml")


def test_a_run_of_two_scripts_names_each_script_alone_and_compares_stamina_by_share(
    tmp_path: Path,
) -> None:
    """Per-script rows named by the script (the terminal crops a shared prefix alike), and
    stamina as a share of each script's turns beside the mean of turns it cannot compare."""
    log = read_eval_log(replayed_log(tmp_path, f"{MINI},inventory_cli", fail_at=3))
    assert log.results is not None and log.samples
    scores = {s.name: s for s in log.results.scores}
    per_script = scores["stamina_scorer"].metrics
    assert set(per_script) == {"mini", "inventory_cli"}
    values = {
        str(s.id): cast(dict[str, float], s.scores["stamina_scorer"].value)  # type: ignore[index]
        for s in log.samples
    }
    for script, value in values.items():
        assert per_script[script].value == value["checkpoint_pass_rate"]
    # every key's own group: its mean and stderr, no row named after a script
    assert all(
        set(scores[key].metrics) == {"mean", "stderr"} for key in scores if key != "stamina_scorer"
    )
    turns = {"mini": 6, "inventory_cli": 28}
    shares = [v["stamina"] / turns[s] for s, v in values.items()]
    assert shares[0] != shares[1]  # the two scripts fail at the same turn, lengths differ
    assert scores["stamina_share"].metrics["mean"].value == pytest.approx(sum(shares) / 2)
    assert scores["stamina"].metrics["mean"].value == pytest.approx(
        sum(v["stamina"] for v in values.values()) / 2
    )


def test_without_compaction_nothing_is_reported_for_compacted_facts(tmp_path: Path) -> None:
    """`memory_compacted` has nothing to measure when nothing can be compacted away: a
    run with `compaction=none` leaves the column out instead of showing NaN."""
    none = read_eval_log(replayed_log(tmp_path / "none", MINI, compaction="none"))
    auto = read_eval_log(replayed_log(tmp_path / "auto", MINI))
    assert none.results is not None and auto.results is not None
    assert "memory_compacted" not in {s.name for s in none.results.scores}
    assert "memory_compacted" in {s.name for s in auto.results.scores}
    # a single script: no per-script group repeating the mean
    assert "stamina_scorer" not in {s.name for s in auto.results.scores}
