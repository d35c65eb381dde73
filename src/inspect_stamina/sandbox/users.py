"""The sandbox's users as the harness names them in ``exec``.

Every container of our images draws fresh numeric ids for its users at start
(``compose/images/stamina/stamina-users``), because the kernel's per-user process
limit counts a user id across the whole host: with ids of their own, a fork bomb in one
sandbox cannot stop another from forking. Docker looks a user name up in the image's
own files, where the drawn ids are not, so on Docker every command goes by id
(``uid:gid``); Kubernetes runs ``runuser`` inside the pod, which finds the names. An
image without the ids file (a user's own image) keeps its users' names.
"""

from __future__ import annotations

import asyncio

from inspect_ai.util import sandbox, store

IDS_FILE = "/run/users/ids"
_STORE_KEY = "inspect_stamina:sandbox_users"
# the users are written by the container's first process: allow it this long
_READY_SECONDS = 20.0


async def sandbox_user(name: str) -> str:
    """What ``sandbox().exec(user=...)`` takes for a user of the sandbox (``root`` too)."""
    users = await _users()
    if name == "root":
        return "0:0" if users["by_id"] else "root"
    ids = users["ids"]
    uid = ids.get(name) if isinstance(ids, dict) else None
    if not users["by_id"] or uid is None:
        return name
    return f"{uid}:{uid}"


async def as_root() -> str:
    """The exec user for the harness's own steps."""
    return await sandbox_user("root")


async def _users() -> dict[str, object]:
    cached = store().get(_STORE_KEY)
    if isinstance(cached, dict):
        return cached
    users: dict[str, object] = {"by_id": False, "ids": {}}
    ids = await _read_ids()
    if ids:
        try:
            by_id = (await sandbox().exec(["true"], user="0:0", timeout=30)).success
        except Exception:  # noqa: BLE001 - a sandbox that cannot take ids takes names
            by_id = False
        users = {"by_id": by_id, "ids": ids}
    store().set(_STORE_KEY, users)
    return users


async def _read_ids() -> dict[str, int]:
    """name -> uid from the container's ids file, waiting for its first process to write
    it; empty for an image that does not draw ids."""
    waited = 0.0
    while True:
        result = await sandbox().exec(
            ["sh", "-c", f"cat {IDS_FILE} 2>/dev/null || test ! -x /usr/local/sbin/stamina-users"],
            timeout=30,
        )
        if result.stdout.strip():
            pairs = [line.split("=", 1) for line in result.stdout.split() if "=" in line]
            return {name: int(uid) for name, uid in pairs if uid.isdigit()}
        if result.success:
            return {}  # no stamina-users in this image: its own users, by name
        if waited >= _READY_SECONDS:
            raise RuntimeError(
                f"the sandbox's users were never set up ({IDS_FILE} is missing): its "
                "container must start with `stamina-users start` (see compose/)"
            )
        await asyncio.sleep(0.1)
        waited += 0.1
