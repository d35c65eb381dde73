"""A missing image of ours is built on its first use, saying so; a failed build says how to retry."""

from __future__ import annotations

from pathlib import Path

import pytest
from docker.errors import ImageNotFound

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.task import gaia
from inspect_stamina.sandbox import docker_check
from inspect_stamina.sandbox.images import ImageBuildError, image_specs


class _Images:
    def __init__(self, present: set[str]) -> None:
        self.present = present

    def get(self, tag: str) -> None:
        if tag not in self.present:
            raise ImageNotFound(tag)


class _Client:
    def __init__(self, present: set[str]) -> None:
        self.images = _Images(present)

    def close(self) -> None:
        pass


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[str]]:
    """No image is present; builds are recorded (and make the image present)."""
    present: set[str] = set()
    calls: list[list[str]] = []

    def build_images(names: list[str], log: object = None) -> list[str]:
        calls.append(names)
        present.update(image_specs()[n].tag for n in names)
        return [image_specs()[n].tag for n in names]

    monkeypatch.setenv("INSPECT_STAMINA_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(docker_check, "docker_client", lambda: _Client(present))
    monkeypatch.setattr(docker_check, "build_images", build_images)
    return calls


def test_a_missing_image_of_ours_is_built_on_first_use_and_says_so(
    built: list[list[str]],
) -> None:
    lines: list[str] = []
    tag = image_specs()["stamina-web"].tag
    docker_check.require_image(tag, log=lines.append)
    docker_check.require_image(tag, log=lines.append)  # present now: nothing more
    assert built == [["stamina-web"]]
    assert len(lines) == 2
    assert f"sandbox image {tag} is not built yet: building it now" in lines[0]
    assert "`inspect-stamina images build stamina-web`" in lines[0]
    assert lines[1].startswith(f"sandbox image {tag} is ready")


def test_a_failed_first_use_build_is_a_clear_error(
    built: list[list[str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def failing(names: list[str], log: object = None) -> list[str]:
        raise ImageBuildError("offline image build needs debootstrap")

    monkeypatch.setattr(docker_check, "build_images", failing)
    with pytest.raises(StaminaError) as caught:
        gaia(dataset_hub="example", web_browser=True, cache_dir=str(tmp_path))
    message = str(caught.value)
    assert "inspect-stamina/gaia-browser" in message
    assert "building it failed: offline image build needs debootstrap" in message
    assert "`inspect-stamina images build gaia-browser`" in message


@pytest.mark.parametrize(
    ("argv", "names"),
    [(["setup"], ["stamina", "gaia"]), (["setup", "--all-images"], None)],
)
def test_setup_builds_the_default_runs_images_unless_asked_for_all(
    argv: list[str], names: list[str] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inspect_stamina import cli, offline
    from inspect_stamina.cli import commands
    from inspect_stamina.sandbox import image_build

    asked: list[list[str] | None] = []
    monkeypatch.setattr(commands, "docker_up", lambda: None)
    monkeypatch.setattr(offline, "seed_tiktoken_cache", lambda: None)

    def build_images(names: list[str] | None, mode: str, force: bool) -> list[str]:
        asked.append(names)
        return []

    monkeypatch.setattr(image_build, "build_images", build_images)
    assert cli.main(argv) == 0
    assert asked == [names]
