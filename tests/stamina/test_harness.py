"""The in-sandbox harness without a sandbox: the proxy that keeps the agent's code out of
the test process, the data it trusts, and the reports it reads.

The proxy runs here as the checker would run it, but with no users to switch to: the
agent's code runs in a child process of this user (``as_runner.py`` without a broker).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from inspect_stamina.stamina.check_batch import _canary, is_node_test_runner
from inspect_stamina.stamina.check_layout import harness_files, trusted_conftest
from inspect_stamina.stamina.harness import driver, junit_reports, wire
from inspect_stamina.stamina.harness.junit_reports import junit_results

HARNESS = Path(driver.__file__).parent

AGENT_PACKAGE = '''
import os
from collections import namedtuple
from dataclasses import dataclass

UNITS = {"m": 1.0, "km": 1000.0}
Point = namedtuple("Point", "x y")


class CalcError(ValueError):
    def __str__(self):
        return "E001: " + self.args[0]


@dataclass
class Item:
    sku: str
    qty: int


class Ghost:
    """Equal to everything, holding nothing: the proxy must not take its word for it."""

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


def add(a, b):
    print("adding", a, b)
    return a + b


def div(a, b):
    if b == 0:
        raise CalcError("zero")
    return a / b


def items():
    return {"a": Item("a", 1)}


def push(values, x):
    values.append(x)


def apply(function, x):
    return function(x) * 2


def count(n):
    yield from range(n)


def home():
    return os.environ.get("HOME"), os.getcwd()


def odd_values():
    return [float("nan"), float("inf"), b"\\x00\\x01", {1, 2}, (3, 4), Point(1, 2), None]


def ghost():
    return Ghost()


def crash():
    os._exit(3)


def old_add(a, b):
    import warnings

    warnings.warn("old_add is deprecated; use add", DeprecationWarning, stacklevel=2)
    return a + b


def noisy():
    import warnings

    class Custom(UserWarning):
        pass

    for n in range(50):
        warnings.warn("x" * 5000, Custom)
    return 1


class Counter:
    def __init__(self):
        self.n = 0

    def inc(self):
        self.n += 1
        return self.n

    def __len__(self):
        return self.n


# on import, the audit's forgery: make pytest's report drop failures (harmless here:
# this module is never imported by the test process)
try:
    import _pytest.junitxml as junit

    junit._NodeReporter.append_failure = lambda self, report: None
except Exception:
    pass
'''

TESTS = """
import math
import os
import subprocess
import sys

import pytest

from calc import (
    UNITS, CalcError, Counter, Item, Point, add, apply, count, crash, div, ghost, home,
    items, noisy, odd_values, old_add, push,
)
import calc


def test_calls_and_printing(capsys):
    assert add(2, 3) == 5
    assert "adding 2 3" in capsys.readouterr().out
    assert calc.add(1, 1) == 2 and UNITS == {"m": 1.0, "km": 1000.0}


def test_exceptions_keep_their_class_and_text():
    with pytest.raises(CalcError, match="E001"):
        div(1, 0)
    with pytest.raises(ValueError):
        div(1, 0)
    assert str(CalcError("x")) == "E001: x"
    with pytest.raises(ModuleNotFoundError):
        import calc.nowhere  # noqa: F401


def test_warnings_of_the_agents_code_reach_the_test():
    with pytest.warns(DeprecationWarning, match="use add"):
        assert old_add(1, 2) == 3
    # an agent's own category arrives as a UserWarning, a bounded few, each cut short
    with pytest.warns(UserWarning) as seen:
        assert noisy() == 1
    assert len(seen) == 20 and all(len(str(w.message)) == 2000 for w in seen)


def test_a_call_that_does_not_warn_fails_pytest_warns():
    with pytest.warns(DeprecationWarning):
        add(1, 2)


def test_objects_compare_by_the_data_they_hold():
    got = items()
    assert got["a"] == Item("a", 1) and got["a"] != Item("a", 2)
    assert got["a"].qty == 1 and isinstance(got["a"], Item)
    assert ghost() != ghost() and ghost() != 1


def test_arguments_changed_in_place_and_callbacks():
    values = [1]
    push(values, 2)
    assert values == [1, 2]
    assert apply(lambda v: v + 1, 3) == 8


def test_iteration_state_and_environment(monkeypatch):
    assert list(count(600)) == list(range(600))
    counter = Counter()
    counter.inc()
    counter.inc()
    assert len(counter) == 2 and counter.n == 2
    monkeypatch.setenv("HOME", "/nowhere")
    assert home()[0] == "/nowhere"


def test_values_come_back_as_data():
    nan, inf, raw, numbers, pair, point, nothing = odd_values()
    assert math.isnan(nan) and inf == math.inf and raw == b"\\x00\\x01"
    assert numbers == {1, 2} and pair == (3, 4) and point.y == 2 and point == (1, 2)
    assert nothing is None and type(pair) is tuple and type(numbers) is set


def test_programs_run_through_the_runner_launcher(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.argv)"], capture_output=True, text=True
    )
    assert result.returncode == 0 and "-c" in result.stdout
    assert oct(os.stat(tmp_path).st_mode & 0o777) == "0o777"


def test_a_crash_fails_that_call_and_the_next_call_works():
    with pytest.raises(Exception, match="ended during the call"):
        crash()
    assert add(1, 2) == 3


def test_a_wrong_answer_fails():
    assert add(2, 2) == 5
"""


def run_proxied(
    tmp_path: Path, package: str, tests: str, broker: str | None = None
) -> dict[str, str]:
    """The tests in a pytest process set up as the checker's, against the package (the
    agent's process started through ``broker`` when given)."""
    workspace, test_dir, share = tmp_path / "ws", tmp_path / "tests", tmp_path / "share"
    (workspace / "calc").mkdir(parents=True)
    test_dir.mkdir()
    share.mkdir()
    (workspace / "calc" / "__init__.py").write_text(package)
    (test_dir / "test_calc.py").write_text(tests)
    conftest = trusted_conftest(str(HARNESS), str(workspace), str(test_dir), broker, str(share))
    (test_dir / "conftest.py").write_text(conftest)
    junit = tmp_path / "junit.xml"
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run(
        [
            sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider",
            f"--rootdir={test_dir}", "-c", os.devnull, f"--confcutdir={test_dir}",
            "--import-mode=importlib", f"--junitxml={junit}", "-o", "junit_family=xunit1",
            str(test_dir),
        ],
        cwd=workspace, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    import xml.etree.ElementTree as ET

    outcomes = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        failed = any(child.tag in ("failure", "error") for child in case)
        outcomes[case.get("name") or ""] = "failed" if failed else "passed"
    return outcomes


def assert_the_proxys_outcomes(outcomes: dict[str, str]) -> None:
    """TESTS' outcomes against AGENT_PACKAGE: all pass but the two that must fail."""
    failed = {name for name, outcome in outcomes.items() if outcome == "failed"}
    # the forgery in the package patched nothing here: the wrong answer still fails
    assert failed == {
        "test_a_wrong_answer_fails",
        "test_a_call_that_does_not_warn_fails_pytest_warns",
    }, outcomes
    assert len(outcomes) == 11


def test_the_proxy_runs_ordinary_tests_against_code_it_never_imports(tmp_path: Path) -> None:
    assert_the_proxys_outcomes(run_proxied(tmp_path, AGENT_PACKAGE, TESTS))


def test_the_test_process_refuses_to_run_workspace_code(tmp_path: Path) -> None:
    sneaky = """
import importlib.util, os, pytest

def test_loading_the_agents_file_by_path_is_refused():
    path = os.path.join(os.environ.get("WS", "."), "calc", "__init__.py")
    spec = importlib.util.spec_from_file_location("sneak", os.path.abspath(path))
    with pytest.raises(ImportError, match="never runs in the test process"):
        spec.loader.exec_module(importlib.util.module_from_spec(spec))

def test_starting_a_program_around_subprocess_is_refused():
    with pytest.raises(PermissionError):
        os.execv("/bin/true", ["true"])
"""
    outcomes = run_proxied(tmp_path, AGENT_PACKAGE, sneaky)
    assert outcomes == {
        "test_loading_the_agents_file_by_path_is_refused": "passed",
        "test_starting_a_program_around_subprocess_is_refused": "passed",
    }


JS_PACKAGE = """\
import assert from "node:assert/strict";

// on import, the forgery: every assertion passes in whatever process loads this module
assert.deepStrictEqual = () => {};
assert.throws = () => {};

export const PAGE_SIZE = 20;
export function chunk(items, size) {
  const result = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
export function wrong(a, b) { return a - b; }
export function where() { return process.argv[1]; }
export function apply(fn, x) { return fn(x) * 2; }
export function fail() { throw new RangeError("out of range"); }
export function odd() { return [NaN, undefined, -0, 10n, new Map([[1, 2]]), new Set([3])]; }
"""

JS_TESTS = """\
import { test } from "node:test";
import assert from "node:assert/strict";

const workspace = process.env.STAMINA_WORKSPACE ?? "/workspace";
const lib = await import(`${workspace}/pkg/index.js`);

test("proxied", () => { assert.match(lib.where(), /js_host\\.mjs$/); });
test("data", () => { assert.deepStrictEqual(lib.chunk([1, 2, 3], 2), [[1, 2], [3]]); });
test("constant", () => { assert.equal(lib.PAGE_SIZE, 20); });
test("callback", () => { assert.equal(lib.apply((v) => v + 1, 3), 8); });
test("throws", () => { assert.throws(() => lib.fail(), RangeError); });
test("odd values", () => {
  assert.deepStrictEqual(lib.odd(), [NaN, undefined, -0, 10n, new Map([[1, 2]]), new Set([3])]);
});
test("a wrong answer fails", () => { assert.deepStrictEqual(lib.wrong(2, 2), 4); });
"""


def test_the_javascript_proxy_runs_node_tests_against_code_they_never_import(
    tmp_path: Path,
) -> None:
    workspace, tests = tmp_path / "ws", tmp_path / "tests"
    (workspace / "pkg").mkdir(parents=True)
    tests.mkdir()
    (workspace / "package.json").write_text('{"type": "module"}')
    (workspace / "pkg" / "index.js").write_text(JS_PACKAGE)
    (tests / "pkg.test.mjs").write_text(JS_TESTS)
    junit = tmp_path / "junit.xml"
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "STAMINA_WORKSPACE": str(workspace),
        "NODE_OPTIONS": f"--import=file://{HARNESS}/js_proxy.mjs",
    }
    subprocess.run(
        ["node", "--test", "--test-reporter=junit", f"--test-reporter-destination={junit}",
         str(tests / "pkg.test.mjs")],
        cwd=workspace, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    import xml.etree.ElementTree as ET

    outcomes = {
        case.get("name"): any(c.tag == "failure" for c in case)
        for case in ET.parse(junit).getroot().iter("testcase")
    }
    assert outcomes == {
        "proxied": False,
        "data": False,
        "constant": False,
        "callback": False,
        "throws": False,
        "odd values": False,
        "a wrong answer fails": True,
    }, outcomes


@pytest.mark.parametrize(
    ("runner", "trusted"),
    [
        ("node --test --test-reporter=junit --test-reporter-destination={junit} {test}", True),
        ("node --test {test}", True),
        # a reporter named by path would load a module of anyone's choosing
        ("node --test --test-reporter=/workspace/r.mjs {test}", False),
        ("node --test --import=/workspace/x.mjs {test}", False),
        ("npm test -- {test}", False),
        ("bash {tests}/run.sh {junit} {test}", False),
    ],
)
def test_only_plain_node_test_runs_as_the_checker(runner: str, trusted: bool) -> None:
    assert is_node_test_runner(runner) is trusted


# --- the data the test process trusts ---------------------------------------------------
def roundtrip(value: Any) -> Any:
    data = json.loads(json.dumps(wire.encode(value, lambda v: pytest.fail(f"no data: {v!r}"))))
    return wire.decode(data, lambda d: pytest.fail(f"unknown {d}"))


@pytest.mark.parametrize(
    "value",
    [
        1, 2**80, -0.5, "x", None, True, [1, [2]], (1, (2,)), {"a": 1, 2: [3]}, {1, 2},
        frozenset({3}), b"\x00", bytearray(b"ab"), 1 + 2j, Decimal("1.10"), Fraction(1, 3),
        date(2026, 12, 2), Path("/a/b"), range(1, 5, 2),
    ],
)  # fmt: skip
def test_data_round_trips_to_the_same_type_and_value(value: Any) -> None:
    back = roundtrip(value)
    assert back == value and type(back) is type(value) or isinstance(value, Path)


def test_special_floats_and_subclasses_become_plain_data() -> None:
    from collections import Counter, OrderedDict
    from enum import IntEnum

    class Level(IntEnum):
        HIGH = 3

    assert math.isnan(roundtrip(float("nan"))) and roundtrip(-math.inf) == -math.inf
    assert type(roundtrip(Counter("aab"))) is dict and roundtrip(OrderedDict(a=1)) == {"a": 1}
    assert roundtrip(Level.HIGH) == 3 and type(roundtrip(Level.HIGH)) is int


@pytest.mark.parametrize(
    "data",
    [
        {"$": "eval", "v": "__import__('os')"},
        {"$": "namedtuple", "name": "os.system", "fields": ["x"], "v": [1]},
        {"$": "namedtuple", "name": "P", "fields": ["_x"], "v": [1]},
        {"$": "float", "v": "1e999"},
        {"$": "dict", "v": [[1]]},
        {"no": "tag"},
    ],
)
def test_hostile_data_is_refused(data: Any) -> None:
    with pytest.raises(wire.WireError):
        wire.decode(data, lambda d: (_ for _ in ()).throw(wire.WireError("unknown")))


def test_data_nested_too_deeply_is_refused() -> None:
    data: Any = 1
    for _ in range(wire.MAX_DEPTH + 5):
        data = [data]
    with pytest.raises(wire.WireError):
        wire.decode(data, lambda d: None)


# --- the reports of in-process runs ----------------------------------------------------------
def report(tmp_path: Path, cases: list[tuple[str, bool]]) -> str:
    body = "".join(
        f'<testcase classname="tests.test_x" name="{name}" file="tests/test_x.py">'
        + ("" if passed else '<failure message="boom">no</failure>')
        + "</testcase>"
        for name, passed in cases
    )
    path = tmp_path / "junit.xml"
    path.write_text(
        f'<?xml version="1.0"?><testsuites><testsuite name="pytest">{body}</testsuite></testsuites>'
    )
    return str(path)


@pytest.fixture
def canary() -> dict[str, str]:
    return _canary("pytest")[0]


def test_an_honest_in_process_report_counts(tmp_path: Path, canary: dict[str, str]) -> None:
    junit = report(
        tmp_path,
        [
            ("test_a", True),
            (f"test_canary_{canary['fail']}", False),
            (f"test_nonce_{canary['pass']}", True),
        ],
    )
    [result] = junit_results(junit, ["tests/test_x.py"], "", 1.0, 4000, canary).values()
    assert result["passed"] and result["passed_tests"] == 1 and not result.get("tampered")


@pytest.mark.parametrize(
    ("canary_passes", "nonce"),
    [(True, True), (None, True), (False, False)],
    ids=["canary passed", "canary missing", "nonce missing"],
)
def test_a_forged_in_process_report_fails_every_file(
    tmp_path: Path, canary: dict[str, str], canary_passes: bool | None, nonce: bool
) -> None:
    cases = [("test_a", True)]
    if canary_passes is not None:
        cases.append((f"test_canary_{canary['fail']}", canary_passes))
    if nonce:
        cases.append((f"test_nonce_{canary['pass']}", True))
    junit = report(tmp_path, cases)
    [result] = junit_results(junit, ["tests/test_x.py"], "", 1.0, 4000, canary).values()
    assert not result["passed"] and result["tampered"] and "tampered" in result["output"]


def test_top_level_cases_count_as_node_reports_them(tmp_path: Path) -> None:
    # node's JUnit reporter puts tests outside any describe block under testsuites
    canary = _canary("node")[0]
    junit = tmp_path / "node.xml"
    junit.write_text(
        '<testsuites><testsuite name="file.test.mjs"><testcase name="a" classname="test"/>'
        f'</testsuite><testcase name="canary {canary["fail"]}" classname="test">'
        f'<failure message="1 !== 2"/></testcase><testcase name="nonce {canary["pass"]}" '
        'classname="test"/></testsuites>'
    )
    [result] = junit_results(str(junit), ["file.test.mjs"], "", 1.0, 4000, canary).values()
    assert result["passed"] and not result.get("tampered"), result


def test_a_run_that_passed_nothing_is_a_failure_not_tampering(
    tmp_path: Path, canary: dict[str, str]
) -> None:
    junit = report(tmp_path, [("", False)])  # a conftest that could not load
    [result] = junit_results(junit, ["tests/test_x.py"], "boom", 1.0, 4000, canary).values()
    assert not result["passed"] and not result.get("tampered")


def test_a_report_with_a_document_type_or_behind_a_link_is_not_read(tmp_path: Path) -> None:
    entity = tmp_path / "entity.xml"
    entity.write_text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><testsuites/>')
    assert junit_reports.read_report(str(entity)) is None
    honest = report(tmp_path, [("test_a", True)])
    link = tmp_path / "link.xml"
    link.symlink_to(honest)
    assert (
        junit_reports.read_report(str(link)) is None
        and junit_reports.read_report(honest) is not None
    )


@pytest.mark.parametrize(
    ("code", "output", "reason"),
    [
        (137, "", "killed (exit status 137: most often the sandbox's memory limit)"),
        (139, "Segmentation fault", "ended by signal 11"),
        (2, "usage: driver.py SPEC", "ended with exit status 2"),
    ],
)
def test_a_check_run_without_a_result_says_why(code: int, output: str, reason: str) -> None:
    from inspect_stamina.stamina.checks import _no_result

    why = _no_result(code, output)
    assert why.startswith("the check run produced no result: ") and reason in why
    assert output in why


def test_a_process_left_running_does_not_hold_a_check_up(tmp_path: Path) -> None:
    # the agent's code can start a process in a session of its own that keeps the
    # command's output open: the check ends with the command, not with that process
    import time

    script = "setsid sleep 30 & echo started"
    began = time.monotonic()
    code, output, _ = driver._run(["bash", "-c", script], str(tmp_path), dict(os.environ), 60)
    assert code == 0 and "started" in output and "held its output" in output
    assert time.monotonic() - began < 10


def _placed_harness(root: Path) -> Path:
    """The harness files a check run places, written under root as the root script does."""
    for name, data in harness_files().items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def _import_driver(harness: Path) -> subprocess.CompletedProcess[str]:
    code = f"import sys; sys.path.insert(0, {str(harness)!r}); import driver"
    return subprocess.run(
        [sys.executable, "-I", "-S", "-v", "-c", code], capture_output=True, text=True
    )


def test_the_placed_harness_loads_from_its_byte_code(tmp_path: Path) -> None:
    """Every placed module has byte code beside it, which this Python reads instead of
    compiling the module (a check run cannot write byte code)."""
    harness = _placed_harness(tmp_path)
    modules = sorted(p.stem for p in harness.glob("*.py"))
    cached = sorted(p.name.split(".")[0] for p in (harness / "__pycache__").iterdir())
    assert modules == cached and "driver" in modules
    run = _import_driver(harness)
    assert run.returncode == 0, run.stderr
    for module in ("driver", "as_runner", "junit_reports"):
        assert f"code object from '{harness}/__pycache__/{module}." in run.stderr


def test_a_placed_module_whose_source_changed_runs_its_source(tmp_path: Path) -> None:
    """The byte code is checked against its source: it never stands in for other code."""
    harness = _placed_harness(tmp_path)
    driver_source = harness / "driver.py"
    driver_source.write_text('raise SystemExit("the source ran")\n')
    run = _import_driver(harness)
    assert run.returncode == 1 and "the source ran" in run.stderr
    assert f"code object from '{harness}/__pycache__/driver." not in run.stderr
