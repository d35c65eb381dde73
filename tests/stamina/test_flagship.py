"""The flagship's two long proofs in Docker, run side by side: `validate todo_app --run`
(the oracle passes everything, the noop fails every behavioural checkpoint, each
behavioural checkpoint fails before its turn) and `validate todo_app --fairness` with
the replay (every instrument passes).

They share nothing but the machine, so one fixture starts both and waits for both
(alone they take 15.7 and 26.1 minutes on 2 cores and keep both busy, so about 35
together, an estimate). `make test-flagship` runs them; `make test`, and so CI, leaves
them out: beside the rest of the suite (about 72 minutes) they do not fit CI's 90.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from inspect_stamina.stamina.task import resolve_script
from tests.helpers import assert_flagship_host_instruments


@dataclass(frozen=True)
class FlagshipRuns:
    """What the two CLI runs printed, and the fairness report they left."""

    run: subprocess.CompletedProcess[str]
    fairness: subprocess.CompletedProcess[str]
    fairness_json: Path


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["inspect-stamina", "validate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )


def _finish(process: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    stdout, stderr = process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


@pytest.fixture(scope="module")
def flagship_runs(docker_engine: None, tmp_path_factory: pytest.TempPathFactory) -> FlagshipRuns:
    cwd = tmp_path_factory.mktemp("flagship")
    run = _start(["todo_app", "--run"], cwd)
    fairness = _start(["--fairness", "todo_app", "-o", str(cwd / "fairness.json")], cwd)
    return FlagshipRuns(_finish(run), _finish(fairness), cwd / "fairness.json")


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.flagship
def test_todo_app_is_solvable_and_every_checkpoint_discriminates(
    flagship_runs: FlagshipRuns,
) -> None:
    result = flagship_runs.run
    assert result.returncode == 0, result.stdout + result.stderr
    [line] = [x for x in result.stdout.splitlines() if x.startswith("todo_app: valid")]
    every = resolve_script("todo_app").checkpoints()
    behavioural, checkpoints = sum(c.behavioural for c in every), len(every)
    assert f"{behavioural} behavioural checkpoints, {behavioural} failing before their turn" in line
    assert f"oracle passed {checkpoints}/{checkpoints} checkpoints" in line
    assert f"noop failed {behavioural}/{behavioural} behavioural checkpoints" in line
    # every acceptance test of the finished app passes with the oracle
    passed, total = line.split(" acceptance tests")[0].rsplit(" ", 1)[1].split("/")
    assert passed == total and int(total) >= 5


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.flagship
def test_flagship_v2_passes_every_instrument(flagship_runs: FlagshipRuns) -> None:
    result = flagship_runs.fairness
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads(flagship_runs.fairness_json.read_text())
    assert report["skipped"] == []
    names = {i["name"]: i for i in report["instruments"]}
    assert all(i["passed"] for i in report["instruments"])
    ablation = names["turn ablation"]["figures"]
    assert ablation["coverage"] >= 0.95 and ablation["work_turns"] >= 90
    bugs = names["bug truthfulness"]["figures"]
    assert bugs["with_findings"] == 0 and bugs["origins"] == {"unstated": bugs["bug_turns"]}
    assert_flagship_host_instruments(names)
