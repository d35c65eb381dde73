"""GAIA's guarded network, in real Docker: the host and private ranges are out of reach.

The tests install the network and its rules under a name of their own (the functions
`inspect-stamina docker up` calls, as root) and remove both afterwards. Reaching the
public internet is not tested: this machine has none.
"""

from __future__ import annotations

import ipaddress
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessageTool, ModelOutput, get_model

from inspect_stamina.gaia.firewall import chain_names, find_firewall
from inspect_stamina.gaia.network import (
    DEFAULT_NETWORK,
    DEFAULT_SUBNET,
    NETWORK_ENV,
    GaiaNetwork,
    GaiaNetworkError,
    gaia_network_problems,
    inspect_network,
    install_gaia_network,
    probe_problems,
    remove_gaia_network,
)
from inspect_stamina.gaia.task import DEFAULT_IMAGE, gaia
from tests.helpers import inspect_eval_cli

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

IMAGE = DEFAULT_IMAGE
# /24s beside the default network's 10.213.116.0/22; the first free one is taken
TEST_SUBNETS = [f"10.213.{n}.0/24" for n in range(120, 128)]
MULTIPLY = "c1a9e2f0-0003-4e57-9d1a-5a11e0000003"
MODEL = "mockllm/model"


@pytest.fixture(scope="module")
def guarded(docker_engine: None) -> Iterator[GaiaNetwork]:
    """A guarded network of this test run, installed as setup installs the default one."""
    name = f"inspect-stamina-gaia-test-{os.getpid()}"
    bridge = f"stgt{os.getpid()}"[:15]
    for subnet in TEST_SUBNETS:
        try:
            install_gaia_network(name, subnet, bridge)
            break
        except GaiaNetworkError as ex:
            if "overlap" not in str(ex).lower():
                raise
    network = inspect_network(name)
    assert network is not None, f"no free test subnet among {TEST_SUBNETS}"
    yield network
    remove_gaia_network(name)
    assert inspect_network(name) is None
    assert not any(chain in line for line in rule_lines() for chain in chain_names(bridge))


class _Secret(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"host-secret")

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def host_port() -> Iterator[int]:
    """An HTTP server on this machine, bound to every address (0.0.0.0)."""
    server = ThreadingHTTPServer(("0.0.0.0", 0), _Secret)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def servers(guarded: GaiaNetwork) -> Iterator[dict[str, str]]:
    """HTTP servers in containers: one on Docker's default bridge, one beside the agent."""
    names = {"bridge": f"stgt-srv-bridge-{uuid.uuid4().hex[:8]}"}
    names["peer"] = f"stgt-srv-peer-{uuid.uuid4().hex[:8]}"
    serve = ["python3", "-m", "http.server", "8000"]
    docker("run", "-d", "--rm", "--name", names["bridge"], "--network", "bridge", IMAGE, *serve)
    docker(
        "run", "-d", "--rm", "--name", names["peer"], "--network", guarded.name,
        "--network-alias", "gaia-peer", IMAGE, *serve,
    )  # fmt: skip
    try:
        yield {role: container_ip(name) for role, name in names.items()}
    finally:
        docker("rm", "-f", *names.values())


# a "LAN host" outside Docker: a network namespace behind a veth pair, with an address in a
# private, a link-local (like cloud metadata) and a CGNAT (like Tailscale) range
LAN_ADDRESSES = ("192.168.213.2", "169.254.213.2", "100.64.213.2")


@pytest.fixture(scope="module")
def lan_host() -> Iterator[list[str]]:
    """HTTP servers on LAN_ADDRESSES, routed from this machine like a neighbour on its LAN."""
    tag = str(os.getpid())
    netns, here, there = f"stgt-lan-{tag}", f"stgtl{tag}"[:15], f"stgtp{tag}"[:15]
    setup = [
        ["ip", "netns", "add", netns],
        ["ip", "link", "add", here, "type", "veth", "peer", "name", there],
        ["ip", "link", "set", there, "netns", netns],
        ["ip", "addr", "add", "192.168.213.1/30", "dev", here],
        ["ip", "link", "set", here, "up"],
        *(["ip", "route", "add", f"{a}/32", "dev", here] for a in LAN_ADDRESSES[1:]),
        ["ip", "-n", netns, "addr", "add", "192.168.213.2/30", "dev", there],
        *(["ip", "-n", netns, "addr", "add", f"{a}/32", "dev", there] for a in LAN_ADDRESSES[1:]),
        ["ip", "-n", netns, "link", "set", there, "up"],
        ["ip", "-n", netns, "link", "set", "lo", "up"],
        ["ip", "-n", netns, "route", "add", "default", "via", "192.168.213.1"],
    ]
    server = None
    try:
        for command in setup:
            subprocess.run(command, check=True, capture_output=True, text=True)
        server = subprocess.Popen(
            ["ip", "netns", "exec", netns, sys.executable, "-m", "http.server", "8000"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        urls = [f"http://{a}:8000/" for a in LAN_ADDRESSES]
        wait_until_served(urls[0])
        yield urls
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        subprocess.run(["ip", "link", "del", here], capture_output=True, check=False)
        subprocess.run(["ip", "netns", "del", netns], capture_output=True, check=False)


def wait_until_served(url: str) -> None:
    """Wait (from this machine) until the server answers."""
    for _ in range(50):
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


def docker(*args: str) -> str:
    result = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def container_ip(name: str) -> str:
    networks = json.loads(docker("inspect", "--format", "{{json .NetworkSettings.Networks}}", name))
    [settings] = networks.values()
    return str(settings["IPAddress"])


def run_on(network: str, script: str) -> str:
    """`bash -c SCRIPT` as the agent's user in a throwaway GAIA container on the network."""
    return docker(
        "run", "--rm", "--network", network, "--user", "65534:65534", IMAGE, "bash", "-c", script
    )


def http_codes(network: str, urls: list[str]) -> dict[str, str]:
    """url -> HTTP status from the network ("000": no connection within 3 s), fetched in parallel."""
    script = " ".join(
        f"(echo \"{url} $(curl -s -m 3 -o /dev/null -w '%{{http_code}}' {url})\") &" for url in urls
    )
    lines = run_on(network, script + " wait").splitlines()
    return dict(line.split() for line in lines)


def host_addresses() -> list[str]:
    """Every IPv4 address of this machine but loopback (LAN, Docker bridges' gateways, ...)."""
    entries = json.loads(
        subprocess.run(
            ["ip", "-j", "-4", "addr"], capture_output=True, text=True, check=True
        ).stdout
    )
    return [
        info["local"]
        for entry in entries
        for info in entry.get("addr_info", [])
        if not ipaddress.ip_address(info["local"]).is_loopback
    ]


def rule_lines() -> list[str]:
    """The whole filter table, both families, as iptables -S lists it (each line: which binary)."""
    firewall = find_firewall()
    return [
        f"{ipt.binary}: {line}"
        for _, ipt in firewall.families()
        for line in ipt.run("-S").stdout.splitlines()
    ]


def jump_lines(lines: list[str]) -> list[str]:
    """The jumps into our chains (from INPUT, DOCKER-USER or FORWARD)."""
    return [
        line
        for line in lines
        if any(f": -A {p} " in line for p in ("INPUT", "DOCKER-USER", "FORWARD"))
    ]


def our_lines(network: GaiaNetwork) -> list[str]:
    chains = chain_names(network.bridge)
    return [line for line in rule_lines() if any(chain in line for chain in chains)]


def test_host_server_is_unreachable_at_every_host_address(
    guarded: GaiaNetwork, host_port: int
) -> None:
    addresses = host_addresses()
    assert guarded.gateway in addresses
    # the server answers a container on the default bridge: the audit's finding
    docker0 = f"http://172.17.0.1:{host_port}/"
    assert http_codes("bridge", [docker0]) == {docker0: "200"}
    urls = [f"http://{address}:{host_port}/" for address in addresses]
    codes = http_codes(guarded.name, urls)
    assert codes == dict.fromkeys(urls, "000")


def test_containers_on_private_addresses_are_unreachable(
    guarded: GaiaNetwork, servers: dict[str, str]
) -> None:
    on_bridge = f"http://{servers['bridge']}:8000/"
    peer = f"http://{servers['peer']}:8000/"
    assert ipaddress.ip_address(servers["peer"]) in ipaddress.ip_network(guarded.subnet)
    assert http_codes("bridge", [on_bridge]) == {on_bridge: "200"}
    assert http_codes(guarded.name, [on_bridge, peer]) == {on_bridge: "000", peer: "000"}


def test_lan_link_local_and_cgnat_hosts_are_unreachable(
    guarded: GaiaNetwork, lan_host: list[str]
) -> None:
    # Docker's own isolation does not cover these: only the range rules do
    assert http_codes("bridge", lan_host) == dict.fromkeys(lan_host, "200")
    assert http_codes(guarded.name, lan_host) == dict.fromkeys(lan_host, "000")


def test_docker_dns_still_resolves(guarded: GaiaNetwork, servers: dict[str, str]) -> None:
    # a name only Docker's embedded resolver knows (another container's alias)
    assert run_on(guarded.name, "getent hosts gaia-peer").split()[0] == servers["peer"]
    # a name it forwards upstream: the host's resolver answers as it does on the default bridge
    query = (
        'python3 -c "import socket\n'
        "ns = [l.split()[1] for l in open('/etc/resolv.conf') if l.startswith('nameserver')][0]\n"
        "q = b'\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x07example\\x03com\\x00\\x00\\x01\\x00\\x01'\n"
        "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(8); s.sendto(q, (ns, 53))\n"
        "print('rcode', s.recv(512)[3] & 15)\""
    )
    on_bridge = run_on("bridge", query).strip()
    assert on_bridge in ("rcode 0", "rcode 3"), f"this host's DNS does not answer: {on_bridge}"
    assert run_on(guarded.name, query).strip() == on_bridge


def test_setup_twice_adds_nothing_and_restores_flushed_rules(guarded: GaiaNetwork) -> None:
    before = our_lines(guarded)
    chain_in, chain_fwd = chain_names(guarded.bridge)
    jumps = jump_lines(before)
    assert len(set(jumps)) == len(jumps) == 2 * len(find_firewall().families()), jumps
    install_gaia_network(guarded.name)
    install_gaia_network(guarded.name)
    assert our_lines(guarded) == before
    assert gaia_network_problems(guarded.name, IMAGE) == []
    # what a firewall reload does: the check notices, and setup puts the rules back
    find_firewall().ipv4.run("-F", chain_fwd)
    problems = gaia_network_problems(guarded.name, IMAGE)
    assert any(chain_fwd in p for p in problems), problems
    install_gaia_network(guarded.name)
    assert our_lines(guarded) == before
    assert chain_in in " ".join(before)


def test_docker_up_installs_the_default_network_once(docker_engine: None) -> None:
    # `inspect-stamina docker up` (which setup runs) as root: twice gives the same rules
    runs = [
        subprocess.run(["inspect-stamina", "docker", "up"], capture_output=True, text=True)
        for _ in range(2)
    ]
    listings = []
    for result in runs:
        assert result.returncode == 0, result.stderr
        assert (
            f"GAIA network {DEFAULT_NETWORK} ({DEFAULT_SUBNET}, bridge stamina-gaia): the host, "
            "private, link-local, CGNAT and multicast ranges are blocked"
        ) in result.stdout
        network = inspect_network(DEFAULT_NETWORK)
        assert network is not None
        listings.append(our_lines(network))
    assert listings[0] == listings[1]
    jumps = jump_lines(listings[0])
    assert len(set(jumps)) == len(jumps) == 2 * len(find_firewall().families()), jumps
    assert gaia_network_problems(DEFAULT_NETWORK, IMAGE) == []


def test_probe_tells_missing_rules_without_reading_them(guarded: GaiaNetwork) -> None:
    # the check a non-root user gets: a connection to the gateway, dropped or not
    assert probe_problems(guarded, IMAGE) == []
    chain_in, _ = chain_names(guarded.bridge)
    ipv4 = find_firewall().ipv4
    assert ipv4.run("-D", "INPUT", "-i", guarded.bridge, "-j", chain_in).returncode == 0
    try:
        assert probe_problems(guarded, IMAGE) == [
            f"its firewall rules are missing (the host answers at {guarded.gateway})"
        ]
    finally:
        install_gaia_network(guarded.name)
    assert probe_problems(guarded, IMAGE) == []


def test_a_network_setup_did_not_create_is_refused(docker_engine: None) -> None:
    # Docker's default bridge lets containers reach each other and has no rules of ours
    problem = "the Docker network bridge was not created by inspect-stamina"
    assert [p.split(" (")[0] for p in gaia_network_problems("bridge", IMAGE)] == [problem]
    with pytest.raises(GaiaNetworkError, match=f"{problem}.*docker network rm bridge"):
        install_gaia_network("bridge")


def sandbox_compose(log: EvalLog) -> dict[str, Any]:
    """The compose file the run's sandbox was started from."""
    assert log.eval.sandbox is not None and isinstance(log.eval.sandbox.config, str)
    return dict(yaml.safe_load(Path(log.eval.sandbox.config).read_text(encoding="utf-8")))


def cli_run(log_dir: Path, network: str) -> tuple[str, EvalLog]:
    """`inspect eval inspect_stamina/gaia` on one example question, the GAIA network named."""
    result = inspect_eval_cli(
        "inspect_stamina/gaia",
        log_dir,
        "--model", "stamina/gaia-example",
        "-T", "dataset_hub=example",
        "-T", f"instance_ids={MULTIPLY}",
        COLUMNS="1000",  # the warning on one line, as rich would print it on a wide terminal
        **{NETWORK_ENV: network},
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    [info] = list_eval_logs(str(log_dir))
    log = read_eval_log(info)
    assert log.samples and log.samples[0].scores
    assert log.samples[0].scores["gaia_scorer"].value == "C"
    return " ".join(output.split()), log


def test_cli_run_uses_the_guarded_network(guarded: GaiaNetwork, log_dir: Path) -> None:
    output, log = cli_run(log_dir, guarded.name)
    assert "GAIA sandbox network" not in output
    compose = sandbox_compose(log)
    assert compose["services"]["default"]["networks"] == [guarded.name]
    assert "network_mode" not in compose["services"]["default"]
    assert compose["networks"] == {guarded.name: {"name": guarded.name, "external": True}}


def test_cli_run_warns_and_uses_the_default_bridge_without_the_network(log_dir: Path) -> None:
    absent = f"inspect-stamina-gaia-absent-{uuid.uuid4().hex[:8]}"
    output, log = cli_run(log_dir, absent)
    assert f"GAIA sandbox network: the Docker network {absent} does not exist." in output
    assert "CAN reach this machine's services and private networks" in output
    assert "inspect-stamina docker up" in output and "as root" in output
    compose = sandbox_compose(log)
    assert compose["services"]["default"]["network_mode"] == "bridge"
    assert "networks" not in compose


def test_agent_on_the_guarded_network_cannot_reach_the_host(
    guarded: GaiaNetwork, host_port: int, log_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(NETWORK_ENV, guarded.name)
    command = (
        f"hostname -i; curl -s -m 5 http://{guarded.gateway}:{host_port}/ || echo curl failed $?"
    )
    outputs = [
        ModelOutput.for_tool_call(MODEL, "bash", {"command": command}),
        ModelOutput.for_tool_call(MODEL, "submit", {"answer": "391"}),
    ]
    model = get_model(MODEL, custom_outputs=outputs)
    task = gaia(dataset_hub="example", instance_ids=[MULTIPLY])
    [log] = inspect_eval(task, model=model, log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    assert log.samples
    tool = next(m for m in log.samples[0].messages if isinstance(m, ChatMessageTool))
    address, *rest = tool.text.split()
    assert ipaddress.ip_address(address) in ipaddress.ip_network(guarded.subnet)
    assert " ".join(rest) == "curl failed 28"  # timed out: dropped, not refused
    assert "host-secret" not in tool.text
