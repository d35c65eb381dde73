"""GAIA's level is the question's metadata, never a score: in the report and dataframes.

From a replayed GAIA log (no Docker): the bundled example's seven questions (levels 1,
1, 1, 2, 2, 2, 3), one level-2 question answered wrongly.
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai.analysis import samples_df
from inspect_ai.log import read_eval_log

from inspect_stamina.report.markdown import write_report
from tests.report.replayed import replayed_gaia_log

WRONG = "c1a9e2f0-0005-4e57-9d1a-5a11e0000005"


def test_the_level_is_metadata_and_the_report_groups_by_it(tmp_path: Path) -> None:
    log = replayed_gaia_log(tmp_path / "logs", frozenset({WRONG}))
    frame = samples_df(str(log), quiet=True)
    score_columns = [c for c in frame.columns if c.startswith("score_")]
    assert score_columns == ["score_gaia_scorer"]
    assert sorted(frame["metadata_level"]) == ["1", "1", "1", "2", "2", "2", "3"]
    header = read_eval_log(str(log), header_only=True)
    assert [s.name for s in (header.results.scores if header.results else [])] == ["gaia_scorer"]
    text = write_report([log], tmp_path / "out").path.read_text(encoding="utf-8")
    assert "| model | level 1 | level 2 | level 3 | all |" in text
    assert "| mockllm/model | 1.000 (3/3) | 0.667 (2/3) | 1.000 (1/1) | 0.857 (6/7) |" in text
