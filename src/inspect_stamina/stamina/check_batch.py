"""What one check run places and runs: the due checks sorted into the driver's
instructions (``harness/driver.py``), with the files the root script places
(``check_layout.py``) and a canary beside every run that loads the agent's code.
"""

from __future__ import annotations

import json
import re
import secrets
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from inspect_stamina.stamina.check_layout import (
    BROKER,
    COMMAND_ENV,
    HARNESS_DIR,
    INPROC_CONFTEST,
    INPROC_DIR,
    NODE_TEST_ENV,
    SHARE_DIR,
    SPEC_NAME,
    TEST_ENV,
    WARM_INPROC,
    WARM_PYTEST,
    harness_files,
    trusted_conftest,
)
from inspect_stamina.stamina.harness.checker_guard import NODE_TEST_OPTION
from inspect_stamina.stamina.sandbox import CHECKER_USER, TESTS_DIR, WORKSPACE, read_tree
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
        and all(w == "{test}" or NODE_TEST_OPTION.fullmatch(w) for w in words[2:])
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


def isolation_of(checkpoint: Checkpoint, default: Isolation) -> Isolation:
    """A checkpoint's isolation: its own, else the check run's."""
    return checkpoint.isolation or default


class CheckBatch:
    """What one check run places and runs, built from the due checks."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.tests: list[dict[str, Any]] = []
        self.inproc_tests: list[dict[str, Any]] = []
        self.commands: list[dict[str, Any]] = []
        self.suites: dict[str, dict[str, Any]] = {}

    def place(self, tree: str, files: Mapping[str, bytes]) -> None:
        """Place files in one of the run's trees (tests, inproc)."""
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
            "warm_pytest": WARM_PYTEST,
            "warm_inproc": WARM_INPROC,
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

    def bundle(self, harness: bool = True) -> dict[str, bytes]:
        """Every file the check run places, keyed tests/, inproc/ or (with `harness`)
        harness/."""
        spec = self.spec()
        placed = harness_files() if harness else {}
        return {
            **self.files,
            **{f"harness/{name}": data for name, data in placed.items()},
            f"tests/{SPEC_NAME}": json.dumps(spec).encode(),
            "tests/conftest.py": trusted_conftest(
                HARNESS_DIR, WORKSPACE, TESTS_DIR, BROKER, SHARE_DIR, WARM_INPROC
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
        # node's environment, not the run's DOM: a canary needs none, and a jsdom set-up
        # cost a one-file check run about an eighth of its CPU time
        source = (
            "// @vitest-environment node\n"
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


def batch_checks(
    checkpoints: Sequence[Checkpoint], script_dir: Path, isolation: Isolation
) -> CheckBatch:
    """The check run for these checkpoints: each test placed where the driver runs it."""
    batch = CheckBatch()
    for c in checkpoints:
        if c.action != "run_tests":
            assert c.command is not None
            batch.commands.append({"command": c.command, "timeout": c.timeout})
            continue
        assert c.test_file is not None
        # node's test runner over our files runs as the checker, with the JavaScript proxy
        trusted_node = c.batched and is_node_test_runner(c.runner or "")
        proxied = isolation_of(c, isolation) == "proxied" and (c.runner is None or trusted_node)
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
    return batch


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


def runner_command(checkpoint: Checkpoint) -> str:
    """A run_tests checkpoint's own runner, pointed at its test in the in-process directory."""
    assert checkpoint.runner is not None and checkpoint.test_file is not None
    test = shlex.quote(f"{INPROC_DIR}/{checkpoint.test_file}")
    return checkpoint.runner.replace("{test}", test).replace("{tests}", INPROC_DIR)
