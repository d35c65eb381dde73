"""Per-sample attachment directories on the host: one real file each, never a link out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.attachments import stage_attachment
from inspect_stamina.gaia.dataset import EXAMPLE_DIR, SHARED_FILES_METADATA_KEY, gaia_dataset


def test_symlinked_source_is_staged_as_a_regular_file(tmp_path: Path) -> None:
    blob = tmp_path / "blobs" / "abc123"
    blob.parent.mkdir()
    blob.write_bytes(b"a,b\n1,2\n")
    link = tmp_path / "snapshot" / "data.csv"
    link.parent.mkdir()
    link.symlink_to(os.path.relpath(blob, link.parent))
    staged = stage_attachment(link, "task-1", tmp_path / "staging")
    assert os.listdir(staged) == ["data.csv"]
    copy = staged / "data.csv"
    assert not copy.is_symlink() and copy.read_bytes() == b"a,b\n1,2\n"


def test_unreadable_source_is_copied_readable(tmp_path: Path) -> None:
    source = tmp_path / "secret.txt"
    source.write_text("x")
    source.chmod(0o600)
    staged = stage_attachment(source, "t", tmp_path / "staging") / "secret.txt"
    assert staged.stat().st_mode & 0o777 == 0o644
    assert staged.stat().st_ino != source.stat().st_ino
    assert source.stat().st_mode & 0o777 == 0o600  # the source is left alone


def test_no_attachment_gives_an_empty_directory(tmp_path: Path) -> None:
    assert os.listdir(stage_attachment(None, "t", tmp_path / "staging")) == []


def test_stray_files_are_removed_and_reuse_is_stable(tmp_path: Path) -> None:
    source = tmp_path / "a.txt"
    source.write_text("a")
    first = stage_attachment(source, "t", tmp_path / "staging")
    (first / "planted").write_text("x")
    second = stage_attachment(source, "t", tmp_path / "staging")
    assert second == first and os.listdir(second) == ["a.txt"]


def test_dangling_attachment_is_a_clear_error(tmp_path: Path) -> None:
    link = tmp_path / "gone.csv"
    link.symlink_to(tmp_path / "nowhere")
    with pytest.raises(StaminaError, match="does not resolve to a file"):
        stage_attachment(link, "t", tmp_path / "staging")


def test_each_sample_names_its_own_directory(tmp_path: Path) -> None:
    samples = list(gaia_dataset(["2023_level1"], "validation", EXAMPLE_DIR, staging_root=tmp_path))
    dirs = [Path(s.metadata[SHARED_FILES_METADATA_KEY]) for s in samples if s.metadata]
    with_files = [d for s, d in zip(samples, dirs, strict=True) if (s.metadata or {})["file_name"]]
    assert len(set(with_files)) == len(with_files) >= 1
    for sample, directory in zip(samples, dirs, strict=True):
        assert sample.metadata is not None
        name = sample.metadata["file_name"]
        assert os.listdir(directory) == ([name] if name else [])
