"""Runs inside the sandbox, as ``checker`` (imported by ``driver.py``): per-file results
from a run's JUnit XML report, and the canary check of a run that loaded the agent's
code beside its tests.

Standard library only. A report is read with a size limit, never through a link, and
never with a document type declaration: an in-process run writes it where the agent's
code runs.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from typing import Any

MAX_REPORT = 16 * 1024 * 1024


def clip(text: str, limit: int) -> str:
    """The text, or its head and tail within the limit."""
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


def read_report(junit: str) -> ET.Element | None:
    """A JUnit XML report, or None when there is none or it is not a plain report."""
    try:
        fd = os.open(junit, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(MAX_REPORT + 1)
    if len(data) > MAX_REPORT or b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return None
    try:
        return ET.fromstring(data)
    except ET.ParseError:
        return None


def _cases(root: ET.Element | None) -> list[tuple[ET.Element, ET.Element]]:
    """Every test case with the element it sits in (a testsuite; node's reporter puts
    top-level tests straight under testsuites)."""
    if root is None:
        return []
    return [(case, parent) for parent in root.iter() for case in parent.findall("testcase")]


def _canary_problem(
    cases: list[tuple[ET.Element, ET.Element]], canary: dict[str, str]
) -> str | None:
    """Why a run's report cannot be trusted, or None.

    The canary must show as failed and the nonce as passed. A report in which nothing
    passed proves nothing either way (a run that could not start, say): it is read as it
    is, and fails its files on its own.
    """
    failed = nonce = any_passed = False
    for case, _ in cases:
        name = f"{case.get('classname') or ''} {case.get('name') or ''}"
        problems = any(c.tag in ("failure", "error") for c in case)
        skipped = any(c.tag == "skipped" for c in case)
        if canary["fail"] in name:
            if not problems:
                return "the canary test, which must fail, passed: the report was tampered with"
            failed = True
        elif canary["pass"] in name:
            nonce = nonce or (not problems and not skipped)
        elif not problems and not skipped:
            any_passed = True
    if any_passed and not failed:
        return "the canary test is missing from the report: the report was tampered with"
    if any_passed and not nonce:
        return "the nonce test is missing from the report: the report was tampered with"
    return None


def junit_results(
    junit: str,
    files: list[str],
    output: str,
    seconds: float,
    limit: int,
    canary: dict[str, str] | None = None,
) -> dict[str, dict[str, Any]]:
    """Per-file results from a JUnit XML report; a file with no test case fails with the
    runner's own output (it may not have started at all). With a canary, a report that
    fails its check fails every file."""
    cases = _cases(read_report(junit))
    if canary is not None:
        problem = _canary_problem(cases, canary)
        if problem is not None:
            return {
                f: {
                    "passed": False,
                    "output": f"{problem}\n" + clip(output, limit // 2),
                    "passed_tests": 0,
                    "total_tests": 0,
                    "seconds": seconds / max(len(files), 1),
                    "tampered": True,
                }
                for f in files
            }
        marks = (canary["fail"], canary["pass"])
        cases = [
            (c, s)
            for c, s in cases
            if not any(m in f"{c.get('classname') or ''} {c.get('name') or ''}" for m in marks)
        ]
    results: dict[str, dict[str, Any]] = {
        f: {"passed": 0, "total": 0, "failures": []} for f in files
    }
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
            "output": clip(text, limit),
            "passed_tests": r["passed"],
            "total_tests": r["total"],
            "seconds": share,
        }
    return out
