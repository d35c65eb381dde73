"""Fail fast on a model role whose server cannot answer, before a session's first turn.

A role bound to a dead or misconfigured server (a local llama.cpp, vLLM or Ollama,
say) otherwise surfaces only at the turn that first uses it, after Inspect's
retries: with no ``--max-retries``/``--timeout`` these back off exponentially,
without limit, so a session could stall for many minutes with no message.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import anyio
from inspect_ai.log import transcript
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    Model,
    get_model,
    model_roles,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolCall, ToolInfo, ToolParams
from inspect_ai.util import LimitExceededError, span

from inspect_stamina.errors import StaminaError, error_text

CHECK_MAX_TOKENS = 16
"""Room for a one-word reply: the check asks for an answer, not a good one."""

# a system message too: servers that reject a role (llama.cpp and OpenAI's
# `developer`) fail here rather than at the first real turn
CHECK_MESSAGES: list[ChatMessage] = [
    ChatMessageSystem(content="You are a connectivity check."),
    ChatMessageUser(content="Reply with the single word: ok"),
]

IN_PROCESS_PROVIDERS = frozenset({"mockllm", "none", "stamina", "hf", "transformer_lens", "nnterp"})
"""Providers that answer in this process: no server to reach, so nothing to check.

Skipping them matters beyond speed: a scripted `mockllm` (custom_outputs) would
have its first scripted reply eaten by the check.
"""

# the hard deadline's margin over the attempt timeout, for the SDK's own short
# connection retries (two, 0.5-8 s apart) and the event loop's bookkeeping
_DEADLINE_SLACK = 15.0


async def check_model_roles(roles: Sequence[str], timeout: float = 30) -> None:
    """Send one tiny generation to each bound role's model(s); raise StaminaError if one fails."""
    bound = model_roles()
    for role in roles:
        models = bound.get(role)
        if models is None:  # an optional role left unbound: nothing to check
            continue
        for model in models if isinstance(models, list) else [models]:
            await check_model(role, model, timeout)


async def check_model(role: str, model: Model, timeout: float = 30) -> None:
    """Send one tiny generation to ``model`` (bound to ``role``); raise StaminaError if it fails."""
    if str(model).split("/", 1)[0] in IN_PROCESS_PROVIDERS:
        return
    seconds = max(1, math.ceil(timeout))
    # a thinking budget must stay below max_tokens (Anthropic rejects the
    # request otherwise): a role configured to reason keeps its own max_tokens
    reasons = model.config.reasoning_tokens is not None or model.config.reasoning_effort is not None
    config = GenerateConfig(
        max_tokens=None if reasons else CHECK_MAX_TOKENS,
        # one attempt only: Inspect's default is to retry transient errors
        # (connection refused, HTTP 5xx) with exponential backoff and no limit
        max_retries=0,
        # `timeout` bounds the retry loop and `attempt_timeout` the attempt
        # itself: a server that accepts the connection and never answers
        # would otherwise hold the SDK's 600 s read timeout
        timeout=seconds,
        attempt_timeout=seconds,
    )
    try:
        # the outer deadline holds even if a provider ignores the config above
        with anyio.fail_after(seconds + _DEADLINE_SLACK):
            async with span(f"model check: {role}", type="model_check"):
                await model.generate(CHECK_MESSAGES, config=config, cache=False)
    except LimitExceededError:
        raise  # a sample limit is the session's to handle, not a broken server
    except Exception as ex:
        raise StaminaError(failure_message(role, model, ex, seconds)) from ex


def failure_message(role: str, model: Model, error: BaseException, timeout: int) -> str:
    """Explain a failed role check: role, model, base URL, the error, and how to fix it."""
    base_url = _base_url(model)
    where = f" at {base_url}" if base_url else ""
    # `openai/<name>` at a server of one's own is the usual cause of a 404 or 500
    openai_elsewhere = str(model).startswith("openai/") and "api.openai.com" not in (base_url or "")
    hint = (
        [
            "`openai/` sends unrecognised model names to the Responses API with a `developer` "
            "role, which local servers reject: use `openai-api/<service>/<model>` instead."
        ]
        if openai_elsewhere and base_url
        else []
    )
    return "\n".join(
        [
            f"Model role '{role}' ({model}{where}) failed a one-line check "
            f"(one attempt, {timeout}s timeout): {error_text(error, limit=300)}",
            "Fix: start the server, or bind the role to one that is running, e.g.",
            f"  --model-role {role}=openai-api/<service>/<model>  with <SERVICE>_BASE_URL "
            "(e.g. LOCAL_BASE_URL=http://localhost:8080/v1) and <SERVICE>_API_KEY set,",
            f"  or give the role its own URL: --model-role '{role}={{model: "
            "openai-api/<service>/<model>, model_args: {base_url: http://host:port/v1}}'",
            "  (--model-base-url applies to the main model only, never to a role).",
            "Add --max-retries 2 --timeout 60 so a dead server fails in a minute, not after "
            "many minutes of retries.",
            *hint,
        ]
    )


def _base_url(model: Model) -> str | None:
    # providers resolve their URL (argument, <SERVICE>_BASE_URL, default) at
    # construction; scripted providers (mockllm, stamina/) have none
    url = getattr(model.api, "base_url", None)
    if not url:  # `openai/` keeps OPENAI_BASE_URL in its SDK client only
        url = getattr(getattr(model.api, "client", None), "base_url", None)
    return str(url) if url else None


# a tool result this long adds a few hundred input tokens wherever it reaches the model
_LONG_RESULT = " ".join(f"line{n}" for n in range(300))
_MIN_TOOL_TOKENS = 100
_PROBE_TOOL = ToolInfo(name="probe", description="Returns some text.", parameters=ToolParams())


async def check_tool_results(model: Model, timeout: float = 30) -> None:
    """Raise StaminaError when the model's server drops tool results from the conversation.

    Some OpenAI-compatible servers (llama.cpp's bundled one among them) accept tool
    calls but leave the tool's output out of the prompt, so every turn runs out its
    budget on an agent that never sees what its commands printed. Two one-token
    generations, identical but for the length of a tool result, tell: the server's own
    input-token count grows with the result only if the result reached the model. A
    server that reports no usage, or refuses the exchange, cannot be checked and passes.
    """
    if str(model).split("/", 1)[0] in IN_PROCESS_PROVIDERS:
        return
    # one verdict per server and process: GAIA checks before each of its many samples,
    # which start together, so the first asks and the others wait for its answer
    key = f"{model} {_base_url(model)}"
    async with _TOOL_CHECK_LOCK:
        if key not in _tool_verdicts:
            _tool_verdicts[key] = await _tool_verdict(model, timeout)
    verdict = _tool_verdicts[key]
    if verdict is not None:
        raise StaminaError(verdict)


# server -> None (tool results reach the model, or no verdict) or the refusal's text
_tool_verdicts: dict[str, str | None] = {}
_TOOL_CHECK_LOCK = anyio.Lock()


async def _tool_verdict(model: Model, timeout: float) -> str | None:
    seconds = max(1, math.ceil(timeout))
    config = GenerateConfig(
        max_tokens=CHECK_MAX_TOKENS, max_retries=0, timeout=seconds, attempt_timeout=seconds
    )
    counts: list[int] = []
    try:
        with anyio.fail_after(2 * seconds + _DEADLINE_SLACK):
            async with span("model check: tool results", type="model_check"):
                for result in ("ok", _LONG_RESULT):
                    output = await model.generate(
                        _tool_round_trip(result),
                        tools=[_PROBE_TOOL],
                        tool_choice="none",
                        config=config,
                        cache=False,
                    )
                    if output.usage is None or not output.usage.input_tokens:
                        return None
                    counts.append(output.usage.input_tokens)
    except LimitExceededError:
        raise
    except Exception as ex:  # noqa: BLE001 - no verdict; the first turn meets the real error
        # a provider that refuses this synthetic exchange must not stop a session that
        # would run: only evidence that tool results are dropped does
        transcript().info(f"tool round-trip check skipped: {error_text(ex, limit=300)}")
        return None
    if counts[1] - counts[0] >= _MIN_TOOL_TOKENS:
        return None
    return (
        f"The server behind {model}{_at(model)} drops tool results: a tool result of "
        f"about {len(_LONG_RESULT.split())} words changed its input-token count from "
        f"{counts[0]} to {counts[1]}, so the agent would never see what its commands "
        "printed. Use a server route that passes tool messages to the model (for "
        "llama.cpp, `llama-server --jinja` rather than llama-cpp-python's bundled "
        "server; vLLM with `--enable-auto-tool-choice` and a tool-call parser)."
    )


@solver
def tool_results_check() -> Solver:
    """Stop the sample at once when the model's server drops tool results."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        await check_tool_results(get_model())
        return state

    return solve


def _tool_round_trip(result: str) -> list[ChatMessage]:
    call = ToolCall(id="call_probe_1", function="probe", arguments={})
    return [
        ChatMessageUser(content="Call the probe tool, then say done."),
        ChatMessageAssistant(content="", tool_calls=[call]),
        ChatMessageTool(content=result, tool_call_id=call.id, function="probe"),
    ]


def _at(model: Model) -> str:
    url = _base_url(model)
    return f" ({url})" if url else ""
