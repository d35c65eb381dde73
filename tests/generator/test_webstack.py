"""The generated web-stack domain: a Django + DRF API grown by typed actions.

On the host: scripts are deterministic, differ by seed, state what their tests use and
pass the host fairness instruments. In Docker (`validate --run` and `--fairness`): the
oracle passes every checkpoint, each fails before its turn, and every turn's omission is
caught.
"""

from __future__ import annotations

import itertools
import json
import re
import statistics
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator.generate import generate
from inspect_stamina.generator.summary import overlap, script_figures
from inspect_stamina.generator.webstack import conversation, robustness
from inspect_stamina.generator.webstack.catalogue import THEMES, Theme, drawn_theme, theme_with
from inspect_stamina.generator.webstack.planner import WebPlanner, most_turns
from inspect_stamina.generator.webstack.schema import WebProject
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS
from tests.helpers import validate_cli


def _host_fairness(path: Path, cwd: Path) -> dict[str, Any]:
    """The report of `validate --fairness --no-replay` on `path`, which must pass."""
    result = validate_cli(str(path), "--fairness", "--no-replay", cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads((cwd / "fairness.json").read_text())
    return report


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_the_same_arguments_write_the_same_bytes(tmp_path: Path) -> None:
    generate("webstack", 21, 3, tmp_path / "a")
    generate("webstack", 21, 3, tmp_path / "b")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_seeds_draw_different_apis() -> None:
    drawn = [WebPlanner(20, seed) for seed in range(12)]
    assert len({p.theme.name for p in drawn}) >= 4
    assert len({p.key for p in drawn}) == 12
    orders = {tuple(t.prompt["text"][:40] for t in p.plan()) for p in drawn[:4]}
    assert len(orders) == 4


def test_a_script_holds_what_its_catalogue_offers() -> None:
    offered = min(most_turns(t) for t in THEMES)
    assert offered >= 21
    with pytest.raises(StaminaError, match=r"holds 20 to \d+ turns"):
        WebPlanner(200, 0)


@pytest.mark.parametrize(("length", "seed"), [(20, 5), (21, 5), (26, 1), (33, 4)])
def test_every_turn_is_checked_and_no_prompt_repeats(
    tmp_path: Path, length: int, seed: int
) -> None:
    """Every turn is checked in the sandbox or, for a question, graded by facts."""
    loaded = load_script(generate("webstack", length, seed, tmp_path / "s"))
    turns = loaded.turns()
    assert [t for t, n in Counter(t.prompt.text for t in turns).items() if n > 1] == []
    questions = [t for t in turns if t.prompt.kind == "explain"]
    assert all(t.prompt.facts and not t.checkpoints for t in questions)
    assert all(any(c.behavioural for c in t.checkpoints) for t in turns if t not in questions)
    assert loaded.script.image == "stamina-web"
    probes = [p for p in loaded.script.memory_probes if p.checks]
    assert probes and probes[0].id == "api_key"
    for probe in probes:  # said once, asked for by its turn, at least ten turns later
        said = turns[probe.planted_at - 1].prompt.text
        assert f"turn {probe.planted_at}" in turns[probe.probed_at - 1].prompt.text
        assert probe.checks[0].grep and probe.checks[0].grep.replace("\\", "") in said
        assert probe.probed_at - probe.planted_at >= 10


def test_a_raised_limit_ends_the_checks_of_the_old_one(tmp_path: Path) -> None:
    planner = WebPlanner(most_turns(WebPlanner(20, 0).theme), 0)
    turns = planner.plan()
    model, name, _ = planner.theme.longer
    raised = next(
        t.number for t in turns if t.checkpoint and t.checkpoint["name"].endswith(f"{name} longer")
    )
    ended = [t for t in turns if t.checkpoint and t.checkpoint.get("until_turn") == raised - 1]
    assert ended, "the CRUD check of the old limit keeps running"
    assert all(name in t.prompt["text"] for t in ended)
    later = [t.checkpoint for t in turns if t.number >= raised and t.checkpoint]
    assert later and all("until_turn" not in c for c in later)


# one seed of each length in the fast tier, the second with the slow tests
@pytest.mark.parametrize(
    ("seed", "turns"),
    [(0, 21), pytest.param(7, 21, marks=pytest.mark.slow), (0, 100)]
    + [pytest.param(4, 100, marks=pytest.mark.slow)],
)
def test_webstack_scripts_pass_the_host_fairness_instruments(
    tmp_path: Path, seed: int, turns: int
) -> None:
    """Every host instrument passes; a reply naming every candidate the script's facts
    name carries no memory probe and at most a quarter of the questions (a question's
    facts name its other candidates: a collection not built yet, another list's bounds,
    the other deletion behaviour, a create that succeeds)."""
    path = generate("webstack", turns, seed, tmp_path / "script")
    report = _host_fairness(path, tmp_path)
    assert report["passed"], report
    [canned] = [i for i in report["instruments"] if i["name"] == "canned repliers"]
    every = canned["figures"]["every_candidate"]
    assert every["memory probes"] == 0.0 and every["questions"] <= 0.25, every


def test_a_full_script_grows_a_react_client_checked_by_vitest(tmp_path: Path) -> None:
    turns = most_turns(WebPlanner(20, 2).theme)
    path = generate("webstack", turns, 2, tmp_path / "s")
    loaded = load_script(path)
    frontend = [c for c in loaded.checkpoints() if c.runner and "run-vitest.sh" in c.runner]
    assert len(frontend) == 4, [c.name for c in frontend]
    assert all((path.parent / s).is_file() for c in frontend for s in c.support)
    setup = next(t for t in loaded.turns() if "npm ci" in t.prompt.text)
    script = (path.parent / (setup.prompt.reference or "")).read_text()
    assert "cp /opt/web-template/package.json" in script and "npm ci" in script
    # the heading is the product's name, said in turn 3 and not again
    product = WebPlanner(20, 2).product
    assert product in loaded.turns()[2].prompt.text and product not in setup.prompt.text
    app_check = next(c for c in frontend if c.name == "frontend app")
    assert product in (path.parent / (app_check.test_file or "")).read_text()
    build = next(c for c in loaded.checkpoints() if c.name == "frontend builds for /app/")
    assert build.at_turn > setup.number
    client = next(c for c in frontend if c.name == "frontend API client")
    test = (path.parent / (client.test_file or "")).read_text()
    assert 'headers.get("X-Api-Key")).toBe("' + WebPlanner(20, 2).key + '")' in test


def test_bug_reports_come_from_a_teammates_commit(tmp_path: Path) -> None:
    """Each bug turn's defect is planted before the turn by appending to the settings the
    first turn names; its reference puts the settings back as the model has them."""
    planner = WebPlanner(most_turns(WebPlanner(20, 6).theme), 6)
    path = generate("webstack", planner.total, 6, tmp_path / "s")
    bugs = [t for t in load_script(path).turns() if t.prompt.kind == "bug"]
    assert len(bugs) == 3 and all(t.number > 5 for t in bugs)
    for turn in bugs:
        assert turn.prompt.origin == "harness"
        assert (turn.prompt.setup or "").startswith("cat >> config/settings.py <<")
        assert planner.teammate in turn.prompt.text and "config/settings.py" in turn.prompt.text
        restored = path.parent / (turn.prompt.reference or "") / "config/settings.py"
        assert restored.is_file() and planner.teammate not in restored.read_text()


@pytest.mark.parametrize("seed", [0, *(pytest.param(s, marks=pytest.mark.slow) for s in (3, 8))])
def test_robustness_turns_carry_real_work_and_no_canned_reply_passes(
    tmp_path: Path, seed: int
) -> None:
    """One vague turn to ask about (the answer is the request), one to assume on, one
    mistaken and one contradictory request, each beside an action its checkpoint tests;
    the host's canned repliers score nothing on them."""
    path = generate("webstack", 36, seed, tmp_path / "s")
    robust = [t for t in load_script(path).turns() if t.prompt.kind in ROBUSTNESS_KINDS]
    behaviours = sorted(t.prompt.expect.behaviour for t in robust if t.prompt.expect)
    assert behaviours == [
        "ask_clarification",
        "point_out_error",
        "point_out_error",
        "state_assumption",
    ]
    assert all(any(c.behavioural for c in t.checkpoints) for t in robust)
    asked = next(t for t in robust if t.prompt.answer)
    assert asked.prompt.expect and asked.prompt.expect.behaviour == "ask_clarification"
    for turn in robust:  # the oracle's reply does what the turn asks of a reply
        expect, reply = turn.prompt.expect, turn.prompt.reply or ""
        assert expect and all(re.search(p, reply, re.IGNORECASE) for p in expect.reply_patterns)
        assert expect.behaviour != "ask_clarification" or "?" in reply
    report = _host_fairness(path, tmp_path)
    canned = next(i for i in report["instruments"] if i["name"] == "canned repliers")
    assert canned["figures"]["robustness_turns"] == 4
    assert max(canned["figures"]["scores"].values()) <= 0.2, canned


@pytest.mark.parametrize("seed", [0, 3, 8])
def test_six_facts_are_planted_and_asked_for_ten_to_eighty_turns_later(
    tmp_path: Path, seed: int
) -> None:
    """The key and the product's name, checked in code, and four facts said in passing
    (who signs off, a date, who it is for, the demo day, why SQLite) asked for in a
    later code turn whose work is checked too; the oracle's reply carries each fact and
    the question none."""
    loaded = load_script(generate("webstack", 36, seed, tmp_path / "s"))
    turns, probes = loaded.turns(), loaded.script.memory_probes
    said = [p for p in probes if p.facts]
    assert len(probes) >= 6 and len(said) >= 4
    for probe in said:
        assert 10 <= probe.probed_at - probe.planted_at <= 80
        planted, probed = turns[probe.planted_at - 1], turns[probe.probed_at - 1]
        assert (planted.prompt.kind, probed.prompt.kind) == ("memory_plant", "memory_probe")
        assert any(c.behavioural for c in probed.checkpoints)
        for fact in probe.facts:
            assert any(re.search(p, planted.prompt.text, re.I) for p in fact.any_of)
            assert any(re.search(p, probed.prompt.reply or "", re.I) for p in fact.any_of)
            assert not any(re.search(p, probed.prompt.text, re.I) for p in fact.any_of)


def test_seeds_plant_different_facts(tmp_path: Path) -> None:
    asides = set()
    for seed in range(4):
        loaded = load_script(generate("webstack", 30, seed, tmp_path / str(seed)))
        asides |= {p.fact.split(" (turn")[0] for p in loaded.script.memory_probes if p.facts}
    assert len(asides) >= 12, asides


@pytest.mark.parametrize("seed", [0, 4])
def test_questions_ask_about_the_live_api_at_most_once_in_ten_turns(
    tmp_path: Path, seed: int
) -> None:
    """One question in each decade from turn 11, graded by facts the oracle's reply
    names, the question does not, and no other candidate the reply names."""
    turns = load_script(generate("webstack", 41, seed, tmp_path / "s")).turns()
    questions = [t for t in turns if t.prompt.kind == "explain"]
    assert [(t.number - 1) // 10 for t in questions] == [1, 2, 3, 4]
    for turn in questions:
        reply = turn.prompt.reply or ""
        for fact in turn.prompt.facts:
            assert any(re.search(p, reply, re.I) for p in fact.any_of), turn.number
            assert not any(re.search(p, turn.prompt.text, re.I) for p in fact.any_of)
            assert not any(re.search(p, reply, re.I) for p in fact.none_of)


def test_a_question_about_the_endpoints_rules_out_those_not_built_yet() -> None:
    theme = THEMES[0]
    first = theme.resources[0]
    project = WebProject("app").with_resource(first)
    planned = tuple(r.path for r in theme.resources)
    options = conversation.askable(project, planned)
    [key] = [k for k in options if k.startswith("endpoints:")]
    _, facts, reply = options[key]()
    assert [f["name"] for f in facts] == [f"/api/{first.path}/"]
    assert facts[0]["none_of"] == [re.escape(f"/api/{r.path}/") for r in theme.resources[1:]]
    assert "key" not in options  # which header writes need: only once they need one
    guarded = replace(project, api_key="k-1", resources=(replace(first, guarded=True),))
    assert "key" in conversation.askable(guarded, planned)


def test_each_robustness_kind_has_twenty_wordings_or_more() -> None:
    """Counted over an API of one resource, so each wording is a form of its own, not
    the same form over another resource."""
    project = WebProject("app", api_key="lib-1234-k").with_resource(THEMES[0].resources[0])
    for kind in robustness.KINDS:
        assert len(robustness.phrasings(kind, project)) >= 20, kind


def test_two_seeds_share_at_most_half_their_collections(tmp_path: Path) -> None:
    figures = [script_figures(generate("webstack", 30, s, tmp_path / str(s))) for s in range(6)]
    assert all(sum(n.startswith("/api/") for n in f.names) >= 3 for f in figures)
    shared = [overlap(a.names, b.names) for a, b in itertools.combinations(figures, 2)]
    assert statistics.mean(shared) <= 0.5, shared


@pytest.mark.parametrize("seed", [0, 5])
def test_a_teammates_branch_is_forked_then_merged_with_two_migration_leaves(
    tmp_path: Path, seed: int
) -> None:
    """The fork turn commits the work and forks the teammate's branch before an action
    that adds a migration; the next turn merges it: his resource is checked over HTTP, the
    migrations in step, his commit merged with no conflict left; the reference merges
    with one migration after both leaves."""
    path = generate("webstack", 30, seed, tmp_path / "s")
    planner = WebPlanner(30, seed)
    planner.plan()
    mate = planner.theme.teammate
    turns = load_script(path).turns()
    [merged] = [t for t in turns if t.prompt.kind == "merge"]
    fork = turns[merged.number - 2]
    assert 8 <= merged.number < 15
    assert fork.prompt.setup and f"teammate/{mate.path}" in fork.prompt.setup
    assert f"makemigrations {planner.package} --name {mate.singular}" in fork.prompt.setup
    assert "Sam has branched off" in fork.prompt.text
    assert f"`/api/{mate.path}/`" in merged.prompt.text and "--merge" in merged.prompt.text
    names = sorted(c.name or "" for c in merged.checkpoints)
    assert names == [f"{mate.path} merged", f"teammate/{mate.path} merged, no conflict left"]
    reference = (path.parent / (merged.prompt.reference or "")).read_text()
    assert f"git merge --no-edit teammate/{mate.path}" in reference
    # the fork turn's migration and his follow the same one; the merge follows both
    migrations = {m.name: m for m in planner.project.migrations}
    merge = next(m for m in migrations.values() if m.name.endswith("_merge"))
    ours, his = (migrations[name] for name in merge.depends)
    assert his.name.endswith(f"_{mate.singular}") and ours.name[:4] == his.name[:4]
    before = list(migrations).index(ours.name) - 1
    assert his.depends == (list(migrations)[before],)
    assert f"{planner.package}/migrations/{merge.name}.py" in reference


def test_collections_gain_bulk_creation_exports_filters_and_counts(
    tmp_path: Path,
) -> None:
    """At full length every resource gets a bulk create, a CSV export and then the export's
    formula guard, whole-number fields their bounds, true/false fields a filter and choice
    fields their counts; each test asks for the endpoint its turn's prompt states."""
    planner = WebPlanner(most_turns(WebPlanner(20, 2).theme), 2)
    path = generate("webstack", planner.total, 2, tmp_path / "s")
    turns = load_script(path).turns()
    files = {
        t.number: test
        for t in turns
        for kind in ("bulk", "export", "formulas", "range", "flag", "stats")
        if (test := path.parent / f"tests/test_t{t.number:03d}_{kind}.py").exists()
    }
    kinds = Counter(f.name.split("_", 2)[2][:-3] for f in files.values())
    resources = len(planner.theme.resources)
    assert kinds["bulk"] == kinds["export"] == kinds["formulas"] == resources
    assert kinds["range"] >= 2 and kinds["flag"] >= 1 and kinds["stats"] >= 1
    exported: set[str] = set()
    for number, test in sorted(files.items()):
        prompt, source = turns[number - 1].prompt.text, test.read_text()
        if test.name.endswith("_export.py"):
            served = re.search(r"api\.text\('(/api/[a-z]+/)export/'\)", source)
            assert served, number
            exported.add(served.group(1))
        if turns[number - 1].prompt.kind in ROBUSTNESS_KINDS:  # worded to mislead on purpose
            continue
        stated = re.search(r"`(?:GET |POST )?(/api/[a-z]+/)", prompt)
        assert stated and stated.group(1) in source, number
        if test.name.endswith("_export.py"):
            assert "text/csv" in prompt and "csv.DictReader" in source
        if test.name.endswith("_formulas.py"):
            assert stated.group(1) in exported  # the guard comes after its export
            assert "'=1+1" in prompt and '"\'=1+1"' in source
        if test.name.endswith("_range.py"):
            bound = re.search(r"`\?min_([a-z_]+)=N`", prompt)
            assert bound and f"?min_{bound.group(1)}=" in source and "== 400" in source
        if test.name.endswith("_flag.py"):
            flag = re.search(r"/\?([a-z_]+)=true`", prompt)
            assert flag and f"?{flag.group(1)}=maybe" in source and "== 400" in source
        if test.name.endswith("_stats.py"):
            assert "stats/" in source and ": 0" in source  # every value, 0 included
        if test.name.endswith("_bulk.py"):
            assert "bulk/" in source and "a refused bulk kept some" in source


def test_collections_gain_latest_ids_values_totals_and_additions_at_once(
    tmp_path: Path,
) -> None:
    """A 100-turn script gives every resource its newest record, a list by ids and a
    text field's distinct values, and whole-number fields a total and an addition that
    many clients call at once; each test uses the path and parameters its prompt states."""
    path = generate("webstack", 100, 3, tmp_path / "s")
    turns = load_script(path).turns()
    kinds: Counter[str] = Counter()
    for turn in turns:
        tests = list(path.parent.glob(f"tests/test_t{turn.number:03d}_*.py"))
        kind = tests[0].name.split("_", 2)[2][:-3] if tests else ""
        if kind not in ("latest", "ids", "values", "total", "increment"):
            continue
        if turn.prompt.kind in ROBUSTNESS_KINDS:  # worded to mislead on purpose
            continue
        kinds[kind] += 1
        prompt, source = turn.prompt.text, tests[0].read_text()
        stated = re.search(r"`(?:GET |POST )?(/api/[a-z]+/)", prompt)
        assert stated and stated.group(1) in source, turn.number
        if kind == "latest":
            assert "latest/" in prompt and "404" in prompt and "== 404" in source
        if kind == "ids":
            assert "?ids=1,3" in prompt and "`1,two`" in prompt and "?ids=1,two" in source
        if kind == "values":
            field = re.search(r"/([a-z_]+)_values/`", prompt)
            assert field and f"{field.group(1)}_values/" in source
        if kind == "total":
            field = re.search(r"under the key `([a-z_]+)`", prompt)
            assert field and "totals/" in source and f"{{{field.group(1)!r}: 0}}" in source
            # the performance bound, stated, measured over many stored records
            assert "with 50,000 stored it must answer within 10 times" in prompt
            assert "database_with_many(" in source and "50000)]" in source
            assert "spent <= 10 * one" in source
        if kind == "increment":
            endpoint = re.search(r"`POST (/api/[a-z]+/)<id>/(add_[a-z_]+)/`", prompt)
            assert endpoint and f"{endpoint.group(1)}1/{endpoint.group(2)}/" in source
            assert "at once" in prompt and "api.at_once(" in source
            assert "'additions were lost'" in source
    assert kinds["latest"] >= 2 and kinds["ids"] >= 2 and kinds["values"] >= 2, kinds
    assert kinds["total"] + kinds["increment"] >= 2, kinds


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_every_draw_of_a_theme_holds_a_hundred_turns(theme: Theme) -> None:
    """Whichever of its later resources and spares a seed draws, the theme offers enough
    actions for the suite's 100 turns, and every spare is drawn by some seed."""
    later = len(theme.resources) - 2
    for picked in itertools.combinations(range(later + len(theme.spares)), later):
        drawn = theme_with(theme, list(picked))
        assert most_turns(drawn) >= 100, [r.model for r in drawn.resources]
    built = {r.model for s in range(40) for r in drawn_theme(theme, s).resources}
    assert {r.model for r in theme.spares} <= built


def test_two_seeds_of_one_theme_can_build_different_apis() -> None:
    seeds = [s for s in range(120) if WebPlanner(20, s).theme.name == "library"]
    apis = {tuple(r.path for r in WebPlanner(20, s).theme.resources) for s in seeds}
    assert len(apis) >= 3, apis


def test_older_generator_versions_do_not_write_it(tmp_path: Path) -> None:
    with pytest.raises(StaminaError, match="Unknown domain 'webstack' for generator version 2"):
        generate("webstack", 21, 0, tmp_path / "s", version="2")


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.longest
@pytest.mark.usefixtures("docker_engine")
def test_a_fresh_webstack_script_runs_and_is_fair(tmp_path: Path) -> None:
    """In the stamina-web sandbox: the oracle passes every checkpoint and acceptance test,
    each checkpoint fails before its turn, and every turn's omission is caught."""
    path = generate("webstack", 100, 41, tmp_path / "script")
    run = validate_cli(str(path), "--run", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    checkpoints = len(load_script(path).checkpoints())  # questions have none; the merge two
    assert f"{checkpoints} failing before their turn" in run.stdout, run.stdout
    out = tmp_path / "fairness.json"
    fair = validate_cli(str(path), "--fairness", "-o", str(out), cwd=tmp_path)
    assert fair.returncode == 0, fair.stdout + fair.stderr
    [report] = json.loads(out.read_text())
    results = {i["name"]: i for i in report["instruments"]}
    assert report["skipped"] == []
    assert results["turn ablation"]["figures"]["coverage"] == 1.0
    truth = results["bug truthfulness"]["figures"]
    assert truth["bug_turns"] == 3 and set(truth["origins"]) == {"harness"}, truth


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_a_theme_builds_in_order_and_each_resource_can_be_named(theme: Theme) -> None:
    """The first resource points at nothing, each other at earlier ones, and each has a
    required text field (its CRUD test names it when it checks a missing field)."""
    built: set[str] = set()
    for resource in (*theme.resources, *theme.spares):
        assert {f.target for f in resource.fields if f.kind == "fk"} <= built
        assert any(f.kind == "text" and f.required for f in resource.fields), resource.model
        built.add(resource.model)
    assert not any(f.kind == "fk" for f in theme.resources[0].fields)
