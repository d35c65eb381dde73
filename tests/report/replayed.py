"""StaminaBench and GAIA logs without Docker: the real tasks, scorers and logs, replayed.

The task is built as a user's `inspect eval` would build it (so its arguments, metadata
and model roles land in the log header as they do), then its samples lose their
sandbox and its solver is replaced by one that records each of the script's turns as
the session would: every checkpoint passed up to ``fail_at`` and failed from there on,
one agent generation per turn (and one of the user model when a `user` role is bound),
so the log has real model usage. The real scorer scores the record.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from unittest import mock

from inspect_ai import Task, task_with
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import MemoryDataset
from inspect_ai.model import ModelOutput, get_model, model_roles
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import store_as

from inspect_stamina.gaia.task import gaia
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.record import CheckResult, FinalEvaluation, SessionRecord, TurnRecord
from inspect_stamina.stamina.task import stamina


@solver
def replay(fail_at: int | None = None, context: bool = True) -> Solver:
    """Every turn of the sample's script recorded; checkpoints fail from ``fail_at`` on;
    without ``context``, as logs from before context tokens were recorded."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        loaded = load_script(Path(state.metadata["script_path"]))
        session = store_as(SessionRecord)
        agent = get_model()
        for turn in loaded.turns():
            number = turn.number
            output = await agent.generate(f"turn {number}: {turn.prompt.text[:200]}")
            if "user" in model_roles():
                await get_model(role="user").generate(f"write turn {number}")
            failing = fail_at is not None and number >= fail_at
            checks = [
                CheckResult(name=c.name or f"check {number}", passed=not failing)
                for c in turn.checkpoints
            ]
            session.add(
                TurnRecord(
                    turn=number,
                    phase=turn.phase,
                    kind=turn.prompt.kind,
                    layer="scripted",
                    message=turn.prompt.text,
                    reply=output.completion,
                    checkpoints=checks,
                    effective=not failing,
                    tokens=output.usage.total_tokens if output.usage else 0,
                    context_tokens=output.usage.input_tokens if output.usage and context else None,
                    generations=1,
                    seconds={"total": 2.0, "agent": 1.5},
                )
            )
        session.final = FinalEvaluation(pylint=10.0, bandit_issues=0)
        return state

    return solve


def replayed_log(
    log_dir: Path,
    script: str,
    *,
    fail_at: int | None = None,
    model: str = "mockllm/model",
    roles: dict[str, str] | None = None,
    context: bool = True,
    **task_args: Any,
) -> Path:
    """One replayed session of ``script`` under the given task arguments; its log file."""
    # the k8s spec is only written, never started: docker would need an engine
    with mock.patch.dict(os.environ, {"INSPECT_STAMINA_CACHE": str(log_dir / "cache")}):
        built = stamina(script=script, sandbox="k8s", **task_args)
    return replayed_task_log(
        log_dir, built, fail_at=fail_at, model=model, roles=roles, context=context
    )


def replayed_task_log(
    log_dir: Path,
    built: Task,
    *,
    fail_at: int | None = None,
    model: str = "mockllm/model",
    roles: dict[str, str] | None = None,
    context: bool = True,
) -> Path:
    """A built StaminaBench task (its samples' sandboxes dropped) replayed; its log file."""
    samples = [sample.model_copy(update={"sandbox": None}) for sample in built.dataset]
    task: Task = task_with(
        built, dataset=MemoryDataset(samples), solver=replay(fail_at, context), sandbox=None
    )
    [log] = inspect_eval(
        task,
        model=model,
        model_roles=roles,
        log_dir=str(log_dir),
        display="none",
    )
    assert log.status == "success", log.error
    return Path(log.location)


@solver
def answers(wrong: frozenset[str]) -> Solver:
    """GAIA's answer for each question, but a wrong one for the sample ids in ``wrong``."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        answer = "no idea" if str(state.sample_id) in wrong else state.target.text
        state.output = ModelOutput.from_content("mockllm/model", f"FINAL ANSWER: {answer}")
        return state

    return solve


def replayed_gaia_log(log_dir: Path, wrong: frozenset[str] = frozenset()) -> Path:
    """GAIA's bundled example questions answered without an agent; the log file."""
    with mock.patch.dict(os.environ, {"INSPECT_STAMINA_CACHE": str(log_dir / "cache")}):
        built = gaia(dataset_hub="example", sandbox="k8s")
    samples = [sample.model_copy(update={"sandbox": None}) for sample in built.dataset]
    task = task_with(built, dataset=MemoryDataset(samples), solver=answers(wrong), sandbox=None)
    [log] = inspect_eval(task, model="mockllm/model", log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    return Path(log.location)
