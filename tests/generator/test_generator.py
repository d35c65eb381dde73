"""`inspect-stamina generate`: scripts that are correct by construction, proven per seed.

Without Docker, every generated script is replayed on the host: references applied in
order, each checkpoint's test run on the state after its turn (it passes) and before it
(it fails), every earlier test re-run until its until_turn (it still passes) and the
acceptance tests on the final state. In Docker, `validate --run` proves the same with
the oracle, the noop and the sandbox.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import itertools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from inspect_stamina import cli
from inspect_stamina.generator import commands, library
from inspect_stamina.generator.generate import DOMAINS, generate
from inspect_stamina.generator.model import CommandTemplate, LiveCommand, LiveFunction, Project
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.rules import evaluate_host_check
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS, Checkpoint
from inspect_stamina.stamina.task import resolve_script

# A body that loops forever (a negative number where the prompt said non-negative) would
# hang the replay, which runs in this process; in the sandbox it costs the check's timeout.
# a generated test file's bound: this much, and a second more per test (a service's
# test starts a server; a busy machine starts a hundred of them slowly)
TEST_FILE_SECONDS = 20.0
# a test file that times a function (a late-phase performance turn's) and must fail
# before its turn is given up on after this long: such a file runs in well under a second
# here when it passes (its cases take milliseconds, its timing test's bound is
# max(TIMING_FLOOR, TIMING_FACTOR x a reference of milliseconds)), while a teammate's
# slowed function would run its large input to the end (5-13 s on a busy machine) only
# to fail that bound. Other files (a service's start servers) keep their full bound.
MUST_FAIL_SECONDS = 2.0
TIMING_TESTS = ("_is_fast_on_a_large_input", " is fast on a large input")


def _times_a_function(test_source: str) -> bool:
    """Whether a generated test file holds a timing test (Python's or node's)."""
    return any(name in test_source for name in TIMING_TESTS)


class _Hang(BaseException):
    """A generated test file ran past its bound: some body never returns."""


def _hang(signum: int, frame: object) -> None:
    raise _Hang("a generated test file ran past its bound: a body never returns")


def passes(test_source: str, root: Path, package: str, must_fail: bool = False) -> bool:
    """Whether every test function of a test file passes against the package under root.

    A test that asks for pytest's `tmp_path` gets a fresh directory; one that runs the
    command line finds the workspace (root) in STAMINA_WORKSPACE, as in the sandbox. With
    `must_fail`, a timing file still running after MUST_FAIL_SECONDS has not passed.
    """
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    sys.path.insert(0, str(root))
    workspace = os.environ.get("STAMINA_WORKSPACE")
    os.environ["STAMINA_WORKSPACE"] = str(root)
    previous = signal.signal(signal.SIGALRM, _hang)
    bound = TEST_FILE_SECONDS + test_source.count("\ndef test_")
    must_fail = must_fail and _times_a_function(test_source)
    signal.setitimer(signal.ITIMER_REAL, MUST_FAIL_SECONDS if must_fail else bound)
    try:
        namespace: dict[str, object] = {}
        exec(compile(test_source, "generated_test", "exec"), namespace)  # noqa: S102 - our own test
        # a list: a warning a test triggers adds __warningregistry__ to these globals
        for name, test in list(namespace.items()):
            if name.startswith("test_") and callable(test):
                if "tmp_path" in inspect.signature(test).parameters:
                    with tempfile.TemporaryDirectory() as tmp:
                        test(tmp_path=Path(tmp))
                else:
                    test()
        return True
    except _Hang:
        if must_fail:
            return False
        raise
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - any failure (pytest's are BaseExceptions) fails the file
        return False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.path.remove(str(root))
        if workspace is None:
            del os.environ["STAMINA_WORKSPACE"]
        else:
            os.environ["STAMINA_WORKSPACE"] = workspace


def node_passes(test_file: Path, root: Path, must_fail: bool = False) -> bool:
    """Whether a node:test file passes against the package under root.

    Run as a script: node:test then runs its tests in that process and exits with 1 when
    one fails or the file does not load, the verdict `node --test` gives from a runner
    process and a child per file (twice the start-up, on every check of every replay).
    With `must_fail`, a timing file still running after MUST_FAIL_SECONDS has not passed.
    """
    # the file is read only for a check that must fail, not on every replayed check
    must_fail = must_fail and _times_a_function(test_file.read_text(encoding="utf-8"))
    try:
        run = subprocess.run(
            ["node", str(test_file)],
            capture_output=True,
            text=True,
            cwd=root,
            env={"PATH": os.environ["PATH"], "STAMINA_WORKSPACE": str(root)},
            # node starts slower; a hang raises TimeoutExpired
            timeout=MUST_FAIL_SECONDS if must_fail else TEST_FILE_SECONDS * 3,
        )
    except subprocess.TimeoutExpired:
        if must_fail:
            return False
        raise
    return run.returncode == 0


def bash(script: str, work: Path) -> None:
    """Run a turn's setup or a script reference in the work directory, as the sandbox does."""
    env = {"PATH": os.environ["PATH"], "HOME": str(work.parent), "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["bash", "-e"], input=script, text=True, cwd=work, env=env, check=True)


def replay(
    script_dir: Path, work: Path, every_regression: bool = True, every_command_run: bool = False
) -> None:
    """_replay, with the invented library's source on the path of the processes the
    command tests start (the image has it installed)."""
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(library.SOURCE), *([old] if old else [])])
    try:
        _replay(script_dir, work, every_regression, every_command_run)
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old


def _replay(script_dir: Path, work: Path, every_regression: bool, every_command_run: bool) -> None:
    """Apply every reference in order; check each checkpoint's test before and after it,
    and the earlier tests whose requirement still holds (at every checkpoint turn, or
    only at the end); and every docker_exec check after its turn (and before it, when
    behavioural).

    A command's test starts a process per case: its regressions run where the command
    line's own files change (a command added, changed or fixed, a function renamed) and at
    the end, or at every checkpoint turn with every_command_run. That the functions'
    own changes cannot break a command is tested for every version of each function.
    """
    sys.dont_write_bytecode = True  # the same file changes within a second: never a stale .pyc
    # the host has no fenwright installed: its source from the image's build context stands in
    if str(library.SOURCE) not in sys.path:
        sys.path.append(str(library.SOURCE))
    loaded = resolve_script(str(script_dir))
    package = loaded.script.description.split("`")[1]
    javascript = loaded.script.programming_languages == ["javascript"]

    def ok(test_file: str, must_fail: bool = False) -> bool:
        path = script_dir / test_file
        if javascript:
            return node_passes(path, work, must_fail)
        return passes(path.read_text(), work, package, must_fail)

    def command_ok(checkpoint: Checkpoint) -> bool:
        assert checkpoint.command is not None
        run = subprocess.run(
            ["bash", "-c", checkpoint.command],
            capture_output=True,
            text=True,
            cwd=work,
            env={
                "PATH": os.environ["PATH"],
                # the invented library from its source, as the image has it installed
                "PYTHONPATH": os.pathsep.join([str(work), str(library.SOURCE)]),
                "HOME": str(work.parent),
                "PYTHONDONTWRITEBYTECODE": "1",  # a stale .pyc would hide a change
            },
        )
        return run.returncode == 0 and (checkpoint.expected or "") in run.stdout

    work.mkdir()
    due: list[tuple[int, int | None, str]] = []  # (at_turn, until_turn, test file)
    for turn in loaded.turns():
        if turn.prompt.setup:
            bash(turn.prompt.setup, work)
        tests = [c for c in turn.checkpoints if c.action == "run_tests" and c.test_file]
        execs = [c for c in turn.checkpoints if c.action == "docker_exec"]
        for checkpoint in tests:
            if checkpoint.behavioural:
                assert not ok(str(checkpoint.test_file), must_fail=True), (
                    f"turn {turn.number}: passes before its turn"
                )
        for checkpoint in execs:
            if checkpoint.behavioural:
                assert not command_ok(checkpoint), f"turn {turn.number}: {checkpoint.label} early"
        if turn.prompt.reference:
            reference = script_dir / turn.prompt.reference
            if reference.is_dir():
                shutil.copytree(reference, work, dirs_exist_ok=True)
            else:
                bash(reference.read_text(), work)
        for checkpoint in tests:
            assert ok(str(checkpoint.test_file)), (
                f"turn {turn.number}: {checkpoint.test_file} fails"
            )
            due.append((turn.number, checkpoint.until_turn, str(checkpoint.test_file)))
        for checkpoint in execs:
            assert command_ok(checkpoint), f"turn {turn.number}: {checkpoint.label} fails"
        last = turn.number == loaded.script.total_turns
        reference = script_dir / (turn.prompt.reference or "-")
        cli_changed = (reference / package / "cli.py").exists()
        if (tests and every_regression) or last:  # a regression run
            for at, until, test_file in due:
                if "_cli_" in test_file and not (every_command_run or cli_changed or last):
                    continue
                if until is None or turn.number <= until:
                    assert ok(test_file), f"turn {turn.number}: turn {at}'s test regressed"
    if javascript:
        acceptance = script_dir / "acceptance/acceptance.test.mjs"
        assert node_passes(acceptance, work), "the acceptance tests fail on the final state"
    else:
        source = (script_dir / "acceptance/test_acceptance.py").read_text()
        assert passes(source, work, package), "the acceptance tests fail on the final state"
    commands = script_dir / "acceptance/test_commands.py"
    if commands.exists():
        assert passes(commands.read_text(), work, package), "the commands fail on the final state"


def test_list_names_each_domain() -> None:
    result = subprocess.run(
        ["inspect-stamina", "generate", "--list"], capture_output=True, text=True, check=True
    )
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [r[0] for r in rows] == [*DOMAINS, "webstack"]
    assert all(len(r) == 3 and r[1] in ("python", "javascript") and r[2] for r in rows)
    assert {r[1] for r in rows} == {"python", "javascript"}


# Python checks run in this process (fast): many seeds, every regression run (a
# command's, which start processes, where the command line changes; "all": at every
# checkpoint turn). Node starts a process per check: fewer seeds, regressions at the end.
# Short scripts of the domains with a command line get more seeds: fewer of them have one.
# A version 3 script of 100 turns introduces about 60 functions: 90-120 s to replay on a
# busy 2-core machine, so one seed of that length per domain (CI's 90 minutes hold `make
# test` whole; the fresh seeds validated and replayed for fairness in Docker are other
# draws again).
CASES = [
    *[
        ("algorithms", turns, seed, "every")
        for turns in (20, 45, 100)
        for seed in range({20: 8, 45: 4, 100: 1}[turns])
    ],
    *[
        (domain, turns, seed, "all" if (turns, seed) == (45, 1) else "every")
        for domain in ("data", "devops")
        for turns in (20, 45, 100)
        for seed in range({20: 8, 45: 3, 100: 1}[turns])
    ],
    *[
        ("algorithms-js", turns, seed, "end")
        for turns in (20, 45, 100)
        for seed in range({20: 3, 45: 1, 100: 2}[turns])
    ],
    # every web API test starts its own server: fewer seeds, regressions at the end only
    *[
        ("webapi", turns, seed, "end")
        for turns, seed in ((20, 0), (20, 1), (45, 0), (100, 0), (100, 1))
    ],
]


def _tiered(cases: list[tuple[str, int, int, str]]) -> list[Any]:
    """The first seed of each domain's 20-turn scripts stays in the fast tier (a few
    seconds each); the rest is slow (a 45-turn replay takes 8-20 s)."""
    fast = {(d, t) for d, t, _, _ in cases if t == 20}
    params = []
    for case in cases:
        key = case[:2]
        first = key in fast and case[2] == min(c[2] for c in cases if c[:2] == key)
        params.append(pytest.param(*case, marks=() if first else pytest.mark.slow))
    return params


@pytest.mark.parametrize(("domain", "turns", "seed", "regressions"), _tiered(CASES))
def test_generated_scripts_are_correct_by_construction(
    tmp_path: Path, domain: str, turns: int, seed: int, regressions: str
) -> None:
    path = generate(domain, turns, seed, tmp_path / "script")
    script = load_script(path)
    assert script.script.total_turns == turns
    replay(path.parent, tmp_path / "work", regressions != "end", regressions == "all")
    for rule in script.script.consistency_rules:  # the reference keeps the project's rules
        assert evaluate_host_check(rule.check, tmp_path / "work")[0], rule.id
    at = sorted({c.at_turn for c in script.checkpoints()})
    assert max(b - a for a, b in zip([0, *at], [*at, turns], strict=True)) <= 5
    for probe in script.script.memory_probes:
        assert 10 <= probe.probed_at - probe.planted_at <= 80
    kinds = [t.prompt.kind for t in script.turns()]
    assert sum(k in ROBUSTNESS_KINDS for k in kinds) >= turns // 20


def _acceptance_failures(script_dir: Path, work: Path) -> tuple[set[str], int]:
    """The functions whose acceptance test fails, as pytest runs the wrapper, and how
    many times the wrapper started node."""
    shim = work.parent / "bin"
    shim.mkdir(exist_ok=True)
    log = shim / "starts"
    log.write_text("")
    (shim / "node").write_text(f'#!/bin/sh\necho >> {log}\nexec {shutil.which("node")} "$@"\n')
    (shim / "node").chmod(0o755)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rf",
            "-p",
            "no:cacheprovider",
            str(script_dir / "acceptance/test_acceptance.py"),
        ],
        capture_output=True,
        text=True,
        cwd=work,
        timeout=300,
        env={**os.environ, "STAMINA_WORKSPACE": str(work), "PATH": f"{shim}:{os.environ['PATH']}"},
    )
    assert " passed" in run.stdout or " failed" in run.stdout, run.stdout + run.stderr
    failed = set(re.findall(r"^FAILED \S+::test_function\[(\w+)-\d+\]", run.stdout, re.M))
    return failed, len(log.read_text())


@pytest.mark.slow
def test_the_javascript_acceptance_run_judges_each_function_on_its_own(tmp_path: Path) -> None:
    """One node run reads every function's cases; a function that fails there is run
    again alone, so a function that ends the process fails itself and no other."""
    path = generate("algorithms-js", 20, 0, tmp_path / "script")
    work = tmp_path / "work"
    replay(path.parent, work, every_regression=False)
    assert _acceptance_failures(path.parent, work) == (set(), 1)  # one node run for all
    package = next(work.glob("*/index.js")).parent
    index = (package / "index.js").read_text()
    exported = re.findall(r"export \{ ([^}]*) \} from \"\./(\w+)\.js\"", index)
    names = sorted(n.strip() for group, _ in exported for n in group.split(","))

    def first_line(name: str, line: str) -> None:
        for module in package.glob("*.js"):
            text = module.read_text()
            head = f"export function {name}("
            if head in text:
                start = text.index("{", text.index(head)) + 1
                module.write_text(text[:start] + f"\n  {line}" + text[start:])

    # a wrong answer that XML cannot hold as node quotes it: the report still reads, and
    # only that function runs again alone
    sources = {m: m.read_text() for m in package.glob("*.js")}
    first_line(names[2], 'return "]]>\\u0001";')
    assert _acceptance_failures(path.parent, work) == ({names[2]}, 2)
    for module, text in sources.items():
        module.write_text(text)
    # a function gone from the index, and one that ends the test process when called (in
    # the sandbox the agent's code runs in a process of its own, ended the same way)
    gone, exits = names[0], names[1]
    (package / "index.js").write_text(re.sub(rf"\b{gone}\b", f"{gone} as {gone}Gone", index))
    first_line(exits, "process.exit(1);")
    # one run for all, then each function it did not see pass: the two broken ones and
    # every one after the exit (the test file holds them in order of name)
    assert _acceptance_failures(path.parent, work) == ({gone, exits}, 1 + len(names))


@pytest.mark.parametrize("domain", ["algorithms", "algorithms-js", "webapi"])
def test_the_teammate_branch_really_conflicts(tmp_path: Path, domain: str) -> None:
    """Up to the merge turn, as the references leave it: committing and merging the
    teammate's branch conflicts in the module both sides appended to."""
    path = generate(domain, 60, 4, tmp_path / "script")
    loaded = resolve_script(str(path.parent))
    work = tmp_path / "work"
    work.mkdir()
    [merge_turn] = [t for t in loaded.turns() if t.prompt.kind == "merge"]
    fork = loaded.turns()[merge_turn.number - 2]  # the teammate branches off before it
    assert fork.prompt.setup and "teammate/" in fork.prompt.setup
    assert {c.action for c in merge_turn.checkpoints} == {"run_tests", "docker_exec"}
    for turn in loaded.turns()[: fork.number]:
        if turn.prompt.setup:
            bash(turn.prompt.setup, work)
        if turn.prompt.reference:
            shutil.copytree(path.parent / turn.prompt.reference, work, dirs_exist_ok=True)
    branch = merge_turn.prompt.text.split("`teammate/")[1].split("`")[0]
    bash("git add -A && git commit -qm ours", work)
    merged = subprocess.run(
        ["git", "merge", f"teammate/{branch}"], cwd=work, capture_output=True, text=True
    )
    assert merged.returncode != 0 and "CONFLICT" in merged.stdout, merged.stdout
    if domain == "webapi":  # the teammate routed their handler in the agent's server.py
        _assert_the_teammate_routes(merge_turn.prompt.text, work, f"teammate/{branch}", tmp_path)


def _assert_the_teammate_routes(text: str, work: Path, branch: str, tmp_path: Path) -> None:
    """On the teammate's branch the service resolves their route to their handler."""
    name = branch.split("/", 1)[1]
    verb, path = text.split("answer both `")[1].split("`")[0].split(" ", 1)
    theirs = tmp_path / "theirs"
    bash(f"git worktree add -q {theirs} {branch}", work)
    package = next(p.parent.name for p in theirs.glob("*/server.py"))
    path = re.sub(r"<\w+>", "7", path)  # a path parameter's value
    probe = (
        f"from {package}.server import resolve; "
        f"handler, _ = resolve({verb!r}, {path!r}); print(handler.__name__)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", probe], cwd=theirs, capture_output=True, text=True, check=False
    )
    assert ran.stdout.strip() == name, ran.stderr


def test_a_correction_follows_the_request_it_corrects(tmp_path: Path) -> None:
    """Version 2's users correct a request in the next turn; the first version's check
    then stops at the request's turn, and the correction has its own."""
    found = 0
    for seed in range(6):
        loaded = resolve_script(str(generate("algorithms", 100, seed, tmp_path / str(seed)).parent))
        turns = loaded.turns()
        for turn in turns:
            if "Correction:" not in turn.prompt.text:
                continue
            found += 1
            name = turn.prompt.text.split("`")[1]
            before = turns[turn.number - 2]
            # (version 3 may carry a fact of the conversation on the request's turn)
            assert before.prompt.kind in ("feature", "memory_plant", "memory_probe")
            assert f"`{name}(" in before.prompt.text
            [asked] = [c for c in before.checkpoints if c.action == "run_tests"]
            assert asked.until_turn == before.number
            assert any(c.name == f"{name} follows the change" for c in turn.checkpoints)
    assert found
    v1 = generate("algorithms", 100, 0, tmp_path / "v1", version="1")
    assert "Correction:" not in v1.read_text()


def test_version_1_has_no_merge_challenge(tmp_path: Path) -> None:
    loaded = resolve_script(str(generate("algorithms", 100, 0, tmp_path / "s", "1").parent))
    assert not any(t.prompt.setup or t.prompt.kind == "merge" for t in loaded.turns())


COMMAND_DOMAINS = [d for d in DOMAINS.values() if d.commands]


@pytest.mark.parametrize("domain", [d.name for d in COMMAND_DOMAINS])
def test_version_2_builds_a_command_line(tmp_path: Path, domain: str) -> None:
    """Scripts of every length grow commands, and command turns change and fix them too."""
    names: set[str] = set()
    for turns in (20, 45, 100):
        scripts = [
            generate(domain, turns, seed, tmp_path / f"{turns}-{seed}", version="2")
            for seed in range(8)
        ]
        labels = [[c.name or "" for c in load_script(p).checkpoints()] for p in scripts]
        with_commands = [ls for ls in labels if any(" command " in n for n in ls)]
        assert with_commands, f"no {turns}-turn script has a command"
        names.update(n for ls in with_commands for n in ls if " command " in n)
    every = {c.name for c in DOMAINS[domain].commands}
    assert {n.split("`")[1] for n in names} == every
    assert any(n.endswith("command fixed") for n in names)
    assert any(n.endswith("command follows the change") for n in names)
    old = generate(domain, 100, 0, tmp_path / "v1", version="1").parent
    assert not list(old.rglob("*_cli_*")) and not list(old.rglob("cli.py"))


def _variants(template: CommandTemplate, domain_name: str) -> list[dict[str, str]]:
    """Every combination of versions (first, naive, changed) of a command's functions."""
    domain = DOMAINS[domain_name]
    by_name = {t.name: t for t in domain.templates}
    versions = []
    for name in template.uses:
        t = by_name[name]
        versions.append(
            [
                t.body,
                *([t.defect.naive_body] if t.defect else []),
                *([t.change.body] if t.change else []),
            ]
        )
    return [dict(zip(template.uses, combo, strict=True)) for combo in itertools.product(*versions)]


def _project(domain_name: str, bodies: dict[str, str], command: LiveCommand) -> Project:
    """A project holding just these functions (renamed where users rename them), every
    planted constant and the command."""
    domain = DOMAINS[domain_name]
    by_name = {t.name: t for t in domain.templates}
    project = Project("clipkg")
    for name, body in bodies.items():
        t = by_name[name]
        current = domain.renames.get(name, name)
        project.functions[current] = LiveFunction(t, t.module, body, t.cases, t.raises)
        if current != name:
            project.aliases[name] = current
    project.constants = {p.constant: p.value for p in domain.plants}
    project.commands[command.template.name] = command
    return project


def _holds(tmp_path: Path, project: Project, domain_name: str, cases: tuple[str, ...]) -> bool:
    """Whether a command's cases pass on the project's rendered files."""
    root = tmp_path / f"p{len(list(tmp_path.iterdir()))}"
    files = {**DOMAINS[domain_name].lang.render(project), **commands.render(project)}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    name = next(iter(project.commands))
    return passes(commands.test(project.package, [(name, cases)]), root, project.package)


@pytest.mark.parametrize(
    ("domain", "command"), [(d.name, c.name) for d in COMMAND_DOMAINS for c in d.commands]
)
def test_a_command_holds_with_every_version_of_its_functions(
    tmp_path: Path, domain: str, command: str
) -> None:
    """A command's checks stay true whatever its functions' defects, changes and names; its
    naive handler passes the first checks and fails the bug report's; its changed
    requirement fails before the change."""
    sys.dont_write_bytecode = True
    template = next(c for c in DOMAINS[domain].commands if c.name == command)

    def live(body: str, arguments: str | None = None) -> LiveCommand:
        return LiveCommand(template, arguments or template.arguments, body, template.cases)

    for bodies in _variants(template, domain):
        assert _holds(
            tmp_path, _project(domain, bodies, live(template.body)), domain, template.cases
        )
        if template.defect:
            naive = _project(domain, bodies, live(template.defect.naive_body))
            assert _holds(tmp_path, naive, domain, template.cases), bodies
            assert not _holds(tmp_path, naive, domain, template.defect.cases), bodies
            fixed = _project(domain, bodies, live(template.body))
            assert _holds(tmp_path, fixed, domain, template.defect.cases), bodies
        if template.change:
            change = template.change
            changed = _project(domain, bodies, live(change.body, change.arguments))
            assert _holds(tmp_path, changed, domain, change.cases), bodies
            first = _project(domain, bodies, live(template.body))
            assert not _holds(tmp_path, first, domain, change.cases), bodies


def test_no_domain_puts_functions_in_the_config_module() -> None:
    # config holds the planted constants (and a service's server and store modules are its
    # own); a function module of that name would replace it
    for domain in DOMAINS.values():
        modules = {t.module for t in (*domain.templates, *(p.probe for p in domain.plants))}
        reserved = {"config", "server", "store"} if domain.language == "http" else {"config"}
        assert not modules & reserved, domain.name


@pytest.mark.slow  # twenty 100-turn scripts
def test_web_api_prompts_quote_the_messages_the_service_answers(tmp_path: Path) -> None:
    """A prompt's error messages reach the agent exactly (the typo noise spares them): each
    is one the reference service answers with."""
    for seed in range(20):
        root = generate("webapi", 100, seed, tmp_path / str(seed)).parent
        # each message the handlers answer with, an f-string's fields matching any text
        answered = [
            "".join(".+" if part.startswith("{") else re.escape(part) for part in pieces)
            for code in root.glob("references/*/*/*.py")
            for _, message in re.findall(r"""'error': f?(['"])(.*?)\1""", code.read_text())
            for pieces in [re.split(r"(\{[^}]*\})", message)]
        ]
        prompts = [p.text for t in load_script(root / "script.yaml").turns() for p in [t.prompt]]
        quoted = {m for text in prompts for m in re.findall(r'"error": "([^"<]*)"', text)}
        unanswered = {m for m in quoted if not any(re.fullmatch(a, m) for a in answered)}
        assert len(quoted) > 5 and not unanswered, unanswered


def test_web_api_tests_are_black_box(tmp_path: Path) -> None:
    """They reach the service over HTTP only: no test imports the package."""
    path = generate("webapi", 100, 5, tmp_path / "script")
    package = load_script(path).script.description.split("`")[1]
    tests = [*path.parent.glob("tests/*.py"), *path.parent.glob("acceptance/*.py")]
    assert len(tests) > 20
    for test in tests:
        text = test.read_text()
        assert f"import {package}" not in text and f"from {package}" not in text, test.name
        assert "with Service(" in text, test.name


def test_same_arguments_same_bytes(tmp_path: Path) -> None:
    trees = []
    for name in ("a", "b"):
        root = generate("algorithms", 60, 3, tmp_path / name).parent
        trees.append({p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()})
    assert trees[0] == trees[1]
    other = generate("algorithms", 60, 4, tmp_path / "c").parent
    assert (other / "script.yaml").read_bytes() != (tmp_path / "a/script.yaml").read_bytes()


def _digest(root: Path) -> str:
    """A digest of a script directory, leaving out script.yaml's first line (the command)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            if path.name == "script.yaml":
                data = data.split(b"\n", 1)[1]
            digest.update(str(path.relative_to(root)).encode() + b"\0" + data + b"\0")
    return digest.hexdigest()[:16]


# suite version 1's scripts as generator version 1 first wrote them: a later generator
# must keep writing them byte for byte, or the published suite would silently change
VERSION_1 = {
    "algorithms": "d38b639e03467b36",
    "algorithms-js": "302d5f3d4b4d56c3",
    "data": "2db6a43ac052c483",
    "devops": "331f41468ddfafcb",
}


# suite version 2's scripts as generator version 2 wrote them (seed 0): version 3's new
# actions must never leak into them
VERSION_2 = {
    "algorithms": "58644fcf2cbc847e",
    "algorithms-js": "34576f72106817f3",
    "data": "4d6688ee50dad8f6",
    "devops": "4f4a0fbd01c37788",
    "webapi": "3c706d6be8794da1",
}


PUBLISHED = {"1": VERSION_1, "2": VERSION_2}


@pytest.mark.parametrize(
    ("version", "domain"), [(v, d) for v, digests in PUBLISHED.items() for d in sorted(digests)]
)
def test_published_versions_scripts_never_change(tmp_path: Path, version: str, domain: str) -> None:
    path = generate(domain, 100, 0, tmp_path / "script", version=version)
    assert _digest(path.parent) == PUBLISHED[version][domain]
    assert f"--generator-version {version}" in path.read_text().splitlines()[0]


def test_bad_arguments_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep/notes.txt").write_text("mine")
    # the command line once, as a user types it: a message, no traceback, nothing lost
    result = subprocess.run(
        ["inspect-stamina", "generate", "--domain", "algorithms", "-o", str(tmp_path / "keep")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and "refusing to overwrite" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "keep/notes.txt").read_text() == "mine"
    # the other mistakes through the same entry point, in this process
    for args, message in (
        (["--domain", "nope", "-o", str(tmp_path / "x")], "Unknown domain 'nope'"),
        (["--domain", "algorithms", "--turns", "5", "-o", str(tmp_path / "x")], "at least 20"),
        (
            ["--domain", "algorithms", "--generator-version", "9", "-o", str(tmp_path / "x")],
            "Unknown generator version '9'",
        ),
    ):
        assert cli.main(["generate", *args]) == 1
        assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


# 50 turns of each domain (a version 3 script of 100 turns has about 95 checkpoints: 6-10
# minutes each under load, more than CI's time allows for five); the web-stack domain's
# docker test runs a 100-turn script (tests/generator/test_webstack.py)
VALIDATED_TURNS = 50


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
@pytest.mark.parametrize("domain", list(DOMAINS))
def test_a_generated_script_validates_in_the_sandbox(tmp_path: Path, domain: str) -> None:
    """The oracle passes every checkpoint and acceptance test, the noop fails every
    behavioural checkpoint, and each fails on the state before its turn, in the sandbox."""
    path = generate(domain, VALIDATED_TURNS, 11, tmp_path / "generated")
    result = subprocess.run(
        ["inspect-stamina", "validate", str(path), "--run"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    loaded = resolve_script(str(path.parent))
    checkpoints = len(loaded.checkpoints())
    behavioural = sum(c.behavioural for c in loaded.checkpoints())
    assert f"oracle passed {checkpoints}/{checkpoints} checkpoints" in result.stdout
    assert f"{behavioural} behavioural checkpoints, {behavioural} failing before" in result.stdout
    assert f"noop failed {behavioural}/{behavioural} behavioural" in result.stdout
