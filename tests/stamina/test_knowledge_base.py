"""The project knowledge base: FTS5 retrieval, incremental file indexing, the Inspect tool."""

from __future__ import annotations

import time

import pytest
from inspect_ai.tool import ToolDef

from inspect_stamina.stamina.knowledge_base import (
    DIALOGUE_CHUNK_CHARS,
    Hit,
    KnowledgeBase,
    fts_query,
    project_search,
)

DISTRACTORS = [
    "Please add a subtract operation to the calculator and keep the tests green.",
    "The server should log every request; use the standard logging module.",
    "Refactor the parser so that errors carry the column number.",
    "Can you document the configuration file format in the README?",
    "Add a retry with exponential backoff to the HTTP client.",
]


def session(turns: int = 100) -> KnowledgeBase:
    """A knowledge base with `turns` synthetic turns; turn 3 plants the staging port."""
    kb = KnowledgeBase()
    for turn in range(1, turns + 1):
        user = DISTRACTORS[turn % len(DISTRACTORS)]
        if turn == 3:
            user = "One more thing: the staging deployment listens on port 8743, not the default."
        kb.add_dialogue(turn, "user", user)
        kb.add_dialogue(turn, "assistant", f"Done for turn {turn}: updated the server and tests.")
    return kb


def source_file(name: str, lines: int = 200, marker: str = "") -> str:
    body = [f"def {name}_helper_{i}(x):  # step {i} of the {name} pipeline" for i in range(lines)]
    if marker:
        body[57] = f"ZEBRA_LIMIT = {marker}  # the zebra limit agreed with the user"
    return "\n".join(body) + "\n"


def test_fact_planted_in_turn_three_is_the_top_hit() -> None:
    kb = session()
    hits = kb.search("which port does the staging deployment listen on?")
    assert hits
    top = hits[0]
    assert (top.source, top.turn, top.role) == ("dialogue", 3, "user")
    assert "8743" in top.text
    assert top.score >= hits[-1].score
    assert kb.dialogue_messages == 200


def test_identifiers_and_stemming_match() -> None:
    kb = KnowledgeBase()
    kb.add_dialogue(1, "user", "Rename parse_expr to parse_expression everywhere.")
    kb.add_dialogue(2, "assistant", "I parsed the expressions in the tests.")
    assert kb.search("parse_expr")[0].turn == 1
    assert {h.turn for h in kb.search("test")} == {2}  # porter: "tests" matches "test"


def test_long_messages_are_chunked_at_paragraphs() -> None:
    kb = KnowledgeBase()
    paragraphs = [f"Paragraph {i} talks about topic{i} " + "filler words " * 40 for i in range(6)]
    kb.add_dialogue(7, "assistant", "\n\n".join(paragraphs))
    assert kb.chunk_count >= 3
    hit = kb.search("topic4", k=1)[0]
    assert hit.turn == 7 and hit.role == "assistant" and "topic4" in hit.text
    assert len(hit.text) <= 400
    # one paragraph-free line longer than a chunk is still split
    kb2 = KnowledgeBase()
    kb2.add_dialogue(1, "user", "word " * (DIALOGUE_CHUNK_CHARS // 2))
    assert kb2.chunk_count >= 3


def test_invalid_role_and_empty_text() -> None:
    kb = KnowledgeBase()
    with pytest.raises(ValueError):
        kb.add_dialogue(1, "system", "hi")
    kb.add_dialogue(1, "user", "   \n\n  ")
    assert kb.chunk_count == 0


def test_files_are_indexed_incrementally() -> None:
    kb = KnowledgeBase()
    files = {"calc/ops.py": source_file("ops", marker="17"), "calc/io.py": source_file("io")}
    kb.update_files(files)
    assert kb.files_indexed == 2
    assert kb.chunk_count == 10  # 200 lines in 40-line chunks, two files

    hit = kb.search("zebra limit", k=1)[0]
    assert (hit.source, hit.path, hit.lines) == ("file", "calc/ops.py", (41, 80))
    assert "ZEBRA_LIMIT = 17" in hit.text

    kb.update_files(files)  # unchanged: nothing re-indexed
    assert kb.files_indexed == 2

    changed = dict(files)
    changed["calc/ops.py"] = source_file("ops", lines=100, marker="99")
    kb.update_files(changed)  # the changed file replaces its old chunks
    assert kb.files_indexed == 3
    assert kb.chunk_count == 5 + 3
    zebra = kb.search("zebra limit")
    assert len(zebra) == 1 and "ZEBRA_LIMIT = 99" in zebra[0].text

    del changed["calc/ops.py"]
    kb.update_files(changed)  # a deleted file leaves the index
    assert kb.files_removed == 1
    assert kb.file_paths == ["calc/io.py"]
    assert kb.search("zebra limit") == []
    assert kb.chunk_count == 5


def test_path_words_find_files() -> None:
    kb = KnowledgeBase()
    kb.update_files({"calc/tokenizer.py": "x = 1\n", "calc/ops.py": "y = 2\n"})
    hit = kb.search("tokenizer", k=1)[0]
    assert hit.path == "calc/tokenizer.py" and hit.lines == (1, 1)


@pytest.mark.parametrize(
    "query", ['"AND OR (', "*", "NEAR(", "", "   ", ")))", '"', "^-:+", "AND", "NOT OR"]
)
def test_fts_syntax_in_queries_never_raises(query: str) -> None:
    kb = session(10)
    hits = kb.search(query)
    assert isinstance(hits, list)
    if not any(c.isalnum() for c in query):
        assert hits == []
        assert fts_query(query) is None


def test_operator_words_are_searched_as_words() -> None:
    kb = KnowledgeBase()
    kb.add_dialogue(1, "user", "Support AND and OR in the boolean NEAR filter.")
    assert [h.turn for h in kb.search("AND OR NEAR(")] == [1]


def test_k_is_clamped() -> None:
    kb = session(30)
    assert len(kb.search("server", k=0)) == 1
    assert len(kb.search("server", k=-5)) == 1
    assert len(kb.search("server", k=1000)) == 20
    assert len(kb.search("server", k=3)) == 3


def test_indexing_a_long_session_is_cheap() -> None:
    kb = KnowledgeBase()
    files = {f"pkg/mod{i}.py": source_file(f"mod{i}") for i in range(200)}
    started = time.perf_counter()
    kb.update_files(files)
    first = time.perf_counter() - started
    started = time.perf_counter()
    for turn in range(1, 101):
        kb.add_dialogue(turn, "user", DISTRACTORS[turn % 5] + f" request {turn}")
        kb.add_dialogue(turn, "assistant", f"Reply {turn}: changed pkg/mod{turn}.py")
        files[f"pkg/mod{turn}.py"] = source_file(f"mod{turn}") + f"# turn {turn}\n"
        kb.update_files(files)
    indexed = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(100):
        kb.search("exponential backoff retry for mod42 helper", k=10)
    searched = (time.perf_counter() - started) / 100
    print(f"200 files: {first:.3f}s; 100 turns: {indexed:.3f}s; search: {searched * 1000:.2f}ms")
    assert kb.files_indexed == 200 + 100  # only the file changed in each turn is re-indexed
    assert kb.chunk_count == 100 * 2 + 200 * 5 + 100  # 201-line files grow a sixth chunk


async def test_tool_formats_hits_and_reports_queries() -> None:
    kb = session(20)
    kb.update_files({"calc/ops.py": source_file("ops", marker="17")})
    seen: list[tuple[str, int, list[Hit]]] = []
    search = project_search(kb, on_query=lambda q, k, hits: seen.append((q, k, hits)))

    output = await search(query="staging port", k=50)
    assert isinstance(output, str)
    assert output.startswith("[turn 3, user] ")
    assert "8743" in output
    assert len(seen) == 1 and seen[0][0] == "staging port" and seen[0][1] == 20
    assert seen[0][2][0].turn == 3

    output = await search(query="zebra limit", k=1)
    assert isinstance(output, str)
    assert output.startswith("[calc/ops.py:41-80] ")
    assert seen[-1][2] == kb.search("zebra limit", 1)

    assert await search(query="*") == "No matches."
    assert seen[-1] == ("*", 5, [])


def test_tool_definition() -> None:
    tool_def = ToolDef(project_search(KnowledgeBase()))
    assert tool_def.name == "project_search"
    assert tool_def.description
    params = tool_def.parameters.properties
    assert set(params) == {"query", "k"}
    assert params["query"].description and params["k"].description
    assert tool_def.parameters.required == ["query"]
