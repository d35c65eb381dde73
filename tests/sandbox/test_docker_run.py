"""The stamina-docker sandbox: the container compose would make, and Inspect's sandbox contract."""

from __future__ import annotations

import json
import subprocess
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from inspect_ai.util import OutputLimitExceededError, SandboxUnavailableError

from inspect_stamina.sandbox.docker_run import DockerRunSandbox, load_service, run_args
from inspect_stamina.sandbox.docker_spec import compose_file_sandbox
from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.sandbox.limits import SandboxLimits

STAMINA_IMAGE = image_specs()["stamina"].tag


def stamina_compose(out_dir: Path) -> Path:
    """The stamina task's compose file, as the task writes it."""
    spec = compose_file_sandbox(
        "stamina", out_dir, image=STAMINA_IMAGE, **SandboxLimits().compose_fields("stamina")
    )
    assert spec.type == "stamina-docker"
    return Path(str(spec.config))


def test_every_field_of_our_compose_files_becomes_a_docker_run_flag(tmp_path: Path) -> None:
    service = load_service(stamina_compose(tmp_path), {})
    args = run_args(service, "box")
    assert args[:4] == ["--name", "box", "--label", "com.docker.compose.project=box"]
    image_at = args.index(STAMINA_IMAGE)
    assert args[image_at + 1 :] == [str(part) for part in service["command"]]
    flags = args[:image_at]
    for expected in (
        ["--read-only"],
        ["--init"],
        ["--network", "none"],
        ["--memory", "4g"],
        ["--pids-limit", "1024"],
        ["--cap-drop", "ALL"],
        ["--security-opt", "no-new-privileges:true"],
        ["--ulimit", "nproc=256"],
        ["--tmpfs", "/workspace:size=2g,mode=0755,exec"],
    ):
        assert any(flags[i : i + len(expected)] == expected for i in range(len(flags))), expected


def test_a_field_it_cannot_translate_is_refused_not_dropped(tmp_path: Path) -> None:
    compose = tmp_path / "compose.yaml"
    compose.write_text("services:\n  default:\n    image: x\n    privileged: true\n")
    with pytest.raises(ValueError, match="cannot start the compose field 'privileged'"):
        run_args(load_service(compose, {}), "box")
    compose.write_text("services:\n  default:\n    image: x\n  other:\n    image: y\n")
    with pytest.raises(ValueError, match="exactly one service"):
        load_service(compose, {})


def test_sample_metadata_fills_the_compose_variables(tmp_path: Path) -> None:
    compose = tmp_path / "compose.yaml"
    compose.write_text(
        "services:\n  default:\n    image: x\n    volumes:\n"
        "      - ${SAMPLE_METADATA_SHARED_DIR:-/empty}:/shared:ro\n"
        "    environment:\n      PRICE: $$5\n"
    )
    assert load_service(compose, {"shared_dir": "/data/q1"})["volumes"] == ["/data/q1:/shared:ro"]
    assert load_service(compose, {})["volumes"] == ["/empty:/shared:ro"]
    assert load_service(compose, {})["environment"] == {"PRICE": "$5"}


# -- in Docker ---------------------------------------------------------------------------


@pytest.fixture
async def box(tmp_path: Path, docker_engine: None) -> AsyncIterator[DockerRunSandbox]:
    """A stamina sandbox started as a task's sample would start it."""
    config = str(stamina_compose(tmp_path))
    environments = await DockerRunSandbox.sample_init("test", config, {})
    sandbox = environments["default"].as_type(DockerRunSandbox)
    try:
        yield sandbox
    finally:
        await DockerRunSandbox.sample_cleanup("test", config, environments, interrupted=False)
        gone = subprocess.run(["docker", "inspect", sandbox.container], capture_output=True)
        assert gone.returncode != 0, "the sample's container outlived its cleanup"


def host_config(container: str) -> dict[str, Any]:
    """The settings of a container that bound what runs in it."""
    [info] = json.loads(
        subprocess.run(
            ["docker", "inspect", container], capture_output=True, text=True, check=True
        ).stdout
    )
    host = info["HostConfig"]
    keys = (
        "Memory",
        "NanoCpus",
        "PidsLimit",
        "CapAdd",
        "CapDrop",
        "SecurityOpt",
        "ReadonlyRootfs",
        "Tmpfs",
        "Ulimits",
        "Init",
        "NetworkMode",
    )
    config = info["Config"]
    return {
        **{key: host[key] for key in keys},
        "User": config["User"],
        "WorkingDir": config["WorkingDir"],
        "Cmd": config["Cmd"],
        "Env": sorted(e for e in config["Env"] if e.startswith("HOME=")),
    }


@pytest.mark.docker
async def test_the_container_is_bounded_exactly_as_compose_would_bound_it(
    box: DockerRunSandbox, tmp_path: Path
) -> None:
    compose = stamina_compose(tmp_path)
    project = f"stamina-test-compose-{uuid.uuid4().hex[:8]}"
    up = ["docker", "compose", "-p", project, "-f", str(compose)]
    subprocess.run([*up, "up", "--detach"], capture_output=True, check=True)
    try:
        ps = subprocess.run([*up, "ps", "-q"], capture_output=True, text=True, check=True)
        assert host_config(box.container) == host_config(ps.stdout.strip())
    finally:
        subprocess.run([*up, "down", "--timeout", "0"], capture_output=True)


@pytest.mark.docker
async def test_exec_runs_as_asked_and_files_round_trip(box: DockerRunSandbox) -> None:
    agent = "65534"  # nobody
    result = await box.exec(
        ["sh", "-c", 'id -u; pwd; echo "$GREETING"; cat'],
        input="from stdin",
        cwd="/tmp",
        env={"GREETING": "hello"},
        user=f"{agent}:{agent}",
    )
    assert result.success, result.stderr
    assert result.stdout.split("\n") == [agent, "/tmp", "hello", "from stdin"]

    payload = bytes(range(256)) * 4
    await box.write_file("deep/dir/blob.bin", payload)
    assert await box.read_file("deep/dir/blob.bin", text=False) == payload
    await box.write_file("/tmp/note.txt", "é\n")
    assert await box.read_file("/tmp/note.txt") == "é\n"


@pytest.mark.docker
async def test_errors_are_the_ones_inspect_promises(box: DockerRunSandbox) -> None:
    with pytest.raises(FileNotFoundError):
        await box.read_file("missing.txt")
    with pytest.raises(IsADirectoryError):
        await box.read_file("/workspace")
    # what an agent may plant where the harness reads: never followed, never waited on
    await box.exec(["sh", "-c", "ln -s /etc/shadow link && mkfifo pipe"])
    for planted in ("link", "pipe"):
        with pytest.raises(OSError, match="Not a regular file"):
            await box.read_file(planted)
    with pytest.raises(TimeoutError):
        await box.exec(["sleep", "30"], timeout=1)
    # the root file system is read-only: a write outside the mounts fails clearly
    with pytest.raises(RuntimeError, match="Read-only file system"):
        await box.write_file("/usr/evil", "x")
    limit = 1024
    from inspect_ai.util._sandbox.limits import _max_read_file_size_var

    token = _max_read_file_size_var.set(limit)
    try:
        await box.write_file("big.txt", "x" * (limit + 1))
        with pytest.raises(OutputLimitExceededError):
            await box.read_file("big.txt")
    finally:
        _max_read_file_size_var.reset(token)


@pytest.mark.docker
async def test_a_dead_container_is_unavailable_but_an_agent_cannot_fake_one(
    box: DockerRunSandbox,
) -> None:
    # docker's own words, printed by a command: an ordinary result, the sandbox still up
    fake = await box.exec(
        ["sh", "-c", "echo 'Error response from daemon: No such container: x' >&2; exit 1"]
    )
    assert fake.returncode == 1
    subprocess.run(["docker", "kill", box.container], capture_output=True, check=True)
    with pytest.raises(SandboxUnavailableError):
        await box.exec(["true"])
