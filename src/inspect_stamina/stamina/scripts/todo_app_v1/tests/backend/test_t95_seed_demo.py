"""Turn 95: `manage.py seed_demo` makes user demo (password demo-pass-123) with 5 todos, idempotently."""

from django.core.management import call_command
from rest_framework.test import APIClient


def _demo_client():
    client = APIClient()
    response = client.post(
        "/api/v1/auth/token/", {"username": "demo", "password": "demo-pass-123"}, format="json"
    )
    assert response.status_code == 200, f"demo / demo-pass-123 should get a token, got {response.status_code}"
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['access']}")
    return client


def _count(client):
    """All the account's todos: the default list plus the archived ones (archiving is turn 88)."""
    total = 0
    for params in ({}, {"archived": "true"}):
        body = client.get("/api/v1/todos/", params).json()
        total += body["count"] if isinstance(body, dict) and "count" in body else len(body)
    return total


def test_seed_demo_creates_the_demo_account(db):
    call_command("seed_demo")
    client = _demo_client()
    assert _count(client) == 5, f"demo should have 5 todos, has {_count(client)}"


def test_seed_demo_twice_still_5(db):
    call_command("seed_demo")
    call_command("seed_demo")
    client = _demo_client()
    assert _count(client) == 5, f"running seed_demo twice should still leave 5 todos, found {_count(client)}"
    assert client.get("/api/v1/auth/me/").json().get("username") == "demo"
