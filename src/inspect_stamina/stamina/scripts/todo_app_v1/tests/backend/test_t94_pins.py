"""Turn 94 (static): backend/requirements.txt pins every requirement with == and names the stack."""

import os
import re
from pathlib import Path

import pytest

WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace"))
NEEDED = {
    "django",
    "djangorestframework",
    "djangorestframework-simplejwt",
    "django-cors-headers",
    "gunicorn",
}


def _requirements():
    path = WORKSPACE / "backend" / "requirements.txt"
    if not path.is_file():
        pytest.fail("backend/requirements.txt does not exist", pytrace=False)
    lines = []
    for raw in path.read_text().splitlines():
        line = raw.split(" #", 1)[0].strip()
        if line and not line.startswith(("#", "-")):
            lines.append(line)
    return lines


def _name(line):
    return re.split(r"[\s\[<>=!~;@]", line, maxsplit=1)[0].lower().replace("_", "-").replace(".", "-")


def test_every_requirement_is_pinned():
    # name[extras] == version, optionally ; markers or --hash options after it
    pin = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\s*(\[[^\]]*\])?\s*==\s*[A-Za-z0-9.*+!_-]+")
    loose = [
        line for line in _requirements() if not pin.fullmatch(line.split(";")[0].split(" --")[0].rstrip(" \\"))
    ]
    assert not loose, f"every requirement should be pinned exactly with ==, these are not: {loose}"


def test_the_stack_is_listed():
    names = {_name(line) for line in _requirements()}
    missing = sorted(NEEDED - names)
    assert not missing, f"requirements.txt should list {missing} (it lists {sorted(names)})"
