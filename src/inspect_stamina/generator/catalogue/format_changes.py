"""The input-format changes of version 3's late phase, per domain that reads data files.

The data files a project reads gain a second layout; the reader must read both, since
the files already on disk keep the first (`planner/format_change.py`). The new layout is
the old text after a marker line, its fields separated by another character, so every
case of the reader and of the commands built on it can be restated in it.
"""

from __future__ import annotations

from inspect_stamina.generator.model import FormatChange

DATA = FormatChange(
    "parse_rows",
    "the first line is exactly `#format=2`, and the header and rows after it are "
    "separated by semicolons instead of commas (quoting as before)",
    "    import csv\n"
    "    import io\n"
    "\n"
    "    first, _, rest = text.partition('\\n')\n"
    "    if first == '#format=2':\n"
    "        return list(csv.DictReader(io.StringIO(rest), delimiter=';'))\n"
    "    return list(csv.DictReader(io.StringIO(text)))",
    "#format=2",
    ";",
)

__all__ = ["DATA"]
