"""Turn ablation and bug truthfulness: two fairness instruments drawn from one replay.

Both need the script's reference states, turn by turn, with its checks run against
them, so they share one Inspect run and one sandbox (as validate's replay does). The
references are replayed once as a baseline; the workspace is saved after every turn (a
copy in a root-only directory of the sandbox) with the change each reference made (a
binary git diff); installed dependency trees (node_modules) are not saved. An ablation
restores the state before its turn instead of replaying from the start. What the sandbox found comes back in the sample's store; the verdicts
are drawn on the host.

Turn ablation: for each work turn (a code turn with a reference), the script is
replayed with that turn's change left out (its setup still runs: the world moves
whatever the agent does). Later turns' changes are applied as the diffs they made in the
baseline, as far as they still apply: a reference that writes whole files would
otherwise bring the left-out change back. At each checkpoint turn the checks a session
runs there (that turn's checkpoints and the earlier ones still in force) run, until one
fails; a check whose ``reads`` miss every path where the workspace now differs from the
baseline's is left out (it would see what it saw there), and once the workspace no
longer differs at all, nothing later can catch the omission. The turn is caught by that checkpoint, by a later change (or setup) that no
longer applies, or by the acceptance tests at the end. The instrument passes only if
every work turn is caught: strict on purpose, since a turn whose omission nobody
notices is unchecked work, whatever kind of turn it is. A check that the full baseline
fails too catches nothing, and a baseline that fails a check is itself a finding.

Bug truthfulness: each bug turn declares where its defect comes from (``origin``), and
a check must see the defect before the turn: the bug's test is the turn's behavioural
checkpoints, or, without any, the first later checkpoint that catches the turn's
ablation (the defect carried forward fails it, the fix makes it pass). ``harness``: the
turn's setup plants the defect, so the test fails after the setup; ``unstated``: the
reference state before the turn passes every earlier check still in force, and fails
the bug's test. It passes only with no finding.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from typing import Any

from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import ExecResult, sandbox, store

from inspect_stamina.sandbox.users import as_root
from inspect_stamina.stamina.checks import run_acceptance, run_checks
from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.record import CheckResult
from inspect_stamina.stamina.references import reference_command, run_as_agent, setup_command
from inspect_stamina.stamina.regressions import CheckpointLedger, reads_path
from inspect_stamina.stamina.sandbox import AGENT_USER, STOP_AGENT, WORKSPACE
from inspect_stamina.stamina.script import Checkpoint
from inspect_stamina.stamina.session import script_of

ABLATION = "turn ablation"
BUG_TRUTHFULNESS = "bug truthfulness"
_KEY = "stamina:fairness:replay"
# root-only (made 0700 by root): the references and setups run as the agent, who must
# not see or change the saved states. /tmp is the largest of the sandbox's writable
# mounts (its root file system is read-only; /root's tmpfs is small for 100 turns)
SNAPSHOT_DIR = "/tmp/stamina-replay"
_OUTPUT_TAIL = 300
# installed dependency trees are neither saved nor restored: one node_modules is hundreds
# of megabytes, more than the sandbox's /tmp holds for every turn. They stay as the
# replay last left them, and no diff carries them
INSTALLED = ("node_modules", ".venv")
_EXCLUDE_INSTALLED = " ".join(f"--exclude={name}" for name in INSTALLED)
_PRUNE_INSTALLED = (
    "\\( -type d \\( " + " -o ".join(f"-name {name}" for name in INSTALLED) + " \\) -prune \\)"
)
# what a divergence from the baseline leaves out: installed trees, and what no check reads
_NOT_COMPARED = " ".join(
    f"--exclude={name}" for name in (*INSTALLED, ".git", "__pycache__", ".pytest_cache")
)


def in_force(checkpoints: Sequence[Checkpoint], turn: int) -> list[Checkpoint]:
    """Checkpoints of turns before ``turn`` that still hold at it (not past their until_turn)."""
    return [
        c
        for c in checkpoints
        if c.at_turn < turn and (c.until_turn is None or turn <= c.until_turn)
    ]


def due_checks(loaded: LoadedScript, turn: Turn) -> list[Checkpoint]:
    """What a session runs after a turn: its checkpoints and the earlier ones in force
    (regressions re-run only at turns that have checkpoints of their own)."""
    if not turn.checkpoints:
        return []
    return [*turn.checkpoints, *in_force(loaded.checkpoints(), turn.number)]


def work_turns(loaded: LoadedScript) -> list[Turn]:
    """The turns whose reference changes the code: any turn with a reference (a robustness
    turn's real request beside its mistaken one is work too)."""
    return [t for t in loaded.turns() if t.prompt.reference]


class _Replay:
    """The sandbox side: replays, snapshots and check runs over one script."""

    def __init__(self, loaded: LoadedScript) -> None:
        self.loaded = loaded
        self.turns = loaded.turns()
        self.checkpoints = loaded.checkpoints()
        self.check_runs = 0
        self.applied = 0

    async def _root(self, script: str) -> ExecResult[str]:
        return await sandbox().exec(["bash", "-c", script], user=await as_root(), timeout=300)

    async def _root_or_fail(self, script: str, what: str) -> None:
        """Run a script as root; a failure ends the replay, saying what could not be done."""
        result = await self._root(script)
        if not result.success:
            raise RuntimeError(f"could not {what}: {result.stderr}")

    async def snapshot(self, name: str) -> None:
        """Save the workspace as it is now, under a name (a turn number, or p<turn>)."""
        await self._root_or_fail(
            f"mkdir -p -m 700 {SNAPSHOT_DIR} && mkdir {SNAPSHOT_DIR}/{name} && "
            f"tar -C {WORKSPACE} {_EXCLUDE_INSTALLED} --numeric-owner -cf - . "
            f"| tar -C {SNAPSHOT_DIR}/{name} --numeric-owner -xpf -",
            f"save the workspace ({name})",
        )

    async def record_change(self, turn: Turn) -> None:
        """The turn's reference's change as the baseline made it: a binary git diff from
        the state before it (after any setup) to the state after it.

        Its .git is left out: git apply refuses paths in it (a reference's commits are
        not replayed). The diff is a file of root's; git apply reads it as the agent."""
        before = f"p{turn.number}" if turn.prompt.setup else str(turn.number - 1)
        await self._root_or_fail(
            f"cd {SNAPSHOT_DIR} && git diff --no-index --binary {before} {turn.number} > raw; "
            '[ "$?" -le 1 ] || exit 2; '
            "awk '/^diff --git /{skip = ($3 ~ /\\/\\.git\\//)} !skip' raw "
            f"> d{turn.number}.patch && rm raw",
            f"diff turn {turn.number}",
        )

    async def restore(self, after: int) -> None:
        # the agent's processes (a server a reference started) would write into the tree;
        # the installed trees stay (see INSTALLED), the rest is the saved state
        await self._root_or_fail(
            f"{STOP_AGENT}find {WORKSPACE} -mindepth 1 {_PRUNE_INSTALLED} -o ! -type d -print0 "
            f"| xargs -0 -r rm -f && find {WORKSPACE} -mindepth 1 -type d -empty -delete && "
            f"cp -a {SNAPSHOT_DIR}/{after}/. {WORKSPACE}/",
            f"restore the workspace after turn {after}",
        )

    async def setup(self, turn: Turn) -> str | None:
        """Run the turn's setup; why it failed, if it did."""
        if not turn.prompt.setup:
            return None
        result = await run_as_agent(setup_command(turn.prompt.setup))
        if result.success:
            return None
        return f"setup of turn {turn.number} no longer applies: {_tail(result)}"

    async def reference(self, turn: Turn) -> str | None:
        """Apply the turn's reference itself (the baseline); why it failed, if it did."""
        if not turn.prompt.reference:
            return None
        self.applied += 1
        result = await run_as_agent(
            reference_command(self.loaded.directory / turn.prompt.reference)
        )
        if result.success:
            return None
        return f"reference turn {turn.number} no longer applies: {_tail(result)}"

    async def change(self, turn: Turn) -> str | None:
        """Apply the turn's change as the baseline's diff (an ablation); why it failed.

        Not the reference itself: one that writes whole files would bring the left-out
        turn's change back. -C1 asks of the context what `patch`'s default fuzz does."""
        if not turn.prompt.reference:
            return None
        self.applied += 1
        diff = f"{SNAPSHOT_DIR}/d{turn.number}.patch"
        result = await self._root(
            f"cd {WORKSPACE} && {{ [ ! -s {diff} ] || runuser -u {AGENT_USER} -- "
            f"git apply -p2 -C1 --whitespace=nowarn < {diff}; }}"
        )
        if result.success:
            return None
        return f"reference turn {turn.number} no longer applies: {_tail(result)}"

    async def divergence(self, after: int) -> list[str] | None:
        """The workspace paths whose contents differ from the baseline's state after a
        turn (None: not known). A check that reads none of them sees what it saw there."""
        return await self._differing(f"{SNAPSHOT_DIR}/{after}", WORKSPACE)

    async def _differing(self, left: str, right: str) -> list[str] | None:
        result = await self._root(f"diff -rq {_NOT_COMPARED} {left} {right}")
        if result.returncode not in (0, 1):
            return None
        return diverged_paths(result.stdout, left, right)

    async def check(self, checkpoints: Sequence[Checkpoint]) -> list[CheckResult]:
        if not checkpoints:
            return []
        self.check_runs += 1
        return await run_checks(checkpoints, self.loaded.directory, self.loaded.script.isolation)

    async def acceptance(self) -> CheckResult | None:
        directory = self.loaded.acceptance_dir
        if not directory:
            return None
        self.check_runs += 1
        return await run_acceptance(
            self.loaded.directory, directory, isolation=self.loaded.script.isolation
        )

    async def baseline(self) -> dict[str, Any]:
        """Every setup and reference in order, saved after each turn, checks as due.

        A check that passed and reads nothing changed since is not run again (it would
        pass again), except at a phase's last turn; a failed one always is."""
        failed: list[list[Any]] = []
        # the checks that passed, and which of them read something changed since
        ledger = CheckpointLedger("affected")
        await self.snapshot("0")
        for turn in self.turns:
            problem = await self.setup(turn)
            if problem is None and turn.prompt.setup:
                await self.snapshot(f"p{turn.number}")
            problem = problem or await self.reference(turn)
            if problem:
                return {"broken": problem, "broken_at": turn.number, "failed": failed}
            await self.snapshot(str(turn.number))
            if turn.prompt.reference:
                await self.record_change(turn)
            if ledger.passed:
                changed = await self._differing(
                    f"{SNAPSHOT_DIR}/{turn.number - 1}", f"{SNAPSHOT_DIR}/{turn.number}"
                )
                if changed is None or turn.last_of_phase:
                    ledger.note_everything_changed()
                else:
                    ledger.note_changes(changed)
            due = [
                c
                for c in due_checks(self.loaded, turn)
                if c.label not in ledger.passed or c.label in ledger.stale
            ]
            for c, r in zip(due, await self.check(due), strict=True):
                if r.passed:
                    ledger.passed_now(c)
                else:
                    ledger.regressed(c)
                    failed.append([turn.number, c.label, r.output[-_OUTPUT_TAIL:]])
        accepted = await self.acceptance()
        return {
            "broken": None,
            "failed": failed,
            "acceptance": None if accepted is None else _acceptance(accepted),
        }

    async def ablate(self, left_out: int, baseline: dict[str, Any]) -> dict[str, Any]:
        """Replay from the state before a turn without its reference, to the first catch."""
        already = {(t, label) for t, label, _ in baseline["failed"]}
        await self.restore(left_out - 1)
        for turn in self.turns[left_out - 1 :]:
            problem = await self.setup(turn)
            if problem is None and turn.number != left_out:
                problem = await self.change(turn)
            if problem:
                kind = "setup" if problem.startswith("setup") else "reference"
                return _caught(left_out, kind, turn.number, problem.split(":")[0])
            due = due_checks(self.loaded, turn)
            diverged = await self.divergence(turn.number) if due else None
            if diverged == []:
                # the workspace is the baseline's again: every later state is too
                return _caught(left_out, None, None, None)
            if diverged is not None:
                # a check that reads nothing the omission changed passes as in the baseline
                due = [c for c in due if any(reads_path(c, p) for p in diverged)]
            failing = await self._failing(turn, due, already)
            if failing:
                caught = _caught(
                    left_out,
                    "checkpoint",
                    turn.number,
                    f"checkpoint {failing[0].label!r} at turn {turn.number}",
                )
                caught["failing"] = [[c.label, c.at_turn] for c in failing]
                return caught
        accepted = baseline.get("acceptance")
        if accepted is not None and accepted["passed"]:
            result = await self.acceptance()
            if result is not None and not result.passed:
                counts = _acceptance(result)["tests"]
                return _caught(
                    left_out, "acceptance", None, f"the acceptance tests ({counts} passed)"
                )
        return _caught(left_out, None, None, None)

    async def _failing(
        self, turn: Turn, due: list[Checkpoint], already: set[tuple[int, str]]
    ) -> list[Checkpoint]:
        """The due checks that fail, less those the full baseline fails too (they say
        nothing about the left-out turn).

        The turn's own checkpoints run first, alone: they are what usually catches an
        omission, and a catch needs no more. Only when none of them fails do the earlier
        ones in force run, so a regression batch (every test file of the front end, say)
        runs only where it can decide the verdict, which is the same either way."""
        own = [c for c in due if c.at_turn == turn.number]
        stages = [own, [c for c in due if c.at_turn != turn.number]] if own else [due]
        for stage in stages:
            results = await self.check(stage)
            failing = [
                c
                for c, r in zip(stage, results, strict=True)
                if not r.passed and (turn.number, c.label) not in already
            ]
            if failing:
                return failing
        return []

    async def bug(self, turn: Turn, ablation: dict[str, Any] | None) -> dict[str, Any]:
        """What the checks see of a bug turn's defect on the state before the turn."""
        number = turn.number
        own = [c for c in turn.checkpoints if c.behavioural]
        found: dict[str, Any] = {
            "turn": number,
            "tests": [c.label for c in own],
            "source": "own" if own else None,
            "fails_before": None,
            "fails_without_setup": None,
            "setup_failed": None,
            "earlier_failing": [],
            "ablation": None if ablation is None else ablation["caught_by"],
        }
        if not own and ablation is not None and ablation["kind"] == "checkpoint":
            # the defect carried forward fails it at its turn, and the fix makes it pass
            later = [label for label, at in ablation["failing"] if at > number]
            if later:
                found.update(tests=later[:1], source="later", fails_before=True)
        await self.restore(number - 1)
        if own and turn.prompt.setup:
            without = await self.check(own)
            found["fails_without_setup"] = any(not r.passed for r in without)
        found["setup_failed"] = await self.setup(turn)
        # in force on the state after the previous turn (what an agent had in hand)
        earlier = in_force(self.checkpoints, number - 1) + [
            c for c in self.checkpoints if c.at_turn == number - 1
        ]
        results = await self.check([*own, *earlier])
        if own:
            found["fails_before"] = any(not r.passed for r in results[: len(own)])
        found["earlier_failing"] = [
            [c.label, r.output[-_OUTPUT_TAIL:]]
            for c, r in zip(earlier, results[len(own) :], strict=True)
            if not r.passed
        ]
        return found


def diverged_paths(output: str, saved: str, workspace: str) -> list[str] | None:
    """The relative paths `diff -rq SAVED WORKSPACE` reports (None: a line it cannot read)."""
    paths: list[str] = []
    roots = (f"{saved}/", f"{workspace}/")
    for line in output.splitlines():
        if line.startswith("Only in ") and ": " in line:
            folder, name = line[len("Only in ") :].split(": ", 1)
            folder += "/"
            root = next((r for r in roots if folder.startswith(r)), None)
            if root is None:
                return None
            paths.append(folder[len(root) :] + name)
        elif line.startswith((f"Files {saved}/", f"File {saved}/")):
            rest = line.split(f"{saved}/", 1)[1]
            if line.startswith("Files "):  # Files A and B differ
                path, found, _ = rest.partition(f" and {workspace}/")
            else:  # File A is a socket while file B is a regular file
                path, found, _ = rest.partition(f" while file {workspace}/")
                path = path.rpartition(" is a ")[0]
            if not found or not path:
                return None
            paths.append(path)
        else:
            return None
    return paths


def _tail(result: ExecResult[str]) -> str:
    return (result.stderr or result.stdout).strip()[-_OUTPUT_TAIL:]


def _acceptance(result: CheckResult) -> dict[str, Any]:
    tests = f"{result.passed_tests or 0}/{result.total_tests or 0}"
    return {"passed": result.passed, "tests": tests, "output": result.output[-_OUTPUT_TAIL:]}


def _caught(turn: int, kind: str | None, at: int | None, by: str | None) -> dict[str, Any]:
    return {"turn": turn, "kind": kind, "at": at, "caught_by": by, "failing": []}


# run by replay_instruments, whose tests are in tests/stamina/test_fairness_replay.py
@solver
def _replay_for_fairness() -> Solver:  # inspect-evals-lint: ignore[custom_solver_tests] -- see above  # fmt: skip
    """Replay the references: a baseline, each work turn left out, each bug turn's state."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        replay = _Replay(script_of(state))
        data: dict[str, Any] = {"ablations": [], "bugs": []}
        started = time.monotonic()
        data["baseline"] = baseline = await replay.baseline()
        ablations: dict[int, dict[str, Any]] = {}
        if baseline["broken"] is None:
            for turn in work_turns(replay.loaded):
                ablations[turn.number] = await replay.ablate(turn.number, baseline)
        data["ablations"] = list(ablations.values())
        data["ablation_seconds"] = time.monotonic() - started
        started = time.monotonic()
        saved_up_to = baseline.get("broken_at", len(replay.turns) + 1) - 1
        for turn in replay.turns:
            # the state before a turn exists only up to where the baseline broke
            if turn.prompt.kind == "bug" and turn.number - 1 <= saved_up_to:
                data["bugs"].append(await replay.bug(turn, ablations.get(turn.number)))
        data["bug_seconds"] = time.monotonic() - started
        data["check_runs"], data["references_applied"] = replay.check_runs, replay.applied
        store().set(_KEY, data)
        return state

    return solve


def replay_instruments(
    loaded: LoadedScript, log_dir: str | None = None
) -> tuple[InstrumentResult, InstrumentResult]:
    """Turn ablation and bug truthfulness for a script, from one replay in one sandbox."""
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval

    from inspect_stamina.stamina.task import stamina

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stamina-fairness-") as scratch:
        task = stamina(script=str(loaded.path))
        replay = Task(dataset=task.dataset, solver=_replay_for_fairness(), sandbox=task.sandbox)
        [log] = inspect_eval(
            replay, model="mockllm/model", log_dir=log_dir or scratch, display="none"
        )
        # read while the log exists: its samples load from the file when first used
        if log.status != "success" or not log.samples or _KEY not in log.samples[0].store:
            raise RuntimeError(
                "the fairness replay did not complete: "
                f"{log.error.message if log.error else log.status}"
            )
        data: dict[str, Any] = log.samples[0].store[_KEY]
    wall = time.monotonic() - started
    return ablation_result(loaded, data, wall), bug_result(loaded, data, wall)


def _reference_of(loaded: LoadedScript, turn: int) -> str | None:
    return loaded.turns()[turn - 1].prompt.reference


def ablation_result(loaded: LoadedScript, data: dict[str, Any], wall: float) -> InstrumentResult:
    """The turn ablation verdict from what the replay stored."""
    result = InstrumentResult(ABLATION, passed=False, seconds=float(data["ablation_seconds"]))
    baseline = data["baseline"]
    work = work_turns(loaded)
    result.figures["work_turns"] = len(work)
    if baseline["broken"]:
        result.findings.append(
            Finding(f"the baseline replay breaks: {baseline['broken']}", turn=baseline["broken_at"])
        )
        result.notes.append("no turn was left out: the references do not replay in full")
        return result
    for turn, label, output in baseline["failed"]:
        result.findings.append(
            Finding(f"the baseline (every reference) fails checkpoint {label!r}: {output}", turn)
        )
    accepted = baseline.get("acceptance")
    if accepted is not None and not accepted["passed"]:
        result.findings.append(
            Finding(
                f"the baseline passes {accepted['tests']} acceptance tests: {accepted['output']}"
            )
        )
        result.notes.append("the acceptance tests catch nothing: the baseline fails them too")
    caught_by = {int(a["turn"]): a["caught_by"] for a in data["ablations"]}
    uncaught = [turn for turn, by in caught_by.items() if by is None]
    for turn in uncaught:
        result.findings.append(
            Finding(
                "unchecked work: with this turn's reference left out, every later reference "
                "applies and every check passes",
                turn=turn,
                where=_reference_of(loaded, turn),
            )
        )
    caught = len(caught_by) - len(uncaught)
    # a change that no longer applies is a weaker catch than a failing check: say how many
    kinds = [a["kind"] for a in data["ablations"] if a["kind"]]
    result.figures.update(
        caught=caught,
        coverage=round(caught / len(caught_by), 3) if caught_by else None,
        uncaught=uncaught,
        caught_by_kind={kind: kinds.count(kind) for kind in dict.fromkeys(kinds)},
        caught_by={turn: by or "nothing" for turn, by in caught_by.items()},
    )
    result.notes.append(
        f"one replay for both instruments: {data['references_applied']} references applied, "
        f"{data['check_runs']} check runs, {wall:.0f} s in all"
    )
    result.passed = not result.findings
    return result


def bug_result(loaded: LoadedScript, data: dict[str, Any], wall: float) -> InstrumentResult:
    """The bug truthfulness verdict from what the replay stored."""
    result = InstrumentResult(BUG_TRUTHFULNESS, passed=False, seconds=float(data["bug_seconds"]))
    turns = loaded.turns()
    bugs = [t for t in turns if t.prompt.kind == "bug"]
    seen = {int(b["turn"]): b for b in data["bugs"]}
    tests: dict[int, str] = {}
    for turn in bugs:
        number, origin = turn.number, turn.prompt.origin
        found = seen.get(number)
        if origin is None:
            result.findings.append(
                Finding("declares no origin (harness: planted by its setup; unstated)", number)
            )
        if origin == "harness" and not turn.prompt.setup:
            result.findings.append(
                Finding("origin harness, but the turn has no setup to plant the defect", number)
            )
        if found is None:
            result.findings.append(
                Finding("not checked: the baseline replay broke before this turn", number)
            )
            continue
        tests[number] = ", ".join(found["tests"]) or "none"
        if found["setup_failed"]:
            result.findings.append(Finding(found["setup_failed"], number))
        if not found["tests"]:
            after = found["ablation"] or "nothing"
            result.findings.append(
                Finding(
                    "nothing checks this bug: no behavioural checkpoint at its turn, and no "
                    f"later checkpoint catches the turn left out (caught by {after})",
                    number,
                )
            )
        elif not found["fails_before"]:
            result.findings.append(
                Finding(
                    f"nothing checks this bug: its test ({tests[number]}) already passes on "
                    "the state before the turn",
                    number,
                )
            )
        if origin == "unstated":
            for label, output in found["earlier_failing"]:
                result.findings.append(
                    Finding(
                        f"the state before the turn fails earlier check {label!r}, still in "
                        f"force: {output}",
                        number,
                    )
                )
        if origin == "harness" and found["fails_without_setup"]:
            result.notes.append(
                f"turn {number}: its test fails without the setup too (the setup is not "
                "alone in planting the defect)"
            )
        if found["source"] == "later":
            result.notes.append(
                f"turn {number}: no checkpoint at its turn; its test is the later one that "
                f"catches its omission ({tests[number]})"
            )
    origins = [t.prompt.origin or "none" for t in bugs]
    result.figures.update(
        bug_turns=len(bugs),
        origins={o: origins.count(o) for o in dict.fromkeys(origins)},
        tests=tests,
        with_findings=len({f.turn for f in result.findings}),
    )
    result.notes.append(f"measured in the turn ablation's replay ({wall:.0f} s in all)")
    result.passed = not result.findings
    return result
