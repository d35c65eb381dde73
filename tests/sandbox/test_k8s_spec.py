"""The Kubernetes sandbox: values files that the chart accepts and renders as intended,
the k8s spec the tasks hand Inspect, and GAIA's attachments as sample files.

No cluster here. The values are checked three ways: against the chart's
values.schema.json; rendered by Helm (a `helm` binary when one is on PATH, otherwise
Helm's own engine from the `helm-python-sdk` package); and, with Docker, their start-up
script run in the real image with the mounts an emptyDir gives.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from inspect_ai.dataset import MemoryDataset, Sample

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.dataset import (
    EXAMPLE_DIR,
    SANDBOX_FILES_DIR,
    SHARED_FILES_METADATA_KEY,
    gaia_dataset,
)
from inspect_stamina.gaia.k8s_files import k8s_sample_files
from inspect_stamina.sandbox.docker_spec import compose_config, write_generated
from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.sandbox.k8s_spec import (
    INSTALL_HINT,
    k8s_cpu,
    k8s_quantity,
    k8s_sandbox,
    k8s_values,
    values_template,
)
from inspect_stamina.sandbox.limits import SandboxLimits

LIMITS = SandboxLimits(memory="6g", cpus=1.5, pids=512, workspace_size="3g")
IMAGES = {"stamina": image_specs()["stamina"].tag, "gaia": image_specs()["gaia"].tag}
# (suite, network_enabled): StaminaBench never has a network; GAIA both ways. Tests
# say `suite`, not `benchmark`: pytest-benchmark owns that fixture name.
CASES = [("stamina", False), ("gaia", True), ("gaia", False)]
# the mounts each benchmark adds to its compose file's tmpfs list
EXTRA_MOUNTS = {"stamina": set(), "gaia": {SANDBOX_FILES_DIR}}
# what each user owns, and with which mode, as in the compose files
OWNERS = {
    "stamina": {
        "/workspace": "agent 755",
        "/home/agent": "agent 755",
        "/home/checker": "checker 700",
        "/home/runner": "runner 755",
    },
    "gaia": {"/workspace": "agent 755", "/home/agent": "agent 755", "/shared_files": "root 755"},
}


# --- the chart and the renderers ------------------------------------------------------


@pytest.fixture(scope="module")
def chart_dir() -> Path:
    """The agent-env chart inspect-k8s-sandbox ships (the `k8s` extra)."""
    from k8s_sandbox._helm import (  # inspect-evals-lint: ignore[private_api_imports] -- the chart's location, which the package does not export
        DEFAULT_CHART,
    )

    return Path(DEFAULT_CHART)


Renderer = Callable[[Path], list[dict[str, Any]]]


@pytest.fixture(scope="module")
def render(chart_dir: Path) -> Renderer:
    """Helm's rendering of the chart with a values file: `helm template` or its SDK."""
    helm = shutil.which("helm")
    if helm:

        def with_binary(values: Path) -> list[dict[str, Any]]:
            result = subprocess.run(
                [helm, "template", "agent-env-test1234", str(chart_dir), "-f", str(values)],
                capture_output=True,
                text=True,
                check=True,
            )
            return [d for d in yaml.safe_load_all(result.stdout) if d]

        return with_binary
    import helm_python  # the dev extra: Helm's Go SDK, where no helm binary is installed

    def with_sdk(values: Path) -> list[dict[str, Any]]:
        with helm_python.Chart.load(str(chart_dir)) as chart:
            manifests = chart.render(
                yaml.safe_load(values.read_text(encoding="utf-8")),
                name="agent-env-test1234",
                namespace="stamina-test",
            )
        return [d for text in manifests.values() for d in yaml.safe_load_all(text) if d]

    return with_sdk


def values_file(benchmark: str, network: bool, out_dir: Path) -> Path:
    """The values file k8s_sandbox writes for one case."""
    spec = k8s_sandbox(benchmark, IMAGES[benchmark], LIMITS, network, out_dir)
    return Path(spec.config.values)


def statefulset(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """The one StatefulSet (the `default` service) of a rendered release."""
    (found,) = [d for d in docs if d["kind"] == "StatefulSet"]
    return found


def default_container(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """The sandbox's own container (beside the chart's CoreDNS sidecar)."""
    containers = statefulset(docs)["spec"]["template"]["spec"]["containers"]
    (found,) = [c for c in containers if c["name"] == "default"]
    return found


def compose_tmpfs_paths(benchmark: str) -> set[str]:
    """The writable mounts of the benchmark's Docker sandbox."""
    return {
        str(e).split(":", 1)[0] for e in compose_config(benchmark).services["default"].tmpfs or []
    }


def merged(defaults: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Helm's coalescing of values files: maps merge, anything else is replaced."""
    out = dict(defaults)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


# --- values: schema, rendering, content ---------------------------------------------


@pytest.mark.parametrize(("suite", "network"), CASES)
def test_values_meet_the_chart_schema(
    suite: str, network: bool, chart_dir: Path, tmp_path: Path
) -> None:
    import jsonschema
    from k8s_sandbox._helm import (  # inspect-evals-lint: ignore[private_api_imports] -- the same null check the package runs before installing
        validate_no_null_values,
    )

    values = yaml.safe_load(values_file(suite, network, tmp_path).read_text(encoding="utf-8"))
    validate_no_null_values(values, suite)
    schema = yaml.safe_load((chart_dir / "values.schema.json").read_text(encoding="utf-8"))
    defaults = yaml.safe_load((chart_dir / "values.yaml").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(schema).validate(merged(defaults, values))


@pytest.mark.parametrize(("suite", "network"), CASES)
def test_rendered_pod_carries_image_limits_and_hardening(
    suite: str, network: bool, render: Renderer, tmp_path: Path
) -> None:
    docs = render(values_file(suite, network, tmp_path))
    container = default_container(docs)
    assert container["image"] == IMAGES[suite]
    assert container["workingDir"] == "/workspace"
    bounds = {"memory": "6Gi", "cpu": "1500m"}
    assert container["resources"] == {"limits": bounds, "requests": bounds}
    security = container["securityContext"]
    assert security["readOnlyRootFilesystem"] is True
    assert security["runAsUser"] == 0  # the harness and Inspect's file copies run as root
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]
    assert "SYS_ADMIN" not in security["capabilities"]["add"]
    # the start-up script writes the per-user process limit: a quarter of pids
    script = container["args"][0]
    assert f"nproc {LIMITS.agent_processes}" in script
    assert "@" not in yaml.safe_dump(container)  # every template field was filled


@pytest.mark.parametrize(("suite", "network"), CASES)
def test_every_compose_tmpfs_is_a_bounded_memory_volume(
    suite: str, network: bool, render: Renderer, tmp_path: Path
) -> None:
    docs = render(values_file(suite, network, tmp_path))
    pod = statefulset(docs)["spec"]["template"]["spec"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    mounts = {m["mountPath"]: m["name"] for m in default_container(docs)["volumeMounts"]}
    for path in compose_tmpfs_paths(suite) | EXTRA_MOUNTS[suite]:
        assert path in mounts, f"{path} is not mounted"
        empty_dir = volumes[mounts[path]]["emptyDir"]
        assert empty_dir["medium"] == "Memory"
        assert empty_dir["sizeLimit"]
    assert volumes[mounts["/workspace"]]["emptyDir"]["sizeLimit"] == "3Gi"


@pytest.mark.parametrize(("suite", "network"), CASES)
def test_network_policy_follows_the_network_setting(
    suite: str, network: bool, render: Renderer, tmp_path: Path
) -> None:
    docs = render(values_file(suite, network, tmp_path))
    policies = [d for d in docs if d["kind"] == "CiliumNetworkPolicy"]
    denies = [p for p in policies if "egressDeny" in p["spec"]]
    egress_entities = [
        entity
        for p in policies
        for rule in p["spec"].get("egress", [])
        for entity in rule.get("toEntities", [])
    ]
    if network:
        assert not denies
        assert egress_entities == ["world"]
    else:
        (deny,) = denies
        assert deny["spec"]["egressDeny"] == [{"toEntities": ["all"]}]
        assert egress_entities == []


def test_stamina_template_has_no_network() -> None:
    template = yaml.safe_load(values_template("stamina").read_text(encoding="utf-8"))
    assert template["services"]["default"]["networkIsolated"] is True
    assert template["allowEntities"] == []


# --- units and the spec --------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "quantity"), [("4g", "4Gi"), ("512m", "512Mi"), ("64k", "64Ki"), ("2G", "2Gi")]
)
def test_docker_sizes_become_binary_quantities(size: str, quantity: str) -> None:
    assert k8s_quantity(size) == quantity


@pytest.mark.parametrize(("cpus", "quantity"), [(2.0, "2"), (1.5, "1500m"), (0.25, "250m")])
def test_cpus_become_cpu_quantities(cpus: float, quantity: str) -> None:
    assert k8s_cpu(cpus) == quantity


def test_k8s_sandbox_is_a_k8s_spec_with_an_absolute_values_file(
    chart_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from k8s_sandbox import K8sSandboxEnvironmentConfig

    monkeypatch.chdir(tmp_path)
    spec = k8s_sandbox("stamina", IMAGES["stamina"], LIMITS, False, Path("generated"))
    assert spec.type == "k8s"
    assert isinstance(spec.config, K8sSandboxEnvironmentConfig)
    values = spec.config.values
    assert values is not None and values.is_absolute() and values.is_file()
    assert values.parent == tmp_path / "generated"
    # the chart would treat a file named like a compose file as one and convert it
    assert not values.name.endswith(("compose.yaml", "compose.yml"))
    # same settings, same file; other settings, another file beside it
    again = k8s_sandbox("stamina", IMAGES["stamina"], LIMITS, False, Path("generated"))
    assert again.config == spec.config
    other = k8s_sandbox("stamina", IMAGES["stamina"], SandboxLimits(), False, Path("generated"))
    assert other.config.values != values
    assert sorted(p.name for p in (tmp_path / "generated").iterdir()) == sorted(
        [values.name, other.config.values.name]
    )


def test_the_image_and_benchmark_are_checked(chart_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(StaminaError, match="known: gaia, stamina"):
        k8s_sandbox("swe", IMAGES["gaia"], LIMITS, False, tmp_path)
    with pytest.raises(StaminaError, match="image reference"):
        k8s_sandbox("gaia", "bad image", LIMITS, False, tmp_path)


def test_an_unknown_template_field_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "gaia.values.yaml").write_text(
        "services:\n  default:\n    image: '@IMAGE@'\n    args: ['@NOT_A_FIELD@']\n",
        encoding="utf-8",
    )
    monkeypatch.setattr("inspect_stamina.sandbox.k8s_spec.VALUES_DIR", tmp_path)
    with pytest.raises(StaminaError, match="@NOT_A_FIELD@"):
        k8s_values("gaia", IMAGES["gaia"], LIMITS, True)


def test_missing_extra_names_the_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "k8s_sandbox", None)  # makes the import fail
    with pytest.raises(StaminaError, match=r"inspect-stamina\[k8s\]") as raised:
        k8s_sandbox("gaia", IMAGES["gaia"], LIMITS, True, tmp_path / "out")
    assert INSTALL_HINT in str(raised.value)
    assert not (tmp_path / "out").exists()  # reported before anything was written


def test_write_generated_names_files_by_content(tmp_path: Path) -> None:
    first = write_generated(tmp_path, "gaia", "a: 1\n", ".values.yaml")
    assert first.name.startswith("gaia-") and first.name.endswith(".values.yaml")
    assert write_generated(tmp_path, "gaia", "a: 1\n", ".values.yaml") == first
    first.write_text("damaged", encoding="utf-8")
    assert write_generated(tmp_path, "gaia", "a: 1\n", ".values.yaml").read_text(
        encoding="utf-8"
    ) == ("a: 1\n")
    assert [p.name for p in tmp_path.iterdir()] == [first.name]  # no temporary left


# --- GAIA's attachments as sample files ------------------------------------------------


def test_gaia_attachments_become_sample_files(tmp_path: Path) -> None:
    dataset = gaia_dataset(
        ["2023_level1", "2023_level2", "2023_level3"],
        "validation",
        EXAMPLE_DIR,
        staging_root=tmp_path / "staged",
    )
    moved = k8s_sample_files(dataset)
    assert (moved.name, moved.location, len(moved)) == (
        dataset.name,
        dataset.location,
        len(dataset),
    )
    with_file = 0
    for before, after in zip(dataset, moved, strict=True):
        name = (before.metadata or {})["file_name"]
        if not name:
            assert not after.files
            continue
        with_file += 1
        assert after.files == {
            f"{SANDBOX_FILES_DIR}/{name}": str(
                (Path((before.metadata or {})[SHARED_FILES_METADATA_KEY]) / name).resolve()
            )
        }
        source = Path(after.files[f"{SANDBOX_FILES_DIR}/{name}"])
        # the sample's own attachment, a real file with the dataset's bytes
        assert source.is_absolute() and source.is_file()
        original = next(EXAMPLE_DIR.rglob(f"validation/{name}"))
        assert source.read_bytes() == original.read_bytes()
        assert not before.files  # the original dataset is left as it was
    assert with_file, "the example dataset has no attachment to test with"


def test_sample_files_keep_existing_files_and_need_the_directory(tmp_path: Path) -> None:
    staged = tmp_path / "task-1"
    staged.mkdir()
    (staged / "data.csv").write_text("a,b\n", encoding="utf-8")
    sample = Sample(
        id="t1",
        input="q",
        files={"/etc/extra.txt": "inline"},
        metadata={SHARED_FILES_METADATA_KEY: str(staged)},
    )
    (moved,) = k8s_sample_files(MemoryDataset([sample]))
    assert moved.files == {
        "/etc/extra.txt": "inline",
        f"{SANDBOX_FILES_DIR}/data.csv": str((staged / "data.csv").resolve()),
    }
    lost = Sample(id="t2", input="q", metadata={SHARED_FILES_METADATA_KEY: str(tmp_path / "x")})
    with pytest.raises(StaminaError, match="t2"):
        k8s_sample_files(MemoryDataset([lost]))


# --- the start-up script in the real image (Docker standing in for the kubelet) ------


def docker_run_args(values: dict[str, Any]) -> list[str]:
    """`docker run` flags giving a container what the values give the pod's container.

    Each emptyDir becomes a tmpfs left as the kubelet leaves an emptyDir: root-owned,
    mode 0777; the security context becomes the same capabilities and flags.
    """
    service = values["services"]["default"]
    security = service["securityContext"]
    args = ["--read-only", "--network", "none", "--workdir", service["workingDir"]]
    args += ["--cap-drop", "ALL"] + [f"--cap-add={c}" for c in security["capabilities"]["add"]]
    if security["allowPrivilegeEscalation"] is False:
        args += ["--security-opt", "no-new-privileges"]
    args += [f"--env={e['name']}={e['value']}" for e in service.get("env", [])]
    for mount in service["volumeMounts"]:
        args += ["--tmpfs", f"{mount['mountPath']}:mode=0777,exec"]
    return args + ["--entrypoint", service["command"][0]]


@pytest.fixture
def pod_like(docker_engine: None) -> Iterator[Callable[[str], str]]:
    """Start the benchmark's image as its values start the pod; yields its container id."""
    started: list[str] = []

    def start(benchmark: str) -> str:
        values = k8s_values(benchmark, IMAGES[benchmark], LIMITS, False)
        service = values["services"]["default"]
        command = [*docker_run_args(values), IMAGES[benchmark], *service["command"][1:]]
        result = subprocess.run(
            ["docker", "run", "-d", "--rm", *command, *service["args"]],
            capture_output=True,
            text=True,
            check=True,
        )
        started.append(result.stdout.strip())
        probe = service["readinessProbe"]["exec"]["command"]
        for _ in range(60):  # the readiness probe, as the kubelet would run it
            if subprocess.run(["docker", "exec", started[-1], *probe]).returncode == 0:
                return started[-1]
            time.sleep(0.5)
        pytest.fail(f"the {benchmark} container never became ready")

    yield start
    for container in started:
        subprocess.run(["docker", "rm", "-f", container], capture_output=True)


def in_container(container: str, script: str, stdin: str | None = None) -> str:
    """Run a script as root in the container (as Inspect's exec does); its output."""
    return subprocess.run(
        ["docker", "exec", "-i", container, "bash", "-c", script],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.mark.docker
@pytest.mark.parametrize("suite", ["stamina", "gaia"])
def test_startup_script_prepares_the_mounts_in_the_real_image(
    suite: str, pod_like: Callable[[str], str]
) -> None:
    container = pod_like(suite)
    for path, owner_mode in OWNERS[suite].items():
        assert in_container(container, f"stat -c '%U %a' {path}").strip() == owner_mode, path
    for path in ("/tmp", "/var/tmp"):
        assert in_container(container, f"stat -c '%a' {path}").strip() == "1777"
    agent = "agent"
    # the users drew fresh ids (nobody else on the machine has them)
    ids = in_container(container, "cat /run/users/ids").split()
    assert len(ids) == (3 if suite == "stamina" else 1)
    assert all(int(line.split("=")[1]) >= 100000 for line in ids), ids
    # the per-user process limit reaches the agent's commands through runuser
    out = in_container(container, f"runuser -u {agent} -- bash --login -c 'ulimit -u; echo $HOME'")
    assert out.split() == [str(LIMITS.agent_processes), "/home/agent"]
    # the root filesystem is read-only, /workspace is the agent's
    out = in_container(
        container,
        f"runuser -u {agent} -- bash -c 'touch /workspace/ok && echo ws; touch /etc/x || echo ro'",
    )
    assert out.split() == ["ws", "ro"]


@pytest.mark.docker
def test_gaia_attachment_copied_as_root_stays_out_of_the_agents_reach(
    pod_like: Callable[[str], str],
) -> None:
    container = pod_like("gaia")
    # what Inspect's k8s sandbox does for a sample file: `head -c N > dst` as root
    in_container(container, "mkdir -p /shared_files && head -c 5 > /shared_files/a.txt", "hello")
    out = in_container(
        container,
        "runuser -u agent -- bash -c '"
        "cat /shared_files/a.txt; echo; rm -f /shared_files/a.txt || echo no-rm; "
        "echo x > /shared_files/a.txt || echo no-write; touch /shared_files/b || echo no-add'",
    )
    assert out.split() == ["hello", "no-rm", "no-write", "no-add"]
    assert in_container(container, "ls /shared_files").split() == ["a.txt"]


# --- the task-level interface (sandbox=k8s needs neither Docker nor its images) --------


@pytest.fixture
def docker_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to reach Docker fails, as on a machine that only talks to a cluster."""
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")

    def no_docker(tag: str) -> None:
        raise AssertionError(f"sandbox=k8s checked for the Docker image {tag}")

    for module in ("inspect_stamina.gaia.task", "inspect_stamina.stamina.task"):
        monkeypatch.setattr(f"{module}.require_image", no_docker, raising=False)


def test_stamina_task_on_k8s(chart_dir: Path, docker_down: None) -> None:
    from inspect_stamina.stamina.task import stamina

    task = stamina(sandbox="k8s")
    assert task.sandbox is not None and task.sandbox.type == "k8s"


def test_gaia_task_on_k8s_ships_attachments_as_sample_files(
    chart_dir: Path, docker_down: None, tmp_path: Path
) -> None:
    from inspect_stamina.gaia.task import gaia

    task = gaia(sandbox="k8s", dataset_hub="example", cache_dir=str(tmp_path))
    assert task.sandbox is not None and task.sandbox.type == "k8s"
    attached = [s for s in task.dataset if (s.metadata or {}).get("file_name")]
    assert attached
    for sample in attached:
        name = (sample.metadata or {})["file_name"]
        assert sample.files and f"{SANDBOX_FILES_DIR}/{name}" in sample.files


@pytest.mark.parametrize("task_name", ["stamina", "gaia"])
def test_unknown_sandbox_type_is_refused(task_name: str, docker_down: None) -> None:
    from inspect_stamina.gaia.task import gaia
    from inspect_stamina.stamina.task import stamina

    with pytest.raises(StaminaError, match="podman"):
        if task_name == "stamina":
            stamina(sandbox="podman")
        else:
            gaia(sandbox="podman", dataset_hub="example")
