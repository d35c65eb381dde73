import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient


@pytest.mark.django_db
def test_jwt_and_filtered_list() -> None:
    User.objects.create_user("ada", password="pw-123456")
    User.objects.create_user("bob", password="pw-123456")
    client = APIClient()
    assert client.get("/api/users/").status_code == 401
    token = client.post("/api/token/", {"username": "ada", "password": "pw-123456"}).json()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token['access']}")
    response = client.get("/api/users/", {"username": "bob"})
    assert response.status_code == 200
    assert [u["username"] for u in response.json()] == ["bob"]
