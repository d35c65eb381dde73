"""Token counts of a conversation as a model would be sent it, without a model.

The scripted models (`stamina/oracle`, `stamina/noop`, `stamina/gaia-example`) report
these counts as their usage, so an oracle run's log carries the tokens its transcript
would cost a real model; `inspect-stamina estimate` counts the same transcript before any
run. Text is counted with tiktoken's `o200k_base` (offline through the seeded cache), plus
a few tokens per message for the chat format, as OpenAI documents for its chat models.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ModelUsage
from inspect_ai.tool import ToolInfo

# the chat format's framing around each message (role, separators)
MESSAGE_OVERHEAD = 4
# a memo of message counts: a session re-sends every earlier message with each request
_MEMO_SIZE = 20_000
_memo: dict[tuple[str, int, int], int] = {}


@lru_cache(maxsize=1)
def _encoding():  # type: ignore[no-untyped-def]
    import tiktoken

    from inspect_stamina.offline import seed_tiktoken_cache

    seed_tiktoken_cache()
    return tiktoken.get_encoding("o200k_base")


def text_tokens(text: str) -> int:
    """Tokens of a text in o200k_base."""
    return len(_encoding().encode(text, disallowed_special=())) if text else 0


def _message_text(message: ChatMessage) -> str:
    parts = [message.text]
    if isinstance(message, ChatMessageAssistant):
        for call in message.tool_calls or []:
            parts.append(call.function)
            parts.append(json.dumps(call.arguments))
    return "\n".join(parts)


def message_tokens(message: ChatMessage) -> int:
    """Tokens of one message: its text, its tool calls, the chat format's framing."""
    text = _message_text(message)
    key = (message.id or "", len(text), hash(text))
    if key not in _memo:
        if len(_memo) >= _MEMO_SIZE:
            _memo.clear()
        _memo[key] = text_tokens(text) + MESSAGE_OVERHEAD
    return _memo[key]


def tool_tokens(tools: Sequence[ToolInfo]) -> int:
    """Tokens of the tool definitions, as JSON schemas."""
    return sum(
        text_tokens(
            json.dumps(
                {
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": tool.parameters.model_dump(exclude_none=True),
                }
            )
        )
        for tool in tools
    )


def request_tokens(messages: Sequence[ChatMessage], tools: Sequence[ToolInfo]) -> int:
    """Input tokens of one request: every message sent and the tool definitions."""
    return sum(message_tokens(m) for m in messages) + tool_tokens(tools)


def counted_usage(
    messages: Sequence[ChatMessage], tools: Sequence[ToolInfo], output: ChatMessage
) -> ModelUsage:
    """The usage a model would report for this request and its output message."""
    input_tokens = request_tokens(messages, tools)
    output_tokens = message_tokens(output)
    return ModelUsage(
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        total_tokens=input_tokens + output_tokens,
    )


__all__ = ["counted_usage", "message_tokens", "request_tokens", "text_tokens", "tool_tokens"]
