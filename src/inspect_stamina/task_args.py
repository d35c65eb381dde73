"""Task arguments as `-T` delivers them (YAML scalars or lists), checked at the task's edge."""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_stamina.errors import StaminaError

# `-T x=none` arrives as the string "none" (YAML's null is `null` or `~`)
_NONE_WORDS = ("none", "null")


def comma_list(value: str | Sequence[str] | None) -> list[str]:
    """`"a, b"` or `["a", "b,c"]` -> `["a", "b", "c"]`; blanks dropped, None -> []."""
    items = [value] if isinstance(value, str) else list(value or [])
    return [part.strip() for item in items for part in item.split(",") if part.strip()]


def _number(value: object) -> float | None:
    """A finite number from a YAML scalar or its string form; None for anything else."""
    # bool is an int to Python, but `-T x=true` is no number of seconds
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def _whole(value: object, minimum: int) -> int | None:
    """``value`` as a whole number of at least ``minimum``; None when it is not one."""
    number = _number(value)
    if number is None or not number.is_integer() or number < minimum:
        return None
    return int(number)


def int_arg(name: str, value: object, minimum: int = 1) -> int:
    """``value`` as a whole number of at least ``minimum``, else a StaminaError naming ``name``."""
    whole = _whole(value, minimum)
    if whole is None:
        valid = "a positive integer" if minimum == 1 else f"an integer of at least {minimum}"
        raise StaminaError(f"{name} must be {valid}, not {value!r}.")
    return whole


def optional_int_arg(name: str, value: object) -> int | None:
    """None (or `none`) for no bound, else a positive whole number, else a StaminaError."""
    if value is None or (isinstance(value, str) and value.strip().lower() in _NONE_WORDS):
        return None
    whole = _whole(value, 1)
    if whole is None:
        # 0 is refused, not read as "no bound": a bound of 0 would be a typo either way
        raise StaminaError(
            f"{name} must be a positive integer, or none for no bound, not {value!r}."
        )
    return whole


def positive_number_arg(name: str, value: object) -> float:
    """``value`` as a finite number above 0, else a StaminaError naming ``name``."""
    number = _number(value)
    if number is None or number <= 0:
        raise StaminaError(f"{name} must be a number above 0, not {value!r}.")
    return number
