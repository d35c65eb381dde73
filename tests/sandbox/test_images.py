"""The sandbox images: built from the shipped package lists, with what agents need."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from inspect_stamina.paths import COMPOSE_DIR
from inspect_stamina.sandbox.image_build import image_label
from inspect_stamina.sandbox.images import image_specs
from tests.helpers import run_in_image

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["inspect-stamina", *args], capture_output=True, text=True)


def test_images_are_current_after_setup() -> None:
    result = cli("images", "build")
    assert result.returncode == 0, result.stderr
    for spec in image_specs().values():
        assert f"{spec.tag} is current" in result.stdout
        assert image_label(spec.tag) == spec.spec_hash()


def test_unknown_image_is_a_clear_error() -> None:
    result = cli("images", "build", "nope")
    assert result.returncode == 1
    assert "unknown image(s) ['nope']" in result.stderr and "Traceback" not in result.stderr


def test_gaia_image_has_python_tools_and_attachment_libraries() -> None:
    tag = image_specs()["gaia"].tag
    probe = (
        "python --version && curl --version | head -n1 && wget --version | head -n1 && "
        "git --version && python -c 'import pandas, openpyxl, pypdf, PIL, docx, pptx, numpy; print(\"libs ok\")'"
    )
    result = run_in_image(tag, probe)
    assert result.returncode == 0, result.stderr
    assert "Python 3.11" in result.stdout
    assert "libs ok" in result.stdout
    for tool in ("curl", "GNU Wget", "git version"):
        assert tool in result.stdout


def test_docker_up_is_idempotent() -> None:
    result = cli("docker", "up")
    assert result.returncode == 0, result.stderr
    assert "nothing to do" in result.stderr


@pytest.mark.parametrize("user", ["checker", "runner"])
def test_check_users_can_write_only_where_check_runs_clean_up(user: str) -> None:
    # check runs delete what the check users made in these places alone (a full walk of
    # / would cost more than the rest of a check run): the image must not add another
    from inspect_stamina.stamina.check_layout import CHECKER_WRITABLE_SYSTEM

    probe = (
        f"runuser -u {user} -- find / /dev/shm /dev/mqueue -xdev -type d -writable "
        "2>/dev/null | sort -u"
    )
    result = run_in_image(image_specs()["stamina"].tag, probe)
    assert result.returncode == 0, result.stderr
    writable = set(result.stdout.split())
    assert writable == {*CHECKER_WRITABLE_SYSTEM, f"/home/{user}"}


@pytest.mark.parametrize("name", ["stamina", "stamina-web", "gaia", "gaia-browser"])
def test_users_draw_fresh_ids_and_nothing_is_setuid(name: str) -> None:
    probe = (
        "cat /run/users/ids; id -u agent; ls -l /etc/passwd | grep -o -- '-> .*'; "
        "find / -xdev -perm /6000 -type f 2>/dev/null | wc -l"
    )
    first = run_in_image(image_specs()[name].tag, probe)
    second = run_in_image(image_specs()[name].tag, probe)
    assert first.returncode == 0, first.stderr
    *ids, agent, link, setuid = first.stdout.split("\n")[:-1]
    assert link == "-> /run/users/passwd" and setuid == "0"
    assert f"agent={agent}" in ids and int(agent) >= 100000
    assert first.stdout != second.stdout  # every container draws its own


@pytest.mark.parametrize("name", ["stamina", "stamina-web"])
def test_fenwright_imports_for_agent_and_checker_beside_its_reference(name: str) -> None:
    spec = image_specs()[name]
    assert image_label(spec.tag) == spec.spec_hash(), f"{spec.tag} is not current: run setup"
    probe = (
        "cd / && for user in agent checker; do runuser -u $user -- python3 -c "
        "'import fenwright; print(fenwright.reckon(fenwright.CLOCK, \"1h30m\").grains)'; done"
        " && python3 -c 'import importlib.metadata as m, fenwright; "
        'print(m.version("fenwright") == fenwright.__version__)\''
        " && cat /usr/share/doc/fenwright/README.md"
    )
    result = run_in_image(spec.tag, probe)
    assert result.returncode == 0, result.stderr
    reference = (spec.directory.parent / "stamina/fenwright/README.md").read_text(encoding="utf-8")
    agent, checker, metadata, rest = result.stdout.split("\n", 3)
    assert agent == checker == "5400"
    assert metadata == "True"  # pip and importlib.metadata know it too
    assert rest.endswith(reference)


@pytest.fixture(scope="module")
def web_image() -> str:
    """The stamina-web image, current (setup builds it with the others)."""
    spec = image_specs()["stamina-web"]
    assert image_label(spec.tag) == spec.spec_hash(), f"{spec.tag} is not current: run setup"
    return spec.tag


WEB_VERIFY = image_specs()["stamina-web"].directory / "verify"


def run_in_sandbox(
    tag: str, script: str, *docker_args: str, user: str = "agent", owners: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """`bash -c SCRIPT` as the StaminaBench sandbox runs it: the stamina compose file's
    read-only root, tmpfs mounts and limits, no network, as the agent in /workspace.
    """
    compose = COMPOSE_DIR / "stamina" / "compose.yaml"
    service = yaml.safe_load(compose.read_text(encoding="utf-8"))
    service = service["services"]["default"]
    args = ["--network", "none", "--read-only", "--init", "-w", service["working_dir"]]
    args += ["--memory", service["mem_limit"], "--cpus", str(service["cpus"])]
    args += ["--pids-limit", str(service["pids_limit"])]
    args += ["--ulimit", f"nproc={service['ulimits']['nproc']}"]
    args += ["--cap-drop", "ALL", *[f"--cap-add={c}" for c in service["cap_add"]]]
    args += [f"--security-opt={option}" for option in service["security_opt"]]
    for mount in service["tmpfs"]:
        args += ["--tmpfs", mount]
    home = f"/home/{user}"
    command = ["docker", "run", "--rm", *args, "-e", f"HOME={home}", *docker_args, tag]
    # the container's own start (users and their mounts), then the script as the user
    start = service["command"][: service["command"].index("--")]
    command += [*start, *owners, "--", "runuser", "-u", user, "--", "bash", "-c", script]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def mount(path: Path, target: str) -> tuple[str, str]:
    return ("-v", f"{path}:{target}:ro")


def test_web_image_has_the_stamina_users_and_tools(web_image: str) -> None:
    probe = (
        "id -u agent && id -u checker && python --version && pytest --version && "
        "git --version && patch --version | head -n1 && node --version && npm --version"
    )
    result = run_in_image(web_image, probe)
    assert result.returncode == 0, result.stderr
    agent, checker = (int(line) for line in result.stdout.split("\n")[:2])
    assert agent >= 100000 and checker == agent + 1
    assert "Python 3.11" in result.stdout and "git version" in result.stdout
    assert "v18.20." in result.stdout and "10.9.9" in result.stdout


def test_web_template_installs_offline_and_vitest_runs_jsdom_tests(web_image: str) -> None:
    script = (
        "set -e; mkdir app && cd app && cp /opt/web-template/package*.json . && "
        "cp -r /verify/web/. . && npm ci && npx vitest run"
    )
    result = run_in_sandbox(web_image, script, *mount(WEB_VERIFY, "/verify"))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "1 passed" in result.stdout


def test_plain_npm_installs_resolve_to_the_cached_versions(web_image: str) -> None:
    # any install but `npm ci` rewrites the cache's index: it needs /opt/npm-cache
    # writable, here a new anonymous volume, which Docker fills from the image
    template = image_specs()["stamina-web"].directory / "web-template/package.json"
    package = json.loads(template.read_text(encoding="utf-8"))
    dev = " ".join(package["devDependencies"])
    script = (
        "set -e; npm init -y >/dev/null && npm install react react-dom && "
        f"npm install -D {dev} >/dev/null && npm ls --depth=0 --json"
    )
    # the volume holds the image's files, owned by the image's placeholder id: the
    # start gives the whole tree to the agent
    cache = ("-v", "/opt/npm-cache")
    owners = ("agent:/opt/npm-cache:R0755",)
    result = run_in_sandbox(web_image, script, *cache, owners=owners)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    installed = json.loads(result.stdout[result.stdout.index("{") :])["dependencies"]
    # the cache holds what a plain install resolved to when the image was built: the
    # template's version or a later one of the same major (the range npm writes, ^x.y.z)
    for name, version in {**package["dependencies"], **package["devDependencies"]}.items():
        got = installed[name]["version"]
        wanted, have = _version(version), _version(got)
        assert have[0] == wanted[0] and have >= wanted, f"{name}: {got} for ^{version}"
    missing = run_in_sandbox(
        web_image, "npm init -y >/dev/null; npm install left-pad", *cache, owners=owners
    )
    assert missing.returncode != 0 and "ENOTCACHED" in missing.stderr


def test_django_stack_runs_and_installs_from_the_wheelhouse(web_image: str) -> None:
    script = (
        "set -e; python -c 'import django, rest_framework, rest_framework_simplejwt, "
        "django_filters, corsheaders, pytest_django; print(django.get_version())' && "
        "cp -r /verify/django/. . && "
        "python -m pytest -q -p no:cacheprovider --ds=settings test_api.py && "
        "python -m venv venv && "
        "venv/bin/pip install --no-index --find-links /opt/wheelhouse djangorestframework && "
        "venv/bin/pip install django-filter djangorestframework-simplejwt django-cors-headers && "
        "venv/bin/pip install pytest-django && "
        "venv/bin/python -m pytest -q -p no:cacheprovider --ds=settings test_api.py && "
        "! venv/bin/pip install requests"
    )
    result = run_in_sandbox(web_image, script, *mount(WEB_VERIFY, "/verify"))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert result.stdout.startswith("5.2.")
    assert result.stdout.count("1 passed") == 2
    # pip knows the wheelhouse is its only source: no retries against an index
    assert "No matching distribution found for requests" in result.stderr


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("-")[0].split("."))
