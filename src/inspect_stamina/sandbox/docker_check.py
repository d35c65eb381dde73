"""Before any sample starts: Docker answers, and every sandbox image is there.

An image of ours that is not built yet is built on its first use, saying so on stderr
(``inspect-stamina setup`` builds only the images the default runs use); another image
is pulled. Two runs that need the same missing image build it once.
"""

from __future__ import annotations

import contextlib
import fcntl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from inspect_stamina.errors import StaminaError
from inspect_stamina.paths import cache_root
from inspect_stamina.sandbox.image_build import build_images
from inspect_stamina.sandbox.images import ImageBuildError, image_specs

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


def _stderr(line: str) -> None:
    print(f"inspect-stamina: {line}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def _build_lock() -> Iterator[None]:
    """One image build at a time on this machine, across processes."""
    path = cache_root() / "image-build.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _image_present(tag: str) -> bool:
    from docker.errors import ImageNotFound

    client = docker_client()
    try:
        client.images.get(tag)
        return True
    except ImageNotFound:
        return False
    finally:
        client.close()


def build_on_first_use(name: str, tag: str, log: Callable[[str], None] = _stderr) -> None:
    """Build one of our images that is not there yet, saying so; a failure says how to retry."""
    log(
        f"sandbox image {tag} is not built yet: building it now, once (a few minutes; "
        f"`inspect-stamina images build {name}` does it ahead of a run) ..."
    )
    started = time.monotonic()
    with _build_lock():
        try:
            build_images([name], log=log)
        except (ImageBuildError, OSError, subprocess.SubprocessError) as ex:
            raise StaminaError(
                f"Sandbox image {tag!r} is not built yet and building it failed: {ex}. "
                f"Build it with `inspect-stamina images build {name}` to see the whole log."
            ) from ex
    log(f"sandbox image {tag} is ready ({time.monotonic() - started:.0f} s)")


def require_image(tag: str, log: Callable[[str], None] = _stderr) -> None:
    """Make sure the image is present: one of ours is built on first use, another pulled."""
    if _image_present(tag):
        return
    ours = {spec.tag: name for name, spec in image_specs().items()}
    if tag in ours:
        build_on_first_use(ours[tag], tag, log)
        return
    from docker.errors import DockerException

    client = docker_client()
    try:
        client.images.pull(tag)
    except DockerException as ex:
        raise StaminaError(
            f"Sandbox image {tag!r} does not exist locally and could not be pulled ({ex})."
        ) from ex
    finally:
        client.close()
