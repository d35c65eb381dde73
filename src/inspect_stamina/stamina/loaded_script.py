"""A script loaded from its file: every check across fields and against the files beside
it, and the session's numbered turns.

A script that loads is internally consistent: phases tile 1..total_turns, every
checkpoint falls in its phase, every reference, test file and acceptance directory
exists beside the script, probes and rules point at real turns. Any problem is
reported with the file, the field path and the line, before any sandbox starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from inspect_stamina.stamina.script import (
    CODE_KINDS,
    FOLLOWUP_TEXT,
    ROBUSTNESS_KINDS,
    TEMPLATE_VARIABLES,
    Checkpoint,
    Prompt,
    Script,
    ScriptError,
    acceptance_directory,
    static_analysers,
)

# libyaml's parser where PyYAML was built with it: the same data as the pure-Python one,
# several times faster on a 100-turn script
_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """YAML text as Python data, safely (no tags beyond the standard ones)."""
    # a safe loader (libyaml's or PyYAML's SafeLoader): standard tags only, no objects
    return yaml.load(text, Loader=_SafeLoader)  # noqa: S506  # inspect-evals-lint: ignore[host_code_execution] -- a script's text (a bundled, generated or user's script file, or its copy in a log), never model output, read by a safe loader


def parse_script_text(text: str) -> Script:
    """A script from its YAML text alone (schema checks only: no files are looked at).

    Scoring uses this on the text kept in the sample's metadata, so a log can be
    re-scored where the script file does not exist.
    """
    return Script.model_validate(load_yaml(text))


@dataclass(frozen=True)
class Turn:
    """One turn of the session, resolved from the script."""

    number: int
    phase: str
    prompt: Prompt
    checkpoints: tuple[Checkpoint, ...]
    last_of_phase: bool


@dataclass(frozen=True)
class LoadedScript:
    """A validated script with the directory its files are resolved against."""

    name: str
    path: Path
    script: Script

    @property
    def directory(self) -> Path:
        """The script's directory: references, tests and acceptance tests live here."""
        return self.path.parent

    def turns(self) -> list[Turn]:
        """Every turn in order; a phase whose prompts run out gets template follow-ups."""
        turns = []
        for phase in self.script.narrative_script:
            first, last = phase.turn_range
            for offset, number in enumerate(range(first, last + 1)):
                prompt = (
                    phase.user_prompts[offset]
                    if offset < len(phase.user_prompts)
                    else Prompt(text=FOLLOWUP_TEXT, kind="followup", layer="template")
                )
                checks = tuple(c for c in phase.evaluation_checkpoints if c.at_turn == number)
                turns.append(Turn(number, phase.phase, prompt, checks, number == last))
        return turns

    def checkpoints(self) -> list[Checkpoint]:
        """All checkpoints in turn order."""
        return sorted(
            (c for p in self.script.narrative_script for c in p.evaluation_checkpoints),
            key=lambda c: c.at_turn,
        )

    def missing_references(self) -> list[str]:
        """Turns the oracle cannot solve: code turns without a reference, others without a reply."""
        missing = []
        for turn in self.turns():
            prompt = turn.prompt
            if prompt.kind in CODE_KINDS and not prompt.reference:
                missing.append(f"turn {turn.number} ({prompt.kind}): no reference")
            elif prompt.kind not in CODE_KINDS and prompt.kind != "followup" and not prompt.reply:
                missing.append(f"turn {turn.number} ({prompt.kind}): no reference reply")
        return missing

    @property
    def acceptance_dir(self) -> str | None:
        """The acceptance test directory (relative), if the final evaluation runs one."""
        return acceptance_directory(self.script)

    @property
    def static_analysis(self) -> list[str]:
        """The static analysers the final evaluation asks for."""
        return static_analysers(self.script)


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that also records the line of every node by its field path."""


def _line_map(text: str) -> dict[tuple[Any, ...], int]:
    root = yaml.compose(text, Loader=_LineLoader)
    lines: dict[tuple[Any, ...], int] = {}

    def walk(node: yaml.Node, path: tuple[Any, ...]) -> None:
        lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, (*path, key.value))
                lines[(*path, key.value, "__key__")] = key.start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, (*path, index))

    if root is not None:
        walk(root, ())
    return lines


def _format_path(path: tuple[Any, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


class _Problems:
    def __init__(self, file: Path, text: str) -> None:
        self.file, self.text, self.items = file, text, []  # type: ignore[var-annotated]
        self._lines: dict[tuple[Any, ...], int] | None = None

    @property
    def lines(self) -> dict[tuple[Any, ...], int]:
        """The line of every field, worked out only once a problem needs locating."""
        if self._lines is None:
            self._lines = _line_map(self.text)
        return self._lines

    def add(self, path: tuple[Any, ...], message: str) -> None:
        known = tuple(p for p in path if not isinstance(p, str) or not p[:1].isupper())
        line = None
        for end in range(len(known), -1, -1):
            line = self.lines.get((*known[:end], "__key__")) or self.lines.get(known[:end])
            if line:
                break
        self.items.append(f"{self.file}:{line or 1}: {_format_path(known)}: {message}")

    def raise_if_any(self) -> None:
        if self.items:
            raise ScriptError(
                f"Invalid StaminaBench script ({len(self.items)} problem(s)):\n  "
                + "\n  ".join(self.items)
            )


def load_script(path: str | Path) -> LoadedScript:
    """Read, parse and validate a script file; raise ScriptError listing every problem."""
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise ScriptError(f"StaminaBench script {file} does not exist.")
    text = file.read_text(encoding="utf-8")
    try:
        data = load_yaml(text)
    except yaml.YAMLError as ex:
        mark = getattr(ex, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        raise ScriptError(f"{file}:{line}: (top level): not valid YAML: {ex}") from ex
    problems = _Problems(file, text)
    if not isinstance(data, dict):
        problems.add((), "a script is a YAML mapping")
        problems.raise_if_any()
    try:
        script = Script.model_validate(data)
    except ValidationError as ex:
        for error in ex.errors():
            problems.add(tuple(error["loc"]), error["msg"])
        problems.raise_if_any()
        raise  # unreachable: raise_if_any raised
    _check_semantics(script, file.parent, problems)
    problems.raise_if_any()
    return LoadedScript(file.parent.name if file.name == "script.yaml" else file.stem, file, script)


def _check_semantics(script: Script, directory: Path, problems: _Problems) -> None:
    expected_start = 1
    for i, phase in enumerate(script.narrative_script):
        first, last = phase.turn_range
        here = ("narrative_script", i, "turn_range")
        if first > last:
            problems.add(here, f"turn_range {first}..{last} is empty")
        if first != expected_start:
            kind = "overlaps the previous phase" if first < expected_start else "leaves a gap"
            problems.add(here, f"turn_range starts at {first}: {kind} (expected {expected_start})")
        expected_start = last + 1
        length = last - first + 1
        if len(phase.user_prompts) > length:
            problems.add(
                ("narrative_script", i, "user_prompts"),
                f"{len(phase.user_prompts)} prompts do not fit in {length} turns",
            )
        for j, prompt in enumerate(phase.user_prompts):
            _check_prompt(prompt, directory, ("narrative_script", i, "user_prompts", j), problems)
        for j, checkpoint in enumerate(phase.evaluation_checkpoints):
            at: tuple[Any, ...] = ("narrative_script", i, "evaluation_checkpoints", j)
            if not first <= checkpoint.at_turn <= last:
                problems.add(
                    (*at, "at_turn"),
                    f"at_turn {checkpoint.at_turn} is outside its phase {first}..{last}",
                )
            if checkpoint.test_file and not (directory / checkpoint.test_file).exists():
                problems.add(
                    (*at, "test_file"),
                    f"test file {checkpoint.test_file} not found beside the script",
                )
            if checkpoint.until_turn is not None and not (
                checkpoint.at_turn <= checkpoint.until_turn <= script.total_turns
            ):
                problems.add(
                    (*at, "until_turn"),
                    f"until_turn must be in {checkpoint.at_turn}..{script.total_turns}",
                )
            for k, support in enumerate(checkpoint.support):
                if not (directory / support).is_file():
                    problems.add(
                        (*at, "support", k), f"support file {support} not found beside the script"
                    )
    if expected_start - 1 != script.total_turns:
        problems.add(
            ("total_turns",),
            f"total_turns is {script.total_turns} but the phases cover 1..{expected_start - 1}",
        )

    kinds = {}
    for phase in script.narrative_script:
        for offset, prompt in enumerate(phase.user_prompts):
            kinds[phase.turn_range[0] + offset] = prompt.kind
    for i, probe in enumerate(script.memory_probes):
        at = ("memory_probes", i)
        if not 1 <= probe.planted_at < probe.probed_at <= script.total_turns:
            problems.add(at, f"needs 1 <= planted_at < probed_at <= {script.total_turns}")
        if kinds.get(probe.planted_at) != "memory_plant":
            problems.add(
                (*at, "planted_at"), f"turn {probe.planted_at} is not a memory_plant prompt"
            )
        probe_kinds = {"memory_probe"} | (
            {"explain"} if probe.facts and not probe.checks else set()
        )
        if kinds.get(probe.probed_at) not in probe_kinds:
            problems.add(
                (*at, "probed_at"),
                f"turn {probe.probed_at} is not a memory_probe prompt"
                + (" (nor an explain prompt)" if "explain" in probe_kinds else ""),
            )
    spoken = {
        phase.turn_range[0] + offset: prompt.spoken
        for phase in script.narrative_script
        for offset, prompt in enumerate(phase.user_prompts)
    }
    for i, rule in enumerate(script.consistency_rules):
        if not 1 <= rule.from_turn <= script.total_turns:
            problems.add(
                ("consistency_rules", i, "from_turn"),
                f"from_turn must be in 1..{script.total_turns}",
            )
        elif rule.stated is not None and rule.stated not in spoken.get(rule.from_turn, ""):
            problems.add(
                ("consistency_rules", i, "stated"),
                f"the prompt at turn {rule.from_turn} does not say {rule.stated!r}",
            )
    for i, step in enumerate(script.final_evaluation):
        if step.run_acceptance_tests and not (directory / step.run_acceptance_tests).is_dir():
            problems.add(
                ("final_evaluation", i, "run_acceptance_tests"),
                f"acceptance directory {step.run_acceptance_tests} not found beside the script",
            )


def _check_prompt(
    prompt: Prompt, directory: Path, at: tuple[Any, ...], problems: _Problems
) -> None:
    unknown = prompt.variables() - TEMPLATE_VARIABLES
    if unknown:
        problems.add(
            (*at, "text"),
            f"unknown template variable(s) {sorted(unknown)}; known: {sorted(TEMPLATE_VARIABLES)}",
        )
    if prompt.layer == "scripted" and prompt.variables():
        problems.add((*at, "layer"), "a scripted prompt cannot use template variables")
    if prompt.paraphrased_from is not None and prompt.user_layer != "scripted":
        problems.add((*at, "paraphrased_from"), "only a scripted prompt is paraphrased")
    if prompt.reference:
        ref = directory / prompt.reference
        if not ref.exists():
            problems.add(
                (*at, "reference"), f"reference {prompt.reference} not found beside the script"
            )
        elif ref.is_file() and ref.suffix not in (".patch", ".diff", ".sh"):
            problems.add((*at, "reference"), "a reference file is a .patch/.diff or a .sh script")
    if prompt.kind in ROBUSTNESS_KINDS and prompt.expect is None:
        problems.add(at, f"a {prompt.kind} prompt needs expect: (the behaviour it checks)")
    if prompt.origin is not None and prompt.kind != "bug":
        problems.add((*at, "origin"), "origin is for bug turns")
    if prompt.facts and prompt.kind in CODE_KINDS | ROBUSTNESS_KINDS:
        problems.add((*at, "facts"), "facts are for explain, recall and follow-up turns")
    if "{function_name}" in prompt.text and not prompt.target:
        problems.add(at, "{function_name} needs target: (the function's name)")
    if "{file_path}" in prompt.text and not prompt.target:
        problems.add(at, "{file_path} needs target: (the function whose file is meant)")
    if "{edge_case}" in prompt.text and not prompt.edge_case:
        problems.add(at, "{edge_case} needs edge_case:")
