"""Before turn 1: is the compaction threshold large enough to hold a turn at all?

Compaction can drop old messages, never the tool definitions, the system prompt or the
request being worked on. With a threshold below those, Inspect's compaction fails in
every generation ("Compaction insufficient") and each turn is recorded as an error
while the session scores on; stopping at once with the smallest workable threshold
costs nothing and says what to change.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.model import (
    ChatMessageSystem,
    ChatMessageUser,
    CompactionStrategy,
    Model,
    get_model_info,
)
from inspect_ai.tool import Tool, ToolDef, ToolInfo

from inspect_stamina.errors import StaminaError

# Inspect's compaction assumes this window when the model's is unknown
_DEFAULT_WINDOW = 128_000


def compaction_threshold_tokens(model: Model, strategy: CompactionStrategy) -> int:
    """The strategy's threshold in tokens for this model, resolved as Inspect resolves it."""
    threshold = strategy.threshold
    if isinstance(threshold, int) or threshold > 1:
        return int(threshold)
    info = get_model_info(model)  # a Model instance is looked up, never re-instantiated
    window = info.input_tokens if info is not None else None
    return int(threshold * (window or _DEFAULT_WINDOW))


def tools_info(tools: Sequence[Tool]) -> list[ToolInfo]:
    """The tool definitions as the model is sent them."""
    defs = [ToolDef(tool) for tool in tools]
    return [
        ToolInfo(name=d.name, description=d.description, parameters=d.parameters, options=d.options)
        for d in defs
    ]


async def turn_floor_tokens(
    model: Model, tools: Sequence[Tool], system_prompt: str, requests: Sequence[str]
) -> tuple[int, int, int, int]:
    """Tokens that no compaction can drop: (total, tools, system prompt, longest request)."""
    tool_tokens = await model.count_tool_tokens(tools_info(tools))
    system = await model.count_tokens([ChatMessageSystem(content=system_prompt)])
    longest = max(
        [await model.count_tokens([ChatMessageUser(content=text)]) for text in requests],
        default=0,
    )
    return tool_tokens + system + longest, tool_tokens, system, longest


async def check_compaction_room(
    model: Model,
    strategy: CompactionStrategy | None,
    tools: Sequence[Tool],
    system_prompt: str,
    requests: Sequence[str],
) -> None:
    """Raise StaminaError when the compaction threshold cannot hold one turn's fixed part."""
    if strategy is None:
        return
    threshold = compaction_threshold_tokens(model, strategy)
    floor, tool_tokens, system, longest = await turn_floor_tokens(
        model, tools, system_prompt, requests
    )
    if threshold < floor:
        raise StaminaError(
            f"The compaction threshold ({threshold:,} tokens for {model}) is below what "
            f"every turn must hold: {floor:,} tokens (tool definitions {tool_tokens:,}, "
            f"system prompt {system:,}, the longest request {longest:,}), so compaction "
            f"would fail in every generation. Set -T compaction_threshold to at least "
            f"{floor:,} (tokens), leaving room for the agent's work, or -T compaction=none."
        )
