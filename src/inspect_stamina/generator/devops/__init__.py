"""The DevOps-tooling domain: the Python helpers behind an ops command line.

Durations, sizes, ports, config files, templates, log lines, retries and versions: the
parsing and formatting an ops tool is made of. Cases are Python source.
"""

from __future__ import annotations

from inspect_stamina.generator.devops.command_line import COMMANDS, REVISED_COMMANDS
from inspect_stamina.generator.devops.functions import LIBRARY, PLANTS, RENAMES, TEMPLATES

__all__ = ["COMMANDS", "LIBRARY", "PLANTS", "RENAMES", "REVISED_COMMANDS", "TEMPLATES"]
