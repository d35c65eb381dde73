"""The project knowledge base: BM25 search over a session's dialogue and workspace files.

Backs `-T knowledge_base=true`: the agent gets a `project_search(query, k)` tool over the
earlier user messages, its own replies and the workspace's current source files. The index
is SQLite FTS5 (in the standard library), kept in memory and updated incrementally each turn.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Any, Literal

from inspect_ai.tool import Tool, ToolError, tool
from pydantic import BaseModel, ConfigDict

DIALOGUE_CHUNK_CHARS = 800
FILE_CHUNK_LINES = 40
SNIPPET_CHARS = 400
MAX_K = 20
# a model's query is free text; beyond this many distinct terms extra words add cost, not recall
MAX_QUERY_TERMS = 32

# bm25() column weights, in table column order: text, path. A path match ranks below a body
# match because path tokens ("py", "src") are shared by many chunks.
_BM25 = "bm25(chunks, 1.0, 0.5)"
# snippet(table, column, open, close, ellipsis, max tokens): column 0 is the text
_SNIPPET = "snippet(chunks, 0, '', '', '…', 48)"

_TOKEN = re.compile(r"\w+")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


class Hit(BaseModel):
    """One search result: a dialogue message chunk or a file chunk, with its snippet."""

    model_config = ConfigDict(frozen=True)

    source: Literal["dialogue", "file"]
    turn: int | None = None
    role: str | None = None
    path: str | None = None
    lines: tuple[int, int] | None = None
    text: str
    score: float

    def label(self) -> str:
        """Where the hit comes from, e.g. `turn 12, user` or `calc/ops.py:1-40`."""
        if self.source == "dialogue":
            return f"turn {self.turn}, {self.role}"
        if self.lines is None:
            return str(self.path)
        return f"{self.path}:{self.lines[0]}-{self.lines[1]}"


class KnowledgeBase:
    """An in-memory SQLite FTS5 index over a session's dialogue and current workspace files."""

    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        # porter: "tests" finds "test"; unicode61 splits snake_case, so a quoted
        # `parse_expr` in a query becomes the phrase "parse expr" and still matches
        self._db.execute(
            "CREATE VIRTUAL TABLE chunks USING fts5("
            "text, path, source UNINDEXED, turn UNINDEXED, role UNINDEXED, "
            "line_start UNINDEXED, line_end UNINDEXED, tokenize='porter unicode61')"
        )
        self._next_rowid = 1
        self._files: dict[str, tuple[str, list[int]]] = {}  # path -> (content hash, rowids)
        self.files_indexed = 0
        """Files (re)indexed so far, counted once per indexing: unchanged files do not count."""
        self.files_removed = 0
        """Files dropped from the index because they left the workspace."""
        self.dialogue_messages = 0
        """Dialogue messages indexed so far."""

    @property
    def chunk_count(self) -> int:
        """Chunks currently in the index, dialogue and files together."""
        row = self._db.execute("SELECT count(*) FROM chunks").fetchone()
        return int(row[0])

    @property
    def file_paths(self) -> list[str]:
        """Paths of the files currently indexed, sorted."""
        return sorted(self._files)

    def add_dialogue(self, turn: int, role: str, text: str) -> None:
        """Index one user message or assistant reply of the given turn."""
        if role not in ("user", "assistant"):
            raise ValueError(f"role must be 'user' or 'assistant', not {role!r}")
        rows = [
            (chunk, "", "dialogue", turn, role, None, None)
            for chunk in _chunk_text(text, DIALOGUE_CHUNK_CHARS)
        ]
        self._insert(rows)
        self.dialogue_messages += 1

    def update_files(self, files: Mapping[str, str]) -> None:
        """Bring the file index up to date with the workspace's current text files."""
        for path in [p for p in self._files if p not in files]:
            self._delete(self._files.pop(path)[1])
            self.files_removed += 1
        for path, content in files.items():
            # sha256 rather than blake2b: CPU SHA extensions make it the fastest here
            content_hash = hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()
            known = self._files.get(path)
            if known is not None and known[0] == content_hash:
                continue
            if known is not None:
                self._delete(known[1])
            rows = [
                (chunk, path, "file", None, None, start, end)
                for start, end, chunk in _chunk_lines(content, FILE_CHUNK_LINES)
            ]
            self._files[path] = (content_hash, self._insert(rows))
            self.files_indexed += 1
        self._db.commit()

    def search(self, query: str, k: int = 5) -> list[Hit]:
        """The top `k` (clamped to 1..20) chunks for a free-text query, best first."""
        match = fts_query(query)
        if match is None:
            return []
        k = clamp_k(k)
        try:
            rows = self._db.execute(
                f"SELECT source, turn, role, path, line_start, line_end, {_SNIPPET}, {_BM25} "
                f"FROM chunks WHERE chunks MATCH ? ORDER BY {_BM25} LIMIT ?",
                (match, k),
            ).fetchall()
        except sqlite3.Error:
            # fts_query quotes every term, so this is not expected; a search tool the
            # model calls must answer "no matches" rather than crash the turn
            return []
        return [_hit(row) for row in rows]

    def close(self) -> None:
        """Release the in-memory database."""
        self._db.close()

    def _insert(self, rows: Sequence[tuple[object, ...]]) -> list[int]:
        rowids = list(range(self._next_rowid, self._next_rowid + len(rows)))
        self._next_rowid += len(rows)
        self._db.executemany(
            "INSERT INTO chunks (rowid, text, path, source, turn, role, line_start, line_end) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(rowid, *row) for rowid, row in zip(rowids, rows, strict=True)],
        )
        return rowids

    def _delete(self, rowids: Iterable[int]) -> None:
        self._db.executemany("DELETE FROM chunks WHERE rowid = ?", [(r,) for r in rowids])


def clamp_k(k: int) -> int:
    """Bound a requested hit count to 1..20."""
    return max(1, min(MAX_K, int(k)))


def fts_query(query: str) -> str | None:
    """An FTS5 MATCH expression for free text: each word quoted, ORed; None if no words."""
    terms: list[str] = []
    for token in _TOKEN.findall(query.lower()):
        # quoting makes every word a literal: AND, NEAR, *, ( lose their FTS5 meaning
        term = '"' + token.replace('"', '""') + '"'
        if term not in terms:
            terms.append(term)
        if len(terms) == MAX_QUERY_TERMS:
            break
    return " OR ".join(terms) if terms else None


def format_hits(hits: list[Hit]) -> str:
    """Hits as the tool shows them to the model, or `No matches.`."""
    if not hits:
        return "No matches."
    return "\n\n".join(f"[{hit.label()}] {hit.text}" for hit in hits)


OnQuery = Callable[[str, int, list[Hit]], None]
# the session's knowledge base: one agent (and its tools) serves every sample of a task,
# so the tool finds its sample's index here rather than holding one
_SESSION_KB: ContextVar[tuple[KnowledgeBase, OnQuery | None] | None] = ContextVar(
    "stamina_knowledge_base", default=None
)


def bind_knowledge_base(kb: KnowledgeBase, on_query: OnQuery | None = None) -> None:
    """Make ``kb`` the one project_search tools without their own index use, in this sample."""
    _SESSION_KB.set((kb, on_query))


@tool
def project_search(kb: KnowledgeBase | None = None, on_query: OnQuery | None = None) -> Tool:
    """The `project_search` tool over a knowledge base (default: the session's bound one).

    ``on_query`` sees each query, k and hits.
    """

    async def execute(query: str, k: int = 5) -> str:
        """Search this project's earlier conversation and its current source files.

        Finds earlier user messages and your replies (by turn) and code in the workspace
        (by file and line range) that match the query words, best match first. Use it to
        recall a requirement, decision or detail from earlier turns, or to locate code.

        Args:
            query: Words to search for, e.g. names, identifiers or a phrase from a requirement.
            k: How many results to return (1 to 20).

        Returns:
            The matching snippets, each labelled with its turn and speaker or file and lines.
        """
        bound = (kb, on_query) if kb is not None else _SESSION_KB.get()
        if bound is None:
            raise ToolError("project_search has no knowledge base in this session.")
        index, report = bound
        count = clamp_k(k)
        hits = index.search(query, count)
        if report is not None:
            report(query, count, hits)
        return format_hits(hits)

    return execute


def _hit(row: tuple[Any, ...]) -> Hit:
    source, turn, role, path, line_start, line_end, snippet, rank = row
    text = str(snippet).strip()
    if len(text) > SNIPPET_CHARS:
        text = text[: SNIPPET_CHARS - 1].rstrip() + "…"
    if source == "dialogue":
        return Hit(source="dialogue", turn=turn, role=role, text=text, score=-float(rank))
    return Hit(
        source="file",
        path=str(path),
        lines=(int(line_start), int(line_end)),
        text=text,
        score=-float(rank),
    )


def _chunk_text(text: str, limit: int) -> list[str]:
    """Split text into pieces of at most about `limit` chars at paragraph, then line, breaks."""
    text = text.strip()
    if not text:
        return []
    pieces: list[str] = []
    for paragraph in _PARAGRAPH_BREAK.split(text):
        if len(paragraph) <= limit:
            pieces.append(paragraph)
            continue
        lines = [part for line in paragraph.splitlines() for part in _hard_split(line, limit)]
        pieces.extend(_pack(lines, limit, "\n"))
    return list(_pack(pieces, limit, "\n\n"))


def _hard_split(line: str, limit: int) -> Iterator[str]:
    # a single overlong line: cut at the last space before the limit when there is one
    while len(line) > limit:
        cut = line.rfind(" ", limit // 2, limit)
        cut = cut if cut > 0 else limit
        yield line[:cut]
        line = line[cut:].lstrip()
    if line.strip():
        yield line


def _pack(pieces: list[str], limit: int, joiner: str) -> Iterator[str]:
    # greedy: neighbouring short paragraphs share a chunk so chunks are neither tiny nor huge
    current = ""
    for piece in pieces:
        if not piece.strip():
            continue
        if current and len(current) + len(joiner) + len(piece) > limit:
            yield current
            current = ""
        current = f"{current}{joiner}{piece}" if current else piece
    if current:
        yield current


def _chunk_lines(content: str, size: int) -> Iterator[tuple[int, int, str]]:
    """Consecutive `size`-line chunks of a file as (first line, last line, text), 1-based."""
    lines = content.splitlines()
    for start in range(0, len(lines), size):
        block = lines[start : start + size]
        text = "\n".join(block)
        if text.strip():
            yield start + 1, start + len(block), text
