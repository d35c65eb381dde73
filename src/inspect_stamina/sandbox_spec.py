"""Docker sandbox specs from the compose files shipped in the package."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml
from inspect_ai.util import ComposeConfig, SandboxEnvironmentSpec, parse_compose_yaml

from inspect_stamina.paths import COMPOSE_DIR


def compose_config(name: str, external_network: str | None = None, **service: Any) -> ComposeConfig:
    """compose/<name>/compose.yaml with fields of its default service overridden.

    ``external_network`` attaches the service to that existing Docker network (which
    compose neither creates nor removes) in place of the template's ``network_mode``.
    """
    template = parse_compose_yaml(str(COMPOSE_DIR / name / "compose.yaml"))
    networks = None
    if external_network:
        service = {**service, "network_mode": None, "networks": [external_network]}
        networks = {external_network: {"name": external_network, "external": True}}
    default = template.services["default"].model_copy(update=service)
    return ComposeConfig(services={"default": default}, networks=networks)


def compose_sandbox(name: str, **service: Any) -> SandboxEnvironmentSpec:
    """The shipped template, overridden, as a resolved config for Inspect."""
    # a resolved config, not a path: Inspect would resolve a relative path against the cwd
    return SandboxEnvironmentSpec("docker", compose_config(name, **service))


def compose_file_sandbox(
    name: str, out_dir: Path, external_network: str | None = None, **service: Any
) -> SandboxEnvironmentSpec:
    """The shipped template, overridden, written to an absolute compose file under ``out_dir``.

    A file (unlike a resolved config) may use ``${SAMPLE_METADATA_<KEY>}``: Inspect fills
    it per sample from the sample's metadata while starting every sample from one
    task-level configuration.
    """
    config = compose_config(name, external_network, **service)
    text = yaml.safe_dump(
        config.model_dump(mode="json", by_alias=True, exclude_none=True), sort_keys=False
    )
    return SandboxEnvironmentSpec("docker", str(write_generated(out_dir, name, text)))


def write_generated(out_dir: Path, name: str, text: str, suffix: str = ".yaml") -> Path:
    """``text`` as ``<out_dir>/<name>-<content hash><suffix>``, (re)written unless already there.

    The name carries the content's hash, so a run with other settings never overwrites
    a file that a running eval still reads.
    """
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{name}-{digest}{suffix}"
    if not path.is_file() or path.read_text() != text:
        # written under a unique name and renamed, so concurrent runs never see half a file
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=suffix, dir=out_dir)
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(tmp, path)
    return path
