"""A session's settings: what the task's arguments decide, built once and passed whole."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from inspect_ai.model import CompactionStrategy

from inspect_stamina.stamina.regressions import DEFAULT_REGRESSIONS, Regressions

Mode = Literal["free", "teacher_forced"]


@dataclass(frozen=True)
class SessionSettings:
    """How a session runs: user layers, the agent's per-turn bounds, feedback, checks, memory."""

    user_layers: tuple[str, ...] = ("scripted", "template", "llm")
    # per-turn bounds on the agent: generations and tokens (None: no bound)
    turn_generations: int | None = 30
    turn_tokens: int | None = None
    # show a failed checkpoint to the agent and re-run it, up to `attempts` times
    feedback: bool = False
    attempts: int = 1
    mode: Mode = "free"
    regressions: Regressions = DEFAULT_REGRESSIONS
    compaction: CompactionStrategy | None = None
    knowledge_base: bool = False
    # the default agent's own settings
    command_timeout: int = 180
    memory_tool: bool = False

    @classmethod
    def from_args(cls, args: Mapping[str, Any]) -> SessionSettings:
        """The settings a solver's or task's arguments name (one per field)."""
        return cls(**{f.name: args[f.name] for f in fields(cls)})

    def as_args(self) -> dict[str, Any]:
        """Each field by name, as the session solver takes them (values as they are)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
