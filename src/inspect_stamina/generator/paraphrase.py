"""`generate --paraphrase MODEL`: a model rewrites the scripted user prompts, checked.

The planner writes each request in one of a few fixed phrasings. With a model named,
every scripted prompt is sent to it once, to be rewritten the way a developer would
type it. A rewrite is taken only if it keeps, character for character, everything the
turn's checkpoint depends on: the code spans (in backticks), the quoted strings and the
code-like words (paths, identifiers, numbers). Otherwise the prompt keeps the planner's
text, and the rewrite counts as rejected. A taken rewrite is what the simulated user
sends; the prompt keeps the planner's text in `paraphrased_from`, and the script's
`paraphrase:` names the model. References and checkpoints come from the project model,
never from the text, so the oracle passes either way.

Left as they are:
- template prompts: the harness fills their `{variables}` from the live project;
- vague, contradictory and erroneous prompts: nothing checks that a rewrite of "make it
  better" stays vague, or that a contradiction stays one, and their scoring depends on it;
- prompts with nothing to keep verbatim: nothing would show that a rewrite still asks
  the same thing;
- memory plants and probes: a fact said once in passing, or the later question about
  it, is plain prose a rewrite could drop, and a probe of a fact never said is unfair.
A rule the user states (version 3's first turn) must survive a rewrite word for word.

The rewrite runs at temperature 0 with a fixed seed, uncached: a script is as
reproducible as the model is (a scripted mockllm is; a hosted model may not be).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig, Model, get_model

from inspect_stamina.errors import StaminaError, error_text
from inspect_stamina.offline import seed_tiktoken_cache
from inspect_stamina.stamina.script import ROBUSTNESS_KINDS, Prompt
from inspect_stamina.stamina.verbatim import dropped, kept_verbatim

INSTRUCTION = """\
You rewrite one message that a developer sends to a coding assistant, so that it reads \
the way a real developer would type it: in their own words, terse or chatty, as they \
like. Ask for exactly the same thing: nothing more, nothing less, no new details. Keep \
every identifier, file path, number, quoted string and code span (text in backticks) \
exactly as it is, character for character. Reply with the rewritten message alone: no \
preamble, no quotes around it, no code."""
SEED = 20261201
CONCURRENCY = 8  # rewrites in flight at once (the provider's own limits apply as well)
# prompts that carry a fact of the conversation or the question about it
MEMORY_KINDS = ("memory_plant", "memory_probe")
# a rewrite may be this much longer than the original: longer is a model rambling
LENGTH_FACTOR, LENGTH_SLACK = 2, 160
CONFIG = GenerateConfig(temperature=0.0, seed=SEED, max_retries=3, timeout=300)


@dataclass(frozen=True)
class ParaphraseResult:
    """What a paraphrase pass did: the model, and how many prompts it rewrote."""

    model: str
    prompts: int  # prompts sent to the model
    paraphrased: int  # rewrites taken
    rejected: int  # rewrites that failed the check (their prompt kept its text)

    def record(self) -> dict[str, Any]:
        """The script's `paraphrase:` entry."""
        return {
            "model": self.model,
            "prompts": self.prompts,
            "paraphrased": self.paraphrased,
            "rejected": self.rejected,
        }


def rejection(original: str, rewrite: str, keep: Sequence[str] = ()) -> str | None:
    """Why a rewrite cannot replace the original (None when it can); `keep`: sentences
    a rewrite must keep word for word where the original has them (the stated rules)."""
    if not rewrite:
        return "it is empty"
    if len(rewrite) > LENGTH_FACTOR * len(original) + LENGTH_SLACK:
        return "it is too long"
    if Prompt(text=rewrite).variables():
        return "it has a {variable}, which the template layer would fill"
    missing = dropped(original, rewrite)
    if missing:
        return f"it drops {missing[0]!r}"
    lost = [sentence for sentence in keep if sentence in original and sentence not in rewrite]
    if lost:
        return f"it rewords the stated rule {lost[0]!r}"
    return None


def paraphrasable(prompt: dict[str, Any]) -> bool:
    """Whether a planned prompt is one the model rewrites (see the module's docstring)."""
    parsed = Prompt(text=prompt["text"], layer=prompt.get("layer"))
    return (
        parsed.user_layer == "scripted"
        and prompt.get("kind", "feature") not in {*ROBUSTNESS_KINDS, *MEMORY_KINDS}
        and bool(kept_verbatim(parsed.text))
    )


def paraphrase_prompts(
    prompts: list[dict[str, Any]],
    model: str,
    model_args: dict[str, Any] | None = None,
    keep: Sequence[str] = (),
) -> ParaphraseResult:
    """Rewrite the paraphrasable prompts in place with `model`; a rewrite that fails the
    check (`keep`: the stated rules, word for word) is dropped."""
    chosen = [p for p in prompts if paraphrasable(p)]
    client = _model(model, model_args or {})
    seed_tiktoken_cache()  # token counting (mockllm's, for one) must not need the network
    try:
        rewrites = asyncio.run(_rewrite_all(client, [p["text"] for p in chosen]))
    except Exception as ex:  # noqa: BLE001 - any provider failure: one clear message
        raise StaminaError(f"--paraphrase {model}: the model failed: {error_text(ex)}") from ex
    taken = rejected = 0
    for prompt, rewrite in zip(chosen, rewrites, strict=True):
        original = prompt["text"]
        if rewrite == original:
            continue
        if rejection(original, rewrite, keep) is not None:
            rejected += 1
            continue
        # the rewrite goes first (it is what the user sends), the original beside it
        rest = {k: v for k, v in prompt.items() if k != "text"}
        prompt.clear()
        prompt.update(text=rewrite, paraphrased_from=original, **rest)
        taken += 1
    return ParaphraseResult(model, len(chosen), taken, rejected)


def _model(name: str, model_args: dict[str, Any]) -> Model:
    try:
        return get_model(  # inspect-evals-lint: ignore[get_model_location] -- the generator's command line, not an eval task
            name, memoize=False, **model_args
        )
    except Exception as ex:  # noqa: BLE001 - unknown provider, missing key or package
        raise StaminaError(f"--paraphrase {name}: {error_text(ex)}") from ex


async def _rewrite_all(model: Model, texts: list[str]) -> list[str]:
    limit = asyncio.Semaphore(CONCURRENCY)

    async def rewrite(text: str) -> str:
        async with limit:
            output = await model.generate(
                [ChatMessageSystem(content=INSTRUCTION), ChatMessageUser(content=text)],
                config=CONFIG,
            )
        return _unquoted(output.completion.strip(), text)

    return list(await asyncio.gather(*(rewrite(t) for t in texts)))


def _unquoted(rewrite: str, original: str) -> str:
    # models like to wrap their answer in quotes the original did not have
    for quote in ('"', "'", "`"):
        wrapped = len(rewrite) > 1 and rewrite[0] == rewrite[-1] == quote
        if wrapped and not original.startswith(quote):
            return rewrite[1:-1].strip()
    return rewrite
