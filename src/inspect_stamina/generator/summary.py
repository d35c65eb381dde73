"""What a generated script holds, in figures: `inspect-stamina generate --summary`.

Turns by kind, exact duplicate prompts, questions per 100 turns, bug origins, memory
probes (in code, in the conversation) and their gaps, robustness turns that carry a
behavioural check, the functions and API collections the requests introduce (for seed
overlap), and the difficulty by phase (files and lines changed per reference).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from inspect_stamina.stamina.difficulty import describe_difficulty, difficulty_by_phase
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS

# a function a request names (`name(params)`), or an API collection (`/api/name/`)
_SIGNATURE = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)\(")
_COLLECTION = re.compile(r"/api/([a-z][a-z0-9_-]*)/")


@dataclass
class ScriptFigures:
    """The figures of one generated script."""

    turns: int
    kinds: dict[str, int]
    duplicates: int
    questions: int
    bug_origins: dict[str, int]
    code_probes: int
    conversation_probes: int
    probe_gaps: list[int]
    robustness: int
    robustness_checked: int
    names: set[str] = field(default_factory=set)
    difficulty: str = ""

    def lines(self) -> list[str]:
        """The figures as the command line prints them."""
        per_100 = 100 * self.questions / self.turns
        return [
            "turns by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items())),
            f"duplicate prompts: {self.duplicates}",
            f"questions: {self.questions} ({per_100:.0f} per 100 turns)",
            "bug origins: "
            + (", ".join(f"{o} {n}" for o, n in self.bug_origins.items()) or "no bug turns"),
            f"memory probes: {self.code_probes} in code, {self.conversation_probes} of the "
            f"conversation, gaps {min(self.probe_gaps, default=0)}-{max(self.probe_gaps, default=0)} turns",
            f"robustness turns: {self.robustness}, {self.robustness_checked} with a behavioural check",
            f"functions and API collections the requests introduce: {len(self.names)}",
            self.difficulty,
        ]


def script_figures(path: Path) -> ScriptFigures:
    """The figures of the script at `path` (a script.yaml or its directory)."""
    loaded = load_script(path / "script.yaml" if path.is_dir() else path)
    turns = loaded.turns()
    texts = Counter(t.prompt.text for t in turns)
    bugs = [t.prompt.origin or "none" for t in turns if t.prompt.kind == "bug"]
    robust = [t for t in turns if t.prompt.kind in ROBUSTNESS_KINDS]
    probes = loaded.script.memory_probes
    names: set[str] = set()
    for turn in turns:
        if turn.prompt.reference:
            said = f"{turn.prompt.text} {turn.prompt.answer or ''}"
            names.update(_SIGNATURE.findall(said))
            names.update(f"/api/{c}/" for c in _COLLECTION.findall(said))
    return ScriptFigures(
        turns=len(turns),
        kinds=dict(Counter(t.prompt.kind for t in turns)),
        duplicates=sum(n - 1 for n in texts.values() if n > 1),
        questions=sum(t.prompt.kind == "explain" for t in turns),
        bug_origins=dict(Counter(bugs)),
        code_probes=sum(bool(p.checks) for p in probes),
        conversation_probes=sum(bool(p.facts) and not p.checks for p in probes),
        probe_gaps=[p.probed_at - p.planted_at for p in probes],
        robustness=len(robust),
        robustness_checked=sum(any(c.behavioural for c in t.checkpoints) for t in robust),
        names=names,
        difficulty=describe_difficulty(difficulty_by_phase(loaded)),
    )


def overlap(a: set[str], b: set[str]) -> float:
    """The share of the smaller set's names that the other set also has."""
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


__all__ = ["ScriptFigures", "overlap", "script_figures"]
