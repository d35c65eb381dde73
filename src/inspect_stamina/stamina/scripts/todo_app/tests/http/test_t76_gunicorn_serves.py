"""Turn 76 (executed): the backend Dockerfile's own command starts gunicorn, which answers
the health check over real HTTP with production settings (DEBUG off, turn 66's variables).

Docker cannot run here, so the container's command runs in a copy of backend/ (the build
context, where the Dockerfile's COPY puts it), as `docker run -e ...` would start it.
"""

import json
import re
import secrets

import pytest
from live import BACKEND, Server, backend_copy

PORT = 8000  # the port turn 76 asks gunicorn to serve on


def _instruction(dockerfile, name):
    """The last ENTRYPOINT or CMD as an argument list (exec form or shell form), or []."""
    found = [m.group(1).strip() for m in re.finditer(rf"^\s*{name}\s+(.+)$", dockerfile, re.I | re.M)]
    if not found:
        return []
    value = found[-1]
    if value.startswith("["):
        try:
            words = json.loads(value)
        except ValueError:
            pytest.fail(f"{name} {value} is not a valid exec form", pytrace=False)
        return [str(word) for word in words]
    return ["/bin/sh", "-c", value]


def _container_command():
    path = BACKEND / "Dockerfile"
    if not path.is_file():
        pytest.fail("backend/Dockerfile does not exist", pytrace=False)
    # continued lines joined, so an instruction is one line
    dockerfile = re.sub(r"\\\s*\n", " ", path.read_text(errors="replace"))
    command = _instruction(dockerfile, "ENTRYPOINT") + _instruction(dockerfile, "CMD")
    if not command:
        pytest.fail("backend/Dockerfile has no CMD or ENTRYPOINT to start the app", pytrace=False)
    if command[0].startswith("/app/"):  # the WORKDIR the copy stands for
        command[0] = "./" + command[0][len("/app/"):]
    return command


@pytest.fixture(scope="module")
def served():
    server = Server(backend_copy(), _container_command(), PORT)
    try:
        yield server.start(seconds=45)
    finally:
        server.stop()


def test_the_container_command_serves_health_over_http(served):
    response = served.get("/api/v1/health/")
    assert response.status_code == 200, (
        f"GET /api/v1/health/ should answer 200, got {response.status_code}: {response.content[:300]!r}\n{served.log()}"
    )
    assert (response.json() or {}).get("status") == "ok", f'the health body should say "status": "ok": {response.content[:300]!r}'
    assert "gunicorn" in response.headers.get("Server", "").lower(), (
        f"gunicorn should answer (its Server header), got {response.headers.get('Server')!r} from {served.command}"
    )


def test_production_settings_hide_debug_pages(served):
    # with DEBUG off (DJANGO_DEBUG=0), an unknown URL gets the JSON 404 of turn 8, not
    # Django's debug page
    unknown = f"/api/v1/{secrets.token_hex(6)}/"  # any URL the app does not have
    response = served.get(unknown)
    assert response.status_code == 404, f"an unknown URL should answer 404, got {response.status_code}"
    assert isinstance(response.json(), dict), (
        f"with DJANGO_DEBUG=0 an unknown URL should answer the JSON 404, not a page: {response.content[:200]!r}"
    )
