"""The report's sections: Markdown tables from the sessions and answers read."""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_stamina.report.config import Config, varying
from inspect_stamina.report.logs import LogSet, Session
from inspect_stamina.report.stats import (
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
