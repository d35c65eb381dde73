"""The report's figures, one PNG each; several configurations share axes without hiding each other."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspect_stamina.report.logs import Session
from inspect_stamina.report.stats import (
    RADAR_METRICS,
    bucket_pass_rates,
    estimate,
    first_failure,
    normalised,
    survival_fit,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
LINES = ("-", "--", "-.", ":")
# checkpoint names are commands or test paths: long; axis labels keep their start
NAME_WIDTH = 32
# more sessions than this make the timeline unreadable: the rest are left out (and said so)
TIMELINE_MAX = 40
# the timeline's largest size in inches (at 110 dpi: 1760 × 2200 pixels)
TIMELINE_WIDTH = 16.0
TIMELINE_HEIGHT = 20.0
# checkpoint names along the timeline's top before only every k-th one is named
TIMELINE_NAMES = 30
# a session's label on the timeline wraps at this width
LABEL_WIDTH = 44
# legend entries (configuration names) wrap at this width
LEGEND_WIDTH = 48


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def style(index: int) -> dict[str, Any]:
    """A model's colour, marker and line style, distinct for the first dozens of models."""
    from matplotlib import colormaps

    return {
        "color": colormaps["tab10"](index % 10),
        "marker": MARKERS[index % len(MARKERS)],
        "linestyle": LINES[(index // 10 + index) % len(LINES)],
    }


def _offset(index: int, count: int, spread: float = 0.12) -> float:
    """A small x shift per model so equal values side by side stay visible."""
    return (index - (count - 1) / 2) * spread


def _save(figure: Figure, path: Path) -> Path:
    figure.tight_layout()
    # tight: legends placed beside or below the axes are kept whole
    figure.savefig(path, dpi=110, bbox_inches="tight", pad_inches=0.15)
    _pyplot().close(figure)
    return path


def _legend(name: str) -> str:
    """A column's name for a legend, wrapped: full configuration names run long."""
    return textwrap.fill(name, LEGEND_WIDTH)


def _legend_lines(names: Sequence[str]) -> int:
    return sum(_legend(n).count("\n") + 1 for n in names)


def _short(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def radar(by_model: dict[str, list[Session]], path: Path) -> Path:
    """The seed's radar chart: each model's mean headline metrics on 0..1."""
    import numpy as np

    plt = _pyplot()
    angles = np.linspace(0, 2 * np.pi, len(RADAR_METRICS), endpoint=False).tolist()
    height = 7.8 + min(8.0, 0.2 * _legend_lines(list(by_model)))
    figure, axis = plt.subplots(figsize=(7.5, height), subplot_kw={"polar": True})
    missing = False
    for index, (model, sessions) in enumerate(by_model.items()):
        means = [estimate(normalised(s, k) for s in sessions).mean for k in RADAR_METRICS]
        missing |= any(math.isnan(v) for v in means)
        values = [0.0 if math.isnan(v) else v for v in means]
        look = style(index)
        axis.plot(
            [*angles, angles[0]],
            [*values, values[0]],
            **look,
            linewidth=2,
            alpha=0.85,
            label=_legend(model),
        )
        axis.fill([*angles, angles[0]], [*values, values[0]], color=look["color"], alpha=0.08)
    labels = [textwrap.fill(k.replace("_", " "), 12) for k in RADAR_METRICS]
    axis.set_xticks(angles, labels, fontsize=10)
    axis.set_ylim(0, 1.05)
    axis.set_yticks([0.25, 0.5, 0.75, 1.0], ["0.25", "0.5", "0.75", "1"], fontsize=8)
    axis.tick_params(axis="x", pad=14)
    title = "StaminaBench headline metrics (mean per configuration, 0–1)"
    note = "stamina (strict too): share of turns survived · code quality ÷ 10"
    if missing:
        note += " · a metric a configuration has no value for is drawn at 0"
    axis.set_title(f"{title}\n{textwrap.fill(note, 70)}", fontsize=10, pad=24)
    axis.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=1, fontsize=9, frameon=False)
    return _save(figure, path)


def survival(by_model: dict[str, list[Session]], path: Path) -> Path:
    """Kaplan–Meier curves of turns survived per configuration, with 95% confidence bands."""
    plt = _pyplot()
    from matplotlib.ticker import MaxNLocator

    figure, axis = plt.subplots(figsize=(9, 5.5))
    for index, (model, sessions) in enumerate(by_model.items()):
        fit = survival_fit(sessions, model)
        look = style(index)
        shift = _offset(index, len(by_model), 0.06)
        curve = fit.survival_function_[model]
        band = fit.confidence_interval_survival_function_
        times = curve.index.to_numpy(dtype=float) + shift
        axis.step(
            times,
            curve.to_numpy(),
            where="post",
            color=look["color"],
            linestyle=look["linestyle"],
            # earlier models drawn wider: a curve on top of another leaves its edges showing
            linewidth=1.8 + 1.6 * (len(by_model) - 1 - index),
            alpha=0.85,
            label=_legend(f"{model} (n={len(sessions)})"),
        )
        axis.fill_between(
            times,
            band.iloc[:, 0].to_numpy(),
            band.iloc[:, 1].to_numpy(),
            step="post",
            color=look["color"],
            alpha=0.15,
        )
        censored = [first_failure(s)[0] for s in sessions if not first_failure(s)[1]]
        if censored:
            axis.plot(
                [c + shift for c in censored],
                [float(fit.predict(c)) for c in censored],
                linestyle="none",
                marker="|",
                markersize=14,
                markeredgewidth=2,
                color=look["color"],
            )
    axis.set_xlabel("turn")
    axis.set_ylabel("share of sessions without a failed checkpoint")
    axis.set_ylim(-0.03, 1.05)
    axis.set_xlim(left=0)
    axis.xaxis.set_major_locator(MaxNLocator(integer=True))
    axis.set_title(
        "Survival: turns until the first failed checkpoint (Kaplan–Meier, 95% band; | censored)",
        fontsize=10,
    )
    axis.grid(alpha=0.3)
    axis.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return _save(figure, path)


def buckets(by_model: dict[str, list[Session]], path: Path, width: int = 10) -> Path:
    """Checkpoint pass rate per bucket of turns, one bar per configuration in each bucket."""
    plt = _pyplot()
    rates = {model: bucket_pass_rates(sessions, width) for model, sessions in by_model.items()}
    starts = sorted({start for r in rates.values() for start in r})
    figure, axis = plt.subplots(figsize=(max(6.0, 1.2 * len(starts) + 3), 4.8))
    bar = 0.8 / max(len(rates), 1)
    for index, (model, rate) in enumerate(rates.items()):
        xs = [i + (index - (len(rates) - 1) / 2) * bar for i, s in enumerate(starts) if s in rate]
        ys = [rate[s][0] / rate[s][1] for s in starts if s in rate]
        look = style(index)
        # an edge keeps a bar of height 0 visible
        axis.bar(
            xs,
            ys,
            width=bar * 0.95,
            color=look["color"],
            alpha=0.8,
            label=_legend(model),
            edgecolor=look["color"],
            linewidth=2,
        )
        for x, s in zip(xs, [s for s in starts if s in rate], strict=True):
            axis.text(x, 0.01, f"n={rate[s][1]}", ha="center", va="bottom", fontsize=7, rotation=90)
    axis.set_xticks(range(len(starts)), [f"{s}–{s + width - 1}" for s in starts])
    axis.set_xlabel("turns")
    axis.set_ylabel("checkpoints passed (share)")
    axis.set_ylim(0, 1.08)
    axis.set_title(f"Checkpoint pass rate per {width} turns (n: checkpoints run)", fontsize=10)
    axis.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    axis.grid(axis="y", alpha=0.3)
    return _save(figure, path)


def context_tokens(by_model: dict[str, list[Session]], path: Path) -> Path | None:
    """Mean context tokens per turn per configuration; None when no session recorded any."""
    plt = _pyplot()
    recorded: dict[str, dict[int, list[int]]] = {}
    for model, sessions in by_model.items():
        per_turn: dict[int, list[int]] = {}
        for session in sessions:
            for turn in session.turns:
                if turn.context_tokens is not None:
                    per_turn.setdefault(turn.turn, []).append(turn.context_tokens)
        recorded[model] = per_turn
    drawn = [model for model, per_turn in recorded.items() if per_turn]
    if not drawn:
        return None
    figure, axis = plt.subplots(figsize=(9, 5))
    for index, model in enumerate(by_model):
        per_turn = recorded[model]
        if not per_turn:
            continue
        turns = sorted(per_turn)
        look = style(index)
        axis.plot(
            [t + _offset(drawn.index(model), len(drawn), 0.08) for t in turns],
            [sum(per_turn[t]) / len(per_turn[t]) for t in turns],
            **look,
            markersize=4,
            alpha=0.85,
            label=_legend(model),
        )
    axis.set_ylim(bottom=0)
    axis.set_xlabel("turn")
    axis.set_ylabel("context tokens (input of the turn's last generation)")
    title = "Context size per turn (mean over sessions)"
    if len(drawn) < len(by_model):
        title += f"; {len(by_model) - len(drawn)} configuration(s) recorded none"
    axis.set_title(title, fontsize=10)
    axis.grid(alpha=0.3)
    axis.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return _save(figure, path)


def timeline(sessions: Sequence[Session], names: dict[int, str], path: Path) -> Path:
    """Per session, each turn's checkpoints (passed, failed), regressions and turns not reached."""
    plt = _pyplot()
    from matplotlib.lines import Line2D

    shown = list(sessions)[:TIMELINE_MAX]
    last = max((s.total_turns for s in shown), default=1)
    # bounded both ways: a long script must not stretch a few rows into a strip (the
    # checkpoint names above and the legend need height), many rows stay readable
    width = min(TIMELINE_WIDTH, max(9.0, last * 0.1 + 6))
    lines = sum(len(textwrap.wrap(names[id(s)], LABEL_WIDTH)) for s in shown)
    height = min(TIMELINE_HEIGHT, max(4.5, 2.6 + 0.45 * len(shown) + 0.12 * lines))
    figure, axis = plt.subplots(figsize=(width, height))
    checkpoint_names: dict[int, str] = {}
    for row, session in enumerate(shown):
        reached = max((t.turn for t in session.turns), default=0)
        if reached < session.total_turns:
            axis.plot([reached + 0.5, session.total_turns + 0.5], [row, row], color="0.8", lw=5)
        for turn in session.turns:
            count = len(turn.checkpoints)
            for index, check in enumerate(turn.checkpoints):
                checkpoint_names.setdefault(turn.turn, check.name)
                # several checkpoints in one turn: stacked a little, not drawn on each other
                axis.scatter(
                    turn.turn,
                    row + (index - (count - 1) / 2) * 0.16,
                    marker="o" if check.passed else "X",
                    color="tab:green" if check.passed else "tab:red",
                    s=55 if count == 1 else 30,
                    zorder=3,
                )
            if turn.status not in ("ok", "not_reached"):
                axis.scatter(turn.turn, row - 0.25, marker="s", color="0.3", s=14, zorder=3)
            if turn.regressions:
                axis.scatter(turn.turn, row + 0.22, marker="v", color="tab:orange", s=35, zorder=3)
        failed, observed = first_failure(session)
        if observed:
            name = next(
                c.name
                for t in session.turns
                if t.turn == failed
                for c in t.checkpoints
                if not c.passed
            )
            axis.annotate(
                f"first failure: {_short(name)}",
                (failed, row),
                xytext=(8, -11),
                textcoords="offset points",
                fontsize=7,
                color="tab:red",
            )
    axis.set_yticks(
        range(len(shown)),
        # wrapped: a long configuration name must not squeeze the turns into a corner
        [
            textwrap.fill(f"{names[id(s)]} · {s.script} · epoch {s.epoch}", LABEL_WIDTH)
            for s in shown
        ],
        fontsize=8,
    )
    axis.set_ylim(len(shown) - 0.5, -0.8)
    axis.set_xlim(0.5, last + 0.5)
    axis.set_xlabel("turn")
    named = sorted(checkpoint_names)
    # every checkpoint named along the top while they fit; beyond that every k-th one
    step = math.ceil(len(named) / TIMELINE_NAMES) if named else 1
    named = named[::step]
    if named:
        top = axis.secondary_xaxis("top")
        top.set_xticks(
            named,
            [_short(checkpoint_names[t]) for t in named],
            rotation=30,
            ha="left",
            fontsize=7,
        )
    legend = [
        Line2D([], [], marker="o", color="tab:green", linestyle="none", label="checkpoint passed"),
        Line2D([], [], marker="X", color="tab:red", linestyle="none", label="checkpoint failed"),
        Line2D([], [], marker="v", color="tab:orange", linestyle="none", label="regression found"),
        Line2D(
            [],
            [],
            marker="s",
            color="0.3",
            linestyle="none",
            label="turn ended in an error or limit",
        ),
        Line2D([], [], color="0.8", lw=5, label="turns not reached"),
    ]
    axis.legend(
        handles=legend, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False
    )
    title = "Checkpoints per session, turn by turn"
    if step > 1:
        title += f" (one checkpoint in {step} named)"
    if len(sessions) > len(shown):
        title += f" (first {len(shown)} of {len(sessions)} sessions)"
    axis.set_title(title, fontsize=10, loc="left")
    axis.grid(axis="x", alpha=0.2)
    return _save(figure, path)


def all_figures(
    by_model: dict[str, list[Session]], names: dict[int, str], directory: Path
) -> dict[str, Path]:
    """Every figure the sessions allow, by name (no context figure without context data)."""
    sessions = [s for runs in by_model.values() for s in runs]
    figures = {
        "radar": radar(by_model, directory / "radar.png"),
        "survival": survival(by_model, directory / "survival.png"),
        "buckets": buckets(by_model, directory / "checkpoint_buckets.png"),
        "timeline": timeline(sessions, names, directory / "timeline.png"),
    }
    context = context_tokens(by_model, directory / "context_tokens.png")
    if context is not None:
        figures["context"] = context
    return figures
