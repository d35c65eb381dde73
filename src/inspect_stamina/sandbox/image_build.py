"""Building the sandbox images: ``docker build`` where a registry answers, else offline.

Offline, an image's package lists go into a Debian root filesystem made by
``debootstrap``; Python packages are installed into it from the host side, the setup
scripts run in it by ``chroot`` (on the host's network, trusting the host's CA
certificates for the build alone), and ``docker import`` turns it into the image, with
the Dockerfile's ``ENV`` lines as its environment. Stale images build two at a time.
"""

from __future__ import annotations

import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from inspect_stamina.sandbox.images import (
    SPEC_LABEL,
    ImageBuildError,
    ImageSpec,
    image_specs,
)

OFFLINE_BUILDS_AT_ONCE = 2
DEBIAN_SUITE = "bookworm"
# where the offline build puts the build context in the root filesystem (the Dockerfiles
# COPY it to the same place), and the host's CA certificates while the setup scripts run
CONTEXT_IN_IMAGE = "/tmp/image"
BUILD_CA_IN_IMAGE = "/tmp/build-ca-certificates.crt"
# a setup script that takes longer hangs (it fails the build instead of a CI run)
SETUP_TIMEOUT = 3600.0
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
DEFAULT_MIRROR = "http://deb.debian.org/debian"


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
    tags = [spec.tag for spec in selected]
    stale = []
    for spec in selected:
        if not force and image_label(spec.tag) == spec.spec_hash():
            log(f"{spec.tag} is current")
        else:
            stale.append(spec)
    if not stale:
        return tags
    if mode == "dockerfile" or (mode == "auto" and registry_reachable()):
        for spec in stale:
            build_with_dockerfile(spec)
            log(f"built {spec.tag}")
        return tags

    def offline(spec: ImageSpec) -> None:
        started = time.monotonic()
        build_offline(spec, log=lambda line: log(f"[{spec.name}] {line}"))
        log(f"built {spec.tag} ({time.monotonic() - started:.0f} s)")

    # offline builds spend much of their time waiting on the mirror and on dpkg's
    # fsyncs: two side by side finish well before two in a row
    with ThreadPoolExecutor(max_workers=OFFLINE_BUILDS_AT_ONCE) as pool:
        for future in [pool.submit(offline, spec) for spec in stale]:
            future.result()
    return tags
