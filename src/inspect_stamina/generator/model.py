"""The hidden project model a generated script is rendered from.

The generator never writes code by hand per turn: it changes this model (add a
function, change a rule, plant a constant, rename, move) and renders the package's
files and the benchmark's tests from it, so a reference and its checkpoint agree by
construction. `validate --run` proves it anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from inspect_stamina.generator import signatures

Cases = tuple[tuple[str, str], ...]  # (call arguments, expected value), as Python source


@dataclass(frozen=True)
class Defect:
    """A naive first body with a real defect, and the bug report that fixes it."""

    naive_body: str
    edge_case: str
    symptom: str
    cases: Cases  # fail with the naive body, pass with the fixed one


@dataclass(frozen=True)
class Change:
    """A changed requirement: the new body and what now holds."""

    request: str
    body: str
    cases: Cases
    raises: Cases = ()


@dataclass(frozen=True)
class Slowdown:
    """A teammate's correct but slow rewrite, and the large input it must handle fast."""

    slow_body: str
    arguments: str  # the call's arguments on the large input, as Python source
    size: str  # that input as the user describes it ("a list of 50,000 numbers")


@dataclass(frozen=True)
class FormatChange:
    """A reader's input gains a new layout; files in the old one must still read.

    Two kinds of layout: a marker line first and another field separator (`marker`,
    `separator`), or every `KEY=value` line written `PREFIXKEY=QUOTEvalueQUOTE`
    (`prefix`, `quote`).
    """

    function: str  # the reader (a template name)
    layout: str  # the new layout as the user states it
    body: str  # the reader reading both layouts
    marker: str = ""  # the first line that marks the new layout
    separator: str = ""  # the new layout's field separator, for the old one's comma
    prefix: str = ""  # what the new layout writes before each KEY=value line
    quote: str = ""  # what it writes around each value
    subject: str = "The exports we get"  # whose layout changes, as the user says it
    readers: str = "every command that reads a file"  # the commands that must follow
    # the written files a command case restates, by name (None: every file it writes)
    suffix: str | None = None

    def tells_apart(self) -> str:
        """How the user says a reader tells the layouts apart."""
        if self.marker:
            return f"a text whose first line is exactly `{self.marker}` the new way, anything else as before"
        return f"a line that starts with `{self.prefix}` the new way, any other line as before"

    def marks(self) -> str:
        """What marks the new layout, as the reply says it."""
        if self.marker:
            return f"a first line `{self.marker}` marks the new one"
        return f"a leading `{self.prefix}` marks the new one"

    def restate(self, text: str) -> str | None:
        """An old-layout text in the new layout (None where that cannot be said)."""
        if self.marker:
            if any(c in text for c in "\"';") or self.separator in text:
                return None
            return f"{self.marker}\n{text.replace(',', self.separator)}"
        lines = []
        for line in text.split("\n"):
            key, equals, value = line.partition("=")
            if not line.strip() or line.strip().startswith("#"):
                lines.append(line)
            elif not equals or self.quote in value or line.strip().startswith(self.prefix):
                return None
            else:
                lines.append(f"{self.prefix}{key.strip()}={self.quote}{value.strip()}{self.quote}")
        return "\n".join(lines)


@dataclass(frozen=True)
class FunctionTemplate:
    """One public function a user asks for."""

    name: str
    module: str
    params: str
    summary: str
    body: str
    cases: Cases
    raises: Cases = ()  # (call arguments, exception name)
    defect: Defect | None = None
    change: Change | None = None
    route: str = ""  # a service's handler: the request it answers, such as "GET /notes/{id}"
    requires: tuple[str, ...] = ()  # functions that must exist first (its tests call them)


@dataclass(frozen=True)
class Plant:
    """A constant the user fixes early and a function that must reuse it later."""

    constant: str
    value: str
    fact: str
    probe: FunctionTemplate
    # other values the user may fix (from generator version 3, one drawn per seed), each
    # with the probe's cases for that value: a value learnt from this source is no help
    variants: tuple[tuple[str, Cases], ...] = ()

    def choices(self) -> tuple[Plant, ...]:
        """This plant and one per variant, the probe's cases matching each value."""
        return (
            self,
            *(
                replace(self, value=value, probe=replace(self.probe, cases=cases), variants=())
                for value, cases in self.variants
            ),
        )


@dataclass(frozen=True)
class CommandDefect:
    """A naive first handler with a real defect, and the bug report that fixes it."""

    naive_body: str
    edge_case: str
    symptom: str
    cases: tuple[str, ...]  # fail with the naive handler, pass with the fixed one


@dataclass(frozen=True)
class CommandChange:
    """A changed requirement for a command: the new handler (and options) and what now holds."""

    request: str
    body: str
    cases: tuple[str, ...]
    arguments: str | None = None  # new argparse lines, when the options change too


@dataclass(frozen=True)
class CommandTemplate:
    """One subcommand of the package's command line (`python -m PACKAGE NAME ...`).

    Its handler calls library functions by their template names (a renamed function is
    called by its current name when rendered) and may read planted constants. Its cases
    are black-box test bodies: Python source using `tmp_path` and `run(*args)`, which runs
    the command line in the workspace.
    """

    name: str
    usage: str  # the arguments after the command's name, as the user writes them
    help: str  # a short line for --help and the handler's docstring
    summary: str  # what it does and prints, precisely enough to be tested black-box
    uses: tuple[str, ...]  # the library functions it is built on (template names)
    arguments: str  # argparse lines adding its options to the subparser `sub`
    body: str  # the handler's body: `args` in, exit code out
    cases: tuple[str, ...]
    constants: tuple[str, ...] = ()  # planted constants the handler reads
    defect: CommandDefect | None = None
    change: CommandChange | None = None


@dataclass
class LiveCommand:
    """A command as it is in the project now."""

    template: CommandTemplate
    arguments: str
    body: str
    cases: tuple[str, ...]
    defective: bool = False
    changed: bool = False


@dataclass
class LiveFunction:
    """A function as it is in the project now."""

    template: FunctionTemplate
    module: str
    body: str
    cases: Cases
    raises: Cases
    defective: bool = False
    changed: bool = False
    # its parameters after the first are keyword-only (version 3's signature refactor)
    keyword_only: bool = False

    def params(self) -> str:
        """Its parameter list as the package defines it now."""
        params = self.template.params
        return signatures.keyword_only(params) if self.keyword_only else params

    def call(self, arguments: str) -> str:
        """A call's argument source as the function now accepts it."""
        if not self.keyword_only:
            return arguments
        return signatures.keyword_arguments(
            arguments, signatures.parameter_names(self.template.params)
        )

    def calls(self, cases: Cases) -> Cases:
        """Cases (arguments, expected) with their arguments as the function now accepts them."""
        return tuple((self.call(arguments), outcome) for arguments, outcome in cases)


@dataclass
class Project:
    """The package as the references have built it so far."""

    package: str
    functions: dict[str, LiveFunction] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # old name -> current name
    # old names whose every call warns that they are deprecated (version 3)
    deprecated: set[str] = field(default_factory=set)
    constants: dict[str, str] = field(default_factory=dict)
    commands: dict[str, LiveCommand] = field(default_factory=dict)  # the command line's
    # the command line refuses an output path with a `..` part (version 3's security fix)
    guarded_output: bool = False
    # the service's request log redacts `token` query values (version 3's security fix)
    redacted_log: bool = False
    # the service answers requests concurrently and its store locks every change (version 3)
    concurrent_writes: bool = False
    # the layout of the service's data file: 1, or 2 after version 3's store format change
    store_layout: int = 1

    def modules(self) -> list[str]:
        """The package's modules that hold functions, in a stable order."""
        return sorted({f.module for f in self.functions.values()})

    def names_in(self, module: str) -> list[str]:
        """The functions a module defines, in the order they were added."""
        return [n for n, f in self.functions.items() if f.module == module]

    def aliases_in(self, module: str) -> list[str]:
        """Old names kept in a module for the functions it defines now."""
        names = self.names_in(module)
        return [old for old, new in self.aliases.items() if new in names]

    def keyword_signatures(self) -> dict[str, list[str]]:
        """Each keyword-only function's current name -> its parameter names."""
        return {
            name: signatures.parameter_names(f.template.params)
            for name, f in self.functions.items()
            if f.keyword_only
        }

    def current_names(self) -> dict[str, str]:
        """Each live function's template name -> the name it has now (after renames)."""
        return {f.template.name: name for name, f in self.functions.items()}

    def constants_used_in(self, module: str) -> list[str]:
        """The planted constants a module's functions use."""
        bodies = [self.functions[n].body for n in self.names_in(module)]
        return sorted(c for c in self.constants if any(c in body for body in bodies))
