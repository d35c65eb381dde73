"""The session loop: user turn -> agent -> due checks -> per-turn record in the store."""

from __future__ import annotations

import re
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from inspect_ai.agent import Agent, AgentState, react
from inspect_ai.model import ChatMessageAssistant, ChatMessageSystem, ChatMessageUser, model_roles
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import bash, python
from inspect_ai.util import LimitExceededError, message_limit, sandbox, span, store, token_limit

from inspect_stamina.stamina.checks import (
    AGENT_USER,
    GRADER_ROLE,
    WORKSPACE,
    changed_files,
    evaluate_check,
    fetch_workspace,
    grade_robustness,
    judge_robustness,
    run_checkpoints,
    workspace_manifest,
)
from inspect_stamina.stamina.oracle import ORACLE_KEY
from inspect_stamina.stamina.references import reference_command
from inspect_stamina.stamina.script import (
    CODE_KINDS,
    ROBUSTNESS_KINDS,
    Checkpoint,
    LoadedScript,
    Turn,
    load_script,
)
from inspect_stamina.stamina.user import ProjectState, SimulatedUser

RECORDS_KEY = "stamina:records"
Mode = Literal["free", "teacher_forced"]

SYSTEM_PROMPT = """\
You are a software engineer working with one user on one project over a long session. \
The project lives in {workspace}, your working directory; use the tools to read, write \
and run code there. Each user message is a new request: do the work, check it, then \
end your turn with a short plain-text reply to the user (a reply without tool calls \
ends your turn). Keep earlier decisions unless the user changes them. If a request is \
unclear, contradicts earlier requirements or rests on a mistake, say so (ask, or point \
out the problem) instead of changing code."""

ANSWER_MIN_WORDS = 8
FEEDBACK_PROMPT = "A check failed after your last change:\n\n{output}\n\nPlease fix it."


@dataclass
class TurnRecord:
    """What happened in one turn: the data every stamina metric is computed from."""

    turn: int
    phase: str
    kind: str
    layer: str
    message: str
    reply: str = ""
    status: str = "ok"
    error: str | None = None
    note: str = ""
    changed: list[str] = field(default_factory=list)
    checkpoints: list[dict[str, Any]] = field(default_factory=list)
    regressions: list[str] = field(default_factory=list)
    rules: dict[str, bool] = field(default_factory=dict)
    probe: dict[str, Any] | None = None
    robustness: dict[str, Any] | None = None
    effective: bool = False
    tokens: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


def default_agent(command_timeout: int = 180) -> Agent:
    """Inspect's react agent with bash and python in the sandbox, as the agent user.

    No system prompt (the session adds one once: react would insert it every turn) and
    no submit tool: a reply without tool calls ends the turn.
    """
    return react(
        prompt=None,
        tools=[
            bash(timeout=command_timeout, user=AGENT_USER),
            python(timeout=command_timeout, user=AGENT_USER),
        ],
        submit=False,
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
) -> Solver:
    """Walk a script's turns with the simulated user and the agent, checking as it goes."""
    user = SimulatedUser(user_layers)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        loaded = load_script(state.metadata["script_path"])
        session = _Session(
            loaded,
            agent or default_agent(),
            user,
            turn_generations,
            turn_tokens,
            feedback,
            attempts,
            mode,
        )
        state.messages = [ChatMessageSystem(content=SYSTEM_PROMPT.format(workspace=WORKSPACE))]
        await session.run(state)
        return state

    return solve


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
    ) -> None:
        self.loaded, self.agent, self.user = loaded, agent, user
        self.turn_generations, self.turn_tokens = turn_generations, turn_tokens
        self.feedback, self.attempts, self.mode = feedback, attempts, mode
        self.project = ProjectState()
        self.passed_checkpoints: dict[str, Checkpoint] = {}
        self.records: list[TurnRecord] = []
        self.manifest: dict[str, str] = {}
        self.last_clarification = False

    async def run(self, state: TaskState) -> None:
        self.manifest = await workspace_manifest()
        turns = self.loaded.turns()
        for index, turn in enumerate(turns):
            async with span(f"turn {turn.number}: {turn.phase}", type="turn"):
                reset = (
                    self.mode == "teacher_forced" and index > 0 and turns[index - 1].last_of_phase
                )
                if reset:
                    await self._reset_to_reference(turns[:index])
                record = await self._turn(state, turn)
                if reset:
                    record.note = (
                        record.note + "; " if record.note else ""
                    ) + "workspace reset to reference"
            self.records.append(record)
            store().set(RECORDS_KEY, [asdict(r) for r in self.records])

    async def _turn(self, state: TaskState, turn: Turn) -> TurnRecord:
        started = time.perf_counter()
        self.project.files = sorted(self.manifest)
        message = await self.user.message(turn, self.project)
        record = TurnRecord(
            turn.number,
            turn.phase,
            turn.prompt.kind,
            message.layer,
            message.text,
            note=message.note,
        )
        reference = self.loaded.directory / turn.prompt.reference if turn.prompt.reference else None
        command = reference_command(reference) if reference else None
        store().set(
            ORACLE_KEY, {"turn": turn.number, "command": command, "reply": turn.prompt.reply}
        )
        state.messages.append(ChatMessageUser(content=message.text))
        agent_seconds = await self._agent(state, record)
        # retries after feedback must not replay the reference a second time
        store().set(ORACLE_KEY, {"turn": turn.number, "command": None, "reply": turn.prompt.reply})

        before, self.manifest = self.manifest, await workspace_manifest()
        record.changed = changed_files(before, self.manifest)
        check_seconds, feedback_seconds = await self._checks(state, turn, record)
        agent_seconds += feedback_seconds
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

    async def _agent(self, state: TaskState, record: TurnRecord) -> float:
        started = time.perf_counter()
        agent_state = AgentState(messages=state.messages)
        # message_limit counts the whole conversation: bound this turn by what it adds
        budget = len(state.messages) + 2 * self.turn_generations if self.turn_generations else None
        tokens = token_limit(self.turn_tokens)
        try:
            with message_limit(budget), tokens:
                agent_state = await self.agent(agent_state)
        except LimitExceededError as ex:
            record.status, record.error = "limit", str(ex)
        except Exception as ex:  # noqa: BLE001 - a failed turn is recorded, the session goes on
            record.status, record.error = "error", f"{type(ex).__name__}: {ex}"
        state.messages = agent_state.messages
        record.tokens += int(tokens.usage)
        last = next(
            (m for m in reversed(state.messages) if isinstance(m, ChatMessageAssistant)), None
        )
        record.reply = (last.text if last else "")[-4000:]
        return time.perf_counter() - started

    async def _checks(
        self, state: TaskState, turn: Turn, record: TurnRecord
    ) -> tuple[float, float]:
        """Run what is due this turn; return (check command seconds, feedback agent seconds)."""
        # earlier checkpoints that passed are re-run with this turn's, in one check run
        earlier = (
            [c for c in self.passed_checkpoints.values() if c.at_turn < turn.number]
            if turn.checkpoints
            else []
        )
        results = await run_checkpoints([*turn.checkpoints, *earlier], self.loaded.directory)
        seconds, feedback_seconds = sum(r.extra.get("seconds", 0.0) for r in results), 0.0
        due, rerun = results[: len(turn.checkpoints)], results[len(turn.checkpoints) :]
        for checkpoint, again in zip(earlier, rerun, strict=True):
            if not again.passed:
                record.regressions.append(checkpoint.label)
                del self.passed_checkpoints[checkpoint.label]
        for index, checkpoint in enumerate(turn.checkpoints):
            result, tries = due[index], 0
            while not result.passed and self.feedback and tries < self.attempts:
                tries += 1
                state.messages.append(
                    ChatMessageUser(content=FEEDBACK_PROMPT.format(output=result.output))
                )
                feedback_seconds += await self._agent(state, record)
                before, self.manifest = self.manifest, await workspace_manifest()
                record.changed = sorted(
                    set(record.changed) | set(changed_files(before, self.manifest))
                )
                [result] = await run_checkpoints([checkpoint], self.loaded.directory)
                seconds += result.extra.get("seconds", 0.0)
            result.extra["retries"] = tries
            due[index] = result
            if result.passed:
                self.passed_checkpoints[checkpoint.label] = checkpoint
            else:
                self.project.last_error = result.output
        record.checkpoints = [r.as_dict() for r in due]

        script = self.loaded.script
        rules = (
            [r for r in script.consistency_rules if r.from_turn <= turn.number]
            if turn.checkpoints
            else []
        )
        probes = [p for p in script.memory_probes if p.probed_at == turn.number]
        if rules or probes:
            with tempfile.TemporaryDirectory(prefix="stamina-ws-") as tmp:
                copy = await fetch_workspace(Path(tmp))
                for rule in rules:
                    record.rules[rule.id] = (await evaluate_check(rule.check, copy))[0]
                for probe in probes:
                    outcomes = [await evaluate_check(check, copy) for check in probe.checks]
                    record.probe = {
                        "id": probe.id,
                        "passed": all(passed for passed, _ in outcomes),
                        "detail": "; ".join(detail for _, detail in outcomes),
                    }
        if turn.prompt.kind in ROBUSTNESS_KINDS and turn.prompt.expect is not None:
            passed, detail = judge_robustness(turn.prompt.expect, record.reply, record.changed)
            record.robustness = {
                "passed": passed,
                "detail": detail,
                "behaviour": turn.prompt.expect.behaviour,
            }
            if GRADER_ROLE in model_roles():
                verdict, why = await grade_robustness(
                    turn.prompt.expect, record.message, record.reply, record.changed
                )
                # the rules are necessary; a bound grader can only make the verdict stricter
                record.robustness.update(passed=passed and verdict, grader=why)
        return seconds, feedback_seconds

    def _effective(self, turn: Turn, record: TurnRecord) -> bool:
        clarification = bool(re.search(r"\?", record.reply)) and not record.changed
        repeated = clarification and self.last_clarification
        self.last_clarification = clarification
        if record.status != "ok" or repeated:
            return False
        if record.robustness is not None:
            return bool(record.robustness["passed"])
        if turn.prompt.kind in CODE_KINDS:
            return bool(record.changed) and all(c["passed"] for c in record.checkpoints)
        # an answer, not a token acknowledgement
        return len(record.reply.split()) >= ANSWER_MIN_WORDS and not clarification

    async def _reset_to_reference(self, done: list[Turn]) -> None:
        """Teacher forcing: rebuild the workspace from the references of the turns so far."""
        commands = [f"find {WORKSPACE} -mindepth 1 -delete"]
        for turn in done:
            if turn.prompt.reference:
                commands.append(reference_command(self.loaded.directory / turn.prompt.reference))
        await sandbox().exec(
            ["bash", "-c", f"pkill -9 -u {AGENT_USER}; true"], user="root", timeout=30
        )
        for command in commands:
            result = await sandbox().exec(["bash", "-c", command], user=AGENT_USER, timeout=300)
            if not result.success:
                raise RuntimeError(
                    f"teacher forcing could not replay a reference: {result.stderr[-500:]}"
                )
        self.manifest = await workspace_manifest()
