"""A session's configuration: what must match for two sessions to be compared as one.

Everything a run chose that can change its results is read from the log's header: the
model, the task arguments (``log.eval.task_args``, every argument with its value in
current Inspect; older logs keep only those passed, so the task's defaults fill in the
rest), the model bound to the ``user`` role and the task's version. Sessions share a
column only when all of it matches; a column is named by the settings that differ
between the columns shown, so a report of one configuration still reads "stamina/oracle".
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from inspect_ai.log import EvalSpec

# task arguments with a field of their own, folded into another, or not a setting of
# the session: the script is what a session ran, not how (scripts are compared apart);
# docker and k8s run the same sandbox
_NAMED_ARGS = frozenset(
    {
        "agent",
        "agent_args",
        "compaction",
        "compaction_threshold",
        "memory_tool",
        "knowledge_base",
        "mode",
        "feedback",
        "attempts",
        "script",
        "sandbox",
    }
)


@dataclass(frozen=True)
class Config:
    """Every setting of a StaminaBench run that can change its results."""

    model: str
    agent: str = "default"
    compaction: str = "auto"
    memory_tool: bool = False
    knowledge_base: bool = False
    mode: str = "free"
    user_model: str = "none"
    feedback: str = "off"
    suite: str = "?"
    # the remaining task arguments (turn bounds, user layers, regressions, limits, …)
    # and the model's generation settings, as (name, value) pairs
    other: tuple[tuple[str, str], ...] = ()

    def settings(self) -> dict[str, str]:
        """Every setting as text, by name (the ``other`` ones under their own names)."""
        found = {f.name: _text(getattr(self, f.name)) for f in fields(self) if f.name != "other"}
        return found | dict(self.other)


@cache
def _task_defaults() -> dict[str, Any]:
    """The stamina task's own defaults: what an older log's missing arguments were."""
    from inspect_stamina.stamina.task import stamina

    parameters = inspect.signature(stamina).parameters.values()
    return {p.name: p.default for p in parameters if p.default is not inspect.Parameter.empty}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return ",".join(_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, default=str)
    return "none" if value is None else str(value)


def _agent(spec: EvalSpec, args: dict[str, Any]) -> str:
    # the task records the agent's registered name; the default agent is "default"
    name = (spec.metadata or {}).get("agent") or args.get("agent") or "default"
    agent_args = args.get("agent_args")
    return f"{name} {_text(agent_args)}" if agent_args else str(name)


def _compaction(spec: EvalSpec, args: dict[str, Any], defaults: dict[str, Any]) -> str:
    metadata = spec.metadata or {}
    # logs from before the setting existed ran without compaction
    strategy = str(metadata.get("compaction", args.get("compaction", "none")))
    threshold = metadata.get("compaction_threshold", args.get("compaction_threshold"))
    if strategy == "none" or threshold is None or threshold == defaults["compaction_threshold"]:
        return strategy
    return f"{strategy}@{threshold:g}" if isinstance(threshold, float | int) else strategy


def _feedback(args: dict[str, Any]) -> str:
    if not args.get("feedback"):
        return "off"
    attempts = args.get("attempts", 1)
    return f"on ({attempts} attempt{'s' if attempts != 1 else ''})"


def run_config(spec: EvalSpec) -> Config:
    """The configuration of the run a log header describes."""
    defaults = _task_defaults()
    args = {**defaults, **(spec.task_args or {})}
    roles = spec.model_roles or {}
    user = roles.get("user")
    # a role may name a model and its fallbacks
    users = user if isinstance(user, list) else [user] if user is not None else []
    generate = spec.model_generate_config.model_dump(exclude_none=True)
    other = {name: _text(value) for name, value in sorted(args.items()) if name not in _NAMED_ARGS}
    other |= {f"generate.{name}": _text(value) for name, value in sorted(generate.items())}
    return Config(
        model=spec.model,
        agent=_agent(spec, args),
        compaction=_compaction(spec, args, defaults),
        memory_tool=bool(args.get("memory_tool")),
        knowledge_base=bool(args.get("knowledge_base")),
        mode=str(args.get("mode", "free")),
        user_model=",".join(u.model for u in users) or "none",
        feedback=_feedback(args),
        suite=f"{spec.task}@{spec.task_version}",
        other=tuple(other.items()),
    )


def varying(configs: Iterable[Config]) -> list[str]:
    """The settings, by name, whose values differ among the configurations (model aside)."""
    seen = [c.settings() for c in dict.fromkeys(configs)]
    names = list(dict.fromkeys(name for s in seen for name in s))
    return [
        name for name in names if name != "model" and len({s.get(name, "none") for s in seen}) > 1
    ]


def labels(configs: Sequence[Config]) -> dict[Config, str]:
    """A column name per configuration: the model, then each setting that differs."""
    differing = varying(configs)
    named = {}
    for config in dict.fromkeys(configs):
        settings = config.settings()
        named[config] = " · ".join(
            [config.model, *(f"{name}={settings.get(name, 'none')}" for name in differing)]
        )
    return named
