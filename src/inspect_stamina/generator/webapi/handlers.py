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
