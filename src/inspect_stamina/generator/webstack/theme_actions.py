"""Every action a web-stack theme offers after its fixed turns, and what each needs first.

An action is a typed change of the API (a resource, a field, a filter, an endpoint, a
guard, a data migration, a teammate's bug, a piece of the React client) that applies to
the project as it stands and returns a `Step`; `needs` names the models (or the other
actions) that must exist before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from inspect_stamina.generator.webstack import (
    actions,
    bugs,
    changes,
    client,
    concurrency,
    endpoints,
    queries,
)
from inspect_stamina.generator.webstack.catalogue import Theme
from inspect_stamina.generator.webstack.schema import Resource, WebProject

KEY_TURN = 2  # the turn that says the API key
PRODUCT_TURN = 3  # the turn that names the product (the client's heading, much later)


@dataclass(frozen=True)
class Action:
    """One of the theme's actions: what it needs built first and how it applies."""

    label: str  # unique within the plan ("field Book.pages")
    needs: tuple[str, ...]  # models (or other actions' labels) that must come first
    run: Callable[..., actions.Step]  # run(project, *args)
    args: tuple[Any, ...] = ()

    def apply(self, project: WebProject) -> actions.Step:
        """The step this action makes of `project`."""
        return self.run(project, *self.args)


def _parent(resource: Resource) -> str:
    return next(f.target for f in resource.fields if f.kind == "fk")


def theme_actions(theme: Theme, teammate: str = "") -> list[Action]:
    """Every action the theme offers after its fixed turns (`teammate` commits the bugs)."""
    first, *others = theme.resources
    found = [
        Action(f"resource {r.model}", (_parent(r),), actions.add_resource, (r,)) for r in others
    ]
    found += [
        Action(f"field {m}.{f.name}", (m,), actions.add_field, (m, f))
        for m, f in theme.extra_fields
    ]
    found += [Action(f"filter {m}.{n}", (m,), actions.add_filter, (m, n)) for m, n in theme.filters]
    found += [
        Action(f"search {m}.{n}", (m,), actions.add_search, (m, n)) for m, n in theme.searches
    ]
    found += [
        Action(f"count {r.model}", (r.model,), actions.add_count, (r.model,))
        for r in theme.resources
    ]
    found += [  # each list sorted by its first text field
        Action(
            f"ordering {r.model}", (r.model,), changes.add_ordering, (r.model, r.text_field.name)
        )
        for r in theme.resources
    ]
    found += [  # a parent's children, listed under it
        Action(
            f"nested {_parent(r)}.{r.model}", (r.model,), changes.add_nested, (_parent(r), r.model)
        )
        for r in others
    ]
    # a collection's further endpoints: bulk creation, a CSV export and its formula guard
    found += [
        Action(f"{kind} {r.model}", (need.format(model=r.model),), run, (r.model,))
        for r in theme.resources
        for kind, need, run in (
            ("bulk", "{model}", endpoints.add_bulk),
            ("export", "{model}", endpoints.add_export),
            ("formulas", "export {model}", endpoints.guard_formulas),
        )
    ]
    # every field with what it needs (a field a later turn adds, once it has): whole
    # numbers bound the list, true/false fields filter it, choices get their values counted
    fields = [(r.model, f, r.model) for r in theme.resources for f in r.fields]
    fields += [(m, f, f"field {m}.{f.name}") for m, f in theme.extra_fields]
    found += [
        Action(f"range {m}.{f.name}", (need,), endpoints.add_range, (m, f.name))
        for m, f, need in fields
        if f.kind == "int"
    ]
    found += [
        Action(f"{kind} {m}.{f.name}", (need,), run, (m, f.name))
        for m, f, need in fields
        for kind, field_kind, run in (
            ("flag", "bool", endpoints.add_flag),
            ("stats", "choice", endpoints.add_stats),
            ("total", "int", queries.add_total),
            ("increment", "int", concurrency.add_increment),
        )
        if f.kind == field_kind
    ]
    # the newest record, a list by ids and a text field's distinct values
    found += [
        Action(f"{kind} {r.model}", (r.model,), run, (r.model,))
        for r in theme.resources
        for kind, run in (
            ("latest", queries.add_latest),
            ("ids", queries.add_ids),
            ("values", queries.add_values),
        )
    ]
    model, source, length = theme.slug
    lmodel, lname, llength = theme.longer
    models = {r.model for r in theme.resources}
    found += [  # the slug and the raised limit only on resources the seed drew
        action
        for action in (
            Action(
                "unique", (first.model,), changes.make_unique, (first.model, first.text_field.name)
            ),
            Action("protect", (others[0].model,), changes.protect_parent, (others[0].model,)),
            Action("guard", (), actions.guard_writes, (KEY_TURN,)),
            Action("slug", (model,), changes.derive_slug, (model, source, length)),
            Action("longer", (lmodel,), changes.lengthen, (lmodel, lname, llength)),
        )
        if all(n in models for n in action.needs)
    ]
    found += [
        # bugs a teammate's settings change plants
        *(Action(f"bug {plant.__name__}", (), plant, (teammate,)) for plant in bugs.PLANTS),
        # the React client over the first resource
        Action("client setup", (), client.setup, (PRODUCT_TURN,)),
        Action("client module", ("client setup",), client.client_module, (KEY_TURN,)),
        Action("client list", ("client module",), client.list_component),
        Action("client form", ("client module",), client.form_component),
        Action("client build", ("client setup",), client.production_build),
    ]
    return found


__all__ = ["KEY_TURN", "PRODUCT_TURN", "Action", "theme_actions"]
