"""The sandbox images: built from the shipped package lists, with what agents need."""

from __future__ import annotations

import subprocess

import pytest

from inspect_stamina.images import image_label, image_specs
from tests.helpers import run_in_image

pytestmark = pytest.mark.usefixtures("docker_engine")


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


def test_checker_can_write_only_where_check_runs_clean_up() -> None:
    # check runs delete what the checker made in these places alone (a full walk of /
    # would cost more than the rest of a check run): the image must not add another
    from inspect_stamina.stamina.checks import CHECKER_WRITABLE_SYSTEM

    probe = (
        "runuser -u checker -- find / /dev/shm /dev/mqueue -xdev -type d -writable "
        "2>/dev/null | sort -u"
    )
    result = run_in_image(image_specs()["stamina"].tag, probe)
    assert result.returncode == 0, result.stderr
    writable = set(result.stdout.split())
    assert writable == {*CHECKER_WRITABLE_SYSTEM, "/home/checker"}
