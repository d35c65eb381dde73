"""Blind human review, first half: pick key turns from StaminaBench logs with a seed.

``sample_review`` writes three files: ``sheet.html`` (what a reviewer reads: each picked
turn's request, reply and diff, with the agent shown only as a code and the checkpoint
outcome left out), ``scores.csv`` (one row per item, its score left empty for the
reviewer) and the key (code -> model, item -> log, sample, epoch and turn, and the
automatic verdicts), which the person who runs the review keeps away from reviewers.
The same logs, seed and count give byte-identical files.

Which turns: code turns only (a robustness or explain turn has no diff to judge). First
the key ones, drawn at random with the seed: bug fixes, refactors and merges, and
feature turns in a phase about changing requirements; when those are fewer than the
count asked for, other code turns (features, memory plants and probes) fill the rest.
Turns the session never reached are left out.
"""

from __future__ import annotations

import csv
import json
import math
import random
import string
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from inspect_stamina.errors import StaminaError
from inspect_stamina.report.logs import Session, read_logs
from inspect_stamina.report.review_sheet import ReviewItem, render_sheet
from inspect_stamina.stamina.record import TurnRecord
from inspect_stamina.stamina.script import CODE_KINDS

KEY_KINDS = frozenset({"bug", "refactor", "merge"})
# a phase whose name says requirements change: its feature turns rework earlier work
REQUIREMENT_PHASE_WORD = "requirement"
CSV_COLUMNS = ("item", "code", "turn", "score", "comment")
KEY_NOTE = (
    "The key of a blind review: which agent each code stands for and where each item "
    "comes from. Keep it away from reviewers; `inspect-stamina review apply` reads it."
)


@dataclass(frozen=True)
class SampledReview:
    """What ``sample_review`` wrote, and the logs it passed over (with why)."""

    sheet: Path
    scores: Path
    key: Path
    items: list[ReviewItem]
    skipped: list[tuple[str, str]]


def is_key_turn(turn: TurnRecord) -> bool:
    """A requirement change, bug fix, refactor or merge: the turns review is for."""
    return turn.kind in KEY_KINDS or (
        turn.kind == "feature" and REQUIREMENT_PHASE_WORD in turn.phase.lower()
    )


def pick_turns(turns: list[TurnRecord], count: int, rng: random.Random) -> list[TurnRecord]:
    """At most ``count`` code turns, key turns first, drawn with ``rng``; in turn order."""
    reached = [t for t in turns if t.kind in CODE_KINDS and t.status != "not_reached"]
    key = [t for t in reached if is_key_turn(t)]
    fill = [t for t in reached if not is_key_turn(t)]
    picked = rng.sample(key, min(count, len(key)))
    picked += rng.sample(fill, min(count - len(picked), len(fill)))
    return sorted(picked, key=lambda t: t.turn)


def agent_codes(models: list[str], rng: random.Random) -> dict[str, str]:
    """model -> code (A, B, ... then A2, B2, ...), shuffled so a code's letter tells nothing."""
    shuffled = sorted(set(models))
    rng.shuffle(shuffled)
    letters = string.ascii_uppercase
    return {
        model: letters[i % 26] + (str(i // 26 + 1) if i >= 26 else "")
        for i, model in enumerate(shuffled)
    }


def _sessions_by_log(
    logs: Sequence[str | Path],
) -> tuple[list[tuple[str, Session]], list[tuple[str, str]]]:
    """Each log's scored sessions; a log without any (GAIA, a crashed run) is skipped with why."""
    sessions: list[tuple[str, Session]] = []
    skipped: list[tuple[str, str]] = []
    for log in logs:
        try:
            read = read_logs([log])
        except StaminaError as ex:  # unreadable
            skipped.append((str(log), str(ex)))
            continue
        if read.scored:
            sessions += [(str(log), s) for s in read.scored]
        else:
            why = "; ".join(f"{p.what}: {p.error}" for p in read.problems)
            skipped.append((str(log), why or "no scored StaminaBench sessions"))
    if not sessions:
        reasons = " ".join(f"{log}: {why}" for log, why in skipped)
        raise StaminaError(f"No StaminaBench sessions to review. {reasons}")
    return sessions, skipped


def sample_review(
    logs: Sequence[str | Path],
    per_session: int,
    seed: int,
    output: str | Path,
    key: str | Path | None = None,
) -> SampledReview:
    """Pick up to ``per_session`` key turns per session; write the sheet, the CSV and the key."""
    if per_session < 1:
        raise StaminaError("--per-session must be at least 1.")
    sessions, skipped = _sessions_by_log(logs)
    rng = random.Random(seed)
    codes = agent_codes([s.model for _, s in sessions], rng)
    # sessions in a seeded order, so neither the order of the logs nor of the codes shows
    order = sorted(sessions, key=lambda ls: (codes[ls[1].model], ls[1].script, ls[1].epoch, ls[0]))
    rng.shuffle(order)
    items: list[ReviewItem] = []
    for log, session in order:
        for turn in pick_turns(session.turns, per_session, rng):
            passed = sum(c.passed for c in turn.checkpoints)
            items.append(
                ReviewItem(
                    f"R{len(items) + 1:02d}",
                    codes[session.model],
                    log,
                    session.script,
                    session.epoch,
                    turn.turn,
                    turn.phase,
                    turn.kind,
                    turn.message,
                    turn.reply,
                    turn.diff,
                    turn.effective,
                    passed,
                    len(turn.checkpoints),
                )
            )
    if not items:
        raise StaminaError("The sessions in these logs have no code turns to review.")
    directory = Path(output)
    directory.mkdir(parents=True, exist_ok=True)
    sheet = directory / "sheet.html"
    sheet.write_text(render_sheet(items, models=list(codes)), encoding="utf-8")
    scores = directory / "scores.csv"
    _write_scores(items, scores)
    key_path = Path(key) if key is not None else directory / "key.json"
    key_path.parent.mkdir(parents=True, exist_ok=True)
    key_path.write_text(
        json.dumps(_key(items, codes, sessions, seed, per_session), indent=1) + "\n",
        encoding="utf-8",
    )
    return SampledReview(sheet, scores, key_path, items, skipped)


def _write_scores(items: list[ReviewItem], path: Path) -> None:
    """The reviewer's CSV: one row per item, score and comment empty."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        writer.writerows([item.item, item.code, item.turn, "", ""] for item in items)


def _finite(values: dict[str, float]) -> dict[str, float | None]:
    """Metric values for JSON: NaN (a metric with nothing to measure) becomes null."""
    return {k: (v if math.isfinite(v) else None) for k, v in values.items()}


def _key(
    items: list[ReviewItem],
    codes: dict[str, str],
    sessions: list[tuple[str, Session]],
    seed: int,
    per_session: int,
) -> dict[str, object]:
    """The key's content: codes, each session's automatic metrics, and each item's origin."""
    hidden = ("message", "reply", "diff", "item")
    return {
        "note": KEY_NOTE,
        "seed": seed,
        "per_session": per_session,
        "codes": {code: model for model, code in sorted(codes.items(), key=lambda mc: mc[1])},
        "sessions": [
            {
                "code": codes[s.model],
                "log": log,
                "sample": s.script,
                "epoch": s.epoch,
                "values": _finite(s.values),
            }
            for log, s in sessions
        ],
        "items": {
            item.item: {k: v for k, v in asdict(item).items() if k not in hidden} for item in items
        },
    }
