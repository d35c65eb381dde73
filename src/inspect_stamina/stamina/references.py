"""Reference solutions as shell commands: what the oracle types into bash, and what
teacher forcing replays to rebuild the reference state of the workspace.

A reference is a directory of files (copied over the workspace), a patch (applied
with `patch -p1`) or a shell script (run in the workspace).
"""

from __future__ import annotations

import base64
import gzip
import io
import tarfile
from pathlib import Path

from inspect_ai.util import ExecResult, sandbox

from inspect_stamina.sandbox.users import sandbox_user
from inspect_stamina.stamina.sandbox import AGENT_USER, WORKSPACE

_EOF = "STAMINA_REFERENCE_EOF"


def _piped(data: bytes, consumer: str) -> str:
    """`base64 -d | consumer` fed by a here-document holding the data."""
    encoded = base64.encodebytes(data).decode()
    return f"cd {WORKSPACE} && base64 -d <<'{_EOF}' | {consumer}\n{encoded}{_EOF}"


def _tar_directory(directory: Path) -> bytes:
    buffer = io.BytesIO()
    # gzip's header holds a time too: 0, so that one reference is always the same command
    # (the oracle's transcript, and its token count, do not depend on the clock)
    with (
        gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as zipped,
        tarfile.open(fileobj=zipped, mode="w") as tar,
    ):
        for path in sorted(directory.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                info = tar.gettarinfo(str(path), arcname=path.relative_to(directory).as_posix())
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                info.mtime = 0
                with path.open("rb") as f:
                    tar.addfile(info, f)
    return buffer.getvalue()


def reference_command(reference: Path) -> str:
    """One bash command that applies a reference to the workspace."""
    if reference.is_dir():
        return _piped(_tar_directory(reference), "tar -xz --no-same-owner")
    if reference.suffix in (".patch", ".diff"):
        return _piped(reference.read_bytes(), "patch -p1 --forward --quiet")
    return _piped(reference.read_bytes(), "bash -e")


def setup_command(setup: str) -> str:
    """One bash command that runs a turn's setup in the workspace."""
    return _piped(setup.encode(), "bash -e")


async def run_as_agent(command: str, timeout: int = 300) -> ExecResult[str]:
    """A reference's (or any long) command, run by bash as the agent with the script on
    stdin: a reference can be larger than the kernel's limit on one argument (128 KiB)."""
    return await sandbox().exec(
        ["bash"], input=command, user=await sandbox_user(AGENT_USER), timeout=timeout
    )
