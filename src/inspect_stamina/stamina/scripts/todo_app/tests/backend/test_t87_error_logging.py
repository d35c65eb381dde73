"""Turn 87: with DEBUG off, errors of the django.request logger still reach the console.

Checked on the logging setup the project's settings made: some handler on the
django.request logger's way up writes an ERROR record to a console stream (stderr or
stdout) with DEBUG off. Django's default handler only does so with DEBUG on.
"""

import logging

from django.test import override_settings


def _console_handlers_taking(record):
    logger = logging.getLogger("django.request")
    found = []
    while logger is not None:
        if logger.isEnabledFor(record.levelno):
            for handler in logger.handlers:
                # pytest's own capture handlers are stream handlers too: not the project's
                ours = not type(handler).__module__.startswith("_pytest")
                console = isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler)
                console = console and ours
                if console and record.levelno >= handler.level and handler.filter(record):
                    found.append(handler)
        logger = logger.parent if logger.propagate else None
    return found


def test_request_errors_reach_the_console_with_debug_off():
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: /x/", None, None)
    with override_settings(DEBUG=False):
        handlers = _console_handlers_taking(record)
    assert handlers, "with DEBUG off, no console handler takes django.request's errors (configure LOGGING)"
