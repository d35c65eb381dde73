"""`inspect-stamina report`: report.md and its figures from a set of logs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspect_stamina.errors import StaminaError
from inspect_stamina.report.config import Config, labels, varying
from inspect_stamina.report.logs import LogSet, Session, read_logs
from inspect_stamina.report.plots import all_figures
from inspect_stamina.report.stats import (
    by_config,
    degradation_slope,
    estimate,
    first_failure,
    mixed_lengths,
    pass_hat_k,
    script_key,
    survival_fit,
)
from inspect_stamina.stamina.scorers import METRIC_KEYS

# metrics in turns: a share of the script's turns where scripts of different lengths meet
SHARE_KEYS = ("stamina", "stamina_strict")

FIGURES = {
    "radar": "Headline metrics per configuration",
    "survival": "Survival: turns until the first failed checkpoint",
    "buckets": "Checkpoint pass rate per 10 turns",
    "context": "Context tokens per turn",
    "timeline": "Checkpoints per session",
}
METHOD = """\
## How the numbers are made

- **Columns** are configurations: sessions share one only when the model, agent,
  compaction, memory tool, knowledge base, mode, user model, feedback, task version and
  every other task argument match. A column is named by the model and the settings
  that differ between the columns (the settings all share are listed first).
- **Metrics** are the scorer's per-session values; a cell is the mean over the column's
  sessions ± the standard error (sample standard deviation / √n), n the sessions with a
  value (a metric with nothing to measure in a session is left out, not counted as 0).
  `stamina` is in turns, `code_quality` on 0–10, `regressions` a count. Where scripts
  of different lengths meet in one table, stamina is the share of the script's turns
  survived (turns survived / script turns) instead, so a 28-turn and a 100-turn
  session that both survived every turn both count 1; the survival table then adds
  the median share of the script's turns before the first failed checkpoint (the same
  Kaplan–Meier estimate over each session's turn / its script's turns).
- **Usage** adds up every model a session called (the agent's, the user model's,
  graders'): input tokens as the provider counts them, cached input (cache reads and
  writes) where reported apart, output tokens. Generations are the agent's model calls
  (compaction summaries included), wall time the sample's total time; per turn is the
  mean of the turns' own wall times.
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


def _values(runs: Sequence[Session], key: str, share: bool) -> list[float]:
    if share and key in SHARE_KEYS:
        return [s.share(key) for s in runs]
    return [s.values.get(key, math.nan) for s in runs]


def _metric_name(key: str, share: bool) -> str:
    return f"{key} (share of script turns)" if share and key in SHARE_KEYS else key


def config_section(configs: Sequence[Config], names: dict[Config, str]) -> list[str]:
    """The settings every column shares, and what tells the columns apart."""
    if not configs:
        return []
    differing = varying(configs)
    if len({c.model for c in configs}) > 1:
        differing = ["model", *differing]
    shared = {k: v for k, v in configs[0].settings().items() if k not in differing}
    lines = ["## Configurations", ""]
    lines.append(
        "Shared by every column: " + ", ".join(f"{k}={v}" for k, v in shared.items()) + "."
    )
    if len(names) > 1:
        lines.append("")
        lines.append("Columns differ in: " + ", ".join(differing) + ".")
    return [*lines, ""]


def warnings_section(columns: dict[str, list[Session]]) -> list[str]:
    """Where a column averages over different scripts, or the columns ran different ones."""
    lines = []
    script_sets = {}
    everything = [s for runs in columns.values() for s in runs]
    for name, runs in columns.items():
        scripts = dict.fromkeys(
            f"{script_key(s, everything)} ({s.total_turns} turns)" for s in runs
        )
        script_sets[name] = frozenset(scripts)
        if len(scripts) > 1:
            lengths = " of different lengths" if mixed_lengths(runs) else ""
            lines.append(
                f"- Warning: column {name} mixes {len(scripts)} scripts{lengths} "
                f"({', '.join(scripts)}); its means are over all of them"
                + ("; stamina is shown as a share of each script's turns." if lengths else ".")
            )
    if len(set(script_sets.values())) > 1:
        lines.append(
            "- Warning: the columns ran different script sets; compare them per script "
            '("Per configuration and script"): '
            + "; ".join(f"{name}: {', '.join(sorted(sets))}" for name, sets in script_sets.items())
            + "."
        )
    return ["## Warnings", "", *lines, ""] if lines else []


def metrics_section(by_model: dict[str, list[Session]]) -> list[str]:
    """Every metric (rows) per configuration (columns): mean ± stderr over sessions."""
    share = mixed_lengths([s for runs in by_model.values() for s in runs])
    rows = [
        [
            _metric_name(key, share),
            *[_cell(_values(runs, key, share)) for runs in by_model.values()],
        ]
        for key in METRIC_KEYS
    ]
    return ["## Metrics per configuration", "", *_table(["metric", *by_model], rows), ""]


def script_section(by_model: dict[str, list[Session]]) -> list[str]:
    """Every metric per configuration and script, with pass^k over the epochs."""
    everything = [s for runs in by_model.values() for s in runs]
    rows = []
    for name, sessions in by_model.items():
        per_script: dict[str, list[Session]] = {}
        for session in sessions:
            per_script.setdefault(script_key(session, everything), []).append(session)
        for script, runs in per_script.items():
            k = len(runs)
            rows.append(
                [
                    name,
                    script,
                    str(runs[0].total_turns),
                    str(len(runs)),
                    f"pass^{k} = {_fmt(pass_hat_k(runs, k))}" if k > 1 else "– (1 epoch)",
                    *[_cell(_values(runs, key, False)) for key in METRIC_KEYS],
                ]
            )
    header = [
        "configuration",
        "script",
        "script turns",
        "sessions",
        "pass^k (k = epochs)",
        *METRIC_KEYS,
    ]
    return ["## Per configuration and script", "", *_table(header, rows), ""]


def stamina_section(by_model: dict[str, list[Session]]) -> list[str]:
    """Survival (Kaplan–Meier) and the degradation slope per configuration."""
    share = mixed_lengths([s for runs in by_model.values() for s in runs])
    rows = []
    for model, runs in by_model.items():
        fit = survival_fit(runs, model)
        median = fit.median_survival_time_
        failed = sum(first_failure(s)[1] for s in runs)
        slope = degradation_slope(runs)
        interval = f" [{_fmt(slope.low)}, {_fmt(slope.high)}]" if not math.isnan(slope.low) else ""
        row = [
            model,
            str(len(runs)),
            str(failed),
            str(len(runs) - failed),
            "not reached" if math.isinf(median) else f"{median:g}",
        ]
        if share:
            median_share = survival_fit(runs, model, share=True).median_survival_time_
            row.append("not reached" if math.isinf(median_share) else f"{median_share:.3f}")
        rows.append([*row, f"{_fmt(slope.per_10_turns)}{interval}", str(slope.checkpoints)])
    header = [
        "configuration",
        "sessions",
        "failed a checkpoint",
        "censored",
        "median turn of first failure",
        *(["median share of script turns before it"] if share else []),
        "degradation slope per 10 turns [95% CI]",
        "checkpoints",
    ]
    return ["## Stamina: survival and degradation", "", *_table(header, rows), ""]


def _tokens(value: int | None) -> str:
    return "–" if value is None else f"{value:,}"


def _seconds(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:,.1f} s"


def _mean(values: Sequence[float | int | None]) -> float | None:
    kept = [float(v) for v in values if v is not None and not math.isnan(float(v))]
    return sum(kept) / len(kept) if kept else None


def _per_turn(session: Session) -> float | None:
    return _mean([t.seconds.get("total") for t in session.turns])


def usage_section(by_model: dict[str, list[Session]], names: dict[int, str]) -> list[str]:
    """Tokens, generations and wall time: means per configuration, then every session."""

    def whole(value: float | None) -> int | None:
        return None if value is None else round(value)

    header = [
        "configuration",
        "sessions",
        "input tokens",
        "cached input tokens",
        "output tokens",
        "user model tokens",
        "generations",
        "wall time",
        "wall time per turn",
    ]
    rows = [
        [
            name,
            str(len(runs)),
            *[
                _tokens(whole(_mean([getattr(s.usage, f) for s in runs])))
                for f in (
                    "input_tokens",
                    "cached_tokens",
                    "output_tokens",
                    "user_tokens",
                    "generations",
                )
            ],
            _seconds(_mean([s.usage.total_time for s in runs])),
            _seconds(_mean([_per_turn(s) for s in runs])),
        ]
        for name, runs in by_model.items()
    ]
    session_rows = [
        [
            names[id(s)],
            s.script,
            str(s.epoch),
            f"{len(s.turns)}/{s.total_turns}",
            _tokens(s.usage.input_tokens),
            _tokens(s.usage.cached_tokens),
            _tokens(s.usage.output_tokens),
            _tokens(s.usage.user_tokens),
            _tokens(s.usage.generations),
            _seconds(s.usage.total_time),
            _seconds(_per_turn(s)),
        ]
        for runs in by_model.values()
        for s in runs
    ]
    session_header = [
        "configuration",
        "script",
        "epoch",
        "turns played",
        *header[2:],
    ]
    return [
        "## Usage",
        "",
        "Mean per session, per configuration (– where no session recorded it):",
        "",
        *_table(header, rows),
        "",
        "Per session:",
        "",
        *_table(session_header, session_rows),
        "",
    ]


def sessions_section(sessions: Sequence[Session], names: dict[int, str]) -> list[str]:
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
            names[id(s)],
            s.script,
            str(s.total_turns),
            str(s.epoch),
            *[_fmt(s.values.get(k, math.nan)) for k in keys],
            "–" if s.stopped_at is None else str(s.stopped_at),
        ]
        for s in sessions
    ]
    header = ["configuration", "script", "script turns", "epoch", *keys, "stopped at"]
    return ["## Sessions", "", *_table(header, rows), ""]


def unscored_section(logs: LogSet, names: dict[int, str]) -> list[str]:
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
                names[id(s)],
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
        "configuration",
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
    # every session (scored or not) named in one scheme: a configuration keeps its name
    configs = [s.config for s in logs.sessions]
    column_names = labels(configs)
    names = {id(s): column_names[s.config] for s in logs.sessions}
    unscored = unscored_section(logs, names)
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
    by_model = by_config(sessions, column_names)
    models = {s.model for s in sessions}
    intro = [
        f"{len(logs.logs)} logs read: {len(sessions)} scored StaminaBench sessions from "
        f"{len(by_model)} configurations of {len(models)} models, {len(logs.gaia)} GAIA "
        f"answers, {len(logs.problems)} problems (listed below).",
        "",
        *config_section(list(dict.fromkeys(configs)), column_names),
        *warnings_section(by_model),
        *unscored,
        *problems_section(logs),
    ]
    lines = ["# StaminaBench report", "", *intro]
    summary = list(intro)
    figures: dict[str, Path] = {}
    if sessions:
        figures = all_figures(by_model, names, directory)
        summary += metrics_section(by_model)
        lines += metrics_section(by_model)
        lines += script_section(by_model)
        lines += stamina_section(by_model)
        lines += usage_section(by_model, names)
    summary += gaia_section(logs)
    lines += gaia_section(logs)
    if sessions:
        lines += ["## Figures", ""]
        for name, title in FIGURES.items():
            if name in figures:
                lines += [f"### {title}", "", f"![{title}]({figures[name].name})", ""]
            else:
                lines += [f"### {title}", "", "No session recorded this.", ""]
        lines += sessions_section(sessions, names)
    lines += [METHOD]
    report = directory / "report.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    return Report(report, "\n".join(summary), list(figures.values()))
