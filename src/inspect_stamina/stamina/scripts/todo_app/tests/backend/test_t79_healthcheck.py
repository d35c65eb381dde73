"""Turn 79 (static): backend/Dockerfile has a HEALTHCHECK asking /api/v1/health/ every 30 seconds,
and no `RUN docker ...` (a build cannot start containers)."""

import os
import re
from pathlib import Path

import pytest

DOCKERFILE = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace")) / "backend" / "Dockerfile"


@pytest.fixture
def dockerfile():
    if not DOCKERFILE.is_file():
        pytest.fail("backend/Dockerfile does not exist", pytrace=False)
    # join continued lines, so an instruction is one line
    return re.sub(r"\\\s*\n", " ", DOCKERFILE.read_text(errors="replace"))


def test_healthcheck_asks_the_health_endpoint(dockerfile):
    checks = [m.group(1) for m in re.finditer(r"^\s*HEALTHCHECK\s+(.+)$", dockerfile, re.I | re.M)]
    assert checks, "backend/Dockerfile should have a HEALTHCHECK"
    check = checks[-1]
    assert "/api/v1/health/" in check, f"the health check should ask /api/v1/health/: {check}"
    assert re.search(r"--interval[= ]30s\b", check), f"every 30 seconds (--interval=30s): {check}"


def test_no_docker_command_runs_at_build_time(dockerfile):
    runs = [m.group(1) for m in re.finditer(r"^\s*RUN\s+(.+)$", dockerfile, re.I | re.M)]
    assert not any(re.search(r"\bdocker(-compose)?\b", r) for r in runs), f"a RUN line calls docker: {runs}"
