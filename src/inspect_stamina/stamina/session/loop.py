"""The session loop: user turn -> agent -> due checks (feedback retries) -> turn record.

Each finished turn goes into the sample's store (``SessionRecord``) and the transcript.
Per-turn limits end the turn; a sample-wide limit (message, token, time, working)
ends the session, which is then scored as partial. The agent's run, the check run and
the judging of a finished turn live in their own modules; this one walks the turns.
"""

from __future__ import annotations

import difflib
import shutil
import tempfile
import time
from pathlib import Path

from inspect_ai.agent import Agent
from inspect_ai.log import transcript
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, CompactionStrategy, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import LimitExceededError, span, store, store_as

from inspect_stamina.model_check import check_model_roles, check_tool_results
from inspect_stamina.sandbox.users import sandbox_user
from inspect_stamina.stamina.agents import agent_tools, default_agent
from inspect_stamina.stamina.knowledge_base import Hit, KnowledgeBase, bind_knowledge_base
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn, load_script
from inspect_stamina.stamina.oracle import ORACLE_KEY
from inspect_stamina.stamina.record import (
    TURN_EVENT_SOURCE,
    TURN_RECORD_SOURCE,
    SearchRecord,
    SessionRecord,
    TurnRecord,
)
from inspect_stamina.stamina.references import reference_command, run_as_agent, setup_command
from inspect_stamina.stamina.regressions import DEFAULT_REGRESSIONS, Regressions
from inspect_stamina.stamina.robustness import GRADER_ROLE, edited_files
from inspect_stamina.stamina.sandbox import (
    AGENT_USER,
    WORKSPACE,
    changed_files,
    read_changed_texts,
    stop_agent,
    workspace_manifest,
)
from inspect_stamina.stamina.scorers import final_evaluation
from inspect_stamina.stamina.session.agent_run import AgentRun
from inspect_stamina.stamina.session.check_run import CheckRun
from inspect_stamina.stamina.session.compaction_room import check_compaction_room
from inspect_stamina.stamina.session.judging import (
    copy_workspace,
    is_effective,
    needs_workspace_copy,
    question,
    robustness_grader,
    robustness_rules,
    rules_and_probes,
)
from inspect_stamina.stamina.session.progress import session_started, turn_finished
from inspect_stamina.stamina.session.settings import Mode, SessionSettings
from inspect_stamina.stamina.summary import TURN_SPAN_TYPE, turn_span_name, turn_summary
from inspect_stamina.stamina.user import USER_ROLE, ProjectState, SimulatedUser

SYSTEM_PROMPT = """\
You are a software engineer working with one user on one project over a long session. \
The project lives in {workspace}, your working directory; use the tools to read, write \
and run code there. Each user message is a new request: do the work, check it, then \
end your turn with a short plain-text reply to the user (a reply without tool calls \
ends your turn). Keep earlier decisions unless the user changes them. If a request is \
unclear, contradicts earlier requirements or rests on a mistake, say so (ask, or point \
out the problem) instead of changing code."""


# a turn's diff is for people reading the log (review sheets): enough to judge, bounded
DIFF_LIMIT = 12000


@solver
def stamina_session(
    agent: Agent | None = None,
    user_layers: tuple[str, ...] = ("scripted", "template", "llm"),
    turn_generations: int | None = 30,
    turn_tokens: int | None = None,
    feedback: bool = False,
    attempts: int = 1,
    mode: Mode = "free",
    regressions: Regressions = DEFAULT_REGRESSIONS,
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
    settings = SessionSettings.from_args(locals())
    user = SimulatedUser(user_layers)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        # a role whose server cannot answer stops the sample now, not turns later
        await check_model_roles([GRADER_ROLE, *([USER_ROLE] if "llm" in user_layers else [])])
        # an agent whose server drops tool results could never see its commands' output
        await check_tool_results(get_model())
        loaded = script_of(state)
        worker, tools = agent, []
        if worker is None:
            # the agent user's id is the sandbox's own (drawn when it started)
            user_id = await sandbox_user(AGENT_USER)
            worker = default_agent(
                command_timeout, compaction, memory_tool, knowledge_base, user_id
            )
            tools = agent_tools(command_timeout, memory_tool, knowledge_base, user_id)
        await check_compaction_room(
            get_model(),
            compaction,
            tools,
            SYSTEM_PROMPT.format(workspace=WORKSPACE),
            [turn.prompt.text for turn in loaded.turns()],
        )
        session = _Session(loaded, worker, user, settings)
        state.messages = [ChatMessageSystem(content=SYSTEM_PROMPT.format(workspace=WORKSPACE))]
        await session.run(state)
        return state

    return solve


def script_of(state: TaskState) -> LoadedScript:
    """The sample's script, loaded from its file (the session needs its references)."""
    return load_script(state.metadata["script_path"])


class _Session:
    """One sample's walk through its script's turns."""

    def __init__(
        self, loaded: LoadedScript, agent: Agent, user: SimulatedUser, settings: SessionSettings
    ) -> None:
        self.loaded, self.user, self.settings = loaded, user, settings
        self.agent = AgentRun(agent, settings)
        self.checks = CheckRun(loaded, settings, self.agent)
        self.kb = KnowledgeBase() if settings.knowledge_base else None
        self.kb_files: dict[str, str] = {}
        # each turn's user message, to tell whether a planted fact was in the agent's view
        self.turn_message_ids: dict[int, str] = {}
        self.current: TurnRecord | None = None
        self.project = ProjectState()
        self.record = store_as(SessionRecord)
        self.texts: dict[str, str] = {}  # each text file as last seen, for a turn's diff
        self.last_clarification = False
        self.sample = ""  # the sample's uuid, which the live progress counts under

    async def run(self, state: TaskState) -> None:
        await self.checks.refresh()
        self.agent.start(state)
        self.sample = state.uuid
        session_started(self.sample, len(self.loaded.turns()))
        if self.kb is not None:
            bind_knowledge_base(self.kb, self._on_search)
        turns = self.loaded.turns()
        for index, turn in enumerate(turns):
            reset = (
                self.settings.mode == "teacher_forced"
                and index > 0
                and turns[index - 1].last_of_phase
            )
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
        turn_finished(self.sample, record)
        transcript().info(turn_summary(record), source=TURN_EVENT_SOURCE)
        # the store reaches the log only when the sample ends; events reach Inspect's
        # sample buffer at once, so a killed eval's recovered log keeps the whole record
        transcript().info(record.model_dump(mode="json"), source=TURN_RECORD_SOURCE)

    async def _turn(self, state: TaskState, turn: Turn) -> TurnRecord:
        started = time.perf_counter()
        self.project.files = sorted(self.checks.manifest)
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
            agent_seconds = await self.agent.work(state, record)
            if turn.prompt.answer is not None:
                agent_seconds += await self._answer(state, turn, record, command)
        except LimitExceededError as ex:
            record.status = "limit"
            record.error = f"sample {ex.type} limit reached: {ex.message}"
            self._finish(record)  # the interrupted turn is kept, marked as cut short
            raise
        # retries after feedback must not replay the reference a second time
        store().set(ORACLE_KEY, {"turn": turn.number, "command": None, "reply": turn.prompt.reply})

        with tempfile.TemporaryDirectory(prefix="stamina-ws-") as tmp:
            # one host copy of the workspace serves the rules, the probes and the diff; the
            # check run takes it when the turn has one (a sandbox call saved)
            copy = (
                Path(tmp) / "workspace" if needs_workspace_copy(self.loaded.script, turn) else None
            )
            check_seconds, feedback_seconds = await self.checks.run(state, turn, record, copy)
            for result in record.checkpoints:
                if not result.passed:
                    self.project.last_error = result.output
            agent_seconds += feedback_seconds
            if copy is not None and not self.checks.copied:
                shutil.rmtree(copy, ignore_errors=True)  # what a partial copy left
                await copy_workspace(copy, record)
            texts = await read_changed_texts(record.changed, copy) if record.changed else {}
            record.diff = self._diff(record.changed, texts)
            if self.kb is not None:
                await self._index_turn(turn, record, texts)
            await rules_and_probes(self.loaded.script, turn, record, self._in_context, copy)
        robustness_rules(self.loaded.script, turn, record)
        await robustness_grader(turn, record)
        await question(turn, record)
        if record.changed:
            self.project.last_changed_file = record.changed[-1]
        self.project.last_reply = record.reply
        record.effective, self.last_clarification = is_effective(
            turn.prompt.kind, record, self.last_clarification
        )
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
        if edited_files(changed_files(self.checks.manifest, now), runtime):
            return 0.0  # it acted (and asked as well): judged as any turn
        answer = await self.user.answer(turn, self.project, record.reply)
        record.answered, record.asked, record.answer = True, record.reply, answer.text
        if answer.note:
            record.note = f"{record.note}; answer: {answer.note}" if record.note else answer.note
        store().set(ORACLE_KEY, {"turn": turn.number, "command": command, "reply": None})
        self._say(state, turn, answer.text)
        return await self.agent.work(state, record)

    def _diff(self, changed: list[str], texts: dict[str, str]) -> str:
        """The turn's changes as a unified diff against the text last seen of each file."""
        parts: list[str] = []
        for path in changed:
            new = texts.get(path) if path in self.checks.manifest else ""
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
        await self.checks.refresh()

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
        for path in [p for p in self.kb_files if p not in self.checks.manifest]:
            del self.kb_files[path]
        self.kb_files.update(texts)
        self.kb.update_files(self.kb_files)

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
        await self.checks.refresh(everything_changed=True)

    def _in_context(self, planted_at: int) -> bool | None:
        """Whether the turn that planted a fact was in the conversation the agent last saw."""
        planted = self.turn_message_ids.get(planted_at)
        return None if planted is None else planted in self.agent.view_ids
