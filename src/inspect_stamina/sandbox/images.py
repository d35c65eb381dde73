"""The sandbox images the compose files name: their definitions, merged along ``extends``.

Each image is a directory under ``compose/images/<name>/`` holding a ``Dockerfile``
plus the two package lists it installs (``apt-packages.txt``, ``requirements.txt``)
and, optionally, a ``setup.sh`` run as root once the packages are in (with the other
files of the directory beside it, in ``/tmp/image``). An ``extends`` file naming another
image puts that image's lists before this one's and its ``setup.sh`` (as
``base-setup.sh``, with the base's other files beside it) before this one's, so a variant
(``gaia-browser``, ``stamina-web``) holds everything its base holds without copying it.
What an image is made of, and the hash of it that tells a current image from a stale
one, are here; ``image_build.py`` builds them.
"""

from __future__ import annotations

import hashlib
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

from inspect_stamina.paths import COMPOSE_DIR

IMAGES_DIR = COMPOSE_DIR / "images"
IMAGE_VERSION = "0.2"
SPEC_LABEL = "org.inspect-stamina.spec-hash"
# what `inspect-stamina setup` builds: the images of the default runs (the demo's); the
# others (the web stack, the browser) are built on their first use or on request
DEFAULT_IMAGES = ("stamina", "gaia")
DEFAULT_ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "LANG": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
}
SETUP_SCRIPT = "setup.sh"
# the base image's setup.sh, in the build context of an image extending it
BASE_SETUP_SCRIPT = "base-setup.sh"
# the files that define an image, rather than what its setup script installs: an
# extending image's build context takes the base's other files (the setup script's)
DEFINING_FILES = frozenset({"Dockerfile", "extends", "apt-packages.txt", "requirements.txt"})
# what running an image's Python files on the host leaves beside them: no part of the image
_BUILD_JUNK = ("__pycache__", "*.pyc")


class ImageBuildError(RuntimeError):
    """An image could not be built; the message says why and what to do."""


@dataclass(frozen=True)
class ImageSpec:
    """One sandbox image: its directory, tag and package lists."""

    name: str
    directory: Path

    @property
    def tag(self) -> str:
        """The tag the compose files refer to."""
        return f"inspect-stamina/{self.name}:{IMAGE_VERSION}"

    @property
    def base(self) -> ImageSpec | None:
        """The image named in the ``extends`` file, whose package lists come first."""
        names = _read_list(self.directory / "extends")
        if not names:
            return None
        if len(names) > 1:
            raise ImageBuildError(f"{self.name}/extends names more than one image: {names}")
        directory = self.directory.parent / names[0]
        if names[0] == self.name or not (directory / "Dockerfile").is_file():
            raise ImageBuildError(f"{self.name}/extends names no other image: {names[0]!r}")
        base = ImageSpec(names[0], directory)
        if base.base is not None:
            # one level keeps the merged build context and the hash simple
            raise ImageBuildError(f"{self.name} extends {base.name}, which extends another")
        if (self.directory / BASE_SETUP_SCRIPT).exists():
            raise ImageBuildError(
                f"{self.name} has a file named {BASE_SETUP_SCRIPT}: that name is the build "
                f"context's copy of {base.name}/{SETUP_SCRIPT}"
            )
        return base

    @property
    def setup_scripts(self) -> list[str]:
        """The build context's setup scripts, in the order they run: the base's, then this one's.

        A Dockerfile runs each (``bash /tmp/image/<script>``); the offline build runs them
        in the same order in the root filesystem.
        """
        base = self.base
        scripts = []
        if base is not None and (base.directory / SETUP_SCRIPT).is_file():
            scripts.append(BASE_SETUP_SCRIPT)
        if (self.directory / SETUP_SCRIPT).is_file():
            scripts.append(SETUP_SCRIPT)
        return scripts

    @property
    def apt_packages(self) -> list[str]:
        """Debian packages: the base image's, then apt-packages.txt."""
        return self._merged("apt-packages.txt")

    @property
    def python_packages(self) -> list[str]:
        """Python requirements: the base image's, then requirements.txt."""
        return self._merged("requirements.txt")

    def _merged(self, filename: str) -> list[str]:
        base = self.base
        inherited = _read_list(base.directory / filename) if base else []
        own = _read_list(self.directory / filename)
        return list(dict.fromkeys(inherited + own))

    @property
    def env(self) -> dict[str, str]:
        """The image's environment: defaults, then the Dockerfile's ``ENV`` lines."""
        return {**DEFAULT_ENV, **_dockerfile_env(self.directory / "Dockerfile")}

    def spec_hash(self) -> str:
        """A hash of every file that defines the image (its base's too), to know when to rebuild.

        The base's hash covers its setup.sh, which runs first in this image.
        """
        digest = hashlib.sha256()
        for path in sorted(self.directory.rglob("*")):
            if path.is_file() and not _junk(path.relative_to(self.directory)):
                digest.update(path.name.encode())
                digest.update(path.read_bytes())
        base = self.base
        if base is not None:
            digest.update(f"extends {base.name} {base.spec_hash()}".encode())
        return digest.hexdigest()[:16]

    def write_context(self, out: Path) -> None:
        """The ``docker build`` context: this directory, its package lists merged with the
        base's, the base's setup.sh as ``base-setup.sh`` and the base's other files (what
        that script installs) beside it."""
        ignore = shutil.ignore_patterns(*_BUILD_JUNK)
        base = self.base
        if base is not None:
            inherited = {
                p.name
                for p in base.directory.iterdir()
                if p.name not in DEFINING_FILES | {SETUP_SCRIPT} and not _junk(Path(p.name))
            }
            clash = sorted(inherited & {p.name for p in self.directory.iterdir()})
            if clash:
                raise ImageBuildError(
                    f"{self.name} and its base {base.name} both have {clash}: the build "
                    f"context holds the base's files beside this image's"
                )
            for name in sorted(inherited):
                source = base.directory / name
                if source.is_dir():
                    shutil.copytree(source, out / name, ignore=ignore)
                else:
                    out.mkdir(parents=True, exist_ok=True)
                    shutil.copy(source, out / name)
        shutil.copytree(self.directory, out, dirs_exist_ok=True, ignore=ignore)
        if BASE_SETUP_SCRIPT in self.setup_scripts:
            assert base is not None
            shutil.copy(base.directory / SETUP_SCRIPT, out / BASE_SETUP_SCRIPT)
        (out / "apt-packages.txt").write_text(
            "".join(f"{p}\n" for p in self.apt_packages), encoding="utf-8"
        )
        (out / "requirements.txt").write_text(
            "".join(f"{p}\n" for p in self.python_packages), encoding="utf-8"
        )


def _junk(relative: Path) -> bool:
    """Whether a file under an image's directory is a host-side leftover (bytecode)."""
    return "__pycache__" in relative.parts or relative.suffix == ".pyc"


def _read_list(path: Path) -> list[str]:
    if not path.exists():
        return []
    lines = (
        line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
    )
    return [line for line in lines if line]


def _dockerfile_env(path: Path) -> dict[str, str]:
    """``ENV KEY=VALUE ...`` lines of a Dockerfile, for the offline build's ``docker import``.

    Only literal values without spaces are supported: the offline build has no earlier
    layers to expand ``$VARIABLE`` against, and passes each pair to ``docker import
    --change`` as is.
    """
    env: dict[str, str] = {}
    continued = False  # a line of a multi-line instruction (RUN ... \) is no instruction
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.strip().split(None, 1)
        instruction = not continued
        continued = line.rstrip().endswith("\\")
        if not instruction or len(words) < 2 or words[0].upper() != "ENV":
            continue
        for pair in shlex.split(words[1]):
            key, eq, value = pair.partition("=")
            if not eq or "$" in value or any(c.isspace() for c in value):
                raise ImageBuildError(
                    f"{path}: only `ENV KEY=VALUE` with literal values without spaces is "
                    f"supported, not {line!r}"
                )
            env[key] = value
    return env


def image_specs() -> dict[str, ImageSpec]:
    """Every image defined under compose/images, by name."""
    return {
        d.name: ImageSpec(d.name, d)
        for d in sorted(IMAGES_DIR.iterdir())
        if (d / "Dockerfile").is_file()
    }
