"""`inspect-stamina generate`: a fresh script from typed actions on a hidden project model.

Each turn is one action from a catalogue (add a function, change a requirement, plant
a constant and probe it later, report a defect the project really has, rename with the
old name kept, move a function, vague / contradictory / erroneous requests, explain),
applied to a `Project`; the turn's reference is the files the action changed and its
checkpoint is rendered from the same model. Same arguments, same bytes.

The planner (`generator/planner/`) makes the turns; this module checks the arguments
and writes the script directory.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator.acceptance import acceptance_files
from inspect_stamina.generator.domains import DOMAINS, Domain
from inspect_stamina.generator.planner.core import GeneratedTurn, Planner
from inspect_stamina.generator.planner.phases import plan_turns
from inspect_stamina.generator.script_document import script_document
from inspect_stamina.generator.webstack.planner import DESCRIPTION as WEB_DESCRIPTION
from inspect_stamina.generator.webstack.planner import WEBSTACK, WebPlanner

GENERATOR_VERSION = "3"
# every version the generator still writes: a suite names the one its scripts came from,
# and an older version's scripts stay byte-identical (its new actions are never drawn)
GENERATOR_VERSIONS = ("1", "2", "3")
MIN_TURNS = 20


def list_domains(version: str = GENERATOR_VERSION) -> list[str]:
    """`name<TAB>language<TAB>description`, one per domain the generator version writes."""
    rows = [
        f"{d.name}\t{d.lang.name}\t{d.description}"
        for d in DOMAINS.values()
        if d.since <= int(version)
    ]
    if int(version) >= 3:
        rows.append(f"{WEBSTACK}\tpython\t{WEB_DESCRIPTION}")
    return rows


class _FullValues(yaml.SafeDumper):
    """YAML that writes a value shared by several keys in full each time (no `&id001`
    anchors): people read and edit scripts, not only YAML parsers."""

    def ignore_aliases(self, data: object) -> bool:
        return True


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
    web = domain == WEBSTACK and int(version) >= 3
    if not web and (domain not in DOMAINS or int(version) < DOMAINS[domain].since):
        known = [name for name, d in DOMAINS.items() if d.since <= int(version)]
        known += [WEBSTACK] if int(version) >= 3 else []
        raise StaminaError(
            f"Unknown domain {domain!r} for generator version {version}; known: {', '.join(known)}."
        )
    if turns < MIN_TURNS:
        raise StaminaError(
            f"--turns must be at least {MIN_TURNS} (memory probes need 10 turns of distance)."
        )
    support: dict[str, str] = {}
    if web:
        web_planner = WebPlanner(turns, seed)
        plan, stated, runner = web_planner.plan(), [], None
        acceptance = web_planner.acceptance()
        support = web_planner.support_files(plan)
    else:
        planner = Planner(DOMAINS[domain], turns, seed, int(version))
        plan = plan_turns(planner)
        stated = [rule["stated"] for rule in planner.rules() if "stated" in rule]
        runner = DOMAINS[domain].lang.runner
        acceptance = acceptance_files(DOMAINS[domain].lang, planner.project, int(version))
    if output.exists() and any(output.iterdir()) and not (output / "script.yaml").is_file():
        raise StaminaError(
            f"{output} exists and is not a script directory: refusing to overwrite it."
        )
    rewritten = None
    if paraphrase:  # before anything is written: a failing model leaves the output as it was
        from inspect_stamina.generator.paraphrase import paraphrase_prompts  # imports Inspect

        rewritten = paraphrase_prompts(
            [t.prompt for t in plan], paraphrase, paraphrase_args, keep=stated
        )
    if output.exists():
        shutil.rmtree(output)
    (output / "references").mkdir(parents=True)
    (output / "tests").mkdir()
    (output / "acceptance").mkdir()
    _write_turns(output, plan, runner)
    for rel, text in support.items():
        (output / rel).parent.mkdir(parents=True, exist_ok=True)
        (output / rel).write_text(text)
    for rel, text in acceptance.items():
        (output / "acceptance" / rel).write_text(text)
    script = web_planner.document(plan) if web else script_document(planner, plan, seed)
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
    text = yaml.dump(script, Dumper=_FullValues, sort_keys=False, width=100, allow_unicode=True)
    path.write_text(header + text)
    return path


def _write_turns(output: Path, plan: list[GeneratedTurn], runner: str | None) -> None:
    # each turn's reference and checkpoint test go beside the script, and the prompt and
    # checkpoint name them (so this runs before the script is rendered)
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
            (output / turn.test_file).parent.mkdir(parents=True, exist_ok=True)
            (output / turn.test_file).write_text(turn.test)
            turn.checkpoint["test_file"] = turn.test_file
            if runner:
                turn.checkpoint["runner"] = runner


__all__ = [
    "DOMAINS",
    "GENERATOR_VERSION",
    "GENERATOR_VERSIONS",
    "MIN_TURNS",
    "Domain",
    "generate",
    "list_domains",
]
