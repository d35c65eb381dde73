"""How a web API case is written: requests, the answers they expect, and records."""

from __future__ import annotations


class Src(str):
    """Python source that goes into a case as it is (its repr is itself)."""

    def __repr__(self) -> str:
        return str(self)


def call(method: str, path: str, body: object = None) -> str:
    """The source of one request to the service under test."""
    return f"api({method!r}, {path!r}" + ("" if body is None else f", {body!r}") + ")"


def expect(request: str, status: int, payload: object) -> tuple[str, str]:
    """A request and the (status, body) it must answer, as source."""
    return request, repr((status, payload))


def scenario(*steps: str | tuple[str, str]) -> tuple[str, str]:
    """A case: steps in order (a plain step is not checked), the last one checked."""
    *before, checked = steps
    assert not isinstance(checked, str), "a scenario ends with a checked request"
    lines = [s if isinstance(s, str) else f"assert {s[0]} == {s[1]}" for s in before]
    return "\n".join([*lines, checked[0]]), checked[1]


RESTART = "api.restart()"
NOTE_MISSING = {"error": "note not found"}
TITLE_REQUIRED = {"error": "title is required"}


def note(i: int, title: str, text: str = "") -> dict[str, object]:
    """A note as the service answers it."""
    return {"id": i, "title": title, "body": text}


def task(i: int, title: str, priority: int = 2, done: bool = False) -> dict[str, object]:
    """A task as the service answers it."""
    return {"id": i, "title": title, "priority": priority, "done": done}


def item(i: int, name: str, quantity: int, price: float) -> dict[str, object]:
    """A stock item as the service answers it."""
    return {"id": i, "name": name, "quantity": quantity, "price": price}


def new_note(title: str, text: str | None = None) -> str:
    """POST /notes."""
    return call(
        "POST", "/notes", {"title": title} if text is None else {"title": title, "body": text}
    )


def new_task(title: str, priority: int | None = None) -> str:
    """POST /tasks."""
    fields: dict[str, object] = {"title": title}
    if priority is not None:
        fields["priority"] = priority
    return call("POST", "/tasks", fields)


def new_item(name: str, quantity: object, price: object) -> str:
    """POST /items."""
    return call("POST", "/items", {"name": name, "quantity": quantity, "price": price})
