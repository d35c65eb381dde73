"""Resource bounds of one sandbox, shared by both benchmarks and every sandbox type."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from inspect_stamina.errors import StaminaError
from inspect_stamina.sandbox.docker_spec import compose_config
from inspect_stamina.task_args import int_arg

_SIZE = re.compile(r"^[1-9][0-9]*[kmg]$", re.IGNORECASE)
# Docker's and tmpfs's size units are powers of 1024
_UNITS = {"b": 1, "k": 1024, "m": 1024**2, "g": 1024**3}
# tmpfs contents count against the container's memory limit, so memory must hold every
# mount full plus this for the processes themselves: the agent's shell and Python, a
# pytest run of the checks, the harness's steps and init. 512m is a floor for those,
# not a recommendation (a Node project's npm install may want more)
HEADROOM = "512m"
# the agent's own processes may use this share of the container's pids: root, which the
# per-user limit does not bind, can then always fork to stop them
AGENT_PIDS_SHARE = 4
MIN_PIDS = 64
# the mount whose size is `workspace_size`, in every compose file
WORKSPACE_MOUNT = "/workspace"


@dataclass(frozen=True)
class SandboxLimits:
    """Memory, CPUs, processes and writable space of one sandbox (Docker units).

    Every task takes each field as a parameter of the same name and default (Inspect
    routes ``-T`` arguments by signature); ``tests/test_task_args.py`` checks that a
    field added here appears in every task.
    """

    memory: str = "4g"
    cpus: float = 2.0
    pids: int = 1024
    workspace_size: str = "2g"

    def __post_init__(self) -> None:
        for name in ("memory", "workspace_size"):
            value = getattr(self, name)
            if not _SIZE.match(str(value)):
                raise StaminaError(f"{name} must be a size such as 512m or 4g, not {value!r}.")
        try:
            cpus = float(self.cpus)
        except (TypeError, ValueError) as ex:
            raise StaminaError(f"cpus must be a number: {ex}.") from ex
        if not 0 < cpus <= 64:
            raise StaminaError(f"cpus must be a number of CPUs above 0, not {self.cpus!r}.")
        pids = int_arg("pids", self.pids, MIN_PIDS)
        # -T delivers numbers as YAML scalars; keep the types the field names promise
        object.__setattr__(self, "cpus", cpus)
        object.__setattr__(self, "pids", pids)

    @classmethod
    def from_task_args(cls, args: Mapping[str, Any]) -> SandboxLimits:
        """The bounds a task's arguments name (one per field), checked."""
        return cls(**{f.name: args[f.name] for f in fields(cls)})

    @property
    def agent_processes(self) -> int:
        """The per-user process limit (the agent's and the checker's): a share of pids."""
        return self.pids // AGENT_PIDS_SHARE

    def compose_fields(self, name: str) -> dict[str, Any]:
        """The compose service fields of compose/<name> for these bounds, /workspace resized."""
        template = compose_config(name).services["default"]
        return {
            "mem_limit": self.memory,
            "cpus": self.cpus,
            "pids_limit": self.pids,
            "ulimits": {"nproc": self.agent_processes},
            "tmpfs": _with_tmpfs_size(
                [str(e) for e in template.tmpfs or []], WORKSPACE_MOUNT, self.workspace_size
            ),
        }

    def require_room(self, name: str) -> None:
        """Refuse a memory limit that compose/<name>'s tmpfs mounts, full, plus HEADROOM exceed.

        Past the limit the kernel kills the sandbox's processes, and every later step
        fails without a reason: refused here, before any sandbox starts.
        """
        workspace = size_bytes(self.workspace_size)
        mounts = sum(_tmpfs_bytes(entry) for entry in self.compose_fields(name)["tmpfs"])
        need = mounts + size_bytes(HEADROOM)
        if size_bytes(self.memory) < need:
            raise StaminaError(
                f"memory={self.memory} is below the {docker_size(need)} the {name} sandbox's "
                f"in-memory mounts (workspace_size={self.workspace_size} plus "
                f"{docker_size(mounts - workspace)} of other tmpfs mounts) plus {HEADROOM} "
                f"headroom need; raise memory to at least {docker_size(need)} or lower "
                "workspace_size."
            )

    def metadata(self) -> dict[str, Any]:
        """The bounds as recorded in the eval log's metadata."""
        return {**asdict(self), "agent_processes": self.agent_processes}


def size_bytes(size: str) -> int:
    """A Docker size (bytes, or k, m, g: powers of 1024) in bytes."""
    match = re.fullmatch(r"([0-9]+)([bkmg]?)", str(size).strip().lower())
    if not match:
        raise ValueError(f"Not a Docker size: {size!r}.")
    return int(match[1]) * _UNITS[match[2] or "b"]


def docker_size(count: int) -> str:
    """Bytes as a Docker size in the largest unit that divides them (3920m, 4g)."""
    for unit in "gmk":
        if count % _UNITS[unit] == 0:
            return f"{count // _UNITS[unit]}{unit}"
    return f"{count}b"


def _tmpfs_bytes(entry: str) -> int:
    """The most a compose tmpfs entry (``/path:size=2g,...``) may hold."""
    options = entry.partition(":")[2].split(",")
    sizes = [o.partition("=")[2] for o in options if o.startswith("size=")]
    if not sizes:
        # an unsized tmpfs may take half the host's memory: the templates size every one
        raise ValueError(f"The compose tmpfs entry {entry!r} has no size.")
    return size_bytes(sizes[0])


def _with_tmpfs_size(entries: list[str], path: str, size: str) -> list[str]:
    """Compose tmpfs entries with the one mounted at ``path`` resized."""
    return [
        re.sub(r"size=[^,]+", f"size={size}", entry) if entry.split(":", 1)[0] == path else entry
        for entry in entries
    ]


SANDBOX_TYPES = ("docker", "k8s")


def check_sandbox_type(sandbox: str) -> str:
    """The sandbox type asked for, if the package ships a configuration for it."""
    if sandbox not in SANDBOX_TYPES:
        raise StaminaError(f"Unknown sandbox {sandbox!r}; valid: {', '.join(SANDBOX_TYPES)}.")
    return sandbox
