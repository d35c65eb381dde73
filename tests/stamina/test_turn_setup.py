"""A turn's setup (the world moving before the user speaks) and its diff, in the real
Docker sandbox."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ChatMessageTool, ModelOutput, get_model

from inspect_stamina.stamina.task import stamina

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

MINI = Path(__file__).parent / "fixtures" / "mini"


def test_setup_runs_before_the_turn_unseen_and_a_failed_one_is_noted(
    tmp_path: Path, log_dir: Path
) -> None:
    script = tmp_path / "mini"
    shutil.copytree(MINI, script)
    data = yaml.safe_load((script / "script.yaml").read_text())
    prompts = data["narrative_script"][0]["user_prompts"]
    prompts[0]["setup"] = "git init -q && echo written-by-setup > NOTES.txt"
    prompts[2]["setup"] = "echo the teammate is away >&2; exit 7"
    (script / "script.yaml").write_text(yaml.safe_dump(data, sort_keys=False))

    def bash(command: str) -> ModelOutput:
        return ModelOutput.for_tool_call("mockllm/model", "bash", {"command": command})

    done = ModelOutput.from_content("mockllm/model", "Nothing more from me on this one.")
    outputs = [
        bash("cat NOTES.txt"),
        done,
        bash("printf 'one\\ntwo\\n' > log.txt"),
        done,
        bash("printf 'one\\nthree\\n' > log.txt"),
        *[done] * 4,
    ]
    [log] = inspect_eval(
        stamina(script=str(script / "script.yaml")),
        model=get_model("mockllm/model", custom_outputs=outputs),
        log_dir=str(log_dir),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples and log.samples[0].scores
    meta = log.samples[0].scores["stamina_scorer"].metadata
    assert meta is not None
    turns = meta["turns"]
    # the agent found what the setup wrote, which is not counted as the agent's change
    tool = [m for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]
    assert "written-by-setup" in tool[0].text
    assert "NOTES.txt" not in turns[0]["changed"]
    assert "turn setup failed: the teammate is away" in turns[2]["note"]
    # each turn's diff against the text last seen, for people reading the log
    assert turns[0]["diff"] == ""
    assert "+++ b/log.txt" in turns[1]["diff"] and "+two" in turns[1]["diff"]
    assert "-two" in turns[2]["diff"] and "+three" in turns[2]["diff"]
    assert len(turns) == 6 and all(t["status"] == "ok" for t in turns)
