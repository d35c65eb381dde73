"""Benchmark-owned: loads the agent's finished Django project (backend/, settings
config.settings) for end-to-end tests that use it only through its HTTP API."""

import os
import sys
from pathlib import Path

import pytest

BACKEND = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace")) / "backend"
sys.path.insert(0, str(BACKEND))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

try:
    import django

    django.setup()
    from django.test.utils import override_settings

    # a fast hasher for the test accounts, as Django's own test advice has it: the
    # project's PBKDF2 costs a quarter second per account and the suite makes hundreds
    override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]).enable()
    SETUP_ERROR = None
except Exception as ex:  # noqa: BLE001 - a broken project fails each test, with the reason
    SETUP_ERROR = f"the Django project in backend/ does not load: {type(ex).__name__}: {ex}"


@pytest.fixture(autouse=True)
def _project_loads():
    if SETUP_ERROR:
        pytest.fail(SETUP_ERROR, pytrace=False)


@pytest.fixture
def anon(db):
    """A DRF test client that is not signed in."""
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def signup(db):
    """signup('ann') -> a client signed in the way a user would: register, then a JWT."""
    from rest_framework.test import APIClient

    def make(name: str):
        client = APIClient()
        password = f"{name}-Secret-2024!"
        registered = client.post("/api/v1/auth/register/", {"username": name, "password": password}, format="json")
        assert registered.status_code == 201, f"registering {name} should answer 201, got {registered.status_code}"
        token = client.post("/api/v1/auth/token/", {"username": name, "password": password}, format="json")
        assert token.status_code == 200, f"{name} should get a token, got {token.status_code}"
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token.json()['access']}")
        return client

    return make


def _items(response):
    data = response.json()
    return data["results"] if isinstance(data, dict) and "results" in data else data


@pytest.fixture
def items():
    """items(response): the todos of a list response."""
    return _items
