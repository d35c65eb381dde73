"""The sandbox's side of a fairness replay (``replay.py``): the workspace saved after
every turn and restored before an ablation, each turn's setup, reference and change
(its reference's diff from the baseline), where the workspace now differs from the
baseline, and check runs.

The saved states sit in a root-only directory of the sandbox; installed dependency
trees (node_modules) are neither saved nor restored.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.util import ExecResult, sandbox

from inspect_stamina.sandbox.users import as_root
from inspect_stamina.stamina.checks import run_acceptance, run_checks
from inspect_stamina.stamina.loaded_script import LoadedScript, Turn
from inspect_stamina.stamina.record import CheckResult
from inspect_stamina.stamina.references import reference_command, run_as_agent, setup_command
from inspect_stamina.stamina.sandbox import AGENT_USER, STOP_AGENT, WORKSPACE
from inspect_stamina.stamina.script import Checkpoint

# root-only (made 0700 by root): the references and setups run as the agent, who must
# not see or change the saved states. /tmp is the largest of the sandbox's writable
# mounts (its root file system is read-only; /root's tmpfs is small for 100 turns)
SNAPSHOT_DIR = "/tmp/stamina-replay"
OUTPUT_TAIL = 300
# the saved state an ablation's workspace is put aside in while a check runs on the
# baseline's (see ReplaySandbox.stash)
STASH = "stash"
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


class ReplaySandbox:
    """The sandbox's side of a replay over one script: saved states, the turns' setups,
    references and changes, and check runs (counted)."""

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
        await self._root_or_fail(_save(name), f"save the workspace ({name})")

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

    async def stash(self) -> None:
        """Put the workspace as it is now aside (replacing what was put aside before);
        ``restore(STASH)`` brings it back."""
        await self._root_or_fail(
            f"rm -rf {SNAPSHOT_DIR}/{STASH} && {_save(STASH)}", "put the workspace aside"
        )

    async def restore(self, after: int | str) -> None:
        """Put the workspace back as the baseline left it after a turn (or as stashed)."""
        # the agent's processes (a server a reference started) would write into the tree;
        # the installed trees stay (see INSTALLED), the rest is the saved state
        await self._root_or_fail(
            f"{STOP_AGENT}find {WORKSPACE} -mindepth 1 {_PRUNE_INSTALLED} -o ! -type d -print0 "
            f"| xargs -0 -r rm -f && find {WORKSPACE} -mindepth 1 -type d -empty -delete && "
            f"cp -a {SNAPSHOT_DIR}/{after}/. {WORKSPACE}/",
            "put the workspace back"
            if after == STASH
            else f"restore the workspace after turn {after}",
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
        saved = f"{SNAPSHOT_DIR}/{after}"
        result = await self._root(f"diff -rq {_NOT_COMPARED} {saved} {WORKSPACE}")
        if result.returncode not in (0, 1):
            return None
        return diverged_paths(result.stdout, saved, WORKSPACE)

    async def check(self, checkpoints: Sequence[Checkpoint]) -> list[CheckResult]:
        """Run the checkpoints in one check run (none: no run)."""
        if not checkpoints:
            return []
        self.check_runs += 1
        return await run_checks(checkpoints, self.loaded.directory, self.loaded.script.isolation)

    async def acceptance(self) -> CheckResult | None:
        """Run the script's acceptance tests (None: it has none)."""
        directory = self.loaded.acceptance_dir
        if not directory:
            return None
        self.check_runs += 1
        return await run_acceptance(
            self.loaded.directory, directory, isolation=self.loaded.script.isolation
        )


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


def _save(name: str) -> str:
    """A root script that saves the workspace under a new name in the snapshot folder."""
    return (
        f"mkdir -p -m 700 {SNAPSHOT_DIR} && mkdir {SNAPSHOT_DIR}/{name} && "
        f"tar -C {WORKSPACE} {_EXCLUDE_INSTALLED} --numeric-owner -cf - . "
        f"| tar -C {SNAPSHOT_DIR}/{name} --numeric-owner -xpf -"
    )


def _tail(result: ExecResult[str]) -> str:
    return (result.stderr or result.stdout).strip()[-OUTPUT_TAIL:]
