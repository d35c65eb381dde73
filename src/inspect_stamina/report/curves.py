"""Turn-by-turn curves and a summary table from StaminaBench logs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from inspect_ai.log import read_eval_log

from inspect_stamina.errors import StaminaError
from inspect_stamina.stamina.record import TurnRecord

SUMMARY_KEYS = (
    "solved",
    "completion",
    "checkpoint_pass_rate",
    "stamina",
    "memory",
    "consistency",
    "robustness",
    "efficiency",
)


@dataclass(frozen=True)
class Session:
    """One scored StaminaBench session: who ran which script, and its turn records."""

    model: str
    script: str
    mode: str
    epoch: int
    values: dict[str, float]
    turns: list[TurnRecord]
    compaction: str = "auto"

    @property
    def label(self) -> str:
        """Legend text."""
        return f"{self.model} · {self.script}" + (
            f" · epoch {self.epoch}" if self.epoch > 1 else ""
        )


def load_sessions(logs: list[str | Path]) -> list[Session]:
    """Every scored session in the given StaminaBench logs."""
    sessions = []
    for path in logs:
        try:
            log = read_eval_log(str(path))
        except (OSError, ValueError) as ex:
            raise StaminaError(f"Cannot read the eval log {path}: {ex}") from ex
        for sample in log.samples or []:
            score = (sample.scores or {}).get("stamina_scorer")
            if score is None or not isinstance(score.value, dict) or not score.metadata:
                continue
            sessions.append(
                Session(
                    log.eval.model,
                    str(score.metadata.get("script", sample.id)),
                    str((log.eval.task_args or {}).get("mode", "free")),
                    sample.epoch,
                    {k: float(v) for k, v in score.value.items()},
                    [TurnRecord.model_validate(t) for t in score.metadata.get("turns", [])],
                    # logs from before the setting existed ran without compaction
                    str((log.eval.metadata or {}).get("compaction", "none")),
                )
            )
    if not sessions:
        raise StaminaError("No scored StaminaBench sessions in the given logs.")
    return sessions


def summary_table(sessions: list[Session]) -> str:
    """A Markdown table of each session's headline metrics."""
    header = "| model | script | mode | compaction | epoch | " + " | ".join(SUMMARY_KEYS) + " |"
    rule = "|" + "---|" * (5 + len(SUMMARY_KEYS))
    rows = [
        f"| {s.model} | {s.script} | {s.mode} | {s.compaction} | {s.epoch} | "
        + " | ".join(f"{s.values.get(k, float('nan')):.3g}" for k in SUMMARY_KEYS)
        + " |"
        for s in sessions
    ]
    return "\n".join([header, rule, *rows])


def plot_sessions(sessions: list[Session], output: str | Path) -> Path:
    """Draw effective turns and checkpoint outcomes turn by turn; return the image path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (effective_axis, check_axis) = plt.subplots(
        2, 1, figsize=(10, 7), sharex=True, gridspec_kw={"height_ratios": [3, 2]}
    )
    for row, session in enumerate(sessions):
        turns = [t.turn for t in session.turns]
        cumulative, running = [], 0
        for index, turn in enumerate(session.turns, 1):
            running += turn.effective
            cumulative.append(running / index)
        (line,) = effective_axis.plot(turns, cumulative, label=session.label)
        effective_axis.axvline(
            session.values.get("stamina", 0) + 0.5, color=line.get_color(), ls=":", lw=1
        )
        for turn in session.turns:
            for check in turn.checkpoints:
                check_axis.scatter(
                    turn.turn,
                    row,
                    marker="o" if check.passed else "x",
                    color="tab:green" if check.passed else "tab:red",
                    s=40,
                )
            for _ in turn.regressions:
                check_axis.scatter(turn.turn, row + 0.2, marker="v", color="tab:orange", s=30)
    effective_axis.set_ylabel("effective turns so far (share)")
    effective_axis.set_ylim(-0.05, 1.05)
    effective_axis.legend(loc="lower left", fontsize="small")
    effective_axis.set_title("StaminaBench: turn by turn (dotted: stamina, turns survived)")
    check_axis.set_yticks(range(len(sessions)), [s.label for s in sessions], fontsize="small")
    check_axis.set_xlabel("turn")
    check_axis.set_ylabel("checkpoints")
    check_axis.set_ylim(-0.5, len(sessions) - 0.5 + 0.3)
    figure.tight_layout()
    path = Path(output)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path
