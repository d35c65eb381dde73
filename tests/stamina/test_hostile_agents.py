"""A hostile agent in the real Docker sandbox: it can hurt only its own work, never the session.

Each case runs the mini script with one hostile command in turn 1 (after the agent has
written the calc package); turn 2 then checks that the agent's tools work again. Every
case must end with a scored sample holding one record per turn, its final evaluation
done (or its failure recorded), no container left and the host's disk untouched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai.model import ChatMessageTool, get_model

from tests.helpers import leaves_no_trace
from tests.stamina.test_session_core import CREATE_CALC, IDLE, OPS
from tests.stamina.test_stamina_docker import bash, run, say, score_of

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

WORKSPACE_BOUND = 64 * 1024**2
SURVIVORS = "echo alive; echo survivors=$(pgrep -u agent -c -x sleep)"

HOSTILE = {
    # each process it forks forks two more, until the agent's process limit stops it
    "fork_bomb": "bomb() { bomb | bomb & }; bomb; sleep 2; echo launched",
    # a loop that ignores every catchable signal and keeps starting more sleepers
    "ignores_signals": (
        "(trap '' TERM INT HUP QUIT; while :; do sleep 1000 & sleep 0.2; done) "
        ">/dev/null 2>&1 & disown; sleep 1; echo started"
    ),
    "stdin_closed": "exec 0<&-; cat; read -r line; echo read=$?",
    "unreadable_files": "chmod -R 000 calc; chmod 000 /workspace /home/agent; echo locked",
    "workspace_deleted": "cd / && rm -rf /workspace/* /workspace/.[!.]* /workspace; ls -A /workspace",
    # every place the agent can write, filled to its bound
    "full_disk": (
        "for d in /workspace /tmp /var/tmp /home/agent /dev/shm; do "
        "dd if=/dev/zero of=$d/fill bs=1M count=600 2>&1 | grep -o 'No space left on device'; "
        "done"
    ),
    "kill_everything": "kill -9 -1; echo unreachable",
}


def hostile_session(log_dir: Path, turn1: str, **task_args: Any) -> tuple[Any, dict[str, Any]]:
    """The mini script with turn 1's hostile command and turn 2's survivor count."""
    outputs = [bash(f"{CREATE_CALC} && {turn1}"), say("Done."), bash(SURVIVORS), say("Done.")]
    model = get_model("mockllm/model", custom_outputs=[*outputs, *IDLE])
    with leaves_no_trace(max_disk_drop=WORKSPACE_BOUND):
        log = run(model, log_dir, workspace_size="64m", command_timeout=10, **task_args)
    value, meta = score_of(log)
    assert [t["turn"] for t in meta["turns"]] == list(range(1, 7))
    assert meta["final"] is not None
    return log, meta


def tool_outputs(log: Any) -> list[str]:
    return [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_command_hurts_only_the_agents_own_work(log_dir: Path, name: str) -> None:
    log, meta = hostile_session(log_dir, HOSTILE[name])
    turn1, turn2 = meta["turns"][0], meta["turns"][1]
    [check] = turn1["checkpoints"]
    # the harness got its turn: the checkpoint ran and recorded a result, never an error
    assert check["passed"] is (name not in ("unreadable_files", "workspace_deleted")), check
    final = meta["final"]
    outputs = tool_outputs(log)
    if name in ("unreadable_files", "workspace_deleted"):
        # the agent broke its own work: every check fails, and says so
        assert final["acceptance"]["passed_tests"] == 0, final
        return
    assert not final["errors"], final["errors"]
    assert final["acceptance"]["total_tests"] == 3
    # the checkpoint stopped every process the agent left: turn 2's tools work again
    assert turn2["status"] == "ok"
    assert "alive\nsurvivors=0" in outputs[1], outputs[1]
    if name == "full_disk":
        assert outputs[0].count("No space left on device") == 5
    if name == "stdin_closed":
        assert "read=1" in outputs[0]


def test_fork_bomb_in_the_last_turn_loses_nothing(log_dir: Path) -> None:
    # turns 1-5 do the work; the bomb is still running when the final evaluation starts
    bomb = "bomb() { bomb | bomb & }; bomb; sleep 2; echo launched"
    outputs = [bash(CREATE_CALC), say("Done."), bash(OPS), say("Done."), *IDLE[:3]]
    outputs += [bash(bomb), say("Done.")]
    model = get_model("mockllm/model", custom_outputs=outputs)
    with leaves_no_trace(max_disk_drop=WORKSPACE_BOUND):
        log = run(model, log_dir, command_timeout=10, workspace_size="64m")
    value, meta = score_of(log)
    assert [t["turn"] for t in meta["turns"]] == list(range(1, 7))
    final = meta["final"]
    assert final["acceptance"] is not None and final["acceptance"]["total_tests"] == 3
    assert final["python_files"] >= 2 and not final["errors"]
    assert value["stamina"] >= 2.0
