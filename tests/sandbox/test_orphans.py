"""A task built for Docker removes the sandboxes of dead runs, and only those."""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from inspect_ai import Task

from inspect_stamina.gaia.task import gaia
from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.sandbox.owner import HOST_LABEL, current_owner
from inspect_stamina.stamina.task import stamina
from tests.helpers import hand_made_project
from tests.sandbox.test_owner import labels_of_a_gone_process
from tests.stamina.test_stamina_docker import MINI

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

IMAGE = image_specs()["stamina"].tag
EVERYTHING = {"container", "network", "volume"}


@pytest.mark.serial
@pytest.mark.parametrize(
    "build",
    [lambda: stamina(script=MINI), lambda: gaia(dataset_hub="example")],
    ids=["stamina", "gaia"],
)
def test_building_a_task_removes_only_dead_runs_sandboxes(
    build: Callable[[], Task], caplog: pytest.LogCaptureFixture
) -> None:
    gone = labels_of_a_gone_process()
    with (
        hand_made_project("orphan", gone, IMAGE) as orphan,
        hand_made_project("live", current_owner().labels(), IMAGE) as live,
        hand_made_project("elsewhere", {**gone, HOST_LABEL: "another-machine"}, IMAGE) as other,
        hand_made_project("unlabelled", {}, IMAGE) as unlabelled,
    ):
        assert orphan.remaining() == EVERYTHING
        with caplog.at_level(logging.WARNING, logger="inspect_stamina.sandbox.orphans"):
            build()
        assert orphan.remaining() == set()
        assert f"Removed the sandbox of a dead run: {orphan.name}" in caplog.text
        # a live run's, another host's and a container without our labels stay, whole
        assert live.remaining() == other.remaining() == unlabelled.remaining() == EVERYTHING


def test_cleanup_without_a_docker_engine_is_a_clear_error(tmp_path: Path) -> None:
    env = {**os.environ, "DOCKER_HOST": f"unix://{tmp_path}/no-docker.sock"}
    result = subprocess.run(["inspect-stamina", "cleanup"], capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert "Docker is not running or not reachable" in result.stderr
    assert "Traceback" not in result.stderr
