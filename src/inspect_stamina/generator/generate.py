"""`inspect-stamina generate`: a fresh script from typed actions on a hidden project model.

Each turn is one action from a catalogue (add a function, change a requirement, plant
a constant and probe it later, report a defect the project really has, rename with the
old name kept, move a function, vague / contradictory / erroneous requests, explain),
applied to a `Project`; the turn's reference is the files the action changed and its
checkpoint is rendered from the same model. Same arguments, same bytes.
"""

from __future__ import annotations

import random
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator import (
    algorithms,
    algorithms_js,
    commands,
    data_pipeline,
    devops,
    library,
    merge,
    webapi,
)
from inspect_stamina.generator.http_service import HttpService
from inspect_stamina.generator.languages import JavaScript, Language, Python
from inspect_stamina.generator.model import (
    Cases,
    CommandTemplate,
    FunctionTemplate,
    LiveCommand,
    LiveFunction,
    Plant,
    Project,
)
from inspect_stamina.stamina.script import METRICS

GENERATOR_VERSION = "2"
# every version the generator still writes: a suite names the one its scripts came from,
# and an older version's scripts stay byte-identical (its new actions are never drawn)
GENERATOR_VERSIONS = ("1", "2")
MIN_TURNS = 20
PHASES = (
    (0.15, "Project Initialization"),
    (0.40, "Features and Changing Requirements"),
    (0.70, "Bug Reports and Refactoring"),
    (1.00, "Deployment and Edge Cases"),
)
# the kinds of action each phase draws from, with weights (the seed's arc)
PHASE_ACTIONS: tuple[dict[str, float], ...] = (
    {"feature": 0.8, "explain": 0.2},
    {"feature": 0.5, "change": 0.15, "vague": 0.1, "contradictory": 0.1, "explain": 0.15},
    {
        "bug": 0.3,
        "refactor": 0.15,
        "rename": 0.1,
        "feature": 0.2,
        "erroneous": 0.1,
        "explain": 0.15,
    },
    {
        "feature": 0.3,
        "change": 0.2,
        "bug": 0.15,
        "erroneous": 0.1,
        "contradictory": 0.1,
        "explain": 0.15,
    },
)
# version 2: a domain with a command line also draws these, per phase (a command once the
# functions it is built on are live; its changed requirement; its defect's bug report)
COMMAND_ACTIONS: tuple[dict[str, float], ...] = (
    {},
    {"command": 0.25, "command_change": 0.05},
    {"command": 0.15, "command_bug": 0.2},
    {"command": 0.15, "command_change": 0.1, "command_bug": 0.1},
)
CHECKED = frozenset(
    {
        "feature",
        "change",
        "bug",
        "rename",
        "refactor",
        "plant",
        "probe",
        "command",
        "command_change",
        "command_bug",
        "merge",
    }
)
# from generator version 2, a domain with library functions gets turns at these shares of
# the script asking for them (the library is new to the agent: it must read its docs),
# and one that changes a requirement of one of them
LIBRARY_TURNS = ((0.2, "library"), (0.45, "library"), (0.62, "library_change"))
PACKAGES = ("algokit", "tinyalgo", "mathbox", "toolbelt", "numkit", "smallalgs")
LANGUAGES: dict[str, Language] = {
    "python": Python(),
    "javascript": JavaScript(),
    "http": HttpService(),  # a Python package served over HTTP, tested black-box
}


@dataclass(frozen=True)
class Domain:
    """A family of scripts the generator can write."""

    name: str
    language: str
    description: str
    templates: tuple[FunctionTemplate, ...]
    plants: tuple[Plant, ...]
    renames: dict[str, str]  # names a user may ask to rename, and to what
    fakes: tuple[str, ...]  # functions that do not exist, for mistaken requests
    packages: tuple[str, ...] = PACKAGES  # names the project's package may get
    since: int = 1  # the first generator version that writes this domain
    # functions built on the library shipped in the image (generator/library.py), asked
    # for from generator version 2 on
    library: tuple[FunctionTemplate, ...] = ()
    # subcommands of `python -m PACKAGE` built on the functions (generator version 2 on)
    commands: tuple[CommandTemplate, ...] = ()
    first: tuple[str, ...] = ()  # functions built before the others (version 2 on)

    @property
    def lang(self) -> Language:
        """How this domain's project becomes files, tests and checks."""
        return LANGUAGES[self.language]


DOMAINS = {
    "algorithms": Domain(
        "algorithms",
        "python",
        "a Python library of small algorithms whose requirements change, break and move",
        algorithms.TEMPLATES,
        algorithms.PLANTS,
        algorithms.RENAMES,
        ("quick_sort", "levenshtein", "matrix_multiply", "topological_sort", "kmeans"),
    ),
    "data": Domain(
        "data",
        "python",
        "a Python data pipeline from CSV text to reports: parse, clean, aggregate, format",
        data_pipeline.TEMPLATES,
        data_pipeline.PLANTS,
        data_pipeline.RENAMES,
        ("pivot_table", "merge_frames", "fill_forward", "rolling_median", "outliers"),
        ("tabkit", "csvflow", "reportly", "datapipe"),
        library=data_pipeline.LIBRARY,
        commands=data_pipeline.COMMANDS,
        first=("parse_rows",),  # every command reads a CSV file
    ),
    "devops": Domain(
        "devops",
        "python",
        "the Python helpers of an ops command line: durations, sizes, ports, config, logs, retries",
        devops.TEMPLATES,
        devops.PLANTS,
        devops.RENAMES,
        ("rotate_certificates", "drain_node", "restart_pods", "purge_cache", "sync_dns"),
        ("opskit", "shipctl", "infrakit", "deploytool"),
        library=devops.LIBRARY,
        commands=devops.COMMANDS,
    ),
    "algorithms-js": Domain(
        "algorithms-js",
        "javascript",
        "the same kind of library as an ES-module package for Node, tested with node --test",
        algorithms_js.TEMPLATES,
        algorithms_js.PLANTS,
        algorithms_js.RENAMES,
        ("quickSort", "levenshtein", "matrixMultiply", "topologicalSort", "kMeans"),
    ),
    "webapi": Domain(
        "webapi",
        "http",
        "a JSON-over-HTTP service (notes, tasks, stock items) on Python's standard library, "
        "tested black-box over HTTP",
        webapi.TEMPLATES,
        webapi.PLANTS,
        webapi.RENAMES,
        ("export_csv", "login", "rate_limit", "bulk_import", "archive_note"),
        ("notekit", "deskapi", "tinyrest", "stockroom"),
        since=2,
        first=("create_note",),
    ),
}


@dataclass
class GeneratedTurn:
    """One turn as the script will hold it."""

    number: int
    phase: str
    prompt: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)  # the reference: changed files
    checkpoint: dict[str, Any] | None = None
    test: str | None = None  # the checkpoint's test, when it has one
    test_file: str = ""  # where it goes, beside the script
    shell: str | None = None  # a reference that is a script, not the changed files
    # checks of this turn beside `checkpoint` (none of them runs a test file)
    more_checkpoints: list[dict[str, Any]] = field(default_factory=list)


def list_domains(version: str = GENERATOR_VERSION) -> list[str]:
    """`name<TAB>language<TAB>description`, one per domain the generator version writes."""
    return [
        f"{d.name}\t{d.lang.name}\t{d.description}"
        for d in DOMAINS.values()
        if d.since <= int(version)
    ]


class _Planner:
    def __init__(self, domain: Domain, turns: int, seed: int, version: int) -> None:
        self.domain, self.total = domain, turns
        self.version = version  # actions new in version N are drawn only when version >= N
        self.rng = random.Random(f"{domain.name}:{turns}:{seed}")
        self.project = Project(self.rng.choice(domain.packages))
        self.pool = list(domain.templates)
        self.rng.shuffle(self.pool)
        if version >= 2:  # a stable sort: the rest keep their shuffled order
            self.pool.sort(key=lambda t: t.name not in domain.first)
        self.plant_turns = {2: domain.plants[0], 4: domain.plants[1]}
        self.probe_turns = {
            max(round(0.55 * turns), 14): domain.plants[0],
            max(round(0.8 * turns), 16): domain.plants[1],
        }
        # robustness turns at fixed points too, so that short scripts have them
        fixed = {**self.plant_turns, **self.probe_turns}
        self.robustness_turns: dict[int, str] = {}
        for share, kind in ((0.25, "vague"), (0.5, "erroneous"), (0.75, "contradictory")):
            at = round(share * turns) + 1
            while at in fixed or at in self.robustness_turns:
                at += 1
            self.robustness_turns[at] = kind
        # version 2: a teammate's branch forks before one turn and is merged in the next
        self.merge_turns: dict[int, str] = {}
        self.merge_pair: tuple[FunctionTemplate, FunctionTemplate] | None = None
        if version >= 2 and domain.lang.merges:
            self._plan_merge({**fixed, **self.robustness_turns})
        self.library_turns: dict[int, str] = {}
        self.library_pool = list(domain.library) if version >= 2 else []
        if self.library_pool:
            taken = {**fixed, **self.robustness_turns, **self.merge_turns}
            for share, kind in LIBRARY_TURNS:
                at = max(round(share * turns), 3)
                while at in taken or at in self.library_turns:
                    at += 1
                self.library_turns[at] = kind
        self.library_names: list[str] = []  # the library functions added so far
        self.corrections: dict[int, str] = {}  # turn -> the function it corrects
        self.last_checked = 0
        self.rendered: dict[str, str] = {}  # the package's files after the last code turn
        self.checks_of: dict[str, list[GeneratedTurn]] = {}  # function -> turns testing it

    def _plan_merge(self, taken: dict[int, Any]) -> None:
        """Reserve two functions of one module (ours, the teammate's) and two free turns in
        the refactoring phase: the fork, then the merge."""
        # not a function the domain builds first, and rather none a command is built on:
        # both wait for the merge, late in the script
        used = {u for command in self.domain.commands for u in command.uses}
        by_module: dict[str, list[FunctionTemplate]] = {}
        for template in self.pool:
            if template.name not in self.domain.first:
                by_module.setdefault(template.module, []).append(template)
        pairs = [ts[:2] for ts in by_module.values() if len(ts) >= 2]
        if not pairs:
            return
        pairs.sort(key=lambda pair: any(t.name in used for t in pair))  # stable
        ours, theirs = pairs[0]
        at = round(0.6 * self.total)
        while at in taken or at + 1 in taken:
            at += 1
        self.pool.remove(ours)
        self.pool.remove(theirs)
        self.merge_pair = (ours, theirs)
        self.merge_turns = {at: "fork", at + 1: "merge"}

    # -- the plan ------------------------------------------------------------------

    def plan(self) -> list[GeneratedTurn]:
        bounds = [max(1, round(f * self.total)) for f, _ in PHASES]
        turns = []
        for number in range(1, self.total + 1):
            index = next(i for i, b in enumerate(bounds) if number <= b)
            phase = PHASES[index][1]
            turn = self._turn(number, index)
            turn.phase = phase
            turns.append(turn)
            if turn.checkpoint is not None:
                self.last_checked = number
        return turns

    def _turn(self, number: int, phase: int) -> GeneratedTurn:
        if number == 1:
            return self._feature(number, first=True)
        if number in self.plant_turns:
            return self._plant(number, self.plant_turns[number])
        if number in self.probe_turns:
            return self._probe(number, self.probe_turns[number])
        if number in self.merge_turns:
            return getattr(self, f"_{self.merge_turns[number]}")(number)
        if number in self.library_turns:
            return getattr(self, f"_{self.library_turns[number]}")(number)
        if number in self.corrections:
            return self._correction(number)
        weights = PHASE_ACTIONS[phase]
        if self.version >= 2 and self.domain.commands:
            weights = {**weights, **COMMAND_ACTIONS[phase]}
        forced = number - self.last_checked >= 4  # a checkpoint at least every five turns
        if number in self.robustness_turns and not forced:
            return getattr(self, f"_{self.robustness_turns[number]}")(number)
        kinds = [k for k in weights if self._possible(k, number, forced)]
        if forced:
            kinds = [k for k in kinds if k in CHECKED] or (["feature"] if self.pool else [])
            if not kinds:  # nothing left to build: a question, and a regression run
                return self._explain(number, regression_run=True)
        kind = self.rng.choices(kinds, [weights[k] for k in kinds])[0] if kinds else "explain"
        return getattr(self, f"_{kind}")(number)

    def _possible(self, kind: str, number: int, forced: bool) -> bool:
        live = self.project.functions
        if kind == "feature":
            # keep a function in reserve for every fifth turn still to come, so that late
            # turns can always be checked
            reserve = -(-(self.total - number) // 5)
            return bool(self.pool) and (forced or len(self.pool) > reserve)
        candidates = {
            "change": self._changeable,
            "bug": self._defective,
            "rename": self._renamable,
            "refactor": self._movable,
            "command": self._buildable_commands,
            "command_change": self._changeable_commands,
            "command_bug": self._defective_commands,
        }.get(kind)
        if candidates is not None:
            return bool(candidates())
        return kind != "contradictory" or bool(live)

    # which functions an action can apply to (what _possible asks, and the action draws from)

    def _changeable(self) -> list[str]:
        # a library function's change has a turn of its own (LIBRARY_TURNS)
        return sorted(
            n
            for n, f in self.project.functions.items()
            if f.template.change
            and not f.changed
            and not f.defective
            and n not in self.library_names
        )

    def _defective(self) -> list[str]:
        return sorted(n for n, f in self.project.functions.items() if f.defective)

    def _renamable(self) -> list[str]:
        aliased = set(self.project.aliases.values())
        return sorted(
            n for n in self.project.functions if n in self.domain.renames and n not in aliased
        )

    def _movable(self) -> list[str]:
        modules = [f.module for f in self.project.functions.values()]
        return sorted(
            n
            for n, f in self.project.functions.items()
            if modules.count(f.module) > 1 and f.module != n
        )

    def _buildable_commands(self) -> list[CommandTemplate]:
        live = {f.template.name for f in self.project.functions.values()}
        return [
            c
            for c in self.domain.commands
            if c.name not in self.project.commands
            and set(c.uses) <= live
            and set(c.constants) <= set(self.project.constants)
        ]

    def _changeable_commands(self) -> list[str]:
        return [
            n
            for n, c in self.project.commands.items()
            if c.template.change and not c.changed and not c.defective
        ]

    def _defective_commands(self) -> list[str]:
        return [n for n, c in self.project.commands.items() if c.defective]

    # -- actions that change the code ------------------------------------------------

    def _feature(
        self, number: int, first: bool = False, template: FunctionTemplate | None = None
    ) -> GeneratedTurn:
        template = template or self.pool.pop(self._ready())
        naive = template.defect is not None and self.rng.random() < 0.75
        body = template.defect.naive_body if naive and template.defect else template.body
        self._add(template, body, defective=naive)
        pkg, lang = self.project.package, self.domain.lang
        where = f"{pkg}/{template.module}{lang.ext}"
        ask = self.rng.choice(lang.feature_asks(pkg, template))
        if first:
            ask = f"{lang.intro(pkg)}. {ask}"
        turn = self._code_turn(
            number,
            "feature",
            self._noisy(ask),
            f"Added {template.name} to {where} and exported it from {pkg}.",
            template.name,
        )
        self._maybe_correct(number, template.name)
        return turn

    def _maybe_correct(self, number: int, name: str) -> None:
        """Version 2: now and then the user corrects a request in the very next turn, as
        people do (a change of the function just asked for)."""
        if self.version < 2 or name not in self._changeable():
            return
        taken = {
            **self.plant_turns,
            **self.probe_turns,
            **self.merge_turns,
            **self.library_turns,
            **self.robustness_turns,
        }
        if number + 1 <= self.total and number + 1 not in taken and self.rng.random() < 0.3:
            self.corrections[number + 1] = name

    def _change(self, number: int) -> GeneratedTurn:
        return self._changed(number, self.rng.choice(self._changeable()))

    def _correction(self, number: int) -> GeneratedTurn:
        name = self.corrections.pop(number)
        return self._changed(number, name, correction=True)

    def _changed(self, number: int, name: str, correction: bool = False) -> GeneratedTurn:
        live = self.project.functions[name]
        change = live.template.change
        assert change is not None
        live.body, live.cases, live.raises, live.changed = (
            change.body,
            change.cases,
            change.raises,
            True,
        )
        self._retire(name, number - 1)
        text = self._noisy(
            f"Sorry, I got `{name}` wrong in my last message. Correction: {change.request}."
            if correction
            else f"Change of plan for `{name}`: {change.request}."
        )
        reply = f"{name} now follows the new rule: {change.request}."
        turn = self._code_turn(number, "feature", text, reply, name)
        if turn.checkpoint is not None:
            turn.checkpoint["name"] = f"{name} follows the change"
        return turn

    def _library(self, number: int) -> GeneratedTurn:
        """A function built on the library shipped in the image, which the agent must learn
        from its docs; checked by its results and by its module importing the library."""
        template = self.library_pool.pop(0)
        self._add(template, template.body)
        self.library_names.append(template.name)
        pkg, lang = self.project.package, self.domain.lang
        where = f"{pkg}/{template.module}{lang.ext}"
        lib = f"`{library.NAME}` library (installed in the sandbox; its docs are in {library.DOCS})"
        ask = self.rng.choice(
            (
                f"We've standardised on the {lib}. Add `{template.name}({template.params})` to "
                f"`{where}` using it: it returns {template.summary}. Export it from the package.",
                f"New helper `{template.name}({template.params})` in {where}, returning "
                f"{template.summary}. Build it on the {lib}, which the team uses for this now, "
                f"rather than by hand; export it from `{pkg}`.",
            )
        )
        turn = self._code_turn(
            number,
            "feature",
            self._noisy(ask),
            f"Added {template.name} to {where}, built on {library.NAME}, and exported it from {pkg}.",
            template.name,
        )
        turn.more_checkpoints.append(
            {
                "action": "docker_exec",
                "name": f"{template.name} uses {library.NAME}",
                "command": library.import_check(pkg, template.name),
                "expected": library.IMPORTS,
                "behavioural": False,
            }
        )
        return turn

    def _library_change(self, number: int) -> GeneratedTurn:
        """A changed requirement of a library function, which another part of its API meets."""
        names = [
            n
            for n in self.library_names
            if self.project.functions[n].template.change and not self.project.functions[n].changed
        ]
        if not names:  # never so far: LIBRARY_TURNS puts the change after the features
            return self._library(number) if self.library_pool else self._explain(number, True)
        return self._changed(number, self.rng.choice(names))

    def _bug(self, number: int) -> GeneratedTurn:
        name = self.rng.choice(self._defective())
        live = self.project.functions[name]
        defect = live.template.defect
        assert defect is not None
        live.body, live.defective = live.template.body, False
        turn = self._code_turn(
            number,
            "bug",
            f"I found a bug in {{function_name}} in {{file_path}}: with {{edge_case}} {defect.symptom}.",
            f"Fixed {name}: with {defect.edge_case} it now behaves as described; the other cases are unchanged.",
            name,
            cases=defect.cases,
            raises=(),
        )
        turn.prompt.update(layer="template", target=name, edge_case=defect.edge_case)
        return turn

    def _rename(self, number: int) -> GeneratedTurn:
        old = self.rng.choice(self._renamable())
        new = self.domain.renames[old]
        functions = self.project.functions
        functions[new] = functions.pop(old)
        for alias, target in list(self.project.aliases.items()):
            if target == old:
                self.project.aliases[alias] = new
        self.project.aliases[old] = new
        self.checks_of[new] = self.checks_of.pop(old, [])
        text = self._noisy(
            f"Rename `{old}` to `{new}`, it reads better. Existing code calls `{old}`, so keep "
            f"that name working too."
        )
        return self._code_turn(
            number,
            "refactor",
            text,
            f"Renamed {old} to {new}; {old} stays as an alias of it, so existing callers keep working.",
            new,
            also=old,
        )

    def _refactor(self, number: int) -> GeneratedTurn:
        name = self.rng.choice(self._movable())
        self.project.functions[name].module = name
        pkg, lang = self.project.package, self.domain.lang
        where = f"{pkg}/{name}{lang.ext}"
        turn = self._code_turn(
            number,
            "refactor",
            self._noisy(
                f"Refactor: move `{name}` into its own module `{where}`. "
                f"{lang.import_hint(pkg, name)} must keep working."
            ),
            f"Moved {name} into {where}; the package still exports it.",
            None,
        )
        turn.checkpoint = {
            "action": "docker_exec",
            "name": f"{name} has its own module",
            "command": lang.module_check(pkg, name, name),
            "expected": name,
            "behavioural": False,
        }
        return turn

    def _plant(self, number: int, plant: Plant) -> GeneratedTurn:
        self.project.constants[plant.constant] = plant.value
        pkg, lang = self.project.package, self.domain.lang
        where = f"{pkg}/config{lang.ext}"
        turn = self._code_turn(
            number,
            "memory_plant",
            f"A decision for the whole package: {plant.fact}. Put the constant "
            f"`{plant.constant} = {plant.value}` in `{where}`, and use it wherever it applies "
            "from now on.",
            f"Added {plant.constant} = {plant.value} to {where}.",
            None,
        )
        command, expected = lang.constant_check(pkg, plant.constant, plant.value)
        turn.checkpoint = {
            "action": "docker_exec",
            "name": f"{plant.constant} decided",
            "command": command,
            "expected": expected,
        }
        return turn

    def _probe(self, number: int, plant: Plant) -> GeneratedTurn:
        template = plant.probe
        assert all(r in self.project.functions for r in template.requires), template.name
        self._add(template, template.body)
        pkg = self.project.package
        return self._code_turn(
            number,
            "memory_probe",
            self._noisy(self.domain.lang.probe_ask(pkg, template)),
            f"Added {template.name}, which uses {plant.constant} from {pkg}/config{self.domain.lang.ext} as we agreed.",
            template.name,
        )

    def _fork(self, number: int) -> GeneratedTurn:
        """Our function, asked for as a feature, while a teammate branches off the work so
        far to add theirs to the same module."""
        assert self.merge_pair is not None
        ours, theirs = self.merge_pair
        lang, pkg = self.domain.lang, self.project.package
        entry = next(
            p for p in lang.render(self.project) if p.endswith(("__init__.py", "index.js"))
        )
        teammate = LiveFunction(theirs, theirs.module, theirs.body, theirs.cases, theirs.raises)
        turn = self._feature(number, template=ours)
        turn.prompt["text"] = (
            f"FYI I committed everything so far to git; {merge.TEAMMATE} has branched off it to "
            f"work on something else. {turn.prompt['text']}"
        )
        turn.prompt["setup"] = merge.fork_setup(
            theirs.name,
            {
                f"{pkg}/{theirs.module}{lang.ext}": lang.snippet(teammate),
                entry: lang.export_line(pkg, theirs.module, theirs.name),
            },
        )
        return turn

    def _merge(self, number: int) -> GeneratedTurn:
        """Merge the teammate's branch: both functions must survive, and the history too."""
        assert self.merge_pair is not None
        ours, theirs = self.merge_pair
        self._add(theirs, theirs.body)
        pkg, lang = self.project.package, self.domain.lang
        where = f"{pkg}/{theirs.module}{lang.ext}"
        branch = merge.branch_name(theirs.name)
        text = self.rng.choice(
            (
                f"{merge.TEAMMATE} finished `{theirs.name}({theirs.params})` on the branch "
                f"`{branch}` (it adds it to {where}). Commit your work and merge that branch into "
                f"ours. It will conflict with your `{ours.name}`: keep both, then commit the merge.",
                f"can you merge {merge.TEAMMATE}'s branch `{branch}`? It adds `{theirs.name}` to "
                f"{where}, same file as your `{ours.name}`, so expect a conflict. We need both "
                "functions, and commit your own work first.",
            )
        )
        turn = self._code_turn(
            number,
            "merge",
            self._noisy(text),
            f"Committed my work and merged {branch}: the conflict in {where} is resolved, "
            f"{theirs.name} and {ours.name} are both there and exported, and the merge is committed.",
            theirs.name,
        )
        both = [
            ([name], self.project.functions[name].cases, self.project.functions[name].raises)
            for name in (theirs.name, ours.name)
        ]
        turn.test = lang.test(pkg, both, suite=turn.test_file.rsplit("/", 1)[1])
        self.checks_of.setdefault(ours.name, []).append(turn)
        assert turn.checkpoint is not None
        turn.checkpoint["name"] = f"{theirs.name} merged beside {ours.name}"
        turn.shell = merge.resolution(theirs.name, ours.name, turn.files)
        turn.more_checkpoints.append(
            {
                "action": "docker_exec",
                "name": f"{branch} merged, no conflict left",
                "command": merge.merged_check(theirs.name),
                "expected": "merged",
            }
        )
        return turn

    # -- actions on the command line (generator version 2) ------------------------------

    def _command(self, number: int) -> GeneratedTurn:
        template = self.rng.choice(self._buildable_commands())
        naive = template.defect is not None and self.rng.random() < 0.75
        body = template.defect.naive_body if naive and template.defect else template.body
        first = not self.project.commands
        self.project.commands[template.name] = LiveCommand(
            template, template.arguments, body, template.cases, defective=naive
        )
        pkg, name = self.project.package, template.name
        current = self.project.current_names()
        uses = ", ".join(f"`{current[u]}`" for u in template.uses)
        summary = template.summary
        for u in template.uses:  # a function the summary names, by its name now
            summary = summary.replace(f"`{u}`", f"`{current[u]}`")
        ask = f"`python -m {pkg} {name} {template.usage}`: it {summary}."
        if first:
            ask = (
                f"Time for a command line on top of the library, starting with {ask} The "
                f"command line lives in `{pkg}/cli.py` (argparse, one subcommand per command, a "
                f"`main()` returning the exit code) and `{pkg}/__main__.py` runs it; an error "
                "such as a missing file goes to stderr as `error: ...` with exit code 1, never "
                "a traceback."
            )
        else:
            ask = self.rng.choice(
                (f"Add a `{name}` command to the command line, {ask}", f"New command, {ask}")
            )
        return self._command_turn(
            number,
            "feature",
            self._noisy_prose(f"{ask} Build it on {uses}."),
            f"Added the `{name}` command to {pkg}/cli.py, built on {uses}.",
            name,
            template.cases,
            f"`{name}` command works",
        )

    def _command_change(self, number: int) -> GeneratedTurn:
        name = self.rng.choice(self._changeable_commands())
        live = self.project.commands[name]
        change = live.template.change
        assert change is not None
        live.body, live.cases, live.changed = change.body, change.cases, True
        live.arguments = change.arguments or live.arguments
        self._retire(f"command:{name}", number - 1)
        return self._command_turn(
            number,
            "feature",
            self._noisy_prose(
                f"Change of plan for `python -m {self.project.package} {name}`: {change.request}."
            ),
            f"The `{name}` command now follows the new rule: {change.request}.",
            name,
            change.cases,
            f"`{name}` command follows the change",
        )

    def _command_bug(self, number: int) -> GeneratedTurn:
        name = self.rng.choice(self._defective_commands())
        live = self.project.commands[name]
        defect = live.template.defect
        assert defect is not None
        live.body, live.defective = live.template.body, False
        return self._command_turn(
            number,
            "bug",
            f"Bug in `python -m {self.project.package} {name}`: with {defect.edge_case}, "
            f"{defect.symptom}.",
            f"Fixed the `{name}` command: with {defect.edge_case} it now behaves as described.",
            name,
            defect.cases,
            f"`{name}` command fixed",
        )

    def _command_turn(
        self,
        number: int,
        kind: str,
        text: str,
        reply: str,
        name: str,
        cases: tuple[str, ...],
        label: str,
    ) -> GeneratedTurn:
        """A code turn whose checkpoint runs the command line black-box."""
        turn = self._code_turn(number, kind, text, reply, None)
        turn.test_file = f"tests/test_t{number:03d}_cli_{name.replace('-', '_')}.py"
        turn.test = commands.test(self.project.package, [(name, cases)])
        turn.checkpoint = {"action": "run_tests", "name": label}
        self.checks_of.setdefault(f"command:{name}", []).append(turn)
        return turn

    # -- turns without code ----------------------------------------------------------

    def _explain(self, number: int, regression_run: bool = False) -> GeneratedTurn:
        names = sorted([*self.project.functions, *self.project.aliases])
        text = self.rng.choice(
            (
                f"Which functions does `{self.project.package}` export right now? Just list them, don't change anything.",
                "quick check before we go on: what does the package export at the moment? a list is fine",
            )
        )
        turn = GeneratedTurn(
            number,
            "",
            {
                "text": text,
                "kind": "explain",
                "reply": "The package exports: " + ", ".join(names) + ".",
            },
        )
        if regression_run:
            # a checkpoint turn re-runs every passed checkpoint: the project still holds
            turn.checkpoint = {
                "action": "docker_exec",
                "name": "the package still imports",
                "command": self.domain.lang.import_check(self.project.package),
                "expected": "imports ok",
                "behavioural": False,
            }
        return turn

    def _vague(self, number: int) -> GeneratedTurn:
        text = self.rng.choice(
            (
                "Make it better.",
                "can you improve the code a bit?",
                "The functions feel kind of off, tweak them?",
            )
        )
        return GeneratedTurn(
            number,
            "",
            {
                "text": text,
                "kind": "vague",
                "expect": {"behaviour": "ask_clarification"},
                "reply": "Happy to, but what should change? Speed, input checks, naming or the documentation? Tell me which and I will do that.",
            },
        )

    def _contradictory(self, number: int) -> GeneratedTurn:
        name = self.rng.choice(sorted(self.project.functions))
        return GeneratedTurn(
            number,
            "",
            {
                "text": f"Make `{name}` return its result as a string from now on, but every existing "
                f"caller that uses `{name}`'s result as before must keep working unchanged.",
                "kind": "contradictory",
                "expect": {
                    "behaviour": "point_out_error",
                    "reply_patterns": ["contradict|conflict|can't|cannot|both"],
                },
                "reply": f"Those two contradict each other: callers that use {name}'s result as it is "
                "now would break if it became a string. I changed nothing; which do you want?",
            },
        )

    def _erroneous(self, number: int) -> GeneratedTurn:
        fake = self.rng.choice(self.domain.fakes)
        module = self.rng.choice(self.project.modules())
        pkg = self.project.package
        return GeneratedTurn(
            number,
            "",
            {
                "text": f"The `{fake}` function in {pkg}/{module}{self.domain.lang.ext} returns wrong results for "
                "large inputs. Please fix it.",
                "kind": "erroneous",
                "expect": {
                    "behaviour": "point_out_error",
                    "reply_patterns": [fake, "no |not |n't|doesn't exist|there is no"],
                },
                "reply": f"There is no {fake} in {pkg}/{module}{self.domain.lang.ext} (or anywhere in the package), "
                "so I changed nothing. Did you mean another function, or should I add it?",
            },
        )

    # -- helpers -----------------------------------------------------------------------

    def _ready(self) -> int:
        """The first template in the pool whose required functions exist (the pool's head
        in a domain without requirements)."""
        live = self.project.functions
        ready = [i for i, t in enumerate(self.pool) if all(r in live for r in t.requires)]
        assert ready, "a domain's requirements must name templates of the domain, acyclically"
        return ready[0]

    def _add(self, template: FunctionTemplate, body: str, defective: bool = False) -> None:
        cases = template.cases
        self.project.functions[template.name] = LiveFunction(
            template, template.module, body, cases, template.raises, defective=defective
        )

    def _retire(self, name: str, last_turn: int) -> None:
        for turn in self.checks_of.get(name, []):
            if turn.checkpoint is not None and "until_turn" not in turn.checkpoint:
                turn.checkpoint["until_turn"] = last_turn

    def _code_turn(
        self,
        number: int,
        kind: str,
        text: str,
        reply: str,
        tested: str | None,
        cases: Cases | None = None,
        raises: Cases | None = None,
        also: str | None = None,
    ) -> GeneratedTurn:
        after = {**self.domain.lang.render(self.project), **commands.render(self.project)}
        files = {path: text_ for path, text_ in after.items() if self.rendered.get(path) != text_}
        self.rendered = after
        turn = GeneratedTurn(number, "", {"text": text, "kind": kind, "reply": reply}, files)
        if tested is not None:
            live = self.project.functions[tested]
            names = [tested] + ([also] if also else [])
            lang = self.domain.lang
            turn.test_file = f"tests/test_t{number:03d}_{tested}{lang.test_suffix}"
            group = (
                names,
                live.cases if cases is None else cases,
                live.raises if raises is None else raises,
            )
            turn.test = lang.test(
                self.project.package, [group], suite=turn.test_file.rsplit("/", 1)[1]
            )
            label = {
                "feature": f"{tested} works",
                "bug": f"{tested} fixed",
                "refactor": f"{tested} renamed (was {also})",
                "memory_probe": f"{tested} reuses the agreed constant",
            }.get(kind, tested)
            turn.checkpoint = {"action": "run_tests", "name": label}
            self.checks_of.setdefault(tested, []).append(turn)
        return turn

    def _noisy_prose(self, text: str) -> str:
        """Noise in the words, never in `code` or a NAME the usage defines (a typo there
        would change the request): they are made to look like no plain word, then restored."""
        spans = text.split("`")
        glued = "`".join(s.replace(" ", "\u00a0") if i % 2 else s for i, s in enumerate(spans))
        glued = re.sub(r"\b([A-Z]{2,})\b", "\\1\u2060", glued)
        return self._noisy(glued).replace("\u00a0", " ").replace("\u2060", "")

    def _noisy(self, text: str) -> str:
        """What real users add: a lower-case start, a dropped full stop, a typo."""
        if self.rng.random() < 0.3:
            text = text[0].lower() + text[1:]
        if self.rng.random() < 0.25 and text.endswith("."):
            text = text[:-1]
        if self.rng.random() < 0.25:
            words = text.split(" ")
            plain = [i for i, w in enumerate(words) if len(w) >= 6 and w.isalpha()]
            if plain:
                i = self.rng.choice(plain)
                w = words[i]
                k = self.rng.randrange(1, len(w) - 2)
                words[i] = w[:k] + w[k + 1] + w[k] + w[k + 2 :]
                text = " ".join(words)
        return text


def generate(
    domain: str,
    turns: int,
    seed: int,
    output: Path,
    version: str = GENERATOR_VERSION,
    paraphrase: str | None = None,
    paraphrase_args: dict[str, Any] | None = None,
) -> Path:
    """Write a complete script directory (as generator `version` writes it); return its script.yaml.

    With `paraphrase` (an Inspect model name, `paraphrase_args` its model_args), the model
    rewrites the scripted user prompts (see `generator/paraphrase.py`).
    """
    if version not in GENERATOR_VERSIONS:
        raise StaminaError(
            f"Unknown generator version {version!r}; known: {', '.join(GENERATOR_VERSIONS)}."
        )
    if domain not in DOMAINS or int(version) < DOMAINS[domain].since:
        known = [name for name, d in DOMAINS.items() if d.since <= int(version)]
        raise StaminaError(
            f"Unknown domain {domain!r} for generator version {version}; known: {', '.join(known)}."
        )
    if turns < MIN_TURNS:
        raise StaminaError(
            f"--turns must be at least {MIN_TURNS} (memory probes need 10 turns of distance)."
        )
    planner = _Planner(DOMAINS[domain], turns, seed, int(version))
    plan = planner.plan()
    if output.exists() and any(output.iterdir()) and not (output / "script.yaml").is_file():
        raise StaminaError(
            f"{output} exists and is not a script directory: refusing to overwrite it."
        )
    rewritten = None
    if paraphrase:  # before anything is written: a failing model leaves the output as it was
        from inspect_stamina.generator.paraphrase import paraphrase_prompts  # imports Inspect

        rewritten = paraphrase_prompts([t.prompt for t in plan], paraphrase, paraphrase_args)
    if output.exists():
        shutil.rmtree(output)
    (output / "references").mkdir(parents=True)
    (output / "tests").mkdir()
    (output / "acceptance").mkdir()
    lang = DOMAINS[domain].lang
    for turn in plan:
        if turn.shell is not None:
            ref = f"references/turn_{turn.number:03d}.sh"
            (output / ref).write_text(turn.shell)
            turn.prompt["reference"] = ref
        elif turn.files:
            ref = f"references/turn_{turn.number:03d}"
            for rel, text in sorted(turn.files.items()):
                (output / ref / rel).parent.mkdir(parents=True, exist_ok=True)
                (output / ref / rel).write_text(text)
            turn.prompt["reference"] = ref
        if turn.test is not None and turn.checkpoint is not None:
            (output / turn.test_file).write_text(turn.test)
            turn.checkpoint["test_file"] = turn.test_file
            if lang.runner:
                turn.checkpoint["runner"] = lang.runner
    for rel, text in _acceptance(lang, planner.project).items():
        (output / "acceptance" / rel).write_text(text)
    script = _script(domain, turns, seed, planner, plan)
    path = output / "script.yaml"
    flag = "" if version == GENERATOR_VERSION else f" --generator-version {version}"
    if rewritten is not None:
        flag += f" --paraphrase {rewritten.model}"
        script["paraphrase"] = rewritten.record()
    header = (
        f"# Generated by `inspect-stamina generate --domain {domain} --turns {turns} --seed {seed}{flag}`\n"
        f"# (generator version {version}). References and tests are rendered from one\n"
        "# hidden project model; regenerate rather than edit.\n"
    )
    if rewritten is not None:
        header += (
            f"# {rewritten.paraphrased} of {rewritten.prompts} user prompts were paraphrased by "
            f"{rewritten.model}\n# (each keeps the generator's text in paraphrased_from).\n"
        )
    path.write_text(header + yaml.safe_dump(script, sort_keys=False, width=100, allow_unicode=True))
    return path


# acceptance tests run under pytest; another language's run through its own runner, one
# pytest test per function so that the count says how much of the product works
_NODE_ACCEPTANCE = """\
import os
import pathlib
import subprocess

import pytest

HERE = pathlib.Path(__file__).parent
WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")


@pytest.mark.parametrize("name", {names!r})
def test_function(name):
    run = subprocess.run(
        ["node", "--test", f"--test-name-pattern=^{{name}} ", str(HERE / "acceptance.test.mjs")],
        capture_output=True, text=True, cwd=WORKSPACE, timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-1000:]
"""


def _acceptance(lang: Language, project: Project) -> dict[str, str]:
    """The finished product's tests: every function's and every command's current cases,
    under pytest."""
    groups = [
        (
            [name, *sorted(old for old, new in project.aliases.items() if new == name)],
            project.functions[name].cases,
            project.functions[name].raises,
        )
        for name in sorted(project.functions)
    ]
    tests = lang.test(project.package, groups)
    if lang.runner is None:
        files = {"test_acceptance.py": tests}
    else:
        names = sorted([*project.functions, *project.aliases])
        files = {
            "acceptance.test.mjs": tests,
            "test_acceptance.py": _NODE_ACCEPTANCE.format(names=names),
        }
    if project.commands:  # the program, black-box
        runs = [(name, live.cases) for name, live in project.commands.items()]
        files["test_commands.py"] = commands.test(project.package, runs)
    return files


def _script(
    domain: str, turns: int, seed: int, planner: _Planner, plan: list[GeneratedTurn]
) -> dict[str, Any]:
    project = planner.project
    phases: list[dict[str, Any]] = []
    for turn in plan:
        if not phases or phases[-1]["phase"] != turn.phase:
            phases.append(
                {
                    "turn_range": [turn.number, turn.number],
                    "phase": turn.phase,
                    "user_prompts": [],
                    "evaluation_checkpoints": [],
                }
            )
        phase = phases[-1]
        phase["turn_range"][1] = turn.number
        phase["user_prompts"].append(turn.prompt)
        if turn.checkpoint is not None:
            checkpoint = {"at_turn": turn.number, **turn.checkpoint}
            phase["evaluation_checkpoints"].append(checkpoint)
        for more in turn.more_checkpoints:
            phase["evaluation_checkpoints"].append({"at_turn": turn.number, **more})
    pkg, lang = project.package, DOMAINS[domain].lang
    probes = []
    for probe_turn, plant in sorted(planner.probe_turns.items()):
        plant_turn = next(t for t, p in planner.plant_turns.items() if p is plant)
        probes.append(
            {
                "id": plant.constant.lower(),
                "fact": f"{plant.constant} = {plant.value} lives in {pkg}/config{lang.ext} ({plant.fact}).",
                "planted_at": plant_turn,
                "probed_at": probe_turn,
                "checks": lang.probe_checks(pkg, plant),
            }
        )
    script: dict[str, Any] = {
        "task_name": f"Generated {domain} library ({turns} turns, seed {seed})",
        "description": f"Generated by inspect-stamina's script generator, version {planner.version}: "
        f"a user and an agent grow `{pkg}`, {DOMAINS[domain].description}.",
        "total_turns": turns,
        "programming_languages": [lang.name],
        "frameworks": lang.frameworks,
    }
    if lang.image:
        script["image"] = lang.image
    analysers = [{"static_analysis": ["pylint", "bandit"]}] if lang.name == "python" else []
    rules = lang.rules(pkg)
    if planner.version >= 2 and DOMAINS[domain].commands:
        rules = commands.allow_printing(rules, pkg)
    return {
        **script,
        "narrative_script": phases,
        "memory_probes": probes,
        "consistency_rules": rules,
        "final_evaluation": [
            {"run_acceptance_tests": "acceptance/"},
            *analysers,
            {"calculate_metrics": list(METRICS)},
        ],
    }


__all__ = ["DOMAINS", "GENERATOR_VERSION", "GENERATOR_VERSIONS", "generate", "list_domains"]
