"""Resource bounds of one sandbox, shared by both benchmarks and every sandbox type."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from inspect_stamina.errors import StaminaError
from inspect_stamina.sandbox_spec import compose_config

_SIZE = re.compile(r"^[1-9][0-9]*[kmg]$", re.IGNORECASE)
# the agent's own processes may use this share of the container's pids: root, which the
# per-user limit does not bind, can then always fork to stop them
AGENT_PIDS_SHARE = 4
MIN_PIDS = 64
# the mount whose size is `workspace_size`, in every compose file
WORKSPACE_MOUNT = "/workspace"


@dataclass(frozen=True)
class SandboxLimits:
    """Memory, CPUs, processes and writable space of one sandbox (Docker units)."""

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
            pids = int(self.pids)
        except (TypeError, ValueError) as ex:
            raise StaminaError(f"cpus and pids must be numbers: {ex}.") from ex
        if not 0 < cpus <= 64:
            raise StaminaError(f"cpus must be a number of CPUs above 0, not {self.cpus!r}.")
        if pids < MIN_PIDS:
            raise StaminaError(f"pids must be at least {MIN_PIDS}, not {self.pids!r}.")
        # -T delivers numbers as YAML scalars; keep the types the field names promise
        object.__setattr__(self, "cpus", cpus)
        object.__setattr__(self, "pids", pids)

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

    def metadata(self) -> dict[str, Any]:
        """The bounds as recorded in the eval log's metadata."""
        return {**asdict(self), "agent_processes": self.agent_processes}


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
