"""Absolute locations of the files shipped inside the package."""

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# Inspect resolves a relative sandbox path against the current directory, so every
# compose path handed to it is absolute and points inside the installed package.
COMPOSE_DIR = PACKAGE_DIR / "compose"


def cache_root() -> Path:
    """Where downloads and generated sandbox files live (``$INSPECT_STAMINA_CACHE`` or ~/.cache)."""
    base = os.environ.get("INSPECT_STAMINA_CACHE") or Path.home() / ".cache" / "inspect_stamina"
    return Path(base)
