"""`stamina/oracle` and `stamina/noop`: the models that prove a script solvable and its checks discriminating.

The oracle replays the current turn's reference solution through the agent's own bash
tool, then replies with the turn's reference reply. It learns the turn from the
sample's store, which the session fills and the agent cannot see. The noop replies
without touching anything.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageTool, ChatMessageUser, ModelOutput
from inspect_ai.util import store

ORACLE_KEY = "stamina:oracle"
NOOP_REPLY = "OK."
DEFAULT_REPLY = (
    "The changes are the ones in my previous reply, applied as the reference describes; "
    "nothing else was modified."
)


def _current_turn() -> dict[str, Any] | None:
    try:
        return store().get(ORACLE_KEY)
    except Exception:  # noqa: BLE001 - outside a sample there is no store
        return None


def oracle_output(model: str, messages: list[ChatMessage]) -> ModelOutput:
    """Apply the turn's reference with bash once, then reply."""
    turn = _current_turn()
    if turn is None:
        return ModelOutput.from_content(
            model, "I have no reference solution for this conversation."
        )
    last_user = max(
        (i for i, m in enumerate(messages) if isinstance(m, ChatMessageUser)), default=-1
    )
    acted = any(isinstance(m, ChatMessageTool) for m in messages[last_user + 1 :])
    if turn.get("command") and not acted:
        return ModelOutput.for_tool_call(model, "bash", {"command": turn["command"]})
    return ModelOutput.from_content(model, str(turn.get("reply") or DEFAULT_REPLY))


def noop_output(model: str) -> ModelOutput:
    """Reply without any tool call."""
    return ModelOutput.from_content(model, NOOP_REPLY)
