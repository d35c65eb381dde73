"""A service's late concurrency fix (version 3): concurrent requests, no write lost.

Before the turn, a teammate's stopgap lands in the agent's `server.py` (the turn's setup):
the server answers one request at a time, so one client that connects and sends nothing
holds up everybody. The user asks for concurrent serving again and for creating records
to be safe under it. The turn's test holds a connection open while it sends a request
(which must be answered within 3 s) and creates 30 notes from five clients at once
(which must get the ids 1 to 30). The stall makes it fail on the project before the
turn, deterministically; the 30 writes check what the fix must keep.
"""

from __future__ import annotations

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner

_CREATES = "POST /notes"  # the first endpoint of every service script


def serialisable_services(planner: Planner) -> list[str]:
    """The service's package, once, when it creates notes and can be made to serialise."""
    pkg, project = planner.project.package, planner.project
    creates = any(f.template.route == _CREATES for f in project.functions.values())
    if project.concurrent_writes or not creates:
        return []
    return [pkg] if planner.domain.lang.serialised_server(pkg, planner.teammate) else []


def concurrency_turn(planner: Planner, number: int) -> GeneratedTurn:
    """The teammate's stopgap is planted; the user asks for concurrency done right."""
    pkg, lang, who = planner.project.package, planner.domain.lang, planner.teammate
    planner.project.concurrent_writes = True
    text = planner.noisy_prose(
        f"{who} saw two notes get the same id under load and made `{pkg}/server.py` answer "
        "one request at a time (the block above the main guard). That is no fix: now one "
        "client that connects and sends nothing holds up every other request. Make the "
        "server answer requests concurrently again, so a stalled connection never holds "
        "up the others, and make creating records safe under concurrency: 30 notes "
        "created by five clients at once must all be kept, with 30 distinct ids (1 to 30 "
        "on a fresh server)."
    )
    turn = planner.code_turn(
        number,
        "bug",
        text,
        "The server answers requests concurrently again, and the store makes every change "
        "under a lock, so concurrent creates each get their own id.",
        None,
    )
    turn.test_file = f"tests/test_t{number:03d}_concurrency.py"
    turn.test = lang.concurrency_test(pkg)
    turn.checkpoint = {"action": "run_tests", "name": "concurrent requests, nothing lost"}
    # the reference: server.py without the stopgap, store.py with its lock
    for path in (f"{pkg}/server.py", f"{pkg}/store.py"):
        turn.files[path] = planner.rendered[path]
    turn.prompt.update(origin="harness", setup=lang.serialised_server(pkg, who))
    return turn


__all__ = ["concurrency_turn", "serialisable_services"]
