"""Turns built on fenwright, the invented library shipped in the stamina image: the agent
can only learn it from its reference, so that reference must hold everything the turns
need, and hold it correctly."""

from __future__ import annotations

import ast
import doctest
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from inspect_stamina.generator import library
from inspect_stamina.generator.generate import DOMAINS, generate
from inspect_stamina.stamina.loaded_script import load_script

LIBRARY_DOMAINS = [name for name, domain in DOMAINS.items() if domain.library]


@pytest.fixture(scope="module")
def fenwright() -> Iterator[ModuleType]:
    """The library from its source in the image's build context (the host has no install)."""
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(library.SOURCE))
    try:
        import fenwright

        yield fenwright
    finally:
        sys.path.remove(str(library.SOURCE))


def used_api(body: str, fenwright: ModuleType) -> set[str]:
    """What a function body uses of the library: `fenwright.NAME`, and `Class.method` for
    each method it calls that one of the library's classes defines."""
    classes = {n: getattr(fenwright, n) for n in fenwright.__all__}
    classes = {n: c for n, c in classes.items() if isinstance(c, type)}
    used = set()
    for node in ast.walk(ast.parse("def f():\n" + body)):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id == library.NAME:
            assert node.attr in fenwright.__all__, f"fenwright.{node.attr} is not public"
            used.add(f"fenwright.{node.attr}")
        else:
            used |= {f"{n}.{node.attr}" for n, c in classes.items() if hasattr(c, node.attr)}
    return used


def documented() -> set[str]:
    """What the reference documents: `fenwright.NAME` and `Class.method` headings, the
    library names its tables list, and each class's methods listed in a table under it."""
    names, section = set(), ""
    for line in library.REFERENCE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"### (?:class )?((?:fenwright\.)?\w+(?:\.\w+)?)\b", line)
        if heading:
            section = heading.group(1).removeprefix("fenwright.").split(".")[0]
            names.add(heading.group(1))
        elif line.startswith("| "):
            names |= {f"fenwright.{n}" for n in re.findall(r"`fenwright\.(\w+)", line)}
            method = re.match(r"\| `\.(\w+)\(", line)
            if method:
                names.add(f"{section}.{method.group(1)}")
    return names


def library_bodies() -> list[tuple[str, str]]:
    """(label, body) of every library function's first body and changed body."""
    bodies = []
    for name in LIBRARY_DOMAINS:
        for template in DOMAINS[name].library:
            bodies.append((f"{name}/{template.name}", template.body))
            if template.change:
                bodies.append((f"{name}/{template.name} changed", template.change.body))
    return bodies


def test_the_reference_documents_every_api_the_library_turns_use(fenwright: ModuleType) -> None:
    docs = documented()
    bodies = library_bodies()
    assert len(LIBRARY_DOMAINS) >= 2 and len(bodies) >= 8
    for label, body in bodies:
        used = used_api(body, fenwright)
        assert used, label
        missing = sorted(used - docs)
        assert not missing, f"{label} uses {missing}, which {library.REFERENCE.name} lacks"


def test_each_change_needs_more_of_the_library_than_its_first_body(
    fenwright: ModuleType,
) -> None:
    for name in LIBRARY_DOMAINS:
        for template in DOMAINS[name].library:
            assert template.change is not None, template.name
            first = used_api(template.body, fenwright)
            assert used_api(template.change.body, fenwright) - first, template.name


def test_the_reference_examples_run_as_shown(fenwright: ModuleType) -> None:
    text = library.REFERENCE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    parsed = doctest.DocTestParser().get_doctest(
        "\n".join(blocks), {}, library.REFERENCE.name, str(library.REFERENCE), 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(parsed, out=lambda _: None)
    assert result.attempted >= 25
    assert result.failed == 0, (
        f"{result.failed} examples of {library.REFERENCE} do not run as shown"
    )


@pytest.mark.parametrize("domain", LIBRARY_DOMAINS)
@pytest.mark.parametrize("turns", [20, 100])
def test_library_turns_ask_for_it_and_check_results_and_import(
    tmp_path: Path, domain: str, turns: int
) -> None:
    script = load_script(generate(domain, turns, 0, tmp_path / "script"))
    turns_of = {t.number: t for t in script.turns()}
    asked = [t for t in script.turns() if library.DOCS in t.prompt.text]
    assert len(asked) == len(DOMAINS[domain].library) == 2
    for turn in asked:
        assert f"`{library.NAME}`" in turn.prompt.text  # quoted: user noise never misspells it
        kinds = sorted((c.action, c.behavioural) for c in turn.checkpoints)
        assert kinds == [("docker_exec", False), ("run_tests", True)], turn.number
        check = next(c for c in turn.checkpoints if c.action == "docker_exec")
        assert check.expected == library.IMPORTS and check.until_turn is None
    names = {t.name for t in DOMAINS[domain].library}
    changed = [
        c
        for c in script.checkpoints()
        if c.name and c.name.endswith("follows the change") and c.name.split()[0] in names
    ]
    assert len(changed) == 1
    first = changed[0].at_turn
    assert first > max(t.number for t in asked)
    assert f"`{library.NAME}`" in turns_of[first].prompt.text


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_version_1_and_domains_without_library_never_mention_it(
    tmp_path: Path, domain: str
) -> None:
    # version 1 of every domain it writes; version 2 of a domain without library turns
    d = DOMAINS[domain]
    versions = [v for v in ("1", "2") if int(v) >= d.since and (v == "1" or not d.library)]
    for version in versions:
        path = generate(domain, 100, 0, tmp_path / version, version=version)
        assert library.NAME not in path.read_text(), (domain, version)
