"""Edit a script's references as a project history: one git commit per turn.

A long script's references are patches on the state the turns before them left, so
changing turn 23 means changing every later patch that touches the same lines. This
turns the references into a git repository (commit "turn N" per referenced turn) where
the usual tools (rebase, filter-branch, a plain edit and commit --amend) do that work,
and exports the history back into references/turn_NN.patch.

    python scripts/script_history.py rebuild todo_app /tmp/todo_history
    ... edit, commit, rebase in /tmp/todo_history ...
    python scripts/script_history.py export /tmp/todo_history todo_app

Rebuilding skips what a `.sh` reference does with the image beyond writing files: its
lines that start with `(cd ` (npm ci) and copies from /opt (the image's npm template)
run in the sandbox only. Export rewrites only `.patch` references; a directory or `.sh`
reference stays as written.
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

from inspect_stamina.stamina.task import resolve_script


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, check=True, capture_output=True, text=True
    ).stdout


def rebuild(spec: str, repo: Path) -> None:
    """Apply the script's references in order, one commit per referenced turn."""
    loaded = resolve_script(spec)
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "scripts@inspect-stamina")
    _git(repo, "config", "user.name", "script history")
    for turn in loaded.turns():
        if not turn.prompt.reference:
            continue
        path = loaded.directory / turn.prompt.reference
        if path.is_dir():
            subprocess.run(["cp", "-r", f"{path}/.", str(repo)], check=True)
        elif path.suffix in (".patch", ".diff"):
            subprocess.run(
                ["patch", "-p1", "--forward", "--quiet", "-i", str(path)], cwd=repo, check=True
            )
        else:
            lines = [
                x for x in path.read_text().splitlines() if not x.startswith(("(cd ", "cp /opt/"))
            ]
            subprocess.run(["bash", "-c", "\n".join(lines)], cwd=repo, check=True)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "--allow-empty", "-m", f"turn {turn.number}")
    print(f"{repo}: {len(_git(repo, 'rev-list', 'HEAD').split())} turns")


def export(repo: Path, spec: str) -> None:
    """Write each .patch reference from the history's commit for its turn."""
    loaded = resolve_script(spec)
    commits = {
        int(subject.removeprefix("turn ")): sha
        for sha, subject in (
            line.split(" ", 1) for line in _git(repo, "log", "--format=%H %s").splitlines()
        )
    }
    written = 0
    for turn in loaded.turns():
        ref = turn.prompt.reference
        if not ref or not ref.endswith(".patch"):
            continue
        sha = commits[turn.number]
        diff = _git(repo, "diff", f"{sha}~1", sha)
        (loaded.directory / ref).write_text(diff)
        written += 1
    print(f"{loaded.directory}: {written} patches written")


def main() -> None:
    """rebuild SCRIPT REPO | export REPO SCRIPT."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("rebuild", help="references -> a git history in REPO")
    up.add_argument("script")
    up.add_argument("repo", type=Path)
    down = sub.add_parser("export", help="a git history -> the script's .patch references")
    down.add_argument("repo", type=Path)
    down.add_argument("script")
    args = parser.parse_args()
    if args.command == "rebuild":
        rebuild(args.script, args.repo)
    else:
        export(args.repo, args.script)


if __name__ == "__main__":
    main()
