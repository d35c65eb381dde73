"""The flagship's two long proofs in Docker, through the command line a user types.

Both run in `make test`, and so in CI: `validate todo_app --run` (the oracle passes
everything, the noop fails every behavioural checkpoint, each behavioural checkpoint
fails before its turn; 6.1 min on 2 cores with regression runs at phase ends) and
`validate todo_app --fairness` with the replay (every instrument passes; 8.9 min on a
quiet machine), marked `flagship`: the suite's longest test, collected first so that
one worker starts on it at once (`make test-flagship` runs it alone).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import assert_flagship_host_instruments, validate_cli, validated_run


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.usefixtures("docker_engine")
def test_todo_app_is_solvable_and_every_checkpoint_discriminates(tmp_path: Path) -> None:
    _, passed, total = validated_run("todo_app", tmp_path)
    # every acceptance test of the finished app passes with the oracle
    assert passed == total >= 5


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.flagship
@pytest.mark.usefixtures("docker_engine")
def test_flagship_v2_passes_every_instrument(tmp_path: Path) -> None:
    report_path = tmp_path / "fairness.json"
    result = validate_cli("--fairness", "todo_app", "-o", str(report_path), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads(report_path.read_text())
    assert report["skipped"] == []
    names = {i["name"]: i for i in report["instruments"]}
    assert all(i["passed"] for i in report["instruments"])
    ablation = names["turn ablation"]["figures"]
    assert ablation["coverage"] >= 0.95 and ablation["work_turns"] >= 90
    bugs = names["bug truthfulness"]["figures"]
    assert bugs["with_findings"] == 0 and bugs["origins"] == {"unstated": bugs["bug_turns"]}
    assert_flagship_host_instruments(names)
