"""The Git merge-conflict challenge as shell: a teammate's branch, and its resolution.

Before the fork turn the harness commits the workspace as it is (the agent's real work,
whatever it looks like) and a teammate branches off it, appending a function to a
module and an export to the package's entry point: a patch on the agent's own files,
never a rewrite of them. The agent then appends its own function to the same module,
so merging the branch a turn later conflicts. The reference commits, merges and writes
the merged files as the project model renders them.
"""

from __future__ import annotations

TEAMMATE = "Sam"
# the here-document marker of a teammate's commit written into a turn's setup
TEAMMATE_EOF = "STAMINA_TEAMMATE_EOF"
_IDENTITY = "-c user.name=Sam -c user.email=sam@example.invalid"
_EOF = "STAMINA_MERGE_EOF"
# never committed by either side: caches would conflict as binary files
_EXCLUDES = ("__pycache__/", "*.pyc", ".pytest_cache/", "node_modules/")


def branch_name(function: str) -> str:
    """The teammate's branch for a function."""
    return f"teammate/{function}"


def commit_message(function: str) -> str:
    """The teammate's commit message, by which the checkpoint finds it in HEAD's history."""
    return f"Add {function} ({TEAMMATE})"


def _heredoc(command: str, text: str) -> str:
    return f"{command} <<'{_EOF}'\n{text}{'' if text.endswith(chr(10)) else chr(10)}{_EOF}\n"


def fork_setup(function: str, appends: dict[str, str], wiring: str = "") -> str:
    """Bash, run in the workspace as the agent: commit the work so far, then commit the
    teammate's appends to these files (and `wiring`'s edits, bash over `$fork`) on a
    branch off it, leaving the work tree alone."""
    branch = branch_name(function)
    lines = [
        "git rev-parse --git-dir >/dev/null 2>&1 || git init -q -b main",
        "mkdir -p .git/info",
        _heredoc("cat >> .git/info/exclude", "\n".join(_EXCLUDES) + "\n").rstrip("\n"),
        # the user's repository has an identity, so that the agent's commits just work
        'git config user.name >/dev/null || git config user.name "Alex"',
        'git config user.email >/dev/null || git config user.email "alex@example.invalid"',
        "git add -A",
        f'git {_IDENTITY} commit -q --allow-empty -m "Work so far (committed before {TEAMMATE} branched)"',
        'fork="$(mktemp -d)"',
        f'git worktree add -q -B {branch} "$fork" HEAD',
    ]
    for path, text in sorted(appends.items()):
        lines.append(f'mkdir -p "$(dirname "$fork/{path}")"')
        lines.append(_heredoc(f'cat >> "$fork/{path}"', text).rstrip("\n"))
    if wiring:
        lines.append(wiring.rstrip("\n"))
    lines += [
        f'git -C "$fork" add -A && git -C "$fork" {_IDENTITY} commit -q -m "{commit_message(function)}"',
        'git worktree remove --force "$fork"',
    ]
    return "\n".join(lines) + "\n"


def resolution(function: str, ours: str, merged: dict[str, str]) -> str:
    """Bash, the merge turn's reference: commit our work, merge the teammate's branch and
    resolve it with the merged files as the model renders them."""
    lines = [
        "git add -A",
        f'git commit -q -m "Add {ours}" || true  # nothing to commit is fine',
        f"git merge --no-edit {branch_name(function)} >/dev/null 2>&1 || true  # it conflicts",
    ]
    for path, text in sorted(merged.items()):
        lines.append(f'mkdir -p "$(dirname "{path}")"')
        lines.append(_heredoc(f'cat > "{path}"', text).rstrip("\n"))
    lines += [
        "git add -A",
        f'git commit -q --no-edit -m "Merge {branch_name(function)}" || true  # merged cleanly',
    ]
    return "\n".join(lines) + "\n"


def merged_check(function: str) -> str:
    """A command printing `merged` when the teammate's commit is in HEAD's history and no
    conflict is left: no unmerged path, no conflict marker (run as the checker, who does
    not own the repository, hence safe.directory)."""
    git = "git -c safe.directory='*'"
    return (
        f"{git} log --format=%s HEAD | grep -qxF '{commit_message(function)}' "
        f'&& test -z "$({git} ls-files -u)" '
        "&& ! grep -rIlE '^(<<<<<<<|>>>>>>>)( |$)' --exclude-dir=.git --exclude-dir=node_modules . "
        "&& echo merged"
    )


def merged_checkpoint(function: str) -> dict[str, str]:
    """The checkpoint of a merge turn: `merged_check` run in the sandbox."""
    return {
        "action": "docker_exec",
        "name": f"{branch_name(function)} merged, no conflict left",
        "command": merged_check(function),
        "expected": "merged",
    }


__all__ = [
    "branch_name",
    "commit_message",
    "fork_setup",
    "merged_check",
    "merged_checkpoint",
    "resolution",
]
