"""Generator version 3: scripts that pass the fairness instruments by construction.

On the host (the replay of version 3 scripts, the default, is test_generator.py's): every
bug is planted by the harness, every
robustness turn carries checked work, questions are graded and rare, no prompt repeats,
and the host fairness instruments pass. In Docker (`validate --fairness` with the
replay): the turn ablation and bug truthfulness pass too.
"""

from __future__ import annotations

import itertools
import json
import re
import statistics
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from inspect_stamina.generator.generate import DOMAINS, generate
from inspect_stamina.generator.summary import overlap, script_figures
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn, load_script
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS

V3_CASES = [
    pytest.param(domain, turns, seed, marks=() if turns < 100 else pytest.mark.slow)
    for domain in DOMAINS
    for turns, seed in ((45, 0), (100, 1))
]


def _v3(tmp_path: Path, domain: str, turns: int, seed: int) -> tuple[Path, LoadedScript]:
    path = generate(domain, turns, seed, tmp_path / "script", version="3")
    return path, load_script(path)


@pytest.mark.parametrize(("domain", "turns", "seed"), V3_CASES)
def test_version_3_turns_are_measured_and_fair(
    tmp_path: Path, domain: str, turns: int, seed: int
) -> None:
    _, loaded = _v3(tmp_path, domain, turns, seed)
    turns_ = loaded.turns()
    texts = Counter(t.prompt.text for t in turns_)
    assert [t for t, n in texts.items() if n > 1] == []
    for turn in turns_:
        prompt = turn.prompt
        if prompt.kind == "bug":  # planted before the turn, so true for every agent
            assert prompt.origin == "harness" and prompt.setup, turn.number
        if prompt.kind in ROBUSTNESS_KINDS:  # a reply that changes nothing loses it
            assert any(c.behavioural for c in turn.checkpoints), turn.number
        if prompt.kind == "explain":
            assert prompt.facts, turn.number
    if DOMAINS[domain].commands:  # the command line is built, however large the catalogue
        assert any(" command " in (c.name or "") for c in loaded.checkpoints())
    probes = loaded.script.memory_probes
    if turns >= 100:  # constants in code and facts said once in passing
        assert len(probes) >= 6 and sum(bool(p.facts) for p in probes) >= 4
    assert all(10 <= p.probed_at - p.planted_at <= 80 for p in probes)
    for rule in loaded.script.consistency_rules:
        assert rule.stated and rule.stated in turns_[rule.from_turn - 1].prompt.text


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_version_3_scripts_pass_the_host_fairness_instruments(tmp_path: Path, domain: str) -> None:
    path, _ = _v3(tmp_path, domain, 100, 2)
    result = subprocess.run(
        ["inspect-stamina", "validate", str(path), "--fairness", "--no-replay"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads((tmp_path / "fairness.json").read_text())
    scores = next(i for i in report["instruments"] if i["name"] == "canned repliers")
    assert max(scores["figures"]["scores"].values()) <= 0.2


def test_older_versions_keep_their_bugs_unplanted(tmp_path: Path) -> None:
    """Version 2's bug turns stay as published (a naive first body, no origin)."""
    loaded = load_script(generate("algorithms", 100, 0, tmp_path / "v2", version="2"))
    bugs = [t for t in loaded.turns() if t.prompt.kind == "bug"]
    assert bugs and all(t.prompt.origin is None and t.prompt.setup is None for t in bugs)


def test_generate_prints_the_figures_of_a_script(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            "inspect-stamina",
            "generate",
            "--domain",
            "devops",
            "--seed",
            "4",
            "--generator-version",
            "3",
            "-o",
            str(tmp_path / "s"),
            "--summary",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "duplicate prompts: 0" in lines
    assert any(re.fullmatch(r"bug origins: harness \d+", line) for line in lines), lines
    assert any(line.startswith("changed per reference by phase: ") for line in lines)
    questions = next(line for line in lines if line.startswith("questions: "))
    assert int(questions.split()[1]) <= 10, questions


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
@pytest.mark.parametrize("domain", list(DOMAINS))
def test_a_fresh_version_3_script_passes_every_fairness_instrument(
    tmp_path: Path, domain: str
) -> None:
    """In the sandbox: the turn ablation (every work turn's omission is caught) and bug
    truthfulness (every planted bug fails its test before the turn, and only with the
    setup) beside the host instruments, on a seed no other test uses."""
    path = generate(domain, 45, 31, tmp_path / "script", version="3")
    out = tmp_path / "fairness.json"
    result = subprocess.run(
        ["inspect-stamina", "validate", str(path), "--fairness", "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads(out.read_text())
    results = {i["name"]: i for i in report["instruments"]}
    assert report["skipped"] == []
    assert results["turn ablation"]["figures"]["coverage"] == 1.0
    origins = results["bug truthfulness"]["figures"]["origins"]
    assert set(origins) == {"harness"}, origins


@pytest.mark.slow  # fifteen 100-turn scripts
def test_a_mistaken_request_names_what_the_reply_must_correct(tmp_path: Path) -> None:
    """Every erroneous turn keeps a reply pattern of its own mistake that the prompt
    does not match (the right name, file, value or decision), over seeds and domains."""
    for domain in DOMAINS:
        for seed in range(3):
            loaded = load_script(generate(domain, 100, seed, tmp_path / f"{domain}{seed}", "3"))
            for turn in loaded.turns():
                expect = turn.prompt.expect
                if turn.prompt.kind == "erroneous":
                    assert expect and expect.reply_patterns, (domain, seed, turn.number)
                    assert not any(
                        re.search(p, turn.prompt.text, re.IGNORECASE) for p in expect.reply_patterns
                    )
                    assert re.search(expect.reply_patterns[0], turn.prompt.reply or "", re.I)


def test_seeds_draw_the_values_the_user_fixes_in_code(tmp_path: Path) -> None:
    """The constants planted in code take a value per seed (none to learn from the source),
    and a probe's check looks for the literal retyped as a string, never a bare ` | `."""
    bars = 0  # checks of the " | " separator seen
    for domain in ("algorithms", "algorithms-js", "webapi"):
        facts = set()
        for seed in range(6):
            _, loaded = _v3(tmp_path / f"{domain}-{seed}", domain, 30, seed)
            probes = loaded.script.memory_probes
            facts |= {p.fact.split(" lives in ")[0] for p in probes if not p.facts}
            greps = [
                c.grep for p in probes for c in p.checks if c.grep and re.escape(" | ") in c.grep
            ]
            assert all(g.startswith("[") for g in greps), greps
            bars += len(greps)
        assert len(facts) >= 4, (domain, facts)
    assert bars


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_two_seeds_build_mostly_different_projects(tmp_path: Path, domain: str) -> None:
    """Two 100-turn scripts of a domain share at most half the functions their requests
    introduce (the mean over the pairs of seeds 0-5)."""
    figures = [
        script_figures(generate(domain, 100, seed, tmp_path / str(seed), version="3"))
        for seed in range(6)
    ]
    shared = [overlap(a.names, b.names) for a, b in itertools.combinations(figures, 2)]
    assert min(len(f.names) for f in figures) >= 40  # (version 2: 17-29)
    assert statistics.mean(shared) <= 0.5, f"{domain}: {statistics.mean(shared):.0%} shared"


def test_a_retired_name_must_warn_and_keep_working(tmp_path: Path) -> None:
    """Version 3 retires some renamed functions' old names with a DeprecationWarning that
    names the new one: the turn's test passes the reference, fails a plain alias (it does
    not warn) and fails a wrapper that warns without naming the new function."""
    import shutil

    from tests.generator.test_generator import passes

    path, loaded = _v3(tmp_path, "data", 100, 0)
    [turn, *_] = [t for t in loaded.turns() if "DeprecationWarning" in t.prompt.text]
    old, new = re.findall(r"`([a-z_]+)`", turn.prompt.text)[:2]
    work = tmp_path / "work"
    for earlier in loaded.turns()[: turn.number]:
        if earlier.prompt.reference:
            shutil.copytree(path.parent / earlier.prompt.reference, work, dirs_exist_ok=True)
    [check] = [c for c in turn.checkpoints if c.test_file]
    test = (path.parent / str(check.test_file)).read_text()
    assert f"def test_{old}_is_deprecated" in test
    [module] = [p for p in work.rglob("*.py") if f"def {old}(*args, **kwargs)" in p.read_text()]
    reference = module.read_text()
    assert passes(test, work, "reportly")
    wrapper = reference[reference.index(f"def {old}(*args, **kwargs)") :]
    module.write_text(reference.replace(wrapper, f"{old} = {new}\n"))
    assert not passes(test, work, "reportly")
    module.write_text(reference.replace(f'use {new}"', 'use the new name"'))
    assert not passes(test, work, "reportly")


def _fails_before_and_passes_after(
    path: Path, loaded: LoadedScript, turn: Turn, work: Path
) -> None:
    """Replay every reference up to `turn` (setups included): its test fails on the
    project before it and passes after its reference."""
    import shutil

    from tests.generator.test_generator import bash, node_passes, passes

    [check] = turn.checkpoints
    test_file = path.parent / str(check.test_file)
    package = loaded.script.description.split("`")[1]

    def ok(must_fail: bool = False) -> bool:
        if loaded.script.programming_languages == ["javascript"]:
            return node_passes(test_file, work, must_fail)
        return passes(test_file.read_text(), work, package, must_fail)

    work.mkdir()
    for earlier in loaded.turns()[: turn.number]:
        if earlier.prompt.setup:
            bash(earlier.prompt.setup, work)
        if earlier.number == turn.number:
            assert not ok(must_fail=True), "the test passes before its turn"
        reference = path.parent / (earlier.prompt.reference or "-")
        if reference.is_dir():
            shutil.copytree(reference, work, dirs_exist_ok=True)
        elif earlier.prompt.reference:
            bash(reference.read_text(), work)
    assert ok(), "the test fails after its turn"


@pytest.mark.parametrize("domain", ["data", "devops"])
def test_the_late_phase_fixes_a_path_traversal_checked_with_hostile_paths(
    tmp_path: Path, domain: str
) -> None:
    """Once a command writes an output file, a late turn asks every command to refuse an
    output path with a `..` part: the prompt states the message, the exit code and that
    nothing is written; its test climbs out of a real directory, fails on the project
    before the turn and passes after it, and the command's own runs still work."""
    path = generate(domain, 100, 0, tmp_path / "script")
    loaded = load_script(path)
    [turn] = [t for t in loaded.turns() if "unsafe output path" in t.prompt.text]
    assert turn.phase == "Deployment and Edge Cases"
    for stated in ("`..`", "`error: unsafe output path: PATH`", "code 1", "write nothing"):
        assert stated in turn.prompt.text
    [check] = turn.checkpoints
    test = (path.parent / str(check.test_file)).read_text()
    assert 1 <= test.count("assert 'unsafe output path' in result.stderr") <= 2
    assert "'sub' / '..'" in test and "assert result.returncode == 0" in test
    _fails_before_and_passes_after(path, loaded, turn, tmp_path / "work")


@pytest.mark.parametrize("domain", ["algorithms", "data", "devops", "algorithms-js"])
def test_the_late_phase_makes_a_slowed_function_fast_again(tmp_path: Path, domain: str) -> None:
    """A teammate's correct but quadratic rewrite lands before a late turn; the user names
    the input that crawls and asks for under a second with the same results. The turn's
    test times the function against the reference body on that input: it fails on the
    project before the turn (the rewrite applied) and passes after it."""
    path = generate(domain, 100, 0, tmp_path / "script")
    loaded = load_script(path)
    slowed = [
        t for t in loaded.turns() if any(str(c.name).endswith(" fast again") for c in t.checkpoints)
    ]
    assert 1 <= len(slowed) <= 2
    turn = slowed[0]
    assert turn.phase == "Deployment and Edge Cases"
    assert turn.prompt.kind == "bug" and turn.prompt.origin == "harness"
    name = str(turn.checkpoints[0].name).split()[0]
    setup = str(turn.prompt.setup)  # the teammate's rewrite, appended
    assert f"def {name}(" in setup or f"{name} = function {name}(" in setup
    [slow] = [s for s in DOMAINS[domain].slowdowns.values() if s.slow_body in setup]
    assert slow.size in turn.prompt.text and "under a second" in turn.prompt.text
    test = (path.parent / str(turn.checkpoints[0].test_file)).read_text()
    assert f"{name}_is_fast_on_a_large_input" in test or f"{name} is fast on a large input" in test
    _fails_before_and_passes_after(path, loaded, turn, tmp_path / "work")


def test_the_service_redacts_the_tokens_a_teammates_request_log_leaks(tmp_path: Path) -> None:
    """A teammate's debugging log lands above the service's main guard before a late
    turn, printing every request line with its `?token=` value; the user asks to keep the
    log and redact the value as `[REDACTED]`. The turn's test reads the server's own
    output: it fails on the project before the turn (the secret is there) and passes
    after it."""
    path = generate("webapi", 100, 1, tmp_path / "script")
    loaded = load_script(path)
    [turn] = [t for t in loaded.turns() if "[REDACTED]" in t.prompt.text]
    assert turn.phase == "Deployment and Edge Cases"
    assert "above the main guard" in str(turn.prompt.setup) or "__main__" in str(turn.prompt.setup)
    for stated in ("`token`", "stderr", "`GET /notes?token=[REDACTED]`"):
        assert stated in turn.prompt.text
    _fails_before_and_passes_after(path, loaded, turn, tmp_path / "work")


def test_the_data_files_gain_a_layout_and_the_old_one_still_reads(tmp_path: Path) -> None:
    """The files the pipeline reads gain a second layout, stated exactly; the reader and
    the commands must read both. The turn's test runs the reader's cases in both layouts
    and a command case per command with its input restated: it fails on the project
    before the turn and passes after it."""
    path = generate("data", 100, 3, tmp_path / "script")
    loaded = load_script(path)
    [turn] = [t for t in loaded.turns() if "`#format=2`" in t.prompt.text]
    for stated in ("semicolons", "both", "old layout"):
        assert stated in turn.prompt.text
    test = (path.parent / str(turn.checkpoints[0].test_file)).read_text()
    assert "('#format=2\\n" in test and "write_text('#format=2\\n" in test
    assert "('a,b\\n" in test  # the old layout's cases stay
    _fails_before_and_passes_after(path, loaded, turn, tmp_path / "work")


def test_the_env_files_gain_a_shell_layout_and_the_old_one_still_reads(tmp_path: Path) -> None:
    """`devops`' env files gain `export KEY="value"` lines, stated exactly; the env reader
    and the command that renders from an env file must read both. The turn's test runs
    the reader's cases in both layouts and the command with its env file restated (its
    template left as it is): it fails before the turn and passes after it."""
    path = generate("devops", 100, 4, tmp_path / "script")
    loaded = load_script(path)
    [turn] = [t for t in loaded.turns() if "second layout" in t.prompt.text]
    for stated in (
        '`export KEY="value"`',
        "double quotes",
        "`export `",
        "every command that reads an env file",
    ):
        assert stated in turn.prompt.text
    test = (path.parent / str(turn.checkpoints[0].test_file)).read_text()
    assert """('export A="1"\\n# note\\n\\nexport B="two"\\n')""" in test
    assert "(tmp_path / '.env').write_text('# the database\\nexport HOST=" in test
    assert "write_text('host={{HOST}}" in test  # the template is no env file
    _fails_before_and_passes_after(path, loaded, turn, tmp_path / "work")


def test_the_service_data_file_gains_a_layout_and_the_old_one_still_reads(
    tmp_path: Path,
) -> None:
    """Persistence states the data file's layout when it is asked for; a later turn moves
    the file to a second layout, stated exactly, the first still loaded. The turn's test
    writes files in both layouts while the server is down and reads what it serves and
    writes: it fails on the project before the turn and passes after it, and a store
    that writes the new layout but forgot the old one fails it."""
    import shutil

    from tests.generator.test_generator import passes

    path = generate("webapi", 100, 1, tmp_path / "script")
    loaded = load_script(path)
    [persist] = [t for t in loaded.turns() if "`open_store(path)`" in t.prompt.text]
    for stated in ('`{"tables": {"notes"', '"next_ids": {"notes": 3', "in id order"):
        assert stated in persist.prompt.text
    [turn] = [t for t in loaded.turns() if "moves to a second layout" in t.prompt.text]
    assert persist.number < turn.number
    assert turn.phase in ("Bug Reports and Refactoring", "Deployment and Edge Cases")
    for stated in ('"format": 2', '"collections"', "(`next_id`)", "(`records`", "still load"):
        assert stated in turn.prompt.text
    test = (path.parent / str(turn.checkpoints[0].test_file)).read_text()
    assert "json.dump({'tables': {'notes':" in test  # the first layout, still read
    assert "json.dump({'format': 2, 'collections':" in test
    work = tmp_path / "work"
    _fails_before_and_passes_after(path, loaded, turn, work)
    # the new layout written, the old one no longer read: the turn's test tells
    store = next(work.glob("*/store.py"))
    source = store.read_text()
    forgetful = source.replace('if "collections" in data:', "if True:")
    assert forgetful != source
    store.write_text(forgetful)
    package = store.parent.name
    assert not passes(test, work, package)
    shutil.rmtree(work)


def test_the_service_answers_concurrently_again_and_loses_no_write(tmp_path: Path) -> None:
    """A teammate's stopgap makes the service answer one request at a time before a late
    turn; the user asks for concurrent serving and safe creates. The turn's test holds a
    connection open while it sends a request and creates 30 notes at once: it fails on
    the project before the turn (the stalled connection holds the request up) and passes
    after it."""
    path = generate("webapi", 100, 1, tmp_path / "script")
    loaded = load_script(path)
    [turn] = [t for t in loaded.turns() if "stalled connection" in t.prompt.text]
    assert turn.phase == "Deployment and Edge Cases"
    assert turn.prompt.origin == "harness" and "process_request" in str(turn.prompt.setup)
    for stated in ("concurrently", "30 notes", "1 to 30"):
        assert stated in turn.prompt.text
    _fails_before_and_passes_after(path, loaded, turn, tmp_path / "work")


@pytest.mark.parametrize(("domain", "seed"), [("data", 1), ("devops", 0)])
def test_a_signature_change_updates_every_caller_across_modules(
    tmp_path: Path, domain: str, seed: int
) -> None:
    """A refactor makes a function's parameters after the first keyword-only and asks
    for every call in the package to follow, the command line's included. The prompt
    states the new signature; the turn's test calls the function by keyword, expects a
    positional call refused and runs the calling commands black-box: it fails before
    the turn, passes after it, and fails again with the command line left as it was."""
    path = generate(domain, 100, seed, tmp_path / "script")
    loaded = load_script(path)
    changed = [t for t in loaded.turns() if "keywords; its callers" in str(t.checkpoints)]
    assert 1 <= len(changed) <= 2
    turn = changed[0]
    assert turn.phase in ("Bug Reports and Refactoring", "Deployment and Edge Cases")
    name = str(turn.checkpoints[0].name).split()[0]
    [signature] = re.findall(rf"`({name}\([^`]*\*,[^`]*\))`", turn.prompt.text)
    test = (path.parent / str(turn.checkpoints[0].test_file)).read_text()
    assert f"def test_{name}_takes_keywords_only" in test and "result = run(" in test
    for keyword in signature.split("*,")[1].rstrip(")").split(","):
        assert f"{keyword.strip()}=" in test  # every keyword the test passes is stated
    work = tmp_path / "work"
    _fails_before_and_passes_after(path, loaded, turn, work)

    from tests.generator.test_generator import passes

    package = loaded.script.description.split("`")[1]
    earlier = [
        path.parent / str(t.prompt.reference) / package / "cli.py"
        for t in loaded.turns()[: turn.number - 1]
        if t.prompt.reference
    ]
    before = next(p for p in reversed(earlier) if p.is_file())
    (work / package / "cli.py").write_text(before.read_text())
    assert not passes(test, work, package), "the test passes with the callers not updated"


@pytest.mark.parametrize("domain", ["webapi", "webstack"])
def test_a_script_writes_every_value_in_full(tmp_path: Path, domain: str) -> None:
    """Facts that share their other candidates are written out in each (no YAML anchors
    such as `&id001` / `*id001`): people read and edit scripts."""
    path = generate(domain, 60, 2, tmp_path / "s")
    text = path.read_text()
    assert "none_of:" in text
    assert not re.search(r"[&*]id\d{3}", text)
