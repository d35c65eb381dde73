"""Kubernetes sandbox specs: the shipped Helm values templates, filled in and written out.

Both benchmarks run on a cluster through inspect-k8s-sandbox (the ``k8s`` extra) and
the ``agent-env`` Helm chart it ships. ``k8s/<benchmark>.values.yaml`` is the
Kubernetes twin of ``compose/<benchmark>/compose.yaml``; this module fills in its
``@NAME@`` fields (image, resource bounds) and its network setting, and writes the
result under the run's directory of generated files, like the compose files.

GAIA's attachments cannot be bind-mounted from this machine on a cluster: each
sample instead carries its attachment in ``Sample.files``, which Inspect copies into
``/shared_files`` as root once the pod is up (see ``inspect_stamina.gaia.k8s_files``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from inspect_ai.util import SandboxEnvironmentSpec

from inspect_stamina.errors import StaminaError
from inspect_stamina.paths import PACKAGE_DIR
from inspect_stamina.sandbox.docker_spec import write_generated
from inspect_stamina.sandbox.limits import SandboxLimits

VALUES_DIR = PACKAGE_DIR / "k8s"
BENCHMARKS = ("gaia", "stamina")
INSTALL_HINT = "pip install 'inspect-stamina[k8s]'"
# `@NAME@` rather than `${NAME}`: the values hold shell scripts, whose `$` must stay
_PLACEHOLDER = re.compile(r"@([A-Z_]+)@")


def k8s_sandbox(
    benchmark: str,
    image: str,
    limits: SandboxLimits,
    network_enabled: bool,
    out_dir: Path,
) -> SandboxEnvironmentSpec:
    """The benchmark's values template, filled in, written under ``out_dir``, as a k8s spec."""
    # checked first, so a missing extra is reported before anything is written
    config_class = _k8s_config_class()
    values = k8s_values(benchmark, image, limits, network_enabled)
    # absolute: Inspect would resolve a relative path against the current directory
    path = write_generated(out_dir.resolve(), benchmark, _dump(values), ".values.yaml")
    return SandboxEnvironmentSpec("k8s", config_class(values=path))


def k8s_values(
    benchmark: str, image: str, limits: SandboxLimits, network_enabled: bool
) -> dict[str, Any]:
    """The benchmark's Helm values with the image, bounds and network filled in."""
    if benchmark not in BENCHMARKS:
        raise StaminaError(
            f"No Kubernetes values for {benchmark!r}; known: {', '.join(BENCHMARKS)}."
        )
    if not image or any(c.isspace() for c in image):
        raise StaminaError(f"Not an image reference: {image!r}.")
    template = yaml.safe_load(values_template(benchmark).read_text(encoding="utf-8"))
    fields = {
        "IMAGE": image,
        "MEMORY": k8s_quantity(limits.memory),
        "CPUS": k8s_cpu(limits.cpus),
        "WORKSPACE_SIZE": k8s_quantity(limits.workspace_size),
        "AGENT_PROCESSES": str(limits.agent_processes),
    }
    values: dict[str, Any] = _fill(template, fields)
    # network on: the internet (not the cluster); off: Docker's network_mode none
    values["allowEntities"] = ["world"] if network_enabled else []
    values["services"]["default"]["networkIsolated"] = not network_enabled
    return values


def values_template(benchmark: str) -> Path:
    """The shipped values template of one benchmark."""
    return VALUES_DIR / f"{benchmark}.values.yaml"


def k8s_quantity(size: str) -> str:
    """A Docker size (``512m``, ``4g``: powers of 1024) as a Kubernetes quantity (``4Gi``)."""
    # SandboxLimits has validated the form; this only changes the unit's spelling
    return f"{str(size)[:-1]}{str(size)[-1].upper()}i"


def k8s_cpu(cpus: float) -> str:
    """A CPU count as a Kubernetes quantity: whole CPUs (``2``) or millicores (``1500m``)."""
    millis = round(float(cpus) * 1000)
    if millis < 1:
        raise StaminaError(f"cpus must be at least 0.001 on Kubernetes, not {cpus!r}.")
    return str(millis // 1000) if millis % 1000 == 0 else f"{millis}m"


def _k8s_config_class() -> Any:
    """inspect-k8s-sandbox's config model, or a clear error naming the extra to install."""
    try:
        from k8s_sandbox import K8sSandboxEnvironmentConfig
    except ImportError as ex:
        raise StaminaError(
            f"sandbox=k8s needs inspect-k8s-sandbox: {INSTALL_HINT} "
            f"(and helm and a kubeconfig for the cluster) ({ex})."
        ) from ex
    return K8sSandboxEnvironmentConfig


def _fill(node: Any, fields: dict[str, str]) -> Any:
    """``node`` with every ``@NAME@`` in its strings replaced; an unknown name is an error."""
    if isinstance(node, dict):
        return {key: _fill(value, fields) for key, value in node.items()}
    if isinstance(node, list):
        return [_fill(value, fields) for value in node]
    if isinstance(node, str):

        def field(match: re.Match[str]) -> str:
            if match.group(1) not in fields:
                raise StaminaError(f"Unknown field {match.group(0)} in a Kubernetes values file.")
            return fields[match.group(1)]

        return _PLACEHOLDER.sub(field, node)
    return node


class _Dumper(yaml.SafeDumper):
    """Writes multi-line strings (the start-up scripts) as readable literal blocks."""


def _literal_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _literal_str)


def _dump(values: dict[str, Any]) -> str:
    """The values as the YAML file handed to Helm."""
    header = (
        "# Generated by inspect_stamina.sandbox.k8s_spec from the shipped template: do not edit.\n"
    )
    return header + yaml.dump(values, Dumper=_Dumper, sort_keys=False, width=100)
