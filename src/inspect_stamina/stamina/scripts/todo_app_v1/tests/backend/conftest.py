"""Benchmark-owned: loads the agent's Django project (backend/, settings config.settings,
as turn 1 asks) for tests that use it only through HTTP, as a client would."""

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
def make_user(db):
    """make_user('ann') -> (the account, a DRF test client signed in as it)."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    def make(name: str):
        account = get_user_model().objects.create_user(username=name, password="pw-" + name)
        client = APIClient()
        # signed in from the first test on, so the tests still hold once the API requires
        # accounts (turn 71); before that, the API ignores it
        client.force_authenticate(account)
        return account, client

    return make


@pytest.fixture
def api(make_user):
    """A signed-in DRF test client on the agent's API (a fresh test database per test)."""
    return make_user("tester")[1]


def _items(response):
    data = response.json()
    return data["results"] if isinstance(data, dict) and "results" in data else data


@pytest.fixture
def items():
    """items(response): the todos of a list response, paginated (turn 28 on) or not."""
    return _items


@pytest.fixture
def anon(db):
    """A DRF test client that is not signed in (for registration, tokens, auth errors)."""
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def make_todo(api):
    """make_todo(title='x', **fields) -> the created todo's JSON (POST through `api`)."""

    def make(title="a todo", client=None, **fields):
        response = (client or api).post("/api/v1/todos/", {"title": title, **fields}, format="json")
        assert response.status_code == 201, (
            f"creating a todo should answer 201, got {response.status_code}: {response.content[:300]!r}"
        )
        return response.json()

    return make
