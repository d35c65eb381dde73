"""The broker's wire format: a 4-byte big-endian length, then a JSON object; the first
message of a request carries the caller's file descriptors (SCM_RIGHTS).

Its own module, on the standard library's lightest pieces, because every program a
test starts pays for the launcher's imports (``as_runner.py``: about 11 ms of its 17 ms
start with the broker's whole module).
"""

from __future__ import annotations

import json
import socket
import struct

# mypy reads the annotations; at run time the typing module is not imported (4 ms)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_MESSAGE = 4 * 1024 * 1024


def send_message(
    sock: socket.socket, message: dict[str, Any], fds: list[int] | None = None
) -> None:
    """One length-prefixed JSON message, with file descriptors when given."""
    data = json.dumps(message).encode()
    frame = struct.pack(">I", len(data)) + data
    if fds:
        socket.send_fds(sock, [frame], fds)
    else:
        sock.sendall(frame)


def _read_exact(sock: socket.socket, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = sock.recv(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive_message(
    sock: socket.socket, max_fds: int = 0
) -> tuple[dict[str, Any] | None, list[int]]:
    """The next message (None at end of stream) and any file descriptors sent with it."""
    fds: list[int] = []
    if max_fds:
        head, fds, _, _ = socket.recv_fds(sock, 4, max_fds)
        if len(head) < 4:
            rest = _read_exact(sock, 4 - len(head)) if head else None
            if rest is None:
                return None, fds
            head += rest
    else:
        got = _read_exact(sock, 4)
        if got is None:
            return None, fds
        head = got
    (size,) = struct.unpack(">I", head)
    if size > MAX_MESSAGE:
        raise ValueError(f"message of {size} bytes")
    body = _read_exact(sock, size)
    if body is None:
        return None, fds
    message = json.loads(body)
    if not isinstance(message, dict):
        raise ValueError("a message is a JSON object")
    return message, fds
