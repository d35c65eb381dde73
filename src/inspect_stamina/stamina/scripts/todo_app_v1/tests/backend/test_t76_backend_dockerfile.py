"""Turn 76 (static): backend/Dockerfile runs gunicorn as a non-root user; gunicorn is a requirement."""

import os
import re
from pathlib import Path

import pytest

WORKSPACE = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace"))
BACKEND = WORKSPACE / "backend"


def _read(path):
    if not path.is_file():
        pytest.fail(f"{path.relative_to(WORKSPACE)} does not exist", pytrace=False)
    # join continued lines, so an instruction is one line
    return re.sub(r"\\\s*\n", " ", path.read_text(errors="replace"))


def _instructions(text, name):
    return [m.group(1).strip() for m in re.finditer(rf"^\s*{name}\s+(.+)$", text, re.I | re.M)]


@pytest.fixture
def dockerfile():
    return _read(BACKEND / "Dockerfile")


def test_python_311_base_and_requirements_installed(dockerfile):
    froms = _instructions(dockerfile, "FROM")
    assert any(re.match(r"(--\S+\s+)*python:3\.11", f, re.I) for f in froms), (
        f"the image should be built FROM python:3.11...: FROM lines {froms}"
    )
    assert re.search(r"pip3?\s+install\b[^\n]*-r\s*\S*requirements\.txt", dockerfile, re.I), (
        "the Dockerfile should pip install -r requirements.txt"
    )


def test_gunicorn_serves_config_wsgi_on_port_8000(dockerfile):
    # the command may sit in the Dockerfile or in a script/config file beside it
    extra = "".join(
        p.read_text(errors="replace")
        for pattern in ("*.sh", "gunicorn*.py", "*.conf.py", "docker-entrypoint*")
        for p in BACKEND.glob(pattern)
        if p.is_file()
    )
    text = dockerfile + "\n" + extra
    assert re.search(r"gunicorn", text, re.I), "the container should run gunicorn"
    assert re.search(r"config\.wsgi", text), "gunicorn should serve config.wsgi"
    assert re.search(r"0\.0\.0\.0:8000", text), "gunicorn should bind 0.0.0.0:8000"
    assert any(re.search(r"\b8000\b", e) for e in _instructions(dockerfile, "EXPOSE")), "EXPOSE 8000"


def test_runs_as_a_non_root_user(dockerfile):
    users = _instructions(dockerfile, "USER")
    assert users, "the Dockerfile should switch to a non-root USER"
    last = users[-1].split()[0].strip("\"'")
    assert last.split(":")[0] not in ("root", "0"), f"the final USER should not be root: USER {users[-1]}"


def test_gunicorn_in_requirements():
    lines = _read(BACKEND / "requirements.txt").splitlines()
    assert any(re.match(r"\s*gunicorn\b", line, re.I) for line in lines), "requirements.txt should list gunicorn"
