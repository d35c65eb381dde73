"""Check runs: the checkpoints due at a turn and the regression re-runs, in one batch.

One sandbox call per check run. As root it stops the agent, closes side channels
(world-writable files lose that bit), and unpacks the benchmark's files into
TESTS_DIR, outside the workspace and unreadable to the agent; then, as ``checker``,
the driver (``check_driver.py``) runs every test file in one pytest process and every
command in its own process group; finally everything ``checker`` made is deleted and
TESTS_DIR removed. Nothing the agent wrote is overwritten or deleted, and the agent's
pytest configuration and conftest files play no part.
"""

from __future__ import annotations

import base64
import json
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from inspect_ai.util import sandbox

from inspect_stamina.stamina import check_driver
from inspect_stamina.stamina.record import CheckResult
from inspect_stamina.stamina.sandbox import (
    AGENT_USER,
    CHECKER_USER,
    MANIFEST_SCRIPT,
    STOP_AGENT,
    TESTS_DIR,
    WORKSPACE,
    parse_manifest,
    read_tree,
    tests_archive,
)
from inspect_stamina.stamina.script import Checkpoint

OUTPUT_LIMIT = 4000
MANIFEST_BEGIN, MANIFEST_END = "@@STAMINA_MANIFEST@@", "@@STAMINA_MANIFEST_END@@"
_DRIVER = "_stamina_driver.py"
_SPEC = "_stamina_spec.json"
_CONFTEST = f"""\
import os, sys
# the workspace is importable, ahead of site-packages, once pytest itself is loaded
sys.path.insert(0, {WORKSPACE!r})
os.environ["PYTHONPATH"] = {WORKSPACE!r}
"""
_BASE_ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "HOME": f"/home/{CHECKER_USER}",
    # the checker's own tmpfs: the agent can fill /tmp, never this
    "TMPDIR": f"/home/{CHECKER_USER}",
    "LANG": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "STAMINA_WORKSPACE": WORKSPACE,
}
# where the checker can write: the world-writable system directories, and the agent's own
# trees (which the agent may have made world-writable)
CHECKER_WRITABLE_SYSTEM = ("/tmp", "/var/tmp", "/run/lock", "/dev/shm", "/dev/mqueue")
CHECKER_WRITABLE = " ".join([*CHECKER_WRITABLE_SYSTEM, WORKSPACE, f"/home/{AGENT_USER}"])
_RUN = f"""
set -u
{STOP_AGENT}pkill -9 -u {CHECKER_USER} 2>/dev/null
find {WORKSPACE} /tmp /var/tmp /dev/shm /home/{AGENT_USER} -xdev -perm -o=w ! -type l ! -type d \\
  -exec chmod o-w {{}} + 2>/dev/null
rm -rf {TESTS_DIR}
mkdir -p {TESTS_DIR} && chmod 755 {Path(TESTS_DIR).parent} \\
  && chown root:{CHECKER_USER} {TESTS_DIR} && chmod 750 {TESTS_DIR} \\
  && base64 -d | tar -x --same-owner --no-same-permissions -C {TESTS_DIR} \\
  && find {TESTS_DIR} -type d -exec chown root:{CHECKER_USER} {{}} + -exec chmod 750 {{}} + \\
  || echo "could not place the benchmark's tests" >&2
cd {WORKSPACE} 2>/dev/null || cd /
if [ "${{STAMINA_MANIFEST:-0}}" = 1 ] && [ "$PWD" = {WORKSPACE} ]; then
  # the workspace as the agent left it (its processes stopped): saves the turn a call
  echo {MANIFEST_BEGIN}; bash -c {shlex.quote(MANIFEST_SCRIPT)} 2>/dev/null; echo {MANIFEST_END}
fi
runuser -u {CHECKER_USER} -- env -i PATH="$PATH" LANG=C.UTF-8 TMPDIR=/home/{CHECKER_USER} \\
  python3 -P {TESTS_DIR}/{_DRIVER} {TESTS_DIR}/{_SPEC}
pkill -9 -u {CHECKER_USER} 2>/dev/null
# everything the checker made, its own home's contents included (the agent may read a
# home directory, so a copy of a test must not stay there either). The checker can write
# only to these places (tests/test_images.py checks the image): a full walk of / would
# cost more than the rest of the check run
find {CHECKER_WRITABLE} -xdev -user {CHECKER_USER} -delete 2>/dev/null
find /home/{CHECKER_USER} -mindepth 1 -delete 2>/dev/null; chmod 700 /home/{CHECKER_USER}
rm -rf {TESTS_DIR}
true
"""


def _failed(name: str, why: str) -> CheckResult:
    return CheckResult(name=name, passed=False, output=why[-OUTPUT_LIMIT:])


async def run_checks(
    checkpoints: Sequence[Checkpoint], script_dir: Path, extra_files: Mapping[str, bytes] = {}
) -> list[CheckResult]:
    """Run checkpoints (and any extra test tree) in one guarded check run, in order."""
    if not checkpoints:
        return []
    results, _ = await run_checks_with_manifest(checkpoints, script_dir, extra_files, False)
    return results


async def run_checks_with_manifest(
    checkpoints: Sequence[Checkpoint],
    script_dir: Path,
    extra_files: Mapping[str, bytes] = {},
    manifest: bool = True,
) -> tuple[list[CheckResult], dict[str, str] | None]:
    """The check run, and (in the same sandbox call) the workspace manifest before it.

    The manifest is None when the check run could not report one.
    """
    files = dict(extra_files)
    tests, commands = [], []
    suites: dict[str, dict[str, Any]] = {}
    for c in checkpoints:
        if c.action == "run_tests":
            assert c.test_file is not None
            if c.test_file not in files:
                files.update(_test_files(script_dir, c))
            if c.runner is None:
                tests.append({"path": c.test_file, "timeout": c.timeout})
            elif c.batched:
                # one runner call for every due test of the same runner: its start-up
                # (node, a bundler, a DOM) is paid once per check run, not once per test
                runner = c.runner.replace("{tests}", TESTS_DIR)
                suite = suites.setdefault(runner, {"runner": runner, "files": [], "timeouts": {}})
                if c.test_file not in suite["timeouts"]:
                    suite["files"].append(c.test_file)
                    suite["timeouts"][c.test_file] = c.timeout
            else:
                commands.append({"command": runner_command(c), "timeout": c.timeout})
        else:
            assert c.command is not None
            commands.append({"command": c.command, "timeout": c.timeout})
    payload, listing = await _execute(files, tests, commands, manifest, list(suites.values()))
    if isinstance(payload, str):
        return [_failed(c.label, payload) for c in checkpoints], listing
    results = _results(checkpoints, payload)
    # tests and commands overlap in the sandbox: share the batch's wall time between the
    # checks in proportion to their own times, so the seconds add up to what was spent
    wall, spent = float(str(payload.get("wall", 0.0))), sum(r.seconds for r in results)
    if wall and spent:
        for r in results:
            r.seconds = wall * r.seconds / spent
    return results, listing


async def run_acceptance(script_dir: Path, directory: str, timeout: float = 600) -> CheckResult:
    """Run the acceptance test directory in one check run; count tests passed / total."""
    name = f"acceptance: {directory}"
    files = read_tree(script_dir, directory)
    payload, _ = await _execute(files, [{"path": directory, "timeout": timeout}], [])
    if isinstance(payload, str):
        return _failed(name, payload)
    tests = payload["tests"]
    result = tests.get(directory) if isinstance(tests, dict) else None
    if result is None:
        return _failed(name, "the acceptance tests did not run")
    return CheckResult(
        name=name,
        passed=bool(result["passed"]),
        output=result["output"],
        passed_tests=result["passed_tests"],
        total_tests=result["total_tests"],
        seconds=result["seconds"],
    )


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
    """One command as the checker (a rule or probe check): passes on exit 0 and `expected`."""
    probe = Checkpoint(
        at_turn=1, action="docker_exec", command=command, expected=expected, timeout=int(timeout)
    )
    [result] = await run_checks([probe], Path("."))
    return result


async def _execute(
    files: Mapping[str, bytes],
    tests: list[dict[str, object]],
    commands: list[dict[str, object]],
    manifest: bool = False,
    suites: Sequence[Mapping[str, Any]] = (),
) -> tuple[dict[str, object] | str, dict[str, str] | None]:
    """The one sandbox call: the driver's JSON result (or why there is none), and the
    workspace manifest when asked for."""
    spec = {
        "tests_dir": TESTS_DIR,
        "workspace": WORKSPACE,
        "tests": tests,
        "commands": commands,
        "suites": list(suites),
        "output_limit": OUTPUT_LIMIT,
        "test_env": _BASE_ENV,
        "command_env": {**_BASE_ENV, "PYTHONPATH": WORKSPACE},
    }
    bundle = {
        **files,
        _DRIVER: Path(check_driver.__file__).read_bytes(),
        _SPEC: json.dumps(spec).encode(),
        "conftest.py": _CONFTEST.encode(),
        "pytest.ini": b"[pytest]\n",
    }
    # a batch that times out is retried file by file: twice its timeouts bound both tries
    limit = (
        sum(float(str(t["timeout"])) for t in tests) * 2
        + sum(float(str(c["timeout"])) for c in commands)
        + sum(float(t) for s in suites for t in s["timeouts"].values()) * 2
    )
    try:
        result = await sandbox().exec(
            ["bash", "-c", _RUN],
            input=base64.b64encode(tests_archive(bundle)),
            user="root",
            timeout=int(limit) + 120,
            env={"STAMINA_MANIFEST": "1" if manifest else "0"},
        )
    except TimeoutError:
        return f"the check run did not finish within {int(limit) + 120} s", None
    except Exception as ex:  # noqa: BLE001 - a broken sandbox fails the checks, not the session
        return f"the check run could not start: {type(ex).__name__}: {ex}", None
    listing = None
    head, begin, rest = result.stdout.partition(MANIFEST_BEGIN)
    if begin and MANIFEST_END in rest:
        listing = parse_manifest(rest.split(MANIFEST_END, 1)[0])
    _, marker, tail = result.stdout.rpartition(check_driver.MARKER)
    if not marker:
        why = "the check run produced no result: " + (result.stderr or result.stdout)[-1000:]
        return why, listing
    try:
        payload: dict[str, object] = json.loads(tail)
    except ValueError:
        return "the check run's result was unreadable", listing
    return payload, listing


def runner_command(checkpoint: Checkpoint) -> str:
    """A run_tests checkpoint's own runner, pointed at its test in the tests directory."""
    assert checkpoint.runner is not None and checkpoint.test_file is not None
    test = shlex.quote(f"{TESTS_DIR}/{checkpoint.test_file}")
    return checkpoint.runner.replace("{test}", test).replace("{tests}", TESTS_DIR)


def _results(checkpoints: Sequence[Checkpoint], payload: dict[str, object]) -> list[CheckResult]:
    tests = payload["tests"]
    commands = iter(payload["commands"])  # type: ignore[call-overload]
    assert isinstance(tests, dict)
    results = []
    suites = payload.get("suites") or {}
    assert isinstance(suites, dict)
    for c in checkpoints:
        if c.action == "run_tests" and (c.runner is None or c.batched):
            r = (suites if c.batched else tests).get(c.test_file)
            if r is None:
                results.append(_failed(c.label, "the test file did not run"))
                continue
            results.append(
                CheckResult(
                    name=c.label,
                    passed=bool(r["passed"]),
                    output=r["output"],
                    passed_tests=r["passed_tests"],
                    total_tests=r["total_tests"],
                    seconds=r["seconds"],
                )
            )
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
