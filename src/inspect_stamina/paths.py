"""Absolute locations of the files shipped inside the package."""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# Inspect resolves a relative sandbox path against the current directory, so every
# compose path handed to it is absolute and points inside the installed package.
COMPOSE_DIR = PACKAGE_DIR / "compose"
