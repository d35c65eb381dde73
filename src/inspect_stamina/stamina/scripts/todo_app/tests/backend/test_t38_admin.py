"""Turn 38: Tag and Subtask are in the Django admin beside Todo; tags can be searched by name."""

from django.contrib import admin


def test_tags_and_subtasks_registered(db):
    from todos.models import Subtask, Tag, Todo

    for model in (Todo, Tag, Subtask):
        assert admin.site.is_registered(model), f"{model.__name__} should be registered in the admin"
    assert "name" in admin.site._registry[Tag].search_fields, "tags should be searchable by name in the admin"


def test_admin_pages_answer(admin_client):
    for url in ("/admin/todos/tag/", "/admin/todos/subtask/", "/admin/todos/tag/?q=work"):
        response = admin_client.get(url)
        assert response.status_code == 200, f"GET {url} as an admin should answer 200, got {response.status_code}"
