"""build_images: current images are kept, stale ones built offline two at a time."""

from __future__ import annotations

import threading

import pytest

from inspect_stamina.sandbox import image_build
from inspect_stamina.sandbox.image_build import build_images
from inspect_stamina.sandbox.images import ImageBuildError, ImageSpec, image_specs


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(image_build, "registry_reachable", lambda: False)
    current = image_specs()["gaia"]
    monkeypatch.setattr(
        image_build, "image_label", lambda tag: current.spec_hash() if tag == current.tag else None
    )


def test_stale_images_build_side_by_side_and_current_ones_are_kept(
    offline: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each fake build waits for the other: both must be under way at once
    both = threading.Barrier(2, timeout=10)
    built: list[str] = []

    def build_offline(spec: ImageSpec, log: object = None) -> None:
        both.wait()
        built.append(spec.name)

    monkeypatch.setattr(image_build, "build_offline", build_offline)
    lines: list[str] = []
    tags = build_images(["stamina", "gaia", "stamina-web"], log=lines.append)
    assert sorted(built) == ["stamina", "stamina-web"]
    assert tags == [image_specs()[n].tag for n in ("stamina", "gaia", "stamina-web")]
    assert f"{image_specs()['gaia'].tag} is current" in lines


def test_a_failed_offline_build_is_raised(offline: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def build_offline(spec: ImageSpec, log: object = None) -> None:
        raise ImageBuildError(f"debootstrap of {spec.name} failed")

    monkeypatch.setattr(image_build, "build_offline", build_offline)
    with pytest.raises(ImageBuildError, match="debootstrap of stamina failed"):
        build_images(["stamina"], log=lambda line: None)
