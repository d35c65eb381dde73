"""Docker sandbox specs from the compose files shipped in the package, labelled with their owner."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml
from inspect_ai.util import ComposeConfig, SandboxEnvironmentSpec, parse_compose_yaml

from inspect_stamina.paths import COMPOSE_DIR
from inspect_stamina.sandbox.docker_run import SANDBOX_TYPE
from inspect_stamina.sandbox.owner import Owner, OwnerState, current_owner


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


def compose_file_sandbox(
    name: str, out_dir: Path, external_network: str | None = None, **service: Any
) -> SandboxEnvironmentSpec:
    """The shipped template, overridden and labelled with its owner, as a compose file.

    Started by the ``stamina-docker`` sandbox (``docker_run``: plain ``docker run`` and
    ``docker exec``, the same container as compose would make, faster). The file is
    absolute and may use ``${SAMPLE_METADATA_<KEY>}``, filled per sample from the
    sample's metadata while every sample starts from one task-level configuration. A file,
    not a resolved config, because Inspect's config model has no ``labels``: the owner
    labels (this process, see ``owner``) let a later run reap the containers of a run
    that was killed. Files of owners that are gone are removed as a new one is written.
    """
    # `labels` is no field of Inspect's model: the copy keeps it as an extra, which is dumped
    config = compose_config(name, external_network, labels=current_owner().labels(), **service)
    text = yaml.safe_dump(
        config.model_dump(mode="json", by_alias=True, exclude_none=True), sort_keys=False
    )
    path = write_generated(out_dir, name, text)
    _remove_dead_owners_files(out_dir, name, keep=path)
    return SandboxEnvironmentSpec(SANDBOX_TYPE, str(path))


def _remove_dead_owners_files(out_dir: Path, name: str, keep: Path) -> None:
    """Generated compose files of ``name`` whose owner (on this host) has died."""
    for path in out_dir.glob(f"{name}-*.yaml"):
        if path == keep:
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            labels = data["services"]["default"]["labels"]
        except (OSError, yaml.YAMLError, KeyError, TypeError):
            continue  # not one of ours with an owner: kept
        owner = Owner.from_labels(labels if isinstance(labels, dict) else None)
        if owner is not None and owner.state() is OwnerState.DEAD:
            path.unlink(missing_ok=True)


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
