"""Image definitions: an image extending another (lists and setup scripts), the Dockerfile's
ENV for offline builds, the default set, and the shipped definitions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from inspect_stamina.sandbox import image_build, images
from inspect_stamina.sandbox.image_build import BUILD_CA_IN_IMAGE, CONTEXT_IN_IMAGE
from inspect_stamina.sandbox.images import (
    BASE_SETUP_SCRIPT,
    DEFAULT_ENV,
    ImageBuildError,
    ImageSpec,
    image_specs,
)

DOCKERFILE = 'FROM debian:bookworm-slim\nENV LANG=C.UTF-8\nCMD ["/bin/bash"]\n'


def define(root: Path, name: str, files: dict[str, str]) -> ImageSpec:
    directory = root / name
    directory.mkdir()
    for filename, text in {"Dockerfile": DOCKERFILE, **files}.items():
        (directory / filename).write_text(text, encoding="utf-8")
    return ImageSpec(name, directory)


def test_extending_image_lists_base_packages_first(tmp_path: Path) -> None:
    base = define(
        tmp_path, "base", {"apt-packages.txt": "# c\npython3\ncurl\n", "requirements.txt": "a\nb\n"}
    )
    child = define(
        tmp_path,
        "child",
        {"extends": "# lists first\nbase\n", "apt-packages.txt": "curl\nchromium\n"},
    )
    assert child.base == base
    assert child.apt_packages == ["python3", "curl", "chromium"]
    assert child.python_packages == ["a", "b"]
    context = tmp_path / "context"
    child.write_context(context)
    assert (context / "apt-packages.txt").read_text(encoding="utf-8") == "python3\ncurl\nchromium\n"
    assert (context / "requirements.txt").read_text(encoding="utf-8") == "a\nb\n"
    assert (context / "Dockerfile").read_text(encoding="utf-8") == DOCKERFILE


def test_base_change_changes_the_extending_image_hash(tmp_path: Path) -> None:
    base = define(tmp_path, "base", {"requirements.txt": "a\n"})
    child = define(tmp_path, "child", {"extends": "base\n"})
    before = child.spec_hash()
    (base.directory / "requirements.txt").write_text("a\nb\n", encoding="utf-8")
    assert child.spec_hash() != before


@pytest.mark.parametrize(
    ("extends", "message"),
    [("missing\n", "names no other image"), ("child\n", "names no other image")],
)
def test_bad_extends_is_a_clear_error(tmp_path: Path, extends: str, message: str) -> None:
    child = define(tmp_path, "child", {"extends": extends})
    with pytest.raises(ImageBuildError, match=message):
        _ = child.apt_packages


def test_base_setup_script_runs_before_the_image_own(tmp_path: Path) -> None:
    define(tmp_path, "base", {"setup.sh": "useradd agent\n"})
    child = define(tmp_path, "child", {"extends": "base\n", "setup.sh": "echo child\n"})
    assert child.setup_scripts == [BASE_SETUP_SCRIPT, "setup.sh"]
    context = tmp_path / "context"
    child.write_context(context)
    assert (context / BASE_SETUP_SCRIPT).read_text(encoding="utf-8") == "useradd agent\n"
    assert (context / "setup.sh").read_text(encoding="utf-8") == "echo child\n"


@pytest.mark.parametrize(
    ("base_setup", "child_setup", "scripts"),
    [
        (True, False, [BASE_SETUP_SCRIPT]),
        (False, True, ["setup.sh"]),
        (False, False, []),
    ],
)
def test_setup_scripts_are_those_that_exist(
    tmp_path: Path, base_setup: bool, child_setup: bool, scripts: list[str]
) -> None:
    define(tmp_path, "base", {"setup.sh": "true\n"} if base_setup else {})
    files = {"extends": "base\n", **({"setup.sh": "true\n"} if child_setup else {})}
    child = define(tmp_path, "child", files)
    assert child.setup_scripts == scripts
    context = tmp_path / "context"
    child.write_context(context)
    assert (context / BASE_SETUP_SCRIPT).exists() == base_setup


def test_base_setup_change_changes_the_extending_image_hash(tmp_path: Path) -> None:
    base = define(tmp_path, "base", {"setup.sh": "useradd agent\n"})
    child = define(tmp_path, "child", {"extends": "base\n"})
    before = child.spec_hash()
    (base.directory / "setup.sh").write_text("useradd agent checker\n", encoding="utf-8")
    assert child.spec_hash() != before


def test_extending_image_context_holds_the_base_setup_script_files(tmp_path: Path) -> None:
    # the base's setup.sh installs files of its directory: as base-setup.sh it finds them
    base = define(tmp_path, "base", {"setup.sh": "cp -r lib /opt\n", "notes.txt": "n\n"})
    (base.directory / "lib").mkdir()
    (base.directory / "lib/mod.py").write_text("X = 1\n", encoding="utf-8")
    child = define(tmp_path, "child", {"extends": "base\n", "apt-packages.txt": "curl\n"})
    context = tmp_path / "context"
    child.write_context(context)
    assert (context / "lib/mod.py").read_text(encoding="utf-8") == "X = 1\n"
    assert (context / "notes.txt").is_file() and (context / BASE_SETUP_SCRIPT).is_file()
    # the defining files are this image's own (the lists merged), never the base's
    assert (context / "Dockerfile").read_text(encoding="utf-8") == DOCKERFILE
    assert not (context / "setup.sh").exists()
    assert (context / "apt-packages.txt").read_text(encoding="utf-8") == "curl\n"


def test_a_file_in_both_the_image_and_its_base_is_refused(tmp_path: Path) -> None:
    define(tmp_path, "base", {"setup.sh": "true\n", "notes.txt": "base\n"})
    child = define(tmp_path, "child", {"extends": "base\n", "notes.txt": "child\n"})
    with pytest.raises(ImageBuildError, match="notes.txt"):
        child.write_context(tmp_path / "context")


def test_bytecode_left_beside_an_image_files_is_no_part_of_it(tmp_path: Path) -> None:
    spec = define(tmp_path, "img", {"setup.sh": "true\n"})
    (spec.directory / "lib").mkdir()
    (spec.directory / "lib/mod.py").write_text("X = 1\n", encoding="utf-8")
    before = spec.spec_hash()
    (spec.directory / "lib/__pycache__").mkdir()
    (spec.directory / "lib/__pycache__/mod.cpython-311.pyc").write_bytes(b"\0")
    assert spec.spec_hash() == before
    spec.write_context(tmp_path / "context")
    assert (tmp_path / "context/lib/mod.py").is_file()
    assert not (tmp_path / "context/lib/__pycache__").exists()
    (spec.directory / "lib/mod.py").write_text("X = 2\n", encoding="utf-8")
    assert spec.spec_hash() != before


def test_stamina_images_ship_the_fenwright_library_and_its_reference(tmp_path: Path) -> None:
    # setup.sh installs fenwright/ from its build context; stamina-web runs it as base-setup.sh
    specs = image_specs()
    for name in ("stamina", "stamina-web"):
        context = tmp_path / name
        specs[name].write_context(context)
        assert (context / "fenwright/fenwright/__init__.py").is_file(), name
        assert (context / "fenwright/README.md").is_file(), name
        setup = context / ("setup.sh" if name == "stamina" else BASE_SETUP_SCRIPT)
        assert "/usr/share/doc/fenwright" in setup.read_text(encoding="utf-8"), name


def test_own_file_named_like_the_base_setup_copy_is_refused(tmp_path: Path) -> None:
    define(tmp_path, "base", {"setup.sh": "true\n"})
    child = define(tmp_path, "child", {"extends": "base\n", BASE_SETUP_SCRIPT: "true\n"})
    with pytest.raises(ImageBuildError, match=BASE_SETUP_SCRIPT):
        _ = child.setup_scripts


def test_offline_build_runs_setup_scripts_in_order_beside_the_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    define(tmp_path, "base", {"setup.sh": "useradd agent\n"})
    child = define(tmp_path, "child", {"extends": "base\n", "setup.sh": "true\n"})
    rootfs = tmp_path / "rootfs"
    (rootfs / "tmp").mkdir(parents=True)
    context = rootfs / CONTEXT_IN_IMAGE.lstrip("/")
    ca = rootfs / BUILD_CA_IN_IMAGE.lstrip("/")
    calls: list[tuple[list[str], dict[str, str]]] = []

    def run(cmd: list[str], what: str, env: dict[str, str], timeout: float) -> None:
        # while a script runs, the context and the host's certificates are in the image
        assert (context / cmd[-1].rsplit("/", 1)[1]).is_file()
        assert ca.is_file() and env["NODE_EXTRA_CA_CERTS"] == BUILD_CA_IN_IMAGE
        calls.append((cmd, env))

    monkeypatch.setattr(image_build, "_run", run)
    monkeypatch.setenv("https_proxy", "http://proxy.example:3128")
    image_build._run_setup_scripts(child, rootfs, log=lambda _: None)
    assert [cmd[-1] for cmd, _ in calls] == [
        f"{CONTEXT_IN_IMAGE}/{BASE_SETUP_SCRIPT}",
        f"{CONTEXT_IN_IMAGE}/setup.sh",
    ]
    cmd, env = calls[0]
    # /proc, a mount and PID namespace of its own: as a `docker build` RUN step
    assert cmd[:1] == ["unshare"] and f"--mount-proc={rootfs / 'proc'}" in cmd
    assert cmd[cmd.index("chroot") :][:2] == ["chroot", str(rootfs)]
    assert env["HOME"] == "/root" and env["LANG"] == "C.UTF-8"
    assert env["https_proxy"] == "http://proxy.example:3128"
    assert not context.exists() and not ca.exists()


def _hash_of(specs: dict[str, ImageSpec], tag: str) -> str:
    return next(s.spec_hash() for s in specs.values() if s.tag == tag)


def test_dockerfile_env_reaches_offline_image(tmp_path: Path) -> None:
    dockerfile = (
        "FROM debian:bookworm-slim\n"
        "ENV LANG=C.UTF-8\n"
        "env A=1 B='quoted'\n"
        "RUN apt-get update \\\n"
        " env NOT=an-instruction \\\n"
        " && true\n"
    )
    spec = define(tmp_path, "img", {"Dockerfile": dockerfile})
    assert spec.env == {**DEFAULT_ENV, "LANG": "C.UTF-8", "A": "1", "B": "quoted"}


@pytest.mark.parametrize("line", ['ENV PATH="$PATH:/opt/bin"', "ENV A='two words'", "ENV A 1"])
def test_dockerfile_env_beyond_literal_pairs_is_refused(tmp_path: Path, line: str) -> None:
    spec = define(tmp_path, "img", {"Dockerfile": f"FROM x\n{line}\n"})
    with pytest.raises(ImageBuildError, match="literal values"):
        _ = spec.env


def test_shipped_browser_image_extends_gaia_and_sets_playwright_path() -> None:
    specs = image_specs()
    browser = specs["gaia-browser"]
    assert browser.base == specs["gaia"]
    assert browser.env["PLAYWRIGHT_BROWSERS_PATH"] == "/opt/pw-browsers"
    assert "chromium-headless-shell" in browser.apt_packages
    for name, spec in specs.items():
        assert spec.env["LANG"] == "C.UTF-8", name


def test_shipped_dockerfiles_run_the_context_setup_scripts_in_order() -> None:
    # the offline build runs spec.setup_scripts; the Dockerfile must run the same ones
    for name, spec in image_specs().items():
        dockerfile = (spec.directory / "Dockerfile").read_text(encoding="utf-8")
        run = re.findall(r"bash /tmp/image/(\S+\.sh)", dockerfile)
        assert run == spec.setup_scripts, name


WEB = "stamina-web"


def test_web_image_extends_stamina_with_node_and_the_django_stack() -> None:
    specs = image_specs()
    web = specs[WEB]
    assert web.base == specs["stamina"]
    assert web.setup_scripts == [BASE_SETUP_SCRIPT, "setup.sh"]
    assert web.apt_packages[: len(specs["stamina"].apt_packages)] == specs["stamina"].apt_packages
    assert {"nodejs", "python3-pip", "git", "patch", "python3"} <= set(web.apt_packages)
    assert "npm" not in web.apt_packages  # debootstrap cannot resolve its virtual packages
    assert web.python_packages[0] == "pytest"
    own = images._read_list(web.directory / "requirements.txt")
    names = {line.split("==")[0].lower() for line in own}
    assert names == {
        "django",
        "djangorestframework",
        "djangorestframework-simplejwt",
        "django-filter",
        "django-cors-headers",
        "pytest-django",
        "gunicorn",  # serves the agent's app as its production entrypoint would
    }
    assert all(re.fullmatch(r"[\w.-]+==[\w.]+", line) for line in own), own
    django = next(line for line in own if line.lower().startswith("django=="))
    assert django.startswith("Django==5.2.")  # the LTS; Django 6 needs Python 3.12


def test_web_template_pins_exact_versions_and_its_lockfile_matches() -> None:
    template = image_specs()[WEB].directory / "web-template"
    package = json.loads((template / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((template / "package-lock.json").read_text(encoding="utf-8"))
    wanted = {**package["dependencies"], **package["devDependencies"]}
    assert set(wanted) >= {
        "react",
        "react-dom",
        "vite",
        "@vitejs/plugin-react",
        "vitest",
        "jsdom",
        "@testing-library/react",
        "@testing-library/jest-dom",
        "@testing-library/user-event",
    }
    assert lock["lockfileVersion"] == 3
    root = lock["packages"][""]
    assert root["dependencies"] == package["dependencies"]
    assert root["devDependencies"] == package["devDependencies"]
    for name, version in wanted.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (name, version)
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name
    # Node 18 (bookworm): Vite 7, Vitest 4, jsdom 27 and jest-dom 6.10 need Node 20 or 22
    assert wanted["vite"].startswith("6.") and wanted["vitest"].startswith("3.")
    assert wanted["jsdom"].startswith("26.")
