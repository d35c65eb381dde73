"""The GAIA tasks: parameters -> dataset, sandbox, agent and scorer."""

from __future__ import annotations

import math
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.solver import Solver, basic_agent, system_message
from inspect_ai.tool import Tool, ToolSource, bash, mcp_server_stdio, mcp_tools
from inspect_ai.util import SandboxEnvironmentSpec

from inspect_stamina.docker_check import require_image
from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.dataset import (
    GAIA_REVISION,
    SANDBOX_FILES_DIR,
    check_split,
    gaia_dataset,
    locate_dataset,
    resolve_subsets,
)
from inspect_stamina.gaia.scorer import gaia_scorer
from inspect_stamina.images import image_specs
from inspect_stamina.sandbox_spec import compose_sandbox
from inspect_stamina.task_args import comma_list

TASK_VERSION = 1
DEFAULT_IMAGE = image_specs()["gaia"].tag
DEFAULT_MAX_TOOL_OUTPUT = 16 * 1024
MCP_SHORTHANDS = {"fetch": f"{sys.executable} -m mcp_server_fetch --ignore-robots-txt"}

SYSTEM_MESSAGE = """\
You are a capable general AI assistant solving a question step by step. Work in the \
sandbox with the bash tool (each call runs in a fresh shell; commands are killed after \
{timeout} seconds). Attached files are read-only under {files}. When you are sure of \
the answer, call submit with the answer alone."""


@task(version=TASK_VERSION)
def gaia(
    subset: str | Sequence[str] | None = None,
    split: str = "validation",
    max_steps: int = 50,
    command_timeout: float = 180.0,
    docker_image: str = DEFAULT_IMAGE,
    network_enabled: bool = True,
    dataset_hub: str = "huggingface",
    dataset_path: str | None = None,
    dataset_revision: str = GAIA_REVISION,
    instance_ids: str | Sequence[str] | None = None,
    mcp_servers: str | Sequence[str] | None = None,
    max_tool_output: int = DEFAULT_MAX_TOOL_OUTPUT,
    cache_dir: str | None = None,
) -> Task:
    """GAIA: a bash agent in a Docker sandbox answers questions, scored by the leaderboard rules.

    Args:
        subset: 2023_level1, 2023_level2, 2023_level3, any combination (default all).
        split: validation (scored) or test (unscored; export with `inspect-stamina gaia-submission`).
        max_steps: Bound on agent steps (model generations) per sample.
        command_timeout: Seconds before one bash command is killed.
        docker_image: Sandbox image (default: Python 3.11 with curl/wget/git and
            libraries for reading attachments).
        network_enabled: False gives the sandbox no network at all.
        dataset_hub: huggingface, modelscope, or example (the bundled example dataset).
        dataset_path: A local directory in the dataset's layout (overrides dataset_hub).
        dataset_revision: Pinned dataset revision to download.
        instance_ids: Only these task ids (comma-separated or a list).
        mcp_servers: Host-side MCP servers to add as tools: "fetch" or a command line.
        max_tool_output: Bytes of tool output kept per call (the rest is truncated).
        cache_dir: Where downloaded snapshots are cached.
    """
    subsets = resolve_subsets(subset)
    split = check_split(split)
    if max_steps < 1:
        raise StaminaError(f"max_steps must be at least 1, not {max_steps}.")
    if command_timeout <= 0:
        raise StaminaError(f"command_timeout must be positive, not {command_timeout}.")
    root = locate_dataset(split, dataset_hub, dataset_path, dataset_revision, cache_dir)
    dataset = gaia_dataset(subsets, split, root, comma_list(instance_ids))
    tools = gaia_tools(math.ceil(command_timeout), mcp_servers)
    # checked last, so bad arguments are reported even where Docker is absent
    require_image(docker_image)
    return Task(
        dataset=dataset,
        solver=gaia_agent(max_steps, math.ceil(command_timeout), tools, max_tool_output),
        scorer=gaia_scorer() if split == "validation" else None,
        sandbox=gaia_sandbox(root / "2023" / split, docker_image, network_enabled),
        config=GenerateConfig(max_tool_output=max_tool_output),
        metadata={"benchmark": "gaia", "split": split, "subsets": subsets},
    )


@task(version=TASK_VERSION)
def gaia_level1(**kwargs: object) -> Task:
    """GAIA level 1 questions only (same parameters as gaia)."""
    return gaia(subset="2023_level1", **kwargs)  # type: ignore[arg-type]


@task(version=TASK_VERSION)
def gaia_level2(**kwargs: object) -> Task:
    """GAIA level 2 questions only (same parameters as gaia)."""
    return gaia(subset="2023_level2", **kwargs)  # type: ignore[arg-type]


@task(version=TASK_VERSION)
def gaia_level3(**kwargs: object) -> Task:
    """GAIA level 3 questions only (same parameters as gaia)."""
    return gaia(subset="2023_level3", **kwargs)  # type: ignore[arg-type]


def gaia_agent(
    max_steps: int, command_timeout: int, tools: list[Tool | ToolSource], max_tool_output: int
) -> Solver:
    """basic_agent with bash (+ MCP tools) and submit, bounded to max_steps generations."""
    return basic_agent(
        init=system_message(
            SYSTEM_MESSAGE.format(timeout=command_timeout, files=SANDBOX_FILES_DIR)
        ),
        tools=tools,  # type: ignore[arg-type]
        # a step is one generation plus its tool results: system + user + 2 per step
        message_limit=2 + 2 * max_steps,
        max_tool_output=max_tool_output,
    )


def gaia_tools(
    command_timeout: int, mcp_servers: str | Sequence[str] | None
) -> list[Tool | ToolSource]:
    """bash in the sandbox, plus one tool source per host-side MCP server."""
    tools: list[Tool | ToolSource] = [bash(timeout=command_timeout)]
    servers = [mcp_servers] if isinstance(mcp_servers, str) else list(mcp_servers or [])
    for spec in servers:
        command = shlex.split(MCP_SHORTHANDS.get(spec, spec))
        if not command:
            raise StaminaError("An empty MCP server command was given in mcp_servers.")
        if spec == "fetch":
            try:
                import mcp_server_fetch  # noqa: F401
            except ImportError as ex:
                raise StaminaError(
                    "mcp_servers=fetch needs mcp-server-fetch: pip install 'inspect-stamina[mcp]'"
                ) from ex
        name = spec if spec in MCP_SHORTHANDS else Path(command[0]).name
        tools.append(mcp_tools(mcp_server_stdio(name=name, command=command[0], args=command[1:])))
    return tools


def gaia_sandbox(files_dir: Path, image: str, network_enabled: bool) -> SandboxEnvironmentSpec:
    """The shipped compose template with the image, network and read-only attachments set."""
    return compose_sandbox(
        "gaia",
        image=image,
        network_mode="bridge" if network_enabled else "none",
        volumes=[f"{files_dir.resolve()}:{SANDBOX_FILES_DIR}:ro"],
    )
