"""The web API domain: a JSON-over-HTTP service of notes, tasks and stock items.

Every template is a request handler `name(store, params, body)` returning `(status,
payload)` for the request its route names (see `http_service.py`); `create_note` opens
every script, since most tests create a note first. A case is a scenario against a fresh
server: requests (some already asserted), maybe a restart, and a last request whose
`(status, body)` is the expected value. Its defects are ones services ship with: an
unknown id that crashes into a 500, a negative quantity or an out-of-range priority let
through, a PATCH that lets a client overwrite the id.
"""

from __future__ import annotations

from inspect_stamina.generator.model import FunctionTemplate
from inspect_stamina.generator.webapi.inventory import INVENTORY
from inspect_stamina.generator.webapi.notes import NOTES
from inspect_stamina.generator.webapi.plants import PLANTS
from inspect_stamina.generator.webapi.service import SERVICE
from inspect_stamina.generator.webapi.tasks import TASKS

TEMPLATES: tuple[FunctionTemplate, ...] = (*NOTES, *TASKS, *INVENTORY, *SERVICE)

RENAMES: dict[str, str] = {}  # a handler's name is not part of an HTTP API

__all__ = ["PLANTS", "RENAMES", "TEMPLATES"]
