"""The GAIA sandbox on Docker: the shipped compose template, set for a run."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.util import SandboxEnvironmentSpec

from inspect_stamina.gaia.attachments import stage_attachment
from inspect_stamina.gaia.dataset import SANDBOX_FILES_DIR, SHARED_FILES_METADATA_KEY
from inspect_stamina.sandbox.docker_spec import compose_file_sandbox
from inspect_stamina.sandbox.limits import SandboxLimits


def gaia_sandbox(
    cache: Path,
    image: str,
    network_enabled: bool,
    limits: SandboxLimits | None = None,
    network: str | None = None,
) -> SandboxEnvironmentSpec:
    """The shipped compose template with the image, network and bounds set, written under cache.

    With the network enabled the sandbox joins ``network`` (the guarded GAIA network,
    see gaia/network.py) when given, else Docker's default bridge.

    /shared_files mounts, read-only, the sample's own attachment directory, which
    Inspect fills in per sample from its metadata: one task-level configuration, so
    Docker is initialised once per run rather than once per question. Without a
    sample (Inspect's start-up check) the mount is an empty directory.
    """
    limits = limits or SandboxLimits()
    variable = f"SAMPLE_METADATA_{SHARED_FILES_METADATA_KEY.upper()}"
    cache = cache.resolve()  # Inspect would resolve a relative compose path against the cwd
    empty = stage_attachment(None, "", cache / "shared_files")
    return compose_file_sandbox(
        "gaia",
        cache / "compose",
        image=image,
        external_network=network if network_enabled else None,
        network_mode="bridge" if network_enabled else "none",
        volumes=[f"${{{variable}:-{empty}}}:{SANDBOX_FILES_DIR}:ro"],
        **limits.compose_fields("gaia"),
    )
