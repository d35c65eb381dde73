"""How much work a script asks for, phase by phase: files and lines changed per reference.

A reference's size is what it changes: a patch's added and removed lines (and the files
it touches); a directory's files and their lines (a whole new project); a shell script's
non-blank lines and the files it writes with here-documents. A phase's difficulty is the
mean over its turns that have a reference, so a script that grows like a real project
shows it rising phase by phase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from inspect_stamina.stamina.loaded_script import LoadedScript

# `cat > path <<'EOF'` and the like: a file a shell reference writes
_HEREDOC_TARGET = re.compile(r">\s*(\S+)\s*<<")


@dataclass(frozen=True)
class ReferenceSize:
    """What one reference changes."""

    files: int
    lines: int


@dataclass(frozen=True)
class PhaseDifficulty:
    """A phase's references: how many, and the files and lines they change on average."""

    phase: str
    first_turn: int
    last_turn: int
    references: int
    files_per_reference: float
    lines_per_reference: float
    turns_spanning: tuple[int, ...]  # turns whose reference changes both top-level parts


def _text_lines(path: Path) -> int:
    try:
        return len(path.read_text(encoding="utf-8").splitlines())
    except (UnicodeDecodeError, OSError):
        return 0  # a binary file has no lines to count


def _patch_size(text: str) -> tuple[ReferenceSize, set[str]]:
    files: set[str] = set()
    lines = 0
    for line in text.splitlines():
        if line.startswith(("+++ ", "--- ")):
            path = line[4:].split("\t")[0].strip()
            if path != "/dev/null":
                files.add(path.split("/", 1)[1] if path[:2] in ("a/", "b/") else path)
        elif line.startswith(("+", "-")):
            lines += 1
    return ReferenceSize(len(files), lines), files


def reference_size(reference: Path) -> ReferenceSize:
    """The files and lines one reference (directory, patch or shell script) changes."""
    return _size_and_paths(reference)[0]


def _size_and_paths(reference: Path) -> tuple[ReferenceSize, set[str]]:
    if reference.is_dir():
        paths = [p for p in reference.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        size = ReferenceSize(len(paths), sum(_text_lines(p) for p in paths))
        return size, {p.relative_to(reference).as_posix() for p in paths}
    text = reference.read_text(encoding="utf-8", errors="replace")
    if reference.suffix in (".patch", ".diff"):
        return _patch_size(text)
    written = set(_HEREDOC_TARGET.findall(text))
    lines = sum(1 for line in text.splitlines() if line.strip())
    return ReferenceSize(max(1, len(written)), lines), written


def difficulty_by_phase(
    loaded: LoadedScript, parts: tuple[str, str] | None = None
) -> list[PhaseDifficulty]:
    """Each phase's mean files and lines changed per reference; with parts (two top-level
    directories, such as backend and frontend), the turns whose reference changes both."""
    result = []
    for phase in loaded.script.narrative_script:
        first, last = phase.turn_range
        sizes: list[ReferenceSize] = []
        spanning: list[int] = []
        for turn in loaded.turns():
            if not first <= turn.number <= last or not turn.prompt.reference:
                continue
            size, paths = _size_and_paths(loaded.directory / turn.prompt.reference)
            sizes.append(size)
            tops = {p.split("/", 1)[0] for p in paths}
            if parts and set(parts) <= tops:
                spanning.append(turn.number)
        count = len(sizes)
        result.append(
            PhaseDifficulty(
                phase=phase.phase,
                first_turn=first,
                last_turn=last,
                references=count,
                files_per_reference=sum(s.files for s in sizes) / count if count else 0.0,
                lines_per_reference=sum(s.lines for s in sizes) / count if count else 0.0,
                turns_spanning=tuple(spanning),
            )
        )
    return result


def describe_difficulty(phases: list[PhaseDifficulty]) -> str:
    """One line: each phase's files and lines changed per reference."""
    parts = [
        f"{p.phase} (turns {p.first_turn}-{p.last_turn}) {p.files_per_reference:.1f} files, "
        f"{p.lines_per_reference:.1f} lines"
        for p in phases
    ]
    return "changed per reference by phase: " + "; ".join(parts)
