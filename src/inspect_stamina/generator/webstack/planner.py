"""A web-stack script's turns: a seed draws a theme, a package, a key and an order.

The first turn lays the project out with its first resource, the second plants the API
key that a later turn locks writes with, the third names the product the client later
shows; the others are the theme's actions (`theme_actions.py`) in a seeded order that
respects what each needs (a resource before its fields and filters), with a question
about the live API in each decade from turn 11, a teammate's branch forked and merged
in the first half, four robustness turns carrying actions, and four facts said in
passing and asked for later. Each turn's reference is the files its action changed; its
checkpoint runs the action's tests, until a later turn changes what they assert (a text
limit raised, a deletion protected).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator import merge
from inspect_stamina.generator.planner.conversation import plant_conversation
from inspect_stamina.generator.planner.core import TEAMMATES, GeneratedTurn
from inspect_stamina.generator.planner.phases import PHASES
from inspect_stamina.generator.script_document import narrative
from inspect_stamina.generator.webstack import (
    actions,
    bugs,
    client,
    conversation,
    merge_branch,
    robustness,
)
from inspect_stamina.generator.webstack.catalogue import PRODUCTS, THEMES, Theme, drawn_theme
from inspect_stamina.generator.webstack.checks import crud_test, test_file
from inspect_stamina.generator.webstack.django_files import render
from inspect_stamina.generator.webstack.schema import WebProject
from inspect_stamina.generator.webstack.theme_actions import (
    KEY_TURN,
    PRODUCT_TURN,
    Action,
    theme_actions,
)
from inspect_stamina.stamina.script import METRICS

DESCRIPTION = (
    "a JSON API on Django and Django REST framework grown by typed actions (resources, "
    "fields, filters, a guard, migrations with data), tested black-box over HTTP"
)
IMAGE = "stamina-web"
WEBSTACK = "webstack"  # the domain's name
FIXED = 3  # the turns before the drawn ones
FIRST_MERGE = 8  # the earliest turn that merges the teammate's branch


def most_turns(theme: Theme) -> int:
    """How many turns a script of the theme can hold (its actions, and its questions)."""
    offered = len(theme_actions(theme))

    def drawn(total: int) -> int:  # the turns that are neither fixed, questions nor the merge
        return total - FIXED - conversation.questions_in(total) - 1

    total = FIXED + offered
    while drawn(total + 1) <= offered:
        total += 1
    return total


# the prompt kind of steps that are not plain features (robustness and bug turns set
# their own); the guard and the client's heading ask for what turns 2 and 3 said
_PROMPT_KINDS = {
    "plant": "memory_plant",
    "docs": "memory_plant",
    "guard": "memory_probe",
    "client_setup": "memory_probe",
    "merge": "merge",
}


class WebPlanner:
    """One web-stack script's plan: its seeded draws, its project and its turns."""

    def __init__(self, turns: int, seed: int) -> None:
        self.total, self.seed = turns, seed
        # the API drawn from the seed alone (a longer script of a seed grows the same
        # one), the order of its turns from both
        draw = random.Random(f"webstack:{seed}")
        # which of its later resources and spares: a draw of its own, so that the other
        # draws are those of a seed whose theme had no spares
        self.theme = drawn_theme(draw.choice(THEMES), seed)
        self.package = draw.choice(self.theme.packages)
        self.key = f"{self.theme.key_prefix}-{draw.randrange(1000, 10000)}-{draw.choice('kmqxz')}"
        self.teammate = draw.choice(TEAMMATES)
        self.product = draw.choice(PRODUCTS[self.theme.name])
        self.rng = random.Random(f"webstack:{turns}:{seed}")
        # a question about the live API in each decade from turn 11; the teammate's
        # branch merged in the first half (forked the turn before); then one robustness
        # turn of each kind, spread over the script after its first five
        self.question_spots = conversation.question_turns(turns, self.rng)
        forkable = [
            n for n in range(FIRST_MERGE, turns // 2) if not {n - 1, n} & set(self.question_spots)
        ]
        self.merge_turn = self.rng.choice(forkable)
        taken = {*self.question_spots, self.merge_turn - 1, self.merge_turn}
        free = [n for n in range(6, turns + 1) if n not in taken]
        spots = self.rng.sample(free, len(robustness.KINDS))
        self.robust_turns = dict(zip(sorted(spots), robustness.KINDS, strict=True))
        offered = most_turns(self.theme)
        if not 20 <= turns <= offered:
            raise StaminaError(
                f"A web-stack script holds 20 to {offered} turns so far (theme "
                f"{self.theme.name!r}, seed {seed}); asked for {turns}: pass --turns {offered} "
                "or fewer."
            )
        self.conversation_probes: list[dict[str, Any]] = []
        self.project = WebProject(self.package)

    def plan(self) -> list[GeneratedTurn]:
        """Every turn, in order, each with its phase and (when it changes code) reference."""
        first = self.theme.resources[0]
        steps = [actions.start(self.package, first)]
        steps.append(actions.plant_key(steps[0].project, self.key))
        steps.append(actions.name_product(steps[-1].project, self.product))
        done = {first.model}
        pending = theme_actions(self.theme, self.teammate)
        self.rng.shuffle(pending)
        while len(pending) > self.total - FIXED - len(self.question_spots) - 1:
            # leave out the last drawn nothing needs
            needed = {n for a in pending for n in a.needs}
            pending.remove(
                next(
                    a
                    for a in reversed(pending)
                    if a.label not in needed
                    and not a.label.startswith("resource ")
                    # the probes of the key said in turn 2 and of the product's name
                    and a.label not in ("guard", "client setup")
                )
            )
        pending.sort(key=lambda a: a.label == "longer")  # a limit raised late keeps more checks
        project = steps[-1].project
        asked: set[str] = set()
        at_fork = 0  # how many migrations the project had when the teammate branched off
        planned = tuple(r.path for r in self.theme.resources)
        for number in range(FIXED + 1, self.total + 1):
            if number == self.merge_turn:
                mate, ours = self.theme.teammate, steps[-1].name
                steps.append(merge_branch.merge_step(project, mate, at_fork, ours))
                project = steps[-1].project
                continue
            if number in self.question_spots:
                text, facts, reply = conversation.question(project, planned, asked, self.rng)
                steps.append(
                    actions.Step("question", "", text, project, (), facts=tuple(facts), reply=reply)
                )
                continue
            # the guard comes in the second half: a lock-down late in a project's life
            late = number >= max(self.total // 2, KEY_TURN + 10)
            built = [a for a in pending if all(m in done for m in a.needs)]
            possible = [
                a
                for a in built
                if (late or a.label != "guard")
                # a teammate's commits come once there is a project to break
                and (number > 5 or not a.label.startswith("bug "))
                # the client's heading is the name said in turn 3: ten turns on at least
                and (number >= PRODUCT_TURN + 10 or a.label != "client setup")
            ] or built  # a short script runs out of other work first
            # a robustness turn carries the first action it can
            carried = [a for a in possible if _wrappable(a)] if number in self.robust_turns else []
            forking = number == self.merge_turn - 1
            if forking:  # one that adds a migration, as his branch does
                carried = [a for a in possible if _forkable(a, project)]
            ready = (carried or possible)[0]
            pending.remove(ready)
            step = ready.apply(project)
            if forking:
                at_fork = len(project.migrations)
                fork = merge_branch.fork_setup(project, self.theme.teammate)
                note = merge_branch.fork_note()
                step = replace(step, prompt=f"{note} {step.prompt}", fork=fork)
            if number in self.robust_turns and _wrappable(ready):
                step = robustness.wrap(self.robust_turns[number], step, project, self.rng)
            project = step.project
            done |= {r.model for r in project.resources} | {ready.label}
            steps.append(step)
        assert not pending, [a.label for a in pending]
        self.project = project
        turns = self._turns(steps)
        # facts said in passing in feature turns, asked for in later ones
        self.conversation_probes = plant_conversation(self, turns, conversation.REMARKS)
        return turns

    def _turns(self, steps: list[actions.Step]) -> list[GeneratedTurn]:
        bounds = [max(1, round(f * self.total)) for f, _ in PHASES]
        turns: list[GeneratedTurn] = []
        rendered: dict[str, str] = {}
        for number, step in enumerate(steps, 1):
            phase = PHASES[next(i for i, b in enumerate(bounds) if number <= b)][1]
            after = render(step.project)
            changed = {p: t for p, t in after.items() if rendered.get(p) != t}
            rendered = after
            prompt: dict[str, Any] = {"text": step.prompt}
            if step.kind == "question":  # nothing changes; the answer is graded by facts
                prompt |= {"kind": "explain", "facts": list(step.facts), "reply": step.reply}
                turns.append(GeneratedTurn(number, phase, prompt))
                continue
            prompt |= {"kind": _PROMPT_KINDS.get(step.kind, "feature"), "reply": _reply(step)}
            turn = GeneratedTurn(number, phase, prompt, changed)
            if step.shell:  # it installs packages: a script writes the files and runs npm ci
                turn.files, turn.shell = {}, _install_script(changed)
            if step.robustness is not None:
                kind, expect, answer, reply = step.robustness
                prompt.update(kind=kind, expect=expect, reply=reply)
                if answer:
                    prompt["answer"] = answer
            if step.fork:  # the work committed, and the teammate's branch off it
                prompt["setup"] = step.fork
            if step.merge_of is not None:  # the reference merges and writes the merged files
                function, ours = step.merge_of
                touched = set(changed) | set(merge_branch.merge_files(step.project))
                merged = {p: after[p] for p in sorted(touched)}
                turn.files, turn.shell = {}, merge.resolution(function, ours, merged)
                turn.more_checkpoints.append(merge.merged_checkpoint(function))
            if step.setup:  # a teammate's commit first; the reference puts the settings back
                prompt.update(kind="bug", origin="harness", setup=step.setup)
                turn.files = {bugs.SETTINGS: after[bugs.SETTINGS]}
            turn.checkpoint = {"action": "run_tests", "name": step.name}
            if step.js_test:
                turn.test_file = f"tests/frontend/t{number:03d}_{step.kind}.test.jsx"
                turn.test = step.js_test
                turn.checkpoint |= {"runner": client.VITEST, "support": [client.SUPPORT]}
            else:
                turn.test_file = f"tests/test_t{number:03d}_{step.kind}.py"
                # every test sends the key with its writes, those written before the user
                # said it too: a header an unguarded API ignores, so that they still hold
                # once it is guarded
                project = replace(step.project, api_key=self.key)
                turn.test = test_file(project, step.tests) + step.py_extra
            self._retire(turns, steps, step, number)
            turns.append(turn)
        return turns

    def _retire(
        self, turns: list[GeneratedTurn], steps: list[actions.Step], step: actions.Step, number: int
    ) -> None:
        """End earlier checkpoints whose assertions this step makes stale."""
        for earlier, made in zip(turns, steps, strict=False):
            if earlier.checkpoint is None or "until_turn" in earlier.checkpoint:
                continue
            if set(step.changes) & set(made.asserts):
                earlier.checkpoint["until_turn"] = number - 1

    def support_files(self, turns: list[GeneratedTurn]) -> dict[str, str]:
        """Files the checkpoints need beside their tests (the vitest launcher)."""
        if any(t.checkpoint and t.checkpoint.get("runner") == client.VITEST for t in turns):
            return {client.SUPPORT: client.run_vitest_script()}
        return {}

    def acceptance(self) -> dict[str, str]:
        """The finished project's acceptance tests: every resource's CRUD at its final
        shape, the migrations, and the client's production build when there is one."""
        tests = [(f"{r.path}_crud", crud_test(self.project, r)) for r in self.project.resources]
        tests.append(actions.MIGRATIONS_IN_STEP)
        build = ""
        if "/app/" in self.project.notes.get("frontend/vite.config.js", ""):  # built for /app/
            build = client.production_build(self.project).py_extra
        return {"test_acceptance.py": test_file(self.project, tests) + build}

    def document(self, turns: list[GeneratedTurn]) -> dict[str, Any]:
        """The script.yaml document of `turns`."""
        phases = narrative(turns)
        guard = next(
            (
                t.number
                for t in turns
                if t.checkpoint and t.checkpoint["name"] == "writes need the key"
            ),
            None,
        )
        probes = []
        if guard is not None:
            probes.append(
                {
                    "id": "api_key",
                    "fact": f"Writes send the API key {self.key} in X-Api-Key (config/settings.py API_KEY).",
                    "planted_at": KEY_TURN,
                    "probed_at": guard,
                    "checks": [  # kept in the settings, never retyped in the app
                        {"grep": re.escape(self.key), "files": "config/settings.py"},
                        {
                            "grep": re.escape(self.key),
                            "files": f"{self.package}/**/*.py",
                            "present": False,
                        },
                    ],
                }
            )
        heading = next(
            (t.number for t in turns if t.checkpoint and t.checkpoint["name"] == "frontend app"),
            None,
        )
        if heading is not None:
            probes.append(
                {
                    "id": "product_name",
                    "fact": f"The product is called {self.product} (README.md); the client shows it.",
                    "planted_at": PRODUCT_TURN,
                    "probed_at": heading,
                    "checks": [{"grep": re.escape(self.product), "files": "frontend/src/**/*.jsx"}],
                }
            )
        probes += self.conversation_probes
        return {
            "task_name": f"Generated webstack project ({self.total} turns, seed {self.seed})",
            "description": "Generated by inspect-stamina's script generator, version 3: a user "
            f"and an agent grow `{self.package}`, {DESCRIPTION}.",
            "total_turns": self.total,
            "programming_languages": ["python"],
            "frameworks": ["django", "djangorestframework", "pytest"],
            "image": IMAGE,
            "runtime_files": ["db.sqlite3", "frontend/node_modules/**", "frontend/dist/**"],
            "narrative_script": phases,
            "memory_probes": probes,
            "consistency_rules": [],
            "final_evaluation": [
                {"run_acceptance_tests": "acceptance/"},
                {"static_analysis": ["pylint", "bandit"]},
                {"calculate_metrics": list(METRICS)},
            ],
        }


def _wrappable(action: Action) -> bool:
    """Whether a robustness turn may carry this action (not a bug report, the key's probe
    or the script that installs the client)."""
    return not action.label.startswith("bug ") and action.label not in ("guard", "client setup")


def _forkable(action: Action, project: WebProject) -> bool:
    """Whether the fork turn may carry this action: it adds a migration (so that the merge
    leaves two after the same one) and has no setup of its own."""
    return not action.label.startswith("bug ") and action.apply(project).models_changed


def _install_script(files: dict[str, str]) -> str:
    """Bash writing `files`, copying the template's package files and running `npm ci`."""
    lines = [
        "set -e",
        "mkdir -p frontend",
        "cp /opt/web-template/package.json /opt/web-template/package-lock.json frontend/",
    ]
    for path, text in sorted(files.items()):
        assert "STAMINA_EOF" not in text and text.endswith("\n"), path
        lines += [
            f'mkdir -p "$(dirname {path})"',
            f"cat > {path} <<'STAMINA_EOF'",
            text.rstrip("\n"),
            "STAMINA_EOF",
        ]
    lines.append("(cd frontend && npm ci --no-audit --no-fund --loglevel=error)")
    return "\n".join(lines) + "\n"


def _reply(step: actions.Step) -> str:
    return f"Done: {step.name}."


__all__ = ["DESCRIPTION", "IMAGE", "WEBSTACK", "WebPlanner", "most_turns"]
