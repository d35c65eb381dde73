"""Code quality: pylint and bandit over the agent's Python files, in the sandbox.

Nothing of the agent's is analysed on the host (an analyser loads C extensions found
beside the code it reads). In one sandbox call, as root: the agent's processes are
stopped, its non-test, non-generated ``.py`` files (and nothing else) are copied into
the runner's home, and ``harness/analysis.py`` runs the analysers there as ``runner``
with our configuration, the agent's suppression pragmas removed. The report is data,
checked here before it counts.
"""

from __future__ import annotations

import base64
import json
import math
import shlex
from typing import Any

from inspect_ai.util import sandbox

from inspect_stamina.sandbox.users import as_root
from inspect_stamina.stamina.harness import analysis
from inspect_stamina.stamina.record import FinalEvaluation
from inspect_stamina.stamina.sandbox import (
    RUNNER_USER,
    SKIP_INSTALLED,
    STOP_AGENT,
    WORKSPACE,
    stop_user,
)

ANALYSIS_DIR = f"/home/{RUNNER_USER}/analysis"
# The project's own dependencies (Django, say) may not be importable where pylint runs:
# whether a third-party import resolves says nothing about the code, and as errors those
# would outweigh everything else in pylint's score.
PYLINT_RC = "[MAIN]\ndisable=import-error,no-name-in-module\n"
TIMEOUT = 900
# no hand-written module is this large; larger ones are left out (and said so) rather
# than let one file of generated filler hold the analysers for minutes
ANALYSED_FILE_KIB = 256
# generated code (Django's makemigrations) and tests are not the agent's code to judge
_PYTHON = (
    f"find . -type f -name '*.py' {SKIP_INSTALLED} "
    "! -path '*/tests/*' ! -path '*/migrations/*' ! -name 'test_*'"
)


def _script(tools: list[str]) -> str:
    return f"""
set -u
{STOP_AGENT}
rm -rf {ANALYSIS_DIR}
mkdir -p {ANALYSIS_DIR}/src && chown -R {RUNNER_USER}:{RUNNER_USER} {ANALYSIS_DIR}
base64 -d > {ANALYSIS_DIR}/analysis.py
printf '%s' {shlex.quote(PYLINT_RC)} > {ANALYSIS_DIR}/pylintrc
cd {WORKSPACE} || {{ echo "the workspace is gone" >&2; exit 3; }}
{_PYTHON} -size -{ANALYSED_FILE_KIB}k -print0 | tar -c --null -T - 2>/dev/null \\
  | runuser -u {RUNNER_USER} -- tar -x -C {ANALYSIS_DIR}/src 2>/dev/null
too_large=$({_PYTHON} ! -size -{ANALYSED_FILE_KIB}k | wc -l)
cd {ANALYSIS_DIR}
runuser -u {RUNNER_USER} -- env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME=/home/{RUNNER_USER} \\
  PYLINTHOME={ANALYSIS_DIR}/.pylint python3 -I {ANALYSIS_DIR}/analysis.py \\
  {ANALYSIS_DIR}/src {ANALYSIS_DIR}/pylintrc {",".join(tools)} "$too_large"
status=$?
{stop_user(RUNNER_USER)}
rm -rf {ANALYSIS_DIR}
exit $status
"""


async def analyse_workspace(tools: list[str], final: FinalEvaluation) -> None:
    """pylint's score and bandit's issue count into ``final``; what failed into its errors."""
    if not tools:
        return
    source = analysis.__file__
    with open(source, "rb") as handle:
        program = base64.b64encode(handle.read())
    try:
        result = await sandbox().exec(
            ["bash", "-c", _script(tools)], input=program, user=await as_root(), timeout=TIMEOUT
        )
    except Exception as ex:  # noqa: BLE001 - a broken sandbox is an error of the evaluation
        final.errors.append(f"static analysis did not run: {type(ex).__name__}: {ex}")
        return
    report = _report(result.stdout)
    if report is None:
        tail = (result.stderr or result.stdout).strip()[-300:]
        final.errors.append(f"static analysis gave no report (exit {result.returncode}): {tail}")
        return
    final.python_files = _count(report.get("files"))
    final.pragmas = _count(report.get("pragmas"))
    final.errors.extend(str(e)[:300] for e in report.get("errors") or [] if isinstance(e, str))
    too_large = _count(report.get("too_large"))
    if too_large:
        final.errors.append(
            f"{too_large} Python files of {ANALYSED_FILE_KIB} KiB or more were not analysed"
        )
    if "pylint" in tools:
        final.pylint = _score(report.get("pylint"))
    if "bandit" in tools:
        issues = report.get("bandit_issues")
        final.bandit_issues = _count(issues) if issues is not None else None
    if not final.python_files:
        final.errors.append("no Python files to analyse")


def _report(stdout: str) -> dict[str, Any] | None:
    """The analysis's JSON report (its last line), if it is one."""
    lines = stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1]) if lines else None
    except ValueError:
        return None
    return report if isinstance(report, dict) else None


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _score(value: Any) -> float | None:
    """A pylint score on 0..10 (pylint's can go below 0), or None."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or math.isnan(value):
        return None
    return min(max(float(value), 0.0), 10.0)
