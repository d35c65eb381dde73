"""Benchmark-owned: the fixture that serves the agent's backend under gunicorn (live.py)."""

import os
import sys

import pytest

# the checks import test files by path (pytest's importlib mode): the helpers beside
# this file become importable as `live`
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from live import Server, backend_copy, free_port, production_build, run_in, sign_up_for_tokens  # noqa: E402


@pytest.fixture(scope="session")
def migrated_backend():
    """A copy of backend/ (its database included) after `manage.py migrate`: its path.

    One per test run: a check run's tests share it (and the server below), so each
    regression run pays for one copy, one migration and one server start.
    """
    copy = backend_copy()
    run_in(copy, sys.executable, "manage.py", "migrate", "--noinput")
    return copy


@pytest.fixture(scope="session")
def gunicorn_app(migrated_backend):
    """The project's config.wsgi under gunicorn on a free port, serving the migrated copy
    with production settings: 2 worker processes of 4 threads, so requests run at once."""
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi:application",
        "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
    ]
    server = Server(migrated_backend, command, port)
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture(scope="session")
def volunteer(gunicorn_app):
    """An account signed up over HTTP once per test run: its access and refresh tokens.

    Shared by the tests that only need a signed-in client, since each sign-up costs the
    production password hasher twice (register and token) inside the measured run.
    """
    return sign_up_for_tokens(gunicorn_app, "volunteer")


@pytest.fixture(scope="session")
def built_frontend():
    """frontend/ built for production with Vite (live.py): the path of its dist directory."""
    return production_build()
