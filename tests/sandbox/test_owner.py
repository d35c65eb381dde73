"""Owner labels: who started a sandbox, and whether that process still runs (no Docker)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from inspect_stamina.sandbox.docker_spec import compose_file_sandbox
from inspect_stamina.sandbox.orphans import dead_owner
from inspect_stamina.sandbox.owner import (
    HOST_LABEL,
    PID_LABEL,
    STARTED_LABEL,
    Owner,
    OwnerState,
    current_owner,
)

PRINT_LABELS = (
    "import json; from inspect_stamina.sandbox.owner import current_owner; "
    "print(json.dumps(current_owner().labels()), flush=True)"
)


def labels_of_a_gone_process() -> dict[str, str]:
    """The owner labels a real process wrote for itself before it exited."""
    result = subprocess.run(
        [sys.executable, "-c", PRINT_LABELS], capture_output=True, text=True, check=True
    )
    labels = json.loads(result.stdout)
    assert isinstance(labels, dict)
    return labels


def owner(labels: dict[str, str]) -> Owner:
    found = Owner.from_labels(labels)
    assert found is not None
    return found


def test_this_process_is_a_live_owner() -> None:
    me = current_owner()
    assert me.pid == os.getpid()
    assert owner(me.labels()) == me
    assert me.state() is OwnerState.ALIVE


def test_a_process_that_exited_is_a_dead_owner() -> None:
    gone = owner(labels_of_a_gone_process())
    assert gone.pid != os.getpid()
    assert gone.state() is OwnerState.DEAD


def test_a_killed_process_is_dead_before_its_parent_reaps_it() -> None:
    # what `kill -9` of an eval leaves until its parent waits for it: a zombie
    child = subprocess.Popen(
        [sys.executable, "-c", PRINT_LABELS + "; import time; time.sleep(60)"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        killed = owner(json.loads(child.stdout.readline()))
        assert killed.state() is OwnerState.ALIVE
        child.kill()
        # the kernel delivers SIGKILL asynchronously: poll until the process is a zombie
        for _ in range(100):
            if killed.state() is OwnerState.DEAD:
                break
            time.sleep(0.05)
        assert killed.state() is OwnerState.DEAD
    finally:
        child.kill()
        child.wait()


def test_a_reused_pid_is_not_the_owner() -> None:
    # a live process (this one) now holds the pid, but it started at another moment
    gone = labels_of_a_gone_process()
    reused = owner({**gone, PID_LABEL: str(os.getpid())})
    assert reused.state() is OwnerState.DEAD


@pytest.mark.parametrize("live", [True, False], ids=["live pid", "dead pid"])
def test_an_owner_on_another_host_is_never_judged_here(live: bool) -> None:
    labels = current_owner().labels() if live else labels_of_a_gone_process()
    elsewhere = owner({**labels, HOST_LABEL: "another-machine"})
    assert elsewhere.state() is OwnerState.ELSEWHERE


@pytest.mark.parametrize(
    "change",
    [
        {HOST_LABEL: ""},
        {PID_LABEL: "12a"},
        {PID_LABEL: "0"},
        {STARTED_LABEL: "yesterday"},
        {STARTED_LABEL: ""},
    ],
    ids=["no host", "pid not a number", "pid 0", "start not ours", "no start"],
)
def test_labels_this_code_did_not_write_name_no_owner(change: dict[str, str]) -> None:
    assert Owner.from_labels({**current_owner().labels(), **change}) is None
    assert Owner.from_labels({}) is None and Owner.from_labels(None) is None


def test_a_project_is_an_orphan_only_when_every_container_has_one_dead_owner_here() -> None:
    gone = labels_of_a_gone_process()
    other_gone = labels_of_a_gone_process()
    alive = current_owner().labels()
    elsewhere = {**gone, HOST_LABEL: "another-machine"}
    assert dead_owner([gone]) == owner(gone)
    assert dead_owner([gone, gone]) == owner(gone)
    assert dead_owner([alive]) is None
    assert dead_owner([elsewhere]) is None
    # a container without our labels, or of a second owner, keeps the whole project
    assert dead_owner([gone, {"com.docker.compose.project": "x"}]) is None
    assert dead_owner([gone, None]) is None
    assert dead_owner([gone, other_gone]) is None
    assert dead_owner([]) is None


def _write_compose(directory: Path, name: str, labels: dict[str, str] | None) -> Path:
    service: dict[str, object] = {"image": "img:1"}
    if labels is not None:
        service["labels"] = labels
    path = directory / name
    path.write_text(yaml.safe_dump({"services": {"default": service}}), encoding="utf-8")
    return path


def test_generated_compose_files_carry_their_owner_and_dead_owners_files_go(
    tmp_path: Path,
) -> None:
    dead = _write_compose(tmp_path, "stamina-00000000000000aa.yaml", labels_of_a_gone_process())
    live = _write_compose(tmp_path, "stamina-00000000000000bb.yaml", current_owner().labels())
    elsewhere = _write_compose(
        tmp_path,
        "stamina-00000000000000cc.yaml",
        {**labels_of_a_gone_process(), HOST_LABEL: "another-machine"},
    )
    unlabelled = _write_compose(tmp_path, "stamina-00000000000000dd.yaml", None)
    gaia_dead = _write_compose(tmp_path, "gaia-00000000000000ee.yaml", labels_of_a_gone_process())

    spec = compose_file_sandbox("stamina", tmp_path, image="img:2")

    assert isinstance(spec.config, str)
    service = yaml.safe_load(Path(spec.config).read_text(encoding="utf-8"))["services"]["default"]
    assert service["labels"] == current_owner().labels()
    assert service["image"] == "img:2"
    assert not dead.exists()
    # a live owner's file may still be read by its run; the others are not ours to judge,
    # and another template's files go when that template's next file is written
    assert live.exists() and elsewhere.exists() and unlabelled.exists() and gaia_dead.exists()
