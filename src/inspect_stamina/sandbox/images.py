"""Build the sandbox images the compose files name, with or without a registry.

Each image is a directory under ``compose/images/<name>/`` holding a ``Dockerfile``
plus the two package lists it installs (``apt-packages.txt``, ``requirements.txt``)
and, optionally, a ``setup.sh`` run as root once the packages are in (with the other
files of the directory beside it, in ``/tmp/image``). An ``extends`` file naming another
image puts that image's lists before this one's and its ``setup.sh`` (as
``base-setup.sh``, with the base's other files beside it) before this one's, so a variant
(``gaia-browser``, ``stamina-web``) holds everything its base holds without copying it.
Where a registry answers, ``docker build`` runs that Dockerfile on a context holding the
merged lists and the setup scripts. Offline, the same lists go into a Debian root
filesystem made by ``debootstrap``; Python packages are installed into it from the host
side, the setup scripts run in it by ``chroot`` (on the host's network, trusting the
host's CA certificates for the build alone: the registries are reached through a proxy
only the host trusts), and ``docker import`` turns it into the image, with the
Dockerfile's ``ENV`` lines as its environment.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from inspect_stamina.paths import COMPOSE_DIR

IMAGES_DIR = COMPOSE_DIR / "images"
IMAGE_VERSION = "0.2"
SPEC_LABEL = "org.inspect-stamina.spec-hash"
# what `inspect-stamina setup` builds: the images of the default runs (the demo's); the
# others (the web stack, the browser) are built on their first use or on request
DEFAULT_IMAGES = ("stamina", "gaia")
OFFLINE_BUILDS_AT_ONCE = 2
DEBIAN_SUITE = "bookworm"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
DEFAULT_ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "LANG": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
}
SETUP_SCRIPT = "setup.sh"
# the base image's setup.sh, in the build context of an image extending it
BASE_SETUP_SCRIPT = "base-setup.sh"
# where the offline build puts the build context in the root filesystem (the Dockerfiles
# COPY it to the same place), and the host's CA certificates while the setup scripts run
CONTEXT_IN_IMAGE = "/tmp/image"
BUILD_CA_IN_IMAGE = "/tmp/build-ca-certificates.crt"
# the variables through which the setup scripts' tools find those certificates
_CA_VARIABLES = (
    "SSL_CERT_FILE",
    "REQUESTS_CA_BUNDLE",
    "PIP_CERT",
    "CURL_CA_BUNDLE",
    "GIT_SSL_CAINFO",
    "NODE_EXTRA_CA_CERTS",
)
_PROXY_VARIABLES = ("http_proxy", "https_proxy", "no_proxy")
# the files that define an image, rather than what its setup script installs: an
# extending image's build context takes the base's other files (the setup script's)
DEFINING_FILES = frozenset({"Dockerfile", "extends", "apt-packages.txt", "requirements.txt"})
# what running an image's Python files on the host leaves beside them: no part of the image
_BUILD_JUNK = ("__pycache__", "*.pyc")
# a setup script that takes longer hangs (it fails the build instead of a CI run)
SETUP_TIMEOUT = 3600.0


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


def _docker(*args: str, input: bytes | None = None, timeout: float | None = None) -> str:
    try:
        result = subprocess.run(
            ["docker", *args], input=input, capture_output=True, timeout=timeout, check=False
        )
    except FileNotFoundError as ex:
        raise ImageBuildError("the docker command is not installed") from ex
    if result.returncode != 0:
        err = result.stderr.decode(errors="replace").strip()
        raise ImageBuildError(f"docker {' '.join(args[:2])} failed: {err}")
    return result.stdout.decode(errors="replace")


def image_label(tag: str) -> str | None:
    """The spec-hash label of a local image, or None when the image is absent."""
    try:
        out = _docker(
            "image", "inspect", "--format", f'{{{{index .Config.Labels "{SPEC_LABEL}"}}}}', tag
        )
    except ImageBuildError:
        return None
    return out.strip()


def registry_reachable(timeout: float = 20.0) -> bool:
    """Whether `docker build` can fetch its base image (present locally or pullable)."""
    base = f"debian:{DEBIAN_SUITE}-slim"
    try:
        _docker("image", "inspect", base)
        return True
    except ImageBuildError:
        pass
    try:
        _docker("pull", base, timeout=timeout)
        return True
    except (ImageBuildError, subprocess.TimeoutExpired):
        return False


def build_with_dockerfile(spec: ImageSpec) -> None:
    """Build the image from its Dockerfile (needs a registry for the base image)."""
    with tempfile.TemporaryDirectory(prefix="inspect-stamina-context-") as tmp:
        context = Path(tmp) / spec.name
        spec.write_context(context)
        proc = subprocess.run(
            [
                "docker",
                "build",
                "--label",
                f"{SPEC_LABEL}={spec.spec_hash()}",
                "-t",
                spec.tag,
                str(context),
            ],
            check=False,
        )
    if proc.returncode != 0:
        raise ImageBuildError(f"docker build of {spec.tag} failed (exit {proc.returncode})")


def build_offline(
    spec: ImageSpec, mirror: str = DEFAULT_MIRROR, log: Callable[[str], None] = print
) -> None:
    """Build the image with debootstrap + host-side pip + docker import (no registry)."""
    if shutil.which("debootstrap") is None:
        raise ImageBuildError(
            "offline image build needs debootstrap: run `apt-get install debootstrap` "
            "(compose/bootstrap_docker.sh installs it)"
        )
    if spec.setup_scripts and shutil.which("unshare") is None:
        raise ImageBuildError(
            "offline image build runs setup scripts under unshare: install util-linux"
        )
    if sys.version_info[:2] != (3, 11):
        raise ImageBuildError(
            "offline image build installs Python wheels from the host for the image's "
            f"Python 3.11; this host runs {sys.version_info[0]}.{sys.version_info[1]}"
        )
    with tempfile.TemporaryDirectory(prefix="inspect-stamina-rootfs-") as tmp:
        rootfs = Path(tmp) / "rootfs"
        packages = ",".join(spec.apt_packages)
        log(f"debootstrap {DEBIAN_SUITE} ({packages}) ...")
        _run(
            [
                "debootstrap",
                "--variant=minbase",
                f"--include={packages}",
                DEBIAN_SUITE,
                str(rootfs),
                mirror,
            ],
            "debootstrap",
        )
        if spec.python_packages:
            log(f"pip install into the image: {' '.join(spec.python_packages)}")
            _install_python_packages(rootfs, spec.python_packages)
        if spec.setup_scripts:
            _run_setup_scripts(spec, rootfs, log)
        for junk in ("var/cache/apt/archives", "var/lib/apt/lists"):
            for child in (rootfs / junk).glob("*"):
                if child.is_file():
                    child.unlink()
        changes = [f"ENV {k}={v}" for k, v in spec.env.items()]
        changes += ['CMD ["/bin/bash"]', f"LABEL {SPEC_LABEL}={spec.spec_hash()}"]
        log(f"docker import {spec.tag}")
        tar = subprocess.Popen(["tar", "-C", str(rootfs), "-c", "."], stdout=subprocess.PIPE)
        args = ["docker", "import"]
        for change in changes:
            args += ["--change", change]
        imported = subprocess.run([*args, "-", spec.tag], stdin=tar.stdout, capture_output=True)
        tar.wait()
        if imported.returncode != 0 or tar.returncode != 0:
            raise ImageBuildError(
                f"docker import failed: {imported.stderr.decode(errors='replace')}"
            )


def _run_setup_scripts(spec: ImageSpec, rootfs: Path, log: Callable[[str], None]) -> None:
    """The setup scripts, in order, in the root filesystem, beside the build context's files."""
    context = rootfs / CONTEXT_IN_IMAGE.lstrip("/")
    spec.write_context(context)
    # the image's environment, not the host's: setup.sh sees what the image's processes
    # see, plus what reaching the registries from the host's network takes
    env = {**spec.env, "HOME": "/root", **_build_network_env(rootfs)}
    try:
        for script in spec.setup_scripts:
            log(f"running {script} in the image")
            path = f"{CONTEXT_IN_IMAGE}/{script}"
            _run([*_chroot(rootfs), "/bin/bash", path], script, env=env, timeout=SETUP_TIMEOUT)
    finally:
        shutil.rmtree(context, ignore_errors=True)
        (rootfs / BUILD_CA_IN_IMAGE.lstrip("/")).unlink(missing_ok=True)


def _chroot(rootfs: Path) -> list[str]:
    """``chroot`` into the root filesystem as a ``RUN`` step of ``docker build`` runs: with
    ``/proc`` mounted (Node.js tools hang without it) in a mount namespace of its own, so
    nothing stays mounted, and a PID namespace of its own, so no process the scripts
    leave behind outlives them."""
    return [
        "unshare",
        "--mount",
        "--pid",
        "--fork",
        "--kill-child",
        f"--mount-proc={rootfs / 'proc'}",
        "chroot",
        str(rootfs),
    ]


def _build_network_env(rootfs: Path) -> dict[str, str]:
    """The host's proxy settings and CA certificates, for setup scripts that download.

    ``docker build`` passes the proxy variables to its ``RUN`` steps the same way. The
    certificates are copied in for the build alone and removed after it.
    """
    env = {
        name: value
        for name in (*_PROXY_VARIABLES, *(v.upper() for v in _PROXY_VARIABLES))
        if (value := os.environ.get(name))
    }
    bundle = _host_ca_bundle()
    if bundle is not None:
        shutil.copy(bundle, rootfs / BUILD_CA_IN_IMAGE.lstrip("/"))
        env.update(dict.fromkeys(_CA_VARIABLES, BUILD_CA_IN_IMAGE))
    return env


def _host_ca_bundle() -> Path | None:
    """The host's CA certificate bundle (with any certificates added locally), if any."""
    candidates = [
        os.environ.get("SSL_CERT_FILE"),
        ssl.get_default_verify_paths().cafile,
        "/etc/ssl/certs/ca-certificates.crt",
    ]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def _install_python_packages(rootfs: Path, requirements: list[str]) -> None:
    target = rootfs / "usr/local/lib/python3.11/dist-packages"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-warn-script-location",
            "--target",
            str(target),
            *requirements,
        ],
        "pip install",
    )
    # console scripts land in <target>/bin with the host's interpreter in the shebang
    scripts = target / "bin"
    if scripts.is_dir():
        dest = rootfs / "usr/local/bin"
        dest.mkdir(parents=True, exist_ok=True)
        for script in scripts.iterdir():
            if not script.is_file():
                continue
            data = script.read_bytes()
            if data.startswith(b"#!"):
                data = b"#!/usr/bin/python3" + data[data.index(b"\n") :]
            (dest / script.name).write_bytes(data)
            (dest / script.name).chmod(0o755)
        shutil.rmtree(scripts)


def _run(
    cmd: list[str], what: str, env: dict[str, str] | None = None, timeout: float | None = None
) -> None:
    try:
        result = subprocess.run(cmd, capture_output=True, check=False, env=env, timeout=timeout)
    except subprocess.TimeoutExpired as ex:
        tail = (ex.stderr or ex.stdout or b"").decode(errors="replace")[-2000:]
        raise ImageBuildError(f"{what} did not finish in {timeout:.0f} s:\n{tail}") from ex
    if result.returncode != 0:
        tail = (
            result.stderr.decode(errors="replace")[-2000:]
            or result.stdout.decode(errors="replace")[-2000:]
        )
        raise ImageBuildError(f"{what} failed (exit {result.returncode}):\n{tail}")


def build_images(
    names: list[str] | None = None,
    mode: str = "auto",
    force: bool = False,
    log: Callable[[str], None] = print,
) -> list[str]:
    """Build the named images (all by default); return the tags built or already current.

    ``mode`` is ``auto`` (Dockerfile where a registry answers, else offline),
    ``dockerfile`` or ``offline``.
    """
    specs = image_specs()
    unknown = sorted(set(names or []) - set(specs))
    if unknown:
        raise ImageBuildError(f"unknown image(s) {unknown}; known: {sorted(specs)}")
    if mode not in ("auto", "dockerfile", "offline"):
        raise ImageBuildError(f"unknown build mode {mode!r}; use auto, dockerfile or offline")
    selected = [specs[n] for n in names] if names else list(specs.values())
    stale = []
    for spec in selected:
        if not force and image_label(spec.tag) == spec.spec_hash():
            log(f"{spec.tag} is current")
        else:
            stale.append(spec)
    if not stale:
        return [spec.tag for spec in selected]
    if mode == "dockerfile" or (mode == "auto" and registry_reachable()):
        for spec in stale:
            build_with_dockerfile(spec)
            log(f"built {spec.tag}")
        return [spec.tag for spec in selected]

    def offline(spec: ImageSpec) -> None:
        started = time.monotonic()
        build_offline(spec, log=lambda line: log(f"[{spec.name}] {line}"))
        log(f"built {spec.tag} ({time.monotonic() - started:.0f} s)")

    # offline builds spend much of their time waiting on the mirror and on dpkg's
    # fsyncs: two side by side finish well before two in a row
    with ThreadPoolExecutor(max_workers=OFFLINE_BUILDS_AT_ONCE) as pool:
        for future in [pool.submit(offline, spec) for spec in stale]:
            future.result()
    return [spec.tag for spec in selected]
