"""The planner's state (the project, the pool, the fixed turns) and what every action shares."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from inspect_stamina.generator import commands
from inspect_stamina.generator.domains import Domain
from inspect_stamina.generator.model import (
    Cases,
    FunctionTemplate,
    LiveFunction,
    Project,
)
from inspect_stamina.generator.planner import schedule


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


# the colleagues whose commits plant the defects of version 3's bug reports
TEAMMATES = ("Sam", "Priya", "Jonas", "Mei", "Tomás", "Aisha", "Lars", "Noor", "Kenji", "Rosa")


def _with_requirements(name: str, by_name: dict[str, FunctionTemplate]) -> list[str]:
    """The template and those it requires, transitively, each after its requirements."""
    order: list[str] = []

    def visit(current: str) -> None:
        if current in order or current not in by_name:
            return
        for required in by_name[current].requires:
            visit(required)
        order.append(current)

    visit(name)
    return order


class Planner:
    """One script's plan in the making: its seeded draws, its project and its fixed turns."""

    def __init__(self, domain: Domain, turns: int, seed: int, version: int) -> None:
        self.domain, self.total = domain, turns
        self.version = version  # actions new in version N are drawn only when version >= N
        self.rng = random.Random(f"{domain.name}:{turns}:{seed}")
        self.project = Project(self.rng.choice(domain.packages))
        self.pool = list(domain.templates)
        self.commands = domain.commands  # the command templates this version writes
        if version >= 3:
            revised = {c.name: c for c in domain.revised_commands}
            self.commands = tuple(revised.get(c.name, c) for c in domain.commands)
        if version >= 3:  # the larger catalogue: two seeds build mostly different projects
            self.pool += domain.more_templates
        self.rng.shuffle(self.pool)
        if version >= 3:  # the functions commands are built on early, or a large
            # catalogue may leave the command line unbuilt
            used = {u for command in domain.commands for u in command.uses}
            self.pool.sort(key=lambda t: t.name not in used)
        if version >= 2:  # a stable sort: the rest keep their shuffled order
            self.pool.sort(key=lambda t: t.name not in domain.first)
        self.early: set[str] = set()  # built early, for a late action (version 3)
        if version >= 3 and domain.revised_templates:
            self._build_early(random.Random(f"early:{domain.name}:{turns}:{seed}"))
        plants = domain.plants
        if version >= 3:  # a value per seed, drawn apart so the other draws stay put
            draw = random.Random(f"plants:{domain.name}:{turns}:{seed}")
            plants = tuple(draw.choice(plant.choices()) for plant in plants)
        self.plant_turns = schedule.plant_turns(plants)
        self.probe_turns = schedule.probe_turns(plants, turns)
        fixed = {**self.plant_turns, **self.probe_turns}
        self.robustness_turns = schedule.robustness_turns(turns, fixed)
        # version 2: a teammate's branch forks before one turn and is merged in the next
        self.merge_turns: dict[int, str] = {}
        self.merge_pair: schedule.MergePair | None = None
        if domain.lang.merges_since and version >= domain.lang.merges_since:
            reserved = schedule.merge_reservation(
                domain, self.pool, turns, {**fixed, **self.robustness_turns}, self.early
            )
            if reserved is not None:
                self.merge_pair, self.merge_turns = reserved
                for template in self.merge_pair:
                    self.pool.remove(template)
        self.library_turns: dict[int, str] = {}
        self.library_pool = list(domain.library) if version >= 2 else []
        if self.library_pool:
            taken = {**fixed, **self.robustness_turns, **self.merge_turns}
            self.library_turns = schedule.library_turns(turns, taken)
        self.library_names: list[str] = []  # the library functions added so far
        self.corrections: dict[int, str] = {}  # turn -> the function it corrects
        self.last_checked = 0
        self.rendered: dict[str, str] = {}  # the package's files after the last code turn
        self.checks_of: dict[str, list[GeneratedTurn]] = {}  # function -> turns testing it
        # version 3: the teammate whose pushed changes plant the defects bug reports name
        self.teammate = self.rng.choice(TEAMMATES) if version >= 3 else ""
        self.planted: set[str] = set()  # functions whose defect a teammate has planted
        self.slowed: set[str] = set()  # functions a teammate's rewrite made slow
        self.questions = 0  # question turns so far (version 3 keeps them rare)
        self.asked: set[str] = set()  # what version 3's questions asked about
        # version 3: facts said once in passing and asked for later (conversation.py)
        self.conversation_probes: list[dict[str, Any]] = []

    def rules(self) -> list[dict[str, Any]]:
        """The project's consistency rules (from version 3 each quotes the prompt stating it)."""
        pkg = self.project.package
        rules = self.domain.lang.rules(pkg)
        if self.version >= 2 and self.domain.commands:
            rules = commands.allow_printing(rules, pkg)
        if self.version >= 3:
            rules = [{**rule, "stated": rule["description"]} for rule in rules]
        return rules

    def rules_statement(self) -> str:
        """How the user states the rules in the first turn (version 3)."""
        return "House rules for the whole project: " + " ".join(
            rule["description"] for rule in self.rules()
        )

    def ready(self) -> int:
        """The index of the first template in the pool whose required functions exist."""
        # the pool's head in a domain without requirements
        live = self.project.functions
        ready = [i for i, t in enumerate(self.pool) if all(r in live for r in t.requires)]
        assert ready, "a domain's requirements must name templates of the domain, acyclically"
        return ready[0]

    def _build_early(self, draw: random.Random) -> None:
        """Put each revised template in place of its published one, with the templates it
        requires before it, early in the pool (a seeded place among the first dozen), so
        that the late phase finds it built; drawn apart, so the other draws stay put."""
        by_name = {t.name: t for t in self.pool}
        for revised in self.domain.revised_templates:
            if revised.name not in by_name:
                continue
            by_name[revised.name] = revised
            order = _with_requirements(revised.name, by_name)
            self.early.update(order)
            at = draw.randint(4, 10)
            head = [by_name[t.name] for t in self.pool[:at]]
            early = {t.name for t in head}
            moved = [by_name[n] for n in order if n not in early]
            tail = [t for t in self.pool[at:] if t.name not in order]
            self.pool = [*head, *moved, *tail]

    def add(self, template: FunctionTemplate, body: str, defective: bool = False) -> None:
        """Put a function into the project, with `body` and the template's cases (from
        version 3 its defect's cases too: the prompt states that property, so it is tested)."""
        cases = template.cases
        if self.version >= 3 and template.defect is not None:
            cases = (*cases, *template.defect.cases)
        self.project.functions[template.name] = LiveFunction(
            template, template.module, body, cases, template.raises, defective=defective
        )

    def retire(self, name: str, last_turn: int) -> None:
        """End the checkpoints of `name` so far at `last_turn`: what they test has changed."""
        for turn in self.checks_of.get(name, []):
            if turn.checkpoint is not None and "until_turn" not in turn.checkpoint:
                turn.checkpoint["until_turn"] = last_turn

    def code_turn(
        self,
        number: int,
        kind: str,
        text: str,
        reply: str,
        tested: str | None,
        cases: Cases | None = None,
        raises: Cases | None = None,
        also: str | None = None,
        extra: str = "",
    ) -> GeneratedTurn:
        """A turn whose reference is the files changed since the last one, testing `tested`
        (and running the `extra` tests after its cases)."""
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
                live.calls(live.cases if cases is None else cases),
                live.calls(live.raises if raises is None else raises),
            )
            turn.test = lang.test(
                self.project.package,
                [group],
                suite=turn.test_file.rsplit("/", 1)[1],
                extra=extra,
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

    def noisy_prose(self, text: str) -> str:
        """`noisy`, but never in `code` or a NAME the usage defines."""
        # a typo there would change the request: they are made to look like no plain
        # word, then restored
        spans = text.split("`")
        glued = "`".join(s.replace(" ", "\u00a0") if i % 2 else s for i, s in enumerate(spans))
        glued = re.sub(r"\b([A-Z]{2,})\b", "\\1\u2060", glued)
        if self.version >= 3:  # and quoted strings: an error message the tests compare
            glued = re.sub(
                r"\"[^\"]*\"|'[^']*'", lambda m: m.group(0).replace(" ", "\u00a0"), glued
            )
        return self.noisy(glued).replace("\u00a0", " ").replace("\u2060", "")

    def noisy_request(self, text: str) -> str:
        """A request's noise: `noisy` up to version 2, `noisy_prose` from version 3 on."""
        return self.noisy_prose(text) if self.version >= 3 else self.noisy(text)

    def noisy(self, text: str) -> str:
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


__all__ = ["GeneratedTurn", "Planner"]
