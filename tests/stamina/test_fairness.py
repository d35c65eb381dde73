"""`inspect-stamina validate --fairness`: instruments that prove a script tests only what the user said."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from inspect_stamina.stamina.fairness.questions import graded_questions
from inspect_stamina.stamina.fairness.repliers import (
    ALWAYS_CLARIFY,
    canned_replies,
    keyword_replier,
)
from inspect_stamina.stamina.fairness.rules import stated_rules
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.robustness import judge_robustness
from inspect_stamina.stamina.task import resolve_script
from tests.helpers import assert_flagship_host_instruments, oracle_scores_cli, validate_cli

MINI = Path(__file__).parent / "fixtures" / "mini"


def fairness(*args: str, cwd: Path, replay: bool = False) -> subprocess.CompletedProcess[str]:
    return validate_cli("--fairness", *([] if replay else ["--no-replay"]), *args, cwd=cwd)


def test_repaired_starter_script_passes_the_host_instruments(tmp_path: Path) -> None:
    result = fairness("inventory_cli", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "inventory_cli: fair" in result.stdout
    [report] = json.loads((tmp_path / "fairness.json").read_text())
    names = {i["name"]: i for i in report["instruments"]}
    assert set(names["canned repliers"]["figures"]["scores"].values()) == {0.0}
    assert report["skipped"] == ["turn ablation", "bug truthfulness"]


def test_flagship_v2_passes_the_host_instruments(tmp_path: Path) -> None:
    # the replay ones too in test_flagship.py (in `make test`; `make test-flagship` alone)
    result = fairness("todo_app", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads((tmp_path / "fairness.json").read_text())
    assert report["skipped"] == ["turn ablation", "bug truthfulness"]
    names = {i["name"]: i for i in report["instruments"]}
    assert all(i["passed"] for i in report["instruments"])
    assert_flagship_host_instruments(names)


def test_flagship_v1_is_found_unfair(tmp_path: Path) -> None:
    result = fairness("todo_app_v1", "-o", str(tmp_path / "out.json"), cwd=tmp_path)
    assert result.returncode == 1
    assert "todo_app_v1: UNFAIR" in result.stdout
    assert "1 script(s) unfair: todo_app_v1" in result.stderr and "Traceback" not in result.stderr
    [report] = json.loads((tmp_path / "out.json").read_text())
    canned = next(i for i in report["instruments"] if i["name"] == "canned repliers")
    # the audit's canned reply passes more than half of the flagship's robustness turns
    assert canned["figures"]["scores"]["refuse-as-contradiction"] > 0.5
    assert canned["figures"]["scores"]["keyword-union"] == 1.0
    assert "turn 25: reply pattern /priority/ matches the prompt's own text" in result.stdout


def _script_with(tmp_path: Path, old: str, new: str) -> Path:
    root = tmp_path / "mini"
    shutil.copytree(MINI, root)
    script = root / "script.yaml"
    text = script.read_text()
    assert old in text
    script.write_text(text.replace(old, new))
    return script


def test_a_canned_clarification_passes_an_ask_turn_without_a_check(tmp_path: Path) -> None:
    loaded = resolve_script(str(MINI / "script.yaml"))
    result = canned_replies(loaded)
    vague = [t for t in loaded.turns() if t.prompt.kind == "vague"]
    assert vague and not any(c.behavioural for t in vague for c in t.checkpoints)
    assert result.figures["scores"]["always-clarify"] > 0.2 and not result.passed


def test_keyword_union_says_every_alternative_a_judge_accepts() -> None:
    loaded = resolve_script("todo_app_v1")
    reply = keyword_replier(loaded)(loaded.turns()[0])
    for turn in loaded.turns():
        if turn.prompt.expect and turn.prompt.expect.behaviour == "point_out_error":
            assert judge_robustness(turn.prompt.expect, reply, [])[0], turn.number


def test_a_question_on_a_clear_turn_costs_it() -> None:
    result = canned_replies(resolve_script("inventory_cli"))
    assert result.figures["question_free"] == [] and result.figures["diligent_lost"] == []
    assert "?" in ALWAYS_CLARIFY


def test_explain_turn_without_facts_and_an_echoed_fact_are_findings(tmp_path: Path) -> None:
    script = _script_with(
        tmp_path,
        "      - Explain what you built in a few sentences, please, for the README.\n",
        "      - text: Explain what you built in a few sentences, please, for the README.\n"
        "        kind: explain\n"
        "        reply: calc has add() in calc/ops.py.\n"
        "        facts:\n"
        "          - {name: add, any_of: ['add\\(']}\n"
        "          - {name: readme, any_of: ['README']}\n",
    )
    result = graded_questions(load_script(script))
    assert not result.passed
    lines = [f.line() for f in result.findings]
    assert any("fact 'readme': /README/ matches the question itself" in x for x in lines)
    assert any("fact 'readme': the reference reply does not contain it" in x for x in lines)
    assert not any("fact 'add'" in x for x in lines)


def test_rule_must_quote_its_prompt(tmp_path: Path) -> None:
    loaded = resolve_script("todo_app_v1")
    result = stated_rules(loaded)
    assert not result.passed and result.figures["rules"] == len(loaded.script.consistency_rules)
    assert stated_rules(resolve_script("inventory_cli")).passed


def test_a_rule_quoting_words_its_prompt_lacks_does_not_load(tmp_path: Path) -> None:
    script = tmp_path / "s.yaml"
    text = (resolve_script("inventory_cli").path).read_text()
    script.write_text(text.replace("stated: Use argparse", "stated: Use click"))
    for sub in ("references", "tests", "acceptance"):
        shutil.copytree(resolve_script("inventory_cli").directory / sub, tmp_path / sub)
    result = validate_cli(str(script))
    assert result.returncode == 1
    assert "consistency_rules[1].stated: the prompt at turn 7 does not say 'Use click'" in (
        result.stderr
    )


def test_an_unwritable_output_is_refused_before_anything_runs(tmp_path: Path) -> None:
    result = fairness("inventory_cli", "-o", str(tmp_path / "missing" / "f.json"), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cannot write fairness results to" in result.stderr
    assert "inventory_cli: fair" not in result.stdout


@pytest.mark.parametrize("spec", ["inventory_cli", "todo_app_v1"])
def test_fairness_json_is_written_where_asked(tmp_path: Path, spec: str) -> None:
    out = tmp_path / "sub" / "f.json"
    out.parent.mkdir()
    result = fairness(spec, "-o", str(out), cwd=tmp_path)
    assert f"fairness results: {out}" in result.stdout
    assert json.loads(out.read_text())[0]["script"] == spec


# renames the starter script's references make where no prompt names a thing: the
# parser's dest and the function main dispatches through
_OWN_NAMES = (
    ('dest="command"', 'dest="action"'),
    ("args.command", "args.action"),
    ("def run(args, inventory)", "def dispatch(args, inventory)"),
    ("        run(args, Inventory(", "        dispatch(args, Inventory("),
)


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_an_agent_naming_things_its_own_way_is_not_penalised(tmp_path: Path) -> None:
    root = tmp_path / "inventory_cli"
    shutil.copytree(resolve_script("inventory_cli").directory, root)
    renamed = 0
    for path in (root / "references").rglob("cli.py"):
        text = path.read_text()
        for old, new in _OWN_NAMES:
            renamed += text.count(old)
            text = text.replace(old, new)
        path.write_text(text)
    assert renamed > 20
    values = oracle_scores_cli(root / "script.yaml", tmp_path / "logs")
    assert values["solved"] == 1.0 and values["stamina"] == 28.0, values


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_an_agent_that_always_asks_does_not_score_robustness(tmp_path: Path) -> None:
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import ModelOutput, get_model

    from inspect_stamina.stamina.task import stamina

    ask = ModelOutput.from_content("mockllm/model", ALWAYS_CLARIFY)
    model = get_model("mockllm/model", custom_outputs=[ask] * 200)
    [log] = inspect_eval(
        stamina(script="inventory_cli"), model=model, log_dir=str(tmp_path), display="none"
    )
    assert log.samples and log.samples[0].scores
    values = log.samples[0].scores["stamina_scorer"].value
    assert isinstance(values, dict)
    # the vague turns asked for, answered, then nothing done: every robustness turn lost
    assert values["robustness"] == 0.0 and values["efficiency"] == 0.0, values
    turns = log.samples[0].store.get("SessionRecord:turns") or []
    answered = [t["turn"] for t in turns if t.get("answered")]
    assert answered == [9, 11, 14, 21, 27], answered


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_starter_script_is_fair_with_every_instrument(tmp_path: Path) -> None:
    result = validate_cli("inventory_cli", "--fairness", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads((tmp_path / "fairness.json").read_text())
    results = {i["name"]: i for i in report["instruments"]}
    assert report["skipped"] == [] and all(i["passed"] for i in results.values())
    ablation = results["turn ablation"]["figures"]
    # every turn with a reference, the robustness turns' real requests included
    assert ablation["work_turns"] == 25 and ablation["coverage"] == 1.0
    assert results["bug truthfulness"]["figures"]["origins"] == {"unstated": 3}


@pytest.mark.slow
def test_generated_scripts_are_reported_honestly(tmp_path: Path) -> None:
    from inspect_stamina.generator.generate import GENERATOR_VERSION, generate, list_domains

    for line in list_domains(GENERATOR_VERSION):
        domain = line.split("\t")[0]
        # 36 turns: as long as every domain's scripts go (the web-stack domain's are
        # 20-37 so far)
        generate(domain, 36, 0, tmp_path / domain, GENERATOR_VERSION)
        out = tmp_path / f"{domain}.json"
        result = fairness(str(tmp_path / domain), "-o", str(out), cwd=tmp_path)
        assert "Traceback" not in result.stderr, result.stderr
        [report] = json.loads(out.read_text())
        names = [i["name"] for i in report["instruments"]]
        assert names == ["stated interfaces", "canned repliers", "questions graded", "rules stated"]
        # generator version 3 (the default) writes scripts that pass them
        assert result.returncode == 0 and report["passed"], (domain, result.stdout)


_REVIEWER_PROBE = """\
  - id: reviewer
    fact: Priya signs off every release (turn 1)
    planted_at: 1
    probed_at: 2
    facts:
      - {name: who, any_of: ["\\\\bPriya\\\\b"]NONE}
"""


@pytest.mark.parametrize(
    ("none_of", "passes"),
    [("", False), (', none_of: ["\\\\b(Sam|Jonas|Mei)\\\\b"]', True)],
)
def test_a_reply_naming_every_candidate_must_not_pass_a_memory_probe(
    tmp_path: Path, none_of: str, passes: bool
) -> None:
    """A memory probe graded in the reply falls to a reply that names every candidate,
    unless its fact names the other candidates (``none_of``): then that reply fails it,
    and the reference's plain answer still carries it."""
    from inspect_stamina.stamina.facts import fact_in_reply
    from inspect_stamina.stamina.fairness.repliers import candidate_reply

    script = _script_with(
        tmp_path,
        "consistency_rules:\n",
        _REVIEWER_PROBE.replace("NONE", none_of) + "consistency_rules:\n",
    )
    loaded = load_script(script)
    result = canned_replies(loaded)
    assert result.figures["probes_in_replies"] == 1
    assert result.figures["every_candidate"]["memory probes"] == (0.0 if passes else 1.0)
    # (the mini script's vague turn fails the instrument on its own: see above)
    found = any("naming every candidate" in f.message for f in result.findings)
    assert found is not passes
    [fact] = loaded.script.memory_probes[-1].facts
    assert fact_in_reply(fact, "Priya signs off releases.").passed
    assert fact_in_reply(fact, candidate_reply(loaded)).passed is not passes


def test_generated_memory_probes_name_their_other_candidates(tmp_path: Path) -> None:
    """Every fact of the conversation a version 3 script probes rules out the other
    candidates its value was drawn from, so the reply naming every candidate passes none."""
    from inspect_stamina.generator.generate import generate

    loaded = load_script(generate("data", 100, 4, tmp_path / "script"))
    conversation = [p for p in loaded.script.memory_probes if p.facts]
    assert len(conversation) == 4
    assert all(f.none_of for p in conversation for f in p.facts)
    result = canned_replies(loaded)
    assert result.passed and result.figures["every_candidate"]["memory probes"] == 0.0
    assert graded_questions(loaded).passed  # no reference reply names another candidate


def test_a_question_where_a_function_lives_rules_out_the_other_files(tmp_path: Path) -> None:
    """Asked where a moved or renamed function lives, a reply naming every file of the
    package is no answer: the other modules are candidates ruled out, but for the one it
    moved out of and those that call it (a good answer may name them). The question
    whose answer nothing can rule out (which functions raise) comes once per script."""
    from inspect_stamina.generator.generate import generate
    from inspect_stamina.stamina.facts import fact_in_reply
    from inspect_stamina.stamina.fairness.repliers import candidate_reply

    where = re.compile(r"which file holds|where is .* defined now", re.IGNORECASE)
    asked = 0
    for seed in range(3):
        loaded = load_script(generate("data", 100, seed, tmp_path / str(seed)))
        reply = candidate_reply(loaded)
        questions = [t.prompt for t in loaded.turns() if t.prompt.facts]
        for prompt in [p for p in questions if where.search(p.text)]:
            [module, *_] = prompt.facts
            assert module.none_of, prompt.text
            assert fact_in_reply(module, prompt.reply or "").passed, prompt.text
            assert not fact_in_reply(module, reply).passed, prompt.text
            asked += 1
        raises = [p for p in questions if re.search(r"rais(e|ing) \w+Error", p.text)]
        assert len(raises) <= 1, [p.text for p in raises]
        assert graded_questions(loaded).passed
        assert canned_replies(loaded).figures["every_candidate"]["questions"] <= 0.2
    assert asked >= 3
