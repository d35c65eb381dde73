"""Check runs: the checkpoints due at a turn and the regression re-runs, in one batch.

One sandbox call per check run, as root: the script in ``check_layout.py`` places the
benchmark's files, runs the driver as ``checker`` (through a broker that starts
programs as ``runner``) and removes every trace of both check users afterwards. The
due checks become one batch (``check_batch.py``); this module runs it and reads its
results.

The agent's code runs only as ``runner``, which cannot read TESTS_DIR; the process that
decides a pytest verdict (the checker's) never runs it (``harness/agent_proxy.py``).
Nothing the agent wrote is overwritten or deleted, and the agent's pytest configuration
and conftest files play no part. docs/security.md has the threat model.
"""

from __future__ import annotations

import base64
import binascii
import json
import tarfile
import weakref
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, NamedTuple

from inspect_ai.util import ExecResult, SandboxEnvironment, sandbox

from inspect_stamina.sandbox.users import as_root
from inspect_stamina.stamina.check_batch import (
    OUTPUT_LIMIT,
    CheckBatch,
    batch_checks,
    isolation_of,
)
from inspect_stamina.stamina.check_layout import (
    COPY_BEGIN,
    COPY_END,
    HARNESS_MISSING,
    MANIFEST_BEGIN,
    MANIFEST_END,
    RUN_SCRIPT,
    harness_digest,
)
from inspect_stamina.stamina.harness import driver
from inspect_stamina.stamina.record import CheckResult
from inspect_stamina.stamina.sandbox import files_archive, parse_manifest, read_tree, unpack_copy
from inspect_stamina.stamina.script import Checkpoint, Isolation

# the harness digest each live sandbox holds, as far as this process placed it (a sandbox
# that lost it, restarted say, asks for it again: HARNESS_MISSING)
_HARNESS_PLACED: weakref.WeakKeyDictionary[SandboxEnvironment, str] = weakref.WeakKeyDictionary()


def _failed(name: str, why: str) -> CheckResult:
    return CheckResult(name=name, passed=False, output=why[-OUTPUT_LIMIT:])


async def run_checks(
    checkpoints: Sequence[Checkpoint], script_dir: Path, isolation: Isolation = "proxied"
) -> list[CheckResult]:
    """Run checkpoints in one guarded check run, in order."""
    if not checkpoints:
        return []
    output = await run_checks_with_manifest(checkpoints, script_dir, False, isolation)
    return output.results


class CheckRunOutput(NamedTuple):
    """A check run's results, and what it saw of the workspace before its checks."""

    results: list[CheckResult]
    # None when not asked for or the check run could not report one
    manifest: dict[str, str] | None
    # whether ``copy_to`` now holds the workspace's source files, all of them
    copied: bool = False


async def run_checks_with_manifest(
    checkpoints: Sequence[Checkpoint],
    script_dir: Path,
    manifest: bool = True,
    isolation: Isolation = "proxied",
    copy_to: Path | None = None,
) -> CheckRunOutput:
    """The check run, and (in the same sandbox call) the workspace manifest before it and,
    with ``copy_to``, a copy of its source files there.

    A workspace whose source files exceed the check run's share of the copy budget is not
    copied (``copied`` is False): the caller copies it with a call of its own.
    """
    batch = batch_checks(checkpoints, script_dir, isolation)
    payload, listing, copy = await _execute(batch, manifest, copy_to is not None)
    copied = copy_to is not None and copy is not None and _unpacked(copy, copy_to)
    if isinstance(payload, str):
        return CheckRunOutput([_failed(c.label, payload) for c in checkpoints], listing, copied)
    results = _results(checkpoints, payload, isolation)
    # tests and commands overlap in the sandbox: share the batch's wall time between the
    # checks in proportion to their own times, so the seconds add up to what was spent
    wall, spent = float(str(payload.get("wall", 0.0))), sum(r.seconds for r in results)
    if wall and spent:
        for r in results:
            r.seconds = wall * r.seconds / spent
    return CheckRunOutput(results, listing, copied)


def _unpacked(copy: str, dest: Path) -> bool:
    """Whether the check run's copy unpacked into ``dest`` whole (nothing left out)."""
    try:
        dest.mkdir(parents=True, exist_ok=True)
        return unpack_copy(copy, dest) == 0
    except (binascii.Error, tarfile.TarError, OSError, ValueError):
        return False


async def run_acceptance(
    script_dir: Path, directory: str, timeout: float = 600, isolation: Isolation = "proxied"
) -> CheckResult:
    """Run the acceptance test directory in one check run; count tests passed / total."""
    name = f"acceptance: {directory}"
    batch = CheckBatch()
    entry = {"path": directory, "timeout": timeout}
    if isolation == "proxied":
        batch.place("tests", read_tree(script_dir, directory))
        batch.tests.append(entry)
    else:
        batch.place("inproc", read_tree(script_dir, directory))
        batch.inproc_tests.append(entry)
    payload, _, _ = await _execute(batch)
    if isinstance(payload, str):
        return _failed(name, payload)
    tests = payload["tests" if isolation == "proxied" else "inproc_tests"]
    result = tests.get(directory) if isinstance(tests, dict) else None
    if result is None:
        return _failed(name, "the acceptance tests did not run")
    return _check_result(name, result)


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
    batch: CheckBatch, manifest: bool = False, copy: bool = False
) -> tuple[dict[str, Any] | str, dict[str, str] | None, str | None]:
    """The one sandbox call: the driver's JSON result (or why there is none), the
    workspace manifest and the copy script's output, each when asked for."""
    limit = int(batch.limit()) + 120
    where, digest = sandbox(), harness_digest()

    async def run_script(send_harness: bool) -> ExecResult[str]:
        return await where.exec(
            ["bash", "-c", RUN_SCRIPT],
            input=base64.b64encode(files_archive(batch.bundle(harness=send_harness))),
            user=await as_root(),
            timeout=limit,
            env={
                "STAMINA_MANIFEST": "1" if manifest else "0",
                "STAMINA_COPY": "1" if copy else "0",
                # the trusted pytest's tests call the agent's Python code
                "STAMINA_AGENT_HOST": "1" if batch.tests else "0",
                # in-process tests and the tests' Python scripts fork from the runner's
                # warm server
                "STAMINA_WARM_RUNNER": "1" if batch.inproc_tests or batch.tests else "0",
                "STAMINA_HARNESS": "sent" if send_harness else "placed",
                "STAMINA_HARNESS_DIGEST": digest,
            },
        )

    try:
        placed = _HARNESS_PLACED.get(where) == digest
        result = await run_script(send_harness=not placed)
        # the root script's first and only line when it lacks the harness (a new or
        # restarted sandbox): never output the agent's code can put first
        if placed and result.stdout.startswith(HARNESS_MISSING):
            result = await run_script(send_harness=True)
    except TimeoutError:
        return f"the check run did not finish within {limit} s", None, None
    except Exception as ex:  # noqa: BLE001 - a broken sandbox fails the checks, not the session
        return f"the check run could not start: {type(ex).__name__}: {ex}", None, None
    copied = None
    if copy:  # first in the output, before anything the agent names
        _, begin, rest = result.stdout.partition(COPY_BEGIN)
        if begin and COPY_END in rest:
            copied = rest.split(COPY_END, 1)[0].strip()
    listing = None
    _, begin, rest = result.stdout.partition(MANIFEST_BEGIN)
    if manifest and begin and MANIFEST_END in rest:
        with suppress(binascii.Error, ValueError):
            encoded = rest.split(MANIFEST_END, 1)[0].strip()
            listing = parse_manifest(
                base64.b64decode(encoded, validate=True).decode("utf-8", "replace")
            )
    _, marker, tail = result.stdout.rpartition(driver.MARKER)
    if not marker:
        return _no_result(result.returncode, result.stderr or result.stdout), listing, copied
    _HARNESS_PLACED[where] = digest  # the driver ran: the harness is placed
    try:
        payload: dict[str, Any] = json.loads(tail)
    except ValueError:
        return "the check run's result was unreadable", listing, copied
    return payload, listing, copied


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
            elif isolation_of(c, isolation) == "proxied":
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
