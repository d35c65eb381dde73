"""The web-stack domain's hidden model: the API's resources, their fields and migrations.

A turn's action changes this model (a resource, a field, a filter, a guard, a data
migration) and the Django project and its black-box tests are rendered from it, so a
reference and its checkpoint agree by construction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

KINDS = ("text", "int", "bool", "choice", "fk")


@dataclass(frozen=True)
class Field:
    """One field of a resource as the API reads and writes it."""

    name: str
    kind: str  # one of KINDS
    default: Any = None  # None: required on create; otherwise what a create without it gets
    max_length: int = 0  # text
    choices: tuple[str, ...] = ()  # choice: the values it takes
    target: str = ""  # fk: the model it points at
    blurb: str = ""  # what it holds, as the user says it ("the number of pages")
    derived: str = ""  # a slug: read-only, computed from this text field on every save
    unique: bool = False  # no two records hold the same value
    protect: bool = False  # fk: deleting the record it names is refused while it does

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind
        assert self.kind != "fk" or (self.target and self.default is None), self.name

    @property
    def required(self) -> bool:
        """Whether a create must give it."""
        return self.default is None

    def column(self) -> str:
        """Its column in the model's table (a foreign key's gets Django's `_id`)."""
        return f"{self.name}_id" if self.kind == "fk" else self.name

    def value(self, body: dict[str, Any]) -> Any:
        """What the API answers for this field of a record created from `body`."""
        if self.derived:
            return slugify(str(body[self.derived]))
        return body.get(self.name, self.default)

    def describe(self) -> str:
        """The field as a prompt states it, type, constraint and default included."""
        what = f" ({self.blurb})" if self.blurb else ""
        if self.derived:
            return (
                f"`{self.name}`{what}: read-only, the `{self.derived}` in lower case with each run "
                "of characters other than a-z and 0-9 turned into one hyphen and none at either end"
            )
        if self.kind == "text":
            kind = f"a text of at most {self.max_length} characters"
        elif self.kind == "int":
            kind = "a whole number, 0 or more"
        elif self.kind == "bool":
            kind = "true or false"
        elif self.kind == "choice":
            kind = "one of " + ", ".join(f'"{c}"' for c in self.choices)
        else:
            kind = f"the id of {article(self.target.lower())}"
        if self.required:
            return f"`{self.name}`{what}: {kind}, required"
        return f"`{self.name}`{what}: {kind}, default {_json(self.default)}"


@dataclass(frozen=True)
class Resource:
    """A model and the endpoints that serve it under /api/<path>/."""

    model: str  # "Book"
    path: str  # "books"
    fields: tuple[Field, ...]
    filters: tuple[str, ...] = ()  # fields a list filters on by exact match (?name=value)
    search: str = ""  # a text field `?search=` matches, ignoring case
    guarded: bool = False  # writes need the API key
    counted: bool = False  # GET /api/<path>/count/ answers {"count": n}
    orderings: tuple[str, ...] = ()  # fields `?ordering=F` / `-F` sorts the list by
    nested: tuple[str, ...] = ()  # child resources' paths listed at /api/<path>/<id>/<child>/
    ranges: tuple[str, ...] = ()  # whole-number fields `?min_F=` / `?max_F=` bound the list by
    flags: tuple[str, ...] = ()  # true/false fields `?F=true` / `?F=false` filter the list on
    stats: tuple[str, ...] = ()  # choice fields GET /api/<path>/stats/ counts the values of
    bulk: bool = False  # POST /api/<path>/bulk/ creates an array of records, all or none
    export: bool = False  # GET /api/<path>/export/ answers the list as CSV
    formula_safe: bool = False  # the export prefixes a cell spreadsheets would run with '
    latest: bool = False  # GET /api/<path>/latest/ answers the record with the highest id
    by_ids: bool = False  # `?ids=1,3` lists only the records of those ids
    values: str = ""  # a text field GET /api/<path>/<F>_values/ answers the distinct values of
    totals: tuple[str, ...] = ()  # whole-number fields GET /api/<path>/totals/ sums
    increments: tuple[str, ...] = ()  # whole-number fields POST <id>/add_<F>/ adds to atomically

    @property
    def singular(self) -> str:
        """The model's name in prose ("book")."""
        return self.model.lower()

    def field(self, name: str) -> Field:
        """One of its fields by name."""
        return next(f for f in self.fields if f.name == name)

    @property
    def text_field(self) -> Field:
        """Its first required text field that clients write (not a derived slug): the
        one tests and prompts name when they need a field of it."""
        return next(f for f in self.fields if f.kind == "text" and f.required and not f.derived)

    def with_field(self, changed: Field) -> Resource:
        """This resource with its field of `changed`'s name replaced by `changed`."""
        return replace(
            self, fields=tuple(changed if f.name == changed.name else f for f in self.fields)
        )

    def sample(self, n: int, refs: dict[str, int]) -> dict[str, Any]:
        """The `n`th body a test creates: every field given, foreign keys from `refs`."""
        body: dict[str, Any] = {}
        for f in self.fields:
            if f.derived:
                continue
            if f.kind == "fk":
                body[f.name] = refs[f.target]
            elif f.kind == "text":
                body[f.name] = f"{f.name} {n}"[: f.max_length]
            elif f.kind == "int":
                body[f.name] = 3 * n + 1
            elif f.kind == "bool":
                body[f.name] = n % 2 == 1
            else:
                body[f.name] = f.choices[n % len(f.choices)]
        return body

    def minimal(self, n: int, refs: dict[str, int]) -> dict[str, Any]:
        """The `n`th body with only the required fields."""
        full = self.sample(n, refs)
        return {f.name: full[f.name] for f in self.fields if f.required and not f.derived}

    def answer(self, rid: int, body: dict[str, Any]) -> dict[str, Any]:
        """The record the API answers for `body` created as id `rid` (defaults filled)."""
        out: dict[str, Any] = {"id": rid}
        for f in self.fields:
            out[f.name] = f.value(body)
        return out


@dataclass(frozen=True)
class Migration:
    """One migration file of the app: its name and what it does, as Python source."""

    name: str
    operations: tuple[str, ...]
    imports: tuple[str, ...] = ()  # extra module-level source (a data migration's function)
    # the migrations it follows (a merge's two); none: the one before it in the app's list
    depends: tuple[str, ...] = ()


@dataclass(frozen=True)
class WebProject:
    """The API as it stands after a turn."""

    package: str  # the Django app (and its migrations' label)
    resources: tuple[Resource, ...] = ()
    migrations: tuple[Migration, ...] = ()
    api_key: str = ""  # the value writes to a guarded resource must send in X-Api-Key
    hosts: tuple[str, ...] = ()  # allowed besides 127.0.0.1 and localhost
    title: str = ""  # the product's name, said once in turn 3 (the client's heading)
    notes: dict[str, str] = field(default_factory=dict)  # extra files: path -> text

    def resource(self, model: str) -> Resource:
        """One resource by its model's name."""
        return next(r for r in self.resources if r.model == model)

    def with_resource(self, resource: Resource) -> WebProject:
        """This project with `resource` added, or replacing the one of its model."""
        kept = tuple(r for r in self.resources if r.model != resource.model)
        if len(kept) == len(self.resources):
            return replace(self, resources=(*self.resources, resource))
        return replace(
            self,
            resources=tuple(resource if r.model == resource.model else r for r in self.resources),
        )

    def migrated(
        self,
        suffix: str,
        *operations: str,
        imports: tuple[str, ...] = (),
        depends: tuple[str, ...] = (),
        number: int = 0,
    ) -> WebProject:
        """This project with one more migration named `NNNN_suffix` (`number`, or one past
        the highest so far, as makemigrations numbers them)."""
        number = number or 1 + max((int(m.name[:4]) for m in self.migrations), default=0)
        migration = Migration(f"{number:04d}_{suffix}", operations, imports, depends)
        return replace(self, migrations=(*self.migrations, migration))


def article(word: str) -> str:
    """`word` after its indefinite article ("an event", "a book")."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def slugify(text: str) -> str:
    """A slug as the user states it: lower case, runs of other characters one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _json(value: Any) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


__all__ = ["KINDS", "Field", "Migration", "Resource", "WebProject", "article", "slugify"]
