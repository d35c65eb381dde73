"""The Django + DRF project of a web-stack script, rendered from its `WebProject`.

`manage.py` and `config/` (settings reading the SQLite file from `DATABASE_PATH`, the
URL root) stay as the first turn wrote them; the app's models, serializers, views, URLs
and migrations follow the model. Every migration is the one `makemigrations` would write
for the models beside it, so `makemigrations --check` finds nothing to do.
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.django_views import views
from inspect_stamina.generator.webstack.schema import Field, Resource, WebProject

MANAGE_PY = '''\
#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
'''

_SETTINGS = '''\
"""Settings of the {package} API: a JSON API over SQLite, nothing else."""

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-not-a-secret")
DEBUG = False
ALLOWED_HOSTS = [{hosts}]
INSTALLED_APPS = ["rest_framework", "{package}"]
MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]
ROOT_URLCONF = "config.urls"
DATABASES = {{
    "default": {{
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("DATABASE_PATH", str(BASE_DIR / "db.sqlite3")),
    }}
}}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
REST_FRAMEWORK = {{
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
}}
'''

_ROOT_URLS = '''\
"""The URL root: the API under /api/."""

from django.urls import include, path

urlpatterns = [path("api/", include("{package}.urls"))]
'''


def render(project: WebProject) -> dict[str, str]:
    """Every file of the project as it stands: relative path -> text."""
    pkg = project.package
    hosts = ", ".join(f'"{h}"' for h in ("127.0.0.1", "localhost", *project.hosts))
    settings = _SETTINGS.format(package=pkg, hosts=hosts)
    if project.api_key:
        settings += f'\n# what a write to a guarded resource sends in X-Api-Key\nAPI_KEY = "{project.api_key}"\n'
    files = {
        "manage.py": MANAGE_PY,
        "config/__init__.py": "",
        "config/settings.py": settings,
        "config/urls.py": _ROOT_URLS.format(package=pkg),
        f"{pkg}/__init__.py": "",
        f"{pkg}/apps.py": _apps(pkg),
        f"{pkg}/models.py": _models(project),
        f"{pkg}/serializers.py": _serializers(project),
        f"{pkg}/views.py": views(project),
        f"{pkg}/urls.py": _urls(project),
        f"{pkg}/migrations/__init__.py": "",
    }
    for migration in project.migrations:
        files[f"{pkg}/migrations/{migration.name}.py"] = _migration(project, migration.name)
    files.update(project.notes)
    return files


def _apps(pkg: str) -> str:
    config = pkg.title().replace("_", "") + "Config"
    return (
        f'"""The {pkg} app."""\n\nfrom django.apps import AppConfig\n\n\n'
        f"class {config}(AppConfig):\n"
        f'    default_auto_field = "django.db.models.BigAutoField"\n'
        f'    name = "{pkg}"\n'
    )


def model_field(f: Field, *, in_migration: bool, package: str = "", path: str = "") -> str:
    """The Django field's source, as models.py or (keywords sorted) a migration writes it."""
    kwargs: dict[str, str] = {}
    if f.kind == "text":
        kind = "CharField"
        kwargs["max_length"] = str(f.max_length)
        if f.default == "":
            kwargs["blank"] = "True"
    elif f.kind == "int":
        kind = "PositiveIntegerField"
    elif f.kind == "bool":
        kind = "BooleanField"
    elif f.kind == "choice":
        kind = "CharField"
        kwargs["max_length"] = "20"
        kwargs["choices"] = "[" + ", ".join(f"({c!r}, {c!r})" for c in f.choices) + "]"
    else:
        kind = "ForeignKey"
        kwargs["related_name"] = repr(path)
        rule = "PROTECT" if f.protect else "CASCADE"
        if in_migration:
            kwargs["on_delete"] = f"django.db.models.deletion.{rule}"
            kwargs["to"] = repr(f"{package}.{f.target.lower()}")
        else:
            kwargs["on_delete"] = f"models.{rule}"
    if f.unique:
        kwargs["unique"] = "True"
    if f.default is not None:
        kwargs["default"] = repr(f.default)
    if in_migration:
        keys = sorted(kwargs)
        return f"models.{kind}(" + ", ".join(f"{k}={kwargs[k]}" for k in keys) + ")"
    args = [repr(f.target)] if f.kind == "fk" else []
    args += [f"{k}={v}" for k, v in kwargs.items()]
    return f"models.{kind}(" + ", ".join(args) + ")"


def _models(project: WebProject) -> str:
    slugs = any(f.derived for r in project.resources for f in r.fields)
    head = "import re\n\n" if slugs else ""
    parts = [f'"""The {project.package} API\'s records."""\n\n{head}from django.db import models\n']
    if slugs:
        parts.append(SLUGIFY)
    for r in project.resources:
        parts.append(f'\n\nclass {r.model}(models.Model):\n    """A {r.singular}."""\n')
        for f in r.fields:
            parts.append(f"\n    {f.name} = {model_field(f, in_migration=False, path=r.path)}")
        parts.append("\n")
        for f in r.fields:
            if f.derived:
                parts.append(_SLUG_SAVE.format(name=f.name, source=f.derived))
    return "".join(parts)


_SLUG_SAVE = """
    def save(self, *args, **kwargs):
        self.{name} = slugify_text(self.{source})
        super().save(*args, **kwargs)
"""

SLUGIFY = '''

def slugify_text(text):
    """The text in lower case, each run of characters other than a-z and 0-9 one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
'''


def _serializers(project: WebProject) -> str:
    pkg = project.package
    models = ", ".join(r.model for r in project.resources)
    parts = [
        f'"""How the {pkg} API reads and writes its records."""\n\n'
        f"from rest_framework import serializers\n\nfrom {pkg}.models import {models}\n"
    ]
    for r in project.resources:
        names = ", ".join(repr(n) for n in ["id", *(f.name for f in r.fields)])
        readonly = [f.name for f in r.fields if f.derived]
        parts.append(
            f"\n\nclass {r.model}Serializer(serializers.ModelSerializer):\n"
            f"    class Meta:\n        model = {r.model}\n        fields = [{names}]\n"
        )
        if readonly:
            parts.append(f"        read_only_fields = {readonly!r}\n")
    return "".join(parts)


def _urls(project: WebProject) -> str:
    pkg = project.package
    lines = [
        f'"""The {pkg} API\'s routes, under /api/."""',
        "",
        "from rest_framework.routers import SimpleRouter",
        "",
        f"from {pkg} import views",
        "",
        "router = SimpleRouter()",
    ]
    for r in project.resources:
        lines.append(
            f'router.register("{r.path}", views.{r.model}ViewSet, basename="{r.singular}")'
        )
    lines.append("urlpatterns = router.urls")
    return "\n".join(lines) + "\n"


def _migration(project: WebProject, name: str) -> str:
    index = [m.name for m in project.migrations].index(name)
    migration = project.migrations[index]
    pkg = project.package
    follows = migration.depends or ((project.migrations[index - 1].name,) if index else ())
    depends = ", ".join(f'("{pkg}", "{name}")' for name in follows)
    source = "\n".join(migration.operations)
    imports = []
    if "django.db.models.deletion" in source:
        imports.append("import django.db.models.deletion")
    if migration.imports:
        imports.append("import re")
    imports.append("from django.db import migrations, models")
    head = f'"""Migration {name} of the {pkg} app."""\n\n' + "\n".join(imports) + "\n"
    if migration.imports:
        head += "".join(migration.imports)
    initial = "    initial = True\n\n" if index == 0 else ""
    return (
        f"{head}\n\nclass Migration(migrations.Migration):\n{initial}"
        f"    dependencies = [{depends}]\n\n    operations = [\n{source}\n    ]\n"
    )


def create_model(project: WebProject, r: Resource) -> str:
    """A migration's CreateModel operation for `r`."""
    lines = [
        "        migrations.CreateModel(",
        f'            name="{r.model}",',
        "            fields=[",
        '                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),',
    ]
    for f in r.fields:
        source = model_field(f, in_migration=True, package=project.package, path=r.path)
        lines.append(f'                ("{f.name}", {source}),')
    lines += ["            ],", "        ),"]
    return "\n".join(lines)


def add_field(project: WebProject, r: Resource, f: Field) -> str:
    """A migration's AddField operation for `f` of `r`."""
    source = model_field(f, in_migration=True, package=project.package, path=r.path)
    return (
        f'        migrations.AddField(model_name="{r.singular}", name="{f.name}", field={source}),'
    )


def alter_field(project: WebProject, r: Resource, f: Field) -> str:
    """A migration's AlterField operation for `f` of `r`."""
    source = model_field(f, in_migration=True, package=project.package, path=r.path)
    return f'        migrations.AlterField(model_name="{r.singular}", name="{f.name}", field={source}),'


__all__ = [
    "MANAGE_PY",
    "SLUGIFY",
    "add_field",
    "alter_field",
    "create_model",
    "model_field",
    "render",
]
