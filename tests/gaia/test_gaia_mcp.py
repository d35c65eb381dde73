"""Host-side MCP tools beside bash: mcp-server-fetch reading a page served on loopback."""

from __future__ import annotations

import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ChatMessageTool, ModelOutput, get_model

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.task import gaia

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

PAGE = b"<html><body><h1>Opening hours</h1><p>The museum opens at 9:30.</p></body></html>"


class _Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def page_url() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def fetch_once(url: str, server: str, log_dir: Path) -> ChatMessageTool:
    outputs = [
        ModelOutput.for_tool_call("mockllm/model", "fetch", {"url": url}),
        ModelOutput.for_tool_call("mockllm/model", "submit", {"answer": "9:30"}),
    ]
    task = gaia(
        dataset_hub="example",
        instance_ids="c1a9e2f0-0003-4e57-9d1a-5a11e0000003",
        mcp_servers=server,
        network_enabled=False,
    )
    [log] = inspect_eval(
        task,
        model=get_model("mockllm/model", custom_outputs=outputs),
        log_dir=str(log_dir),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples
    tool_messages = [m for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]
    assert tool_messages[0].function == "fetch"
    return tool_messages[0]


def test_fetch_server_command_answers_beside_bash(page_url: str, log_dir: Path) -> None:
    # a full command line: loopback must be allowed explicitly for this local page
    server = f"{sys.executable} -m mcp_server_fetch --ignore-robots-txt --allow-private-ips"
    fetched = fetch_once(page_url, server, log_dir)
    assert fetched.error is None
    assert "museum opens at 9:30" in fetched.text


def test_fetch_shorthand_runs_the_fetch_server(page_url: str, log_dir: Path) -> None:
    # the shorthand starts mcp-server-fetch as is, which refuses non-public addresses
    fetched = fetch_once(page_url, "fetch", log_dir)
    assert fetched.error is not None
    assert "not a public address" in fetched.error.message


def test_empty_mcp_command_is_rejected() -> None:
    with pytest.raises(StaminaError, match="empty MCP server command"):
        gaia(dataset_hub="example", mcp_servers=[" "])
