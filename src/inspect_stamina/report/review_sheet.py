"""The blind review sheet: one self-contained HTML page (inline style, no scripts or links).

Every text from a log is escaped, and every model name in it (the full name, and each of
its parts but generic ones such as ``model``) is replaced by "[agent]" so that a reply
saying which model wrote it does not unblind the sheet. A model that names itself in
other words (its vendor, a product name) is not caught: skim the sheet before handing
it out.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ReviewItem:
    """One picked turn: where it comes from, what the reviewer sees, and its automatic verdict."""

    item: str
    code: str
    log: str
    sample: str
    epoch: int
    turn: int
    phase: str
    kind: str
    message: str
    reply: str
    diff: str
    # the automatic verdict: the turn was effective (changed the workspace, checks passed)
    effective: bool
    checkpoints_passed: int
    checkpoints_total: int


# parts of model names too common to blank out of a reply
GENERIC_NAME_PARTS = frozenset({"model", "models", "latest", "chat", "instruct", "preview"})
RUBRIC = (
    (5, "did what was asked, fully and cleanly; nothing to fix"),
    (4, "did what was asked, with small flaws a reviewer would note"),
    (3, "mostly did it, but something asked for is missing or shaky"),
    (2, "a real attempt that misses the point or breaks other things"),
    (1, "did not do it, did something else, or did harm"),
)
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
  padding: 0 1rem; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
section { border: 1px solid #ccd; border-radius: 6px; padding: 1rem; margin: 1.5rem 0; }
.meta { color: #555; font-size: .9rem; margin-bottom: .5rem; }
.label { font-weight: 600; margin: .75rem 0 .25rem; }
.text { white-space: pre-wrap; background: #f6f7f9; padding: .5rem .75rem;
  border-radius: 4px; margin: 0; font: inherit; }
pre.diff { font: 13px/1.35 ui-monospace, monospace; background: #fafafa;
  border: 1px solid #e3e3e8; padding: .5rem 0; overflow-x: auto; margin: 0; }
pre.diff span { display: block; padding: 0 .75rem; white-space: pre; }
.add { background: #e6ffec; color: #116329; } .del { background: #ffebe9; color: #82071e; }
.hunk { background: #ddf4ff; color: #0550ae; } .file { color: #57606a; font-weight: 600; }
.empty { color: #777; font-style: italic; }
table.rubric td { padding: .1rem .75rem .1rem 0; vertical-align: top; }
"""


def blind(text: str, models: list[str]) -> str:
    """``text`` with every model name, and every telling part of one, replaced by "[agent]"."""
    names = set()
    for model in models:
        names.add(model)
        names.update(
            part
            for part in re.split(r"[/:@]", model)
            if len(part) >= 3 and part.lower() not in GENERIC_NAME_PARTS
        )
    # longest first, so a full name goes before its parts
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", "[agent]", text, flags=re.I)
    return text


def diff_html(diff: str) -> str:
    """A unified diff as escaped lines, coloured by what each line does."""
    if not diff.strip():
        return '<p class="empty">(no changes to text files in this turn)</p>'
    lines = []
    for line in diff.rstrip("\n").split("\n"):
        if line.startswith(("+++", "---", "diff ", "index ")):
            css = "file"
        elif line.startswith("@@"):
            css = "hunk"
        elif line.startswith("+"):
            css = "add"
        elif line.startswith("-"):
            css = "del"
        else:
            css = "ctx"
        lines.append(f'<span class="{css}">{html.escape(line) or " "}</span>')
    return '<pre class="diff">' + "".join(lines) + "</pre>"


def _text(text: str, models: list[str]) -> str:
    """An escaped, blinded block of prose (or a note that there is none)."""
    if not text.strip():
        return '<p class="empty">(nothing)</p>'
    return f'<pre class="text">{html.escape(blind(text, models))}</pre>'


def render_sheet(items: list[ReviewItem], models: list[str]) -> str:
    """The whole sheet: instructions and rubric, then one section per item."""
    rubric = "".join(
        f"<tr><td><b>{score}</b></td><td>{html.escape(meaning)}</td></tr>"
        for score, meaning in RUBRIC
    )
    sections = []
    for item in items:
        sections.append(
            f'<section id="{item.item}">'
            f"<h2>{item.item} · agent {html.escape(item.code)} · turn {item.turn}</h2>"
            f'<div class="meta">script {html.escape(item.sample)} · phase '
            f"{html.escape(item.phase)} · {html.escape(item.kind)} turn</div>"
            '<div class="label">The user asked</div>'
            f"{_text(item.message, models)}"
            '<div class="label">The agent replied</div>'
            f"{_text(item.reply, models)}"
            '<div class="label">The agent changed</div>'
            f"{diff_html(blind(item.diff, models))}"
            "</section>"
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>StaminaBench blind review</title>"
        f"<style>{STYLE}</style></head><body>"
        "<h1>StaminaBench blind review</h1>"
        f"<p>{len(items)} turn{'s' * (len(items) != 1)} from coding sessions in which an agent builds one project "
        "over many turns for a user. Agents are shown as letters only. For each turn, read "
        "what the user asked, what the agent replied and what it changed, then write a "
        "score from 1 to 5 (and a comment if you like) in its row of "
        "<code>scores.csv</code>. Leave a score empty to skip a turn; do not add, remove "
        "or reorder rows.</p>"
        f'<table class="rubric">{rubric}</table>' + "".join(sections) + "</body></html>\n"
    )
