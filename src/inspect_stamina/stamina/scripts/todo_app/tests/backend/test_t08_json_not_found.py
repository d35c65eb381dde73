"""Turn 8: an unknown URL answers 404 with a JSON body (not Django's HTML page)."""

import json

import pytest


@pytest.mark.parametrize("url", ["/api/v1/nothing-here/", "/no/such/page/"])
def test_unknown_url_is_json(anon, url):
    response = anon.get(url)
    assert response.status_code == 404, f"GET {url} should answer 404, got {response.status_code}"
    kind = response.get("Content-Type", "")
    assert kind.startswith("application/json"), f"GET {url} should answer JSON, got Content-Type {kind!r}"
    body = json.loads(response.content)
    assert isinstance(body, dict) and body, f"a JSON object saying what went wrong: {response.content[:200]!r}"
