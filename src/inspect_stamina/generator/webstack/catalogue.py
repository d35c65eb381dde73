"""What a web-stack script's API is about: themes of five resources and their changes.

A seed draws one theme and which of its later resources and spares it builds; its
resources come in order (a later one points at an earlier one), and the later turns draw
from its extra fields, filters, searches, the slug the data migration derives and the
text limit that is raised.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from inspect_stamina.generator.webstack.schema import Field, Resource


@dataclass(frozen=True)
class Theme:
    """One API's resources and the changes later turns may make to them."""

    name: str
    packages: tuple[str, ...]  # names the Django app may get
    resources: tuple[Resource, ...]  # in the order they are built
    extra_fields: tuple[tuple[str, Field], ...]  # (model, field) a later turn adds
    filters: tuple[tuple[str, str], ...]  # (model, foreign key or choice field)
    searches: tuple[tuple[str, str], ...]  # (model, text field)
    slug: tuple[str, str, int]  # (model, text field it follows, its max length)
    longer: tuple[str, str, int]  # (model, text field, its new max length)
    key_prefix: str  # the API key starts so
    # the resource a teammate builds on a branch the agent merges (no foreign key: it
    # must not depend on how the agent named anything)
    teammate: Resource
    # resources that may stand in for one of the later ones (each points at the first
    # two only), so two seeds of a theme build different APIs
    spares: tuple[Resource, ...] = ()


def _text(name: str, length: int, blurb: str = "", default: str | None = None) -> Field:
    return Field(name, "text", default=default, max_length=length, blurb=blurb)


def _int(name: str, default: int | None = 0, blurb: str = "") -> Field:
    return Field(name, "int", default=default, blurb=blurb)


def _choice(name: str, *values: str, blurb: str = "") -> Field:
    return Field(name, "choice", default=values[0], choices=values, blurb=blurb)


def _fk(name: str, target: str) -> Field:
    return Field(name, "fk", target=target)


def _bool(name: str, default: bool, blurb: str = "") -> Field:
    return Field(name, "bool", default=default, blurb=blurb)


THEMES: tuple[Theme, ...] = (
    Theme(
        "library",
        ("shelf", "bookroom", "readinglist"),
        (
            Resource("Author", "authors", (_text("name", 60), _text("country", 40, default=""))),
            Resource(
                "Book",
                "books",
                (
                    _text("title", 50),
                    _fk("author", "Author"),
                    _choice("genre", "fiction", "poetry", "essay"),
                ),
            ),
            Resource(
                "Review",
                "reviews",
                (
                    _fk("book", "Book"),
                    _text("headline", 80),
                    _int("stars", None, "1 to 5 in the UI, any whole number here"),
                    _text("comment", 200, default=""),
                ),
            ),
            Resource(
                "Loan",
                "loans",
                (
                    _fk("book", "Book"),
                    _text("borrower", 60),
                    _int("days", 14, "how long it is lent for"),
                    _bool("returned", False),
                ),
            ),
            Resource(
                "Quote",
                "quotes",
                (_fk("author", "Author"), _text("line", 200), _int("page", 0, "where it is")),
            ),
        ),
        (
            ("Book", _int("pages", 0, "the number of pages")),
            ("Book", _bool("in_print", True, "whether it can still be bought")),
            ("Author", _int("born", 0, "the year of birth, 0 when unknown")),
            ("Review", _text("reviewer", 40, "who wrote it", "anonymous")),
            ("Book", _text("isbn", 20, "", "")),
            ("Author", _choice("status", "active", "retired", blurb="whether they still write")),
        ),
        (("Book", "author"), ("Book", "genre"), ("Review", "book")),
        (("Book", "title"), ("Author", "name")),
        ("Book", "title", 60),
        ("Author", "name", 120),
        "lib",
        teammate=Resource(
            "Room", "rooms", (_text("name", 40), _int("floor", 0, "the floor it is on"))
        ),
        spares=(
            Resource(
                "Edition",
                "editions",
                (
                    _fk("book", "Book"),
                    _text("publisher", 60),
                    _int("year", 0, "the year it came out"),
                    _choice("format", "hardback", "paperback", "ebook"),
                ),
            ),
        ),
    ),
    Theme(
        "helpdesk",
        ("desk", "supportly", "ticketing"),
        (
            Resource("Customer", "customers", (_text("name", 60), _text("email", 80, default=""))),
            Resource(
                "Ticket",
                "tickets",
                (
                    _text("subject", 80),
                    _fk("customer", "Customer"),
                    _choice("status", "open", "pending", "closed"),
                ),
            ),
            Resource(
                "Reply",
                "replies",
                (
                    _fk("ticket", "Ticket"),
                    _text("text", 300),
                    _bool("internal", False, "a note only staff see"),
                ),
            ),
            Resource(
                "Attachment",
                "attachments",
                (_fk("ticket", "Ticket"), _text("filename", 80), _int("size", 0, "in bytes")),
            ),
            Resource(
                "Contract",
                "contracts",
                (
                    _fk("customer", "Customer"),
                    _text("code", 30),
                    _choice("tier", "basic", "gold", "platinum"),
                    _int("seats", 1, "how many agents it covers"),
                ),
            ),
        ),
        (
            ("Ticket", _int("priority", 3, "1 is the most urgent")),
            ("Customer", _choice("plan", "free", "pro", "enterprise")),
            ("Reply", _text("author", 40, "the staff member's name", "support")),
            ("Ticket", _bool("escalated", False)),
            ("Customer", _text("company", 60, default="")),
            ("Ticket", _choice("channel", "email", "phone", "chat", blurb="how it came in")),
        ),
        (("Ticket", "customer"), ("Ticket", "status"), ("Reply", "ticket")),
        (("Ticket", "subject"), ("Customer", "name")),
        ("Ticket", "subject", 90),
        ("Reply", "text", 2000),
        "hd",
        teammate=Resource("Macro", "macros", (_text("title", 60), _text("body", 200, default=""))),
        spares=(
            Resource(
                "Survey",
                "surveys",
                (
                    _fk("customer", "Customer"),
                    _text("remark", 120),
                    _int("score", None, "0 to 10, as the customer rated us"),
                    _bool("follow_up", False, "whether someone should call back"),
                ),
            ),
        ),
    ),
    Theme(
        "projects",
        ("planner", "taskboard", "workplan"),
        (
            Resource(
                "Project", "projects", (_text("name", 60), _int("budget", 0, "in whole euros"))
            ),
            Resource(
                "Task",
                "tasks",
                (
                    _text("title", 80),
                    _fk("project", "Project"),
                    _choice("stage", "todo", "doing", "done"),
                ),
            ),
            Resource(
                "Comment",
                "comments",
                (_fk("task", "Task"), _text("text", 300), _text("author", 40, default="team")),
            ),
            Resource(
                "Milestone",
                "milestones",
                (_fk("project", "Project"), _text("title", 80), _bool("done", False)),
            ),
            Resource(
                "Entry",
                "entries",
                (_fk("task", "Task"), _text("note", 120), _int("minutes", 0, "time spent")),
            ),
        ),
        (
            ("Task", _int("estimate", 1, "in hours")),
            ("Project", _bool("archived", False)),
            ("Task", _text("assignee", 40, "who works on it", "")),
            ("Comment", _bool("pinned", False)),
            ("Project", _choice("colour", "blue", "green", "orange")),
            ("Task", _int("order", 0, "its place on the board")),
        ),
        (("Task", "project"), ("Task", "stage"), ("Comment", "task")),
        (("Task", "title"), ("Project", "name")),
        ("Project", "name", 70),
        ("Task", "title", 160),
        "pj",
        teammate=Resource(
            "Label", "labels", (_text("name", 30), _text("colour", 20, default="grey"))
        ),
        spares=(
            Resource(
                "Risk",
                "risks",
                (
                    _fk("project", "Project"),
                    _text("summary", 120),
                    _choice("impact", "low", "medium", "high"),
                    _int("likelihood", 1, "1 to 5 in the UI"),
                ),
            ),
        ),
    ),
    Theme(
        "events",
        ("eventbase", "venues", "gatherings"),
        (
            Resource(
                "Venue", "venues", (_text("name", 60), _int("capacity", 0, "how many people fit"))
            ),
            Resource(
                "Event",
                "events",
                (
                    _text("title", 80),
                    _fk("venue", "Venue"),
                    _choice("kind", "talk", "workshop", "social"),
                ),
            ),
            Resource(
                "Booking",
                "bookings",
                (_fk("event", "Event"), _text("guest", 60), _int("seats", 1, "seats booked")),
            ),
            Resource(
                "Speaker",
                "speakers",
                (_fk("event", "Event"), _text("name", 60), _int("minutes", 30, "talk length")),
            ),
            Resource(
                "Rating",
                "ratings",
                (
                    _fk("event", "Event"),
                    _text("comment", 120),
                    _int("score", 3, "0 to 5 in the UI"),
                    _bool("anonymous", True),
                ),
            ),
        ),
        (
            ("Event", _bool("published", False)),
            ("Venue", _text("city", 40, default="")),
            ("Booking", _choice("state", "held", "paid", "cancelled")),
            ("Event", _int("price", 0, "per seat, in cents")),
            ("Venue", _bool("accessible", True, "step-free access")),
            ("Booking", _text("note", 200, default="")),
        ),
        (("Event", "venue"), ("Event", "kind"), ("Booking", "event")),
        (("Event", "title"), ("Venue", "name")),
        ("Event", "title", 90),
        ("Venue", "name", 100),
        "ev",
        teammate=Resource(
            "Sponsor", "sponsors", (_text("name", 60), _int("level", 1, "1 is the top tier"))
        ),
        spares=(
            Resource(
                "Volunteer",
                "volunteers",
                (
                    _fk("event", "Event"),
                    _text("name", 60),
                    _int("hours", 0, "hours pledged"),
                    _bool("confirmed", False),
                ),
            ),
        ),
    ),
    Theme(
        "inventory",
        ("stockroom", "warehouse", "supplies"),
        (
            Resource("Supplier", "suppliers", (_text("name", 60), _text("city", 40, default=""))),
            Resource(
                "Product",
                "products",
                (
                    _text("name", 80),
                    _fk("supplier", "Supplier"),
                    _choice("unit", "piece", "kg", "litre"),
                ),
            ),
            Resource(
                "Movement",
                "movements",
                (
                    _fk("product", "Product"),
                    _text("reference", 40, "the delivery note or order number"),
                    _int("quantity", None, "how many units moved"),
                    _choice("direction", "in", "out"),
                ),
            ),
            Resource(
                "Batch",
                "batches",
                (_fk("product", "Product"), _text("code", 30), _int("units", 0, "items in it")),
            ),
            Resource(
                "Contact",
                "contacts",
                (
                    _fk("supplier", "Supplier"),
                    _text("name", 60),
                    _text("phone", 30, default=""),
                    _bool("preferred", False, "the one to call first"),
                ),
            ),
        ),
        (
            ("Product", _int("stock", 0, "units on hand")),
            ("Supplier", _bool("preferred", False)),
            ("Product", _text("sku", 20, "the stock-keeping code", "")),
            ("Movement", _text("reason", 120, default="")),
            ("Supplier", _int("lead_days", 7, "days from order to delivery")),
            ("Product", _bool("discontinued", False)),
        ),
        (("Product", "supplier"), ("Product", "unit"), ("Movement", "product")),
        (("Product", "name"), ("Supplier", "name")),
        ("Product", "name", 90),
        ("Supplier", "name", 120),
        "inv",
        teammate=Resource(
            "Depot", "depots", (_text("name", 60), _int("capacity", 0, "pallets it holds"))
        ),
        spares=(
            Resource(
                "Order",
                "orders",
                (
                    _fk("supplier", "Supplier"),
                    _text("number", 30, "the purchase order number"),
                    _int("lines", 1, "how many lines it has"),
                    _choice("state", "draft", "sent", "received"),
                ),
            ),
        ),
    ),
    Theme(
        "recipes",
        ("cookbook", "kitchen", "mealplan"),
        (
            Resource("Cuisine", "cuisines", (_text("name", 40), _text("region", 40, default=""))),
            Resource(
                "Recipe",
                "recipes",
                (
                    _text("title", 80),
                    _fk("cuisine", "Cuisine"),
                    _choice("difficulty", "easy", "medium", "hard"),
                ),
            ),
            Resource(
                "Step",
                "steps",
                (
                    _fk("recipe", "Recipe"),
                    _text("text", 300),
                    _int("minutes", 0, "how long it takes"),
                ),
            ),
            Resource(
                "Ingredient",
                "ingredients",
                (_fk("recipe", "Recipe"), _text("name", 60), _int("grams", 0)),
            ),
            Resource(
                "Chef",
                "chefs",
                (_fk("cuisine", "Cuisine"), _text("name", 60), _int("stars", 0, "Michelin stars")),
            ),
        ),
        (
            ("Recipe", _int("servings", 2)),
            ("Recipe", _bool("vegetarian", False)),
            ("Cuisine", _bool("spicy", False, "whether its dishes usually are")),
            ("Step", _int("position", 0, "its place in the recipe")),
            ("Recipe", _text("source", 120, "where the recipe comes from", "")),
            ("Cuisine", _choice("popularity", "niche", "common", "everywhere")),
        ),
        (("Recipe", "cuisine"), ("Recipe", "difficulty"), ("Step", "recipe"), ("Tip", "recipe")),
        (("Recipe", "title"), ("Cuisine", "name")),
        ("Recipe", "title", 90),
        ("Cuisine", "name", 80),
        "rc",
        teammate=Resource(
            "Utensil", "utensils", (_text("name", 40), _int("quantity", 1, "how many we own"))
        ),
        spares=(
            Resource(
                "Tip",
                "tips",
                (
                    _fk("recipe", "Recipe"),
                    _text("advice", 200),
                    _int("votes", 0, "how many found it useful"),
                    _bool("verified", False, "tried in our kitchen"),
                ),
            ),
        ),
    ),
)


def drawn_theme(theme: Theme, seed: int) -> Theme:
    """The theme as a seed builds it: its first two resources, then as many of its later
    resources and spares as it has later ones (in catalogue order)."""
    later = len(theme.resources) - 2
    picked = random.Random(f"webstack-resources:{seed}").sample(
        range(later + len(theme.spares)), later
    )
    return theme_with(theme, sorted(picked))


def theme_with(theme: Theme, picked: list[int]) -> Theme:
    """The theme building its first two resources and the `picked` ones (indices) of its
    later resources and spares; the changes it offers are kept for the resources built."""
    later = (*theme.resources[2:], *theme.spares)
    resources = (*theme.resources[:2], *(later[i] for i in picked))
    models = {r.model for r in resources}
    return replace(
        theme,
        resources=resources,
        extra_fields=tuple((m, f) for m, f in theme.extra_fields if m in models),
        filters=tuple((m, n) for m, n in theme.filters if m in models),
        searches=tuple((m, n) for m, n in theme.searches if m in models),
        spares=(),
    )


# the product's name, by theme: said once early and shown by the client much later
PRODUCTS: dict[str, tuple[str, ...]] = {
    "library": ("Shelfmark", "Pageturner", "Inkwell", "Folio Friends"),
    "helpdesk": ("Answerdesk", "Helpline Hub", "Tickety", "Supportloop"),
    "projects": ("Taskforge", "Plotline", "Milestone Mill", "Teamtrack"),
    "events": ("Gatherly", "Venuebook", "Showtime Hub", "Meetwell"),
    "inventory": ("Stockwise", "Shelfcount", "Binkeeper", "Tallyroom"),
    "recipes": ("Panfolio", "Whiskbook", "Simmerlog", "Cookwell"),
}

__all__ = ["PRODUCTS", "THEMES", "Theme", "drawn_theme", "theme_with"]
