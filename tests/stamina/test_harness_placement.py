"""The check run's harness in the real Docker sandbox: placed by a sandbox's first check
run, kept (root's, read-only to the agent) for the next ones, and placed again when the
sandbox lost it or holds another version's."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import sandbox, store

from inspect_stamina.sandbox.images import IMAGES_DIR, ImageSpec
from inspect_stamina.sandbox.users import as_root
from inspect_stamina.stamina.check_layout import HARNESS_DIR, HARNESS_MISSING, harness_digest
from inspect_stamina.stamina.checks import run_checks
from inspect_stamina.stamina.references import run_as_agent
from inspect_stamina.stamina.script import Checkpoint
from inspect_stamina.stamina.task import stamina_sandbox

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

CHECK = Checkpoint(at_turn=1, action="docker_exec", command="echo ran", expected="ran")
NAMES_THE_MARKER = Checkpoint(
    at_turn=1, action="docker_exec", command=f"echo {HARNESS_MISSING}", expected=HARNESS_MISSING
)


@solver
def _runs_with_the_harness_lost_then_replaced() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        async def check() -> bool:
            [result] = await run_checks([CHECK], Path("."))
            return result.passed

        async def as_root_run(command: str) -> str:
            done = await sandbox().exec(["bash", "-c", command], user=await as_root())
            return done.stdout.strip()

        outcomes: dict[str, object] = {"first": await check(), "second": await check()}
        outcomes["digest"] = await as_root_run(f"cat {HARNESS_DIR}/.digest")
        tamper = await run_as_agent(
            f"echo x > {HARNESS_DIR}/driver.py || touch {HARNESS_DIR}/mine || "
            f"rm -rf {HARNESS_DIR} || echo refused"
        )
        outcomes["agent"] = tamper.stdout.strip().splitlines()[-1:]
        await as_root_run(f"rm -rf {HARNESS_DIR}")  # a sandbox that lost it
        outcomes["lost"] = await check()
        await as_root_run(f"echo another > {HARNESS_DIR}/.digest")  # another version's
        outcomes["other version"] = await check()
        outcomes["digest after"] = await as_root_run(f"cat {HARNESS_DIR}/.digest")
        # output of the agent's code that names the marker is no reason to run again
        [named] = await run_checks([NAMES_THE_MARKER], Path("."))
        outcomes["named"] = named.passed
        store().set("outcomes", outcomes)
        return state

    return solve


def test_the_harness_is_placed_once_and_again_when_lost_or_another_versions(
    log_dir: Path,
) -> None:
    image = ImageSpec("stamina", IMAGES_DIR / "stamina").tag
    task = Task(
        dataset=[Sample(input="placement")],
        solver=_runs_with_the_harness_lost_then_replaced(),
        sandbox=stamina_sandbox(image),
    )
    [log] = eval(task, model="mockllm/model", log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    assert log.samples
    outcomes = log.samples[0].store["outcomes"]
    assert outcomes["first"] and outcomes["second"] and outcomes["lost"]
    assert outcomes["other version"] and outcomes["named"]
    assert outcomes["digest"] == outcomes["digest after"] == harness_digest()
    assert outcomes["agent"] == ["refused"]  # the agent can neither change nor remove it
    runs = [
        event
        for event in log.samples[0].events
        if event.event == "sandbox" and HARNESS_MISSING in (event.cmd or "")
    ]
    # sent with the first run, not with the second; the third and fourth found it
    # missing or another version's and were sent again; the fifth ran once
    assert len(runs) == 7, [event.output for event in runs]
    asked = [event for event in runs if (event.output or "").startswith(HARNESS_MISSING)]
    assert len(asked) == 2
