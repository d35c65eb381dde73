"""`inspect-stamina review`: the blind sheet and the calibrated score, from real logs."""

from __future__ import annotations

import csv
import html
import json
import random
import re
import subprocess
from pathlib import Path

import pytest
from inspect_ai.log import EvalSample, read_eval_log
from inspect_ai.scorer import Score

from inspect_stamina.errors import StaminaError
from inspect_stamina.report.calibrate import agreement, calibrate, spearman
from inspect_stamina.report.review import sample_review
from inspect_stamina.report.review_sheet import blind, diff_html
from tests.helpers import stamina_cli

MODEL_WORDS = ("oracle", "noop", "mockllm", "stamina/")
STAMINA_LOGS = ("oracle", "noop", "gives_up")


def _cli(*args: str | Path | int) -> subprocess.CompletedProcess[str]:
    return stamina_cli("review", *args)


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _write_rows(path: Path, rows: list[dict[str, str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=["item", "code", "turn", "score", "comment"])
        writer.writeheader()
        writer.writerows(rows)
    return path


def _turns_in_log(log: str) -> dict[tuple[str, int], dict[int, dict]]:
    """(sample id, epoch) -> turn number -> the raw turn record, read straight from the log."""
    found = {}
    for sample in read_eval_log(log).samples or []:
        turns = _score(sample).metadata["turns"]  # type: ignore[index]
        found[(str(sample.id), sample.epoch)] = {t["turn"]: t for t in turns}
    return found


def _score(sample: EvalSample) -> Score:
    assert sample.scores is not None
    return sample.scores["stamina_scorer"]


@pytest.fixture(scope="module")
def sampled(report_logs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A review sheet of the oracle, noop and gives-up logs (GAIA's beside them), via the CLI."""
    out = tmp_path_factory.mktemp("review")
    logs = [report_logs[name] for name in (*STAMINA_LOGS, "gaia")]
    result = _cli("sample", *logs, "--per-session", 8, "--seed", 3, "-o", out)
    assert result.returncode == 0, result.stderr
    assert f"skipped {report_logs['gaia']}" in result.stdout
    return out


@pytest.mark.docker
def test_the_sheet_hides_models_and_outcomes(sampled: Path, report_logs: dict[str, Path]) -> None:
    sheet = (sampled / "sheet.html").read_text()
    scores = (sampled / "scores.csv").read_text()
    for word in MODEL_WORDS:
        assert word not in sheet.lower() and word not in scores.lower(), word
    # self-contained, and no checkpoint outcome shown
    assert not re.search(r"<script|<link|<img|https?://", sheet)
    assert "passed" not in sheet and "effective" not in sheet
    key = json.loads((sampled / "key.json").read_text())
    assert sorted(key["codes"].values()) == ["mockllm/model", "stamina/noop", "stamina/oracle"]
    assert sorted(key["codes"]) == ["A", "B", "C"]
    rows = _rows(sampled / "scores.csv")
    assert [r["item"] for r in rows] == list(key["items"])
    assert all(r["score"] == "" for r in rows)
    # each item is the real turn of its log, sample and epoch, shown with its request and diff
    for row in rows:
        item = key["items"][row["item"]]
        assert (row["code"], row["turn"]) == (item["code"], str(item["turn"]))
        turn = _turns_in_log(item["log"])[(item["sample"], item["epoch"])][item["turn"]]
        assert item["effective"] == turn["effective"]
        assert html.escape(turn["message"]) in sheet
        for line in turn["diff"].splitlines():
            assert html.escape(line) in sheet
    # four sessions (the oracle's two epochs); every code turn reached (1, 2, 4, 5), never the
    # vague turn 3 or the follow-up 6
    per_session: dict[tuple[str, int], list[int]] = {}
    for item in key["items"].values():
        per_session.setdefault((item["log"], item["epoch"]), []).append(item["turn"])
    assert sorted(per_session.values()) == [[1, 2, 4, 5]] * 4
    assert {(s["log"], s["epoch"]) for s in key["sessions"]} == set(per_session)
    assert str(report_logs["gaia"]) not in json.dumps(key)


@pytest.mark.docker
def test_key_turns_come_first_and_the_seed_fixes_the_files(
    report_logs: dict[str, Path], tmp_path: Path
) -> None:
    logs = [report_logs[name] for name in STAMINA_LOGS]
    first = sample_review(logs, per_session=1, seed=11, output=tmp_path / "a")
    again = sample_review(logs, per_session=1, seed=11, output=tmp_path / "b")
    for name in ("sheet.html", "scores.csv", "key.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    # the bug fix at turn 4 is the mini script's one key turn: it is every session's pick
    assert [i.turn for i in first.items] == [4, 4, 4, 4] == [i.turn for i in again.items]
    # the key can be written apart from what reviewers get
    apart = sample_review(logs, 1, 11, tmp_path / "c", key=tmp_path / "private" / "k.json")
    assert apart.key.read_bytes() == (tmp_path / "a" / "key.json").read_bytes()
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == ["scores.csv", "sheet.html"]
    # with two per session the second is a seeded draw among the other code turns
    drawn = {
        tuple(i.turn for i in sample_review(logs, 2, seed, tmp_path / str(seed)).items)
        for seed in range(6)
    }
    assert len(drawn) > 1
    for turns in drawn:
        pairs = [turns[i : i + 2] for i in range(0, len(turns), 2)]
        assert len(turns) == 8 and all(4 in pair for pair in pairs), turns


@pytest.mark.docker
def test_logs_without_sessions_are_a_clear_error(
    report_logs: dict[str, Path], tmp_path: Path
) -> None:
    result = _cli("sample", report_logs["gaia"], report_logs["errored"], "-o", tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "No StaminaBench sessions to review" in result.stderr
    assert str(report_logs["gaia"]) in result.stderr
    with pytest.raises(StaminaError, match="at least 1"):
        sample_review([report_logs["oracle"]], per_session=0, seed=0, output=tmp_path)


@pytest.mark.docker
def test_apply_rejects_a_sheet_that_does_not_match_its_key(sampled: Path, tmp_path: Path) -> None:
    key = sampled / "key.json"
    rows = _rows(sampled / "scores.csv")
    for row in rows:
        row["score"] = "3"
    other = next(c for c in json.loads(key.read_text())["codes"] if c != rows[0]["code"])
    cases = {
        "codes or turns that differ from the key": [{**rows[0], "code": other}, *rows[1:]],
        "items of the key missing": rows[1:],
        "items not in the key": [*rows, {**rows[0], "item": "R99"}],
        "items more than once": [*rows, rows[0]],
        "scores are 1 to 5": [*rows[:-1], {**rows[-1], "score": "6"}],
        "has the score '0'": [{**rows[0], "score": "0"}, *rows[1:]],
        "has the score 'good'": [{**rows[0], "score": "good"}, *rows[1:]],
        "every score is blank": [{**r, "score": ""} for r in rows],
    }
    for message, case in cases.items():
        result = _cli("apply", _write_rows(tmp_path / "scores.csv", case), "--key", key)
        assert result.returncode == 1, message
        assert message in result.stderr and "Traceback" not in result.stderr, result.stderr
    result = _cli("apply", sampled / "scores.csv", "--key", sampled / "scores.csv")
    assert result.returncode == 1 and "Cannot read the review key" in result.stderr


@pytest.mark.docker
def test_apply_folds_scores_into_the_documented_calibrated_score(
    sampled: Path, report_logs: dict[str, Path], tmp_path: Path
) -> None:
    key = json.loads((sampled / "key.json").read_text())
    rows = _rows(sampled / "scores.csv")
    rng = random.Random(5)
    for row in rows:
        row["score"] = str(rng.randint(1, 5))
    rows[0]["score"] = ""  # a blank score is ignored, and counted
    scores_csv = _write_rows(tmp_path / "filled.csv", rows)
    result = _cli("apply", scores_csv, "--key", sampled / "key.json", "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert f"{len(rows) - 1} scored, 1 blank" in result.stdout
    report = json.loads((tmp_path / "out" / "review.json").read_text())
    assert (tmp_path / "out" / "review.md").read_text().count("stamina/oracle") == 1

    # independently: verdicts and completion straight from the logs, the documented formula
    model_of = {name: read_eval_log(str(report_logs[name])).eval.model for name in STAMINA_LOGS}
    verdicts: dict[str, list[tuple[int, bool]]] = {}
    for row in rows[1:]:
        item = key["items"][row["item"]]
        turn = _turns_in_log(item["log"])[(item["sample"], item["epoch"])][item["turn"]]
        model = key["codes"][row["code"]]
        verdicts.setdefault(model, []).append((int(row["score"]), turn["effective"]))
    by_model = {m["model"]: m for m in report["models"]}
    all_pairs = [p for pairs in verdicts.values() for p in pairs]
    for name in STAMINA_LOGS:
        model = model_of[name]
        pairs = verdicts[model]
        completions = [
            float(_score(s).value["completion"])  # type: ignore[index,call-overload,arg-type]
            for s in read_eval_log(str(report_logs[name])).samples or []
        ]
        human = (sum(s for s, _ in pairs) / len(pairs) - 1) / 4
        completion = sum(completions) / len(completions)
        got = by_model[model]
        assert got["scored"] == len(pairs)
        assert got["human"] == pytest.approx(human)
        assert got["verdict"] == pytest.approx(sum(v for _, v in pairs) / len(pairs))
        assert got["completion"] == pytest.approx(completion)
        assert got["calibrated"] == pytest.approx(0.7 * completion + 0.3 * human)
        assert got["agreement"]["agreement"] == pytest.approx(
            sum((s >= 3) == v for s, v in pairs) / len(pairs)
        )
        assert f"| {got['code']} | {model} |" in result.stdout
    assert report["overall"]["scored"] == len(all_pairs) and report["blank"] == 1
    assert report["overall"]["agreement"] == pytest.approx(
        sum((s >= 3) == v for s, v in all_pairs) / len(all_pairs)
    )
    # the weight is the human score's share
    weighted = calibrate(scores_csv, sampled / "key.json", weight=0.5)
    for m in weighted.models:
        assert m.completion is not None and m.human is not None
        assert m.calibrated == pytest.approx(0.5 * m.completion + 0.5 * m.human)


def test_agreement_statistics_on_known_values() -> None:
    # good = score >= 3: [T, T, F, F] against [T, F, F, T]: half agree, as chance would
    result = agreement([5, 4, 2, 1], [True, False, False, True])
    assert (result.agreement, result.kappa) == (0.5, 0.0)
    # perfect agreement, kappa 1; a side that never varies has no kappa or correlation
    assert agreement([5, 1, 4], [True, False, True]).kappa == 1.0
    constant = agreement([4, 5], [True, True])
    assert constant.kappa is None and constant.spearman is None
    stats = pytest.importorskip("scipy.stats")
    rng = random.Random(2)
    xs = [float(rng.randint(1, 5)) for _ in range(30)]
    ys = [float(rng.random() < 0.5) for _ in range(30)]
    assert spearman(xs, ys) == pytest.approx(stats.spearmanr(xs, ys).statistic)


def test_sheet_text_is_escaped_blinded_and_coloured() -> None:
    models = ["openai/gpt-4o", "stamina/oracle"]
    assert blind("I am gpt-4o (openai/gpt-4o), not Oracle; see inspect_stamina", models) == (
        "I am [agent] ([agent]), not [agent]; see inspect_stamina"
    )
    rendered = diff_html("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-old <b>\n+new\n same")
    assert '<span class="del">-old &lt;b&gt;</span>' in rendered
    assert '<span class="add">+new</span>' in rendered
    assert '<span class="hunk">' in rendered and '<span class="file">+++ b/x.py</span>' in rendered
