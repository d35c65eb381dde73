"""The package's own model provider, `stamina/<name>`: scripted models that need no API key."""

from __future__ import annotations

from typing import Any

from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    ModelAPI,
    ModelInfo,
    ModelOutput,
    modelapi,
    set_model_info,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_stamina.errors import StaminaError
from inspect_stamina.tokens import counted_usage

MODELS = ("gaia-example", "oracle", "noop")
# Scripted models read nothing, so they have no context window; without one Inspect's
# compaction warns on every turn (two lines per turn in a 100-turn transcript) and would
# summarise a long replay. A window no session reaches keeps their transcripts clean.
SCRIPTED_CONTEXT_WINDOW = 10_000_000
for _name in MODELS:
    set_model_info(f"stamina/{_name}", ModelInfo(context_length=SCRIPTED_CONTEXT_WINDOW))


class StaminaModelAPI(ModelAPI):
    """Dispatches `stamina/<name>` to one of the scripted models."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        **model_args: Any,
    ) -> None:
        if model_name not in MODELS:
            raise StaminaError(f"Unknown model stamina/{model_name}. Known: {', '.join(MODELS)}.")
        super().__init__(model_name, base_url, api_key, [], config or GenerateConfig())

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        """Produce the scripted model's next message, with the usage a real model would report."""
        from inspect_stamina.gaia.example_solver import example_output
        from inspect_stamina.stamina.oracle import noop_output, oracle_output

        if self.model_name == "oracle":
            output = oracle_output(self.model_name, input)
        elif self.model_name == "noop":
            output = noop_output(self.model_name)
        else:
            output = example_output(self.model_name, input)
        # what the transcript would cost a real model: the oracle's is a lower bound
        output.usage = counted_usage(input, tools, output.message)
        return output


@modelapi(name="stamina")
def stamina_models() -> type[ModelAPI]:
    """The `stamina` provider."""
    return StaminaModelAPI
