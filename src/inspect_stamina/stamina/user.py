"""The simulated user: writes each turn's message through one of three layers.

- scripted: the script's text, verbatim (reproducible);
- template: the text with variables filled from the live project state in the sandbox;
- llm: a model bound to the `user` role writes the message from the turn's goal
  (temperature 0, fixed seed, cached). Unbound, or with the layer disabled, the turn
  falls back to the template layer, and the record says so.
The script, never the LLM, decides how many turns there are, nor what a turn tests: a
model's message that drops a code span, identifier, path or number of the scripted
text is replaced by that text (``verbatim.dropped``), and the record's note names what
was dropped. A turn's ``answer`` (the user's reply to a question from the agent) is
phrased the same way: by the model when the layer is on and the role bound, guarded.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from inspect_ai.event import ModelEvent
from inspect_ai.log import transcript
from inspect_ai.model import (
    CachePolicy,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    get_model,
    model_roles,
)
from inspect_ai.util import sandbox

from inspect_stamina.stamina.loaded_script import Turn
from inspect_stamina.stamina.sandbox import WORKSPACE
from inspect_stamina.stamina.script import Prompt
from inspect_stamina.stamina.verbatim import dropped

LAYERS = ("scripted", "template", "llm")
USER_ROLE = "user"
USER_SEED = 20261130
USER_ROLE_PROMPT = """\
You play the user in a long pair-programming session: an experienced, terse engineer \
reviewing a colleague's change. You write exactly one message to the assistant, no \
more than four sentences, in plain text. You never write code yourself, never mention \
that you are simulated, and never thank at length. Pursue the goal you are given for \
this turn and nothing else."""
ANSWER_GOAL = """\
The assistant asked you this instead of doing the work:
{question}

Answer it with this, in your own words, keeping every name, path, number and quoted \
text exactly as written: {answer}"""


@dataclass
class ProjectState:
    """What the user knows of the project when writing a turn's message."""

    files: list[str] = field(default_factory=list)
    last_changed_file: str | None = None
    last_error: str | None = None
    last_reply: str = ""


@dataclass(frozen=True)
class UserMessage:
    """A turn's message and which layer wrote it."""

    text: str
    layer: str
    note: str = ""
    settings: dict[str, Any] | None = None


class SimulatedUser:
    """Writes user turns with the enabled layers."""

    def __init__(self, layers: Sequence[str] = LAYERS) -> None:
        unknown = set(layers) - set(LAYERS)
        if unknown:
            raise ValueError(f"unknown user layer(s) {sorted(unknown)}; known: {', '.join(LAYERS)}")
        self.layers = set(layers) | {"scripted"}

    async def message(self, turn: Turn, state: ProjectState) -> UserMessage:
        """The user's message for this turn; a stated interface closes it word for word."""
        message = await self._message(turn, state)
        if turn.prompt.interface:
            message = replace(message, text=f"{message.text}\n\n{turn.prompt.interface}")
        return message

    async def _message(self, turn: Turn, state: ProjectState) -> UserMessage:
        prompt = turn.prompt
        layer = prompt.user_layer
        if layer == "llm":
            if "llm" not in self.layers:
                return await self._template(turn, state, "llm layer disabled: template fallback")
            if USER_ROLE not in model_roles():
                return await self._template(
                    turn, state, "no model bound to role 'user': template fallback"
                )
            return await self._llm(turn, state)
        if layer == "template":
            if "template" not in self.layers:
                return UserMessage(
                    _fill(prompt, turn, state, live=None), "scripted", "template layer disabled"
                )
            return await self._template(turn, state)
        return UserMessage(prompt.text, "scripted")

    async def _render(self, turn: Turn, state: ProjectState) -> str:
        return _fill(turn.prompt, turn, state, await _definition_file(turn.prompt.target))

    async def _template(self, turn: Turn, state: ProjectState, note: str = "") -> UserMessage:
        return UserMessage(await self._render(turn, state), "template", note)

    async def answer(self, turn: Turn, state: ProjectState, question: str) -> UserMessage:
        """The user's reply when the agent asked instead of acting: the turn's `answer`."""
        assert turn.prompt.answer is not None
        scripted = UserMessage(turn.prompt.answer, "scripted")
        if "llm" not in self.layers or USER_ROLE not in model_roles():
            return scripted
        goal = ANSWER_GOAL.format(question=question[-1500:], answer=turn.prompt.answer)
        answer = turn.prompt.answer
        return await self._generate(turn, state, goal, answer, answer)

    async def _llm(self, turn: Turn, state: ProjectState) -> UserMessage:
        live = await _definition_file(turn.prompt.target)
        goal = _fill(turn.prompt, turn, state, live)
        # what the turn tests is the scripted text; the filled-in error and file list are
        # context, which a message may leave out
        guard = _guarded(turn.prompt, turn, state, live)
        return await self._generate(turn, state, goal, guard, goal)

    async def _generate(
        self, turn: Turn, state: ProjectState, goal: str, guard: str, scripted: str
    ) -> UserMessage:
        """The user model's message for `goal`; `scripted` if it drops what `guard` must keep."""
        context = (
            f"Turn {turn.number}, phase: {turn.phase}.\n"
            f"Project files: {', '.join(state.files[:40]) or '(none yet)'}\n"
            f"The assistant's last reply: {state.last_reply[-1500:] or '(none)'}\n"
            f"Last failing check: {(state.last_error or 'none')[-800:]}\n\n"
            f"Your goal for this message: {goal}"
        )
        model = get_model(
            role=USER_ROLE, required=True
        )  # inspect-evals-lint: ignore[get_model_location] -- runs inside the stamina_session solver
        output = await model.generate(
            [ChatMessageSystem(content=USER_ROLE_PROMPT), ChatMessageUser(content=context)],
            config=GenerateConfig(temperature=0.0, seed=USER_SEED),
            cache=CachePolicy(expiry=None),
        )
        text = output.completion.strip()
        if not text:
            return UserMessage(
                scripted, "template", "user model replied with nothing: template fallback"
            )
        # the simulator's settings move scores: keep, with every message it writes, what
        # the provider actually received
        settings = _sent_settings(str(model))
        lost = dropped(guard, text)
        if lost:
            # a message without them would test something else than the turn's checks
            shown = ", ".join(repr(item) for item in lost[:8])
            note = f"user model {model} dropped {shown}: scripted text sent"
            return UserMessage(scripted, "template", note, settings)
        return UserMessage(text, "llm", f"user model {model}", settings)


_SETTING_KEYS = {
    "temperature": ("temperature",),
    "seed": ("seed", "random_seed"),
    "max_tokens": ("max_tokens", "max_completion_tokens", "max_output_tokens", "n_predict"),
}


def _sent_settings(model: str) -> dict[str, Any]:
    """Temperature, seed and max tokens of the user model's last call, as sent.

    Read from the model event's request (what the provider received); when the call
    was served from Inspect's cache there is no request, and the event's config is used.
    """
    events = [e for e in transcript().events if isinstance(e, ModelEvent) and e.model == model]
    if not events:
        return {"model": model, "source": "no model event"}
    event = events[-1]
    request = event.call.request if event.call is not None else None
    if isinstance(request, dict):
        found = request.get("generationConfig") or request.get("options")
        nested: dict[str, Any] = found if isinstance(found, dict) else {}
        settings: dict[str, Any] = {"model": model, "source": "request"}
        for name, keys in _SETTING_KEYS.items():
            settings[name] = next(
                (src[k] for k in keys for src in (dict(request), nested) if k in src), None
            )
        return settings
    config = event.config
    return {
        "model": model,
        "source": "config (cached call)" if event.cache == "read" else "config",
        "temperature": config.temperature,
        "seed": config.seed,
        "max_tokens": config.max_tokens,
    }


async def _definition_file(function_name: str | None) -> str | None:
    """The workspace file that defines a function, read live from the sandbox."""
    if not function_name:
        return None
    # a Python def, or a JavaScript/TypeScript function declaration
    pattern = (
        rf"^\s*((async\s+)?def\s+{function_name}\b"
        rf"|(export\s+)?(default\s+)?(async\s+)?function\s+{function_name}\b)"
    )
    sources = " ".join(f"--include='*.{ext}'" for ext in ("py", "js", "mjs", "jsx", "ts", "tsx"))
    command = (
        f"grep -rlE {shlex.quote(pattern)} {sources} --exclude-dir=node_modules . "
        "| sort | head -n 1"
    )
    result = await sandbox().exec(["bash", "-c", command], cwd=WORKSPACE, timeout=30)
    path = result.stdout.strip().removeprefix("./")
    return path or None


def _guarded(prompt: Prompt, turn: Turn, state: ProjectState, live: str | None) -> str:
    """The rendered text the guard holds a message to: without the last error and file list."""
    return prompt.render({**_values(prompt, turn, state, live), "error": "", "files": ""})


def _fill(prompt: Prompt, turn: Turn, state: ProjectState, live: str | None) -> str:
    return prompt.render(_values(prompt, turn, state, live))


def _values(prompt: Prompt, turn: Turn, state: ProjectState, live: str | None) -> dict[str, str]:
    return {
        "file_path": live or "the file that defines it",
        "function_name": prompt.target or "the function",
        "error": (state.last_error or "no error recorded").strip()[-1500:],
        "edge_case": prompt.edge_case or "an unusual input",
        "last_changed_file": state.last_changed_file or "the project",
        "turn": str(turn.number),
        "phase": turn.phase,
        "files": ", ".join(state.files[:40]) or "(no files yet)",
    }
