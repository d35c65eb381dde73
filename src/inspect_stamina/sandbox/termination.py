"""SIGTERM ends an eval the way Ctrl-C does, so its sandboxes are cleaned up.

Inspect cleans up its containers when interrupted (SIGINT), but a batch scheduler or a
`timeout` stops a job with SIGTERM, whose default action kills the process on the spot
and leaves every container running. The tasks install this handler when they are built.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    interrupt = signal.getsignal(signal.SIGINT)
    if callable(interrupt):
        # during an eval this is asyncio's handler: it cancels the run, which then cleans up
        interrupt(signal.SIGINT, frame)
        return
    # SIGINT is ignored here (a shell's background job): interrupt all the same, which
    # unwinds the event loop through its clean-up
    raise KeyboardInterrupt


def terminate_like_interrupt() -> None:
    """Make SIGTERM act as Ctrl-C in this process, unless someone already handles SIGTERM."""
    if threading.current_thread() is not threading.main_thread():
        return  # only the main thread may set signal handlers
    if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
        signal.signal(signal.SIGTERM, _on_sigterm)
