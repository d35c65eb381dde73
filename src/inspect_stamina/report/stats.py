"""The report's statistics: means with standard errors, pass^k, survival and degradation."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from inspect_stamina.report.config import Config
from inspect_stamina.report.logs import Session
from inspect_stamina.stamina.record import first_failed
from inspect_stamina.stamina.script import SEED_METRICS

if TYPE_CHECKING:
    from lifelines import KaplanMeierFitter

# the radar's axes: the seed's headline metrics, each on 0..1, and strict stamina (the
# turns before the first failed checkpoint, repaired or not) beside stamina
RADAR_METRICS = (*SEED_METRICS.values(), "stamina_strict")
BOOTSTRAP_SAMPLES = 1000


@dataclass(frozen=True)
class Estimate:
    """A mean over sessions with its standard error (NaN values left out)."""

    mean: float
    stderr: float
    n: int


def estimate(values: Iterable[float]) -> Estimate:
    """Mean and standard error (sample standard deviation / √n) of the non-NaN values."""
    kept = [v for v in values if not math.isnan(v)]
    if not kept:
        return Estimate(math.nan, math.nan, 0)
    mean = sum(kept) / len(kept)
    if len(kept) < 2:
        return Estimate(mean, math.nan, 1)
    variance = sum((v - mean) ** 2 for v in kept) / (len(kept) - 1)
    return Estimate(mean, math.sqrt(variance / len(kept)), len(kept))


def normalised(session: Session, key: str) -> float:
    """A metric on 0..1: stamina as a share of the script's turns, code quality / 10."""
    if key in ("stamina", "stamina_strict"):
        return session.share(key)
    value = session.values.get(key, math.nan)
    if key == "code_quality":
        return value / 10
    return value


def by_config(sessions: Sequence[Session], names: dict[Config, str]) -> dict[str, list[Session]]:
    """Sessions per configuration, under its column name, in first-seen order."""
    columns: dict[str, list[Session]] = {}
    for session in sessions:
        columns.setdefault(names[session.config], []).append(session)
    return columns


def script_key(session: Session, sessions: Sequence[Session]) -> str:
    """The script's name, with its hash when another version of it is among the sessions."""
    versions = {s.script_sha256 for s in sessions if s.script == session.script}
    if len(versions) > 1 and session.script_sha256:
        return f"{session.script} ({session.script_sha256[:8]})"
    return session.script


def mixed_lengths(sessions: Iterable[Session]) -> bool:
    """Whether the sessions ran scripts of different lengths (turn counts then disagree)."""
    return len({s.total_turns for s in sessions}) > 1


def group(sessions: Iterable[Session], *keys: str) -> dict[tuple[str, ...], list[Session]]:
    """Sessions grouped by the given attributes, in first-seen order."""
    groups: dict[tuple[str, ...], list[Session]] = defaultdict(list)
    for session in sessions:
        groups[tuple(str(getattr(session, k)) for k in keys)].append(session)
    return dict(groups)


def pass_hat_k(sessions: Sequence[Session], k: int) -> float:
    """pass^k: the chance that k epochs of a script are all solved, averaged over scripts.

    Per script with n epochs of which c were solved, C(c, k) / C(n, k) (the unbiased
    estimate from n ≥ k tries); NaN when a script has fewer than k epochs.
    """
    per_script = group(sessions, "script")
    chances = []
    for runs in per_script.values():
        n, c = len(runs), sum(r.values.get("solved", 0.0) == 1.0 for r in runs)
        if n < k:
            return math.nan
        chances.append(comb(c, k) / comb(n, k))
    return sum(chances) / len(chances) if chances else math.nan


def first_failure(session: Session) -> tuple[int, bool]:
    """(turn, failed): the turn of the first failed checkpoint, else the last turn reached.

    A session that never failed a checkpoint, or was cut short first, is censored there.
    """
    first = first_failed(session.turns)
    if first is not None:
        return first.turn, True
    return max((t.turn for t in session.turns), default=0), False


def _checkpoint_points(sessions: Sequence[Session]) -> list[np.ndarray]:
    """Per session, an array of (turn, passed) rows for its checkpoints."""
    return [
        np.array(
            [(t.turn, float(c.passed)) for t in s.turns for c in t.checkpoints], dtype=float
        ).reshape(-1, 2)
        for s in sessions
    ]


def _slope(points: np.ndarray) -> float:
    turns, passed = points[:, 0], points[:, 1]
    if len(points) < 2 or np.ptp(turns) == 0:
        return math.nan
    return float(np.polyfit(turns, passed, 1)[0])


@dataclass(frozen=True)
class Slope:
    """Change in checkpoint pass probability per 10 turns, with a 95% bootstrap interval."""

    per_10_turns: float
    low: float
    high: float
    checkpoints: int


def degradation_slope(sessions: Sequence[Session], seed: int = 0) -> Slope:
    """A linear fit of checkpoint pass (0/1) against turn, bootstrapped over sessions.

    The interval is the 2.5th and 97.5th percentile of the slope refitted on sessions
    drawn with replacement (so turns of one session stay together).
    """
    per_session = [p for p in _checkpoint_points(sessions) if len(p)]
    if not per_session:
        return Slope(math.nan, math.nan, math.nan, 0)
    everything = np.concatenate(per_session)
    slope = _slope(everything)
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(BOOTSTRAP_SAMPLES if len(per_session) > 1 else 0):
        picked = rng.integers(0, len(per_session), len(per_session))
        value = _slope(np.concatenate([per_session[i] for i in picked]))
        if not math.isnan(value):
            draws.append(value)
    low, high = np.percentile(draws, [2.5, 97.5]) if draws else (math.nan, math.nan)
    return Slope(slope * 10, float(low) * 10, float(high) * 10, len(everything))


def bucket_pass_rates(sessions: Sequence[Session], width: int = 10) -> dict[int, tuple[int, int]]:
    """bucket start turn -> (checkpoints passed, checkpoints run) over the sessions."""
    buckets: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for session in sessions:
        for turn in session.turns:
            start = (turn.turn - 1) // width * width + 1
            for check in turn.checkpoints:
                buckets[start][0] += check.passed
                buckets[start][1] += 1
    return {start: (p, n) for start, (p, n) in sorted(buckets.items())}


def survival_fit(sessions: Sequence[Session], label: str, share: bool = False) -> KaplanMeierFitter:
    """Kaplan–Meier estimate of turns survived (to the first failed checkpoint); with
    ``share``, of the share of the script's turns (for scripts of different lengths)."""
    from lifelines import KaplanMeierFitter

    durations, observed = [], []
    for session in sessions:
        turn, failed = first_failure(session)
        durations.append(turn / session.total_turns if share and session.total_turns else turn)
        observed.append(failed)
    return KaplanMeierFitter(label=label).fit(durations, observed)
