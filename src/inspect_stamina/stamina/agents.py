"""The agent a session drives: the default react agent and its context options, or any
agent registered with Inspect (``-T agent=package/name``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import yaml
from inspect_ai.agent import Agent, react
from inspect_ai.model import (
    CompactionAuto,
    CompactionEdit,
    CompactionNative,
    CompactionStrategy,
    CompactionSummary,
    CompactionTrim,
)
from inspect_ai.tool import Tool, bash, memory, python
from inspect_ai.util import registry_create

from inspect_stamina.errors import StaminaError
from inspect_stamina.stamina.knowledge_base import project_search
from inspect_stamina.stamina.sandbox import AGENT_USER

Compaction = Literal["auto", "summary", "trim", "edit", "native", "none"]
COMPACTIONS: tuple[str, ...] = ("auto", "summary", "trim", "edit", "native", "none")
_STRATEGIES: dict[str, Callable[[int | float], CompactionStrategy]] = {
    "auto": lambda threshold: CompactionAuto(threshold=threshold),
    "summary": lambda threshold: CompactionSummary(threshold=threshold),
    "trim": lambda threshold: CompactionTrim(threshold=threshold),
    "edit": lambda threshold: CompactionEdit(threshold=threshold),
    "native": lambda threshold: CompactionNative(threshold=threshold),
}


def compaction_strategy(name: str, threshold: float = 0.9) -> CompactionStrategy | None:
    """Inspect's compaction strategy by name (None for ``none``), at this threshold.

    A threshold up to 1 is a share of the model's context window; above 1, tokens.
    """
    if name not in COMPACTIONS:
        raise StaminaError(f"Unknown compaction {name!r}; valid: {', '.join(COMPACTIONS)}.")
    try:
        value = float(threshold)
    except (TypeError, ValueError) as ex:
        raise StaminaError(f"compaction_threshold must be a number, not {threshold!r}.") from ex
    if value <= 0:
        raise StaminaError(f"compaction_threshold must be positive, not {threshold!r}.")
    if name == "none":
        return None
    return _STRATEGIES[name](int(value) if value > 1 else value)


def default_agent(
    command_timeout: int = 180,
    compaction: CompactionStrategy | None = None,
    memory_tool: bool = False,
    knowledge_base: bool = False,
    user: str = AGENT_USER,
) -> Agent:
    """Inspect's react agent with bash and python in the sandbox, as the agent user
    (``user``: how the sandbox's exec names it).

    No system prompt (the session adds one once: react would insert it every turn) and
    no submit tool: a reply without tool calls ends the turn. ``compaction`` bounds the
    context within a turn (the session compacts between turns with the same strategy).
    """
    tools = agent_tools(command_timeout, memory_tool, knowledge_base, user)
    return react(prompt=None, tools=tools, submit=False, compaction=compaction)


def agent_tools(
    command_timeout: int = 180,
    memory_tool: bool = False,
    knowledge_base: bool = False,
    user: str = AGENT_USER,
) -> list[Tool]:
    """The default agent's tools: bash and python as ``user``, memory and search if asked."""
    tools: list[Tool] = [
        bash(timeout=command_timeout, user=user),
        python(timeout=command_timeout, user=user),
    ]
    if memory_tool:
        tools.append(memory())
    if knowledge_base:
        tools.append(project_search())
    return tools


def resolve_agent(name: str, args: str | dict[str, Any] | None = None) -> Agent:
    """An agent registered with Inspect (``package/name``), built with its arguments."""
    if isinstance(args, str):
        try:
            args = yaml.safe_load(args) if args.strip() else {}
        except yaml.YAMLError as ex:
            raise StaminaError(f"agent_args is not YAML or JSON: {ex}") from ex
    if args is not None and not isinstance(args, dict):
        raise StaminaError(f"agent_args must be a mapping of arguments, not {args!r}.")
    try:
        return registry_create("agent", name, **(args or {}))
    except TypeError as ex:
        raise StaminaError(f"agent {name!r} does not take these agent_args: {ex}") from ex
    except LookupError as ex:
        raise StaminaError(
            f"Unknown agent {name!r}: not registered with Inspect. Name an @agent as "
            "package/name (e.g. inspect_swe/claude_code, with that package installed)."
        ) from ex
