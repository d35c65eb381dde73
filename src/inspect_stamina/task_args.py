"""Task arguments as `-T` delivers them: a comma-separated string or a list."""

from __future__ import annotations

from collections.abc import Sequence


def comma_list(value: str | Sequence[str] | None) -> list[str]:
    """`"a, b"` or `["a", "b,c"]` -> `["a", "b", "c"]`; blanks dropped, None -> []."""
    items = [value] if isinstance(value, str) else list(value or [])
    return [part.strip() for item in items for part in item.split(",") if part.strip()]
