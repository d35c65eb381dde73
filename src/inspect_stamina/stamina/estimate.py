"""What a session costs in tokens before it runs: `inspect-stamina estimate`.

The oracle's transcript is rebuilt without a sandbox (the system prompt, the default
agent's tool definitions, each turn's message, the reference applied with one bash call,
the reference reply) and counted as `stamina/oracle` reports its own usage: a lower
bound on what any agent that solves the script sends, since a real agent also reads files,
runs tests and retries. A projection scales it for a real agent that makes
``generations`` requests per turn, each adding ``tool_output`` tokens of tool output to
the context, with the context held under ``context_limit`` as compaction would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
)
from inspect_ai.tool import ToolCall, ToolInfo

from inspect_stamina.stamina.agents import agent_tools
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.oracle import DEFAULT_REPLY
from inspect_stamina.stamina.references import reference_command
from inspect_stamina.stamina.sandbox import WORKSPACE
from inspect_stamina.stamina.session.compaction_room import tools_info
from inspect_stamina.stamina.session.loop import SYSTEM_PROMPT
from inspect_stamina.tokens import message_tokens, request_tokens, text_tokens, tool_tokens


@dataclass(frozen=True)
class Usage:
    """Tokens and requests of one session (or a sum of sessions)."""

    generations: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    peak_context: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.generations + other.generations,
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            max(self.peak_context, other.peak_context),
        )

    def scaled(self, calibration: Calibration) -> Usage:
        """This usage as the calibrated agent would spend it (the oracle's peak context kept)."""
        return Usage(
            round(self.generations * calibration.generations),
            round(self.input_tokens * calibration.input_tokens),
            round(self.output_tokens * calibration.output_tokens),
            self.peak_context,
        )

    def cost(self, price_input: float, price_output: float) -> float:
        """US dollars at the given prices per million input and output tokens."""
        return (self.input_tokens * price_input + self.output_tokens * price_output) / 1e6


@dataclass(frozen=True)
class Calibration:
    """A measured agent's usage as multiples of the oracle's over the same turns."""

    generations: float
    input_tokens: float
    output_tokens: float
    sessions: int
    turns: int


@dataclass(frozen=True)
class Projection:
    """How a real agent is assumed to differ from the oracle."""

    generations: int = 8
    tool_output: int = 400
    context_limit: int | None = None


@dataclass(frozen=True)
class ScriptEstimate:
    """One script's oracle transcript and the projection for a real agent."""

    name: str
    turns: int
    oracle: Usage
    projected: Usage


def _tools() -> list[ToolInfo]:
    return tools_info(agent_tools())


def _turn_messages(loaded: LoadedScript, turn: Turn, call_id: str) -> list[list[ChatMessage]]:
    """The turn's messages, grouped by the generation that follows each group."""
    prompt = turn.prompt
    text = f"{prompt.text}\n\n{prompt.interface}" if prompt.interface else prompt.text
    user: list[ChatMessage] = [ChatMessageUser(content=text)]
    reference = loaded.directory / prompt.reference if prompt.reference else None
    command = reference_command(reference) if reference else None
    reply = ChatMessageAssistant(content=prompt.reply or DEFAULT_REPLY)
    if command is None:
        return [user, [reply]]
    call = ChatMessageAssistant(
        content="",
        tool_calls=[ToolCall(id=call_id, function="bash", arguments={"command": command})],
    )
    result = ChatMessageTool(content="", tool_call_id=call_id, function="bash")
    if prompt.answer is not None and "?" in (prompt.reply or ""):
        # the oracle asks first, the user answers, then it applies the reference
        asked = ChatMessageAssistant(content=prompt.reply or "")
        answer = ChatMessageUser(content=prompt.answer)
        return [user, [asked, answer], [call, result], [reply]]
    return [user, [call, result], [reply]]


def _source_text(reference: Path | None) -> str:
    """A reference as the text an agent would write: its files, its patch or its script."""
    if reference is None:
        return ""
    if reference.is_dir():
        return "\n".join(
            path.read_text(encoding="utf-8", errors="replace")
            for path in sorted(reference.rglob("*"))
            if path.is_file() and "__pycache__" not in path.parts
        )
    return reference.read_text(encoding="utf-8", errors="replace")


def oracle_usage(loaded: LoadedScript, turns: int | None = None) -> Usage:
    """The oracle's session (its first ``turns``) counted as `stamina/oracle` reports it,
    request by request."""
    tools = _tools()
    messages: list[ChatMessage] = [
        ChatMessageSystem(content=SYSTEM_PROMPT.format(workspace=WORKSPACE))
    ]
    usage = Usage()
    for turn in loaded.turns()[:turns]:
        groups = _turn_messages(loaded, turn, f"call_{turn.number}")
        messages.extend(groups[0])
        for outputs in groups[1:]:
            # each output message is what one generation returns; the rest is its reply
            output, rest = outputs[0], outputs[1:]
            sent = request_tokens(messages, tools)
            usage += Usage(1, sent, message_tokens(output), sent)
            messages.append(output)
            messages.extend(rest)
    return usage


def projected_usage(loaded: LoadedScript, projection: Projection) -> Usage:
    """A real agent's session: ``generations`` requests per turn over the oracle's context."""
    tools = tool_tokens(_tools())
    context = text_tokens(SYSTEM_PROMPT.format(workspace=WORKSPACE)) + tools
    usage = Usage()
    steps = max(projection.generations, 1)
    for turn in loaded.turns():
        groups = _turn_messages(loaded, turn, f"call_{turn.number}")
        context += sum(message_tokens(m) for m in groups[0])
        # the code the turn needs (as source, not the oracle's encoded archive) and the
        # reply, spread over the real agent's requests
        reference = loaded.directory / turn.prompt.reference if turn.prompt.reference else None
        written = text_tokens(_source_text(reference)) + text_tokens(
            turn.prompt.reply or DEFAULT_REPLY
        )
        for step in range(steps):
            if projection.context_limit is not None:
                context = min(context, projection.context_limit)
            out = written // steps
            usage += Usage(1, context, out, context)
            context += out + (projection.tool_output if step < steps - 1 else 0)
    return usage


def estimate(
    scripts: Sequence[tuple[str, LoadedScript]],
    projection: Projection,
    calibration: Calibration | None = None,
) -> list[ScriptEstimate]:
    """The oracle's usage of each script, and the projected one: from the projection's
    assumptions, or the oracle's scaled by a measured agent's calibration."""
    rows = []
    for name, loaded in scripts:
        oracle = oracle_usage(loaded)
        projected = (
            oracle.scaled(calibration)
            if calibration is not None
            else projected_usage(loaded, projection)
        )
        rows.append(ScriptEstimate(name, loaded.script.total_turns, oracle, projected))
    return rows


def calibrate(logs: Sequence[str | Path]) -> Calibration:
    """How a measured agent's StaminaBench sessions compare with the oracle's transcript
    over the turns each session reached: its generations and tokens as multiples."""
    from inspect_ai.log import read_eval_log

    from inspect_stamina.errors import StaminaError
    from inspect_stamina.log_files import find_logs
    from inspect_stamina.stamina.task import resolve_script

    measured, oracle, sessions, turns = Usage(), Usage(), 0, 0
    for path in find_logs(logs):
        log = read_eval_log(str(path))
        for sample in log.samples or []:
            metadata = sample.metadata or {}
            usage = (sample.model_usage or {}).get(log.eval.model)
            scored = [(x.metadata or {}).get("turns") for x in (sample.scores or {}).values()]
            records = next((t for t in scored if t), None) or (sample.store or {}).get(
                "SessionRecord:turns", []
            )
            if "script" not in metadata or usage is None or not records:
                continue
            source = metadata.get("script_path") or metadata["script"]
            if not Path(str(source)).is_file():
                source = metadata["script"]
            try:
                loaded = resolve_script(str(source))
            except StaminaError as ex:
                raise StaminaError(f"{path}: the script of sample {sample.id}: {ex}") from ex
            generations = sum(int(r.get("generations") or 0) for r in records)
            measured += Usage(generations, usage.input_tokens, usage.output_tokens, 0)
            oracle += oracle_usage(loaded, len(records))
            sessions, turns = sessions + 1, turns + len(records)
    if not sessions or not oracle.input_tokens:
        raise StaminaError(
            "--calibrate: no StaminaBench session with model usage in " + ", ".join(map(str, logs))
        )
    return Calibration(
        measured.generations / oracle.generations,
        measured.input_tokens / oracle.input_tokens,
        measured.output_tokens / max(oracle.output_tokens, 1),
        sessions,
        turns,
    )


def _k(tokens: int) -> str:
    return f"{tokens / 1e6:.2f}M" if tokens >= 1e6 else f"{tokens / 1e3:.1f}k"


def estimate_table(
    rows: Sequence[ScriptEstimate], prices: tuple[float, float] | None = None
) -> str:
    """The estimates as a Markdown table, with a total row when there are several."""
    head = "| script | turns | | requests | input | output | peak context |"
    rule = "|---|---|---|---|---|---|---|"
    if prices is not None:
        head, rule = head + " cost (USD) |", rule + "---|"
    lines = [head, rule]

    def line(name: str, turns: int, which: str, usage: Usage) -> str:
        cells = [
            name,
            str(turns),
            which,
            str(usage.generations),
            _k(usage.input_tokens),
            _k(usage.output_tokens),
            _k(usage.peak_context),
        ]
        if prices is not None:
            cells.append(f"{usage.cost(*prices):,.2f}")
        return "| " + " | ".join(cells) + " |"

    for row in rows:
        lines.append(line(row.name, row.turns, "oracle", row.oracle))
        lines.append(line("", row.turns, "projected", row.projected))
    if len(rows) > 1:
        turns = sum(r.turns for r in rows)
        oracle = sum((r.oracle for r in rows), Usage())
        projected = sum((r.projected for r in rows), Usage())
        lines.append(line(f"**total ({len(rows)})**", turns, "oracle", oracle))
        lines.append(line("", turns, "projected", projected))
    return "\n".join(lines)


__all__ = [
    "Projection",
    "ScriptEstimate",
    "Usage",
    "estimate",
    "estimate_table",
    "oracle_usage",
    "projected_usage",
]
