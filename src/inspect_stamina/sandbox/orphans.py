"""Reaping the sandboxes of dead runs: our containers whose owner process is gone.

Inspect removes a run's containers when the run ends, is interrupted (Ctrl-C) or gets
SIGTERM; a ``kill -9`` (or an out-of-memory kill) of the eval process leaves them
running. Each task reaps them when it is built (Docker sandbox only), and
``inspect-stamina cleanup`` does it on demand. A compose project is removed whole
(containers, networks, volumes) only when every container in it carries our owner
labels and that owner is a process of this host that no longer runs: never a live
run's sandbox, another host's, or a container without our labels.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from inspect_stamina.sandbox.owner import PID_LABEL, Owner, OwnerState

logger = logging.getLogger(__name__)

COMPOSE_PROJECT_LABEL = "com.docker.compose.project"


@dataclass(frozen=True)
class Orphan:
    """A compose project whose owner is gone, and what it holds."""

    project: str
    owner: Owner
    containers: list[str]
    networks: list[str] = field(default_factory=list)
    volumes: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        held = [
            f"{kind} {', '.join(names)}"
            for kind, names in (
                ("containers", self.containers),
                ("networks", self.networks),
                ("volumes", self.volumes),
            )
            if names
        ]
        return f"{self.project} (owner {self.owner}, gone): {'; '.join(held)}"


def dead_owner(labels_of_containers: Iterable[dict[str, str] | None]) -> Owner | None:
    """The owner of a project's containers when all name the same owner and it is dead here.

    Any container without our labels, of a live owner, of another host or of a second
    owner keeps the whole project.
    """
    owners = {Owner.from_labels(labels) for labels in labels_of_containers}
    if len(owners) != 1:
        return None
    [owner] = owners
    return owner if owner is not None and owner.state() is OwnerState.DEAD else None


def find_orphans(client: Any) -> list[Orphan]:
    """The compose projects on this Docker engine that a dead owner of this host left."""
    labelled = client.containers.list(all=True, sparse=True, filters={"label": PID_LABEL})
    projects = {
        project
        for c in labelled
        if (project := (c.attrs.get("Labels") or {}).get(COMPOSE_PROJECT_LABEL))
    }
    orphans = []
    for project in sorted(projects):
        by_project = {"label": f"{COMPOSE_PROJECT_LABEL}={project}"}
        # every container of the project, ours or not, decides
        containers = client.containers.list(all=True, sparse=True, filters=by_project)
        owner = dead_owner(c.attrs.get("Labels") for c in containers)
        if owner is None:
            continue
        orphans.append(
            Orphan(
                project,
                owner,
                sorted(_container_name(c) for c in containers),
                sorted(n.name for n in client.networks.list(filters=by_project)),
                sorted(v.name for v in client.volumes.list(filters=by_project)),
            )
        )
    return orphans


def _container_name(container: Any) -> str:
    names = container.attrs.get("Names") or [container.id]
    return str(names[0]).lstrip("/")


def remove_orphan(client: Any, orphan: Orphan) -> None:
    """Remove an orphaned project's containers (with their anonymous volumes), networks, volumes."""
    from docker.errors import NotFound

    removals = [
        *[(client.containers.get, name, {"force": True, "v": True}) for name in orphan.containers],
        *[(client.networks.get, name, {}) for name in orphan.networks],
        *[(client.volumes.get, name, {"force": True}) for name in orphan.volumes],
    ]
    for get, name, options in removals:
        # NotFound: another reaper (a task built at the same time) got there first
        with contextlib.suppress(NotFound):
            get(name).remove(**options)


def reap_orphans(dry_run: bool = False) -> list[Orphan]:
    """Find, and unless ``dry_run`` remove, the sandboxes of dead runs of this host."""
    from inspect_stamina.sandbox.docker_check import docker_client

    client = docker_client()
    try:
        orphans = find_orphans(client)
        if not dry_run:
            for orphan in orphans:
                remove_orphan(client, orphan)
        return orphans
    finally:
        client.close()


def reap_before_run() -> None:
    """Remove dead runs' sandboxes as a task is built; a failure is a warning, not an error."""
    from docker.errors import DockerException

    from inspect_stamina.errors import StaminaError

    try:
        reaped = reap_orphans()
    except (DockerException, StaminaError) as ex:
        logger.warning(f"Could not remove the sandboxes of dead runs: {ex}")
        return
    for orphan in reaped:
        logger.warning(f"Removed the sandbox of a dead run: {orphan}")
