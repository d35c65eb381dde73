"""What a GAIA sandbox holds: its own attachment only, as a real read-only file, from every source."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Any

import huggingface_hub.constants
import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog, EvalSample, list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessage, ChatMessageTool, ChatMessageUser, ModelOutput, get_model

from inspect_stamina.gaia.dataset import EXAMPLE_DIR, GAIA_REPO_ID, GAIA_REVISION, load_records
from inspect_stamina.gaia.task import gaia
from tests.helpers import inspect_eval_cli

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

MODEL = "mockllm/model"
SUBSETS = ["2023_level1", "2023_level2", "2023_level3"]
RECORDS = load_records(EXAMPLE_DIR, SUBSETS, "validation")
FILES = {str(r["task_id"]): str(r["file_name"] or "") for r in RECORDS}
SECTION = "@@section@@"


def probe_command(own_file: str) -> str:
    """Everything an agent hunting for answers would run, in one bash call."""
    others = [name for name in FILES.values() if name and name != own_file]
    names = " -o ".join(f"-name '{n}'" for n in [*others, "metadata*", "*.parquet", "*.jsonl"])
    ids = " ".join(f"-e {task_id}" for task_id in FILES)
    return "; ".join(
        [
            "exec 2>&1",  # one ordered stream: the bash tool would put stderr first
            "ls -A /shared_files",
            f"echo {SECTION}",
            "sha256sum /shared_files/* 2>/dev/null",
            f"echo {SECTION}",
            # every file named like GAIA data, outside the image's own Python libraries
            # (pyarrow ships test parquet files; they hold no GAIA data, the id search shows)
            "find / \\( -path /proc -o -path /sys -o -path /dev \\) -prune -o "
            f"\\( {names} \\) -not -path '/usr/*' -print 2>/dev/null",
            f"echo {SECTION}",
            # any file anywhere holding a question's task id (metadata rows carry them)
            f"grep -rlsF {ids} / --exclude-dir=proc --exclude-dir=sys --exclude-dir=dev",
            f"echo {SECTION}",
            "find /shared_files -type l; touch /shared_files/x; stat -c '%F %a' /shared_files/* 2>/dev/null",
        ]
    )


def prober(messages: list[ChatMessage], *_: Any) -> ModelOutput:
    """A scripted agent: run the probe for its own question's file, then submit."""
    if isinstance(messages[-1], ChatMessageTool):
        return ModelOutput.for_tool_call(MODEL, "submit", {"answer": "done"})
    prompt = next(m.text for m in messages if isinstance(m, ChatMessageUser))
    own = next((n for n in FILES.values() if n and f"/shared_files/{n}" in prompt), "")
    return ModelOutput.for_tool_call(MODEL, "bash", {"command": probe_command(own)})


def run_probe(log_dir: Path, **task_args: Any) -> EvalLog:
    task_args = {"dataset_hub": "example", **task_args}
    model = get_model(MODEL, custom_outputs=prober)
    [log] = inspect_eval(gaia(**task_args), model=model, log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    assert log.samples and len(log.samples) == len(RECORDS)
    return log


def sections(sample: EvalSample) -> list[list[str]]:
    [tool] = [m for m in sample.messages if isinstance(m, ChatMessageTool) and m.function == "bash"]
    return [part.split() for part in tool.text.split(SECTION)]


def host_digests(root: Path) -> dict[str, str]:
    """sha256 of every attachment as the host sees it (links followed)."""
    return {
        name: hashlib.sha256((root / "2023/validation" / name).read_bytes()).hexdigest()
        for name in FILES.values()
        if name
    }


def check_isolation(log: EvalLog, digests: dict[str, str]) -> None:
    """Each sample sees exactly its own attachment, byte for byte, and nothing else."""
    assert log.samples
    for sample in log.samples:
        own = FILES[str(sample.id)]
        listing, sums, named, holding_ids, links = sections(sample)
        assert listing == ([own] if own else []), sample.id
        assert sums == ([digests[own], f"/shared_files/{own}"] if own else []), sample.id
        assert named == [], sample.id
        assert holding_ids == [], sample.id
        # no symlinks; writing fails; the file is a regular, readable file
        assert "Read-only file system" in " ".join(links)
        if own:
            assert links[-2:] == ["file", "644"] or links[-2:] == ["file", "444"], links


def test_each_sample_sees_only_its_own_attachment(log_dir: Path) -> None:
    check_isolation(run_probe(log_dir), host_digests(EXAMPLE_DIR))


def make_hub_cache(cache: Path, source: Path = EXAMPLE_DIR) -> Path:
    """The example laid out as huggingface_hub's cache: blobs + relative symlinks."""
    repo = cache / f"datasets--{GAIA_REPO_ID.replace('/', '--')}"
    snapshot = repo / "snapshots" / GAIA_REVISION
    (repo / "blobs").mkdir(parents=True)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(GAIA_REVISION)
    for path in sorted(source.rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        blob = repo / "blobs" / hashlib.sha256(data).hexdigest()
        blob.write_bytes(data)
        link = snapshot / path.relative_to(source)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(os.path.relpath(blob, link.parent))
    return snapshot


def test_hub_cache_layout_as_dataset_path(log_dir: Path, tmp_path: Path) -> None:
    snapshot = make_hub_cache(tmp_path / "hub")
    assert (snapshot / "2023/validation/cities.csv").is_symlink()
    log = run_probe(log_dir, dataset_path=str(snapshot), cache_dir=str(tmp_path / "cache"))
    check_isolation(log, host_digests(snapshot))


def test_hub_download_path_offline_with_filled_cache(
    log_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    snapshot = make_hub_cache(tmp_path / "hub")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    log = run_probe(log_dir, dataset_hub="huggingface", cache_dir=str(tmp_path / "hub"))
    check_isolation(log, host_digests(snapshot))


def test_cli_hub_cache_offline_solves_every_question(log_dir: Path, tmp_path: Path) -> None:
    # the user's path: `inspect eval` reading a pre-filled Hub cache with no network
    make_hub_cache(tmp_path / "hub")
    result = inspect_eval_cli(
        "inspect_stamina/gaia",
        log_dir,
        "--model",
        "stamina/gaia-example",
        "-T",
        f"cache_dir={tmp_path / 'hub'}",
        HF_HUB_OFFLINE="1",
        HF_TOKEN="",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [info] = list_eval_logs(str(log_dir))
    log = read_eval_log(info)
    assert log.samples and len(log.samples) == len(RECORDS)
    assert all(s.scores and s.scores["gaia_scorer"].value == "C" for s in log.samples)


def test_changed_attachment_is_restaged(tmp_path: Path, log_dir: Path) -> None:
    # a dataset directory edited between runs: the sandbox sees the new bytes, not a stale copy
    data = tmp_path / "data"
    shutil.copytree(EXAMPLE_DIR, data)
    cache = tmp_path / "cache"
    run_probe(log_dir / "a", dataset_path=str(data), cache_dir=str(cache))
    (data / "2023/validation/cities.csv").write_text("city,population\nLyon,1\n")
    log = run_probe(log_dir / "b", dataset_path=str(data), cache_dir=str(cache))
    check_isolation(log, host_digests(data))
