"""`inspect-stamina generate`: scripts that are correct by construction, proven per seed.

Without Docker, every generated script is replayed on the host: references applied in
order, each checkpoint's test run on the state after its turn (it passes) and before it
(it fails), every earlier test re-run until its until_turn (it still passes) and the
acceptance tests on the final state. In Docker, `validate --run` proves the same with
the oracle, the noop and the sandbox.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from inspect_stamina.generator.generate import DOMAINS, generate
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS, load_script
from inspect_stamina.stamina.task import resolve_script


def passes(test_source: str, root: Path, package: str) -> bool:
    """Whether every test function of a test file passes against the package under root."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    sys.path.insert(0, str(root))
    try:
        namespace: dict[str, object] = {}
        exec(compile(test_source, "generated_test", "exec"), namespace)  # noqa: S102 - our own test
        for name, test in namespace.items():
            if name.startswith("test_") and callable(test):
                test()
        return True
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - any failure (pytest's are BaseExceptions) fails the file
        return False
    finally:
        sys.path.remove(str(root))


def replay(script_dir: Path, work: Path) -> None:
    """Apply every reference in order; check each checkpoint's test before and after it."""
    sys.dont_write_bytecode = True  # the same file changes within a second: never a stale .pyc
    loaded = resolve_script(str(script_dir))
    package = loaded.script.description.split("`")[1]
    work.mkdir()
    due: list[tuple[int, int | None, str]] = []  # (at_turn, until_turn, test source)
    for turn in loaded.turns():
        tests = [
            (c, (script_dir / c.test_file).read_text())
            for c in turn.checkpoints
            if c.action == "run_tests" and c.test_file
        ]
        for checkpoint, source in tests:
            if checkpoint.behavioural:
                assert not passes(source, work, package), (
                    f"turn {turn.number}: passes before its turn"
                )
        if turn.prompt.reference:
            shutil.copytree(script_dir / turn.prompt.reference, work, dirs_exist_ok=True)
        for checkpoint, source in tests:
            assert passes(source, work, package), (
                f"turn {turn.number}: {checkpoint.test_file} fails"
            )
            due.append((turn.number, checkpoint.until_turn, source))
        if tests:  # a regression run: every earlier test whose requirement still holds
            for at, until, source in due:
                if until is None or turn.number <= until:
                    assert passes(source, work, package), (
                        f"turn {turn.number}: turn {at}'s test regressed"
                    )
    acceptance = (script_dir / "acceptance/test_acceptance.py").read_text()
    assert passes(acceptance, work, package), "the acceptance tests fail on the final state"


def test_list_names_each_domain() -> None:
    result = subprocess.run(
        ["inspect-stamina", "generate", "--list"], capture_output=True, text=True, check=True
    )
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [r[0] for r in rows] == list(DOMAINS)
    assert all(len(r) == 3 and r[1] in ("python", "javascript") and r[2] for r in rows)


@pytest.mark.parametrize("domain", list(DOMAINS))
@pytest.mark.parametrize("turns", [20, 45, 100])
@pytest.mark.parametrize("seed", range(8))
def test_generated_scripts_are_correct_by_construction(
    tmp_path: Path, domain: str, turns: int, seed: int
) -> None:
    path = generate(domain, turns, seed, tmp_path / "script")
    script = load_script(path)
    assert script.script.total_turns == turns
    replay(path.parent, tmp_path / "work")
    at = sorted({c.at_turn for c in script.checkpoints()})
    assert max(b - a for a, b in zip([0, *at], [*at, turns], strict=True)) <= 5
    for probe in script.script.memory_probes:
        assert 10 <= probe.probed_at - probe.planted_at <= 80
    kinds = [t.prompt.kind for t in script.turns()]
    assert sum(k in ROBUSTNESS_KINDS for k in kinds) >= turns // 20


def test_same_arguments_same_bytes(tmp_path: Path) -> None:
    trees = []
    for name in ("a", "b"):
        root = generate("algorithms", 60, 3, tmp_path / name).parent
        trees.append({p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()})
    assert trees[0] == trees[1]
    other = generate("algorithms", 60, 4, tmp_path / "c").parent
    assert (other / "script.yaml").read_bytes() != (tmp_path / "a/script.yaml").read_bytes()


def test_bad_arguments_are_clear_errors(tmp_path: Path) -> None:
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep/notes.txt").write_text("mine")
    for args, message in (
        (["--domain", "nope", "-o", str(tmp_path / "x")], "Unknown domain 'nope'"),
        (["--domain", "algorithms", "--turns", "5", "-o", str(tmp_path / "x")], "at least 20"),
        (["--domain", "algorithms", "-o", str(tmp_path / "keep")], "refusing to overwrite"),
    ):
        result = subprocess.run(
            ["inspect-stamina", "generate", *args], capture_output=True, text=True
        )
        assert result.returncode == 1 and message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert (tmp_path / "keep/notes.txt").read_text() == "mine"


@pytest.mark.usefixtures("docker_engine")
def test_a_generated_100_turn_script_validates(tmp_path: Path) -> None:
    path = generate("algorithms", 100, 11, tmp_path / "generated")
    result = subprocess.run(
        ["inspect-stamina", "validate", str(path), "--run"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    checkpoints = len(resolve_script(str(path.parent)).checkpoints())
    assert f"oracle passed {checkpoints}/{checkpoints} checkpoints" in result.stdout
