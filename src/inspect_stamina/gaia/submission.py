"""Turn a GAIA eval log into a leaderboard submission file (JSON lines)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspect_ai.log import EvalSample, read_eval_log
from inspect_ai.model import ChatMessageAssistant, ChatMessageTool

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.scorer import final_answer


def reasoning_trace(sample: EvalSample) -> str:
    """The agent's steps as text: what it said, which tools it called, what came back."""
    lines: list[str] = []
    for message in sample.messages:
        if isinstance(message, ChatMessageAssistant):
            if message.text.strip():
                lines.append(message.text.strip())
            for call in message.tool_calls or []:
                lines.append(f"[{call.function}] {json.dumps(call.arguments)}")
        elif isinstance(message, ChatMessageTool):
            lines.append(f"[{message.function} result] {message.text.strip()}")
    return "\n".join(lines)


def submission_rows(log_file: str | Path) -> list[dict[str, Any]]:
    """One leaderboard row per sample of a GAIA log: task_id, model_answer, reasoning_trace."""
    try:
        log = read_eval_log(str(log_file))
    except (FileNotFoundError, ValueError, OSError) as ex:
        raise StaminaError(f"Cannot read the eval log {log_file}: {ex}") from ex
    if not log.eval.task.split("/")[-1].startswith("gaia"):
        raise StaminaError(f"{log_file} is a log of {log.eval.task!r}, not of a GAIA task.")
    return [
        {
            "task_id": str(sample.id),
            "model_answer": final_answer(sample.output, sample.messages)[0] or "",
            "reasoning_trace": reasoning_trace(sample),
        }
        for sample in log.samples or []
    ]


def write_submission(log_file: str | Path, output: str | Path) -> int:
    """Write the submission file for a log; return the number of rows written."""
    rows = submission_rows(log_file)
    Path(output).write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return len(rows)
