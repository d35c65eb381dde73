"""Fail fast, before any sample starts, when Docker or a sandbox image is missing."""

from __future__ import annotations

from typing import Any

from inspect_stamina.errors import StaminaError
from inspect_stamina.sandbox.images import image_specs

BOOTSTRAP_HINT = (
    "Start Docker (Docker Desktop, `systemctl start docker`), or on a bare Debian machine "
    "run `inspect-stamina docker up` as root."
)


def docker_client(timeout: int = 30) -> Any:
    """A connected Docker client, or a clear error when no engine answers."""
    import docker
    from docker.errors import DockerException

    try:
        client = docker.from_env(timeout=timeout)
        client.ping()
    except DockerException as ex:
        raise StaminaError(
            f"Docker is not running or not reachable ({ex}). {BOOTSTRAP_HINT}"
        ) from ex
    return client


def require_image(tag: str) -> None:
    """Raise a clear error unless the image is present locally (pulling it when possible)."""
    from docker.errors import DockerException, ImageNotFound

    client = docker_client()
    try:
        client.images.get(tag)
        return
    except ImageNotFound:
        pass
    finally:
        client.close()
    ours = {spec.tag: name for name, spec in image_specs().items()}
    if tag in ours:
        raise StaminaError(
            f"Sandbox image {tag!r} is not built yet. Build it with "
            f"`inspect-stamina images build {ours[tag]}`."
        )
    client = docker_client()
    try:
        client.images.pull(tag)
    except DockerException as ex:
        raise StaminaError(
            f"Sandbox image {tag!r} does not exist locally and could not be pulled ({ex})."
        ) from ex
    finally:
        client.close()
