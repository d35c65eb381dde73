"""Check runs: the checkpoints due at a turn and the regression re-runs, in one batch.

One sandbox call per check run, as root: the script in ``check_layout.py`` places the
benchmark's files, runs the driver as ``checker`` (through a broker that starts
programs as ``runner``) and removes every trace of both check users afterwards.

The agent's code runs only as ``runner``, which cannot read TESTS_DIR; the process that
decides a pytest verdict (the checker's) never runs it (``harness/agent_proxy.py``).
Nothing the agent wrote is overwritten or deleted, and the agent's pytest configuration
and conftest files play no part. The README's security section has the threat model.
"""

from __future__ import annotations

import base64
import json
import re
import secrets
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from inspect_ai.util import sandbox

from inspect_stamina.sandbox.users import as_root
from inspect_stamina.stamina.check_layout import (
    BROKER,
    COMMAND_ENV,
    HARNESS_DIR,
    HARNESS_SOURCE,
    INPROC_CONFTEST,
    INPROC_DIR,
    MANIFEST_BEGIN,
    MANIFEST_END,
    NODE_TEST_ENV,
    RUN_SCRIPT,
    SHARE_DIR,
    SPEC_NAME,
    TEST_ENV,
    trusted_conftest,
)
from inspect_stamina.stamina.harness import agent_proxy, driver
from inspect_stamina.stamina.record import CheckResult
from inspect_stamina.stamina.sandbox import (
    CHECKER_USER,
    TESTS_DIR,
    WORKSPACE,
    files_archive,
    parse_manifest,
    read_tree,
)
from inspect_stamina.stamina.script import Checkpoint, Isolation

OUTPUT_LIMIT = 4000


def is_node_test_runner(runner: str) -> bool:
    """Whether a batched runner is plain ``node --test`` over its test files: options of
    the test runner's own, the files ({test}) and the report ({junit}), nothing else (so
    it can run as the checker: it loads our files, and the agent's only through the proxy)."""
    try:
        words = shlex.split(runner)
    except ValueError:
        return False
    return (
        words[:2] == ["node", "--test"]
        and "{test}" in words
        and all(w == "{test}" or agent_proxy.NODE_TEST_OPTION.fullmatch(w) for w in words[2:])
    )


_FRAMEWORKS = {
    "vitest": re.compile(r"""from\s+["']vitest["']"""),
    "node": re.compile(r"""from\s+["']node:test["']"""),
}


def _framework(texts: Sequence[str]) -> str | None:
    """The JavaScript test framework a batch's files use, for a canary it can run."""
    for kind, pattern in _FRAMEWORKS.items():
        if any(pattern.search(text) for text in texts):
            return kind
    return None


def _failed(name: str, why: str) -> CheckResult:
    return CheckResult(name=name, passed=False, output=why[-OUTPUT_LIMIT:])


def _isolation(checkpoint: Checkpoint, default: Isolation) -> Isolation:
    return checkpoint.isolation or default


async def run_checks(
    checkpoints: Sequence[Checkpoint], script_dir: Path, isolation: Isolation = "proxied"
) -> list[CheckResult]:
    """Run checkpoints in one guarded check run, in order."""
    if not checkpoints:
        return []
    results, _ = await run_checks_with_manifest(checkpoints, script_dir, False, isolation)
    return results


class _Batch:
    """What one check run places and runs, built from the due checks."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.tests: list[dict[str, Any]] = []
        self.inproc_tests: list[dict[str, Any]] = []
        self.commands: list[dict[str, Any]] = []
        self.suites: dict[str, dict[str, Any]] = {}

    def place(self, tree: str, files: Mapping[str, bytes]) -> None:
        for name, data in files.items():
            self.files[f"{tree}/{name}"] = data

    def spec(self) -> dict[str, Any]:
        """The driver's instructions; the in-process runs' canaries placed beside their tests."""
        for suite in self.suites.values():
            if suite["trusted"]:
                suite["canary"] = None  # it never loads the agent's code
                continue
            texts = [
                self.files.get(f"inproc/{f}", b"").decode("utf-8", "replace")
                for f in suite["files"]
            ]
            kind = _framework(texts)
            # a runner of another framework gets no canary: it could not run one
            suite["canary"] = self._canary(kind) if kind else None
        spec: dict[str, Any] = {
            "tests_dir": TESTS_DIR,
            "inproc_dir": INPROC_DIR,
            "share_dir": SHARE_DIR,
            "private_dir": f"/home/{CHECKER_USER}",
            "broker": BROKER,
            "workspace": WORKSPACE,
            "tests": self.tests,
            "inproc_tests": self.inproc_tests,
            "commands": self.commands,
            "suites": list(self.suites.values()),
            "output_limit": OUTPUT_LIMIT,
            "test_env": TEST_ENV,
            "command_env": COMMAND_ENV,
            "node_test_env": NODE_TEST_ENV,
        }
        if self.inproc_tests:
            spec["inproc_canary"] = self._canary("pytest")
        return spec

    def _canary(self, kind: str) -> dict[str, str]:
        canary, source = _canary(kind)
        self.files[f"inproc/{canary['file']}"] = source.encode()
        return canary

    def bundle(self) -> dict[str, bytes]:
        """Every file the check run places, keyed tests/, inproc/ or harness/."""
        spec = self.spec()
        harness = {
            p.name: p.read_bytes()
            for p in sorted(HARNESS_SOURCE.iterdir())
            if p.suffix in (".py", ".mjs") and p.name != "__init__.py"
        }
        return {
            **self.files,
            **{f"harness/{name}": data for name, data in harness.items()},
            f"tests/{SPEC_NAME}": json.dumps(spec).encode(),
            "tests/conftest.py": trusted_conftest(
                HARNESS_DIR, WORKSPACE, TESTS_DIR, BROKER, SHARE_DIR
            ).encode(),
            "tests/pytest.ini": b"[pytest]\n",
            "inproc/conftest.py": INPROC_CONFTEST.encode(),
            "inproc/pytest.ini": b"[pytest]\n",
        }

    def limit(self) -> float:
        """How long the run may take: a batch that times out is retried file by file, so
        twice its timeouts bound both tries."""
        return (
            sum(float(t["timeout"]) for t in [*self.tests, *self.inproc_tests]) * 2
            + sum(float(c["timeout"]) for c in self.commands)
            + sum(float(t) for s in self.suites.values() for t in s["timeouts"].values()) * 2
        )


def _canary(kind: str) -> tuple[dict[str, str], str]:
    """A test that must fail and one that must pass, under fresh random names, for an
    in-process run: a report that lacks them, or shows the first passing, was tampered with."""
    fail, passing, name = secrets.token_hex(8), secrets.token_hex(8), secrets.token_hex(6)
    if kind == "pytest":
        source = (
            f"def test_canary_{fail}():\n    assert 1 == 2\n\n\n"
            f"def test_nonce_{passing}():\n    assert 1 == 1\n"
        )
        file = f"test_zz_{name}.py"
    elif kind == "vitest":
        source = (
            'import { test, expect } from "vitest";\n'
            f'test("canary {fail}", () => {{ expect(1).toBe(2); }});\n'
            f'test("nonce {passing}", () => {{ expect(1).toBe(1); }});\n'
        )
        file = f"zz_{name}.test.js"
    else:
        source = (
            'import { test } from "node:test";\n'
            'import assert from "node:assert/strict";\n'
            f'test("canary {fail}", () => {{ assert.equal(1, 2); }});\n'
            f'test("nonce {passing}", () => {{ assert.equal(1, 1); }});\n'
        )
        file = f"zz_{name}.test.mjs"
    return {"fail": fail, "pass": passing, "file": file}, source


async def run_checks_with_manifest(
    checkpoints: Sequence[Checkpoint],
    script_dir: Path,
    manifest: bool = True,
    isolation: Isolation = "proxied",
) -> tuple[list[CheckResult], dict[str, str] | None]:
    """The check run, and (in the same sandbox call) the workspace manifest before it.

    The manifest is None when the check run could not report one.
    """
    batch = _Batch()
    for c in checkpoints:
        if c.action != "run_tests":
            assert c.command is not None
            batch.commands.append({"command": c.command, "timeout": c.timeout})
            continue
        assert c.test_file is not None
        # node's test runner over our files runs as the checker, with the JavaScript proxy
        trusted_node = c.batched and is_node_test_runner(c.runner or "")
        proxied = _isolation(c, isolation) == "proxied" and (c.runner is None or trusted_node)
        tree = "tests" if proxied else "inproc"
        batch.place(tree, _test_files(script_dir, c))
        if c.runner is None:
            (batch.tests if proxied else batch.inproc_tests).append(
                {"path": c.test_file, "timeout": c.timeout}
            )
        elif c.batched:
            # one runner call for every due test of the same runner: its start-up
            # (node, a bundler, a DOM) is paid once per check run, not once per test
            runner = c.runner.replace("{tests}", TESTS_DIR if proxied else INPROC_DIR)
            suite = batch.suites.setdefault(
                runner, {"runner": runner, "files": [], "timeouts": {}, "trusted": proxied}
            )
            if c.test_file not in suite["timeouts"]:
                suite["files"].append(c.test_file)
                suite["timeouts"][c.test_file] = c.timeout
        else:
            batch.commands.append({"command": runner_command(c), "timeout": c.timeout})
    payload, listing = await _execute(batch, manifest)
    if isinstance(payload, str):
        return [_failed(c.label, payload) for c in checkpoints], listing
    results = _results(checkpoints, payload, isolation)
    # tests and commands overlap in the sandbox: share the batch's wall time between the
    # checks in proportion to their own times, so the seconds add up to what was spent
    wall, spent = float(str(payload.get("wall", 0.0))), sum(r.seconds for r in results)
    if wall and spent:
        for r in results:
            r.seconds = wall * r.seconds / spent
    return results, listing


async def run_acceptance(
    script_dir: Path, directory: str, timeout: float = 600, isolation: Isolation = "proxied"
) -> CheckResult:
    """Run the acceptance test directory in one check run; count tests passed / total."""
    name = f"acceptance: {directory}"
    batch = _Batch()
    entry = {"path": directory, "timeout": timeout}
    if isolation == "proxied":
        batch.place("tests", read_tree(script_dir, directory))
        batch.tests.append(entry)
    else:
        batch.place("inproc", read_tree(script_dir, directory))
        batch.inproc_tests.append(entry)
    payload, _ = await _execute(batch)
    if isinstance(payload, str):
        return _failed(name, payload)
    tests = payload["tests" if isolation == "proxied" else "inproc_tests"]
    result = tests.get(directory) if isinstance(tests, dict) else None
    if result is None:
        return _failed(name, "the acceptance tests did not run")
    return _check_result(name, result)


def _test_files(script_dir: Path, checkpoint: Checkpoint) -> dict[str, bytes]:
    """A run_tests checkpoint's files: its test (a file or a tree), its support files and
    every conftest.py on its path, keyed by their paths beside the script."""
    assert checkpoint.test_file is not None
    source = script_dir / checkpoint.test_file
    if source.is_dir():
        files = read_tree(script_dir, checkpoint.test_file)
    else:
        files = {checkpoint.test_file: source.read_bytes()}
    for parent in Path(checkpoint.test_file).parents:
        conftest = script_dir / parent / "conftest.py"
        if parent != Path(".") and conftest.is_file():
            files[(parent / "conftest.py").as_posix()] = conftest.read_bytes()
    for support in checkpoint.support:
        files[support] = (script_dir / support).read_bytes()
    return files


async def run_command_check(
    command: str, expected: str | None, timeout: float = 120
) -> CheckResult:
    """One command as the runner (a rule or probe check): passes on exit 0 and `expected`."""
    probe = Checkpoint(
        at_turn=1, action="docker_exec", command=command, expected=expected, timeout=int(timeout)
    )
    [result] = await run_checks([probe], Path("."))
    return result


async def _execute(
    batch: _Batch, manifest: bool = False
) -> tuple[dict[str, Any] | str, dict[str, str] | None]:
    """The one sandbox call: the driver's JSON result (or why there is none), and the
    workspace manifest when asked for."""
    limit = int(batch.limit()) + 120
    try:
        result = await sandbox().exec(
            ["bash", "-c", RUN_SCRIPT],
            input=base64.b64encode(files_archive(batch.bundle())),
            user=await as_root(),
            timeout=limit,
            env={"STAMINA_MANIFEST": "1" if manifest else "0"},
        )
    except TimeoutError:
        return f"the check run did not finish within {limit} s", None
    except Exception as ex:  # noqa: BLE001 - a broken sandbox fails the checks, not the session
        return f"the check run could not start: {type(ex).__name__}: {ex}", None
    listing = None
    head, begin, rest = result.stdout.partition(MANIFEST_BEGIN)
    if begin and MANIFEST_END in rest:
        listing = parse_manifest(rest.split(MANIFEST_END, 1)[0])
    _, marker, tail = result.stdout.rpartition(driver.MARKER)
    if not marker:
        return _no_result(result.returncode, result.stderr or result.stdout), listing
    try:
        payload: dict[str, Any] = json.loads(tail)
    except ValueError:
        return "the check run's result was unreadable", listing
    return payload, listing


def _no_result(code: int, output: str) -> str:
    """Why a check run printed no result: the driver's status, a kill, the memory limit."""
    text = output.strip()[-800:]
    if code == 137 or "Killed" in text:
        why = "it was killed (exit status 137: most often the sandbox's memory limit)"
    elif code < 0 or code > 128:
        why = f"it ended by signal {code - 128 if code > 128 else -code}"
    else:
        why = f"it ended with exit status {code}"
    return f"the check run produced no result: {why}" + (f"; its output: {text}" if text else "")


def runner_command(checkpoint: Checkpoint) -> str:
    """A run_tests checkpoint's own runner, pointed at its test in the in-process directory."""
    assert checkpoint.runner is not None and checkpoint.test_file is not None
    test = shlex.quote(f"{INPROC_DIR}/{checkpoint.test_file}")
    return checkpoint.runner.replace("{test}", test).replace("{tests}", INPROC_DIR)


def _check_result(name: str, r: Mapping[str, Any]) -> CheckResult:
    return CheckResult(
        name=name,
        passed=bool(r["passed"]),
        output=r["output"],
        passed_tests=r["passed_tests"],
        total_tests=r["total_tests"],
        seconds=r["seconds"],
        tampered=bool(r.get("tampered", False)),
    )


def _results(
    checkpoints: Sequence[Checkpoint], payload: dict[str, Any], isolation: Isolation
) -> list[CheckResult]:
    commands = iter(payload["commands"])
    results = []
    for c in checkpoints:
        if c.action == "run_tests" and (c.runner is None or c.batched):
            if c.batched:
                source = payload.get("suites") or {}
            elif _isolation(c, isolation) == "proxied":
                source = payload.get("tests") or {}
            else:
                source = payload.get("inproc_tests") or {}
            r = source.get(c.test_file)
            if r is None:
                results.append(_failed(c.label, "the test file did not run"))
            else:
                results.append(_check_result(c.label, r))
            continue
        r = next(commands)
        output = str(r["output"])
        passed = r["code"] == 0 and (c.expected is None or c.expected in output)
        if r["code"] == 0 and not passed:
            output += f"\n[expected output to contain {c.expected!r}]"
        results.append(
            CheckResult(
                name=c.label, passed=passed, output=output[-OUTPUT_LIMIT:], seconds=r["seconds"]
            )
        )
    return results
