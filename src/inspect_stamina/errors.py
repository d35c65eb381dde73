"""The one error type users see: a clear message, no traceback."""

from __future__ import annotations

import re

try:  # Inspect's CLI prints this exception's message alone, without a traceback
    from inspect_ai._util.error import (  # inspect-evals-lint: ignore[private_api_imports] -- the one error class Inspect's CLI prints without a traceback; not exported publicly
        PrerequisiteError as _Base,
    )
except ImportError:  # pragma: no cover - older/newer Inspect without it
    _Base = Exception  # type: ignore[misc,assignment]

# Inspect raises this for a missing prerequisite (an API key, say); we re-raise ours
InspectPrerequisiteError = _Base


class StaminaError(_Base):
    """Bad input or a missing prerequisite, explained for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.text = message

    def __str__(self) -> str:
        return self.text


def error_text(error: BaseException, limit: int = 500) -> str:
    """A model or provider error as a person reads it: its cause and type, on one line."""
    # Inspect's retry loop re-raises a spent retry as tenacity's RetryError, whose text
    # names only a Future (`RetryError[<Future at 0x… state=finished raised …>]`): the
    # provider's own error, a timeout say, is its last attempt's exception
    while True:
        last_attempt = getattr(error, "last_attempt", None)
        inner = last_attempt.exception() if last_attempt is not None else None
        if not isinstance(inner, BaseException):
            break
        error = inner
    name = type(error).__name__
    if isinstance(error, TimeoutError) and not str(error):
        return f"{name}: no reply before the deadline"
    # Inspect's messages carry rich markup and can run to a whole response body
    text = re.sub(r"\[/?[a-z ]+\]", "", str(error)).strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return f"{name}: {' '.join(lines)}"[:limit] if lines else name
