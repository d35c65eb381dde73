"""The narrative script's YAML schema: every field and what each alone must hold.

What a script must hold across fields and against the files beside it is checked by
the loader (``loaded_script.py``), which returns the validated script with its turns.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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
    must name (case-insensitive), so the facts come from the live project. none_of:
    regexes no reply carrying the fact may match (the other candidates: a reply naming
    every teammate is no answer to "who signs off?").
    """

    name: str
    any_of: list[str] = Field(default_factory=list)
    command: str | None = None
    none_of: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _exactly_one(self) -> AnswerFact:
        if bool(self.any_of) == bool(self.command):
            raise ValueError("a fact needs exactly one of any_of, command")
        for field, patterns in (("any_of", self.any_of), ("none_of", self.none_of)):
            for pattern in patterns:
                try:
                    re.compile(pattern)
                except re.error as ex:
                    raise ValueError(
                        f"{field} pattern {pattern!r} is not a valid regex: {ex}"
                    ) from ex
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


class ScriptError(StaminaError):
    """A script that does not validate, with every problem located."""
