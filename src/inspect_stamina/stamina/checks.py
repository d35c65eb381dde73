"""Checks over the agent's workspace: checkpoints, acceptance tests, probes, rules, robustness.

Benchmark-owned tests never live in the workspace. For a check they are copied in
(owned by root, readable only by the `checker` group), pytest runs as the `checker`
user, and afterwards every file `checker` created anywhere is deleted and the copied
tests removed. Before the copy, every process of the agent is killed and
world-writable files lose that bit, so nothing the agent left behind can read the
tests or receive them from the code under test.
"""

from __future__ import annotations

import ast
import base64
import functools
import io
import re
import tarfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai.log import transcript
from inspect_ai.model import ChatMessageUser, GenerateConfig, get_model
from inspect_ai.util import OutputLimitExceededError, sandbox

from inspect_stamina.stamina.script import Check, Checkpoint, Expectation

WORKSPACE = "/workspace"
AGENT_USER = "agent"
CHECKER_USER = "checker"
OUTPUT_LIMIT = 4000
STATE_DIR = "/root/.stamina"
CHECKER_GID = 1001  # compose/images/stamina/setup.sh

# Run as root before a check: stop the agent, close side channels, copy the tests in
# (a tar on stdin, root-owned and readable by the `checker` group only).
_PREPARE = f"""
set -e
pkill -9 -u {AGENT_USER} 2>/dev/null || true
pkill -9 -u {CHECKER_USER} 2>/dev/null || true
find {WORKSPACE} /tmp /var/tmp /dev/shm /home/{AGENT_USER} -xdev -perm -o=w ! -type l ! -type d \\
  -exec chmod o-w {{}} + 2>/dev/null || true
mkdir -p {STATE_DIR} && chmod 700 {STATE_DIR}
cd {WORKSPACE}
base64 -d > {STATE_DIR}/tests.tar
tar -tf {STATE_DIR}/tests.tar > {STATE_DIR}/copied
: > {STATE_DIR}/newdirs
while IFS= read -r f; do
  d=$(dirname "$f")
  while [ "$d" != "." ] && [ ! -d "$d" ]; do echo "$d" >> {STATE_DIR}/newdirs; d=$(dirname "$d"); done
done < {STATE_DIR}/copied
tar -x --same-owner --no-overwrite-dir -f {STATE_DIR}/tests.tar
sort -u -o {STATE_DIR}/newdirs {STATE_DIR}/newdirs
while IFS= read -r d; do chown root:{CHECKER_USER} "$d"; chmod 750 "$d"; done < {STATE_DIR}/newdirs
rm -f {STATE_DIR}/tests.tar
"""
# Run as root after the checks: remove the tests and everything the checker created.
_CLEANUP = f"""
pkill -9 -u {CHECKER_USER} 2>/dev/null
find / /tmp /var/tmp /dev/shm -xdev -user {CHECKER_USER} ! -path /home/{CHECKER_USER} -delete 2>/dev/null
cd {WORKSPACE}
if [ -f {STATE_DIR}/copied ]; then
  grep -v '/$' {STATE_DIR}/copied | while IFS= read -r f; do rm -f -- "$f"; done
  sort -r {STATE_DIR}/newdirs | while IFS= read -r d; do rmdir -- "$d" 2>/dev/null; done
  rm -f {STATE_DIR}/copied {STATE_DIR}/newdirs
fi
true
"""
_PYTEST_COUNTS = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)")


@dataclass
class CheckResult:
    """The outcome of one check."""

    name: str
    passed: bool
    output: str = ""
    passed_tests: int | None = None
    total_tests: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """A plain dict for the store and the log."""
        return asdict(self)


def _clip(text: str) -> str:
    return text if len(text) <= OUTPUT_LIMIT else text[:OUTPUT_LIMIT] + "\n[... output truncated]"


def _test_archive(files: Mapping[str, bytes]) -> bytes:
    """A tar of benchmark test files: root-owned, group `checker`, unreadable to others."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(name)
            info.size, info.uid, info.gid, info.mode = len(data), 0, CHECKER_GID, 0o640
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def read_tree(base: Path, directory: str) -> dict[str, bytes]:
    """Every file under base/directory, keyed by its path relative to base."""
    return {
        p.relative_to(base).as_posix(): p.read_bytes()
        for p in sorted((base / directory).rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def pytest_counts(output: str) -> tuple[int, int]:
    """(passed, total) from pytest's closing summary line."""
    lines = [line for line in output.strip().splitlines() if _PYTEST_COUNTS.search(line)]
    if not lines:
        return 0, 0
    counts = {
        kind.rstrip("s") if kind.startswith("error") else kind: int(n)
        for n, kind in _PYTEST_COUNTS.findall(lines[-1])
    }
    passed = counts.get("passed", 0) + counts.get("xpassed", 0)
    return passed, sum(counts.values())


class CheckRun:
    """One guarded stretch of checks: agent stopped, tests copied in, all cleaned up after."""

    def __init__(self, files: Mapping[str, bytes]) -> None:
        self.files = files

    async def __aenter__(self) -> CheckRun:
        await sandbox().exec(
            ["bash", "-c", _PREPARE],
            input=base64.b64encode(_test_archive(self.files)),
            user="root",
            timeout=120,
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        await sandbox().exec(["bash", "-c", _CLEANUP], user="root", timeout=120)

    async def _exec(self, cmd: list[str], timeout: float) -> tuple[int, str, float]:
        started = time.perf_counter()
        try:
            result = await sandbox().exec(
                cmd,
                cwd=WORKSPACE,
                user=CHECKER_USER,
                timeout=int(timeout),
                env={"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": WORKSPACE},
            )
            code, output = result.returncode, result.stdout + result.stderr
        except TimeoutError:
            code, output = 124, f"timed out after {timeout:.0f} s"
        return code, output, time.perf_counter() - started

    async def pytest(self, name: str, target: str, timeout: float) -> CheckResult:
        """pytest on one test file or directory, as the checker."""
        code, output, seconds = await self._exec(
            ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", target], timeout
        )
        passed, total = pytest_counts(output)
        return CheckResult(
            name, code == 0 and total > 0, _clip(output), passed, total, {"seconds": seconds}
        )

    async def checkpoint(self, checkpoint: Checkpoint) -> CheckResult:
        """One checkpoint, by its action's fixed semantics."""
        if checkpoint.action == "run_tests":
            assert checkpoint.test_file is not None
            return await self.pytest(checkpoint.label, checkpoint.test_file, checkpoint.timeout)
        assert checkpoint.command is not None
        code, output, seconds = await self._exec(
            ["bash", "-c", checkpoint.command], checkpoint.timeout
        )
        passed = code == 0 and (checkpoint.expected is None or checkpoint.expected in output)
        if code == 0 and not passed:
            output += f"\n[expected output to contain {checkpoint.expected!r}]"
        return CheckResult(checkpoint.label, passed, _clip(output), extra={"seconds": seconds})


async def run_checkpoints(checkpoints: Sequence[Checkpoint], script_dir: Path) -> list[CheckResult]:
    """Run checkpoints in one guarded check run (their test files copied in together)."""
    if not checkpoints:
        return []
    files = {
        c.test_file: (script_dir / c.test_file).read_bytes() for c in checkpoints if c.test_file
    }
    async with CheckRun(files) as run:
        return [await run.checkpoint(c) for c in checkpoints]


async def run_acceptance(script_dir: Path, directory: str, timeout: float = 600) -> CheckResult:
    """Run the acceptance test directory; count tests passed / total."""
    async with CheckRun(read_tree(script_dir, directory)) as run:
        return await run.pytest(f"acceptance: {directory}", directory, timeout)


async def workspace_manifest() -> dict[str, str]:
    """Path -> sha1 of every file in the workspace (caches and .git left out)."""
    result = await sandbox().exec(
        [
            "bash",
            "-c",
            "find . -type f ! -path './.git/*' ! -path '*/__pycache__/*' ! -path './.pytest_cache/*' "
            "-print0 | sort -z | xargs -0 -r sha1sum",
        ],
        cwd=WORKSPACE,
        user="root",
        timeout=60,
    )
    manifest = {}
    for line in result.stdout.splitlines():
        digest, _, path = line.partition("  ")
        manifest[path.removeprefix("./")] = digest
    return manifest


def changed_files(before: Mapping[str, str], after: Mapping[str, str]) -> list[str]:
    """Files added, removed or modified between two manifests."""
    return sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))


async def fetch_workspace(dest: Path) -> Path:
    """Copy the workspace's source files to a host directory (for host-side analysis).

    Files of 1 MiB and more are left out (no source file is that large, and they would
    only slow the copy); a workspace too large to copy is left empty and says so.
    """
    dest.mkdir(parents=True, exist_ok=True)
    try:
        result = await sandbox().exec(
            [
                "bash",
                "-c",
                "find . -type f -size -1024k ! -path './.git/*' ! -path '*/__pycache__/*' "
                "! -path './.pytest_cache/*' -print0 | tar -c --null -T - | base64 -w0",
            ],
            cwd=WORKSPACE,
            user="root",
            timeout=120,
        )
    except OutputLimitExceededError:
        transcript().info("workspace too large to copy for analysis: host-side checks see nothing")
        return dest
    with tarfile.open(fileobj=io.BytesIO(base64.b64decode(result.stdout)), mode="r") as tar:
        tar.extractall(dest, filter="data")
    return dest


# ---------------------------------------------------------------------------------------
# host-side checks over a workspace copy


@functools.cache
def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regex: `**/` spans any directories (none included), `*` stays in one."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def glob_match(path: str, pattern: str) -> bool:
    """Whether a relative POSIX path matches a glob with `**` directories."""
    return bool(_glob_regex(pattern).match(path))


def _matching_files(root: Path, pattern: str, exclude: list[str]) -> list[Path]:
    files = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if not path.is_file() or not glob_match(rel, pattern):
            continue
        if any(glob_match(rel, ex) for ex in exclude):
            continue
        files.append(path)
    return files


def _is_test(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name.startswith("test_") or name.endswith("_test.py") or rel.startswith("tests/")


def _module_definitions(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _references(tree: ast.Module, name: str) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == name:
            return True
        if isinstance(node, ast.Attribute) and node.attr == name:
            return True
        if isinstance(node, ast.ImportFrom) and any(a.name == name for a in node.names):
            return True
    return False


def evaluate_host_check(check: Check, root: Path) -> tuple[bool, str]:
    """Evaluate a grep or defined_once check on a workspace copy: (passed, why)."""
    files = _matching_files(root, check.files, check.exclude)
    if not files:
        # nothing to inspect cannot confirm a rule: an empty workspace holds no decision
        return False, f"no files match {check.files}"
    if check.grep is not None:
        pattern = re.compile(check.grep, re.MULTILINE)
        hits = [
            f.relative_to(root).as_posix()
            for f in files
            if pattern.search(f.read_text(encoding="utf-8", errors="replace"))
        ]
        if check.present:
            return bool(
                hits
            ), f"/{check.grep}/ found in {hits}" if hits else f"/{check.grep}/ found nowhere"
        return (
            not hits,
            f"/{check.grep}/ must not occur, found in {hits}" if hits else f"/{check.grep}/ absent",
        )
    assert check.defined_once is not None
    name, defined_in, trees = check.defined_once, [], {}
    for f in files:
        rel = f.relative_to(root).as_posix()
        if _is_test(rel):
            continue
        try:
            tree = ast.parse(f.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        trees[rel] = tree
        if name in _module_definitions(tree):
            defined_in.append(rel)
    if len(defined_in) != 1:
        return (
            False,
            f"{name} is defined in {len(defined_in)} modules {defined_in} (expected exactly one)",
        )
    if check.used_in:
        users = [
            rel
            for rel, tree in trees.items()
            if rel != defined_in[0] and glob_match(rel, check.used_in) and _references(tree, name)
        ]
        if not users:
            return False, f"{name} (defined in {defined_in[0]}) is not used in {check.used_in}"
        return True, f"{name} defined once in {defined_in[0]}, used in {users}"
    return True, f"{name} defined once in {defined_in[0]}"


async def evaluate_check(check: Check, root: Path) -> tuple[bool, str]:
    """Evaluate any check: host-side over the copy, or a command in the sandbox."""
    if check.command is None:
        return evaluate_host_check(check, root)
    [result] = await run_checkpoints(
        [
            Checkpoint(
                at_turn=1, action="docker_exec", command=check.command, expected=check.expected
            )
        ],
        root,
    )
    return result.passed, result.output


# ---------------------------------------------------------------------------------------
# robustness

_QUESTION = re.compile(r"\?")
_ASSUMPTION = re.compile(r"\bassum|\bI'll take|\bI will take|\binterpret", re.IGNORECASE)


def judge_robustness(expect: Expectation, reply: str, changed: list[str]) -> tuple[bool, str]:
    """Rules over the reply and the workspace diff for a vague/contradictory/erroneous turn."""
    problems = []
    if expect.behaviour == "ask_clarification" and not _QUESTION.search(reply):
        problems.append("no clarifying question in the reply")
    if expect.behaviour == "state_assumption" and not _ASSUMPTION.search(reply):
        problems.append("the reply states no assumption")
    for pattern in expect.reply_patterns:
        if not re.search(pattern, reply, re.IGNORECASE):
            problems.append(f"reply does not match /{pattern}/")
    if expect.expects_unchanged() and changed:
        problems.append(f"workspace changed: {changed[:5]}")
    if problems:
        return False, "; ".join(problems)
    return True, f"{expect.behaviour}: satisfied"


GRADER_ROLE = "grader"
BEHAVIOURS = {
    "ask_clarification": "ask the user a clarifying question instead of guessing, and change no code",
    "state_assumption": "state the assumption it makes explicitly, then go ahead",
    "point_out_error": "point out the mistake or contradiction in the request, and change no code",
    "leave_unchanged": "leave the code unchanged",
}
GRADER_PROMPT = """\
You grade one turn of a coding session. The user's request was deliberately vague, \
contradictory or mistaken.

User request:
{message}

Assistant reply:
{reply}

Files the assistant changed: {changed}

The assistant should {behaviour}. Did it? Answer YES or NO on the first line, then one \
sentence explaining why."""


async def grade_robustness(
    expect: Expectation, message: str, reply: str, changed: list[str]
) -> tuple[bool, str]:
    """Ask the model bound to the `grader` role whether the turn met its expectation."""
    prompt = GRADER_PROMPT.format(
        message=message,
        reply=reply or "(no reply)",
        changed=", ".join(changed) or "none",
        behaviour=BEHAVIOURS[expect.behaviour],
    )
    output = await get_model(role=GRADER_ROLE).generate(
        [ChatMessageUser(content=prompt)], config=GenerateConfig(temperature=0.0)
    )
    text = output.completion.strip()
    return text.upper().startswith("YES"), text[:500]
