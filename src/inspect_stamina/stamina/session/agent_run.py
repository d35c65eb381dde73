"""One agent run within a turn: the conversation it sees, its turn bounds, what it did.

The agent works on the whole conversation, or on its compacted form when a compaction
strategy is set (the log keeps all of it). The turn's own bounds (generations, tokens)
end only the turn; a sample-wide limit propagates and ends the session.
"""

from __future__ import annotations

import re
import time
from contextlib import nullcontext

from inspect_ai.agent import Agent, AgentState
from inspect_ai.event import CompactionEvent, ModelEvent
from inspect_ai.log import transcript
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    Compact,
    ModelOutput,
    compaction,
)
from inspect_ai.solver import TaskState
from inspect_ai.util import LimitExceededError, message_limit, token_limit

from inspect_stamina.errors import error_text
from inspect_stamina.stamina.record import TurnRecord
from inspect_stamina.stamina.session.settings import SessionSettings

TURN_BUDGET_SOURCE = "stamina turn budget"
_OVERFLOW_TEXT = re.compile(
    r"maximum context length|context[ _-]length|context window|too many tokens|prompt is too long",
    re.IGNORECASE,
)


class AgentRun:
    """Runs the agent for a turn and records its reply, status, tokens and tool calls."""

    def __init__(self, agent: Agent, settings: SessionSettings) -> None:
        self.agent = agent
        self.settings = settings
        self.compact: Compact | None = None
        # the ids of the conversation the agent was last handed
        self.view_ids: set[str] = set()

    def start(self, state: TaskState) -> None:
        """Before the first turn: one compaction handler for the whole session."""
        if self.settings.compaction is not None:
            # one handler, so that what it compacted stays compacted
            self.compact = compaction(self.settings.compaction, prefix=list(state.messages[:1]))

    async def work(self, state: TaskState, record: TurnRecord) -> float:
        """Let the agent work until it replies; return the seconds it took."""
        started = time.perf_counter()
        events_before = transcript().history.event_count
        view = await self._view(state)
        # without compaction the agent works on the conversation itself, so sample-wide
        # message limits apply as it appends; with it, on a copy whose new part is kept
        shared = view is state.messages
        agent_state = AgentState(messages=view if shared else list(view))
        first_new = len(view)
        self.view_ids = {str(m.id) for m in view}
        generations, tokens = self.settings.turn_generations, self.settings.turn_tokens
        # message_limit counts the whole conversation: bound this turn by what it adds
        turn_messages = message_limit(first_new + 2 * generations) if generations else None
        turn_tokens = token_limit(tokens)
        try:
            with turn_messages if turn_messages is not None else nullcontext(), turn_tokens:
                agent_state = await self.agent(agent_state)
        except LimitExceededError as ex:
            _keep(state, agent_state.messages, first_new, shared)
            if ex.source is turn_messages:
                record.status = "limit"
                record.error = (
                    f"turn limit: the agent used its {generations} generations for this turn"
                )
            elif ex.source is turn_tokens:
                record.status = "limit"
                record.error = f"turn limit: the agent used its {tokens:,} tokens for this turn"
            else:
                record.tokens += int(turn_tokens.usage)
                raise
            # Inspect logs the bound it enforced as a sample limit event: say it was the
            # turn's own budget, which ends only the turn
            transcript().info(
                f"{record.error}. This is the per-turn budget (`-T turn_generations`, "
                "`-T turn_tokens`), not the sample's limit: the session goes on.",
                source=TURN_BUDGET_SOURCE,
            )
        except Exception as ex:  # noqa: BLE001 - a failed turn is recorded, the session goes on
            text = error_text(ex, limit=2000)
            record.status = "context_overflow" if _OVERFLOW_TEXT.search(text) else "error"
            record.error = text[:2000]
            _keep(state, agent_state.messages, first_new, shared)
        else:
            _keep(state, agent_state.messages, first_new, shared)
            await self._read_output(agent_state, record)
        record.tokens += int(turn_tokens.usage)
        new = agent_state.messages[first_new:]
        _count_turn(record, new, events_before)
        last = next((m for m in reversed(new) if isinstance(m, ChatMessageAssistant)), None)
        # an overflow's content is the provider's error text, not a reply
        reply = "" if record.status == "context_overflow" else (last.text if last else "")
        record.reply = reply[-4000:]
        return time.perf_counter() - started

    async def _read_output(self, agent_state: AgentState, record: TurnRecord) -> None:
        """The status the agent's last output says (overflow, error) and its context size."""
        output = agent_state.output
        if output.stop_reason == "model_length" or (
            output.error is not None and _OVERFLOW_TEXT.search(str(output.error))
        ):
            record.status = "context_overflow"
            record.error = (output.error or output.completion or "model_length")[:2000]
        elif output.error is not None:
            record.status, record.error = "error", str(output.error)[:2000]
        record.context_tokens = _context_tokens(output) or record.context_tokens
        if self.compact is not None and agent_state.messages[-1:] == [output.message]:
            # calibrates the handler: next turn it counts only the new messages
            await self.compact.record_output(agent_state.messages[:-1], output)

    async def _view(self, state: TaskState) -> list[ChatMessage]:
        """The conversation handed to the agent: all of it, or its compacted form."""
        if self.compact is None:
            return state.messages
        view, summary = await self.compact.compact_input(state.messages)
        if summary is not None:  # a summary is part of the history from now on
            state.messages.append(summary)
        return list(view)


def _keep(state: TaskState, messages: list[ChatMessage], first_new: int, shared: bool) -> None:
    """The turn's new messages into the full conversation (the log's)."""
    if shared:
        state.messages = messages
    else:
        state.messages.extend(messages[first_new:])


def _count_turn(record: TurnRecord, new: list[ChatMessage], events_before: int) -> None:
    """Compactions, tool calls and the context size of the turn, into its record."""
    history = transcript().history
    events = history.events_from(events_before) if history.event_count > events_before else []
    record.compactions += sum(isinstance(e, CompactionEvent) for e in events)
    ran = {m.tool_call_id for m in new if isinstance(m, ChatMessageTool)}
    for message in new:
        if isinstance(message, ChatMessageAssistant):
            for call in message.tool_calls or []:
                if call.parse_error is not None:
                    record.unparsed_tool_calls += 1
                elif call.id in ran:
                    record.tool_calls[call.function] = record.tool_calls.get(call.function, 0) + 1
    # the last generation of the turn, by whichever model call made it (react's own
    # or an external agent's)
    generations = [e.output for e in events if isinstance(e, ModelEvent) and e.output]
    record.generations = (record.generations or 0) + len(generations)
    if generations:
        seen = _context_tokens(generations[-1])
        record.context_tokens = seen if seen is not None else record.context_tokens


def _context_tokens(output: ModelOutput | None) -> int | None:
    """The input tokens of one generation (cached input included): what the model saw."""
    usage = output.usage if output is not None else None
    if usage is None or not usage.input_tokens:
        return None
    cached = (usage.input_tokens_cache_read or 0) + (usage.input_tokens_cache_write or 0)
    return int(usage.input_tokens + cached)
