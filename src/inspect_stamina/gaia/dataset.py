"""GAIA data: fetch a snapshot (Hugging Face, ModelScope) or take a local directory,
then turn one split of it into Inspect samples.

Every source ends as a directory in the Hub repository's layout, loaded by the same
code: ``README.md`` whose YAML card lists the configs (``2023_all``,
``2023_level1..3``), each mapping ``validation`` and ``test`` to a metadata file under
``2023/<split>/``, with the attachments beside it. Older snapshots have
``metadata.jsonl`` instead of parquet; both are read.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml
from inspect_ai.dataset import MemoryDataset, Sample

from inspect_stamina.errors import StaminaError, error_text
from inspect_stamina.gaia.attachments import stage_attachment
from inspect_stamina.paths import cache_root
from inspect_stamina.task_args import comma_list

GAIA_REPO_ID = "gaia-benchmark/GAIA"
GAIA_REVISION = "682dd723ee1e1697e00360edccf2366dc8418dd9"
SUBSETS = ("2023_level1", "2023_level2", "2023_level3")
SPLITS = ("validation", "test")
HUBS = ("huggingface", "modelscope", "example")
EXAMPLE_DIR = Path(__file__).resolve().parent / "example"
SANDBOX_FILES_DIR = "/shared_files"
# sample metadata key the compose file reads (as SAMPLE_METADATA_SHARED_FILES_DIR)
SHARED_FILES_METADATA_KEY = "shared_files_dir"
TEST_SPLIT_ANSWER = "?"
REQUIRED_COLUMNS = ("task_id", "Question", "Level", "Final answer", "file_name")

# the question comes first, so that the viewer's sample list shows it, not the rules
QUESTION_END = "\n\n---\n"
PROMPT_TEMPLATE = (
    "{question}"
    + QUESTION_END
    + """\
Answer the question above. You work in a Linux sandbox: use the bash tool to run \
commands (Python 3 is installed with common data libraries).{file_note}

Report your final answer with the submit tool. The answer must be a number, or as few \
words as possible, or a comma-separated list of numbers and/or strings:
- a number: write digits, with no thousands separators and no units such as $ or % \
unless the question asks for them;
- a string: no articles and no abbreviations (e.g. of cities); write digits as digits \
unless asked otherwise;
- a list: apply the rules above to each element, in the order the question implies.
Submit only the answer itself, nothing else."""
)

FILE_NOTE = " The file attached to this question is at {path} (read-only)."


def resolve_subsets(subset: str | Sequence[str] | None) -> list[str]:
    """Normalise the subset argument (None: all three levels), rejecting unknown names."""
    if subset is None:
        return list(SUBSETS)
    names = comma_list(subset)
    unknown = [n for n in names if n not in SUBSETS]
    if unknown or not names:
        raise StaminaError(
            f"Unknown GAIA subset {unknown or names!r}. Valid subsets: {', '.join(SUBSETS)} "
            "(any combination, comma-separated; default all three)."
        )
    return list(dict.fromkeys(names))


def check_split(split: str) -> str:
    """Reject a split GAIA does not have."""
    if split not in SPLITS:
        raise StaminaError(f"Unknown GAIA split {split!r}. Valid splits: {', '.join(SPLITS)}.")
    return split


def locate_dataset(
    split: str,
    dataset_hub: str = "huggingface",
    dataset_path: str | os.PathLike[str] | None = None,
    revision: str = GAIA_REVISION,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Path:
    """The root of a GAIA snapshot holding ``split``: local, bundled, or downloaded."""
    if dataset_path is not None:
        root = Path(dataset_path).expanduser().resolve()
        if not root.is_dir():
            raise StaminaError(f"GAIA dataset_path {str(root)!r} is not a directory.")
        return root
    if dataset_hub == "example":
        return EXAMPLE_DIR
    if dataset_hub == "huggingface":
        return _download_huggingface(split, revision, cache_dir)
    if dataset_hub == "modelscope":
        return _download_modelscope(split, revision, cache_dir)
    raise StaminaError(f"Unknown dataset_hub {dataset_hub!r}. Valid: {', '.join(HUBS)}.")


def default_cache_dir() -> Path:
    """Where downloaded snapshots live (``$INSPECT_STAMINA_CACHE`` or ~/.cache)."""
    return cache_root() / "gaia"


def _download_huggingface(split: str, revision: str, cache_dir: Any) -> Path:
    from filelock import FileLock
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import (
        GatedRepoError,
        LocalEntryNotFoundError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    cache = Path(cache_dir) if cache_dir else default_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    access = (
        f"GAIA ({GAIA_REPO_ID}) is a gated dataset. Accept its terms at "
        f"https://huggingface.co/datasets/{GAIA_REPO_ID}, create a token at "
        "https://huggingface.co/settings/tokens and export it as HF_TOKEN; or pass "
        "-T dataset_path=DIR with a local copy, or -T dataset_hub=example for the "
        "bundled example."
    )
    # one download at a time per cache: parallel runs would otherwise race on it
    with FileLock(str(cache / f".{revision}.lock")):
        try:
            path = snapshot_download(
                repo_id=GAIA_REPO_ID,
                repo_type="dataset",
                revision=revision,
                allow_patterns=["README.md", f"2023/{split}/*"],
                cache_dir=str(cache),
                token=os.environ.get("HF_TOKEN") or None,
            )
        except GatedRepoError as ex:
            raise StaminaError(f"No access to the GAIA dataset. {access}") from ex
        except RevisionNotFoundError as ex:
            raise StaminaError(f"GAIA revision {revision!r} does not exist on the Hub.") from ex
        except RepositoryNotFoundError as ex:
            raise StaminaError(f"GAIA not found on the Hub (or no token). {access}") from ex
        except LocalEntryNotFoundError as ex:
            raise StaminaError(
                "Could not download GAIA: the Hugging Face Hub is unreachable and there is "
                f"no cached snapshot under {cache}. {access}"
            ) from ex
        except OSError as ex:
            raise StaminaError(f"Could not download GAIA: {ex}. {access}") from ex
    return Path(path)


def _download_modelscope(split: str, revision: str, cache_dir: Any) -> Path:
    try:
        from modelscope import snapshot_download
    except ImportError as ex:
        raise StaminaError(
            "dataset_hub=modelscope needs the modelscope package: "
            "pip install 'inspect-stamina[modelscope]'"
        ) from ex
    cache = Path(cache_dir) if cache_dir else default_cache_dir() / "modelscope"
    try:
        path = snapshot_download(
            "AI-ModelScope/GAIA",
            repo_type="dataset",
            allow_patterns=["README.md", f"2023/{split}/*"],
            cache_dir=str(cache),
        )
    except Exception as ex:  # modelscope raises plain exceptions for network/access
        raise StaminaError(f"Could not download GAIA from ModelScope: {ex}") from ex
    return Path(path)


def read_card_configs(root: Path) -> dict[str, dict[str, str]]:
    """The dataset card's configs: ``{config_name: {split: relative data path}}``."""
    readme = root / "README.md"
    if not readme.is_file():
        return {}
    text = readme.read_text(encoding="utf-8")
    if not text.startswith("---"):
        return {}
    try:
        card = yaml.safe_load(text.split("---", 2)[1]) or {}
    except yaml.YAMLError as ex:
        raise StaminaError(f"{readme}: the YAML card does not parse: {ex}") from ex
    configs: dict[str, dict[str, str]] = {}
    for config in card.get("configs") or []:
        files = config.get("data_files") or []
        if isinstance(files, list):
            configs[str(config.get("config_name"))] = {
                str(f["split"]): str(f["path"]) for f in files if isinstance(f, dict)
            }
    return configs


def _metadata_file(root: Path, subset: str, split: str) -> tuple[Path, str | None]:
    """The metadata file for one subset, and the level to filter on (None: already filtered)."""
    level = subset.removeprefix("2023_level")
    configured = read_card_configs(root).get(subset, {}).get(split)
    if configured:
        path = root / configured
        if path.is_file():
            return path, None
        jsonl = path.with_suffix(".jsonl")
        if jsonl.is_file():
            return jsonl, None
    # older snapshots: one metadata file per split holding every level
    split_dir = root / "2023" / split
    for name in ("metadata.parquet", "metadata.jsonl"):
        if (split_dir / name).is_file():
            return split_dir / name, level
    raise StaminaError(
        f"No GAIA metadata for subset {subset!r}, split {split!r} under {root}: expected "
        f"{configured or f'2023/{split}/metadata.parquet'} (or metadata.jsonl)."
    )


def read_metadata(path: Path) -> list[dict[str, Any]]:
    """Rows of a GAIA metadata file, parquet or JSON lines, read as Inspect's
    ``hf_dataset`` reads a Hugging Face dataset (with ``datasets``)."""
    import datasets

    # a local file converted in memory: no cache directory written, no progress bars
    datasets.disable_progress_bars()
    builder = "parquet" if path.suffix == ".parquet" else "json"
    try:
        rows = datasets.load_dataset(
            builder, data_files=str(path), split="train", keep_in_memory=True
        )
    except Exception as ex:  # datasets/pyarrow raise many types for a corrupt file
        raise StaminaError(f"Could not read GAIA metadata {path}: {error_text(ex)}") from ex
    missing = [c for c in REQUIRED_COLUMNS if c not in rows.column_names]
    if missing:
        raise StaminaError(f"GAIA metadata {path} lacks the column(s) {missing}.")
    return [{str(k): v for k, v in row.items()} for row in rows]


def load_records(root: Path, subsets: Iterable[str], split: str) -> list[dict[str, Any]]:
    """The rows of the chosen subsets of one split, in file order, without duplicates."""
    records: dict[str, dict[str, Any]] = {}
    for subset in subsets:
        path, level = _metadata_file(root, subset, split)
        for row in read_metadata(path):
            if level is None or str(row["Level"]) == level:
                row["_split_dir"] = path.parent
                records.setdefault(str(row["task_id"]), row)
    return list(records.values())


def _plain(value: Any) -> Any:
    """Make parquet values (numpy arrays, structs) JSON-friendly for sample metadata."""
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            return value
        return parsed if isinstance(parsed, dict) else value
    return value


def record_to_sample(record: dict[str, Any], split: str, staging_root: Path) -> Sample:
    """One GAIA row -> a sample whose prompt names its attachment's sandbox path.

    The attachment is staged alone in a directory of the sample's own (see
    ``attachments``); the sandbox mounts that directory, never the split's.
    """
    file_name = record.get("file_name") or ""
    file_note = ""
    attachment: Path | None = None
    if file_name:
        attachment = Path(record["_split_dir"]) / file_name
        if Path(file_name).name != file_name or not attachment.is_file():
            raise StaminaError(
                f"GAIA task {record['task_id']} names the attachment {file_name!r}, "
                f"which is missing from {record['_split_dir']}."
            )
        file_note = FILE_NOTE.format(path=f"{SANDBOX_FILES_DIR}/{file_name}")
    shared_files = stage_attachment(attachment, str(record["task_id"]), staging_root)
    answer = record.get("Final answer")
    target = "" if answer in (None, TEST_SPLIT_ANSWER) and split == "test" else str(answer)
    return Sample(
        id=str(record["task_id"]),
        input=PROMPT_TEMPLATE.format(question=record["Question"], file_note=file_note),
        target=target,
        metadata={
            "task_id": str(record["task_id"]),
            "level": str(record["Level"]),
            "question": record["Question"],
            "file_name": file_name,
            "annotator_metadata": _plain(record.get("Annotator Metadata")),
            SHARED_FILES_METADATA_KEY: str(shared_files),
        },
    )


def gaia_dataset(
    subsets: Sequence[str],
    split: str,
    root: Path,
    instance_ids: Sequence[str] | None = None,
    staging_root: Path | None = None,
) -> MemoryDataset:
    """The samples of the chosen subsets of one split of a snapshot at ``root``.

    ``staging_root`` holds the per-sample attachment directories (default: under the
    download cache).
    """
    records = load_records(root, subsets, split)
    if instance_ids:
        wanted = list(dict.fromkeys(instance_ids))
        known = {str(r["task_id"]) for r in records}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise StaminaError(
                f"instance_ids not found in GAIA {split} ({', '.join(subsets)}): {missing}"
            )
        records = [r for r in records if str(r["task_id"]) in set(wanted)]
    if not records:
        raise StaminaError(f"GAIA {split} ({', '.join(subsets)}) under {root} has no questions.")
    staging = staging_root or default_cache_dir() / "shared_files"
    samples = [record_to_sample(r, split, staging) for r in records]
    return MemoryDataset(samples, name=f"gaia_{split}", location=str(root))
