"""What a rewrite of a user message must keep word for word: code spans, quoted strings,
paths, identifiers and numbers.

A turn's checks depend on exactly these. The generator rejects a paraphrase that drops
one; the LLM user layer falls back to the scripted text when its message drops one.
"""

from __future__ import annotations

import re

BACKTICKED = re.compile(r"`([^`]+)`")
DOUBLE_QUOTED = re.compile(r'"([^"\n]+)"')
# opened after a space or bracket, so that apostrophes (don't, the row's) are not quotes
SINGLE_QUOTED = re.compile(r"(?<![^\s(\[])'([^'\n]+)'(?!\w)")
# a word of prose: letters, lower case after the first, joined by hyphens or apostrophes;
# any other word (digits, symbols, inner capitals) is code-like and must be kept
PLAIN_WORD = re.compile(r"[A-Za-z][a-z]*(?:['-][A-Za-z][a-z]*)*")
LEADING, TRAILING = "([\"'", ".,;:!?)]\"'"


def kept_verbatim(text: str) -> list[str]:
    """What a rewrite of `text` must contain unchanged: code spans, quoted strings, code-like words."""
    spans = BACKTICKED.findall(text)
    prose = BACKTICKED.sub("\0", text)  # a span's inside is not prose
    for quoted in (DOUBLE_QUOTED, SINGLE_QUOTED):
        spans += quoted.findall(prose)
        prose = quoted.sub("\0", prose)
    words = [w.lstrip(LEADING).rstrip(TRAILING) for w in prose.replace("\0", " ").split()]
    code = [w for w in words if w and not PLAIN_WORD.fullmatch(w)]
    return list(dict.fromkeys(spans + code))


def mentions(text: str, kept: str) -> bool:
    """Whether `text` contains `kept` as a whole word (not `algokit` in algokit/sorting.py)."""
    # as a whole word: `algokit` is not kept by algokit/sorting.py, nor 1 by 1.5
    start = r"(?<!\w)(?<!\w[/.])" if re.match(r"\w", kept) else ""
    end = r"(?!\w|/|\.\w)" if re.match(r"\w", kept[-1]) else ""
    return re.search(start + re.escape(kept) + end, text) is not None


def dropped(original: str, rewrite: str) -> list[str]:
    """The items of `original` that must be kept verbatim and that `rewrite` lacks."""
    return [kept for kept in kept_verbatim(original) if not mentions(rewrite, kept)]
