"""Runs in the sandbox, as ``runner``, with the agent stopped: pylint and bandit over a copy
of the agent's Python files (``.py`` only: no extension module beside them, no
configuration of the agent's).

Suppression pragmas are the agent's to write, so they do not count: every ``# pylint:``
comment is removed from the copy before pylint reads it, and bandit runs with
``--ignore-nosec``. Prints one JSON object: the pylint score, the bandit issue count,
the number of files and of pragmas removed, and why an analyser gave no result.

Standard library only (the analysers run from their own virtual environment).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path
from typing import Any

# the analysers' own virtual environment in the image (another for tests of this file)
ANALYSERS = os.environ.get("STAMINA_ANALYSERS", "/opt/stamina-analysis/bin")
PRAGMA = re.compile(r"#\s*pylint\s*:", re.IGNORECASE)
TIMEOUT = 600


def strip_pragmas(path: Path) -> int:
    """Remove every ``# pylint:`` comment from a file; how many there were.

    Every ``#`` of a comment but its first becomes ``=`` as well: pylint's own search for
    pragmas backtracks on a comment of many ``#`` (a line of 1,200 took 25 s, one of
    20,000 ran past the analysis's timeout), and nothing it reports depends on them.
    """
    source = path.read_bytes()
    try:
        tokens = list(tokenize.tokenize(io.BytesIO(source).readline))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return 0  # pylint reports the file's own syntax error
    # a comment runs to the end of its line: cut it where a pragma starts
    rewrites = []
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = PRAGMA.search(token.string)
        comment = token.string if match is None else token.string[: match.start()].rstrip()
        comment = comment[:1] + comment[1:].replace("#", "=")
        if comment != token.string:
            rewrites.append((token.start, comment, match is not None))
    if not rewrites:
        return 0
    encoding = tokenize.detect_encoding(io.BytesIO(source).readline)[0]
    lines = source.decode(encoding).splitlines(keepends=True)
    for (row, column), comment, _ in rewrites:
        line = lines[row - 1]
        ending = line[len(line.rstrip("\r\n")) :]
        lines[row - 1] = (line[:column] + comment).rstrip() + ending
    path.write_text("".join(lines), encoding=encoding)
    return sum(pragma for _, _, pragma in rewrites)


def _run(command: list[str]) -> tuple[Any | None, str]:
    """An analyser's JSON report, or None and why."""
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as ex:
        return None, f"{command[0]} did not run: {ex}"
    try:
        return json.loads(result.stdout), ""
    except ValueError:
        tail = (result.stderr or result.stdout)[-300:]
        return None, f"{Path(command[0]).name} gave no report (exit {result.returncode}): {tail}"


def analyse(root: Path, rcfile: str, tools: list[str], too_large: int = 0) -> dict[str, Any]:
    """The analysers asked for, over every .py file under root (``too_large`` files were
    left out of the copy)."""
    files = sorted(str(p) for p in root.rglob("*.py") if p.is_file() and not p.is_symlink())
    report: dict[str, Any] = {
        "files": len(files),
        "pragmas": 0,
        "errors": [],
        "too_large": too_large,
    }
    report["pragmas"] = sum(strip_pragmas(Path(f)) for f in files)
    if not files:
        return report
    if "pylint" in tools:
        command = [f"{ANALYSERS}/pylint", f"--rcfile={rcfile}", "--output-format=json2"]
        data, why = _run([*command, "--persistent=n", "--exit-zero", *files])
        try:
            report["pylint"] = float(data["statistics"]["score"]) if data else None
        except (KeyError, TypeError, ValueError):
            why = "pylint's report had no score"
        if why:
            report["errors"].append(why)
    if "bandit" in tools:
        data, why = _run([f"{ANALYSERS}/bandit", "-q", "-f", "json", "--ignore-nosec", *files])
        try:
            report["bandit_issues"] = len(data["results"]) if data else None
        except (KeyError, TypeError):
            why = "bandit's report had no results"
        if why:
            report["errors"].append(why)
    return report


def main() -> None:
    """analysis.py ROOT RCFILE TOOLS [TOO_LARGE]: print the report as JSON."""
    root, rcfile, tools = Path(sys.argv[1]), sys.argv[2], sys.argv[3].split(",")
    too_large = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4].strip().isdigit() else 0
    os.chdir(root)
    print(json.dumps(analyse(root, rcfile, tools, too_large)))


if __name__ == "__main__":
    main()
