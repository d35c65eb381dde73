"""Long sessions in Docker: compaction, the memory tool, the knowledge base, named agents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from inspect_ai import eval as inspect_eval
from inspect_ai.agent import Agent, AgentState, agent
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    get_model,
    modelapi,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_stamina.errors import StaminaError
from inspect_stamina.stamina.task import stamina
from tests.stamina.test_stamina_docker import MINI, inspect_cli, say, score_of

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

FACT = "Remember this: the staging server listens on port 8743, and nothing else does."
WINDOW = 6000  # the budget model's context window, in tokens
LONG_REPLY = " ".join(["Here is a long account of what I did and why."] * 60)


class BudgetModel(ModelAPI):
    """A model with a small context window: long replies, and an overflow past the window."""

    def __init__(self, model_name: str, base_url: str | None = None, **kwargs: Any) -> None:
        super().__init__(model_name, base_url, None, [], GenerateConfig())

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        seen = await self.count_tokens(input)
        if seen > WINDOW:
            output = ModelOutput.from_content(
                self.model_name,
                f"This model's maximum context length is {WINDOW} tokens; you sent {seen}.",
                stop_reason="model_length",
            )
        else:
            output = ModelOutput.from_content(self.model_name, LONG_REPLY)
        output.usage = ModelUsage(input_tokens=seen, output_tokens=600, total_tokens=seen + 600)
        return output


@modelapi(name="budget")
def budget_models() -> type[ModelAPI]:
    return BudgetModel


@agent
def scripted_replier(reply: str = "Done.") -> Agent:
    """A test agent that answers every turn with the same reply and no tool calls."""

    async def execute(state: AgentState) -> AgentState:
        state.messages.append(ChatMessageAssistant(content=reply))
        return state

    return execute


def talk_script(directory: Path, turns: int, fact_at: int | None = None) -> str:
    """A script of plain conversation turns (no code), the fact planted at one turn."""
    prompts = [f"Turn {n}: tell me how the project is going, in detail." for n in range(turns)]
    if fact_at is not None:
        prompts[fact_at - 1] = FACT
    script = {
        "task_name": "Long talk",
        "total_turns": turns,
        "programming_languages": ["python"],
        "narrative_script": [{"turn_range": [1, turns], "phase": "Talk", "user_prompts": prompts}],
    }
    path = directory / "script.yaml"
    path.write_text(yaml.safe_dump(script), encoding="utf-8")
    return str(path)


def run_session(model: Any, log_dir: Path, **task_args: Any) -> Any:
    [log] = inspect_eval(stamina(**task_args), model=model, log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    return log


def test_trim_keeps_a_100_turn_session_within_the_window(log_dir: Path, tmp_path: Path) -> None:
    script = talk_script(tmp_path, 100)
    log = run_session(
        "budget/small", log_dir, script=script, compaction="trim", compaction_threshold=3000
    )
    value, meta = score_of(log)
    turns = meta["turns"]
    assert len(turns) == 100 and all(t["status"] == "ok" for t in turns)
    # the context the agent saw stayed bounded though the conversation grew past the window
    assert max(t["context_tokens"] for t in turns) <= WINDOW
    assert sum(t["compactions"] for t in turns) > 0
    assert log.eval.metadata["compaction"] == "trim"
    assert value["stamina"] == 100.0


def test_without_compaction_overflow_is_recorded_and_scored(log_dir: Path, tmp_path: Path) -> None:
    script = talk_script(tmp_path, 30)
    log = run_session("budget/small", log_dir, script=script, compaction="none")
    value, meta = score_of(log)
    statuses = [t["status"] for t in meta["turns"]]
    assert len(statuses) == 30
    # the window fills after some turns; every later turn overflows, and the session goes on
    first = statuses.index("context_overflow")
    assert 3 < first < 30 and set(statuses[first:]) == {"context_overflow"}
    assert all(s == "ok" for s in statuses[:first])
    assert value["efficiency"] < 1.0


def call(tool: str, **arguments: Any) -> ModelOutput:
    return ModelOutput.for_tool_call("mockllm/model", tool, arguments)


def test_search_finds_a_fact_50_turns_back_and_memory_persists(
    log_dir: Path, tmp_path: Path
) -> None:
    script = talk_script(tmp_path, 60, fact_at=10)
    outputs = [
        call("memory", command="create", path="/memories/notes.md", file_text="Deploy on Fridays."),
        say("Noted, I keep a file of notes."),
        *[say(f"Turn noted; all is well with the project ({n}).") for n in range(2, 60)],
        call("project_search", query="which port does the staging server listen on", k=3),
        call("memory", command="view", path="/memories/notes.md"),
        say("The staging server listens on port 8743; deploys happen on Fridays."),
    ]
    model = get_model("mockllm/model", custom_outputs=outputs)
    log = run_session(model, log_dir, script=script, knowledge_base=True, memory_tool=True)
    _, meta = score_of(log)
    last = meta["turns"][59]
    [search] = last["searches"]
    assert search["hits"][0] == "turn 10, user"
    assert last["tool_calls"] == {"project_search": 1, "memory": 1}
    tools = [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]
    assert "[turn 10, user]" in tools[-2] and "8743" in tools[-2]
    assert "Deploy on Fridays." in tools[-1]  # written in turn 1, read in turn 60
    assert log.eval.metadata["knowledge_base"] is True


def test_named_agent_drives_the_session(log_dir: Path) -> None:
    log = run_session(
        None, log_dir, script=MINI, agent="scripted_replier", agent_args={"reply": "All set."}
    )
    _, meta = score_of(log)
    assert [t["reply"] for t in meta["turns"]] == ["All set."] * 6
    assert log.eval.metadata["agent"] == "scripted_replier"


def test_unknown_agent_is_a_clear_error(log_dir: Path) -> None:
    with pytest.raises(StaminaError, match="Unknown agent 'nope/agent'"):
        stamina(script=MINI, agent="nope/agent")
    result = inspect_cli(log_dir, "--model", "mockllm/model", "-T", "agent=nope/agent")
    output = result.stdout + result.stderr
    assert result.returncode != 0 and "Unknown agent 'nope/agent'" in " ".join(output.split())
    assert "Traceback" not in output


def test_bad_compaction_is_a_clear_error() -> None:
    with pytest.raises(StaminaError, match="Unknown compaction 'shrink'"):
        stamina(script=MINI, compaction="shrink")
