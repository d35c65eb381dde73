"""The StaminaBench task: script(s) -> samples -> session solver -> scorer."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.agent import Agent
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.util import SandboxEnvironmentSpec

from inspect_stamina.errors import StaminaError
from inspect_stamina.paths import cache_root
from inspect_stamina.sandbox.docker_check import require_image
from inspect_stamina.sandbox.docker_spec import compose_file_sandbox
from inspect_stamina.sandbox.images import image_specs
from inspect_stamina.sandbox.k8s_spec import k8s_sandbox
from inspect_stamina.sandbox.limits import SandboxLimits, check_sandbox_type
from inspect_stamina.sandbox.orphans import reap_before_run
from inspect_stamina.sandbox.termination import terminate_like_interrupt
from inspect_stamina.stamina.agents import compaction_strategy, resolve_agent
from inspect_stamina.stamina.loaded_script import LoadedScript, load_script
from inspect_stamina.stamina.regressions import DEFAULT_REGRESSIONS, REGRESSION_MODES, Regressions
from inspect_stamina.stamina.scorers import (
    HEADLINE,
    script_metadata,
    session_metrics,
    stamina_scorer,
)
from inspect_stamina.stamina.session import Mode, SessionSettings, stamina_session
from inspect_stamina.stamina.user import LAYERS
from inspect_stamina.task_args import comma_list, int_arg, optional_int_arg

TASK_VERSION = 1
SCRIPTS_DIR = Path(__file__).resolve().parent / "scripts"


def script_image(loaded: LoadedScript) -> str:
    """The image tag a script asks for: a shipped image's name resolves to its tag."""
    specs = image_specs()
    name = loaded.script.image
    return specs[name].tag if name in specs else name


def bundled_scripts() -> list[str]:
    """Names of the scripts shipped with the package."""
    return sorted(p.parent.name for p in SCRIPTS_DIR.glob("*/script.yaml"))


def resolve_script(spec: str) -> LoadedScript:
    """A bundled script's name or a path to a YAML file -> a validated script."""
    bundled = SCRIPTS_DIR / spec / "script.yaml"
    if bundled.is_file():
        return load_script(bundled)
    path = Path(spec).expanduser()
    if path.is_dir():
        path = path / "script.yaml"
    if path.suffix in (".yaml", ".yml") or path.exists():
        return load_script(path)
    raise StaminaError(
        f"Unknown StaminaBench script {spec!r}: not a bundled script ({', '.join(bundled_scripts())}) nor a YAML file."
    )


@task(version=TASK_VERSION)
def stamina(
    script: str | Sequence[str] = "inventory_cli",
    user_layers: str | Sequence[str] = LAYERS,
    turn_generations: int | None = 30,
    turn_tokens: int | None = None,
    feedback: bool = False,
    attempts: int = 1,
    mode: Mode = "free",
    regressions: Regressions = DEFAULT_REGRESSIONS,
    agent: Agent | str | None = None,
    agent_args: str | dict[str, Any] | None = None,
    compaction: str = "auto",
    compaction_threshold: float = 0.9,
    memory_tool: bool = False,
    knowledge_base: bool = False,
    command_timeout: int = 180,
    docker_image: str | None = None,
    memory: str = "4g",
    cpus: float = 2.0,
    pids: int = 1024,
    workspace_size: str = "2g",
    sandbox: str = "docker",
) -> Task:
    """StaminaBench: a coding agent develops one project over many turns with a simulated user.

    Args:
        script: Bundled script name(s) or path(s) to YAML files (comma-separated); one sample each.
        user_layers: Enabled user layers among scripted, template, llm (scripted is always on).
        turn_generations: Bound per turn on the agent's model generations (as a budget of
            2 messages per generation added to the conversation): a positive integer, or
            None (`none`) for no bound.
        turn_tokens: Bound per turn on tokens used: a positive integer, or None (`none`)
            for no bound.
        feedback: After a failed checkpoint, show the agent its output and let it retry.
        attempts: Retries per failed checkpoint when feedback is on (0 or more).
        mode: free (the agent builds on its own work) or teacher_forced (the workspace is
            reset to the reference state at each phase boundary).
        regressions: Which earlier passed checkpoints are re-run, batched with the due
            ones: phase_end (every one at each phase's last turn; the default), affected
            (also, at every checkpoint turn, those whose inputs changed since they last
            ran), all (every one at every checkpoint turn) or none.
        agent: Any Inspect agent, or the name of one registered with Inspect
            (package/name, e.g. inspect_swe/claude_code); default: react with bash and
            python in the sandbox as the agent user.
        agent_args: Arguments for a named agent (YAML or JSON mapping).
        compaction: How the conversation is kept within the context window: Inspect's
            auto, summary, trim, edit or native compaction, or none.
        compaction_threshold: When to compact: a share of the model's context window
            (up to 1) or a number of tokens (above 1).
        memory_tool: Give the default agent Inspect's memory tool.
        knowledge_base: Give the default agent project_search over the session's
            earlier dialogue and the workspace's current source files.
        command_timeout: Seconds before one of the default agent's commands is killed (a
            positive integer).
        docker_image: Sandbox image for every script; by default each script's own
            (its `image:`, the stamina image unless it names another).
        memory: The sandbox's memory limit (Docker size, e.g. 4g). The tmpfs mounts count
            in it, so it must hold them all full (workspace_size plus 1360m) plus 512m
            for processes: at least 3920m with the default workspace_size.
        cpus: The sandbox's CPU limit (above 0, at most 64).
        pids: The sandbox's process limit (at least 64); the agent's own processes may
            use a quarter of it, so the harness can always start its steps.
        workspace_size: Size of /workspace (a tmpfs, counted in memory); writing past it
            fails with "No space left on device". The rest of the root is read-only.
        sandbox: docker (this machine) or k8s (a cluster; needs the k8s extra).
    """
    loaded = [resolve_script(s) for s in comma_list(script)]
    if not loaded:
        raise StaminaError("No StaminaBench script given.")
    layers = tuple(comma_list(user_layers))
    unknown = set(layers) - set(LAYERS)
    if unknown:
        raise StaminaError(f"Unknown user layer(s) {sorted(unknown)}; valid: {', '.join(LAYERS)}.")
    if mode not in ("free", "teacher_forced"):
        raise StaminaError(f"Unknown mode {mode!r}; valid: free, teacher_forced.")
    if regressions not in REGRESSION_MODES:
        raise StaminaError(
            f"Unknown regressions {regressions!r}; valid: {', '.join(REGRESSION_MODES)}."
        )
    turn_generations = optional_int_arg("turn_generations", turn_generations)
    turn_tokens = optional_int_arg("turn_tokens", turn_tokens)
    attempts = int_arg("attempts", attempts, minimum=0)
    command_timeout = int_arg("command_timeout", command_timeout)
    limits = SandboxLimits.from_task_args(locals())
    limits.require_room("stamina")
    sandbox = check_sandbox_type(sandbox)
    settings = SessionSettings(
        user_layers=layers,
        turn_generations=turn_generations,
        turn_tokens=turn_tokens,
        feedback=feedback,
        attempts=attempts,
        mode=mode,
        regressions=regressions,
        compaction=compaction_strategy(compaction, compaction_threshold),
        knowledge_base=knowledge_base,
        command_timeout=command_timeout,
        memory_tool=memory_tool,
    )
    if isinstance(agent, str):
        agent = resolve_agent(agent, agent_args)
    elif agent_args:
        raise StaminaError("agent_args is for a named agent (-T agent=package/name).")
    terminate_like_interrupt()
    images = {item.name: docker_image or script_image(item) for item in loaded}
    if sandbox == "docker":
        for image in dict.fromkeys(images.values()):
            require_image(image)
        reap_before_run()

    def sandbox_for(image: str) -> SandboxEnvironmentSpec:
        if sandbox == "docker":
            return stamina_sandbox(image, limits)
        return k8s_sandbox("stamina", image, limits, False, cache_root() / "stamina" / "k8s")

    samples = [
        Sample(
            id=item.name,
            sandbox=sandbox_for(images[item.name]),
            input=session_input(item.script.task_name, item.script.total_turns),
            metadata={
                "script": item.name,
                "script_path": str(item.path),
                "total_turns": item.script.total_turns,
                "image": images[item.name],
                **script_metadata(item.path.read_text(encoding="utf-8")),
            },
        )
        for item in loaded
    ]
    return Task(
        dataset=MemoryDataset(samples, name="staminabench"),
        solver=stamina_session(agent=agent, **settings.as_args()),
        scorer=stamina_scorer(),
        # one script's mean per script is its mean again: a column of noise in the terminal
        metrics=session_metrics(
            "script" if len(samples) > 1 else None, compaction=settings.compaction is not None
        ),
        headline_metric=HEADLINE,
        # one session's error never costs the others theirs (docs/models.md, sample errors)
        continue_on_fail=True,
        # every sample names its own; the task's is the first one's, for tools that read it
        sandbox=samples[0].sandbox,
        metadata={
            "benchmark": "staminabench",
            "mode": mode,
            "regressions": regressions,
            "user_layers": list(layers),
            "agent": agent_name(agent),
            "compaction": compaction,
            "compaction_threshold": compaction_threshold,
            "memory_tool": memory_tool,
            "knowledge_base": knowledge_base,
            "sandbox": sandbox,
            "limits": limits.metadata(),
        },
    )


def session_input(task_name: str, turns: int) -> str:
    """A session's sample input: the script's name and its length, said once (a generated
    script's name already says it)."""
    length = f"{turns} turns"
    return f"StaminaBench session: {task_name}" + ("" if length in task_name else f" ({length})")


def stamina_sandbox(image: str, limits: SandboxLimits | None = None) -> SandboxEnvironmentSpec:
    """The shipped compose file with the image and the resource bounds chosen."""
    limits = limits or SandboxLimits()
    return compose_file_sandbox(
        "stamina",
        cache_root().resolve() / "stamina" / "compose",
        image=image,
        **limits.compose_fields("stamina"),
    )


def agent_name(agent: Agent | None) -> str:
    """The agent's registered name for the log (the default agent: ``default``)."""
    if agent is None:
        return "default"
    from inspect_ai.util import registry_info

    try:
        return registry_info(agent).name
    except Exception:  # noqa: BLE001 - an unregistered agent has no name to record
        return type(agent).__name__
