"""Runs inside the sandbox, as the checker: one batch of checks, one JSON result.

Standard library only (it runs on the sandbox's Python). Every test file of the batch
runs in one pytest process; per-file outcomes come from pytest's JUnit XML, not from
its console output. A batched runner (a script's own test runner that writes JUnit XML)
runs once for all of its test files, read the same way. Every command runs in its own
process group with its own timeout. The JSON result follows a marker line on stdout.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

MARKER = "@@STAMINA_CHECK_RESULT@@"


def _run(cmd: list[str], cwd: str, env: dict[str, str], timeout: float) -> tuple[int, str, float]:
    """Run a command in its own process group; kill the whole group on timeout."""
    started = time.monotonic()
    try:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as ex:
        # the agent can make its workspace unreadable or delete it: that fails the check
        return 126, f"the check could not start in {cwd}: {ex}", time.monotonic() - started
    try:
        out, _ = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        code = 124
        out += f"\n[timed out after {timeout:.0f} s]".encode()
    return code, out.decode("utf-8", "replace"), time.monotonic() - started


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit // 2] + "\n[...]\n" + text[-limit // 2 :]


def _module_of(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _file_of(case: ET.Element, files: list[str]) -> str | None:
    """The test file a JUnit testcase belongs to (xunit1 names it; else by module path)."""
    named = case.get("file") or ""
    for path in files:
        bare = path.rstrip("/")
        if named == bare or named.startswith(bare + "/"):
            return path
    dotted = f"{case.get('classname') or ''}.{case.get('name') or ''}"
    for path in files:
        module = _module_of(path.rstrip("/"))
        if dotted.startswith(module + ".") or dotted == module or dotted.endswith("." + module):
            return path
    return None


def _pytest(
    files: list[str], spec: dict[str, Any], timeout: float
) -> dict[str, dict[str, Any]] | None:
    """One pytest process over the files: per-file results, or None when it timed out."""
    tests_dir, junit = (
        spec["tests_dir"],
        os.path.join(tempfile.gettempdir(), f"stamina-junit-{os.getpid()}.xml"),
    )
    cmd = [
        sys.executable,
        "-P",  # the workspace's own pytest.py or sitecustomize must not shadow pytest
        "-m",
        "pytest",
        "-q",
        # plugins a check never uses cost start-up time on every check run
        *("-p", "no:cacheprovider", "-p", "no:doctest", "-p", "no:pastebin"),
        *("-p", "no:legacypath", "-p", "no:stepwise"),
        f"--rootdir={tests_dir}",
        "-c",
        f"{tests_dir}/pytest.ini",
        f"--confcutdir={tests_dir}",
        "--import-mode=importlib",
        f"--junitxml={junit}",
        "-o",
        "junit_family=xunit1",
        *[f"{tests_dir}/{f}" for f in files],
    ]
    code, output, seconds = _run(cmd, spec["workspace"], spec["test_env"], timeout)
    if code == 124:
        return None
    return _junit_results(junit, files, output, seconds, spec["output_limit"])


def _junit_results(
    junit: str, files: list[str], output: str, seconds: float, limit: int
) -> dict[str, dict[str, Any]]:
    """Per-file results from a JUnit XML report; a file with no test case fails with the
    runner's own output (it may not have started at all)."""
    results: dict[str, dict[str, Any]] = {
        f: {"passed": 0, "total": 0, "failures": []} for f in files
    }
    try:
        root = ET.parse(junit).getroot()
    except (OSError, ET.ParseError):
        root = None
    cases = [
        (case, suite)
        for suite in (root.iter("testsuite") if root is not None else [])
        for case in suite.findall("testcase")
    ]
    for case, suite in cases:
        path = _file_of(case, files) or _file_by_name(case, suite, files)
        problems = [c for c in case if c.tag in ("failure", "error")]
        skipped = any(c.tag == "skipped" for c in case)
        if path is None:
            if problems:  # an error outside any file (a conftest, say) fails them all
                for result in results.values():
                    result["failures"].append(_describe(case, problems))
            continue
        if skipped and not problems:
            continue
        results[path]["total"] += 1
        if problems:
            results[path]["failures"].append(_describe(case, problems))
        else:
            results[path]["passed"] += 1
    share = seconds / max(len(files), 1)
    out: dict[str, dict[str, Any]] = {}
    for path, r in results.items():
        ok = r["total"] > 0 and not r["failures"]
        if r["failures"]:
            text = "\n\n".join(r["failures"])
        elif r["total"]:
            text = f"{r['passed']} passed"
        else:
            text = "no test ran from this file\n" + output[-limit:]
        out[path] = {
            "passed": ok,
            "output": _clip(text, limit),
            "passed_tests": r["passed"],
            "total_tests": r["total"],
            "seconds": share,
        }
    return out


def _file_by_name(case: ET.Element, suite: ET.Element, files: list[str]) -> str | None:
    """Other runners name a case's file relative to their own root: match its name."""
    named = [case.get("file") or "", case.get("classname") or "", suite.get("name") or ""]
    for path in files:
        base = path.rstrip("/").rsplit("/", 1)[-1]
        if any(n == base or n.endswith("/" + base) for n in named):
            return path
    return None


def _describe(case: ET.Element, problems: list[ET.Element]) -> str:
    name = f"{case.get('classname') or ''}::{case.get('name') or ''}".strip(":")
    details = [f"{p.get('message') or p.tag}\n{(p.text or '').strip()}" for p in problems]
    return f"{name}: " + "\n".join(details)


def run(spec: dict[str, Any]) -> dict[str, Any]:
    """The test files in one pytest run and, alongside it, the commands one after another.

    Two streams at once (a sandbox has at least two cores' worth of work to overlap:
    pytest's start-up and each command's interpreter start-up), so a full regression
    batch costs about the longer of the two rather than their sum.
    """
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=2) as pool:
        tests = pool.submit(_run_tests, spec)
        others = pool.submit(_run_commands_and_suites, spec)
        commands, suites = others.result()
        result: dict[str, Any] = {"tests": tests.result(), "commands": commands, "suites": suites}
    result["wall"] = time.monotonic() - started
    return result


def _run_tests(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every test file in one pytest run; each file alone when the batch timed out."""
    files = list(dict.fromkeys(t["path"] for t in spec["tests"]))
    timeouts = {t["path"]: float(t["timeout"]) for t in spec["tests"]}
    if not files:
        return {}
    batch = _pytest(files, spec, sum(timeouts[f] for f in files))
    if batch is not None:
        return batch
    # a hanging file: run each alone so the others still count
    alone_results = {}
    for path in files:
        alone = _pytest([path], spec, timeouts[path])
        alone_results[path] = (alone or {}).get(path) or {
            "passed": False,
            "output": f"timed out after {timeouts[path]:.0f} s",
            "passed_tests": 0,
            "total_tests": 0,
            "seconds": timeouts[path],
        }
    return alone_results


def _run_commands_and_suites(
    spec: dict[str, Any],
) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """The commands, then the batched runners: the stream beside pytest."""
    commands = _run_commands(spec)
    suites: dict[str, dict[str, Any]] = {}
    for suite in spec.get("suites", []):
        suites.update(_run_suite(suite, spec))
    return commands, suites


def _suite_once(
    runner: str, files: list[str], spec: dict[str, Any], timeout: float
) -> dict[str, dict[str, Any]] | None:
    """One batched runner call over the files: per-file results, or None on a timeout."""
    junit = os.path.join(tempfile.gettempdir(), f"stamina-suite-{os.getpid()}.xml")
    if os.path.exists(junit):
        os.unlink(junit)
    tests = " ".join(shlex.quote(f"{spec['tests_dir']}/{f}") for f in files)
    command = runner.replace("{junit}", shlex.quote(junit)).replace("{test}", tests)
    code, output, seconds = _run(
        ["bash", "-c", command], spec["workspace"], spec["command_env"], timeout
    )
    if code == 124:
        return None
    return _junit_results(junit, files, output, seconds, spec["output_limit"])


def _run_suite(suite: dict[str, Any], spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A batched runner over all its files at once; each file alone when that timed out."""
    files, timeouts = suite["files"], suite["timeouts"]
    batch = _suite_once(suite["runner"], files, spec, sum(timeouts[f] for f in files))
    if batch is not None:
        return batch
    results = {}
    for path in files:
        alone = _suite_once(suite["runner"], [path], spec, timeouts[path])
        results[path] = (alone or {}).get(path) or {
            "passed": False,
            "output": f"timed out after {timeouts[path]:.0f} s",
            "passed_tests": 0,
            "total_tests": 0,
            "seconds": timeouts[path],
        }
    return results


def _run_commands(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Each command in its own process group, with its own timeout, in order."""
    commands = []
    for command in spec["commands"]:
        code, output, seconds = _run(
            ["bash", "-c", command["command"]],
            spec["workspace"],
            spec["command_env"],
            float(command["timeout"]),
        )
        commands.append(
            {"code": code, "output": _clip(output, spec["output_limit"]), "seconds": seconds}
        )
    return commands


def main() -> None:
    """Read the spec file named on the command line; print the marker and the result."""
    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    result = run(spec)
    sys.stdout.write("\n" + MARKER + "\n" + json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
