"""Pieces of the web API's handler source that several handlers share."""

from __future__ import annotations

from textwrap import dedent, indent

# the parameters of every request handler (http_service.py calls them so)
HANDLER = "store, params, body"


def code(text: str) -> str:
    """A handler body from an indented block."""
    return indent(dedent(text).strip("\n"), "    ")


TITLE_CHECK = """\
    if not isinstance(body, dict) or not isinstance(body.get('title'), str) or not body['title'].strip():
        return 400, {'error': 'title is required'}
"""
NOTE_LOOKUP = """\
    note = store.find('notes', params['id'])
    if note is None:
        return 404, {'error': 'note not found'}
"""

# a handler's first line when it reads its JSON body: anything but an object reads as empty
DATA = "    data = body if isinstance(body, dict) else {}\n"


def lookup(collection: str, var: str, thing: str) -> str:
    """The first lines of a handler that answers 404 unless the path's id is a record."""
    return (
        f"    {var} = store.find('{collection}', params['id'])\n"
        f"    if {var} is None:\n"
        f"        return 404, {{'error': '{thing} not found'}}\n"
    )


def required(*fields: str) -> str:
    """Lines that answer 400 '<field> is required' unless each field is a non-empty string."""
    return "".join(
        f"    if not isinstance(data.get('{f}'), str) or not data['{f}'].strip():\n"
        f"        return 400, {{'error': '{f} is required'}}\n"
        for f in fields
    )


def delete(collection: str, var: str, thing: str) -> str:
    """A handler that deletes the record whose id is in the path: 204, or 404."""
    return lookup(collection, var, thing) + (
        f"    store.remove('{collection}', {var}['id'])\n    return 204, None"
    )
