"""The GAIA tasks: parameters -> dataset, sandbox, agent and scorer (the tools are
``tools.py``'s, the Docker sandbox ``sandbox.py``'s)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.solver import Solver, basic_agent, system_message
from inspect_ai.tool import Tool, ToolSource

from inspect_stamina.gaia.dataset import (
    GAIA_REVISION,
    SANDBOX_FILES_DIR,
    check_split,
    default_cache_dir,
    gaia_dataset,
    locate_dataset,
    resolve_subsets,
)
from inspect_stamina.gaia.k8s_files import k8s_sample_files
from inspect_stamina.gaia.network import guarded_gaia_network
from inspect_stamina.gaia.sandbox import gaia_sandbox
from inspect_stamina.gaia.scorer import gaia_scorer
from inspect_stamina.gaia.tools import gaia_tools, tool_name
from inspect_stamina.model_check import tool_results_check
from inspect_stamina.sandbox.docker_check import require_image
from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.sandbox.k8s_spec import k8s_sandbox
from inspect_stamina.sandbox.limits import SandboxLimits, check_sandbox_type
from inspect_stamina.sandbox.orphans import reap_before_run
from inspect_stamina.sandbox.termination import terminate_like_interrupt
from inspect_stamina.task_args import comma_list, int_arg, positive_number_arg

TASK_VERSION = 1
DEFAULT_IMAGE = image_specs()["gaia"].tag
# the gaia image plus Chromium, Playwright and inspect-tool-support (web_browser=true)
BROWSER_IMAGE = image_specs()["gaia-browser"].tag
DEFAULT_MAX_TOOL_OUTPUT = 16 * 1024

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
    web_search: str | Sequence[str] | None = None,
    python_tool: bool = False,
    web_browser: bool = False,
    sandbox: str = "docker",
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
) -> Task:
    """GAIA: a bash agent in a Docker sandbox answers questions, scored by the leaderboard rules.

    Args:
        subset: 2023_level1, 2023_level2, 2023_level3, any combination (default all).
        split: validation (scored) or test (unscored; export with `inspect-stamina gaia-submission`).
        max_steps: Bound on agent steps (model generations) per sample (a positive
            integer).
        command_timeout: Seconds before one bash command is killed (a number above 0,
            rounded up to whole seconds).
        docker_image: Sandbox image (default: Python 3.11 with curl/wget/git and
            libraries for reading attachments; with web_browser, that image plus a
            headless Chromium: inspect-stamina/gaia-browser).
        network_enabled: False gives the sandbox no network at all.
        dataset_hub: huggingface, modelscope, or example (the bundled example dataset).
        dataset_path: A local directory in the dataset's layout (overrides dataset_hub).
        dataset_revision: Pinned dataset revision to download.
        instance_ids: Only these task ids (comma-separated or a list).
        mcp_servers: Host-side MCP servers to add as tools: "fetch" or a command line.
        max_tool_output: Bytes of tool output kept per call (the rest is truncated; a
            positive integer).
        cache_dir: Where downloaded snapshots and per-sample attachment directories live.
        web_search: Inspect's web_search tool with these providers (off by default).
        python_tool: Add Inspect's python tool beside bash (off by default).
        web_browser: Add Inspect's web_browser tools (a headless Chromium in the sandbox)
            beside bash (off by default).
        sandbox: docker (this machine) or k8s (a cluster; needs the k8s extra).
        memory: The sandbox's memory limit (Docker size, e.g. 4g). The tmpfs mounts count
            in it, so it must hold them all full (workspace_size plus 976m) plus 512m
            for processes: at least 3536m with the default workspace_size.
        cpus: The sandbox's CPU limit (above 0, at most 64).
        pids: The sandbox's process limit (at least 64); the agent may use a quarter of it.
        workspace_size: Size of /workspace (a tmpfs, counted in memory); the rest of
            the root is read-only.
    """
    return build_gaia_task(**locals())


# The level tasks repeat gaia's parameters on purpose: Inspect passes a task only the
# -T arguments its signature names, so `**kwargs` would swallow other tasks' arguments
# in an eval-set (and `inspect info` could not list them).
@task(version=TASK_VERSION)
def gaia_level1(
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
    web_search: str | Sequence[str] | None = None,
    python_tool: bool = False,
    web_browser: bool = False,
    sandbox: str = "docker",
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
) -> Task:
    """GAIA level 1 questions only (the parameters of gaia but subset)."""
    return build_gaia_task(subset="2023_level1", **locals())


@task(version=TASK_VERSION)
def gaia_level2(
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
    web_search: str | Sequence[str] | None = None,
    python_tool: bool = False,
    web_browser: bool = False,
    sandbox: str = "docker",
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
) -> Task:
    """GAIA level 2 questions only (the parameters of gaia but subset)."""
    return build_gaia_task(subset="2023_level2", **locals())


@task(version=TASK_VERSION)
def gaia_level3(
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
    web_search: str | Sequence[str] | None = None,
    python_tool: bool = False,
    web_browser: bool = False,
    sandbox: str = "docker",
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
) -> Task:
    """GAIA level 3 questions only (the parameters of gaia but subset)."""
    return build_gaia_task(subset="2023_level3", **locals())


def build_gaia_task(
    subset: str | Sequence[str] | None,
    split: str,
    max_steps: int,
    command_timeout: float,
    docker_image: str,
    network_enabled: bool,
    dataset_hub: str,
    dataset_path: str | None,
    dataset_revision: str,
    instance_ids: str | Sequence[str] | None,
    mcp_servers: str | Sequence[str] | None,
    max_tool_output: int,
    cache_dir: str | None,
    web_search: str | Sequence[str] | None,
    python_tool: bool,
    web_browser: bool,
    sandbox: str = "docker",
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
) -> Task:
    """Validate the arguments (cheap checks first), load the data, then check Docker."""
    subsets = resolve_subsets(subset)
    split = check_split(split)
    max_steps = int_arg("max_steps", max_steps)
    timeout = math.ceil(positive_number_arg("command_timeout", command_timeout))
    max_tool_output = int_arg("max_tool_output", max_tool_output)
    sandbox = check_sandbox_type(sandbox)
    limits = SandboxLimits.from_task_args(locals())
    limits.require_room("gaia")
    tools = gaia_tools(timeout, mcp_servers, comma_list(web_search), python_tool, web_browser)
    if web_browser and docker_image == DEFAULT_IMAGE:
        docker_image = BROWSER_IMAGE
    root = locate_dataset(split, dataset_hub, dataset_path, dataset_revision, cache_dir)
    cache = (Path(cache_dir).expanduser() if cache_dir else default_cache_dir()).resolve()
    dataset = gaia_dataset(
        subsets, split, root, comma_list(instance_ids), staging_root=cache / "shared_files"
    )
    if sandbox == "k8s":
        # no host directory to mount on a cluster: Inspect copies each attachment in
        dataset = k8s_sample_files(dataset)
    terminate_like_interrupt()
    network = None
    if sandbox == "docker":
        # checked last, so bad arguments are reported even where Docker is absent
        require_image(docker_image)
        reap_before_run()
        if network_enabled:
            # None after a warning when the guarded network is not in place: default bridge
            network = guarded_gaia_network(docker_image)
    return Task(
        dataset=dataset,
        solver=gaia_agent(max_steps, timeout, tools, max_tool_output),
        # the test split has no answers: unscored, for the leaderboard submission file
        # a question's level is its metadata (`metadata_level` in samples_df), not a score
        scorer=gaia_scorer() if split == "validation" else None,
        # a sample's error (a model timeout, say) is recorded and the others run on: the
        # log keeps their scores and is marked as an error at the end (docs/models.md, sample errors)
        continue_on_fail=True,
        sandbox=(
            gaia_sandbox(cache, docker_image, network_enabled, limits, network)
            if sandbox == "docker"
            else k8s_sandbox("gaia", docker_image, limits, network_enabled, cache / "k8s")
        ),
        config=GenerateConfig(max_tool_output=max_tool_output),
        metadata={
            "benchmark": "gaia",
            "split": split,
            "subsets": subsets,
            "tools": [name for t in tools for name in tool_name(t).split(", ")],
            "sandbox": sandbox,
            "limits": limits.metadata(),
        },
    )


def gaia_agent(
    max_steps: int, command_timeout: int, tools: list[Tool | ToolSource], max_tool_output: int
) -> Solver:
    """basic_agent with bash (+ MCP tools) and submit, bounded to max_steps generations."""
    return basic_agent(
        init=[
            # an agent whose server drops tool results could never see a command's output
            tool_results_check(),
            system_message(SYSTEM_MESSAGE.format(timeout=command_timeout, files=SANDBOX_FILES_DIR)),
        ],
        tools=tools,  # type: ignore[arg-type]
        # a step is one generation plus its tool results: system + user + 2 per step
        message_limit=2 + 2 * max_steps,
        max_tool_output=max_tool_output,
    )
