"""The input-format changes of version 3's late phase, per domain that reads data files.

The files a project reads gain a second layout; the reader must read both, since the
files already on disk keep the first (`planner/format_change.py`). The new layout can
be said of every old text, so each case of the reader and of the commands built on it
can be restated in it: `data`'s exports get a marker line and semicolons, `devops`'
env files shell-style lines (`export KEY="value"`).
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

DEVOPS = FormatChange(
    "parse_env_file",
    'the secrets tool writes every setting as a shell line, `export KEY="value"`: '
    "`export ` in front and the value in double quotes, which are not part of it "
    "(comments and blank lines as before)",
    "    values = {}\n"
    "    for line in text.splitlines():\n"
    "        line = line.strip()\n"
    "        if not line or line.startswith('#'):\n"
    "            continue\n"
    "        exported = line.startswith('export ')\n"
    "        if exported:\n"
    "            line = line[len('export '):]\n"
    "        key, _, value = line.partition('=')\n"
    "        key, value = key.strip(), value.strip()\n"
    "        if exported and len(value) >= 2 and value[0] == value[-1] == '\"':\n"
    "            value = value[1:-1]\n"
    "        values[key] = value\n"
    "    return values",
    prefix="export ",
    quote='"',
    subject="The env files our deploy pipeline reads",
    readers="every command that reads an env file",
    suffix=".env",
)

__all__ = ["DATA", "DEVOPS"]
