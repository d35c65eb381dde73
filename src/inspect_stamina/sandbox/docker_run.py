"""The ``stamina-docker`` sandbox: our one-service compose files started by plain ``docker``.

Inspect's ``docker`` sandbox drives every step through ``docker compose`` (config, up,
ps, exec, cp, down), and each compose call costs a tenth of a second or more before it
reaches the engine: about 2 s to start a GAIA sample and 0.1-0.2 s per command in a
session that runs thousands of them. Our compose files hold one service and no build,
so this sandbox reads that service and starts it with ``docker run``, runs commands
with ``docker exec`` and removes it with ``docker rm``: the same container (image,
bounds, users, mounts, network, labels), started in a fraction of the time.

The compose file stays the one description of a sandbox (the Kubernetes values mirror
it, tests and the log read it). A field this module cannot translate is an error at
start, never dropped: a bound that silently went missing would weaken the sandbox.
"""

from __future__ import annotations

import errno
import os
import re
import shlex
import time
import uuid
from pathlib import Path, PurePosixPath
from typing import Any, Literal, overload

import yaml
from inspect_ai.util import (
    ExecResult,
    OutputLimitExceededError,
    SandboxConnection,
    SandboxEnvironment,
    SandboxEnvironmentConfigType,
    SandboxEnvironmentLimits,
    SandboxUnavailableError,
    sandboxenv,
    subprocess,
)

from inspect_stamina.sandbox.orphans import COMPOSE_PROJECT_LABEL, reap_orphans

SANDBOX_TYPE = "stamina-docker"


# seconds for `docker run` to create and start a container (an image is never pulled)
START_TIMEOUT = 300
# seconds for a file read or write through `docker exec` (Inspect's docker sandbox allows 600)
WRITE_TIMEOUT = 600

# containers of samples that were interrupted: removed when the task cleans up
_interrupted: set[str] = set()

_VARIABLE = re.compile(r"\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\})")


@sandboxenv(name=SANDBOX_TYPE)
class DockerRunSandbox(SandboxEnvironment):
    """One container per sample, described by a one-service compose file."""

    def __init__(self, container: str, working_dir: str) -> None:
        super().__init__()
        self.container = container
        self._working_dir = working_dir

    @classmethod
    def config_files(cls) -> list[str]:
        """No file is picked up by default: the tasks name theirs."""
        return []

    @classmethod
    def default_concurrency(cls) -> int | None:
        """Twice the processors this process may run on, as Inspect's docker sandbox."""
        return 2 * len(os.sched_getaffinity(0))

    @classmethod
    def is_docker_compatible(cls) -> bool:
        """Inspect's tools may treat this as Docker (it is)."""
        return True

    @classmethod
    async def sample_init(
        cls,
        task_name: str,
        config: SandboxEnvironmentConfigType | None,
        metadata: dict[str, str],
    ) -> dict[str, SandboxEnvironment]:
        """Start the sample's container from the compose file's service."""
        service = load_service(_config_path(config), metadata)
        name = f"inspect-{_slug(task_name)}-{uuid.uuid4().hex[:8]}"
        args = run_args(service, name)
        result = await subprocess(["docker", "run", "--detach", *args], timeout=START_TIMEOUT)
        if not result.success:
            await _remove([name])
            raise RuntimeError(
                f"Docker could not start the sandbox container {name}: "
                f"{result.stderr.strip() or result.stdout.strip()}"
            )
        return {"default": cls(name, str(service.get("working_dir") or "/"))}

    @classmethod
    async def sample_cleanup(
        cls,
        task_name: str,
        config: SandboxEnvironmentConfigType | None,
        environments: dict[str, SandboxEnvironment],
        interrupted: bool,
    ) -> None:
        """Remove the sample's container (an interrupted one at the task's end)."""
        names = [env.as_type(DockerRunSandbox).container for env in environments.values()]
        if interrupted:
            _interrupted.update(names)
        else:
            await _remove(names)

    @classmethod
    async def task_cleanup(
        cls, task_name: str, config: SandboxEnvironmentConfigType | None, cleanup: bool
    ) -> None:
        """Remove the containers of interrupted samples."""
        if cleanup and _interrupted:
            names = sorted(_interrupted)
            _interrupted.difference_update(names)
            await _remove(names)

    @classmethod
    async def cli_cleanup(cls, id: str | None) -> None:
        """``inspect sandbox cleanup stamina-docker [container]``: one container, or ours left over."""
        if id is not None:
            await _remove([id])
            return
        reap_orphans()

    async def exec(
        self,
        cmd: list[str],
        input: str | bytes | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        user: str | None = None,
        timeout: int | None = None,
        timeout_retry: bool = True,
        concurrency: bool = True,
    ) -> ExecResult[str]:
        """Run ``cmd`` in the container with ``docker exec``, bounded in time and output."""
        workdir = PurePosixPath(self._working_dir) / (cwd or ".")
        args = ["docker", "exec", "--workdir", str(workdir)]
        if input is not None:
            args.append("--interactive")
        if user:
            args += ["--user", user]
        for key, value in (env or {}).items():
            args += ["--env", f"{key}={value}"]
        command = cmd
        if timeout is not None:
            # killed inside the container: `docker exec` leaves its process running when
            # the client is stopped; the absolute path, not the image's PATH, for root
            command = ["/usr/bin/timeout", "-k", "5s", f"{timeout}s", *cmd]
        started = time.monotonic()
        result = await subprocess(
            [*args, self.container, *command],
            input=input,
            timeout=timeout + 10 if timeout is not None else None,
            output_limit=SandboxEnvironmentLimits.MAX_EXEC_OUTPUT_SIZE,
            concurrency=concurrency,
        )
        # 137 and 143 are also an out-of-memory kill and a SIGTERM: the clock decides
        if timeout is not None and (
            result.returncode == 124
            or (result.returncode in (137, 143) and time.monotonic() - started >= timeout)
        ):
            error = TimeoutError(f"Command timed out after {timeout} seconds")
            partial = result.stdout + result.stderr
            if partial:
                # where Inspect looks for the output of a command that timed out
                error.truncated_output = partial  # type: ignore[attr-defined]
            raise error
        if _says_container_gone(result) and not await self._running():
            raise SandboxUnavailableError(
                f"The sandbox container {self.container} is not running: {result.stderr.strip()}"
            )
        return result

    async def write_file(self, file: str, contents: str | bytes) -> None:
        """Write ``contents`` to ``file`` as root, creating its directory."""
        path = self._path(file)
        script = 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"'
        result = await self.exec(
            ["/bin/sh", "-c", script, "sh", path], input=contents, timeout=WRITE_TIMEOUT
        )
        if not result.success:
            message = result.stderr.casefold()
            if "permission denied" in message:
                raise PermissionError(errno.EACCES, "Permission denied.", file)
            if "is a directory" in message:
                raise IsADirectoryError(errno.EISDIR, "Is a directory.", file)
            raise RuntimeError(f"Could not write {file} in the sandbox: {result.stderr.strip()}")

    @overload
    async def read_file(self, file: str, text: Literal[True] = True) -> str: ...

    @overload
    async def read_file(self, file: str, text: Literal[False]) -> bytes: ...

    async def read_file(self, file: str, text: bool = True) -> str | bytes:
        """The contents of ``file``, read as root (at most Inspect's read limit)."""
        path = self._path(file)
        limit = SandboxEnvironmentLimits.MAX_READ_FILE_SIZE
        # refused by their kind, not by cat's wording (which differs across images): a
        # directory, and as Inspect's docker sandbox, a symbolic link or other non-regular
        # file (the agent may plant one where the harness reads); bounded in time, for a FIFO
        script = (
            'if [ -d "$1" ] && [ ! -L "$1" ]; then echo "stamina: is a directory" >&2; exit 21; fi; '
            'if [ -L "$1" ] || { [ -e "$1" ] && [ ! -f "$1" ]; }; then '
            'echo "stamina: not a regular file" >&2; exit 22; fi; exec cat -- "$1"'
        )
        result = await subprocess(
            ["docker", "exec", self.container, "/bin/sh", "-c", script, "sh", path],
            text=False,
            output_limit=limit + 1,
            timeout=WRITE_TIMEOUT,
        )
        stderr = result.stderr.decode("utf-8", "replace")
        if not result.success:
            message = stderr.casefold()
            if result.returncode == 21 and "stamina: is a directory" in message:
                raise IsADirectoryError(errno.EISDIR, "Is a directory.", file)
            if result.returncode == 22 and "stamina: not a regular file" in message:
                raise OSError(errno.EINVAL, "Not a regular file.", file)
            if "no such file or directory" in message:
                raise FileNotFoundError(errno.ENOENT, "No such file or directory.", file)
            if "permission denied" in message:
                raise PermissionError(errno.EACCES, "Permission denied.", file)
            if _names_a_gone_container(stderr) and not await self._running():
                raise SandboxUnavailableError(f"The sandbox container {self.container} is gone.")
            raise RuntimeError(f"Could not read {file} in the sandbox: {stderr.strip()}")
        if len(result.stdout) > limit:
            raise OutputLimitExceededError(
                limit_str=SandboxEnvironmentLimits.MAX_READ_FILE_SIZE_STR, truncated_output=None
            )
        return result.stdout.decode("utf-8") if text else result.stdout

    async def connection(self, *, user: str | None = None) -> SandboxConnection:
        """The ``docker exec`` command that opens a shell in this sandbox."""
        command = ["docker", "exec", "-it", *(["--user", user] if user else []), self.container]
        return SandboxConnection(
            type="docker",
            command=shlex.join([*command, "bash", "-l"]),
            vscode_command=None
            if user
            else ["remote-containers.attachToRunningContainer", self.container],
            container=self.container,
        )

    def default_polling_interval(self) -> float:
        """As Inspect's docker sandbox."""
        return 0.2

    def _path(self, file: str) -> str:
        return (PurePosixPath(self._working_dir) / file).as_posix()

    async def _running(self) -> bool:
        result = await subprocess(
            ["docker", "inspect", "--format", "{{.State.Running}}", self.container], timeout=30
        )
        return result.success and result.stdout.strip() == "true"


def load_service(path: Path, metadata: dict[str, Any]) -> dict[str, Any]:
    """The compose file's one service, its ``${VAR}`` filled from the sample's metadata."""
    variables = {
        f"SAMPLE_METADATA_{key.replace(' ', '_').upper()}": str(value)
        for key, value in metadata.items()
    }
    text = _interpolate(path.read_text(encoding="utf-8"), variables)
    data = yaml.safe_load(text)
    services = data.get("services") if isinstance(data, dict) else None
    if not isinstance(services, dict) or list(services) != ["default"]:
        raise ValueError(f"{path}: the {SANDBOX_TYPE} sandbox needs exactly one service, default.")
    service = services["default"]
    if not isinstance(service, dict) or "image" not in service:
        raise ValueError(f"{path}: the default service names no image.")
    return service


def run_args(service: dict[str, Any], name: str) -> list[str]:
    """``docker run`` arguments for a compose service (the subset our files use).

    The container carries compose's project label, one container a project of its own,
    which is how ``orphans`` finds a dead run's sandboxes.
    """
    args = ["--name", name, "--label", f"{COMPOSE_PROJECT_LABEL}={name}"]
    for key, value in service.items():
        if key in ("image", "command") or key.startswith("x-"):
            continue
        if key not in _FLAGS:
            raise ValueError(
                f"The {SANDBOX_TYPE} sandbox cannot start the compose field {key!r}; "
                "use the docker sandbox for this file."
            )
        args += _FLAGS[key](value)
    command = service.get("command") or []
    if isinstance(command, str):
        command = shlex.split(command)
    return [*args, str(service["image"]), *map(str, command)]


def _repeat(flag: str) -> Any:
    return lambda values: [part for value in values for part in (flag, str(value))]


def _ulimits(limits: dict[str, Any]) -> list[str]:
    args = []
    for kind, value in limits.items():
        if isinstance(value, dict):
            value = f"{value['soft']}:{value['hard']}"
        args += ["--ulimit", f"{kind}={value}"]
    return args


def _networks(networks: list[str] | dict[str, Any]) -> list[str]:
    if len(networks) != 1:
        raise ValueError(f"The {SANDBOX_TYPE} sandbox joins one network, not {list(networks)}.")
    return ["--network", next(iter(networks))]


_FLAGS: dict[str, Any] = {
    "working_dir": lambda value: ["--workdir", str(value)],
    "init": lambda value: ["--init"] if value else [],
    "read_only": lambda value: ["--read-only"] if value else [],
    "network_mode": lambda value: ["--network", str(value)],
    "networks": _networks,
    "environment": lambda env: [
        part
        for key, value in (env.items() if isinstance(env, dict) else (e.split("=", 1) for e in env))
        for part in ("--env", f"{key}={value}")
    ],
    "labels": lambda labels: [
        part for key, value in labels.items() for part in ("--label", f"{key}={value}")
    ],
    "mem_limit": lambda value: ["--memory", str(value)],
    "memswap_limit": lambda value: ["--memory-swap", str(value)],
    "cpus": lambda value: ["--cpus", str(value)],
    "pids_limit": lambda value: ["--pids-limit", str(value)],
    "shm_size": lambda value: ["--shm-size", str(value)],
    "cap_add": _repeat("--cap-add"),
    "cap_drop": _repeat("--cap-drop"),
    "security_opt": _repeat("--security-opt"),
    "tmpfs": _repeat("--tmpfs"),
    "volumes": _repeat("--volume"),
    "ulimits": _ulimits,
    "hostname": lambda value: ["--hostname", str(value)],
    "user": lambda value: ["--user", str(value)],
}


def _interpolate(text: str, variables: dict[str, str]) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``$$``, from ``variables`` then the environment."""

    def replace(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name, default = match.group(1), match.group(2)
        value = variables.get(name, os.environ.get(name))
        return value if value else (default or "")

    return _VARIABLE.sub(replace, text)


def _config_path(config: SandboxEnvironmentConfigType | None) -> Path:
    if not isinstance(config, str) or not Path(config).is_file():
        raise ValueError(
            f"The {SANDBOX_TYPE} sandbox needs the path of a compose file, not {config!r}."
        )
    return Path(config)


def _slug(task_name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", task_name.lower()).strip("-")
    return slug[-40:] or "task"


def _names_a_gone_container(stderr: str) -> bool:
    """Docker's own words for a container that is gone (others can print them: confirm after)."""
    message = stderr.casefold()
    return "no such container" in message or "is not running" in message


def _says_container_gone(result: ExecResult[str]) -> bool:
    """An exec that failed as Docker fails one into a gone container (nothing on stdout)."""
    if result.returncode not in (1, 126, 137) or result.stdout.strip():
        return False
    return _names_a_gone_container(result.stderr)


async def _remove(names: list[str]) -> None:
    if names:
        await subprocess(["docker", "rm", "--force", "--volumes", *names], timeout=120)
