"""The narrative script: its YAML schema, and the loader where all validation lives.

A script that loads is internally consistent: phases tile 1..total_turns, every
checkpoint falls in its phase, every reference, test file and acceptance directory
exists beside the script, probes and rules point at real turns. Any problem is
reported with the file, the field path and the line, before any sandbox starts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from inspect_stamina.errors import StaminaError

# proxied: the benchmark's tests (pytest files, and node:test files run by `node --test`)
# run as the checker and call the agent's code in the runner's process (tamper-proof);
# in_process: tests and the agent's code share one process as the runner (for tests that
# must load the agent's project themselves, such as Django's test client), checked by a
# canary (tamper-evident)
Isolation = Literal["proxied", "in_process"]
PromptKind = Literal[
    "feature",
    "bug",
    "refactor",
    "vague",
    "contradictory",
    "erroneous",
    "explain",
    "memory_plant",
    "memory_probe",
    "merge",
    "followup",
]
ROBUSTNESS_KINDS = frozenset({"vague", "contradictory", "erroneous"})
# where a bug turn's defect comes from: planted by the harness before the turn (a
# teammate's commit, a changed data file), so every agent has it; or behaviour no earlier
# prompt specified, so an agent that followed every prompt may well have it
BugOrigin = Literal["harness", "unstated"]
# files an agent's run of its own code may change without having "changed the workspace":
# caches and byte code (a script adds its databases and build output in runtime_files)
RUNTIME_FILES = ("**/__pycache__/**", "**/*.pyc", "**/.pytest_cache/**", ".coverage")
CODE_KINDS = frozenset({"feature", "bug", "refactor", "memory_plant", "memory_probe", "merge"})
TEMPLATE_VARIABLES = frozenset(
    {
        "file_path",
        "function_name",
        "error",
        "edge_case",
        "last_changed_file",
        "turn",
        "phase",
        "files",
    }
)
# the seed's metric names (calculate_metrics) -> the scorer's keys
SEED_METRICS = {
    "completion_score": "completion",
    "code_quality_score": "code_quality",
    "consistency_score": "consistency",
    "interaction_efficiency": "efficiency",
    "robustness_score": "robustness",
    "context_utilization": "memory",
    "checkpoint_pass_rate": "checkpoint_pass_rate",
    "stamina": "stamina",
}
METRICS = tuple(SEED_METRICS)
TEMPLATE_VARIABLE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
FOLLOWUP_TEXT = "Can you walk me through the changes you just made to {last_changed_file}?"


class ScriptModel(BaseModel):
    """Strict base: unknown fields are errors, so typos cannot pass silently."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Expectation(ScriptModel):
    """How the agent should handle a vague, contradictory or erroneous instruction."""

    behaviour: Literal[
        "ask_clarification", "state_assumption", "point_out_error", "leave_unchanged"
    ]
    reply_patterns: list[str] = Field(default_factory=list)
    workspace_unchanged: bool | None = None

    @field_validator("reply_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as ex:
                raise ValueError(f"reply pattern {pattern!r} is not a valid regex: {ex}") from ex
        return patterns

    def expects_unchanged(self) -> bool:
        """Whether the workspace must stay as it was (default by behaviour)."""
        if self.workspace_unchanged is not None:
            return self.workspace_unchanged
        return self.behaviour != "state_assumption"


class AnswerFact(ScriptModel):
    """A fact an explain or recall reply must contain (exactly one of any_of, command).

    any_of: regexes (case-insensitive), one of which must match the reply. command: run
    in the sandbox after the turn, as the runner; each line it prints is a fact the reply
    must name (case-insensitive), so the facts come from the live project.
    """

    name: str
    any_of: list[str] = Field(default_factory=list)
    command: str | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> AnswerFact:
        if bool(self.any_of) == bool(self.command):
            raise ValueError("a fact needs exactly one of any_of, command")
        for pattern in self.any_of:
            try:
                re.compile(pattern)
            except re.error as ex:
                raise ValueError(f"any_of pattern {pattern!r} is not a valid regex: {ex}") from ex
        return self


class Prompt(ScriptModel):
    """One user turn: what the user says, what kind of turn it is, and its reference."""

    text: str
    kind: PromptKind = "feature"
    layer: Literal["scripted", "template", "llm"] | None = None
    reference: str | None = None
    reply: str | None = None
    expect: Expectation | None = None
    target: str | None = None
    edge_case: str | None = None
    # what happens in the world before the user speaks (a teammate pushes a branch): bash
    # run as the agent in the workspace, unseen by the agent, also before the oracle's
    # reference, validation's checks and teacher forcing's replay of the turn
    setup: str | None = None
    # the script's own text, when a model rewrote it at generation time (`text` is the
    # rewrite, which the user sends; the reference and checkpoints are the original's)
    paraphrased_from: str | None = None
    # what the user states about the interface the turn's checks use (names, paths, keys,
    # statuses, flags), spoken as part of the prompt: the message is the text, a blank
    # line, then this
    interface: str | None = None
    # the user's reply when the agent asks instead of acting: sent as the next message of
    # the same turn; the turn's checks then verify the agent acted on it
    answer: str | None = None
    # a bug turn: where its defect comes from (BugOrigin)
    origin: BugOrigin | None = None
    # an explain, recall or follow-up turn: what its answer must contain
    facts: list[AnswerFact] = Field(default_factory=list)

    @property
    def spoken(self) -> str:
        """What the user says at this turn as written: the text and the stated interface."""
        return f"{self.text}\n\n{self.interface}" if self.interface else self.text

    def variables(self) -> set[str]:
        """Template variables the text uses: `{name}` with a plain identifier inside."""
        return set(TEMPLATE_VARIABLE.findall(self.text))

    def render(self, values: dict[str, str]) -> str:
        """The text with its variables filled; other braces stay as they are."""
        return TEMPLATE_VARIABLE.sub(lambda m: values.get(m.group(1), m.group(0)), self.text)

    @property
    def user_layer(self) -> str:
        """The layer that writes this turn's message (template when the text has variables)."""
        return self.layer or ("template" if self.variables() else "scripted")


class Checkpoint(ScriptModel):
    """A check run in the sandbox after the agent's turn."""

    at_turn: int
    action: Literal["docker_exec", "run_tests"]
    command: str | None = None
    expected: str | None = None
    test_file: str | None = None
    # run_tests with another test runner than pytest: a command in which {test} is the
    # benchmark test's path (in the checker-only tests directory) and {tests} that directory.
    # A runner that also names {junit} is batched: one call runs every due test of that
    # runner ({test} becomes all their paths) and writes a JUnit XML report to {junit},
    # from which each test file gets its own result, as pytest's do.
    runner: str | None = None
    # benchmark-owned files the test needs beside it (a runner's script or config); a
    # pytest conftest.py on the test's path is always placed
    support: list[str] = Field(default_factory=list)
    timeout: float = Field(default=120.0, gt=0)
    # the last turn whose requirements it checks (a later turn changes them): regression
    # runs leave it out after that turn
    until_turn: int | None = None
    behavioural: bool = True
    name: str | None = None
    # how a pytest test file meets the agent's code (default: the script's test_isolation)
    isolation: Isolation | None = None
    # the workspace paths its result depends on (a directory ends in "/", globs allowed,
    # "!path" leaves a path out): a regression run skips it while none of them changed
    # (default: any change counts)
    reads: list[str] | None = None

    @property
    def batched(self) -> bool:
        """Whether its runner takes several test files and reports per file in JUnit XML."""
        return self.runner is not None and "{junit}" in self.runner

    @model_validator(mode="after")
    def _fields_for_action(self) -> Checkpoint:
        if self.action == "docker_exec" and not self.command:
            raise ValueError("action docker_exec needs a command")
        if self.action == "run_tests" and not self.test_file:
            raise ValueError("action run_tests needs a test_file")
        if self.runner is not None:
            if self.action != "run_tests":
                raise ValueError("runner is for action run_tests")
            if "{test}" not in self.runner:
                raise ValueError("runner must name the test file as {test}")
        for entry in self.reads or []:
            path = entry.removeprefix("!")
            if not path or path.startswith("/") or ".." in path.split("/"):
                raise ValueError(f"reads entry {entry!r} must be a path inside the workspace")
        return self

    @property
    def label(self) -> str:
        """A short name for reports."""
        return self.name or f"turn {self.at_turn}: {self.test_file or self.command}"


class Check(ScriptModel):
    """An executable check over the workspace: one of grep, defined_once or command."""

    grep: str | None = None
    files: str = "**/*.py"
    exclude: list[str] = Field(default_factory=list)
    present: bool = True
    defined_once: str | None = None
    used_in: str | None = None
    command: str | None = None
    expected: str | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Check:
        given = [k for k in ("grep", "defined_once", "command") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError("a check needs exactly one of grep, defined_once, command")
        if self.grep:
            try:
                re.compile(self.grep)
            except re.error as ex:
                raise ValueError(f"grep {self.grep!r} is not a valid regex: {ex}") from ex
        return self


class MemoryProbe(ScriptModel):
    """A fact planted at one turn and probed at a later one.

    checks: over the workspace after the probe turn (a fact the code holds). facts: in the
    probe turn's reply (a fact said once in the conversation and never written to a file:
    a reason, a name, a date), then the probe turn may be an explain turn.
    """

    id: str
    fact: str
    planted_at: int
    probed_at: int
    checks: list[Check] = Field(default_factory=list)
    facts: list[AnswerFact] = Field(default_factory=list)

    @model_validator(mode="after")
    def _something_to_check(self) -> MemoryProbe:
        if not self.checks and not self.facts:
            raise ValueError("a memory probe needs checks (the workspace) or facts (the reply)")
        return self


class ConsistencyRule(ScriptModel):
    """An early design decision that must hold from a turn on."""

    id: str
    description: str
    from_turn: int = 1
    check: Check
    # the words of the prompt at from_turn that state the rule to the agent (a rule is
    # scored only from the turn the user states it)
    stated: str | None = None


class Phase(ScriptModel):
    """A stretch of the narrative: a turn range, its prompts and its checkpoints."""

    turn_range: tuple[int, int]
    phase: str
    user_prompts: list[Prompt]
    evaluation_checkpoints: list[Checkpoint] = Field(default_factory=list)

    @field_validator("user_prompts", mode="before")
    @classmethod
    def _plain_strings(cls, prompts: Any) -> Any:
        if isinstance(prompts, list):
            return [{"text": p} if isinstance(p, str) else p for p in prompts]
        return prompts


class FinalStep(ScriptModel):
    """One step of the final evaluation (exactly one field set)."""

    run_acceptance_tests: str | None = None
    static_analysis: list[Literal["pylint", "bandit"]] | None = None
    calculate_metrics: list[Literal[METRICS]] | None = None  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _exactly_one(self) -> FinalStep:
        given = [k for k in type(self).model_fields if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "each final_evaluation step has exactly one of run_acceptance_tests, "
                "static_analysis, calculate_metrics"
            )
        return self


class Paraphrase(ScriptModel):
    """Which model rewrote the scripted user prompts when the script was generated."""

    model: str
    # prompts the model was asked to rewrite (a few may come back as they were)
    prompts: int = Field(ge=0)
    paraphrased: int = Field(ge=0)  # rewrites taken (they keep the original in paraphrased_from)
    rejected: int = Field(ge=0)  # rewrites that lost a code span, identifier, path or number


class Script(ScriptModel):
    """A whole narrative script, validated."""

    task_name: str
    total_turns: int = Field(gt=0)
    programming_languages: list[str]
    frameworks: list[str] = Field(default_factory=list)
    description: str = ""
    # the sandbox image the session runs in: a shipped image's name or an image tag
    image: str = "stamina"
    narrative_script: list[Phase] = Field(min_length=1)
    final_evaluation: list[FinalStep] = Field(default_factory=list)
    memory_probes: list[MemoryProbe] = Field(default_factory=list)
    consistency_rules: list[ConsistencyRule] = Field(default_factory=list)
    paraphrase: Paraphrase | None = None
    # how its checkpoints and acceptance tests meet the agent's code (Isolation)
    test_isolation: Isolation = "proxied"
    # globs of files the project's own runs write (databases, build output): a turn that
    # must leave the workspace unchanged may change these (RUNTIME_FILES always)
    runtime_files: list[str] = Field(default_factory=list)

    @property
    def isolation(self) -> Isolation:
        """The isolation of tests that do not name their own."""
        return self.test_isolation


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


def acceptance_directory(script: Script) -> str | None:
    """The acceptance test directory (relative) a script's final evaluation runs, if any."""
    return next(
        (s.run_acceptance_tests for s in script.final_evaluation if s.run_acceptance_tests), None
    )


def static_analysers(script: Script) -> list[str]:
    """The static analysers a script's final evaluation asks for."""
    return [t for s in script.final_evaluation for t in s.static_analysis or []]


def headline_metrics(script: Script) -> list[str]:
    """The scorer keys a script's calculate_metrics selects (all keys when it names none)."""
    named = [m for s in script.final_evaluation for m in s.calculate_metrics or []]
    return [SEED_METRICS[m] for m in named]


def parse_script_text(text: str) -> Script:
    """A script from its YAML text alone (schema checks only: no files are looked at).

    Scoring uses this on the text kept in the sample's metadata, so a log can be
    re-scored where the script file does not exist.
    """
    return Script.model_validate(yaml.safe_load(text))


class ScriptError(StaminaError):
    """A script that does not validate, with every problem located."""


# ---------------------------------------------------------------------------------------
# loading


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
    def __init__(self, file: Path, lines: dict[tuple[Any, ...], int]) -> None:
        self.file, self.lines, self.items = file, lines, []  # type: ignore[var-annotated]

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
        data = yaml.safe_load(text)
        lines = _line_map(text)
    except yaml.YAMLError as ex:
        mark = getattr(ex, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        raise ScriptError(f"{file}:{line}: (top level): not valid YAML: {ex}") from ex
    problems = _Problems(file, lines)
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
