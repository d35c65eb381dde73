"""Turn 49: the bulk endpoints answer malformed bodies with a 400 in the error format."""

import pytest

BAD_BODIES = [{"ids": 5}, {"ids": ["x"]}, {}]


@pytest.mark.parametrize("endpoint", ["bulk-complete", "bulk-delete"])
@pytest.mark.parametrize("body", BAD_BODIES, ids=["ids-not-a-list", "ids-not-numbers", "no-ids"])
def test_malformed_bulk_body_is_a_validation_error(api, endpoint, body):
    response = api.post(f"/api/v1/todos/{endpoint}/", body, format="json")
    assert response.status_code == 400, f"{body} to {endpoint}: {response.status_code}"
    error = response.json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert "ids" in error.get("fields", {}), f"the error should name the ids field: {error}"


def test_well_formed_bulk_body_still_works(api):
    ids = [api.post("/api/v1/todos/", {"title": t}, format="json").json()["id"] for t in "ab"]
    response = api.post("/api/v1/todos/bulk-complete/", {"ids": ids}, format="json")
    assert response.status_code == 200
    assert response.json()["updated"] == 2
