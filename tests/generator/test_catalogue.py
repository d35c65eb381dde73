"""Every function template of every domain holds on its own, before a script uses it.

For each template: its correct body passes its cases (and its defect's cases: from
generator version 3 a feature's checkpoint tests every property its prompt states, the
defect's edge case included); its naive body, when it has one, fails the defect's cases;
its changed body passes the change's cases. Each is rendered and tested as a script would
render and test it: the domain's language writes the package and the test file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from inspect_stamina.generator import library
from inspect_stamina.generator.domains import DOMAINS, Domain
from inspect_stamina.generator.languages.language import TIMING_FLOOR
from inspect_stamina.generator.model import Cases, FunctionTemplate, Plant, Project, Slowdown
from tests.generator.test_generator import node_passes, passes

PACKAGE = "catalogue_pkg"


def _templates(domain: Domain) -> list[FunctionTemplate]:
    return [*domain.templates, *domain.more_templates]


def _project(
    domain: Domain, template: FunctionTemplate, body: str, plants: tuple[Plant, ...] = ()
) -> Project:
    """A package holding `template` with `body`, after the functions it requires."""
    by_name = {t.name: t for t in [*_templates(domain), *domain.library]}
    project = Project(PACKAGE)
    order: list[FunctionTemplate] = []

    def need(t: FunctionTemplate) -> None:
        for name in t.requires:
            if all(o.name != name for o in order):
                need(by_name[name])
        if all(o.name != t.name for o in order):
            order.append(t)

    need(template)
    from inspect_stamina.generator.model import LiveFunction

    for t in order:
        chosen = body if t is template else t.body
        project.functions[t.name] = LiveFunction(t, t.module, chosen, t.cases, t.raises)
    for plant in plants or domain.plants:  # a body may read a constant fixed earlier
        project.constants[plant.constant] = plant.value
    return project


def _holds(
    domain: Domain,
    template: FunctionTemplate,
    body: str,
    cases: Cases,
    raises: Cases,
    tmp: Path,
    plants: tuple[Plant, ...] = (),
    extra: str = "",
) -> bool:
    """Whether `body` passes `cases` and `raises` (and the `extra` tests), as the domain's
    checkpoint tests them."""
    lang = domain.lang
    work = tmp / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for path, text in lang.render(_project(domain, template, body, plants)).items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(text)
    test_name = f"test_t001_{template.name}{lang.test_suffix}"
    source = lang.test(PACKAGE, [([template.name], cases, raises)], suite=test_name, extra=extra)
    if domain.language == "javascript":
        test_file = work / "tests" / test_name
        test_file.parent.mkdir(exist_ok=True)
        test_file.write_text(source)
        return node_passes(test_file, work)
    return passes(source, work, PACKAGE)


# the domains whose check starts a process per template (node; a server per test): the
# fast tier holds every third of their templates (a change to how the domain renders or
# tests still shows there), `make test` all of them
_PROCESS_PER_CHECK = ("algorithms-js", "webapi")


def _tier(domain_name: str, index: int) -> tuple[pytest.MarkDecorator, ...]:
    return (pytest.mark.slow,) if domain_name in _PROCESS_PER_CHECK and index % 3 else ()


CASES = [
    pytest.param(name, t.name, id=f"{name}:{t.name}", marks=_tier(name, i))
    for name, domain in DOMAINS.items()
    for i, t in enumerate(_templates(domain))
]


@pytest.fixture(autouse=True)
def _library_on_path() -> object:
    """The invented library (fenwright) from its source, as the image installs it."""
    sys.dont_write_bytecode = True
    added = str(library.SOURCE) not in sys.path
    if added:
        sys.path.append(str(library.SOURCE))
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(library.SOURCE), *([old] if old else [])])
    yield
    if old is None:
        del os.environ["PYTHONPATH"]
    else:
        os.environ["PYTHONPATH"] = old
    if added:
        sys.path.remove(str(library.SOURCE))


@pytest.mark.parametrize(("domain_name", "name"), CASES)
def test_a_template_holds_on_its_own(domain_name: str, name: str, tmp_path: Path) -> None:
    domain = DOMAINS[domain_name]
    template = next(t for t in _templates(domain) if t.name == name)
    assert _holds(domain, template, template.body, template.cases, template.raises, tmp_path), (
        "the correct body fails its own cases"
    )
    if template.defect is not None:
        defect = template.defect
        assert _holds(domain, template, template.body, defect.cases, (), tmp_path), (
            "the correct body fails the defect's cases: the prompt states that property, "
            "so the feature's checkpoint tests it"
        )
        assert not _holds(domain, template, defect.naive_body, defect.cases, (), tmp_path), (
            "the naive body passes the defect's cases: the bug report would be false"
        )
    if template.change is not None:
        change = template.change
        assert _holds(domain, template, change.body, change.cases, change.raises, tmp_path), (
            "the changed body fails the change's cases"
        )
        # the change's checkpoint also runs on the state before its turn: the old body
        # must finish on the change's cases (passes raises when a body never returns);
        # that it fails there is the replay's check, per script
        _holds(domain, template, template.body, change.cases, change.raises, tmp_path)


REVISED = [
    pytest.param(name, t.name, id=f"{name}:{t.name}")
    for name, domain in DOMAINS.items()
    for t in domain.revised_templates
]


@pytest.mark.parametrize(("domain_name", "name"), REVISED)
def test_a_revised_template_holds_on_its_own(domain_name: str, name: str, tmp_path: Path) -> None:
    """A template version 3 asks for in place of a published one (its requirement stated
    more fully) passes its own cases, as a script renders and tests them."""
    domain = DOMAINS[domain_name]
    template = next(t for t in domain.revised_templates if t.name == name)
    assert any(t.name == name for t in _templates(domain)), "it revises a published template"
    assert _holds(domain, template, template.body, template.cases, template.raises, tmp_path)


def test_names_are_unique_within_a_domain() -> None:
    for name, domain in DOMAINS.items():
        names = [t.name for t in [*_templates(domain), *domain.library]]
        assert len(names) == len(set(names)), name
        taken = set(names) & (set(domain.fakes) | set(domain.renames.values()))
        assert not taken, f"{name}: {sorted(taken)} are also fakes or rename targets"


PLANT_CASES = [
    pytest.param(name, plant.constant, id=f"{name}:{plant.constant}")
    for name, domain in DOMAINS.items()
    for plant in domain.plants
]


@pytest.mark.parametrize(("domain_name", "constant"), PLANT_CASES)
def test_every_value_a_plant_may_take_has_a_probe_that_holds(
    domain_name: str, constant: str, tmp_path: Path
) -> None:
    """Each value a seed may draw: the probe's body passes that value's cases; where the
    cases differ from the first value's, the first value fails them (the value matters)."""
    domain = DOMAINS[domain_name]
    base = next(p for p in domain.plants if p.constant == constant)
    others = tuple(p for p in domain.plants if p is not base)
    for choice in base.choices():
        probe = choice.probe
        with_choice = (choice, *others)
        assert _holds(domain, probe, probe.body, probe.cases, probe.raises, tmp_path, with_choice)
        if probe.cases != base.probe.cases:
            assert not _holds(
                domain, probe, probe.body, probe.cases, (), tmp_path, (base, *others)
            ), choice.value


SLOW_CASES = [
    pytest.param(name, function, id=f"{name}:{function}")
    for name, domain in DOMAINS.items()
    for function in domain.slowdowns
]


def _slowed(domain_name: str, name: str) -> tuple[Domain, FunctionTemplate, Slowdown]:
    domain = DOMAINS[domain_name]
    return domain, next(t for t in _templates(domain) if t.name == name), domain.slowdowns[name]


def _program(domain: Domain, params: str, body: str, arguments: str) -> list[str]:
    """A command calling a function of `body` alone on `arguments`, in the domain's language."""
    if domain.language == "javascript":
        return ["node", "-e", f"function run({params}) {{\n{body}\n}}\nrun({arguments});"]
    return [sys.executable, "-c", f"def run({params}):\n{body}\n\nrun({arguments})\n"]


@pytest.mark.parametrize(("domain_name", "name"), SLOW_CASES)
def test_a_slow_rewrite_is_right_on_every_case(domain_name: str, name: str, tmp_path: Path) -> None:
    """The teammate's rewrite is correct (the user reports slowness, nothing else): it
    passes the function's cases, the defect's and the rejected arguments; the
    reference body runs on its own, as the timing test holds it beside the agent's."""
    domain, template, slow = _slowed(domain_name, name)
    cases = (*template.cases, *(template.defect.cases if template.defect else ()))
    assert _holds(domain, template, slow.slow_body, cases, template.raises, tmp_path)
    assert not template.requires, "the timing test holds the reference body on its own"
    alone = _program(domain, template.params, template.body, slow.arguments)
    assert subprocess.run(alone, capture_output=True, timeout=60).returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize(("domain_name", "name"), SLOW_CASES)
def test_the_timing_test_tells_a_slow_rewrite_from_the_function(
    domain_name: str, name: str, tmp_path: Path
) -> None:
    """On the input the user names, the function as asked for passes the turn's timing
    test, and the rewrite runs past twice the bound's floor (so past the bound
    wherever the reference takes under a tenth of the floor)."""
    domain, template, slow = _slowed(domain_name, name)
    live = _project(domain, template, template.body).functions[name]
    timing = domain.lang.timing_test(name, live, slow.arguments)
    assert timing is not None
    assert _holds(domain, template, template.body, template.cases, (), tmp_path, extra=timing)
    slowly = _program(domain, template.params, slow.slow_body, slow.arguments)
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run(slowly, capture_output=True, timeout=2 * TIMING_FLOOR, check=True)
