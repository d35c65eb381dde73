"""The GAIA agent's tools: bash (and python) as the sandbox's agent user, and the
optional web browser, web search and host-side MCP servers."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from inspect_ai.tool import Tool, ToolSource, bash, mcp_server_stdio, mcp_tools, python

from inspect_stamina.errors import InspectPrerequisiteError, StaminaError
from inspect_stamina.sandbox.users import sandbox_user

# the agent's tools run unprivileged: it can neither write the attachments nor signal
# the container's own processes (the image's `agent`, whose id each container draws)
AGENT_USER = "agent"
# Inspect's web_search providers; the external ones need their own API keys
WEB_SEARCH_PROVIDERS = (
    "tavily",
    "exa",
    "google",
    "openai",
    "anthropic",
    "gemini",
    "grok",
    "mistral",
    "perplexity",
)
EXTERNAL_SEARCH_PROVIDERS = ("tavily", "exa", "google")
MCP_SHORTHANDS = {"fetch": f"{sys.executable} -m mcp_server_fetch --ignore-robots-txt"}


def gaia_tools(
    command_timeout: int,
    mcp_servers: str | Sequence[str] | None,
    web_search_providers: Sequence[str] = (),
    python_tool: bool = False,
    web_browser: bool = False,
) -> list[Tool | ToolSource]:
    """bash in the sandbox (the headline setting), plus the optional tools asked for."""
    tools: list[Tool | ToolSource] = [AgentShell(command_timeout, python_tool)]
    if web_browser:
        tools.extend(web_browser_tools())
    if web_search_providers:
        tools.append(web_search_tool(web_search_providers))
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


class AgentShell(ToolSource):
    """bash (and python) as the sandbox's agent user, whose id each sandbox draws at start:
    made for each sample, once its sandbox is up."""

    def __init__(self, command_timeout: int, python_tool: bool) -> None:
        self.command_timeout, self.python_tool = command_timeout, python_tool

    async def tools(self) -> list[Tool]:
        """bash, and python when asked for, as the agent user of this sample's sandbox."""
        user = await sandbox_user(AGENT_USER)
        tools = [bash(timeout=self.command_timeout, user=user)]
        if self.python_tool:
            tools.append(python(timeout=self.command_timeout, user=user))
        return tools


def web_browser_tools() -> list[Tool]:
    """Inspect's web_browser tools (web_browser_go, _click, ...), run in the sandbox.

    They exec `inspect-tool-support` in the sandbox, which drives a headless Chromium
    through Playwright: the gaia-browser image holds both. Inspect marks web_browser()
    deprecated and logs a warning when it is built; it still works.
    """
    from inspect_ai.tool import web_browser

    return web_browser()


def web_search_tool(providers: Sequence[str]) -> Tool:
    """Inspect's web_search over these providers, its API keys checked now, not mid-run."""
    from inspect_ai.tool import web_search

    try:
        tool = web_search(list(providers))  # type: ignore[arg-type]
    except ValueError as ex:
        raise StaminaError(
            f"web_search={','.join(providers)}: {ex}. Providers are Inspect's: "
            f"{', '.join(WEB_SEARCH_PROVIDERS)}."
        ) from ex
    external = [p for p in providers if p in EXTERNAL_SEARCH_PROVIDERS]
    if external:
        _check_search_keys(external[0])
    return tool


def _check_search_keys(provider: str) -> None:
    """Build the provider Inspect would build on the first search: it checks the key."""
    try:
        from inspect_ai.tool._tools._web_search._web_search import (  # inspect-evals-lint: ignore[private_api_imports] -- Inspect checks a provider's key only on the first search; building its provider now checks it before any sample runs
            _create_external_provider,
            _normalize_config,
        )
    except ImportError:  # pragma: no cover - Inspect moved its internals; it checks on use
        return
    try:
        _create_external_provider(_normalize_config(provider))  # type: ignore[arg-type]
    except InspectPrerequisiteError as ex:
        first_line = str(ex.message if hasattr(ex, "message") else ex).splitlines()[0]
        raise StaminaError(f"web_search={provider}: {first_line}") from ex


def tool_name(tool: Tool | ToolSource) -> str:
    """A tool's name as the model sees it, for the task's metadata (MCP sources: their type)."""
    from inspect_ai.tool import ToolDef

    if isinstance(tool, AgentShell):
        return "bash, python" if tool.python_tool else "bash"
    try:
        return ToolDef(tool).name  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - tool sources (MCP) are not single tools
        return type(tool).__name__
