"""Per-sample attachment directories: what a sample's sandbox sees at /shared_files.

Each sample gets a directory of its own on the host holding its attachment only, as
a real file (hard-linked where the filesystem allows, copied otherwise), so that the
read-only mount at /shared_files can never show metadata (with its answers), another
question's file, or a symlink into a Hub cache that dangles inside the container.
Directories are keyed by the task id and the source file's identity, so they are
made once and reused by later runs; a changed source gets a fresh directory.
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import stat
import tempfile
from pathlib import Path

from inspect_stamina.errors import StaminaError

EMPTY_DIR_NAME = "_no_attachment"


def stage_attachment(source: Path | None, task_id: str, staging_root: Path) -> Path:
    """The directory to mount for one sample: its attachment alone, or empty."""
    staging_root.mkdir(parents=True, exist_ok=True)
    if source is None:
        return _ensure_dir(staging_root / EMPTY_DIR_NAME, None)
    real = source.resolve()
    if not real.is_file():
        raise StaminaError(f"GAIA attachment {source} does not resolve to a file ({real}).")
    info = real.stat()
    identity = f"{real}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ino}".encode()
    key = hashlib.sha256(identity).hexdigest()[:16]
    return _ensure_dir(staging_root / f"{_safe(task_id)}-{key}", (real, source.name))


def _safe(name: str) -> str:
    """A task id as a directory name (ids are UUIDs; anything else is made harmless)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:80] or "task"


def _ensure_dir(target: Path, attachment: tuple[Path, str] | None) -> Path:
    """Make ``target`` hold exactly the attachment (or nothing), atomically."""
    expected = [] if attachment is None else [attachment[1]]
    if target.is_dir() and sorted(os.listdir(target)) == expected:
        return target
    if target.exists():
        shutil.rmtree(target)
    tmp = Path(tempfile.mkdtemp(prefix=".staging-", dir=target.parent))
    try:
        tmp.chmod(0o755)
        if attachment is not None:
            _place(attachment[0], tmp / attachment[1])
        try:
            tmp.rename(target)
        except OSError as ex:
            # another run staged the same directory first: theirs is as good as ours
            if ex.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def _place(real: Path, dest: Path) -> None:
    """Hard-link the file when it is world-readable and on the same filesystem, else copy."""
    readable = bool(real.stat().st_mode & stat.S_IROTH)
    if readable:
        try:
            os.link(real, dest)
            return
        except OSError:
            pass  # another filesystem, or links not allowed: copy instead
    shutil.copyfile(real, dest)
    dest.chmod(0o644)
