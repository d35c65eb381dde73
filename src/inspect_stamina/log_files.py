"""Eval log files named on a command line: files, or directories searched for them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from inspect_stamina.errors import StaminaError

_LOG_SUFFIXES = (".eval", ".json")


def find_logs(paths: Sequence[str | Path]) -> list[Path]:
    """The log files among the given files and directories (searched recursively)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(
                sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in _LOG_SUFFIXES)
            )
        elif path.is_file():
            found.append(path)
        else:
            raise StaminaError(f"Cannot read the eval log {path}: no such file or directory.")
    # a log named twice (a file and its directory, say) is read once
    found = list({p.resolve(): p for p in found}.values())
    if not found:
        raise StaminaError(
            "No eval logs found in " + ", ".join(str(p) for p in paths) + " (.eval or .json)."
        )
    return found


__all__ = ["find_logs"]
