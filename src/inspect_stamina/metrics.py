"""Metrics per group (GAIA level, StaminaBench script or domain) whose names survive the
log viewer and the terminal.

Inspect's `grouped()` is right in the log, but the viewer treats its sub-metrics as
copies and strips their trailing digits (`level_1`, `level_2` both show as `level_`; a
script named `long100` shows as `long`). A metric of our own returning the same dict
is shown as a group of sub-columns under its name, with the names as they are.

Listed beside a score's per-key metrics (not inside them), a group metric's entries are
named by the group alone; inside, Inspect names each `inspect_stamina/by_script_<name>`,
which an 80-column terminal crops to `inspect_st…` for every script alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from inspect_ai.scorer import (
    Metric,
    MetricProtocol,
    SampleScore,
    Score,
    Value,
    accuracy,
    mean,
    metric,
)


def _per_group(
    inner: Metric, key: str, label: Callable[[str], str], value_key: str | None = None
) -> Metric:
    apply = cast(MetricProtocol, inner)

    def compute(scores: list[SampleScore]) -> Value:
        if value_key is not None:  # a dict score: this one of its values, NaN left out
            scores = [
                score.model_copy(update={"score": Score(value=value)})
                for score in scores
                if isinstance(score.score.value, dict)
                and isinstance(value := score.score.value.get(value_key), int | float)
                and value == value
            ]
        if not scores:
            # Inspect asks with no scores when no sample has a value (a metric that does
            # not apply, such as memory after compaction in a run without any)
            return {"none_scored": float("nan")}  # no space: the terminal wraps one
        groups: dict[str, list[SampleScore]] = {}
        for score in scores:
            group = (score.sample_metadata or {}).get(key)
            if group is None:
                raise ValueError(f"sample {score.sample_id} has no {key!r} in its metadata")
            groups.setdefault(str(group), []).append(score)
        return cast(
            Value,
            {label(group): apply(members) for group, members in sorted(groups.items())},
        )

    return compute


@metric
def by_level() -> Metric:
    """Accuracy per GAIA level, as `level_1`, `level_2`, `level_3`."""
    return _per_group(accuracy(), "level", lambda level: f"level_{level}")


@metric
def by_script(value_key: str | None = None) -> Metric:
    """The mean per StaminaBench script (of a dict score's `value_key`), named after the script."""
    return _per_group(mean(), "script", str, value_key)


@metric
def by_domain(value_key: str | None = None) -> Metric:
    """The mean per generated script's domain (of a dict score's `value_key`), named after it."""
    return _per_group(mean(), "domain", str, value_key)


__all__ = ["by_domain", "by_level", "by_script"]
