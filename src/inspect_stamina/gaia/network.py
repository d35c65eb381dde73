"""GAIA's guarded Docker network: created by setup, checked when a GAIA task starts.

The network is a bridge with inter-container traffic off and a fixed subnet; the
firewall rules of `gaia.firewall` drop what it sends to the host itself and to every
non-public IPv4 range (and all of its IPv6), except the DNS servers Docker's embedded
resolver forwards to. A GAIA task with the network enabled uses it when it is in place
and otherwise warns and falls back to Docker's default bridge.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import os
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_stamina.gaia.firewall import (
    FirewallError,
    docker_nameservers,
    find_firewall,
    install_rules,
    remove_rules,
    rule_problems,
)

logger = logging.getLogger(__name__)

DEFAULT_NETWORK = "inspect-stamina-gaia"
# Outside Docker's own pools (172.17-31/16, 192.168/16), CGNAT/Tailscale (100.64/10) and
# the defaults of home routers (192.168.x, 10.0.x, 10.1.x), cloud VPCs (AWS 172.31,
# Azure 10.0, GCP 10.128+), Kubernetes (10.42-10.43, 10.96, 10.244), Podman (10.88),
# ZeroTier (10.144-10.147, 10.241-10.243), libvirt and VirtualBox (192.168.x).
# 1022 addresses: one per concurrent sandbox.
DEFAULT_SUBNET = "10.213.116.0/22"
# fixed, so the rules can name it; at most 15 characters (a Linux interface name)
DEFAULT_BRIDGE = "stamina-gaia"
NETWORK_ENV = "INSPECT_STAMINA_GAIA_NETWORK"
LABEL = "inspect-stamina.gaia-network"
ICC_OPTION = "com.docker.network.bridge.enable_icc"
BRIDGE_OPTION = "com.docker.network.bridge.name"
# a connection to the gateway that is dropped waits this long; a refused one returns at once
PROBE_SECONDS = 3
FIX_HINT = (
    "To block them, run `inspect-stamina docker up` (or `inspect-stamina setup`) as root on "
    "the Linux machine that runs the Docker engine (again after each reboot), or pass "
    "-T network_enabled=false for no network at all."
)


class GaiaNetworkError(Exception):
    """The guarded network could not be installed here (the reason is the message)."""


@dataclass(frozen=True)
class GaiaNetwork:
    """An existing Docker network as the rules need it."""

    name: str
    bridge: str
    subnet: str
    gateway: str


def gaia_network_name() -> str:
    """The network GAIA tasks use: $INSPECT_STAMINA_GAIA_NETWORK, else inspect-stamina-gaia."""
    return os.environ.get(NETWORK_ENV) or DEFAULT_NETWORK


def install_gaia_network(
    name: str | None = None, subnet: str = DEFAULT_SUBNET, bridge: str = DEFAULT_BRIDGE
) -> str:
    """Create the network (once) and (re)write its firewall rules; a line saying what is in place.

    Idempotent. Raises GaiaNetworkError when this machine cannot hold the rules: not
    Linux, not root, or the engine's network lives elsewhere (Docker Desktop, rootless).
    """
    name = name or gaia_network_name()
    if platform.system() != "Linux":
        raise GaiaNetworkError(f"this is {platform.system()}, not the Linux host of the engine")
    if os.geteuid() != 0:
        raise GaiaNetworkError("installing firewall rules needs root")
    try:
        firewall = find_firewall()
    except FirewallError as ex:
        raise GaiaNetworkError(str(ex)) from ex
    network = _ensure_network(name, subnet, bridge)
    if not Path("/sys/class/net", network.bridge).exists():
        raise GaiaNetworkError(
            f"the bridge {network.bridge} of network {name} is not on this machine: the engine "
            "runs elsewhere"
        )
    nameservers = docker_nameservers()
    try:
        install_rules(firewall, network.bridge, nameservers)
        problems = rule_problems(firewall, network.bridge, nameservers)
    except (FirewallError, OSError) as ex:
        raise GaiaNetworkError(str(ex)) from ex
    if problems:
        raise GaiaNetworkError("; ".join(problems))
    families = ", ".join(i.binary for _, i in firewall.families())
    dns = ", ".join(nameservers) or "none needed"
    return (
        f"GAIA network {name} ({network.subnet}, bridge {network.bridge}): the host, private, "
        f"link-local, CGNAT and multicast ranges are blocked ({families}; DNS via {dns})"
    )


def remove_gaia_network(name: str) -> None:
    """Remove the network and its rules (tests, uninstalling); a missing one is fine."""
    network = inspect_network(name)
    if network is None:
        return
    # no firewall here: there are no rules to remove
    with contextlib.suppress(FirewallError):
        remove_rules(find_firewall(), network.bridge)
    from inspect_stamina.sandbox.docker_check import docker_client

    client = docker_client()
    try:
        client.networks.get(name).remove()
    finally:
        client.close()


def inspect_network(name: str) -> GaiaNetwork | None:
    """The network as the rules need it, or None when it does not exist or is not ours."""
    attrs = _network_attrs(name)
    if attrs is None or _not_ours(attrs):
        return None
    return _as_gaia_network(attrs)


def gaia_network_problems(name: str, image: str) -> list[str]:
    """Why the network would not protect the host (empty: it would)."""
    attrs = _network_attrs(name)
    if attrs is None:
        return [f"the Docker network {name} does not exist"]
    mismatch = _not_ours(attrs)
    if mismatch:
        return [f"the Docker network {name} {mismatch}"]
    network = _as_gaia_network(attrs)
    if _can_read_rules(network):
        try:
            return rule_problems(find_firewall(), network.bridge, docker_nameservers())
        except FirewallError as ex:
            return [str(ex)]
    return probe_problems(network, image)


def guarded_gaia_network(image: str) -> str | None:
    """The network for a GAIA sandbox, or None (Docker's default bridge) after a warning."""
    name = gaia_network_name()
    problems = gaia_network_problems(name, image)
    if not problems:
        return name
    logger.warning(
        "GAIA sandbox network: %s. The sandbox runs on Docker's default bridge instead, where "
        "it CAN reach this machine's services and private networks (LAN, cloud metadata at "
        "169.254.169.254). %s",
        "; ".join(problems),
        FIX_HINT,
    )
    return None


def _ensure_network(name: str, subnet: str, bridge: str) -> GaiaNetwork:
    """The existing network, or a new one; an existing one that is not ours is an error."""
    from docker.errors import APIError
    from docker.types import IPAMConfig, IPAMPool

    from inspect_stamina.sandbox.docker_check import docker_client

    attrs = _network_attrs(name)
    if attrs is None:
        gateway = str(next(ipaddress.ip_network(subnet).hosts()))
        client = docker_client()
        try:
            client.networks.create(
                name,
                driver="bridge",
                options={ICC_OPTION: "false", BRIDGE_OPTION: bridge},
                ipam=IPAMConfig(pool_configs=[IPAMPool(subnet=subnet, gateway=gateway)]),
                labels={LABEL: "1"},
            )
        except APIError as ex:
            # a concurrent setup may have just created it; anything else is reported
            if _network_attrs(name) is None:
                raise GaiaNetworkError(f"could not create the Docker network {name}: {ex}") from ex
        finally:
            client.close()
        attrs = _network_attrs(name)
    assert attrs is not None
    mismatch = _not_ours(attrs)
    if mismatch:
        raise GaiaNetworkError(
            f"the Docker network {name} {mismatch}; remove it (`docker network rm {name}`) "
            "and run this again"
        )
    return _as_gaia_network(attrs)


def _network_attrs(name: str) -> dict[str, Any] | None:
    from docker.errors import NotFound

    from inspect_stamina.sandbox.docker_check import docker_client

    client = docker_client()
    try:
        attrs: dict[str, Any] = client.networks.get(name).attrs
    except NotFound:
        return None
    finally:
        client.close()
    # networks.get also matches an id prefix: only the exact name counts
    return attrs if attrs.get("Name") == name else None


def _not_ours(attrs: dict[str, Any]) -> str:
    """What makes an existing network unfit ("" when it is as setup creates it)."""
    options = attrs.get("Options") or {}
    configs = (attrs.get("IPAM") or {}).get("Config") or []
    if attrs.get("Driver") != "bridge":
        return f"uses the {attrs.get('Driver')} driver, not bridge"
    if options.get(ICC_OPTION) != "false" or not options.get(BRIDGE_OPTION):
        return "was not created by inspect-stamina (it lets containers reach each other)"
    if attrs.get("EnableIPv6"):
        return "has IPv6 enabled"
    if not configs or not configs[0].get("Subnet") or not configs[0].get("Gateway"):
        return "has no fixed subnet and gateway"
    return ""


def _as_gaia_network(attrs: dict[str, Any]) -> GaiaNetwork:
    config = attrs["IPAM"]["Config"][0]
    return GaiaNetwork(
        attrs["Name"],
        attrs["Options"][BRIDGE_OPTION],
        config["Subnet"],
        config["Gateway"],
    )


def _can_read_rules(network: GaiaNetwork) -> bool:
    """Root on the Linux machine holding the network's bridge: the rules can be read directly."""
    return (
        platform.system() == "Linux"
        and os.geteuid() == 0
        and Path("/sys/class/net", network.bridge).exists()
    )


def probe_problems(network: GaiaNetwork, image: str) -> list[str]:
    """Probe the gateway from a container on the network (where the rules cannot be read).

    A TCP connection from the network to its gateway (the host) is refused or accepted
    at once without the rules, and times out when they drop it.
    """
    from docker.errors import DockerException

    from inspect_stamina.sandbox.docker_check import docker_client

    script = (
        f"timeout {PROBE_SECONDS} bash -c 'exec 3<>/dev/tcp/{network.gateway}/9' 2>/dev/null; "
        "echo probe=$?"
    )
    client = docker_client()
    try:
        output = client.containers.run(
            image,
            ["bash", "-c", script],
            network=network.name,
            remove=True,
            user="65534:65534",  # by id: the image's users are drawn at start
            entrypoint=[],
        ).decode(errors="replace")
    except DockerException as ex:
        return [f"could not check its firewall rules ({ex})"]
    finally:
        client.close()
    if "probe=124" in output:
        return []
    if "probe=0" in output or "probe=1" in output:
        return [f"its firewall rules are missing (the host answers at {network.gateway})"]
    return [f"could not check its firewall rules (probe said {output.strip()!r})"]
