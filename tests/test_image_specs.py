"""Image definitions: an image extending another, and the Dockerfile's ENV for offline builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspect_stamina.images import DEFAULT_ENV, ImageBuildError, ImageSpec, image_specs

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


def test_base_with_setup_script_is_refused(tmp_path: Path) -> None:
    define(tmp_path, "base", {"setup.sh": "true\n"})
    child = define(tmp_path, "child", {"extends": "base\n"})
    with pytest.raises(ImageBuildError, match="has a setup.sh"):
        _ = child.base


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
