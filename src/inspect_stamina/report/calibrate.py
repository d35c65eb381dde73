"""Blind human review, second half: fold a reviewer's scores into a calibrated score.

Per model: the human score is the mean of its items' scores mapped from 1-5 to 0-1
(``(score - 1) / 4``); the automatic verdict is the share of those same items whose turn
was effective (it changed the workspace and its checkpoints passed, as the session
scored it); the automatic completion is the mean ``completion`` of the model's sessions
in the sampled logs. The calibrated completion is the weighted mean

    calibrated = (1 - w) * completion + w * human        (w = 0.3 unless told)

so a person's judgement corrects the tests' without replacing them. Agreement says how
far the two can be trusted together: the share of scored items where the reviewer's
"good" (a score of 3 or more) matches the automatic verdict, Cohen's kappa of the same
two yes/no judgements (agreement beyond chance; undefined when either side never
varies), and Spearman's rank correlation between the 1-5 scores and the verdicts.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from inspect_stamina.errors import StaminaError
from inspect_stamina.report.review import CSV_COLUMNS

DEFAULT_WEIGHT = 0.3
GOOD_SCORE = 3  # a score from which the reviewer counts the turn as done


@dataclass(frozen=True)
class Agreement:
    """How well human scores and automatic verdicts agree over some scored items."""

    scored: int
    agreement: float | None
    kappa: float | None
    spearman: float | None


@dataclass(frozen=True)
class ModelReview:
    """One model's human score beside its automatic metrics, and the calibrated completion."""

    code: str
    model: str
    sessions: int
    items: int
    scored: int
    human_mean: float | None  # on the reviewer's 1-5 scale
    human: float | None  # mapped to 0-1
    verdict: float | None  # share of the scored items the automatic checks call effective
    completion: float | None
    checkpoint_pass_rate: float | None
    calibrated: float | None
    agreement: Agreement


@dataclass(frozen=True)
class ReviewResult:
    """The whole calibration: per model, overall agreement, and what was left blank."""

    weight: float
    blank: int
    models: list[ModelReview]
    overall: Agreement
    items: list[dict[str, Any]] = field(default_factory=list)


def read_key(path: str | Path) -> dict[str, Any]:
    """A review key written by ``review sample``; anything else is a clear error."""
    try:
        key = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as ex:
        raise StaminaError(f"Cannot read the review key {path}: {ex}") from ex
    if not isinstance(key, dict) or not {"codes", "sessions", "items"} <= key.keys():
        raise StaminaError(
            f"{path} is not a review key (written by `inspect-stamina review sample`)."
        )
    return key


def read_scores(path: str | Path, key: dict[str, Any]) -> tuple[dict[str, float], int]:
    """item -> score from the reviewer's CSV, checked against the key; and how many were blank."""
    try:
        with Path(path).open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            # cells trimmed; a short row's missing cells read as empty
            rows = [
                {k: str(v or "").strip() for k, v in row.items() if k is not None} for row in reader
            ]
            columns = set(reader.fieldnames or ())
    except (OSError, UnicodeDecodeError, csv.Error) as ex:
        raise StaminaError(f"Cannot read the scores {path}: {ex}") from ex
    missing = [c for c in CSV_COLUMNS[:4] if c not in columns]
    if missing:
        raise StaminaError(
            f"{path}: no column {', '.join(missing)} (expected {', '.join(CSV_COLUMNS)})."
        )
    items = key["items"]
    seen = [row["item"] for row in rows]
    duplicates = sorted({i for i in seen if seen.count(i) > 1})
    unknown = sorted(set(seen) - items.keys())
    absent = sorted(items.keys() - set(seen))
    mismatched = [
        f"{row['item']} ({row['code']}, turn {row['turn']}; the key: "
        f"{items[row['item']]['code']}, turn {items[row['item']]['turn']})"
        for row in rows
        if row["item"] in items
        and (
            row["code"] != items[row["item"]]["code"]
            or row["turn"] != str(items[row["item"]]["turn"])
        )
    ]
    problems = [
        f"{label}: {', '.join(values[:10])}"
        for label, values in (
            ("items more than once", duplicates),
            ("items not in the key", unknown),
            ("items of the key missing", absent),
            ("codes or turns that differ from the key", mismatched),
        )
        if values
    ]
    if problems:
        raise StaminaError(
            f"The sheet {path} does not match the key (is it another review's sheet?): "
            + "; ".join(problems)
        )
    scores, blank = {}, 0
    for row in rows:
        text = row["score"]
        if not text:
            blank += 1
            continue
        try:
            score = float(text)
        except ValueError:
            score = math.nan
        if not 1 <= score <= 5:
            raise StaminaError(
                f"{path}: item {row['item']} has the score {text!r}; scores are 1 to 5."
            )
        scores[row["item"]] = score
    if not scores:
        raise StaminaError(f"{path}: every score is blank; nothing to fold in.")
    return scores, blank


def _mean(values: Sequence[float | None]) -> float | None:
    """The mean, or None for no values (NaN values, metrics with nothing to measure, left out)."""
    kept = [v for v in values if v is not None and math.isfinite(v)]
    return sum(kept) / len(kept) if kept else None


def _ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation; None when either side has no spread."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else None


def agreement(scores: list[float], verdicts: list[bool]) -> Agreement:
    """Agreement share, Cohen's kappa (score >= 3 against the verdict) and Spearman's rho."""
    if not scores:
        return Agreement(0, None, None, None)
    good = [s >= GOOD_SCORE for s in scores]
    n = len(scores)
    observed = sum(g == v for g, v in zip(good, verdicts, strict=True)) / n
    p_good, p_verdict = sum(good) / n, sum(verdicts) / n
    chance = p_good * p_verdict + (1 - p_good) * (1 - p_verdict)
    kappa = (observed - chance) / (1 - chance) if chance < 1 else None
    return Agreement(n, observed, kappa, spearman(scores, [float(v) for v in verdicts]))


def calibrate(
    scores_csv: str | Path, key_path: str | Path, weight: float = DEFAULT_WEIGHT
) -> ReviewResult:
    """Check the reviewer's CSV against the key and compute each model's calibrated score."""
    if not 0 <= weight <= 1:
        raise StaminaError(f"--weight is the human score's share, from 0 to 1 (got {weight}).")
    key = read_key(key_path)
    scores, blank = read_scores(scores_csv, key)
    items = key["items"]
    models = []
    for code, model in key["codes"].items():
        sessions = [s for s in key["sessions"] if s["code"] == code]
        mine = [i for i, item in items.items() if item["code"] == code]
        scored = [i for i in mine if i in scores]
        raw = [scores[i] for i in scored]
        verdicts = [bool(items[i]["effective"]) for i in scored]
        human_mean = _mean(raw)
        human = None if human_mean is None else (human_mean - 1) / 4
        completion = _mean([s["values"].get("completion") for s in sessions])
        models.append(
            ModelReview(
                code,
                model,
                len(sessions),
                len(mine),
                len(scored),
                human_mean,
                human,
                _mean([float(v) for v in verdicts]),
                completion,
                _mean([s["values"].get("checkpoint_pass_rate") for s in sessions]),
                None
                if human is None or completion is None
                else (1 - weight) * completion + weight * human,
                agreement(raw, verdicts),
            )
        )
    scored_items = [i for i in items if i in scores]
    overall = agreement(
        [scores[i] for i in scored_items], [bool(items[i]["effective"]) for i in scored_items]
    )
    listing = [
        {"item": i, "model": key["codes"][items[i]["code"]], **items[i], "score": scores.get(i)}
        for i in items
    ]
    return ReviewResult(weight, blank, models, overall, listing)


def _fmt(value: float | None) -> str:
    """A number for the table; '–' for one that cannot be computed."""
    return "–" if value is None else f"{value:.3g}"


def review_table(result: ReviewResult) -> str:
    """The Markdown table: human and automatic side by side, agreement, calibrated completion."""
    header = (
        "| code | model | sessions | items | scored | human (1-5) | human (0-1) | "
        "automatic verdict | agreement | kappa | spearman | completion | "
        f"checkpoint_pass_rate | calibrated (w={result.weight:g}) |"
    )
    rows = [header, "|" + "---|" * 14]
    for m in result.models:
        a = m.agreement
        rows.append(
            f"| {m.code} | {m.model} | {m.sessions} | {m.items} | {m.scored} | "
            f"{_fmt(m.human_mean)} | {_fmt(m.human)} | {_fmt(m.verdict)} | "
            f"{_fmt(a.agreement)} | {_fmt(a.kappa)} | {_fmt(a.spearman)} | "
            f"{_fmt(m.completion)} | {_fmt(m.checkpoint_pass_rate)} | {_fmt(m.calibrated)} |"
        )
    o = result.overall
    rows.append(
        f"| all | | | | {o.scored} | | | | {_fmt(o.agreement)} | {_fmt(o.kappa)} | "
        f"{_fmt(o.spearman)} | | | |"
    )
    return "\n".join(rows)


def write_review(result: ReviewResult, output: str | Path) -> tuple[Path, Path]:
    """Write review.md (the table and how to read it) and review.json into ``output``."""
    directory = Path(output)
    directory.mkdir(parents=True, exist_ok=True)
    markdown = directory / "review.md"
    markdown.write_text(
        "# StaminaBench: blind human review\n\n"
        f"{result.overall.scored} items scored, {result.blank} left blank.\n\n"
        + review_table(result)
        + "\n\n"
        "- **human**: the mean reviewer score, 1-5 and mapped to 0-1 as (score - 1) / 4.\n"
        "- **automatic verdict**: the share of the scored turns the session counted "
        "effective (changed the workspace, checkpoints passed).\n"
        f"- **agreement**: the share of scored turns where a score of {GOOD_SCORE} or more "
        "matches the verdict; **kappa**: Cohen's kappa of the same (– when either side "
        "never varies); **spearman**: rank correlation of scores and verdicts.\n"
        "- **completion**, **checkpoint_pass_rate**: the automatic metrics, mean over the "
        "model's sessions in the sampled logs.\n"
        f"- **calibrated** = (1 - w) × completion + w × human, w = {result.weight:g}.\n",
        encoding="utf-8",
    )
    data = directory / "review.json"
    data.write_text(json.dumps(asdict(result), indent=1) + "\n", encoding="utf-8")
    return markdown, data
