"""`inspect-stamina validate`: scripts prove themselves solvable and discriminating."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log

from tests.helpers import validate_cli

MINI = Path(__file__).parent / "fixtures" / "mini"
EXPLAIN_TURN = "      - Explain what you built in a few sentences, please, for the README.\n"
EXPLAIN_WITH_REPLY = """      - text: Explain what you built in a few sentences, please, for the README.
        kind: explain
        reply: calc has add(), UNITS and to_metres() in calc/ops.py, and divide() in calc/safe.py, which rejects zero.
"""


@pytest.fixture
def complete_mini(tmp_path: Path) -> Path:
    """The mini script with its one unreferenced turn given a reference reply."""
    root = tmp_path / "mini"
    shutil.copytree(MINI, root)
    script = root / "script.yaml"
    script.write_text(script.read_text().replace(EXPLAIN_TURN, EXPLAIN_WITH_REPLY))
    return script


def test_bundled_scripts_are_valid() -> None:
    result = validate_cli()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "inventory_cli: valid (28 turns, 14 checkpoints)" in result.stdout


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_bundled_script_is_solvable_and_every_checkpoint_discriminates() -> None:
    result = validate_cli("inventory_cli", "--run")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "14 behavioural checkpoints, 14 failing before their turn" in result.stdout
    assert "oracle passed 14/14 checkpoints and 10/10 acceptance tests" in result.stdout


def test_missing_reference_is_reported() -> None:
    result = validate_cli(str(MINI / "script.yaml"))
    assert result.returncode == 1
    assert "mini: INVALID" in result.stdout and "turn 5 (feature): no reference" in result.stdout


def test_malformed_script_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("task_name: x\ntotal_turns: 1\n")
    result = validate_cli(str(bad))
    assert result.returncode == 1
    assert f"{bad}:1: programming_languages: Field required" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_run_proves_oracle_passes_and_noop_fails(complete_mini: Path) -> None:
    result = validate_cli(str(complete_mini), "--run")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        "oracle passed 3/3 checkpoints and 3/3 acceptance tests; noop failed 3/3 behavioural checkpoints"
        in result.stdout
    )
    assert "3 behavioural checkpoints, 3 failing before their turn" in result.stdout


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_run_flags_a_checkpoint_that_passes_before_its_turn(complete_mini: Path) -> None:
    # divide() exists from turn 4 on: checked at turn 6, the checkpoint measures nothing
    text = complete_mini.read_text(encoding="utf-8")
    complete_mini.write_text(
        text.replace("      - at_turn: 4\n", "      - at_turn: 6\n"), encoding="utf-8"
    )
    result = validate_cli(str(complete_mini), "--run")
    assert result.returncode == 1
    assert (
        'behavioural checkpoint turn 6: python -c "from calc.safe import divide; '
        'print(divide(6, 3))" already passes with the references up to turn 5' in result.stdout
    )


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_run_flags_a_checkpoint_the_noop_passes(complete_mini: Path) -> None:
    text = complete_mini.read_text(encoding="utf-8")
    weak = 'command: python -c "from calc.safe import divide; print(divide(6, 3))"'
    complete_mini.write_text(
        text.replace(weak, "command: python -c \"print('2.0')\""), encoding="utf-8"
    )
    result = validate_cli(str(complete_mini), "--run")
    assert result.returncode == 1
    assert (
        "noop passes behavioural checkpoint turn 4: python -c \"print('2.0')\": it cannot discriminate"
        in result.stdout
    )


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_teacher_forcing_replays_a_reference_larger_than_one_argument(
    complete_mini: Path, tmp_path: Path
) -> None:
    # a lock file makes a reference exceed the kernel's 128 KiB limit on one argument:
    # teacher forcing's reset (and validate's replay) hand it to bash on stdin
    reference = complete_mini.parent / "references" / "turn_02.sh"
    padding = "".join(f"# {i:06d} {'x' * 90}\n" for i in range(2000))
    reference.write_text(reference.read_text() + padding)
    assert reference.stat().st_size > 192 * 1024
    forced = subprocess.run(
        ["inspect", "eval", "inspect_stamina/stamina", "-T", f"script={complete_mini}"]
        + ["-T", "mode=teacher_forced", "--model", "stamina/noop", "--log-dir", str(tmp_path)]
        + ["--display", "none"],
        capture_output=True,
        text=True,
    )
    assert forced.returncode == 0, forced.stderr
    [path] = tmp_path.glob("*.eval")
    [sample] = read_eval_log(str(path)).samples or []
    assert sample.error is None
    # the reset put turn 2's module back: the acceptance test of to_metres passes
    [score] = sample.scores.values()  # type: ignore[union-attr]
    assert score.metadata["final"]["acceptance"]["passed_tests"] >= 1  # type: ignore[index]
