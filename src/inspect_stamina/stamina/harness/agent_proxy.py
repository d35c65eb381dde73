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
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import types
from typing import Any

if __package__:  # imported by the harness's own code and tests
    from .wire import TAG, WireError, decode, encode
else:  # loaded in the sandbox from the harness directory
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from wire import TAG, WireError, decode, encode  # type: ignore[no-redef]

HARNESS = os.path.dirname(os.path.abspath(__file__))
AS_RUNNER = os.path.join(HARNESS, "as_runner.py")
AGENT_HOST = os.path.join(HARNESS, "agent_host.py")
MAX_ANSWER = 64 * 1024 * 1024
BATCH = 256  # iterator items fetched per request
# events the audit hook refuses: every program starts through subprocess (and so as runner)
_SPAWN_EVENTS = frozenset(
    {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "pty.spawn"}
)
_CONFIG: dict[str, Any] = {}


class AgentError(Exception):
    """The agent's process could not answer (it ended, or answered nonsense)."""


# --- the other process ----------------------------------------------------------------
class Session:
    """The agent's process (started on first use, again after it ends) and the
    references into it."""

    def __init__(self, workspace: str) -> None:
        self.workspace = workspace
        self.process: subprocess.Popen[str] | None = None
        self.generation = 0
        self.lock = threading.RLock()
        self.callbacks: dict[int, Any] = {}
        self.classes: dict[tuple[str, str], type] = {}

    def _ensure(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            self.generation += 1
            self.process = subprocess.Popen(
                [sys.executable, "-P", AGENT_HOST, self.workspace, tempfile.gettempdir()],
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
        if "error" in answer:
            raise AgentError(f"the harness could not make the call: {answer['error']}")
        if "raise" in answer:
            raise self._exception(answer["raise"])
        for index, data in answer.get("mutated") or []:
            _update_in_place(self, values, index, data)
        return self.decode(answer.get("ok"))

    def _call_back(self, process: subprocess.Popen[str], answer: dict[str, Any]) -> None:
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
        reference = getattr(value, "_stamina_ref", None) if _is_proxy(value) else None
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
            return self.class_for(_mro(data), reference)
        if kind == "exception":
            return self._exception({"handle": data, "str": None, "args": []})
        klass = RemoteCallable if kind == "function" else self.class_for(_mro(data))
        return _new_proxy(klass, self, reference)

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
            local = _local_class(module, qualname)
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
                namespace: dict[str, Any] = {"__str__": _exception_str}
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
        klass = self.class_for(_mro(handle))
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


def _mro(handle: dict[str, Any]) -> list[list[Any]]:
    mro = handle.get("mro") if isinstance(handle, dict) else None
    if not isinstance(mro, list):
        return []
    return [m for m in mro if isinstance(m, list) and len(m) == 3 and m[1] != "object"]


def _local_class(module: str, qualname: str) -> type | None:
    """A class this process already has (a built-in or standard library exception, say),
    found without importing anything new."""
    owner = sys.modules.get(module)
    if owner is None or isinstance(owner, RemoteModule):
        return None
    value: Any = owner
    for part in qualname.split("."):
        value = getattr(value, part, None)
        if value is None:
            return None
    return value if isinstance(value, type) and issubclass(value, BaseException) else None


# --- the proxies ------------------------------------------------------------------------
def _is_proxy(value: Any) -> bool:
    return isinstance(value, (RemoteObject, RemoteCallable, RemoteModule, RemoteClass)) or (
        isinstance(value, BaseException) and hasattr(value, "_stamina_ref")
    )


def _new_proxy(klass: type, session: Session, reference: dict[str, Any]) -> Any:
    proxy: Any = object.__new__(klass)
    object.__setattr__(proxy, "_stamina_session", session)
    object.__setattr__(proxy, "_stamina_ref", reference)
    object.__setattr__(proxy, "_stamina_generation", session.generation)
    return proxy


def _exception_str(self: BaseException) -> str:
    text = getattr(self, "_stamina_str", None)
    if text is None and hasattr(self, "_stamina_ref"):
        with contextlib.suppress(Exception):
            text = self._stamina_session.operate("str", self)  # type: ignore[attr-defined]
            object.__setattr__(self, "_stamina_str", text)
    return str(text) if text is not None else BaseException.__str__(self)


class RemoteClass(type):
    """The metaclass of the local stand-ins for the agent's classes."""

    _stamina_session: Session
    _stamina_ref: dict[str, Any] | None = None

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        reference = cls._stamina_ref or {
            TAG: "named",
            "module": cls.__module__,
            "qualname": cls.__qualname__,
        }
        result = cls._stamina_session.call(reference, args, kwargs)
        if issubclass(cls, BaseException) and isinstance(result, BaseException):
            _exception_str(result)  # the agent's text, fetched while its process is there
        return result

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("_stamina") or name.startswith("__"):
            raise AttributeError(name)
        reference = cls._stamina_ref or {
            TAG: "named",
            "module": cls.__module__,
            "qualname": cls.__qualname__,
        }
        return cls._stamina_session.getattr(reference, name)

    def __repr__(cls) -> str:
        return f"<the agent's class {cls.__module__}.{cls.__qualname__}>"


class RemoteModule(types.ModuleType):
    """A proxy of one of the agent's modules."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_stamina") or name in (
            "__path__",
            "__file__",
            "__spec__",
            "__loader__",
        ):
            raise AttributeError(name)
        session: Session = object.__getattribute__(self, "_stamina_session")
        value = session.getattr(object.__getattribute__(self, "_stamina_ref"), name)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("__") or name.startswith("_stamina"):
            object.__setattr__(self, name, value)
            return
        self._stamina_session.request(
            {
                "op": "setattr",
                "target": self._stamina_ref,
                "name": name,
                "args": [self._stamina_session.encode(value)],
            }
        )

    def __delattr__(self, name: str) -> None:
        if name.startswith("__"):
            object.__delattr__(self, name)
            return
        self._stamina_session.request({"op": "delattr", "target": self._stamina_ref, "name": name})

    def __dir__(self) -> list[str]:
        return list(self._stamina_session.operate("dir", self))


class _Remote:
    """What every proxy of an object in the agent's process does: ask that process."""

    _stamina_session: Session
    _stamina_ref: dict[str, Any]
    _stamina_generation: int

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_stamina"):
            raise AttributeError(name)
        return self._stamina_session.getattr(self._stamina_ref, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_stamina"):
            object.__setattr__(self, name, value)
            return
        session = self._stamina_session
        session.request(
            {
                "op": "setattr",
                "target": self._stamina_ref,
                "name": name,
                "args": [session.encode(value)],
            }
        )

    def __delattr__(self, name: str) -> None:
        self._stamina_session.request({"op": "delattr", "target": self._stamina_ref, "name": name})

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._stamina_session.call(self._stamina_ref, args, kwargs)

    def __repr__(self) -> str:
        try:
            return str(self._stamina_session.operate("repr", self))
        except Exception:  # noqa: BLE001 - a proxy must always print
            return f"<the agent's object {self._stamina_ref}>"

    def __str__(self) -> str:
        return str(self._stamina_session.operate("str", self))

    def __dir__(self) -> list[str]:
        return list(self._stamina_session.operate("dir", self))


class RemoteCallable(_Remote):
    """A proxy of one of the agent's functions (or bound methods)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RemoteCallable) and other._stamina_ref == self._stamina_ref

    def __hash__(self) -> int:
        return hash(json.dumps(self._stamina_ref, sort_keys=True))


def _operator(name: str, reflected: bool = False) -> Any:
    def method(self: Any, *args: Any) -> Any:
        operands = (args[0], self) if reflected and args else (self, *args)
        return self._stamina_session.operate(name, *operands)

    method.__name__ = f"__{name}__"
    return method


class RemoteObject(_Remote):
    """A proxy of one of the agent's objects. Two of them are equal when they are the same
    object, or of the same class holding equal data (never by asking the agent's code)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RemoteObject):
            return NotImplemented
        if (
            other._stamina_ref == self._stamina_ref
            and other._stamina_generation == self._stamina_generation
        ):
            return True
        mine = self._stamina_session.request({"op": "snapshot", "target": self._stamina_ref})
        theirs = other._stamina_session.request({"op": "snapshot", "target": other._stamina_ref})
        # objects that show no data are equal only to themselves
        return bool(mine[1]) and mine == theirs

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return int(self._stamina_session.operate("hash", self))

    def __len__(self) -> int:
        return int(self._stamina_session.operate("len", self))

    def __bool__(self) -> bool:
        return bool(self._stamina_session.operate("bool", self))

    def __iter__(self) -> Any:
        session = self._stamina_session
        iterator = session.operate("iter", self)
        if not _is_proxy(iterator):  # already data
            yield from iterator
            return
        while True:
            items, done = session.request(
                {"op": "take", "target": iterator._stamina_ref, "n": BATCH}
            )
            yield from items
            if done:
                return

    def __next__(self) -> Any:
        items, done = self._stamina_session.request(
            {"op": "take", "target": self._stamina_ref, "n": 1}
        )
        if done and not items:
            raise StopIteration
        return items[0]

    def __reversed__(self) -> Any:
        return iter(self._stamina_session.operate("reversed", self))

    def __contains__(self, item: object) -> bool:
        return bool(self._stamina_session.operate("contains", self, item))

    def __enter__(self) -> Any:
        return self._stamina_session.getattr(self._stamina_ref, "__enter__")()

    def __exit__(self, *exc_info: Any) -> Any:
        # the test's exception stays here: the agent's code is told only that the block ended
        return self._stamina_session.getattr(self._stamina_ref, "__exit__")(None, None, None)

    def __int__(self) -> int:
        return int(self._stamina_session.operate("int", self))

    def __float__(self) -> float:
        return float(self._stamina_session.operate("float", self))

    def __index__(self) -> int:
        return int(self._stamina_session.operate("index", self))

    def __format__(self, spec: str) -> str:
        return str(self._stamina_session.operate("format", self, spec))

    __getitem__ = _operator("getitem")
    __setitem__ = _operator("setitem")
    __delitem__ = _operator("delitem")
    __lt__ = _operator("lt")
    __le__ = _operator("le")
    __gt__ = _operator("gt")
    __ge__ = _operator("ge")
    __neg__ = _operator("neg")
    __pos__ = _operator("pos")
    __abs__ = _operator("abs")
    __invert__ = _operator("invert")


for _name, _function in (
    ("add", "add"),
    ("sub", "sub"),
    ("mul", "mul"),
    ("truediv", "truediv"),
    ("floordiv", "floordiv"),
    ("mod", "mod"),
    ("pow", "pow"),
    ("matmul", "matmul"),
    ("lshift", "lshift"),
    ("rshift", "rshift"),
    ("and", "and_"),
    ("or", "or_"),
    ("xor", "xor"),
):
    setattr(RemoteObject, f"__{_name}__", _operator(_function))
    setattr(RemoteObject, f"__r{_name}__", _operator(_function, reflected=True))


# --- imports ------------------------------------------------------------------------------
class AgentFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Last on the import path: a module this process cannot import is the agent's."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        parent = fullname.rpartition(".")[0]
        if parent and not isinstance(sys.modules.get(parent), RemoteModule):
            return None
        if not parent and not _in_workspace(self.session.workspace, fullname):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: Any) -> types.ModuleType:
        module = self.session.request({"op": "import", "module": spec.name})
        if not isinstance(module, RemoteModule):
            raise ImportError(f"the agent's {spec.name} is not a module")
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing runs here: the module ran in the agent's process."""


def _in_workspace(workspace: str, name: str) -> bool:
    """Whether the workspace holds a module or package of this name (looked at, not run)."""
    base = os.path.join(workspace, name)
    try:
        return (
            os.path.isdir(base)
            or os.path.isfile(base + ".py")
            or any(
                entry.startswith(name + ".") and entry.endswith((".so", ".pyc"))
                for entry in os.listdir(workspace)
            )
        )
    except OSError:
        return False


# --- programs, files, temporary directories ----------------------------------------------
def runner_argv(argv: list[str], broker: str | None) -> list[str]:
    """The command line that runs argv as runner (through the broker, when there is one)."""
    via = ["--broker", broker] if broker else []
    return [sys.executable, "-I", "-S", AS_RUNNER, *via, "--", *argv]


def _program(args: Any, executable: Any, shell: bool) -> list[str]:
    """The program and arguments Popen would run."""
    if isinstance(args, (str, bytes, os.PathLike)):
        argv = [os.fsdecode(args)]
    else:
        argv = [os.fsdecode(a) for a in args]
    if shell:
        argv = ["/bin/sh", "-c", *argv]
    if executable is not None:
        argv[0] = os.fsdecode(executable)
    return argv


# node's test runner options that load nothing (a reporter named by path would)
NODE_TEST_OPTION = re.compile(
    r"--test(-reporter=(junit|spec|tap|dot)|-reporter-destination=.+|-name-pattern=.+"
    r"|-concurrency=\d+|-timeout=\d+)?"
)


def _node_test_runner(argv: list[str]) -> bool:
    """Whether argv is node's test runner over benchmark test files alone (the JavaScript
    acceptance tests' wrapper starts it): it may run here, with the JavaScript proxy."""
    tests: str | None = _CONFIG.get("tests")
    if not tests or argv[:2] != ["node", "--test"]:
        return False
    files = [a for a in argv[2:] if not NODE_TEST_OPTION.fullmatch(a)]
    return bool(files) and all(_inside(os.path.realpath(f), tests) for f in files)


def _patch_subprocess(broker: str | None) -> None:
    original = subprocess.Popen._execute_child  # type: ignore[attr-defined]

    def execute_child(
        self: Any,
        args: Any,
        executable: Any,
        preexec_fn: Any,
        close_fds: Any,
        pass_fds: Any,
        cwd: Any,
        env: Any,
        startupinfo: Any,
        creationflags: Any,
        shell: Any,
        *rest: Any,
    ) -> Any:
        program = _program(args, executable, bool(shell))
        if _node_test_runner(program):
            # our test files, the agent's code through the JavaScript proxy
            proxy = {
                "NODE_OPTIONS": f"--import=file://{HARNESS}/js_proxy.mjs",
                "STAMINA_BROKER": broker or "",
            }
            env = {**(os.environ if env is None else env), **proxy}
            argv = program
        else:
            argv = runner_argv(program, broker)
        return original(
            self,
            argv,
            None,
            preexec_fn,
            close_fds,
            pass_fds,
            cwd,
            env,
            startupinfo,
            creationflags,
            False,
            *rest,
        )

    subprocess.Popen._execute_child = execute_child  # type: ignore[attr-defined]

    def system(command: Any) -> int:
        # in the sandbox's test process: the patched Popen runs it as the runner
        return subprocess.call(
            command, shell=True
        )  # inspect-evals-lint: ignore[host_code_execution] -- runs inside the sandbox as the checker, and the patched Popen starts the shell as the runner

    os.system = system


def _inside(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip("/") + "/")


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open":
        path = args[0]
        if isinstance(path, int) or path is None:
            return
        text = os.fsdecode(path)
        tests = _CONFIG["tests"]
        if (
            tests
            and _inside(os.path.realpath(text), tests)
            and not _inside(os.path.abspath(text), tests)
        ):
            raise PermissionError(f"{text} leads into the benchmark's tests")
    elif event == "compile":
        # an absolute file name: source read from a file (an import); pytest compiles
        # text under names such as "source"
        filename = args[1] if len(args) > 1 else None
        if (
            isinstance(filename, (str, bytes))
            and os.path.isabs(os.fsdecode(filename))
            and _inside(os.path.realpath(os.fsdecode(filename)), _CONFIG["workspace"])
        ):
            raise ImportError("the agent's code never runs in the test process")
    elif event in _SPAWN_EVENTS:
        raise PermissionError(f"{event}: programs start through subprocess, as the runner")


def _share_temporary_directories(shared: str | None) -> None:
    """Temporary directories (and pytest's tmp_path) the runner can write in too."""
    os.umask(0)  # files the tests write there, the agent's code may rewrite
    if shared:
        tempfile.tempdir = shared
    original = tempfile.mkdtemp

    def mkdtemp(*args: Any, **kwargs: Any) -> str:
        path = original(*args, **kwargs)
        os.chmod(path, 0o777)
        return path

    tempfile.mkdtemp = mkdtemp  # type: ignore[assignment]


def share(path: str) -> None:
    """Open a directory made for a test (and the directories above it, up to the shared
    temporary directory) to the runner, which lists them to open up what it wrote."""
    os.chmod(path, 0o777)
    shared = tempfile.gettempdir()
    parent = os.path.dirname(path)
    while _inside(parent, shared) and parent != shared:
        with contextlib.suppress(OSError):
            os.chmod(parent, 0o755)
        parent = os.path.dirname(parent)


def install(
    workspace: str, tests: str | None, broker: str | None, shared_tmp: str | None
) -> Session:
    """Make this process call the agent's code in the runner's process (see the module doc)."""
    _CONFIG.update(
        workspace=os.path.realpath(workspace), tests=os.path.realpath(tests) if tests else None
    )
    while workspace in sys.path:
        sys.path.remove(workspace)
    session = Session(workspace)
    _patch_subprocess(broker)
    _share_temporary_directories(shared_tmp)
    sys.meta_path.append(AgentFinder(session))
    sys.addaudithook(_audit)
    return session
