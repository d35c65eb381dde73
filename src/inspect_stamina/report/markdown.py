"""`inspect-stamina report`: report.md and its figures from a set of logs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspect_stamina.errors import StaminaError
from inspect_stamina.report.config import labels
from inspect_stamina.report.logs import read_logs
from inspect_stamina.report.plots import all_figures
from inspect_stamina.report.sections import (
    config_section,
    gaia_section,
    metrics_section,
    problems_section,
    script_section,
    sessions_section,
    stamina_section,
    unscored_section,
    usage_section,
    warnings_section,
)
from inspect_stamina.report.stats import by_config

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
