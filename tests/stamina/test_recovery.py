"""`kill -9` of `inspect eval`: the finished turns survive, the sandbox goes at the next cleanup."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import docker
import pytest
import yaml
from inspect_ai.log import list_eval_logs

from inspect_stamina.analysis import turns_df
from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.sandbox.owner import HOST_LABEL, PID_LABEL, Owner, current_owner
from tests.helpers import hand_made_project

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

MINI_DIR = Path(__file__).parent / "fixtures" / "mini"
IMAGE = image_specs()["stamina"].tag
# turn 3's setup: long enough that the kill always lands in it, shorter than its timeout
SETUP = "sleep 110"
EVERYTHING = {"container", "network", "volume"}


def slow_mini(root: Path) -> Path:
    """The mini script, whose turn 3 waits in its setup: a kill then lands after two turns."""
    shutil.copytree(MINI_DIR, root)
    path = root / "script.yaml"
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    turn_3 = script["narrative_script"][0]["user_prompts"][2]
    assert turn_3["kind"] == "vague"
    turn_3["setup"] = SETUP
    path.write_text(yaml.safe_dump(script, sort_keys=False), encoding="utf-8")
    return path


def wait_for(condition: Callable[[], Any], seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.5)
    return None


def in_turn_3(client: Any, pid: int) -> Any:
    """The eval's sandbox once turn 3's setup runs in it (turns 1 and 2 are done)."""
    for container in client.containers.list(filters={"label": f"{PID_LABEL}={pid}"}):
        try:
            processes = container.top()["Processes"] or []
        except docker.errors.APIError:  # it stopped between the listing and `top`
            continue
        if any(SETUP in " ".join(p) for p in processes):
            return container
    return None


def run(*command: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=300)


@pytest.mark.serial
def test_kill_9_keeps_the_turns_played_and_cleanup_removes_the_dead_runs_sandbox(
    tmp_path: Path, log_dir: Path
) -> None:
    client = docker.from_env()
    script = slow_mini(tmp_path / "mini")
    # as a user types it (stamina/oracle plays the script's reference solutions)
    command = ["inspect", "eval", "inspect_stamina/stamina", "-T", f"script={script}"]
    output = tmp_path / "eval.out"
    with output.open("w") as sink:
        proc = subprocess.Popen(
            [
                *command,
                "--model",
                "stamina/oracle",
                "--log-dir",
                str(log_dir),
                "--display",
                "plain",
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    sandbox = None
    try:
        reached = wait_for(lambda: proc.poll() is not None or in_turn_3(client, proc.pid), 240)
        assert proc.poll() is None, "the eval ended before turn 3: " + output.read_text()
        assert reached, "the eval never reached turn 3: " + output.read_text()
        sandbox = reached
        proc.kill()
        proc.wait(timeout=30)
        # Inspect's own clean-up never ran: the sandbox is still up
        sandbox.reload()
        assert sandbox.status == "running"
        owner = Owner.from_labels(sandbox.labels)
        assert owner is not None and owner.pid == proc.pid

        # the crashed log holds no sample; its recovery holds the turns played
        [crashed] = list_eval_logs(str(log_dir))
        recover = run("inspect", "log", "recover", crashed.name)
        assert recover.returncode == 0, recover.stdout + recover.stderr
        [recovered] = [p for p in log_dir.iterdir() if p.name.endswith("-recovered.eval")]
        turns = turns_df(recovered)
        assert turns["turn"].tolist() == [1, 2]
        assert turns["status"].tolist() == ["ok", "ok"]
        assert turns["checkpoints_passed"].tolist() == [1, 1]
        assert turns["checkpoints_failed"].tolist() == [0, 0]
        assert not turns["scored"].any()
        report = run("inspect-stamina", "report", log_dir, "-o", tmp_path / "report")
        assert report.returncode == 0, report.stderr
        assert "| stamina/oracle | mini | 1 | 2/6 | 2/2 | – | ok |" in report.stdout
        assert f"its recovered log is {recovered}" in report.stdout

        # beside it: a second project of the dead run (with a network and a volume), one
        # of a live run (this test), one of another host and one without our labels
        dead = owner.labels()
        with (
            hand_made_project("orphan", dead, IMAGE) as orphan,
            hand_made_project("live", current_owner().labels(), IMAGE) as live,
            hand_made_project("elsewhere", {**dead, HOST_LABEL: "another-machine"}, IMAGE) as other,
            hand_made_project("unlabelled", {}, IMAGE) as unlabelled,
        ):
            project = sandbox.labels["com.docker.compose.project"]
            listed = run("inspect-stamina", "cleanup", "--dry-run")
            assert listed.returncode == 0, listed.stderr
            assert f"would remove {project} (owner pid {proc.pid} on " in listed.stdout
            assert f"would remove {orphan.name} " in listed.stdout
            assert orphan.remaining() == EVERYTHING

            removed = run("inspect-stamina", "cleanup")
            assert removed.returncode == 0, removed.stderr
            assert f"removed {project} " in removed.stdout
            assert f"removed {orphan.name} " in removed.stdout
            assert not client.containers.list(
                all=True, filters={"label": f"com.docker.compose.project={project}"}
            )
            assert orphan.remaining() == set()
            for kept in (live, other, unlabelled):
                assert kept.name not in removed.stdout
                assert kept.remaining() == EVERYTHING
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if sandbox is not None:
            with suppress(docker.errors.NotFound):  # still there only if the test failed
                sandbox.remove(force=True)
        client.close()
