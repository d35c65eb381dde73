"""The StaminaBench sandbox's layout and the harness's I/O with it.

Users: the agent works as ``agent`` in /workspace; the benchmark's tests run as
``checker``; the agent's code runs for checks as ``runner``. Neither check user owns
anything else, so whatever a check leaves behind can be found and removed. Benchmark
tests live in TESTS_DIR, root-owned and readable by ``checker`` only, and only while a
check runs: never in the agent's tree. Every command goes to the sandbox by user id
(``inspect_stamina.sandbox.users``): each container draws its own.
"""

from __future__ import annotations

import base64
import binascii
import io
import tarfile
from collections.abc import Mapping
from pathlib import Path

from inspect_ai.log import transcript
from inspect_ai.util import OutputLimitExceededError, sandbox

from inspect_stamina.sandbox.users import as_root

WORKSPACE = "/workspace"
AGENT_USER = "agent"
CHECKER_USER = "checker"
RUNNER_USER = "runner"
STAMINA_DIR = "/opt/stamina"
TESTS_DIR = f"{STAMINA_DIR}/tests"
# files this large are neither hashed for change detection nor copied for analysis
LARGE_FILE_KIB = 1024
# installed dependencies are not the agent's source: node_modules alone is thousands of
# files, which would cost every turn's manifest and overflow the analysis copy
SKIP_INSTALLED = (
    "! -path './.git/*' ! -path '*/__pycache__/*' ! -path './.pytest_cache/*' "
    "! -path '*/node_modules/*' ! -path '*/.venv/*'"
)


# Path -> fingerprint of every workspace file: sha1 below LARGE_FILE_KIB, else size+mtime
# (hashing a multi-GiB file the agent made would cost seconds on every turn)
MANIFEST_SCRIPT = (
    f"find . -type f {SKIP_INSTALLED} -size -{LARGE_FILE_KIB}k -print0 | xargs -0 -r sha1sum; "
    f"find . -type f {SKIP_INSTALLED} ! -size -{LARGE_FILE_KIB}k -printf '%s:%T@  %p\\n'"
)


def parse_manifest(text: str) -> dict[str, str]:
    """The manifest from MANIFEST_SCRIPT's output."""
    manifest = {}
    for line in text.splitlines():
        digest, _, path = line.partition("  ")
        if path:
            manifest[path.removeprefix("./")] = digest
    return dict(sorted(manifest.items()))


async def workspace_manifest() -> dict[str, str]:
    """Path -> fingerprint of every workspace file (see MANIFEST_SCRIPT)."""
    try:
        result = await sandbox().exec(
            ["bash", "-c", MANIFEST_SCRIPT], cwd=WORKSPACE, user=await as_root(), timeout=60
        )
    except (TimeoutError, OutputLimitExceededError):
        return {}
    return parse_manifest(result.stdout)


def changed_files(before: Mapping[str, str], after: Mapping[str, str]) -> list[str]:
    """Files added, removed or modified between two manifests."""
    return sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))


# the host copy (rules, probes) holds source files: at most this large each, and this
# much in all (smallest first), which stays under the sandbox's limit on one exec's output
COPY_FILE_KIB = 256
COPY_BUDGET_BYTES = 6 * 1024 * 1024
# the share of that budget a check run may carry beside its results (a larger workspace
# is copied by a call of its own, with the whole budget)
CHECK_RUN_COPY_BYTES = 2 * 1024 * 1024
_PRUNED = (".git", "__pycache__", ".pytest_cache", "node_modules", ".venv")


def copy_script(budget: int = COPY_BUDGET_BYTES) -> str:
    """Python (run as root in the sandbox) printing how many files the copy left out, then
    a base64 tar of the workspace's source files within ``budget`` bytes."""
    return f"""
import base64, io, os, stat, sys, tarfile
root, files = {WORKSPACE!r}, []
for folder, dirs, names in os.walk(root):
    dirs[:] = [d for d in dirs if d not in {_PRUNED!r}]
    for name in names:
        path = os.path.join(folder, name)
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and info.st_size < {COPY_FILE_KIB * 1024}:
            files.append((info.st_size, path))
files.sort()
buffer, total, left_out = io.BytesIO(), 0, 0
with tarfile.open(fileobj=buffer, mode="w") as tar:
    for size, path in files:
        if total + size > {budget}:
            left_out += 1
            continue
        try:
            tar.add(path, arcname=os.path.relpath(path, root), recursive=False)
            total += size
        except OSError:
            left_out += 1
print(left_out)
print(base64.b64encode(buffer.getvalue()).decode())
"""


def unpack_copy(output: str, dest: Path) -> int:
    """Extract ``copy_script``'s output into ``dest``; how many files it left out.

    Raises ValueError, binascii.Error, tarfile.TarError or OSError on output that is not
    a copy."""
    count, _, encoded = output.partition("\n")
    archive = base64.b64decode(encoded.strip(), validate=True)
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r") as tar:
        tar.extractall(dest, filter="data")
    return int(count) if count.strip().isdigit() else 0


_COPY_SCRIPT = copy_script()


async def fetch_workspace(dest: Path) -> list[str]:
    """Copy the workspace's source files to a host directory (for host-side checks that
    read them: greps, definitions); what could not be copied, said for the record.

    Files of COPY_FILE_KIB and more are left out (no source file is that large), and
    beyond COPY_BUDGET_BYTES in all the largest are. Nothing copied is run on the host.
    """
    dest.mkdir(parents=True, exist_ok=True)
    try:
        result = await sandbox().exec(
            ["python3", "-I", "-c", _COPY_SCRIPT], user=await as_root(), timeout=120
        )
        left_out = unpack_copy(result.stdout, dest)
    except OutputLimitExceededError:
        return ["the workspace could not be copied for its checks: too large"]
    except (TimeoutError, binascii.Error, tarfile.TarError, OSError, ValueError) as ex:
        return [f"the workspace could not be copied for its checks: {type(ex).__name__}: {ex}"]
    if not result.success:
        return [f"the workspace could not be copied for its checks: {result.stderr[-300:]}"]
    if left_out:
        return [f"{left_out} workspace files were too many to copy for its checks"]
    return []


async def read_changed_texts(paths: list[str], copy: Path | None) -> dict[str, str]:
    """``read_text_files``, taking the files a host copy of the workspace (made this turn
    by ``fetch_workspace``) already holds: a sandbox call only for the others."""
    if copy is None:
        return await read_text_files(paths)
    texts, rest = {}, []
    for path in paths:
        held = copy / path
        if held.is_file() and not held.is_symlink():
            data = held.read_bytes()
            if b"\0" not in data:  # binary files are left out, as read_text_files does
                texts[path] = data.decode("utf-8", "replace")
        else:
            rest.append(path)
    return texts | await read_text_files(rest)


async def read_text_files(paths: list[str], max_kib: int = 256) -> dict[str, str]:
    """The workspace's text files among ``paths`` (relative), in one sandbox call.

    Missing, large and binary files are left out: the caller indexes source, not data.
    """
    if not paths:
        return {}
    script = (
        f"tr '\\n' '\\0' | xargs -0 -r -I{{}} find {{}} -maxdepth 0 -type f -size -{max_kib}k "
        "-print0 2>/dev/null | tar -c --null -T - 2>/dev/null | base64 -w0"
    )
    files: dict[str, str] = {}
    try:
        result = await sandbox().exec(
            ["bash", "-c", script],
            input="\n".join(paths),
            cwd=WORKSPACE,
            user=await as_root(),
            timeout=60,
        )
        archive = base64.b64decode(result.stdout, validate=True)
        if not archive:
            return {}
        with tarfile.open(fileobj=io.BytesIO(archive), mode="r") as tar:
            for member in tar.getmembers():
                handle = tar.extractfile(member) if member.isfile() else None
                data = handle.read() if handle is not None else b""
                if b"\0" not in data:
                    files[member.name.removeprefix("./")] = data.decode("utf-8", "replace")
    except (TimeoutError, OutputLimitExceededError, binascii.Error, tarfile.TarError) as ex:
        transcript().info(f"workspace files could not be read ({type(ex).__name__}: {ex})")
    return files


def files_archive(files: Mapping[str, bytes]) -> bytes:
    """A tar of benchmark-owned files, owned by root and readable by root alone (the check
    run gives each directory its group)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(name)
            info.size, info.uid, info.gid, info.mode = len(data), 0, 0, 0o600
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def read_tree(base: Path, directory: str) -> dict[str, bytes]:
    """Every file under base/directory, keyed by its path relative to base."""
    return {
        p.relative_to(base).as_posix(): p.read_bytes()
        for p in sorted((base / directory).rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def stop_user(user: str) -> str:
    """Shell that kills every process of a user: freeze, then kill, until none is left (a
    stopped process cannot fork a replacement)."""
    return f"""
for _ in $(seq 50); do
  pgrep -u {user} >/dev/null || break
  pkill -STOP -u {user}; pkill -9 -u {user}; sleep 0.02
done
"""


STOP_AGENT = stop_user(AGENT_USER)


async def stop_agent() -> None:
    """Kill every process of the agent user (teacher forcing, before a reset)."""
    await sandbox().exec(["bash", "-c", STOP_AGENT + "true"], user=await as_root(), timeout=30)
