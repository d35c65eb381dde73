"""Loading GAIA from a directory in the Hub layout: parquet, jsonl, old and new cards."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pandas as pd
import pytest

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.dataset import (
    EXAMPLE_DIR,
    SANDBOX_FILES_DIR,
    SHARED_FILES_METADATA_KEY,
    gaia_dataset,
    load_records,
    locate_dataset,
    read_card_configs,
    record_to_sample,
    resolve_subsets,
)

ALL = ["2023_level1", "2023_level2", "2023_level3"]


def test_card_declares_all_configs() -> None:
    configs = read_card_configs(EXAMPLE_DIR)
    assert set(configs) == {"2023_all", *ALL}
    assert configs["2023_level2"]["validation"] == "2023/validation/metadata.level2.parquet"
    assert configs["2023_all"]["test"] == "2023/test/metadata.parquet"


def test_example_validation_loads_every_level() -> None:
    samples = list(gaia_dataset(ALL, "validation", EXAMPLE_DIR))
    assert len(samples) == 7
    assert {s.metadata["level"] for s in samples if s.metadata} == {"1", "2", "3"}
    sales = next(s for s in samples if s.metadata and s.metadata["file_name"] == "book_sales.xlsx")
    assert sales.target == "411"
    assert f"{SANDBOX_FILES_DIR}/book_sales.xlsx" in str(sales.input)
    assert sales.metadata and sales.metadata["annotator_metadata"]["Tools"] == "Python"
    no_file = next(s for s in samples if s.metadata and not s.metadata["file_name"])
    assert SANDBOX_FILES_DIR not in str(no_file.input)


def test_subset_selects_level() -> None:
    samples = list(gaia_dataset(["2023_level2"], "validation", EXAMPLE_DIR))
    assert [s.metadata["level"] for s in samples if s.metadata] == ["2", "2", "2"]


def test_test_split_has_no_targets() -> None:
    samples = list(gaia_dataset(ALL, "test", EXAMPLE_DIR))
    assert len(samples) == 3
    assert all(s.target == "" for s in samples)


def test_instance_ids_filter_and_unknown_id() -> None:
    wanted = "c1a9e2f0-0003-4e57-9d1a-5a11e0000003"
    samples = list(gaia_dataset(ALL, "validation", EXAMPLE_DIR, [wanted]))
    assert [s.id for s in samples] == [wanted]
    with pytest.raises(StaminaError, match="instance_ids not found.*nope"):
        gaia_dataset(ALL, "validation", EXAMPLE_DIR, ["nope"])


def _copy_as_jsonl(tmp_path: Path, keep_card: bool) -> Path:
    """The example rewritten as an older snapshot: metadata.jsonl files."""
    root = tmp_path / "gaia"
    shutil.copytree(EXAMPLE_DIR, root)
    for parquet in root.rglob("*.parquet"):
        frame = pd.read_parquet(parquet)
        if not keep_card:
            frame["Level"] = frame["Level"].astype(int)  # old snapshots store ints
        frame.to_json(parquet.with_suffix(".jsonl"), orient="records", lines=True)
        parquet.unlink()
    if not keep_card:
        (root / "README.md").write_text("# GAIA\n")
        for per_level in root.rglob("metadata.level*.jsonl"):
            per_level.unlink()
    return root


@pytest.mark.parametrize("keep_card", [True, False], ids=["card-jsonl", "old-no-card"])
def test_jsonl_snapshots_load_like_parquet(tmp_path: Path, keep_card: bool) -> None:
    root = _copy_as_jsonl(tmp_path, keep_card)
    for subsets in (ALL, ["2023_level1"]):
        got = list(gaia_dataset(subsets, "validation", root))
        want = list(gaia_dataset(subsets, "validation", EXAMPLE_DIR))
        assert [(s.id, s.target, s.input) for s in got] == [(s.id, s.target, s.input) for s in want]
        assert [s.metadata["level"] for s in got if s.metadata] == [
            s.metadata["level"] for s in want if s.metadata
        ]


def test_local_dataset_path_is_used_as_is(tmp_path: Path) -> None:
    root = tmp_path / "copy"
    shutil.copytree(EXAMPLE_DIR, root)
    assert locate_dataset("validation", dataset_path=str(root)) == root.resolve()


@pytest.mark.parametrize("subset", ["2023_level4", "level1", "", ["2023_level1", "x"]])
def test_unknown_subset_lists_valid_ones(subset: str | list[str]) -> None:
    with pytest.raises(StaminaError, match="2023_level1, 2023_level2, 2023_level3"):
        resolve_subsets(subset)


def test_subset_combinations() -> None:
    assert resolve_subsets(None) == ALL
    assert resolve_subsets("2023_level3,2023_level1") == ["2023_level3", "2023_level1"]
    assert resolve_subsets(["2023_level2", "2023_level2"]) == ["2023_level2"]


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(StaminaError, match="is not a directory"):
        locate_dataset("validation", dataset_path=str(tmp_path / "absent"))


def test_missing_metadata(tmp_path: Path) -> None:
    with pytest.raises(StaminaError, match="No GAIA metadata"):
        gaia_dataset(ALL, "validation", tmp_path)


def test_missing_attachment(tmp_path: Path) -> None:
    root = tmp_path / "gaia"
    shutil.copytree(EXAMPLE_DIR, root)
    (root / "2023/validation/cities.csv").unlink()
    with pytest.raises(StaminaError, match="cities.csv.*missing"):
        gaia_dataset(ALL, "validation", root)


def test_corrupt_metadata(tmp_path: Path) -> None:
    root = tmp_path / "gaia"
    shutil.copytree(EXAMPLE_DIR, root)
    (root / "2023/validation/metadata.level1.parquet").write_text("not parquet")
    with pytest.raises(StaminaError, match="Could not read GAIA metadata"):
        gaia_dataset(["2023_level1"], "validation", root)


@pytest.mark.slow
def test_hub_unreachable_says_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    with pytest.raises(StaminaError) as info:
        locate_dataset("validation", "huggingface", cache_dir=str(tmp_path))
    message = str(info.value)
    assert "HF_TOKEN" in message and "huggingface.co/datasets/gaia-benchmark/GAIA" in message
    assert "dataset_hub=example" in message


def test_gated_repo_says_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import httpx
    import huggingface_hub
    from huggingface_hub.errors import GatedRepoError

    def gated(**kwargs: object) -> str:
        request = httpx.Request("GET", "https://huggingface.co/api/datasets/gaia-benchmark/GAIA")
        response = httpx.Response(403, request=request)
        raise GatedRepoError("403 gated", response=response)  # type: ignore[arg-type]  # hub types its own httpx fork

    monkeypatch.setattr(huggingface_hub, "snapshot_download", gated)
    with pytest.raises(StaminaError, match="No access to the GAIA dataset.*HF_TOKEN"):
        locate_dataset("validation", "huggingface", cache_dir=str(tmp_path))


def test_unknown_hub() -> None:
    with pytest.raises(StaminaError, match="Unknown dataset_hub 'kaggle'"):
        locate_dataset("validation", "kaggle")


def test_record_to_sample_stages_the_attachment_and_names_its_sandbox_path(
    tmp_path: Path,
) -> None:
    [record] = [
        r
        for r in load_records(EXAMPLE_DIR, ["2023_level1"], "validation")
        if r["file_name"] == "cities.csv"
    ]
    sample = record_to_sample(record, "validation", tmp_path)
    assert f"{SANDBOX_FILES_DIR}/cities.csv" in str(sample.input)
    assert sample.target == "Lyon"
    assert sample.metadata is not None
    assert os.listdir(sample.metadata[SHARED_FILES_METADATA_KEY]) == ["cities.csv"]


def test_record_to_sample_refuses_a_file_name_outside_the_split(tmp_path: Path) -> None:
    [record] = load_records(EXAMPLE_DIR, ["2023_level1"], "validation")[:1]
    record = {**record, "file_name": "../validation/metadata.parquet"}
    with pytest.raises(StaminaError, match="names the attachment"):
        record_to_sample(record, "validation", tmp_path)
