"""`inspect-stamina report`: report.md's numbers against the logs, its figures, its errors."""

from __future__ import annotations

import math
import statistics
from pathlib import Path
from typing import Any

import pytest
from inspect_ai.log import read_eval_log
from PIL import Image

from inspect_stamina.stamina.scorers import METRIC_KEYS
from tests.helpers import report_cli

STAMINA_RUNS = ("oracle", "noop", "gives_up")
FIGURES = ("radar.png", "survival.png", "checkpoint_buckets.png", "timeline.png")


@pytest.fixture(scope="module")
def report_dir(report_logs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report over every log, given as the directory that holds them all."""
    [root] = {path.parents[1] for path in report_logs.values()}
    out = tmp_path_factory.mktemp("report") / "out"
    result = report_cli(root, "-o", out)
    assert result.returncode == 0, result.stderr
    return out


def _section(report_dir: Path, title: str) -> list[str]:
    lines = (report_dir / "report.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"## {title}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start + 1 : end]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table(report_dir: Path, title: str) -> list[list[str]]:
    """A section's table as rows of cells, the header first."""
    rows = [_cells(line) for line in _section(report_dir, title) if line.startswith("|")]
    return [rows[0], *rows[2:]]


def _scores(log_path: Path) -> list[tuple[dict[str, float], list[dict[str, Any]]]]:
    """Per session of a log: the score's values and its turn records, read directly."""
    found = []
    for sample in read_eval_log(str(log_path)).samples or []:
        score = (sample.scores or {})["stamina_scorer"]
        assert isinstance(score.value, dict) and score.metadata
        values = {k: float(v) for k, v in score.value.items() if v is not None}
        found.append((values, list(score.metadata["turns"])))
    return found


def _expected_cell(values: list[float]) -> str:
    kept = [v for v in values if not math.isnan(v)]
    if not kept:
        return "–"
    if len(kept) == 1:
        return f"{kept[0]:.3f} (n=1)"
    stderr = statistics.stdev(kept) / math.sqrt(len(kept))
    return f"{statistics.mean(kept):.3f} ± {stderr:.3f} (n={len(kept)})"


@pytest.mark.docker
def test_every_metric_per_model_matches_the_logs(
    report_logs: dict[str, Path], report_dir: Path
) -> None:
    header, *rows = _table(report_dir, "Metrics per configuration")
    by_metric = {row[0]: dict(zip(header[1:], row[1:], strict=True)) for row in rows}
    assert list(by_metric) == list(METRIC_KEYS)
    for name in STAMINA_RUNS:
        model = read_eval_log(str(report_logs[name]), header_only=True).eval.model
        scores = [values for values, _ in _scores(report_logs[name])]
        assert scores
        for key in METRIC_KEYS:
            expected = _expected_cell([v[key] for v in scores])
            assert by_metric[key][model] == expected, (name, key)
    # the runs differ where they should: the numbers are not all alike
    assert by_metric["completion"]["stamina/oracle"] == "1.000 ± 0.000 (n=2)"
    assert by_metric["completion"]["stamina/noop"] == "0.000 (n=1)"
    assert by_metric["stamina"]["mockllm/model"] == "1.000 (n=1)"


@pytest.mark.docker
def test_pass_k_comes_from_the_epochs(report_dir: Path) -> None:
    header, *rows = _table(report_dir, "Per configuration and script")
    passes = {row[0]: row[header.index("pass^k (k = epochs)")] for row in rows}
    assert passes == {
        "stamina/oracle": "pass^2 = 1.000",
        "stamina/noop": "– (1 epoch)",
        "mockllm/model": "– (1 epoch)",
    }


def _first_failure(log_path: Path) -> list[tuple[int, bool]]:
    """Per session: (turn of the first failed checkpoint, True) or (last turn, False)."""
    found = []
    for _, turns in _scores(log_path):
        failed = [t["turn"] for t in turns if any(not c["passed"] for c in t["checkpoints"])]
        found.append((failed[0], True) if failed else (turns[-1]["turn"], False))
    return found


def _slope_per_10_turns(log_path: Path) -> float:
    """Least-squares slope of checkpoint pass (1/0) against turn, times 10."""
    points = [
        (t["turn"], float(c["passed"]))
        for _, turns in _scores(log_path)
        for t in turns
        for c in t["checkpoints"]
    ]
    mean_x = statistics.mean(x for x, _ in points)
    mean_y = statistics.mean(y for _, y in points)
    covariance = sum((x - mean_x) * (y - mean_y) for x, y in points)
    return 10 * covariance / sum((x - mean_x) ** 2 for x, _ in points)


@pytest.mark.docker
def test_survival_and_degradation_match_the_turn_records(
    report_logs: dict[str, Path], report_dir: Path
) -> None:
    header, *rows = _table(report_dir, "Stamina: survival and degradation")
    table = {row[0]: dict(zip(header, row, strict=True)) for row in rows}
    assert _first_failure(report_logs["gives_up"]) == [(2, True)]
    assert _first_failure(report_logs["noop"]) == [(1, True)]
    assert _first_failure(report_logs["oracle"]) == [(6, False), (6, False)]
    given_up = table["mockllm/model"]
    assert given_up["failed a checkpoint"] == "1" and given_up["censored"] == "0"
    assert given_up["median turn of first failure"] == "2"
    assert table["stamina/noop"]["median turn of first failure"] == "1"
    oracle = table["stamina/oracle"]
    assert (oracle["failed a checkpoint"], oracle["censored"]) == ("0", "2")
    assert oracle["median turn of first failure"] == "not reached"
    slope = f"{_slope_per_10_turns(report_logs['gives_up']):.3f}"
    assert slope.startswith("-")  # passes turn 1, then fails: it degrades
    assert given_up["degradation slope per 10 turns [95% CI]"] == slope
    # two sessions: a bootstrap interval; every checkpoint passed, so a flat line
    assert oracle["degradation slope per 10 turns [95% CI]"] == "0.000 [0.000, 0.000]"


@pytest.mark.docker
def test_gaia_accuracy_per_level_matches_the_log(
    report_logs: dict[str, Path], report_dir: Path
) -> None:
    log = read_eval_log(str(report_logs["gaia"]))
    levels: dict[str, list[bool]] = {}
    for sample in log.samples or []:
        correct = sample.scores["gaia_scorer"].value == "C"  # type: ignore[index]
        levels.setdefault(str(sample.metadata["level"]), []).append(correct)
    header, row = _table(report_dir, "GAIA accuracy per level")
    assert header == ["model", *[f"level {level}" for level in sorted(levels)], "all"]
    every = [c for answers in levels.values() for c in answers]
    expected = [
        f"{sum(a) / len(a):.3f} ({sum(a)}/{len(a)})"
        for a in [*(levels[k] for k in sorted(levels)), every]
    ]
    assert row == [log.eval.model, *expected]


@pytest.mark.docker
def test_an_errored_log_is_listed_with_its_error(
    report_logs: dict[str, Path], report_dir: Path
) -> None:
    header, *rows = _table(report_dir, "Not counted: errors")
    errored = [row for row in rows if row[0] == str(report_logs["errored"])]
    assert {row[1] for row in errored} == {"eval status error", "unscored session mini epoch 1"}
    # the eval ran to its end past the errored sample: the log says how many, the sample why
    by_what = {row[1]: row[2] for row in errored}
    assert by_what["eval status error"] == "1 of 1 samples errored; the others were scored"
    assert "the agent's process died" in by_what["unscored session mini epoch 1"]
    # and only that log is not counted
    assert len(rows) == len(errored)


@pytest.mark.docker
def test_figures_are_real_images_named_in_the_report(report_dir: Path) -> None:
    text = (report_dir / "report.md").read_text(encoding="utf-8")
    # every agent records context tokens, the scripted models included
    for name in (*FIGURES, "context_tokens.png"):
        assert f"]({name})" in text
        with Image.open(report_dir / name) as image:
            assert image.format == "PNG" and image.width >= 600 and image.height >= 300
            extremes = image.convert("L").getextrema()
            assert isinstance(extremes[0], int) and isinstance(extremes[1], int)
            assert extremes[0] < 100 < extremes[1], f"{name} is blank"


@pytest.mark.docker
def test_a_log_named_twice_is_read_once(report_logs: dict[str, Path], tmp_path: Path) -> None:
    # the noop's log named twice, as a file and through its directory: read once
    noop = report_logs["noop"]
    result = report_cli(report_logs["oracle"], noop, noop.parent, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "wrote" in result.stdout
    text = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert "Not counted" not in text
    assert "3 scored StaminaBench sessions from 2 configurations of 2 models" in text
    # the scripted models report their transcript's tokens: the context figure is drawn
    assert (tmp_path / "out" / "context_tokens.png").stat().st_size > 10_000
    assert all((tmp_path / "out" / name).stat().st_size > 10_000 for name in FIGURES)


@pytest.mark.docker
def test_an_unreadable_log_among_good_ones_is_listed(
    report_logs: dict[str, Path], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.eval"
    broken.write_text("not a log", encoding="utf-8")
    result = report_cli(report_logs["noop"], broken, "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    assert f"| {broken} | unreadable log |" in text


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "missing.eval", "Cannot read the eval log"),
        (lambda tmp: tmp, "No eval logs found"),
        (
            lambda tmp: (
                (tmp / "broken.eval").write_text("not a log", encoding="utf-8")
                and tmp / "broken.eval"
            ),
            "Cannot read the eval log",
        ),
    ],
    ids=["missing file", "empty directory", "not a log"],
)
def test_no_usable_logs_is_a_clear_error(make: object, message: str, tmp_path: Path) -> None:
    source = make(tmp_path)  # type: ignore[operator]
    result = report_cli(source, "-o", tmp_path / "out")
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.docker
def test_output_naming_a_file_is_a_clear_error(
    report_logs: dict[str, Path], tmp_path: Path
) -> None:
    target = tmp_path / "report.png"
    target.write_bytes(b"old")
    result = report_cli(report_logs["noop"], "-o", target)
    assert result.returncode == 1
    assert "is a file" in result.stderr and "Traceback" not in result.stderr
    assert target.read_bytes() == b"old"
