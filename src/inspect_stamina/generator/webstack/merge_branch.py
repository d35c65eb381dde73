"""The web-stack merge challenge: a teammate's resource on a branch, merged a turn later.

Before the fork turn the harness commits the agent's work and the teammate branches off
it: their model, serializer and viewset appended to the app's files, their routes to
`config/urls.py`, and a migration made by `makemigrations` on the branch. The fork
turn's own action adds a migration too, so the merge that follows leaves two migrations
after the same one (and often a conflict in the app's files): the agent keeps both sides
and makes the history one again, as `makemigrations --merge` does. The checks: the
teammate's resource served over HTTP like every other, the migrations in step with the
models, and the teammate's commit in HEAD's history with no conflict left.
"""

from __future__ import annotations

from inspect_stamina.generator import merge
from inspect_stamina.generator.webstack import django_files as files
from inspect_stamina.generator.webstack.actions import (
    MIGRATIONS_IN_STEP,
    Step,
    crud_request,
    fields_described,
)
from inspect_stamina.generator.webstack.checks import crud_test
from inspect_stamina.generator.webstack.schema import Resource, WebProject


def _appends(project: WebProject, mate: Resource) -> dict[str, str]:
    """What the teammate's commit appends to the agent's files, whatever is in them."""
    pkg, model = project.package, mate.model
    fields = "".join(
        f"\n    {f.name} = {files.model_field(f, in_migration=False, path=mate.path)}"
        for f in mate.fields
    )
    names = ", ".join(f'"{n}"' for n in ("id", *(f.name for f in mate.fields)))
    return {
        f"{pkg}/models.py": (
            f"\n\nfrom django.db import models\n\n\nclass {model}(models.Model):{fields}\n"
        ),
        f"{pkg}/serializers.py": (
            f"\n\nfrom rest_framework import serializers\n\nfrom .models import {model}\n\n\n"
            f"class {model}Serializer(serializers.ModelSerializer):\n"
            f"    class Meta:\n        model = {model}\n        fields = [{names}]\n"
        ),
        f"{pkg}/views.py": (
            f"\n\nfrom rest_framework import viewsets\n\nfrom .models import {model}\n"
            f"from .serializers import {model}Serializer\n\n\n"
            f"class {model}ViewSet(viewsets.ModelViewSet):\n"
            f'    queryset = {model}.objects.order_by("id")\n'
            f"    serializer_class = {model}Serializer\n"
        ),
        "config/urls.py": (
            f"\n\nfrom rest_framework.routers import SimpleRouter\n\n"
            f"from {pkg}.views import {model}ViewSet\n\n"
            f"{mate.singular}_router = SimpleRouter()\n"
            f'{mate.singular}_router.register("api/{mate.path}", {model}ViewSet, '
            f'basename="{mate.singular}")\n'
            f"urlpatterns += {mate.singular}_router.urls\n"
        ),
    }


def fork_setup(project: WebProject, mate: Resource) -> str:
    """Bash before the fork turn: commit the agent's work, and the teammate's branch off
    it with their resource and the migration makemigrations writes for it there."""
    # a database of its own, so that no sqlite file lands in the teammate's commit; a
    # bounded run, so that a project that hangs on start still gets his branch
    make = (
        f'(cd "$fork" && DATABASE_PATH="$(mktemp -d)/teammate.sqlite3" timeout 60 python '
        f"manage.py makemigrations {project.package} --name {mate.singular} >/dev/null 2>&1) "
        "|| true"
    )
    return merge.fork_setup(mate.path, _appends(project, mate), make)


def fork_note() -> str:
    """What the fork turn's prompt says first."""
    return (
        f"FYI I committed everything so far to git; {merge.TEAMMATE} has branched off it to "
        "add a resource of his own."
    )


def merge_step(project: WebProject, mate: Resource, at_fork: int, ours: str) -> Step:
    """The teammate's branch merged after the fork turn (`at_fork`: how many migrations
    the project had when he branched off; `ours`: the fork turn's checkpoint)."""
    follows = project.migrations[at_fork - 1].name  # the highest-numbered at the fork
    merged = project.with_resource(mate)
    # his migration, as makemigrations numbers it on the branch, then the merge
    merged = merged.migrated(
        mate.singular,
        files.create_model(merged, mate),
        depends=(follows,),
        number=int(follows[:4]) + 1,
    )
    two = project.migrations[-1].name != follows  # the fork turn added one too
    if two:
        leaves = (project.migrations[-1].name, merged.migrations[-1].name)
        merged = merged.migrated("merge", depends=leaves)
    branch = merge.branch_name(mate.path)
    history = (
        "and the merge leaves two migrations that follow the same one: keep both sides, make "
        "the migrations one history again (`python manage.py makemigrations --merge` is made "
        "for that)"
        if two
        else "keep both sides"
    )
    prompt = (
        f"{merge.TEAMMATE} finished {mate.singular}s at `/api/{mate.path}/` on the branch "
        f"`{branch}`: the model, its serializer and viewset appended to our app's files, the "
        "routes in `config/urls.py`, and a migration made with makemigrations. Commit your "
        f"work, then merge that branch into ours. Git may flag conflicts in the app's files, "
        f"{history}, and commit the merge. His {mate.path} have {fields_described(mate)}, and "
        f"work like the others: {crud_request(mate)}."
    )
    tests = ((f"{mate.path}_crud", crud_test(merged, mate)), MIGRATIONS_IN_STEP)
    return Step(
        "merge", f"{mate.path} merged", prompt, merged, tests, True, merge_of=(mate.path, ours)
    )


def merge_files(project: WebProject) -> tuple[str, ...]:
    """The files the teammate's commit touches, which the merge's reference rewrites."""
    pkg = project.package
    return (f"{pkg}/models.py", f"{pkg}/serializers.py", f"{pkg}/views.py", "config/urls.py")


__all__ = ["fork_note", "fork_setup", "merge_files", "merge_step"]
