"""`generate --paraphrase MODEL`: the user prompts in a model's words, checked and recorded.

Inspect's mockllm plays the model: through the Python API with scripted outputs (a
rewrite that keeps everything, and rewrites that lose something), through the CLI with
its default output (which keeps nothing, so every rewrite is rejected).
"""

from __future__ import annotations

import asyncio
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator.generate import generate
from inspect_stamina.stamina.loaded_script import load_script
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS, ScriptError
from inspect_stamina.stamina.user import ProjectState, SimulatedUser
from tests.generator.test_generator import replay
from tests.helpers import stamina_cli

MockOutput = Callable[[list[ChatMessage], list[ToolInfo], ToolChoice, GenerateConfig], ModelOutput]


def mock(rewrite: Callable[[str], str], asked: list[str] | None = None) -> dict[str, Any]:
    """mockllm's model_args: each request's user message -> rewrite(message)."""

    def reply(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        text = messages[-1].text
        if asked is not None:
            asked.append(text)
        return ModelOutput.from_content(model="mockllm", content=rewrite(text))

    output: MockOutput = reply
    return {"custom_outputs": output}


def prompts(path: Path) -> list[dict[str, Any]]:
    """Every user prompt of a generated script, as written."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [p for phase in data["narrative_script"] for p in phase["user_prompts"]]


def files(root: Path) -> dict[Path, bytes]:
    """Every file of a script directory but script.yaml."""
    return {
        p.relative_to(root): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and p.name != "script.yaml"
    }


def casual(text: str) -> str:
    """A rewrite that keeps every code span, path, identifier and number."""
    return f"hey, quick one: {text} thanks!"


def test_rewrites_are_recorded_and_a_lossy_one_is_rejected(tmp_path: Path) -> None:
    plain = generate("algorithms", 40, 5, tmp_path / "plain")
    package = load_script(plain).script.description.split("`")[1]
    victim = f"`{package}`"  # the package's name in backticks: the explain turns ask about it
    asked: list[str] = []

    def rewrite(text: str) -> str:
        # the prompts naming the package lose it everywhere: those rewrites must be rejected
        return text.replace(package, "the package") if victim in text else casual(text)

    path = generate(
        "algorithms", 40, 5, tmp_path / "para", paraphrase="mockllm/model",
        paraphrase_args=mock(rewrite, asked),
    )  # fmt: skip
    before, after = prompts(plain), prompts(path)
    lossy = [p for p in before if p["text"] in asked and victim in p["text"]]
    taken = [p for p in before if p["text"] in asked and victim not in p["text"]]
    assert lossy and taken
    for old, new in zip(before, after, strict=True):
        if old in taken:
            assert new["text"] == casual(old["text"])
            assert new["paraphrased_from"] == old["text"]
            assert {**new, "text": old["text"]} == {**old, "paraphrased_from": old["text"]}
        else:  # not asked, or rejected: exactly as without --paraphrase
            assert new == old
    # never sent: template prompts (the harness fills them) and robustness prompts
    for old in before:
        if old.get("layer") == "template" or old["kind"] in ROBUSTNESS_KINDS:
            assert old["text"] not in asked
    record = yaml.safe_load(path.read_text())["paraphrase"]
    assert record == {
        "model": "mockllm/model",
        "prompts": len(asked),
        "paraphrased": len(taken),
        "rejected": len(lossy),
    }
    header = path.read_text().split("\ntask_name:")[0]
    assert "--paraphrase mockllm/model" in header
    assert f"{len(taken)} of {len(asked)} user prompts were paraphrased by mockllm/model" in header
    # the references and tests are the unparaphrased script's: the oracle still passes
    assert files(path.parent) == files(plain.parent)
    loaded = load_script(path)
    assert loaded.script.paraphrase is not None
    assert loaded.script.paraphrase.paraphrased == len(taken)
    # the oracle still passes: every checkpoint at its turn, every regression at the end
    replay(path.parent, tmp_path / "work", every_regression=False)
    # the simulated user sends the rewrite
    turn = next(t for t in loaded.turns() if t.prompt.paraphrased_from)
    message = asyncio.run(SimulatedUser().message(turn, ProjectState()))
    assert message.text == turn.prompt.text == casual(str(turn.prompt.paraphrased_from))


def always(text: str) -> bool:
    """Every prompt is affected."""
    return True


@pytest.mark.parametrize(
    ("rewrite", "affected"),
    [
        (lambda text: "", always),
        (lambda text: casual(text) + " really" * 100, always),  # too long
        (lambda text: casual(text) + " Put it in {file_path}.", always),  # filled by the harness
        (lambda text: casual(text).replace("/", " slash "), lambda text: "/" in text),
        (lambda text: casual(text).replace("_", ""), lambda text: "_" in text),
        # a call in a code span, split
        (
            lambda text: casual(text).replace("(", " ("),
            lambda text: bool(re.search(r"`\w+\(", text)),
        ),
        # a whole word kept only inside a longer one
        (lambda text: casual(text).replace("`", "").replace(" ", "_"), always),
    ],
)
def test_a_rewrite_that_loses_something_is_rejected(
    tmp_path: Path, rewrite: Callable[[str], str], affected: Callable[[str], bool]
) -> None:
    # version 2's prompts (version 3's: test_version_3_keeps_its_memory_turns_and_the_stated_rules)
    plain = generate("data", 30, 1, tmp_path / "plain", version="2")
    asked: list[str] = []
    path = generate(
        "data", 30, 1, tmp_path / "para", version="2", paraphrase="mockllm/model",
        paraphrase_args=mock(rewrite, asked),
    )  # fmt: skip
    for old, new in zip(prompts(plain), prompts(path), strict=True):
        if old["text"] in asked and not affected(old["text"]):
            assert new["paraphrased_from"] == old["text"] and new["text"] == rewrite(old["text"])
        else:
            assert new == old
    record = yaml.safe_load(path.read_text())["paraphrase"]
    rejected = sum(affected(text) for text in asked)
    assert rejected and record["rejected"] == rejected
    assert record["paraphrased"] == len(asked) - rejected


def test_version_3_keeps_its_memory_turns_and_the_stated_rules(tmp_path: Path) -> None:
    """A fact said in passing and the question about it are never rewritten; a rewrite
    that rewords a rule stated in the first turn is rejected (a rule's check would test
    what the user no longer said)."""
    plain = generate("algorithms", 40, 5, tmp_path / "plain", version="3")
    asked: list[str] = []

    def reword(text: str) -> str:
        return casual(text).replace(" never ", " should not ")

    path = generate(
        "algorithms", 40, 5, tmp_path / "para", version="3", paraphrase="mockllm/model",
        paraphrase_args=mock(reword, asked),
    )  # fmt: skip
    before, after = prompts(plain), prompts(path)
    rules = [r["stated"] for r in yaml.safe_load(plain.read_text())["consistency_rules"]]
    memory = [p for p in before if p["kind"] in ("memory_plant", "memory_probe")]
    assert memory and not any(p["text"] in asked for p in memory)
    stating = [p for p in before if any(rule in p["text"] for rule in rules)]
    assert stating and all(p["text"] in asked for p in stating)
    assert any(" never " in rule for rule in rules)
    for old, new in zip(before, after, strict=True):
        if old in stating or old in memory:
            assert new == old  # rejected, or never sent
    taken = [n for n in after if n.get("paraphrased_from")]
    assert taken and all(n["text"] == reword(n["paraphrased_from"]) for n in taken)


def test_numbers_must_survive(tmp_path: Path) -> None:
    # devops prompts are full of numbers: ports, seconds, retention counts
    def renumber(text: str) -> str:
        return casual(text).replace("65535", "65,535").replace("60", "sixty")

    for seed in range(12):  # a script whose prompts have those numbers
        path = generate(
            "devops", 45, seed, tmp_path / f"para{seed}", paraphrase="mockllm/model",
            paraphrase_args=mock(renumber),
        )  # fmt: skip
        renumbered = [p for p in prompts(path) if "65535" in p["text"] or " 60" in p["text"]]
        if renumbered:
            break
    assert renumbered and not any("paraphrased_from" in p for p in renumbered)
    assert all("65,535" not in p["text"] and "sixty" not in p["text"] for p in prompts(path))
    assert any("paraphrased_from" in p for p in prompts(path))


def test_a_failing_model_writes_nothing(tmp_path: Path) -> None:
    out = generate("algorithms", 20, 0, tmp_path / "script").parent
    before = files(out), (out / "script.yaml").read_bytes()

    def down(text: str) -> str:
        raise RuntimeError("the provider is down")

    with pytest.raises(
        StaminaError, match="mockllm/model: the model failed: RuntimeError: the provider is down"
    ):
        generate("algorithms", 20, 9, out, paraphrase="mockllm/model", paraphrase_args=mock(down))
    assert (files(out), (out / "script.yaml").read_bytes()) == before


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`inspect-stamina generate ARGS`."""
    return stamina_cli("generate", *args)


def test_cli_default_mockllm_output_is_rejected_everywhere(tmp_path: Path) -> None:
    plain = generate("algorithms-js", 20, 3, tmp_path / "plain")
    out = tmp_path / "para"
    result = run_cli(
        "--domain", "algorithms-js", "--turns", "20", "--seed", "3", "-o", str(out),
        "--paraphrase", "mockllm/model",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    record = yaml.safe_load((out / "script.yaml").read_text())["paraphrase"]
    count = record["prompts"]
    assert count > 0 and record == {
        "model": "mockllm/model",
        "prompts": count,
        "paraphrased": 0,
        "rejected": count,
    }
    assert f"mockllm/model paraphrased 0 of {count} user prompts; {count} " in result.stdout
    assert prompts(out / "script.yaml") == prompts(plain)
    assert files(out) == files(plain.parent)
    load_script(out / "script.yaml")


@pytest.mark.slow
def test_cli_bad_paraphrase_arguments_are_clear_errors(tmp_path: Path) -> None:
    out = tmp_path / "x"
    base = ["--domain", "algorithms", "--turns", "20", "-o", str(out)]
    for args, message in (
        (["--paraphrase", "nope/model"], "--paraphrase nope/model: ValueError: Model API nope"),
        (["--paraphrase", "gpt4"], "should be in the format of <api_name>/<model_name>"),
        (["--paraphrase-arg", "x=1"], "--paraphrase-arg needs --paraphrase MODEL"),
        (["--paraphrase", "mockllm/model", "--paraphrase-arg", "novalue"], "takes KEY=VALUE"),
    ):
        result = run_cli(*base, *args)
        assert result.returncode == 1 and message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
        assert not out.exists()


def test_only_a_scripted_prompt_can_be_paraphrased(tmp_path: Path) -> None:
    # version 2 writes template-layer bug reports (version 3's are scripted)
    path = generate("algorithms", 40, 5, tmp_path / "script", version="2")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    bug = next(
        p
        for phase in data["narrative_script"]
        for p in phase["user_prompts"]
        if p.get("layer") == "template"
    )
    bug["paraphrased_from"] = "a bug report"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(
        ScriptError, match="paraphrased_from: only a scripted prompt is paraphrased"
    ):
        load_script(path)
