"""A service's late security fix (version 3): a teammate's request log leaks API tokens.

Before the turn, a teammate's debugging aid lands in the agent's `server.py` (the turn's
setup): every request line goes to stderr, `?token=...` query values and all. The user
asks to keep the log and redact the tokens, stating the exact form. The turn's test sends
requests carrying a secret token and reads the server's own output: the secret must be
absent and each request logged with `token=[REDACTED]`. It fails on the project before
the turn, setup applied (the secret is in the log), and passes after it.
"""

from __future__ import annotations

from inspect_stamina.generator.planner.core import GeneratedTurn, Planner


def leaky_services(planner: Planner) -> list[str]:
    """The service's package while its request log can still be made to leak (once)."""
    pkg = planner.project.package
    lang = planner.domain.lang
    if planner.project.redacted_log or lang.log_leak(pkg, planner.teammate) is None:
        return []
    return [pkg]


def log_redaction_turn(planner: Planner, number: int) -> GeneratedTurn:
    """The teammate's leaking log is planted; the user asks for the tokens redacted."""
    pkg, lang, who = planner.project.package, planner.domain.lang, planner.teammate
    planner.project.redacted_log = True
    secret = f"tok-{planner.rng.randrange(16**8):08x}"
    opening = planner.rng.choice(
        (
            f"Security problem: {who} added a request log to `{pkg}/server.py` while "
            "debugging staging (the block above the main guard)",
            f"{who} left a debugging request log in `{pkg}/server.py` (just above the main guard)",
        )
    )
    text = planner.noisy_prose(
        f"{opening}, and now our logs hold API tokens: clients send `?token=...` on some "
        "requests and the whole request line goes to stderr. Keep logging every request "
        "line to stderr, but replace the value of any `token` query parameter with "
        "`[REDACTED]`, so `GET /notes?token=abc123` shows up as "
        "`GET /notes?token=[REDACTED]`. Nothing else about the service changes."
    )
    turn = planner.code_turn(
        number,
        "feature",
        text,
        "The request log still shows every request line on stderr, with the value of any "
        "`token` query parameter replaced by `[REDACTED]`.",
        None,
    )
    turn.test_file = f"tests/test_t{number:03d}_request_log.py"
    turn.test = lang.log_redaction_test(pkg, secret)
    turn.checkpoint = {"action": "run_tests", "name": "the request log redacts tokens"}
    # the reference is server.py as the model renders it now: the teammate's block gone
    server = f"{pkg}/server.py"
    turn.files[server] = planner.rendered[server]
    turn.prompt["setup"] = lang.log_leak(pkg, who)
    return turn


__all__ = ["leaky_services", "log_redaction_turn"]
