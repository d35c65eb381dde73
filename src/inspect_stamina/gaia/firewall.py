"""iptables rules that keep GAIA's sandbox network off the host and private ranges.

Two chains per bridge interface, named after it: ``<BRIDGE>-IN`` (jumped to from
INPUT: traffic to the host itself) and ``<BRIDGE>-FWD`` (jumped to from DOCKER-USER,
or FORWARD where Docker has no DOCKER-USER: traffic routed onwards). Matching the
bridge interface rather than a source address cannot be spoofed from inside the
container. Docker recreates its own chains on restart but leaves DOCKER-USER's rules,
INPUT and chains it does not own alone; a reboot loses them all, which the check at
GAIA's start notices.
"""

from __future__ import annotations

import ipaddress
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

# IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry):
# private, CGNAT, loopback, link-local (cloud metadata), documentation, benchmarking,
# multicast, reserved and broadcast. Blocking them costs no public destination.
BLOCKED_IPV4 = (
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
)
# the iptables front ends in the order tried; Docker's chains live in one of them
VARIANTS = ("iptables", "iptables-nft", "iptables-legacy")
RESOLV_CONF = Path("/etc/resolv.conf")
# where systemd-resolved lists the real upstream servers behind its 127.0.0.53 stub
RESOLVED_UPSTREAM = Path("/run/systemd/resolve/resolv.conf")
DAEMON_JSON = Path("/etc/docker/daemon.json")

Rule = tuple[str, ...]


class FirewallError(Exception):
    """The rules could not be read or installed."""


@dataclass(frozen=True)
class Iptables:
    """One iptables front end (binary name) for one address family."""

    binary: str

    @property
    def restore(self) -> str:
        """The matching restore binary (iptables-nft -> iptables-nft-restore)."""
        return f"{self.binary}-restore"

    def run(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        """Run this front end (waiting for the xtables lock), never raising."""
        return subprocess.run(
            [self.binary, "-w", "10", *args],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
        )

    def has_chain(self, chain: str) -> bool:
        """Whether the filter table holds this chain."""
        return self.run("-S", chain).returncode == 0

    def has_rule(self, chain: str, rule: Rule) -> bool:
        """Whether the chain holds this rule (iptables -C, which normalises the spelling)."""
        return self.run("-C", chain, *rule).returncode == 0

    def rule_count(self, chain: str) -> int:
        """How many rules the chain holds."""
        listing = self.run("-S", chain).stdout.splitlines()
        return sum(1 for line in listing if line.startswith("-A "))


@dataclass(frozen=True)
class Firewall:
    """The IPv4 front end holding Docker's chains, and its IPv6 twin where IPv6 is on."""

    ipv4: Iptables
    ipv6: Iptables | None

    def families(self) -> list[tuple[int, Iptables]]:
        """(family, front end) for every family that has rules."""
        pairs = [(4, self.ipv4)]
        if self.ipv6 is not None:
            pairs.append((6, self.ipv6))
        return pairs


def find_firewall() -> Firewall:
    """The iptables front end whose tables hold Docker's DOCKER-USER chain (nft or legacy).

    Raises FirewallError when none does: no iptables, not root, or the engine's firewall
    is elsewhere (Docker Desktop, rootless Docker, a remote engine).
    """
    found = [name for name in VARIANTS if shutil.which(name)]
    if not found:
        raise FirewallError("iptables is not installed")
    for name in found:
        ipv4 = Iptables(name)
        if ipv4.has_chain("DOCKER-USER"):
            return Firewall(ipv4, _ipv6_twin(name))
    probe = Iptables(found[0]).run("-S", "INPUT")
    if probe.returncode != 0:
        raise FirewallError(f"cannot read the firewall ({probe.stderr.strip()})")
    raise FirewallError(
        "no DOCKER-USER chain in this machine's firewall: the Docker engine's network is "
        "not managed here (Docker Desktop, rootless or remote engine, or dockerd --iptables=false)"
    )


def _ipv6_twin(ipv4_binary: str) -> Iptables | None:
    """ip6tables of the same flavour, when the kernel has IPv6 (else nothing to filter)."""
    if not Path("/proc/net/if_inet6").exists():
        return None
    name = "ip6" + ipv4_binary.removeprefix("ip")
    if not shutil.which(name):
        raise FirewallError(f"IPv6 is on but {name} is not installed")
    return Iptables(name)


def chain_names(bridge: str) -> tuple[str, str]:
    """The INPUT-side and FORWARD-side chain names for a bridge interface."""
    return f"{bridge.upper()}-IN", f"{bridge.upper()}-FWD"


def docker_nameservers() -> list[str]:
    """The IPv4 upstream DNS servers Docker's embedded resolver forwards to, loopback excluded.

    Docker sends those queries from the container's own network namespace, so they
    cross these rules (a loopback server is queried from the host's namespace instead).
    The servers are daemon.json's ``dns`` when set, else the host's resolv.conf
    (systemd-resolved's upstream list behind its 127.0.0.53 stub).
    """
    servers: list[str] = []
    if DAEMON_JSON.is_file():
        try:
            servers = [
                str(s) for s in json.loads(DAEMON_JSON.read_text(encoding="utf-8")).get("dns") or []
            ]
        except (OSError, ValueError, AttributeError):
            servers = []
    if not servers:
        servers = _resolv_conf_servers(RESOLV_CONF)
        if servers == ["127.0.0.53"] and RESOLVED_UPSTREAM.is_file():
            servers = _resolv_conf_servers(RESOLVED_UPSTREAM)
    kept = []
    for server in servers:
        try:
            address = ipaddress.ip_address(server)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback and server not in kept:
            kept.append(server)
    return kept


def _resolv_conf_servers(path: Path) -> list[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    return [
        line.split()[1] for line in lines if line.startswith("nameserver") and len(line.split()) > 1
    ]


def chain_rules(family: int, nameservers: list[str]) -> tuple[list[Rule], list[Rule]]:
    """The rules of the INPUT-side and FORWARD-side chains for one address family."""
    if family == 6:
        # the network has no IPv6: nothing of it may leave the bridge
        return [("-j", "DROP")], [("-j", "DROP")]
    dns: list[Rule] = [
        ("-d", f"{server}/32", "-p", proto, "--dport", "53", "-j", "RETURN")
        for server in nameservers
        for proto in ("udp", "tcp")
    ]
    to_host = [*dns, ("-j", "DROP")]
    onwards = [
        *dns,
        # a port the host publishes for another container (DNAT'd to it, whatever address)
        ("-m", "conntrack", "--ctstate", "DNAT", "-j", "DROP"),
        *(("-d", block, "-j", "DROP") for block in BLOCKED_IPV4),
    ]
    return to_host, onwards


def jump_rules(iptables: Iptables, bridge: str) -> list[tuple[str, Rule]]:
    """(parent chain, rule) of the jumps from INPUT and DOCKER-USER (or FORWARD)."""
    chain_in, chain_fwd = chain_names(bridge)
    forward = "DOCKER-USER" if iptables.has_chain("DOCKER-USER") else "FORWARD"
    return [
        ("INPUT", ("-i", bridge, "-j", chain_in)),
        (forward, ("-i", bridge, "-j", chain_fwd)),
    ]


def install_rules(firewall: Firewall, bridge: str, nameservers: list[str]) -> None:
    """(Re)write both chains atomically and add each jump once: running it twice changes nothing."""
    for family, iptables in firewall.families():
        chains = dict(zip(chain_names(bridge), chain_rules(family, nameservers), strict=True))
        # iptables-restore --noflush empties and refills the chains it declares, in one commit
        lines = ["*filter", *(f":{chain} - [0:0]" for chain in chains)]
        lines += [
            f"-A {chain} {' '.join(rule)}" for chain, rules in chains.items() for rule in rules
        ]
        result = subprocess.run(
            [iptables.restore, "-w", "10", "--noflush"],
            input="\n".join([*lines, "COMMIT", ""]),
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise FirewallError(f"{iptables.restore} failed: {result.stderr.strip()}")
        for parent, rule in jump_rules(iptables, bridge):
            if not iptables.has_rule(parent, rule):
                added = iptables.run("-I", parent, "1", *rule)
                if added.returncode != 0:
                    raise FirewallError(
                        f"{iptables.binary} -I {parent} failed: {added.stderr.strip()}"
                    )


def rule_problems(firewall: Firewall, bridge: str, nameservers: list[str]) -> list[str]:
    """What differs from the rules install_rules writes (empty: all in place)."""
    problems = []
    for family, iptables in firewall.families():
        chains = zip(chain_names(bridge), chain_rules(family, nameservers), strict=True)
        for chain, rules in chains:
            if not iptables.has_chain(chain):
                problems.append(f"{iptables.binary} chain {chain} is missing")
                continue
            missing = [rule for rule in rules if not iptables.has_rule(chain, rule)]
            if missing or iptables.rule_count(chain) != len(rules):
                problems.append(
                    f"{iptables.binary} chain {chain} differs from the expected rules"
                    + (f" (missing: {' '.join(missing[0])})" if missing else "")
                )
        for parent, rule in jump_rules(iptables, bridge):
            if not iptables.has_rule(parent, rule):
                problems.append(f"{iptables.binary} {parent} has no jump to {rule[-1]}")
    return problems


def remove_rules(firewall: Firewall, bridge: str) -> None:
    """Delete the jumps and both chains (for tests and uninstalling); missing ones are fine."""
    for _, iptables in firewall.families():
        for parent, rule in jump_rules(iptables, bridge):
            while iptables.has_rule(parent, rule):
                iptables.run("-D", parent, *rule)
        for chain in chain_names(bridge):
            if iptables.has_chain(chain):
                iptables.run("-F", chain)
                iptables.run("-X", chain)
