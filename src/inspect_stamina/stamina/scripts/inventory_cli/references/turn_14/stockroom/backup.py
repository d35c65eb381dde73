"""Backups of the data file."""

import shutil
from pathlib import Path


def backup(path):
    """Copy the data file at path to the same path with .bak appended; return that path."""
    target = Path(f"{path}.bak")
    shutil.copyfile(path, target)
    return target
