"""Runs in the sandbox, as ``runner``: what the agent's code leaves in the directory it
shares with the tests, opened up to them (the broker after each program, the agent's
process after each call).

Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import stat


def open_up(directory: str, owner: int | None = None) -> None:
    """Let the tests read and rewrite what the agent's code made in the shared directory.

    The agent's code may write files only its user can read (tempfile.mkstemp's 0600,
    say); the tests, another user, read them afterwards. Files and directories (of
    ``owner``, when given) get read and write bits for everyone; links are left alone.
    """
    for folder, directories, files in os.walk(directory):
        for name in [*directories, *files]:
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                info = os.lstat(path)
                if owner is not None and info.st_uid != owner:
                    continue
                if stat.S_ISDIR(info.st_mode):
                    os.chmod(path, info.st_mode | 0o777)
                elif stat.S_ISREG(info.st_mode):
                    os.chmod(path, info.st_mode | 0o666)
