"""Where the data file lives."""

import os
from pathlib import Path

DEFAULT_DATA_PATH = Path.home() / ".stockroom" / "items.json"


def data_path():
    """The data file: $STOCKROOM_DATA when set, else DEFAULT_DATA_PATH."""
    override = os.environ.get("STOCKROOM_DATA")
    return Path(override) if override else DEFAULT_DATA_PATH
