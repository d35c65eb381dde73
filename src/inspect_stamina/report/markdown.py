"""`inspect-stamina report`: report.md and its figures from a set of logs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspect_stamina.errors import StaminaError
from inspect_stamina.report.logs import LogSet, Session, read_logs
from inspect_stamina.report.plots import all_figures
from inspect_stamina.report.stats import (
    degradation_slope,
    estimate,
    first_failure,
    group,
    pass_hat_k,
    survival_fit,
)
from inspect_stamina.stamina.scorers import METRIC_KEYS

FIGURES = {
    "radar": "Headline metrics per model",
    "survival": "Survival: turns until the first failed checkpoint",
    "buckets": "Checkpoint pass rate per 10 turns",
    "context": "Context tokens per turn",
    "timeline": "Checkpoints per session",
}
METHOD = """\
## How the numbers are made

- **Metrics** are the scorer's per-session values; a cell is the mean over the model's
  sessions ± the standard error (sample standard deviation / √n), n the sessions with a
  value (a metric with nothing to measure in a session is left out, not counted as 0).
  `stamina` is in turns, `code_quality` on 0–10, `regressions` a count.
- **pass^k** (k = the epochs run): the chance that all k runs of a script are solved,
  C(c, k) / C(n, k) for c solved of n epochs, averaged over scripts.
- **Survival** is a Kaplan–Meier estimate (`lifelines`) of the turns until the first
  failed checkpoint; sessions that never failed one, or were cut short first, are
  censored at their last turn. The median is the first turn where the estimate falls
  to 0.5 or below ("not reached" when it never does).
- **Degradation slope**: a least-squares line through every checkpoint result (1 passed,
  0 failed) against its turn; the slope is the change in pass probability per 10 turns
  (negative: the model gets worse as the session grows). The 95% interval is the 2.5th
  and 97.5th percentile of the slope over 1000 bootstrap resamples of whole sessions.
- **GAIA accuracy** is the share of questions answered correctly, per level.
"""


def _fmt(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.3f}"


def _cell(values: Sequence[float]) -> str:
    found = estimate(values)
    if found.n == 0:
        return "–"
    if found.n == 1:
        return f"{found.mean:.3f} (n=1)"
    return f"{found.mean:.3f} ± {found.stderr:.3f} (n={found.n})"


def _escape(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_escape(c) for c in row) + " |" for row in rows]
    return lines


def metrics_section(by_model: dict[str, list[Session]]) -> list[str]:
    """Every metric (rows) per model (columns): mean ± stderr over sessions."""
    rows = [
        [key, *[_cell([s.values.get(key, math.nan) for s in runs]) for runs in by_model.values()]]
        for key in METRIC_KEYS
    ]
    return ["## Metrics per model", "", *_table(["metric", *by_model], rows), ""]


def script_section(sessions: Sequence[Session]) -> list[str]:
    """Every metric per model and script, with pass^k over the epochs."""
    rows = []
    for (model, script), runs in group(sessions, "name", "script").items():
        k = len(runs)
        rows.append(
            [
                model,
                script,
                str(len(runs)),
                f"pass^{k} = {_fmt(pass_hat_k(runs, k))}" if k > 1 else "– (1 epoch)",
                *[_cell([s.values.get(key, math.nan) for s in runs]) for key in METRIC_KEYS],
            ]
        )
    header = ["model", "script", "sessions", "pass^k (k = epochs)", *METRIC_KEYS]
    return ["## Per model and script", "", *_table(header, rows), ""]


def stamina_section(by_model: dict[str, list[Session]]) -> list[str]:
    """Survival (Kaplan–Meier) and the degradation slope per model."""
    rows = []
    for model, runs in by_model.items():
        fit = survival_fit(runs, model)
        median = fit.median_survival_time_
        failed = sum(first_failure(s)[1] for s in runs)
        slope = degradation_slope(runs)
        interval = f" [{_fmt(slope.low)}, {_fmt(slope.high)}]" if not math.isnan(slope.low) else ""
        rows.append(
            [
                model,
                str(len(runs)),
                str(failed),
                str(len(runs) - failed),
                "not reached" if math.isinf(median) else f"{median:g}",
                f"{_fmt(slope.per_10_turns)}{interval}",
                str(slope.checkpoints),
            ]
        )
    header = [
        "model",
        "sessions",
        "failed a checkpoint",
        "censored",
        "median turn of first failure",
        "degradation slope per 10 turns [95% CI]",
        "checkpoints",
    ]
    return ["## Stamina: survival and degradation", "", *_table(header, rows), ""]


def sessions_section(sessions: Sequence[Session]) -> list[str]:
    """One row per session: the headline values and how far it got."""
    keys = (
        "solved",
        "completion",
        "checkpoint_pass_rate",
        "stamina",
        "stamina_strict",
        "regressions",
    )
    rows = [
        [
            s.name,
            s.script,
            s.mode,
            s.compaction,
            str(s.epoch),
            *[_fmt(s.values.get(k, math.nan)) for k in keys],
            "–" if s.stopped_at is None else str(s.stopped_at),
        ]
        for s in sessions
    ]
    header = ["model", "script", "mode", "compaction", "epoch", *keys, "stopped at"]
    return ["## Sessions", "", *_table(header, rows), ""]


def unscored_section(logs: LogSet) -> list[str]:
    """Sessions the scorer never ran on (errored, or recovered after a kill): their turns."""
    played = [s for s in logs.sessions if not s.scored and s.turns]
    if not played:
        return []
    rows = []
    for s in played:
        checks = [c for t in s.turns for c in t.checkpoints]
        turn, failed = first_failure(s)
        rows.append(
            [
                s.name,
                s.script,
                str(s.epoch),
                f"{len(s.turns)}/{s.total_turns}",
                f"{sum(c.passed for c in checks)}/{len(checks)}",
                str(turn) if failed else "–",
                s.turns[-1].status,
                s.log,
            ]
        )
    header = [
        "model",
        "script",
        "epoch",
        "turns played",
        "checkpoints passed",
        "first failed checkpoint (turn)",
        "last turn",
        "log",
    ]
    return [
        "## Sessions not scored: the turns they played",
        "",
        "Not in the numbers above: the scorer never ran on them (see the errors below). "
        "A log that `inspect log recover` rebuilt after its eval process was killed "
        "keeps every turn finished before the kill.",
        "",
        *_table(header, rows),
        "",
    ]


def gaia_section(logs: LogSet) -> list[str]:
    """GAIA accuracy per model and level."""
    if not logs.gaia:
        return []
    levels = sorted({a.level for a in logs.gaia})
    rows = []
    for model in dict.fromkeys(a.model for a in logs.gaia):
        answers = [a for a in logs.gaia if a.model == model]
        cells = []
        for level in [*levels, None]:
            picked = [a.correct for a in answers if level is None or a.level == level]
            cells.append(
                f"{sum(picked) / len(picked):.3f} ({sum(picked)}/{len(picked)})" if picked else "–"
            )
        rows.append([model, *cells])
    header = ["model", *[f"level {level}" for level in levels], "all"]
    return ["## GAIA accuracy per level", "", *_table(header, rows), ""]


def problems_section(logs: LogSet) -> list[str]:
    """Logs and samples not counted, with their errors."""
    if not logs.problems:
        return []
    rows = [[p.log, p.what, p.error] for p in logs.problems]
    return [
        "## Not counted: errors",
        "",
        "These logs or sessions are not in the numbers above.",
        "",
        *_table(["log", "what", "error"], rows),
        "",
    ]


@dataclass(frozen=True)
class Report:
    """A written report: its Markdown file and the part worth printing to the terminal."""

    path: Path
    summary: str
    figures: list[Path]


def write_report(paths: Sequence[str | Path], output: str | Path, progress: bool = False) -> Report:
    """Read the logs and write report.md and its figures into the output directory."""
    directory = Path(output)
    if directory.exists() and not directory.is_dir():
        raise StaminaError(f"-o names a directory for the report; {directory} is a file.")
    logs = read_logs(paths, progress=progress)
    sessions = logs.scored
    unscored = unscored_section(logs)
    if not sessions and not logs.gaia and not unscored:
        raise StaminaError(
            "No StaminaBench turns or GAIA answers in the given logs"
            + (
                ": " + "; ".join(f"{p.log}: {p.error}" for p in logs.problems)
                if logs.problems
                else "."
            )
        )
    directory.mkdir(parents=True, exist_ok=True)
    by_model = {model: runs for (model,), runs in group(sessions, "name").items()}
    intro = [
        f"{len(logs.logs)} logs read: {len(sessions)} scored StaminaBench sessions from "
        f"{len(by_model)} models, {len(logs.gaia)} GAIA answers, "
        f"{len(logs.problems)} problems (listed below).",
        "",
        *unscored,
        *problems_section(logs),
    ]
    lines = ["# StaminaBench report", "", *intro]
    summary = list(intro)
    figures: dict[str, Path] = {}
    if sessions:
        figures = all_figures(sessions, directory)
        summary += metrics_section(by_model)
        lines += metrics_section(by_model)
        lines += script_section(sessions)
        lines += stamina_section(by_model)
    summary += gaia_section(logs)
    lines += gaia_section(logs)
    if sessions:
        lines += ["## Figures", ""]
        for name, title in FIGURES.items():
            if name in figures:
                lines += [f"### {title}", "", f"![{title}]({figures[name].name})", ""]
            else:
                lines += [f"### {title}", "", "No session recorded this.", ""]
        lines += sessions_section(sessions)
    lines += [METHOD]
    report = directory / "report.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    return Report(report, "\n".join(summary), list(figures.values()))
