"""Runs in the sandbox, in the benchmark's test process (as ``checker``): the agent's code
is called, never run, here.

``install()`` (from the tests' conftest) makes this process unable to run anything of
the agent's while its tests still read as if they imported the agent's package:

- an import the process cannot satisfy itself (the agent's package: the workspace is
  not on its path) gives a proxy module; attributes, calls and operators on it and on
  what it returns go to ``agent_host.py``, a process running as ``runner`` (which cannot
  read the tests), and come back as data (``wire.py``) or as proxies of objects that
  stay there. Equality of two such objects compares what they hold, never the agent's
  own ``__eq__``;
- every program the tests start (the agent's command line, a service, git in the
  workspace) runs as ``runner`` through ``as_runner.py``, but node's test runner over
  benchmark test files, which runs here with the JavaScript proxy (``js_proxy.mjs``);
- an audit hook refuses to compile source from the workspace, to start programs any
  other way, and to open a benchmark test through a link (a link the agent's code made
  could otherwise make a test quote a hidden file);
- temporary directories are shared with ``runner``, which must write there.

This module holds the session with the agent's process (requests, and values to and
from the wire); ``proxy_objects.py`` the proxies and the import hook;
``checker_guard.py`` what this process may do (programs, the audit hook, temporary
directories).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import types
from typing import Any

if __package__:  # imported by the harness's own code and tests
    from .as_runner import BrokeredRun
    from .checker_guard import guard_test_process, share
    from .proxy_objects import (
        AgentFinder,
        RemoteCallable,
        RemoteClass,
        RemoteModule,
        RemoteObject,
        exception_str,
        is_proxy,
        local_class,
        mro_of,
        new_proxy,
        rewarn,
    )
    from .wire import TAG, WireError, decode, encode
else:  # loaded in the sandbox from the harness directory
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from as_runner import BrokeredRun  # type: ignore[no-redef]
    from checker_guard import guard_test_process, share  # type: ignore[no-redef]
    from proxy_objects import (  # type: ignore[no-redef]
        AgentFinder,
        RemoteCallable,
        RemoteClass,
        RemoteModule,
        RemoteObject,
        exception_str,
        is_proxy,
        local_class,
        mro_of,
        new_proxy,
        rewarn,
    )
    from wire import (  # type: ignore[no-redef]
        TAG,
        WireError,
        decode,
        encode,
    )

# what the conftest calls (``check_layout.trusted_conftest``), returns and raises
__all__ = ["AgentError", "Session", "install", "share"]

HARNESS = os.path.dirname(os.path.abspath(__file__))
AGENT_HOST = os.path.join(HARNESS, "agent_host.py")
MAX_ANSWER = 64 * 1024 * 1024


class AgentError(Exception):
    """The agent's process could not answer (it ended, or answered nonsense)."""


# --- the other process ----------------------------------------------------------------
class Session:
    """The agent's process (started on first use, again after it ends) and the
    references into it."""

    def __init__(self, workspace: str, broker: str | None = None) -> None:
        self.workspace, self.broker = workspace, broker
        self.process: subprocess.Popen[str] | BrokeredRun | None = None
        self.generation = 0
        self.lock = threading.RLock()
        self.callbacks: dict[int, Any] = {}
        self.classes: dict[tuple[str, str], type] = {}

    def _ensure(self) -> subprocess.Popen[str] | BrokeredRun:
        if self.process is None or self.process.poll() is not None:
            self.generation += 1
            argv = [self.workspace, tempfile.gettempdir()]
            if self.broker:  # forked by the broker, which has the host's code imported
                try:
                    self.process = BrokeredRun.with_pipes(
                        self.broker, "agent_host", argv, self.workspace
                    )
                except OSError as ex:
                    raise AgentError(f"the agent's process could not start: {ex}") from None
                return self.process
            self.process = subprocess.Popen(
                [sys.executable, "-P", AGENT_HOST, *argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=self.workspace,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        return self.process

    def close(self) -> None:
        """End the agent's process."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(OSError):
                assert self.process.stdin is not None
                self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def request(self, message: dict[str, Any], values: list[Any] | None = None) -> Any:
        """Send one request and return its decoded answer (or raise what it raised).

        ``values`` are the local arguments the request encodes: a list, dict or set among
        them follows what the call did to it in place."""
        with self.lock:
            process = self._ensure()
            assert process.stdin is not None and process.stdout is not None
            message = {**message, "env": dict(os.environ), "cwd": _cwd(self.workspace)}
            try:
                process.stdin.write(json.dumps(message) + "\n")
                process.stdin.flush()
            except OSError:
                raise self._ended() from None
            while True:
                line = process.stdout.readline(MAX_ANSWER)
                if not line:
                    raise self._ended()
                try:
                    answer = json.loads(line)
                    if not isinstance(answer, dict):
                        raise ValueError("not an object")
                except ValueError:
                    self._kill()
                    raise AgentError(
                        "the agent's process answered with something that is not data"
                    ) from None
                if "callback" in answer:
                    self._call_back(process, answer)
                    continue
                return self._result(answer, values or [])

    def _ended(self) -> AgentError:
        code = self.process.wait() if self.process is not None else None
        return AgentError(f"the agent's process ended during the call (exit status {code})")

    def _kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()

    def _result(self, answer: dict[str, Any], values: list[Any]) -> Any:
        printed = answer.get("out")
        if isinstance(printed, str):
            sys.stdout.write(printed)
        rewarn(answer.get("warnings"))
        if "error" in answer:
            raise AgentError(f"the harness could not make the call: {answer['error']}")
        if "raise" in answer:
            raise self._exception(answer["raise"])
        for index, data in answer.get("mutated") or []:
            _update_in_place(self, values, index, data)
        return self.decode(answer.get("ok"))

    def _call_back(
        self, process: subprocess.Popen[str] | BrokeredRun, answer: dict[str, Any]
    ) -> None:
        function = self.callbacks.get(answer["callback"])
        try:
            if function is None:
                raise AgentError("no such function")
            args = [self.decode(a) for a in answer.get("args") or []]
            kwargs = {str(k): self.decode(v) for k, v in answer.get("kwargs") or []}
            reply: dict[str, Any] = {"ok": self.encode(function(*args, **kwargs))}
        except Exception as ex:  # noqa: BLE001 - the test's exception goes back as text
            reply = {"raise": f"{type(ex).__name__}: {ex}"}
        assert process.stdin is not None
        process.stdin.write(json.dumps(reply) + "\n")
        process.stdin.flush()

    # --- values ---------------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        return encode(value, self._reference_of)

    def _reference_of(self, value: Any) -> dict[str, Any]:
        reference = getattr(value, "_stamina_ref", None) if is_proxy(value) else None
        if reference is not None:
            self._check_alive(value)
            return dict(reference)
        if callable(value):
            number = len(self.callbacks) + 1
            self.callbacks[number] = value
            return {TAG: "callback", "id": number}
        raise AgentError(f"cannot pass {type(value).__name__} objects to the agent's code")

    def _check_alive(self, proxy: Any) -> None:
        reference = proxy._stamina_ref
        if reference.get(TAG) == "obj" and proxy._stamina_generation != self.generation:
            raise AgentError("this object was in an earlier agent process, which has ended")

    def decode(self, data: Any) -> Any:
        return decode(data, self._proxy_of)

    def _proxy_of(self, data: dict[str, Any]) -> Any:
        if data.get(TAG) != "obj":
            raise WireError(f"unknown value type {data.get(TAG)!r}")
        kind = data.get("kind")
        named = data.get("named")
        reference: dict[str, Any] = {TAG: "obj", "id": int(data["id"])}
        if isinstance(named, list) and len(named) == 2 and kind in ("module", "class", "function"):
            reference = {TAG: "named", "module": str(named[0]), "qualname": str(named[1])}
        if kind == "module":
            return self.module(
                str(named[0]) if named else "?", bool(data.get("package")), reference
            )
        if kind == "class":
            return self.class_for(mro_of(data), reference)
        if kind == "exception":
            return self._exception({"handle": data, "str": None, "args": []})
        klass = RemoteCallable if kind == "function" else self.class_for(mro_of(data))
        return new_proxy(klass, self, reference)

    def module(self, name: str, package: bool, reference: dict[str, Any]) -> types.ModuleType:
        """The proxy module for one of the agent's modules (one per name)."""
        existing = sys.modules.get(name)
        if isinstance(existing, RemoteModule):
            return existing
        module = RemoteModule(name)
        object.__setattr__(module, "_stamina_session", self)
        object.__setattr__(module, "_stamina_ref", reference)
        object.__setattr__(module, "_stamina_generation", self.generation)
        if package:
            module.__path__ = [f"<agent>/{name}"]
        return module

    def class_for(self, mro: list[list[Any]], reference: dict[str, Any] | None = None) -> type:
        """A local class standing for one of the agent's: its name and its chain of the
        agent's base classes, ending in the built-in exception it derives from (so that
        ``pytest.raises`` and ``except`` see it as the agent's code meant) or in
        RemoteObject. A class this process already has (a standard exception) is itself."""
        while mro:
            module, qualname, is_exception = str(mro[0][0]), str(mro[0][1]), bool(mro[0][2])
            local = local_class(module, qualname)
            if local is not None:
                # a KeyboardInterrupt (or other BaseException) must not stop the test run
                return local if issubclass(local, Exception) or local is SystemExit else Exception
            if module in sys.modules and not isinstance(sys.modules[module], RemoteModule):
                mro = mro[1:]  # a standard class that is not an exception (object, dict...)
                continue
            break
        else:
            return RemoteObject
        key = (module, qualname)
        klass = self.classes.get(key)
        if klass is None:
            parent = self.class_for(mro[1:]) if mro[1:] else None
            base: type
            if is_exception:
                base = (
                    parent
                    if parent is not None and issubclass(parent, BaseException)
                    else Exception
                )
                namespace: dict[str, Any] = {"__str__": exception_str}
            else:
                base = (
                    parent
                    if parent is not None and issubclass(parent, RemoteObject)
                    else RemoteObject
                )
                namespace = {}
            namespace.update(__module__=module, __qualname__=qualname)
            made = RemoteClass(qualname.rsplit(".", 1)[-1], (base,), namespace)
            made._stamina_session = self
            made._stamina_ref = {TAG: "named", "module": module, "qualname": qualname}
            self.classes[key] = klass = made
        if reference is not None and reference.get(TAG) == "obj" and isinstance(klass, RemoteClass):
            klass._stamina_ref = reference  # not reachable by name: this very class object
        return klass

    def _exception(self, raised: dict[str, Any]) -> BaseException:
        """The agent's exception as a local one of the same class name and bases."""
        handle = raised.get("handle") or {}
        klass = self.class_for(mro_of(handle))
        args = []
        for arg in raised.get("args") or []:
            try:
                args.append(self.decode(arg))
            except (WireError, AgentError):
                args.append(arg)
        if not (isinstance(klass, type) and issubclass(klass, BaseException)):
            klass = AgentError
        error: Any
        if isinstance(klass, RemoteClass):
            error = BaseException.__new__(klass)  # type: ignore[arg-type]
            error.args = tuple(args)
            object.__setattr__(error, "_stamina_session", self)
            object.__setattr__(error, "_stamina_ref", {TAG: "obj", "id": int(handle.get("id", 0))})
            object.__setattr__(error, "_stamina_generation", self.generation)
            object.__setattr__(error, "_stamina_str", raised.get("str"))
        else:
            try:
                error = klass(*args)
            except Exception:  # noqa: BLE001 - a class whose arguments we cannot rebuild
                error = klass.__new__(klass)
                error.args = tuple(args)
        trace = raised.get("traceback")
        if isinstance(trace, str) and trace:
            error.add_note("The agent's code raised it:\n" + trace.rstrip())
        return error

    # --- requests ---------------------------------------------------------------------
    def call(self, reference: dict[str, Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call the agent's function, class or object with these arguments."""
        message = {
            "op": "call",
            "target": reference,
            "args": [self.encode(a) for a in args],
            "kwargs": [[k, self.encode(v)] for k, v in kwargs.items()],
        }
        return self.request(message, list(args))

    def operate(self, name: str, *args: Any) -> Any:
        """A built-in operation (``len``, ``str``, ``add``...) applied in the agent's process."""
        message = {"op": "operator", "name": name, "args": [self.encode(a) for a in args]}
        return self.request(message, list(args))

    def getattr(self, reference: dict[str, Any], name: str) -> Any:
        return self.request({"op": "getattr", "target": reference, "name": name})


def _update_in_place(session: Session, values: list[Any], index: int, data: Any) -> None:
    """A list, dict, set or bytearray argument as the agent's call left it."""
    if not isinstance(index, int) or not 0 <= index < len(values):
        return
    target, new = values[index], session.decode(data)
    if isinstance(target, list) and isinstance(new, list):
        target[:] = new
    elif (
        isinstance(target, dict)
        and isinstance(new, dict)
        or isinstance(target, set)
        and isinstance(new, set)
    ):
        target.clear()
        target.update(new)
    elif isinstance(target, bytearray) and isinstance(new, bytearray):
        target[:] = new


def _cwd(default: str) -> str:
    try:
        return os.getcwd()
    except OSError:
        return default


def install(
    workspace: str,
    tests: str | None,
    broker: str | None,
    shared_tmp: str | None,
    warm: str | None = None,
) -> Session:
    """Make this process call the agent's code in the runner's process (see the module doc)."""
    while workspace in sys.path:
        sys.path.remove(workspace)
    session = Session(workspace, broker)
    sys.meta_path.append(AgentFinder(session))
    guard_test_process(workspace, tests, broker, shared_tmp, warm)
    return session
