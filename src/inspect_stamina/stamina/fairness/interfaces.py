"""Stated interfaces: every name, path, key, status or flag a check needs is said first.

A check is fair when it tests only what the user said. This instrument reads each
checkpoint's test (pytest files with `ast`, JavaScript tests with regexes, docker_exec
commands by their `python -c` bodies and `python -m` calls) and every acceptance test,
collects what it needs from the agent's code, and reports each item that no prompt at or
before the checkpoint's turn states (any turn, for acceptance tests). What counts as a
prompt's words: its text, its stated interface and its answer (`Prompt.spoken` and
`answer`), and the target and edge case a template prompt renders into its text.

The needs are read by ``python_needs.py`` (pytest files and snippets) and
``js_needs.py`` (JavaScript tests, docker_exec commands) in the terms of ``needs.py``.

Static analysis only: no test or reference code is ever run. Precision comes before
recall: an item the analysis cannot attribute to the agent's code is left out, and a
test that accepts variants explicitly (`in (200, 204)`, `or`, `any(...)`, a conditional)
is not held to any one of them.
"""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from inspect_stamina.stamina.fairness.js_needs import command_needs, js_needs
from inspect_stamina.stamina.fairness.needs import (
    CODE_SUFFIXES,
    FRAMEWORK_ATTRIBUTES,
    FRAMEWORK_IMPORTS,
    FRAMEWORK_MODULES,
    JS_SUFFIXES,
    KINDS,
    KNOWN_EXIT_CODES,
    KNOWN_STATUSES,
    PARAM,
    PATH_TOKEN,
    STATUS_PHRASES,
    TEST_TOOLS,
    URL_TEXT,
    WORD,
    Need,
    NeedContext,
    strip_suffix,
)
from inspect_stamina.stamina.fairness.python_needs import python_needs
from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript

NAME = "stated interfaces"
NAME = "stated interfaces"


# ---------------------------------------------------------------------------------------
# what the user said


class Stated:
    """Everything the user said up to some turn, with the matchers for each kind."""

    def __init__(self, prompts: list[str], frameworks: frozenset[str]) -> None:
        self.prompts = prompts
        text = "\n".join(prompts)
        self.text = text
        self.words = set(WORD.findall(text))
        self.frameworks = frameworks
        found = URL_TEXT.findall(text)
        self.urls = [_segments(u) for u in found]
        # "`tags/` under the prefix we agreed" states /api/v1/tags/: a relative path said
        # as one (a trailing slash) joins any absolute prefix said as one
        self.prefixes = [_segments(u) for u in found if u.startswith("/") and u.endswith("/")]
        self.relative = [_segments(u) for u in found if not u.startswith("/") and u.endswith("/")]
        self.tokens = [_path_segments(t) for t in PATH_TOKEN.findall(text)]

    def states(self, need: Need) -> bool:
        """Whether the user's words state the needed item."""
        kind, item = need.kind, need.item
        if item.startswith("__") and item.endswith("__"):
            return True  # dunders (__version__, __main__) belong to Python, not the user
        if kind in ("name", "attribute", "keyword"):
            return item in self.words or self._framework_name(item)
        if kind == "flag":
            return _says(self.text, item)
        if kind == "key":
            parent, _, key = item.rpartition(".")
            if not parent:
                return _says(self.text, key)
            # a nested key (error.fields) is stated with its parent, in one prompt: the
            # word alone may mean something else ("a serializer with all the fields")
            return any(_says(p, parent) and _says(p, key) for p in self.prompts)
        if kind == "status":
            return (
                int(item) in KNOWN_STATUSES
                or self._number(item)
                or any(re.search(p, self.text) for p in STATUS_PHRASES.get(int(item), ()))
            )
        if kind == "exit code":
            return int(item) in KNOWN_EXIT_CODES or self._number(item)
        if kind == "url":
            needed = _segments(item)
            return any(_url_matches(needed, stated) for stated in self.urls) or any(
                _url_matches(needed, prefix + rest)
                for prefix in self.prefixes
                for rest in self.relative
            )
        if kind == "module":
            return self._module(item)
        if kind == "file":
            return self._file(item)
        return False

    def _number(self, item: str) -> bool:
        # "status 2." states 2; "2.7" and "1.0.0" do not
        return re.search(rf"(?<![\d.])(?<!\d\.){item}(?!\d|\.\d)", self.text) is not None

    def _framework_name(self, item: str) -> bool:
        return any(item in FRAMEWORK_ATTRIBUTES.get(f, ()) for f in self.frameworks)

    def _contains(self, parts: list[str]) -> bool:
        n = len(parts)
        return any(
            token[i : i + n] == parts for token in self.tokens for i in range(len(token) - n + 1)
        )

    def _module(self, item: str) -> bool:
        parts = _path_segments(item) if "/" in item else [p for p in item.split(".") if p]
        if not parts:
            return True
        if self._contains(parts):
            return True
        # a framework's own module under a stated package (config.settings)
        last = parts[-1]
        generated = any(last in FRAMEWORK_MODULES.get(f, ()) for f in self.frameworks)
        return generated and len(parts) > 1 and self._contains(parts[:-1])

    def _file(self, item: str) -> bool:
        if self._contains(_path_segments(item)):
            return True
        # "the Dockerfile for the backend" states backend/Dockerfile: the file's name and
        # each directory said, in any order
        *dirs, base = item.strip("/").split("/")
        return base in self.text and all(d in self.words for d in dirs)


def _says(text: str, item: str) -> bool:
    """Whether the text has the item as a whole token (a word, a quoted key, a flag)."""
    return re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", text) is not None


def _path_segments(token: str) -> list[str]:
    """A path or dotted name as segments, without a source file's suffix."""
    token = token.strip("/")
    for suffix in CODE_SUFFIXES:
        if token.endswith(suffix):
            token = token[: -len(suffix)]
            break
    parts = re.split(r"[/:]", token)
    # a dotted module path (stockroom.cli) is segments too; a file name keeps its dot
    out: list[str] = []
    for part in parts:
        out += part.split(".") if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", part) else [part]
    return [p for p in out if p]


def _segments(url: str) -> list[str]:
    """A URL path's segments, without its query string, trailing slash or full stop."""
    parts = [s for s in url.split("?")[0].split("/") if s]
    parts = [s.rstrip(".:") if i == len(parts) - 1 else s for i, s in enumerate(parts)]
    return [s for s in parts if s]


def _url_matches(needed: list[str], stated: list[str]) -> bool:
    if len(needed) != len(stated):
        return False
    for got, said in zip(needed, stated, strict=True):
        if got == "{}":
            continue  # the test fills it at run time: any stated segment will do
        if got == said:
            continue
        if PARAM.match(said) and (got.isdigit() or PARAM.match(got)):
            continue
        return False
    return True


# ---------------------------------------------------------------------------------------
# which code is the agent's


def _created_paths(loaded: LoadedScript) -> list[str]:
    """The workspace paths the script's references create."""
    paths: list[str] = []
    directory = loaded.directory
    for turn in loaded.turns():
        ref = turn.prompt.reference
        if not ref or not (directory / ref).exists():
            continue
        path = directory / ref
        if path.is_dir():
            paths += [str(p.relative_to(path)) for p in sorted(path.rglob("*")) if p.is_file()]
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix in (".patch", ".diff"):
            paths += re.findall(r"^\+\+\+ b/(\S+)", text, re.M)
        else:
            # a shell reference: the files it writes or copies to, and directories it makes
            paths += re.findall(r"(?:>|mkdir -p|touch|cp\s+\S+)\s+([\w./-]+)", text)
            paths += re.findall(r"(?<![\w/])((?:[\w.-]+/)*[\w.-]+\.(?:py|js|jsx|mjs|ts|tsx))", text)
    return [p.strip("/") for p in paths if not p.startswith("/")]


def _context(loaded: LoadedScript) -> NeedContext:
    created = _created_paths(loaded)
    frameworks = frozenset(f.lower() for f in loaded.script.frameworks)
    excluded = set(sys.stdlib_module_names) | TEST_TOOLS
    excluded |= {FRAMEWORK_IMPORTS.get(f, f).replace("-", "_") for f in frameworks}
    roots: set[str] = set()
    for path in created:
        parts = path.split("/")
        if parts[-1].endswith(".py"):
            # the module root may be any directory on the way (backend/ holds todos/)
            roots.update(parts[:-1])
            roots.add(parts[-1][:-3])
    for turn in loaded.turns():
        roots.update(re.findall(r"package (?:named|called) `?(\w+)", turn.prompt.spoken))
    return NeedContext(
        roots=frozenset(r for r in roots if r.isidentifier() and r not in excluded),
        created=tuple(strip_suffix(p) for p in created),
        frameworks=frameworks,
    )


# ---------------------------------------------------------------------------------------
# the instrument


@dataclass
class _Source:
    """One thing checked: a test file or a command, at a turn (None: the acceptance tests)."""

    turn: int | None
    label: str
    needs: list[Need] = field(default_factory=list)
    where_is_line: bool = True


def _file_needs(path: Path, context: NeedContext) -> list[Need]:
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".py":
        return python_needs(text, context)
    if path.suffix in JS_SUFFIXES:
        return js_needs(text, context)
    return []


def _acceptance_files(directory: Path) -> Iterator[Path]:
    for path in sorted(directory.rglob("*")):
        name = path.name
        if not path.is_file() or "node_modules" in path.parts:
            continue
        python_test = (name.startswith("test_") and name.endswith(".py")) or name.endswith(
            "_test.py"
        )
        if python_test or re.search(r"\.(test|spec)\.[cm]?[jt]sx?$", name):
            yield path


def _sources(loaded: LoadedScript, context: NeedContext) -> list[_Source]:
    sources = []
    directory = loaded.directory
    for checkpoint in loaded.checkpoints():
        if checkpoint.test_file:
            path = directory / checkpoint.test_file
            if path.is_file():
                sources.append(
                    _Source(checkpoint.at_turn, checkpoint.test_file, _file_needs(path, context))
                )
        elif checkpoint.command:
            label = f"{loaded.path.name}: checkpoint {checkpoint.name or checkpoint.command[:40]!r}"
            needs = command_needs(checkpoint.command, context)
            sources.append(_Source(checkpoint.at_turn, label, needs, where_is_line=False))
    if loaded.acceptance_dir and (directory / loaded.acceptance_dir).is_dir():
        for path in _acceptance_files(directory / loaded.acceptance_dir):
            label = str(path.relative_to(directory))
            sources.append(_Source(None, label, _file_needs(path, context)))
    return sources


def _spoken_by_turn(loaded: LoadedScript) -> list[str]:
    """What the user says at each turn (index 0 is turn 1)."""
    spoken = []
    for turn in loaded.turns():
        prompt = turn.prompt
        parts = [prompt.spoken, prompt.answer or "", prompt.target or "", prompt.edge_case or ""]
        spoken.append("\n".join(p for p in parts if p))
    return spoken


def stated_interfaces(loaded: LoadedScript) -> InstrumentResult:
    """Every name, path, key, status or flag a check needs, and whether the user stated it."""
    started = time.perf_counter()
    context = _context(loaded)
    spoken = _spoken_by_turn(loaded)
    frameworks = context.frameworks
    stated_at: dict[int, Stated] = {}

    def stated(turn: int) -> Stated:
        if turn not in stated_at:
            stated_at[turn] = Stated(spoken[:turn], frameworks)
        return stated_at[turn]

    each_turn = [Stated([text], frameworks) for text in spoken]

    def first_stated(need: Need) -> int | None:
        return next((i + 1 for i, s in enumerate(each_turn) if s.states(need)), None)

    findings: list[Finding] = []
    checked: Counter[str] = Counter()
    unstated: Counter[str] = Counter()
    variants = 0
    for source in _sources(loaded, context):
        turn = source.turn if source.turn is not None else len(spoken)
        said = stated(turn)
        seen: set[tuple[str, str]] = set()
        missing_keys: set[str] = set()
        for need in source.needs:
            if need.variant:
                variants += 1
                continue
            if (need.kind, need.item) in seen:
                continue
            seen.add((need.kind, need.item))
            checked[need.kind] += 1
            if said.states(need):
                continue
            if need.kind == "key":
                parent, _, key = need.item.rpartition(".")
                missing_keys.add(key)
                if parent.rpartition(".")[2] in missing_keys:
                    continue  # error.fields is reported: not each field under it too
            unstated[need.kind] += 1
            later = first_stated(need)
            when = (
                f"at or before turn {turn}"
                if source.turn is not None
                else "in any prompt (acceptance test)"
            )
            message = f"{need.kind} {need.item!r} is not stated {when}"
            if later is not None and source.turn is not None:
                message += f" (first stated at turn {later})"
            where = f"{source.label}:{need.line}" if source.where_is_line else source.label
            findings.append(Finding(message, source.turn, where))
    figures: dict[str, object] = {
        "checked": sum(checked.values()),
        "unstated": sum(unstated.values()),
        "accepted variants": variants,
    }
    for kind in KINDS:
        if checked[kind]:
            figures[f"{kind} checked"] = checked[kind]
            figures[f"{kind} unstated"] = unstated[kind]
    notes = [
        f"agent modules (from references and prompts): {', '.join(sorted(context.roots)) or 'none'}",
        "allowed without being stated: dunder names, HTTP status 200, exit code 0, "
        "framework-generated modules and framework API names of the script's frameworks",
    ]
    return InstrumentResult(
        name=NAME,
        passed=not findings,
        findings=findings,
        figures=figures,
        notes=notes,
        seconds=time.perf_counter() - started,
    )
