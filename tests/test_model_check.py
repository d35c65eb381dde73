"""check_model_roles: a role whose server cannot answer stops the sample in seconds, with a fix.

Every server here is on localhost: a port nothing listens on, and a small fake
OpenAI-compatible server (POST /v1/chat/completions) that answers, fails with
HTTP 500 or hangs. Roles go through a real Inspect eval and a real provider
(`openai-api/local/<model>`), so Inspect's own retry loop is what is timed.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Literal

import pytest
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log
from inspect_ai.model import Model, ModelOutput, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_stamina.errors import StaminaError
from inspect_stamina.model_check import CHECK_MAX_TOKENS, check_model_roles, check_tool_results

pytest.importorskip("openai", reason="the openai-api provider needs the `openai` extra")

# the check fails in a few seconds; eval start-up adds a few more. Minutes of
# retries (the failure this guards against) would blow far past it.
FAST = 40.0

Mode = Literal["ok", "error", "hang", "drops_tools"]


class FakeServer:
    """A thread serving a tiny OpenAI chat-completions API on a free localhost port."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.requests: list[dict[str, Any]] = []
        self.release = threading.Event()  # lets a hanging handler go at shutdown
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        """The `/v1` URL a provider's base_url points at."""
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
                pass  # keep pytest's output clean

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                fake.requests.append({"path": self.path, **json.loads(self.rfile.read(length))})
                if fake.mode == "hang":
                    fake.release.wait(60)
                    return
                if fake.mode == "error":
                    self._reply(500, {"error": {"code": 500, "message": "Unexpected role"}})
                    return
                # the prompt's size in words, as a server counts what reached the model
                # (one that drops tool results never lets them reach it)
                messages = fake.requests[-1].get("messages", [])
                seen = [m for m in messages if fake.mode != "drops_tools" or m["role"] != "tool"]
                words = sum(len(str(m.get("content") or "").split()) for m in seen)
                self._reply(200, completion("ok", prompt_tokens=max(words, 1)))

            def _reply(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler

    def __enter__(self) -> FakeServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def completion(text: str, prompt_tokens: int = 5) -> dict[str, Any]:
    """A minimal valid chat.completion body."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "qwen",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": 1,
            "total_tokens": prompt_tokens + 1,
        },
    }


@pytest.fixture
def dead_url() -> str:
    """A localhost URL on a port nothing listens on (bound, read, released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


@pytest.fixture
def ok_server() -> Iterator[FakeServer]:
    with FakeServer("ok") as server:
        yield server


def local_model(base_url: str) -> Model:
    """The documented local route: openai-api/<service>/<model> with its own base URL."""
    return get_model("openai-api/local/qwen", base_url=base_url, api_key="none", memoize=False)


@solver
def check_then_use(roles: tuple[str, ...], timeout: float = 30) -> Solver:
    """Check the roles, then (like a session's first turn) use the `user` role if bound."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        await check_model_roles(roles, timeout=timeout)
        user = get_model(role="user", default="mockllm/model")
        state.metadata["user_said"] = (await user.generate("first turn")).completion
        return state

    return solve


def run(
    log_dir: Path, roles: dict[str, Model | str | list[Model | str]], timeout: float = 30
) -> tuple[EvalLog, float]:
    """One sample whose solver checks `user` and `grader`; the log and the wall time."""
    task = Task(dataset=[Sample(input="hi")], solver=check_then_use(("user", "grader"), timeout))
    start = time.monotonic()
    log = inspect_eval(
        task,
        model="mockllm/model",
        model_roles=roles,
        log_dir=str(log_dir),
        display="none",
    )[0]
    return log, time.monotonic() - start


def sample_error(log: EvalLog) -> str:
    """The one sample's error message (asserting it failed)."""
    assert log.status == "error", log.status
    assert log.samples and log.samples[0].error is not None
    return log.samples[0].error.message


def test_dead_port_fails_fast_with_a_fix(log_dir: Path, dead_url: str) -> None:
    log, seconds = run(log_dir, {"user": local_model(dead_url)})
    message = sample_error(log)
    assert seconds < FAST, f"took {seconds:.1f}s"
    assert f"Model role 'user' (openai-api/local/qwen at {dead_url})" in message
    assert "APIConnectionError" in message
    assert "--model-role user=openai-api/<service>/<model>" in message
    assert "model_args: {base_url:" in message
    assert "--max-retries" in message and "--timeout" in message
    assert "RetryError" not in message  # the provider's error, not tenacity's wrapper


def test_server_error_fails_fast_without_inspect_retries(log_dir: Path) -> None:
    with FakeServer("error") as server:
        log, seconds = run(log_dir, {"grader": local_model(server.base_url)})
    message = sample_error(log)
    assert seconds < FAST, f"took {seconds:.1f}s"
    assert "Model role 'grader'" in message and "Error code: 500" in message
    # the OpenAI SDK's own two quick retries at most; none from Inspect's loop
    assert 1 <= len(server.requests) <= 3


def test_hanging_server_fails_at_the_timeout(log_dir: Path) -> None:
    with FakeServer("hang") as server:
        log, seconds = run(log_dir, {"user": local_model(server.base_url)}, timeout=2)
    message = sample_error(log)
    assert seconds < FAST, f"took {seconds:.1f}s"
    assert "2s timeout" in message and "AttemptTimeoutError" in message


def test_live_server_passes_with_one_tiny_request(
    log_dir: Path, ok_server: FakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the env-var route: openai-api/<service>/... reads <SERVICE>_BASE_URL / _API_KEY
    monkeypatch.setenv("LOCAL_BASE_URL", ok_server.base_url)
    monkeypatch.setenv("LOCAL_API_KEY", "none")
    log, _ = run(log_dir, {"user": "openai-api/local/qwen"})
    assert log.status == "success", log.error
    check, first_turn = ok_server.requests
    assert check["path"] == "/v1/chat/completions"
    assert check["max_tokens"] == CHECK_MAX_TOKENS
    assert [m["role"] for m in check["messages"]] == ["system", "user"]
    assert first_turn["messages"][-1]["content"] == "first turn"


def test_unbound_roles_are_skipped(log_dir: Path) -> None:
    log, _ = run(log_dir, {})
    assert log.status == "success", log.error


def test_mockllm_role_passes_and_keeps_its_scripted_replies(log_dir: Path) -> None:
    user = get_model(
        "mockllm/model",
        custom_outputs=[ModelOutput.from_content("mockllm", "scripted reply")],
    )
    log, _ = run(log_dir, {"user": user})
    assert log.status == "success", log.error
    assert log.samples and log.samples[0].metadata["user_said"] == "scripted reply"


def test_every_model_of_a_list_bound_role_is_checked(
    log_dir: Path, ok_server: FakeServer, dead_url: str
) -> None:
    log, _ = run(log_dir, {"grader": [local_model(ok_server.base_url), local_model(dead_url)]})
    assert f"Model role 'grader' (openai-api/local/qwen at {dead_url})" in sample_error(log)
    assert len(ok_server.requests) == 1


TASK_FILE = """
from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.solver import Generate, TaskState, solver
from inspect_stamina.model_check import check_model_roles


@solver
def check():
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        await check_model_roles(["user"])
        return state
    return solve


@task
def role_check() -> Task:
    return Task(dataset=[Sample(input="hi")], solver=check())
"""


def test_cli_role_carries_its_own_base_url(tmp_path: Path, ok_server: FakeServer) -> None:
    # docs/models.md's recipe, verbatim: a role's URL goes in model_args (--model-base-url
    # is the main model's only, and --model-role rejects a top-level base_url)
    (tmp_path / "role_check.py").write_text(TASK_FILE, encoding="utf-8")
    role = f"user={{model: openai-api/local/qwen, model_args: {{base_url: '{ok_server.base_url}', api_key: none}}}}"
    result = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval", "role_check.py@role_check"]
        + ["--model", "mockllm/model", "--model-role", role, "--log-dir", "logs"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [info] = list_eval_logs(str(tmp_path / "logs"))
    assert read_eval_log(info).status == "success"
    assert [r["path"] for r in ok_server.requests] == ["/v1/chat/completions"]


async def test_a_server_that_drops_tool_results_is_refused_before_turn_1() -> None:
    with (
        FakeServer("drops_tools") as server,
        pytest.raises(StaminaError, match="drops tool results") as info,
    ):
        await check_tool_results(local_model(server.base_url), timeout=10)
    assert "llama-server --jinja" in str(info.value)
    # two one-token generations, the second with the long tool result
    assert len(server.requests) == 2
    assert all(r["max_tokens"] == CHECK_MAX_TOKENS for r in server.requests)
    assert [m["role"] for m in server.requests[0]["messages"]] == ["user", "assistant", "tool"]


async def test_a_server_that_passes_tool_results_is_accepted_once_per_process(
    ok_server: FakeServer,
) -> None:
    for _ in range(3):  # as GAIA checks before each sample: one verdict, then no request
        await check_tool_results(local_model(ok_server.base_url), timeout=10)
    assert len(ok_server.requests) == 2


async def test_a_server_the_tool_check_cannot_reach_gets_no_verdict(dead_url: str) -> None:
    # only evidence of dropped results stops a session; the first turn meets other errors
    started = time.monotonic()
    await check_tool_results(local_model(dead_url), timeout=5)
    assert time.monotonic() - started < FAST


async def test_in_process_models_need_no_tool_check() -> None:
    await check_tool_results(get_model("mockllm/model"))
