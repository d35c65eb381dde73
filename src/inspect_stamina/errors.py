"""The one error type users see: a clear message, no traceback."""

from __future__ import annotations

try:  # Inspect's CLI prints this exception's message alone, without a traceback
    from inspect_ai._util.error import PrerequisiteError as _Base
except ImportError:  # pragma: no cover - older/newer Inspect without it
    _Base = Exception  # type: ignore[misc,assignment]


class StaminaError(_Base):
    """Bad input or a missing prerequisite, explained for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.text = message

    def __str__(self) -> str:
        return self.text
