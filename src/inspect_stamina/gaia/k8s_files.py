"""GAIA samples for a Kubernetes sandbox: the attachment travels as a sample file.

A pod cannot mount a host directory the way Docker does, so each sample's staged
attachment directory becomes sample files that Inspect copies to ``/shared_files``.
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai.dataset import Dataset, MemoryDataset, Sample

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.dataset import SANDBOX_FILES_DIR, SHARED_FILES_METADATA_KEY


def k8s_sample_files(dataset: Dataset) -> MemoryDataset:
    """GAIA samples whose attachment goes to ``/shared_files`` as a sample file, not a mount."""
    samples = [
        _with_attachment_files(sample, SHARED_FILES_METADATA_KEY, SANDBOX_FILES_DIR)
        for sample in dataset
    ]
    return MemoryDataset(
        samples, name=dataset.name, location=dataset.location, shuffled=dataset.shuffled
    )


def _with_attachment_files(sample: Sample, metadata_key: str, sandbox_dir: str) -> Sample:
    """The sample with every file of its attachment directory added to its files."""
    source = (sample.metadata or {}).get(metadata_key)
    if not source or not Path(source).is_dir():
        raise StaminaError(
            f"GAIA sample {sample.id} has no attachment directory "
            f"(metadata {metadata_key!r}: {source!r})."
        )
    # absolute paths of files that exist: Inspect copies a path that does not exist
    # into the sandbox as the text of the path itself
    attachments = {
        f"{sandbox_dir}/{path.name}": str(path.resolve())
        for path in sorted(Path(source).iterdir())
        if path.is_file()
    }
    return sample.model_copy(update={"files": {**(sample.files or {}), **attachments}})
