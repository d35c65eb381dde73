"""The session loop: user turn -> agent -> due checks (feedback retries) -> turn record.

Each finished turn goes into the sample's store (``SessionRecord``) and the transcript.
Per-turn limits end the turn; a sample-wide limit (message, token, time, working)
ends the session, which is then scored as partial.
"""

from __future__ import annotations

import difflib
import re
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Literal

from inspect_ai.agent import Agent, AgentState
from inspect_ai.event import CompactionEvent, ModelEvent
from inspect_ai.log import transcript
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    Compact,
    CompactionStrategy,
    ModelOutput,
    compaction,
    model_roles,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import (
    LimitExceededError,
    message_limit,
    span,
    store,
    store_as,
    token_limit,
)

from inspect_stamina.model_check import check_model_roles
from inspect_stamina.sandbox.users import sandbox_user
from inspect_stamina.stamina.agents import default_agent
from inspect_stamina.stamina.checks import run_checks, run_checks_with_manifest, run_command_check
from inspect_stamina.stamina.facts import grade_facts
from inspect_stamina.stamina.knowledge_base import Hit, KnowledgeBase, bind_knowledge_base
from inspect_stamina.stamina.oracle import ORACLE_KEY
from inspect_stamina.stamina.record import (
    TURN_EVENT_SOURCE,
    TURN_RECORD_SOURCE,
    AnswerGrade,
    CheckResult,
    ProbeResult,
    RobustnessResult,
    SearchRecord,
    SessionRecord,
    TurnRecord,
)
from inspect_stamina.stamina.references import reference_command, run_as_agent, setup_command
from inspect_stamina.stamina.regressions import CheckpointLedger, Regressions
from inspect_stamina.stamina.robustness import (
    GRADER_ROLE,
    edited_files,
    grade_answer,
    grade_robustness,
    judge_robustness,
)
from inspect_stamina.stamina.rules import evaluate_check
from inspect_stamina.stamina.sandbox import (
    AGENT_USER,
    WORKSPACE,
    changed_files,
    fetch_workspace,
    read_text_files,
    stop_agent,
    workspace_manifest,
)
from inspect_stamina.stamina.scorers import final_evaluation
from inspect_stamina.stamina.script import (
    CODE_KINDS,
    ROBUSTNESS_KINDS,
    Checkpoint,
    LoadedScript,
    Turn,
    load_script,
)
from inspect_stamina.stamina.summary import TURN_SPAN_TYPE, turn_span_name, turn_summary
from inspect_stamina.stamina.user import USER_ROLE, ProjectState, SimulatedUser

Mode = Literal["free", "teacher_forced"]

SYSTEM_PROMPT = """\
You are a software engineer working with one user on one project over a long session. \
The project lives in {workspace}, your working directory; use the tools to read, write \
and run code there. Each user message is a new request: do the work, check it, then \
end your turn with a short plain-text reply to the user (a reply without tool calls \
ends your turn). Keep earlier decisions unless the user changes them. If a request is \
unclear, contradicts earlier requirements or rests on a mistake, say so (ask, or point \
out the problem) instead of changing code."""

FEEDBACK_PROMPT = "A check failed after your last change:\n\n{output}\n\nPlease fix it."


# a turn's diff is for people reading the log (review sheets): enough to judge, bounded
DIFF_LIMIT = 12000
_OVERFLOW_TEXT = re.compile(
    r"maximum context length|context[ _-]length|context window|too many tokens|prompt is too long",
    re.IGNORECASE,
)


@solver
def stamina_session(
    agent: Agent | None = None,
    user_layers: tuple[str, ...] = ("scripted", "template", "llm"),
    turn_generations: int | None = 30,
    turn_tokens: int | None = None,
    feedback: bool = False,
    attempts: int = 1,
    mode: Mode = "free",
    regressions: Regressions = "affected",
    compaction: CompactionStrategy | None = None,
    knowledge_base: bool = False,
    command_timeout: int = 180,
    memory_tool: bool = False,
) -> Solver:
    """Walk a script's turns with the simulated user and the agent, checking as it goes.

    ``compaction`` (an Inspect strategy) bounds the conversation the agent is handed
    each turn; the log keeps the whole of it. ``knowledge_base`` indexes the dialogue
    and the workspace for the ``project_search`` tool. Without ``agent``, the default
    agent (``command_timeout``, ``memory_tool``) works as the sandbox's agent user.
    """
    user = SimulatedUser(user_layers)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        # a role whose server cannot answer stops the sample now, not turns later
        await check_model_roles([GRADER_ROLE, *([USER_ROLE] if "llm" in user_layers else [])])
        loaded = script_of(state)
        # the agent user's id is the sandbox's own (drawn when it started)
        worker = agent or default_agent(
            command_timeout,
            compaction,
            memory_tool,
            knowledge_base,
            user=await sandbox_user(AGENT_USER),
        )
        session = _Session(
            loaded,
            worker,
            user,
            turn_generations,
            turn_tokens,
            feedback,
            attempts,
            mode,
            regressions,
            compaction,
            knowledge_base,
        )
        state.messages = [ChatMessageSystem(content=SYSTEM_PROMPT.format(workspace=WORKSPACE))]
        await session.run(state)
        return state

    return solve


def script_of(state: TaskState) -> LoadedScript:
    """The sample's script, loaded from its file (the session needs its references)."""
    return load_script(state.metadata["script_path"])


class _SessionStopped(Exception):
    """A sample-wide limit ended the session; the original error is re-raised."""


class _Session:
    def __init__(
        self,
        loaded: LoadedScript,
        agent: Agent,
        user: SimulatedUser,
        turn_generations: int | None,
        turn_tokens: int | None,
        feedback: bool,
        attempts: int,
        mode: Mode,
        regressions: Regressions,
        compaction: CompactionStrategy | None = None,
        knowledge_base: bool = False,
    ) -> None:
        self.loaded, self.agent, self.user = loaded, agent, user
        self.strategy = compaction
        self.compact: Compact | None = None
        self.kb = KnowledgeBase() if knowledge_base else None
        self.kb_files: dict[str, str] = {}
        # each turn's user message, and the ids of the conversation the agent was last handed
        self.turn_message_ids: dict[int, str] = {}
        self.view_ids: set[str] = set()
        self.current: TurnRecord | None = None
        self.turn_generations, self.turn_tokens = turn_generations, turn_tokens
        self.feedback, self.attempts, self.mode = feedback, attempts, mode
        self.project = ProjectState()
        # checkpoints that failed at the last checkpoint turn are re-run at the next one,
        # so that stamina knows whether the failure was repaired (not regressions)
        self.ledger = CheckpointLedger(regressions)
        self.record = store_as(SessionRecord)
        self.manifest: dict[str, str] = {}
        self.texts: dict[str, str] = {}  # each text file as last seen, for a turn's diff
        self.last_clarification = False

    async def run(self, state: TaskState) -> None:
        self.manifest = await workspace_manifest()
        if self.strategy is not None:
            # one handler for the whole session, so what it compacted stays compacted
            self.compact = compaction(self.strategy, prefix=list(state.messages[:1]))
        if self.kb is not None:
            bind_knowledge_base(self.kb, self._on_search)
        turns = self.loaded.turns()
        for index, turn in enumerate(turns):
            reset = self.mode == "teacher_forced" and index > 0 and turns[index - 1].last_of_phase
            record: TurnRecord | None = None
            stop: LimitExceededError | None = None
            # not the viewer's own "turn" type, which it numbers as model-call turns
            name = turn_span_name(turn.number, turn.phase, turn.prompt.kind)
            async with span(name, type=TURN_SPAN_TYPE):
                if reset:
                    await self._reset_to_reference(turns[:index])
                try:
                    record = await self._turn(state, turn)
                except LimitExceededError as ex:
                    stop = ex
                if record is not None and reset:
                    record.note = (
                        record.note + "; " if record.note else ""
                    ) + "workspace reset to reference"
            if stop is not None:
                # a sample-wide limit: the session ends here and is scored as partial
                self.record.stopped_at = turn.number
                self.record.stop_reason = f"sample {stop.type} limit: {stop.message}"
                raise stop
            assert record is not None
            self._finish(record)
        # the final evaluation is kept in the store, so the log alone can be re-scored
        self.record.final = await final_evaluation(self.loaded.script, self.loaded.directory)

    def _finish(self, record: TurnRecord) -> None:
        """Keep a finished turn in the store and, as it ends, in the transcript."""
        self.record.add(record)
        transcript().info(turn_summary(record), source=TURN_EVENT_SOURCE)
        # the store reaches the log only when the sample ends; events reach Inspect's
        # sample buffer at once, so a killed eval's recovered log keeps the whole record
        transcript().info(record.model_dump(mode="json"), source=TURN_RECORD_SOURCE)

    async def _turn(self, state: TaskState, turn: Turn) -> TurnRecord:
        started = time.perf_counter()
        self.project.files = sorted(self.manifest)
        message = await self.user.message(turn, self.project)
        record = TurnRecord(
            turn=turn.number,
            phase=turn.phase,
            kind=turn.prompt.kind,
            layer=message.layer,
            message=message.text,
            note=message.note,
            user_settings=message.settings,
        )
        self.current = record
        if turn.prompt.setup:
            await self._setup(turn, record)
        reference = self.loaded.directory / turn.prompt.reference if turn.prompt.reference else None
        command = reference_command(reference) if reference else None
        # on a turn with an answer whose reference reply asks, the oracle asks first and
        # applies the reference once answered; a reply that asks nothing acts at once
        asks_first = turn.prompt.answer is not None and "?" in (turn.prompt.reply or "")
        first = None if asks_first else command
        store().set(ORACLE_KEY, {"turn": turn.number, "command": first, "reply": turn.prompt.reply})
        try:
            user_message = self._say(state, turn, message.text)
            self.turn_message_ids[turn.number] = str(user_message.id)
            agent_seconds = await self._agent(state, record)
            if turn.prompt.answer is not None:
                agent_seconds += await self._answer(state, turn, record, command)
        except LimitExceededError as ex:
            record.status = "limit"
            record.error = f"sample {ex.type} limit reached: {ex.message}"
            self._finish(record)  # the interrupted turn is kept, marked as cut short
            raise
        # retries after feedback must not replay the reference a second time
        store().set(ORACLE_KEY, {"turn": turn.number, "command": None, "reply": turn.prompt.reply})

        check_seconds, feedback_seconds = await self._checks(state, turn, record)
        agent_seconds += feedback_seconds
        texts = await read_text_files(record.changed) if record.changed else {}
        record.diff = self._diff(record.changed, texts)
        if self.kb is not None:
            await self._index_turn(turn, record, texts)
        await self._rules_and_probes(turn, record)
        self._robustness_rules(turn, record)
        await self._robustness_grader(turn, record)
        await self._question(turn, record)
        if record.changed:
            self.project.last_changed_file = record.changed[-1]
        self.project.last_reply = record.reply
        record.effective = self._effective(turn, record)
        total = time.perf_counter() - started
        record.seconds.update(
            total=round(total, 4),
            agent=round(agent_seconds, 4),
            check_commands=round(check_seconds, 4),
            harness=round(total - agent_seconds - check_seconds, 4),
        )
        return record

    def _say(self, state: TaskState, turn: Turn, text: str) -> ChatMessageUser:
        """A user message into the conversation (and the knowledge base)."""
        # the conversation's own list enforces sample-wide message limits on append
        message = ChatMessageUser(content=text)
        state.messages.append(message)
        if self.kb is not None:
            self.kb.add_dialogue(turn.number, "user", text)
        return message

    async def _answer(
        self, state: TaskState, turn: Turn, record: TurnRecord, command: str | None
    ) -> float:
        """The turn's answer when the agent asked instead of acting; then it works again.

        Asking is a reply with a question and no change to the workspace other than
        runtime files. The turn's checks run after the second round, so they verify
        that the agent acted on the answer.
        """
        if record.status != "ok" or "?" not in record.reply:
            return 0.0
        now = await workspace_manifest()
        runtime = self.loaded.script.runtime_files
        if edited_files(changed_files(self.manifest, now), runtime):
            return 0.0  # it acted (and asked as well): judged as any turn
        answer = await self.user.answer(turn, self.project, record.reply)
        record.answered, record.asked, record.answer = True, record.reply, answer.text
        if answer.note:
            record.note = f"{record.note}; answer: {answer.note}" if record.note else answer.note
        store().set(ORACLE_KEY, {"turn": turn.number, "command": command, "reply": None})
        self._say(state, turn, answer.text)
        return await self._agent(state, record)

    def _diff(self, changed: list[str], texts: dict[str, str]) -> str:
        """The turn's changes as a unified diff against the text last seen of each file."""
        parts: list[str] = []
        for path in changed:
            new = texts.get(path) if path in self.manifest else ""
            old = self.texts.get(path, "")
            if new is None:  # binary or large
                parts.append(f"Binary or large file {path} changed\n")
                self.texts.pop(path, None)
                continue
            self.texts[path] = new
            parts += difflib.unified_diff(
                old.splitlines(keepends=True),
                new.splitlines(keepends=True),
                f"a/{path}" if old else "/dev/null",
                f"b/{path}" if new else "/dev/null",
            )
        diff = "".join(line if line.endswith("\n") else line + "\n" for line in parts)
        return diff if len(diff) <= DIFF_LIMIT else diff[:DIFF_LIMIT] + "\n[diff cut]\n"

    async def _setup(self, turn: Turn, record: TurnRecord) -> None:
        """The world moves before the user speaks; a setup the agent's state defeats is noted."""
        assert turn.prompt.setup is not None
        result = await run_as_agent(setup_command(turn.prompt.setup), timeout=120)
        if not result.success:
            failed = f"turn setup failed: {(result.stderr or result.stdout)[-300:].strip()}"
            record.note = f"{record.note}; {failed}" if record.note else failed
        # what the setup wrote is not the agent's change
        self.manifest = await workspace_manifest()

    async def _agent(self, state: TaskState, record: TurnRecord) -> float:
        """Let the agent work until it replies; the turn's own limits end only the turn."""
        started = time.perf_counter()
        events_before = transcript().history.event_count
        view = await self._view(state)
        # without compaction the agent works on the conversation itself, so sample-wide
        # message limits apply as it appends; with it, on a copy whose new part is kept
        shared = view is state.messages
        agent_state = AgentState(messages=view if shared else list(view))
        first_new = len(view)
        self.view_ids = {str(m.id) for m in view}
        # message_limit counts the whole conversation: bound this turn by what it adds
        turn_messages = (
            message_limit(first_new + 2 * self.turn_generations) if self.turn_generations else None
        )
        turn_tokens = token_limit(self.turn_tokens)
        try:
            with turn_messages if turn_messages is not None else nullcontext(), turn_tokens:
                agent_state = await self.agent(agent_state)
        except LimitExceededError as ex:
            self._keep(state, agent_state.messages, first_new, shared)
            if ex.source is turn_messages:
                record.status = "limit"
                record.error = (
                    f"turn limit: the agent used its {self.turn_generations} generations "
                    "for this turn"
                )
            elif ex.source is turn_tokens:
                record.status = "limit"
                record.error = (
                    f"turn limit: the agent used its {self.turn_tokens:,} tokens for this turn"
                )
            else:
                record.tokens += int(turn_tokens.usage)
                raise
        except Exception as ex:  # noqa: BLE001 - a failed turn is recorded, the session goes on
            text = f"{type(ex).__name__}: {ex}"
            record.status = "context_overflow" if _OVERFLOW_TEXT.search(text) else "error"
            record.error = text[:2000]
            self._keep(state, agent_state.messages, first_new, shared)
        else:
            self._keep(state, agent_state.messages, first_new, shared)
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
        record.tokens += int(turn_tokens.usage)
        new = agent_state.messages[first_new:]
        self._count_turn(record, new, events_before)
        last = next((m for m in reversed(new) if isinstance(m, ChatMessageAssistant)), None)
        # an overflow's content is the provider's error text, not a reply
        reply = "" if record.status == "context_overflow" else (last.text if last else "")
        record.reply = reply[-4000:]
        return time.perf_counter() - started

    async def _view(self, state: TaskState) -> list[ChatMessage]:
        """The conversation handed to the agent: all of it, or its compacted form."""
        if self.compact is None:
            return state.messages
        view, summary = await self.compact.compact_input(state.messages)
        if summary is not None:  # a summary is part of the history from now on
            state.messages.append(summary)
        return list(view)

    @staticmethod
    def _keep(state: TaskState, messages: list[ChatMessage], first_new: int, shared: bool) -> None:
        """The turn's new messages into the full conversation (the log's)."""
        if shared:
            state.messages = messages
        else:
            state.messages.extend(messages[first_new:])

    def _count_turn(self, record: TurnRecord, new: list[ChatMessage], events_before: int) -> None:
        """Compactions, tool calls and the context size of the turn, into its record."""
        history = transcript().history
        events = history.events_from(events_before) if history.event_count > events_before else []
        record.compactions += sum(isinstance(e, CompactionEvent) for e in events)
        for message in new:
            if isinstance(message, ChatMessageAssistant):
                for call in message.tool_calls or []:
                    record.tool_calls[call.function] = record.tool_calls.get(call.function, 0) + 1
        # the last generation of the turn, by whichever model call made it (react's own
        # or an external agent's)
        generations = [e.output for e in events if isinstance(e, ModelEvent) and e.output]
        if generations:
            seen = _context_tokens(generations[-1])
            record.context_tokens = seen if seen is not None else record.context_tokens

    def _on_search(self, query: str, k: int, hits: list[Hit]) -> None:
        if self.current is not None:
            self.current.searches.append(
                SearchRecord(query=query[:500], k=k, hits=[hit.label() for hit in hits])
            )

    async def _index_turn(self, turn: Turn, record: TurnRecord, texts: dict[str, str]) -> None:
        """The knowledge base: the agent's reply, and the workspace's changed text files."""
        assert self.kb is not None
        if record.reply:
            self.kb.add_dialogue(turn.number, "assistant", record.reply)
        for path in [p for p in self.kb_files if p not in self.manifest]:
            del self.kb_files[path]
        self.kb_files.update(texts)
        self.kb.update_files(self.kb_files)

    async def _checks(
        self, state: TaskState, turn: Turn, record: TurnRecord
    ) -> tuple[float, float]:
        """Run what is due in one batch; return (check command seconds, feedback seconds).

        The turn's changed files come from the manifest the check run takes first (one
        sandbox call for both), or from a manifest alone on a turn without checks, or
        taken before the run when they decide which checkpoints it re-runs (affected).
        """
        before = self.manifest
        known: dict[str, str] | None = None
        if self.ledger.needs_changes_first(turn):
            # which checkpoints to re-run depends on what this turn changed
            known = await workspace_manifest()
            self.ledger.note_changes(changed_files(before, known))
        earlier = self.ledger.due_regressions(turn, changes_known=known is not None)
        again = self.ledger.due_rechecks(turn)
        record.regression_runs = len(earlier)
        results: list[CheckResult] = []
        listing: dict[str, str] | None = known
        if turn.checkpoints or earlier or again:
            results, run_listing = await run_checks_with_manifest(
                [*turn.checkpoints, *earlier, *again],
                self.loaded.directory,
                manifest=known is None,
                isolation=self.loaded.script.isolation,
            )
            listing = known if known is not None else run_listing
        self.manifest = listing if listing is not None else await workspace_manifest()
        record.changed = changed_files(before, self.manifest)
        if known is None:
            self.ledger.note_changes(record.changed)
        seconds, feedback_seconds = sum(r.seconds for r in results), 0.0
        own, rerun = len(turn.checkpoints), len(turn.checkpoints) + len(earlier)
        due, regression_runs = results[:own], results[own:rerun]
        for checkpoint, result in zip(earlier, regression_runs, strict=True):
            if result.passed:
                self.ledger.passed_now(checkpoint)
            else:
                record.regressions.append(checkpoint.label)
                self.ledger.regressed(checkpoint)
        for checkpoint, result in zip(again, results[rerun:], strict=True):
            record.rechecks.append(result)
            if result.passed:  # repaired: from now on a later failure is a regression
                self.ledger.passed_now(checkpoint)
        for index, checkpoint in enumerate(turn.checkpoints):
            result, tries = due[index], 0
            while not result.passed and self.feedback and tries < self.attempts:
                tries += 1
                result, spent = await self._retry(state, record, checkpoint, result)
                feedback_seconds += spent
                seconds += result.seconds
            result.retries = tries
            due[index] = result
            if result.passed:
                self.ledger.passed_now(checkpoint)
            else:
                self.ledger.failed_now(checkpoint)
                self.project.last_error = result.output
        record.checkpoints = list(due)
        return seconds, feedback_seconds

    async def _retry(
        self, state: TaskState, record: TurnRecord, checkpoint: Checkpoint, failed: CheckResult
    ) -> tuple[CheckResult, float]:
        """Feedback: show the agent the failure, let it work, run the checkpoint again."""
        state.messages.append(ChatMessageUser(content=FEEDBACK_PROMPT.format(output=failed.output)))
        spent = await self._agent(state, record)
        before, self.manifest = self.manifest, await workspace_manifest()
        retried = changed_files(before, self.manifest)
        self.ledger.note_changes(retried)
        record.changed = sorted(set(record.changed) | set(retried))
        [result] = await run_checks(
            [checkpoint], self.loaded.directory, self.loaded.script.isolation
        )
        return result, spent

    async def _rules_and_probes(self, turn: Turn, record: TurnRecord) -> None:
        """Consistency rules (at checkpoint turns) and memory probes over a workspace copy."""
        script = self.loaded.script
        rules = (
            [r for r in script.consistency_rules if r.from_turn <= turn.number]
            if turn.checkpoints
            else []
        )
        probes = [p for p in script.memory_probes if p.probed_at == turn.number]
        if not rules and not probes:
            return
        with tempfile.TemporaryDirectory(prefix="stamina-ws-") as tmp:
            copy = Path(tmp)
            # a probe of the conversation reads only the reply: no copy for it alone
            if rules or any(probe.checks for probe in probes):
                problems = await fetch_workspace(copy)
                if problems:
                    record.note = "; ".join([*([record.note] if record.note else []), *problems])
            for rule in rules:
                record.rules[rule.id] = (await evaluate_check(rule.check, copy))[0]
            for probe in probes:
                outcomes = [await evaluate_check(check, copy) for check in probe.checks]
                if probe.facts:
                    facts = await grade_facts(probe.facts, record.reply, run_command_check)
                    outcomes += [(f.passed, f"{f.name}: {f.detail}") for f in facts]
                record.probes.append(
                    ProbeResult(
                        id=probe.id,
                        passed=all(passed for passed, _ in outcomes),
                        detail="; ".join(detail for _, detail in outcomes),
                        in_context=self._in_context(probe.planted_at),
                    )
                )

    def _in_context(self, planted_at: int) -> bool | None:
        """Whether the turn that planted a fact was in the conversation the agent last saw."""
        planted = self.turn_message_ids.get(planted_at)
        return None if planted is None else planted in self.view_ids

    def _robustness_rules(self, turn: Turn, record: TurnRecord) -> None:
        expect = turn.prompt.expect
        if turn.prompt.kind not in ROBUSTNESS_KINDS or expect is None:
            return
        runtime = self.loaded.script.runtime_files
        if not record.answered:
            passed, detail = judge_robustness(
                expect, record.reply, record.changed, record.message, runtime
            )
        else:
            # the first reply is what the expectation is about (it asked and changed only
            # runtime files); the checks after the answer show it then did the work
            passed, detail = judge_robustness(expect, record.asked, [], record.message, runtime)
        # a robustness turn's own checkpoints are part of its verdict: the real request
        # beside a mistaken one, or the work the user's answer asked for, was done
        when = "after the answer, " if record.answered else ""
        failed = [c.name for c in record.checkpoints if not c.passed]
        if failed:
            passed = False
            detail += f"; {when}checkpoints failed: {', '.join(failed)}"
        elif record.checkpoints:
            detail += f"; {when}its checkpoints passed"
        record.robustness = RobustnessResult(
            behaviour=expect.behaviour, passed=passed, detail=detail
        )

    async def _robustness_grader(self, turn: Turn, record: TurnRecord) -> None:
        if record.robustness is None or turn.prompt.expect is None:
            return
        if GRADER_ROLE in model_roles():
            reply, changed = (
                (record.asked, []) if record.answered else (record.reply, record.changed)
            )
            verdict, why = await grade_robustness(
                turn.prompt.expect, record.message, reply, changed
            )
            # the rules are necessary; a bound grader can only make the verdict stricter
            record.robustness.passed = record.robustness.passed and verdict
            record.robustness.grader = why

    async def _question(self, turn: Turn, record: TurnRecord) -> None:
        """A question turn: its facts by code; without facts, the grader (when bound)."""
        if turn.prompt.kind in CODE_KINDS | ROBUSTNESS_KINDS or record.status != "ok":
            return
        if turn.prompt.facts:
            record.facts = await grade_facts(turn.prompt.facts, record.reply, run_command_check)
        elif GRADER_ROLE in model_roles() and record.reply.strip():
            passed, why = await grade_answer(record.message, record.reply)
            record.answer_grade = AnswerGrade(passed=passed, detail=why)

    def _effective(self, turn: Turn, record: TurnRecord) -> bool:
        effective, self.last_clarification = is_effective(
            turn.prompt.kind, record, self.last_clarification
        )
        return effective

    async def _reset_to_reference(self, done: list[Turn]) -> None:
        """Teacher forcing: rebuild the workspace from the references of the turns so far."""
        commands = [f"find {WORKSPACE} -mindepth 1 -delete"]
        for turn in done:
            if turn.prompt.setup:
                commands.append(setup_command(turn.prompt.setup))
            if turn.prompt.reference:
                commands.append(reference_command(self.loaded.directory / turn.prompt.reference))
        await stop_agent()
        for command in commands:
            result = await run_as_agent(command)
            if not result.success:
                raise RuntimeError(
                    f"teacher forcing could not replay a reference: {result.stderr[-500:]}"
                )
        self.manifest = await workspace_manifest()
        self.ledger.note_everything_changed()


def is_effective(kind: str, record: TurnRecord, asked_last_turn: bool) -> tuple[bool, bool]:
    """Whether a finished turn moved the session on, and whether it asked a question.

    A code turn is effective when it changed the workspace and its checks passed (a
    bug turn whose checkpoints all pass without a change was already right); a
    robustness turn when its expectation was met; a question turn with facts when the
    reply carried every one; any other turn when it answered (a reply, no question
    back; the grader's verdict when one was bound). A second clarification request in a
    row never is.
    """
    clarification = "?" in record.reply and not record.changed
    if record.status != "ok" or (clarification and asked_last_turn):
        return False, clarification
    if record.robustness is not None:
        return record.robustness.passed, clarification
    if kind in CODE_KINDS:
        passed = all(c.passed for c in record.checkpoints)
        acted = bool(record.changed) or (kind == "bug" and bool(record.checkpoints))
        return acted and passed, clarification
    if record.facts:
        return all(f.passed for f in record.facts), clarification
    if record.answer_grade is not None:
        return bool(record.reply.strip()) and record.answer_grade.passed, clarification
    return bool(record.reply.strip()) and not clarification, clarification


def _context_tokens(output: ModelOutput | None) -> int | None:
    """The input tokens of one generation (cached input included): what the model saw."""
    usage = output.usage if output is not None else None
    if usage is None or not usage.input_tokens:
        return None
    cached = (usage.input_tokens_cache_read or 0) + (usage.input_tokens_cache_write or 0)
    return int(usage.input_tokens + cached)
