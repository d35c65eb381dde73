"""The data-analysis domain: a Python pipeline from CSV text to reports.

Rows are dicts of strings, as csv.DictReader gives them; the functions parse, clean,
aggregate and format them. Cases are Python source.
"""

from __future__ import annotations

from inspect_stamina.generator.data_pipeline.command_line import COMMANDS
from inspect_stamina.generator.data_pipeline.functions import LIBRARY, PLANTS, RENAMES, TEMPLATES

__all__ = ["COMMANDS", "LIBRARY", "PLANTS", "RENAMES", "TEMPLATES"]
