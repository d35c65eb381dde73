"""Who started a sandbox: the owner labels on our containers, and whether that owner lives.

Every Docker sandbox our tasks start carries its owner: the host name, the pid of the
process that built the task (the eval process) and that process's start. A start, not
a pid alone, names a process: after the owner dies the kernel may hand its pid to
another process, which must not pass for the owner.

On Linux the start is the process's start in clock ticks since boot, with the boot's
id: it never changes with the wall clock (an NTP step could otherwise make a live owner
look dead). Elsewhere it is the start time psutil reports, compared with a tolerance.
"""

from __future__ import annotations

import os
import re
import socket
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

LABEL_PREFIX = "inspect-stamina.owner"
HOST_LABEL = f"{LABEL_PREFIX}.host"
PID_LABEL = f"{LABEL_PREFIX}.pid"
STARTED_LABEL = f"{LABEL_PREFIX}.started"
# wall-clock starts (not Linux) are read from a clock with ~1/100 s resolution
_WALL_CLOCK_TOLERANCE = 2.0
_PROC = Path("/proc")
_BOOT_ID = _PROC / "sys" / "kernel" / "random" / "boot_id"
_START = re.compile(r"^(boot \S+ tick \d+|time \d+(\.\d+)?)$")


class OwnerState(Enum):
    """What is known of a sandbox's owner from this host."""

    ALIVE = "alive"
    DEAD = "dead"
    ELSEWHERE = "on another host"


@dataclass(frozen=True)
class Owner:
    """The process that started a sandbox: host name, pid and that process's start."""

    host: str
    pid: int
    started: str

    def labels(self) -> dict[str, str]:
        """The owner as Docker labels."""
        return {HOST_LABEL: self.host, PID_LABEL: str(self.pid), STARTED_LABEL: self.started}

    @classmethod
    def from_labels(cls, labels: dict[str, str] | None) -> Owner | None:
        """The owner named by a container's labels; None when they do not name one."""
        labels = labels or {}
        host, pid, started = (labels.get(k) for k in (HOST_LABEL, PID_LABEL, STARTED_LABEL))
        # labels this code did not write are not an owner: such a container is never touched
        if not host or not pid or not pid.isdigit() or not started or not _START.match(started):
            return None
        if int(pid) <= 0:
            return None
        return cls(host, int(pid), started)

    def state(self) -> OwnerState:
        """Whether the owner still runs (on this host), is gone, or ran on another host."""
        if self.host != socket.gethostname():
            return OwnerState.ELSEWHERE
        return OwnerState.ALIVE if _same_start(self.pid, self.started) else OwnerState.DEAD

    def __str__(self) -> str:
        return f"pid {self.pid} on {self.host}"


def current_owner() -> Owner:
    """This process, as the owner of the sandboxes it starts."""
    started = process_start(os.getpid())
    assert started is not None  # this process runs
    return Owner(socket.gethostname(), os.getpid(), started)


def process_start(pid: int) -> str | None:
    """The start of a running process, as the owner label records it; None if none runs."""
    if _linux():
        found = _linux_start(pid)
        return None if found is None else f"boot {_BOOT_ID.read_text().strip()} tick {found}"
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return None
        return f"time {process.create_time():.2f}"
    except psutil.NoSuchProcess:
        return None
    except psutil.AccessDenied as ex:
        raise PermissionError(f"cannot read process {pid}") from ex


def _linux() -> bool:
    return _PROC.joinpath("self", "stat").exists() and _BOOT_ID.exists()


def _linux_start(pid: int) -> int | None:
    """Field 22 of /proc/<pid>/stat (start, in ticks since boot); None if gone or a zombie.

    PermissionError when the process runs but /proc does not show it.
    """
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError):  # the latter: it exited as we read
        # /proc mounted with hidepid hides other users' processes: ask the kernel
        try:
            os.kill(pid, 0)  # signal 0: delivers nothing, only checks the pid
        except ProcessLookupError:
            return None
        raise PermissionError(f"process {pid} runs but its start cannot be read") from None
    # the command name (field 2) is in parentheses and may hold spaces and parentheses
    fields = text[text.rindex(")") + 2 :].split()
    state, start = fields[0], fields[19]
    # a zombie has exited: only its parent has not reaped it yet
    return None if state in ("Z", "X") else int(start)


def _same_start(pid: int, started: str) -> bool:
    """Whether the process now running as ``pid`` is the one that started at ``started``."""
    try:
        now = process_start(pid)
    except PermissionError:  # not allowed to look: it may be alive, so its sandbox is kept
        return True
    if now is None:
        return False
    if now.startswith("time ") and started.startswith("time "):
        return abs(float(now[5:]) - float(started[5:])) <= _WALL_CLOCK_TOLERANCE
    return now == started
