"""Real StaminaBench and GAIA logs for the report and review tests, made once per run.

No hand-written JSON: each log comes from an eval in the Docker sandbox, of the oracle
(two epochs, for pass^k), the noop, a scripted agent that builds turn 1 and then gives
up (a session that fails part-way), a run that errors before any sample is scored, and
GAIA's bundled example answered by its scripted model. The replayed logs need no
Docker: the real task, scorer and log, with each turn's record replayed
(tests/report/replayed.py), for what depends on the logs' configurations and scripts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import Task, task_with
from inspect_ai import eval as inspect_eval
from inspect_ai.model import Model, ModelOutput, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_stamina.gaia.task import gaia
from inspect_stamina.stamina.task import stamina
from tests.report.replayed import replayed_log

MINI = str(Path(__file__).parents[1] / "stamina" / "fixtures" / "mini" / "script.yaml")
TURN_1 = (
    'mkdir -p calc && printf \'UNITS = {"m": 1.0, "km": 1000.0}\\n\\n\\n'
    "def add(a, b):\\n    return a + b\\n' > calc/__init__.py"
)


@solver
def _crashes() -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        raise RuntimeError("the agent's process died")

    return solve


def _scripted_gives_up() -> Model:
    outputs = [
        ModelOutput.for_tool_call("mockllm/model", "bash", {"command": TURN_1}),
        ModelOutput.from_content("mockllm/model", "Created calc with UNITS and add()."),
        *[ModelOutput.from_content("mockllm/model", "I am not sure how to do that.")] * 8,
    ]
    return get_model("mockllm/model", custom_outputs=outputs)


@pytest.fixture(scope="session")
def report_logs(tmp_path_factory: pytest.TempPathFactory, docker_engine: None) -> dict[str, Path]:
    """name -> log file: oracle (2 epochs), noop, gives_up, errored, gaia."""
    root = tmp_path_factory.mktemp("report_logs")
    runs: dict[str, tuple[Task, str | Model, int]] = {
        "oracle": (stamina(script=MINI), "stamina/oracle", 2),
        "noop": (stamina(script=MINI), "stamina/noop", 1),
        "gives_up": (stamina(script=MINI), _scripted_gives_up(), 1),
        # a solver that crashes: the eval errors and no sample is scored
        "errored": (task_with(stamina(script=MINI), solver=_crashes()), "stamina/noop", 1),
        "gaia": (gaia(dataset_hub="example"), "stamina/gaia-example", 1),
    }
    logs = {}
    for name, (task, model, epochs) in runs.items():
        [log] = inspect_eval(
            task, model=model, log_dir=str(root / name), display="none", epochs=epochs
        )
        assert (log.status == "error") == (name == "errored"), (name, log.status, log.error)
        logs[name] = Path(log.location)
    return logs


@pytest.fixture(scope="session")
def replayed_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """name -> log file of a replayed session (no Docker): short (inventory_cli, 28
    turns) and long (todo_app, 100 turns) in one configuration, trim (compaction trim,
    checkpoints failing from turn 10) and user (a user model, feedback on)."""
    root = tmp_path_factory.mktemp("replayed_logs")
    return {
        "short": replayed_log(root / "short", "inventory_cli"),
        "long": replayed_log(root / "long", "todo_app"),
        "trim": replayed_log(root / "trim", "inventory_cli", fail_at=10, compaction="trim"),
        "user": replayed_log(
            root / "user", "inventory_cli", roles={"user": "mockllm/user"}, feedback=True
        ),
    }
