"""The one error type users see: a clear message, no traceback."""

from __future__ import annotations

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
