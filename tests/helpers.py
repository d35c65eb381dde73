"""Helpers shared by the tests that drive the `inspect eval` command line."""

from __future__ import annotations

import io
import os
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest.mock import patch

from inspect_ai.log import list_eval_logs, read_eval_log

from inspect_stamina.sandbox.owner import PID_LABEL


def inspect_eval_cli(
    task: str, log_dir: Path, *args: str, **env: str
) -> subprocess.CompletedProcess[str]:
    """`inspect eval <task> ARGS --log-dir LOG_DIR`, as a user would type it."""
    command = ["inspect", "eval", task, *args, "--log-dir", str(log_dir)]
    return subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env})


def validate_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`inspect-stamina validate ARGS`, as a user would type it (in `cwd`, where
    `--fairness` writes its report by default)."""
    command = ["inspect-stamina", "validate", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd)


def validated_run(script: str, cwd: Path) -> tuple[str, int, int]:
    """`inspect-stamina validate SCRIPT --run`, asserting it passed as the script's own
    checkpoints say it must (the oracle passes all, the noop fails every behavioural one,
    each behavioural one fails before its turn): its line, and the acceptance tests the
    oracle passed of their total."""
    from inspect_stamina.stamina.task import resolve_script

    result = validate_cli(script, "--run", cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    [line] = [x for x in result.stdout.splitlines() if x.startswith(f"{script}: valid")]
    every = resolve_script(script).checkpoints()
    behavioural, checkpoints = sum(c.behavioural for c in every), len(every)
    assert f"{behavioural} behavioural checkpoints, {behavioural} failing before their turn" in line
    assert f"oracle passed {checkpoints}/{checkpoints} checkpoints" in line
    assert f"noop failed {behavioural}/{behavioural} behavioural checkpoints" in line
    passed, total = line.split(" acceptance tests")[0].rsplit(" ", 1)[1].split("/")
    return line, int(passed), int(total)


def oracle_scores_cli(script: Path, log_dir: Path, *args: str) -> dict[str, Any]:
    """`inspect eval inspect_stamina/stamina --model stamina/oracle -T script=SCRIPT ARGS`
    as a user types it: the one sample's stamina scores (asserting the eval succeeded)."""
    result = inspect_eval_cli(
        "inspect_stamina/stamina",
        log_dir,
        *("-T", f"script={script}", "--model", "stamina/oracle", "--display", "none", *args),
    )
    assert result.returncode == 0, result.stderr[-2000:]
    log = read_eval_log(list_eval_logs(str(log_dir))[0].name)
    assert log.samples and log.samples[0].scores
    values = log.samples[0].scores["stamina_scorer"].value
    assert isinstance(values, dict)
    return values


def stamina_cli(*args: str | Path | int, **env: str) -> subprocess.CompletedProcess[str]:
    """`inspect-stamina ARGS` through the console script's own entry point, in this
    process: what a user's command runs, without an interpreter's start-up per call (about
    a second each; the console script itself is run in tests/test_cli.py)."""
    from inspect_stamina.cli import main

    out, err = io.StringIO(), io.StringIO()
    with patch.dict(os.environ, env), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exited:  # argparse's usage errors and --help
            code = exited.code if isinstance(exited.code, int) else int(bool(exited.code))
    command = ["inspect-stamina", *map(str, args)]
    return subprocess.CompletedProcess(command, code, out.getvalue(), err.getvalue())


def report_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """`inspect-stamina report` as a user runs it."""
    return stamina_cli("report", *args)


def assert_clear_failure(
    result: subprocess.CompletedProcess[str], message: str, log_dir: Path
) -> None:
    """The command failed with the message, no traceback, and wrote no log (nothing half-run)."""
    output = " ".join((result.stdout + result.stderr).split())
    assert result.returncode != 0
    # compared without white space: the terminal may wrap a long path inside a word
    assert "".join(message.split()) in "".join(output.split()), output
    assert "Traceback" not in output
    assert list_eval_logs(str(log_dir)) == []


# what the compose files give each user, for containers started without them
STAMINA_OWNERS = (
    "agent:/workspace:0755",
    "agent:/home/agent:0755",
    "checker:/home/checker:0700",
    "runner:/home/runner:0755",
)


def run_in_image(tag: str, script: str) -> subprocess.CompletedProcess[str]:
    """`bash -c SCRIPT` as root in a throwaway container of the image, with no network,
    once its users have drawn their ids (as the compose files start it)."""
    owners = STAMINA_OWNERS if "gaia" not in tag else STAMINA_OWNERS[:2]
    start = ["/usr/local/sbin/stamina-users", "start", *owners, "--"]
    return subprocess.run(
        ["docker", "run", "--rm", "--network", "none", tag, *start, "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
    )


def sandbox_containers(owner_pid: int) -> set[str]:
    """Ids of the sandbox containers (compose-labelled) the process ``owner_pid`` started, running or not.

    By owner, so that tests running side by side (pytest-xdist) never see each other's.
    """
    owner = f"label={PID_LABEL}={owner_pid}"
    result = subprocess.run(
        ["docker", "ps", "-aq", "--filter", "label=com.docker.compose.project", "--filter", owner],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(result.stdout.split())


def docker_state_bytes() -> int:
    """Disk used by the engine's per-container state and volumes (logs, configs, volume data)."""
    used = 0
    for top in (Path("/var/lib/docker/containers"), Path("/var/lib/docker/volumes")):
        for folder, _, files in os.walk(top):
            for name in files:
                with suppress(OSError):
                    used += os.lstat(os.path.join(folder, name)).st_blocks * 512
    return used


@contextmanager
def leaves_no_trace(max_disk_drop: int) -> Iterator[None]:
    """The block leaves no sandbox container behind and Docker's state on disk grows at most this.

    Docker's own state, not the disk's free space, which tests running side by side
    (pytest-xdist) also use; the sandboxes' root file systems are read-only (the tests
    check that they refuse writes), so a container reaches the host's disk only there.
    """
    before = sandbox_containers(os.getpid())
    used = docker_state_bytes()
    yield
    growth = docker_state_bytes() - used
    assert sandbox_containers(os.getpid()) <= before, "a sandbox container was left behind"
    assert growth <= max_disk_drop, f"Docker's state on the host's disk grew by {growth} bytes"


@dataclass(frozen=True)
class HandMadeProject:
    """A compose project made without compose: one container, one network, one volume."""

    name: str
    container: str
    network: str
    volume: str

    def remaining(self) -> set[str]:
        """Which of its container, network and volume still exist."""
        import docker
        from docker.errors import NotFound

        client = docker.from_env()
        found = set()
        for kind, get, name in [
            ("container", client.containers.get, self.container),
            ("network", client.networks.get, self.network),
            ("volume", client.volumes.get, self.volume),
        ]:
            with suppress(NotFound):
                get(name)
                found.add(kind)
        client.close()
        return found


@contextmanager
def hand_made_project(kind: str, labels: dict[str, str], image: str) -> Iterator[HandMadeProject]:
    """A project whose container (created, not started) carries ``labels``; removed after."""
    import docker
    from docker.errors import NotFound

    client = docker.from_env()
    name = f"stamina-test-{kind}-{uuid.uuid4().hex[:8]}"
    project = {"com.docker.compose.project": name}
    network = client.networks.create(f"{name}_default", labels=project)
    volume = client.volumes.create(f"{name}_data", labels=project)
    container = client.containers.create(
        image,
        ["sleep", "600"],
        name=f"{name}-default-1",
        labels={**project, **labels},
        network=network.name,
        volumes={volume.name: {"bind": "/data", "mode": "rw"}},
    )
    try:
        yield HandMadeProject(name, container.name, network.name, volume.name)
    finally:
        for remove in (
            lambda: client.containers.get(container.id).remove(force=True),
            lambda: client.networks.get(network.id).remove(),
            lambda: client.volumes.get(volume.name).remove(force=True),
        ):
            with suppress(NotFound):
                remove()
        client.close()


def assert_flagship_host_instruments(instruments: dict[str, dict[str, Any]]) -> None:
    """The figures todo_app v2 must show in the fairness instruments that run on the host."""
    interfaces = instruments["stated interfaces"]["figures"]
    assert interfaces["unstated"] == 0 and interfaces["checked"] > 500
    # at most 3 of its 18 robustness turns fall to any canned reply
    repliers = instruments["canned repliers"]["figures"]
    assert repliers["robustness_turns"] == 18 and max(repliers["scores"].values()) <= 0.2
    questions = instruments["questions graded"]["figures"]
    assert questions["graded_by_facts"] == questions["questions"]
    assert questions["probes_of_the_conversation"] >= 3
    rules = instruments["rules stated"]["figures"]
    assert rules["stated"] == rules["rules"]
