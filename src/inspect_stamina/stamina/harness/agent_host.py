"""Runs in the sandbox, as ``runner``: the agent's code, called from the benchmark's tests.

The tests run in another process (as ``checker``) and never import the agent's
modules. They send requests here, one JSON object per line on standard input: import a
module, get or set an attribute, call something, apply an operator; this process does
it and answers with the result as data (``wire.py``) or, for an object that is not
plain data, a reference to it. Whatever the agent's code does in this process, it can
only change the answers: the verdict is decided in the tests' process.

While a request runs, what the agent's code prints is captured and sent back with the
answer (the tests' own output capture then shows it). The tests' environment and
working directory are applied before each request, as if the code ran in the test.
A call's arguments may include the tests' own functions (callbacks): calling one sends
a request back and waits for its answer.

Standard library only.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib
import io
import json
import operator
import os
import sys
import traceback
import types
import warnings
from typing import Any

if __package__:  # imported by the harness's own code and tests
    from .shared_dir import open_up
    from .wire import TAG, WARNING_TEXT, WARNINGS_LIMIT, WireError, decode, encode
else:  # run in the sandbox, beside the other harness files
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from shared_dir import open_up  # type: ignore[no-redef]
    from wire import (  # type: ignore[no-redef]
        TAG,
        WARNING_TEXT,
        WARNINGS_LIMIT,
        WireError,
        decode,
        encode,
    )

OUTPUT_LIMIT = 64 * 1024
# the operations a test may apply to a proxied object, by name
OPERATORS: dict[str, Any] = {
    name: getattr(operator, name)
    for name in (  # noqa: SIM905 - the names as one phrase, not a column of 28
        "lt le eq ne ge gt add sub mul truediv floordiv mod pow neg pos abs invert lshift"
        " rshift and_ or_ xor matmul contains getitem setitem delitem index"
    ).split()
}
OPERATORS.update(
    {
        function.__name__: function
        for function in (len, bool, str, repr, hash, int, float, iter, dir, format, reversed)
    }
)


class Host:
    """The objects handed out so far, and the channel to the tests."""

    def __init__(
        self, reader: io.TextIOBase, writer: io.TextIOBase, shared: str | None = None
    ) -> None:
        self.reader, self.writer, self.shared = reader, writer, shared
        self.objects: dict[int, Any] = {}
        self.ids: dict[int, int] = {}  # id(object) -> handle, so one object has one handle
        self.env: dict[str, str] | None = None

    # --- values -------------------------------------------------------------------
    def handle(self, value: Any) -> dict[str, Any]:
        """A reference to an object that stays here."""
        key = id(value)
        number = self.ids.get(key)
        if number is None or self.objects.get(number) is not value:
            number = len(self.objects) + 1
            self.objects[number] = value
            self.ids[key] = number
        klass = value if isinstance(value, type) else type(value)
        if isinstance(value, types.ModuleType):
            kind = "module"
        elif isinstance(value, type):
            kind = "class"
        elif isinstance(value, BaseException):
            kind = "exception"
        elif callable(value):
            kind = "function"
        else:
            kind = "object"
        reference: dict[str, Any] = {
            TAG: "obj",
            "id": number,
            "kind": kind,
            "mro": [_class_name(c) for c in getattr(klass, "__mro__", (klass,))],
        }
        named = _named(value)
        if named is not None:
            reference["named"] = named
        if kind == "module":
            reference["package"] = hasattr(value, "__path__")
        return reference

    def encode(self, value: Any) -> Any:
        return encode(value, self.handle)

    def decode(self, data: Any) -> Any:
        return decode(data, self._decode_reference)

    def _decode_reference(self, data: dict[str, Any]) -> Any:
        tag = data[TAG]
        if tag == "obj":
            number = data.get("id")
            if number not in self.objects:
                raise WireError(f"no object {number} in this process")
            return self.objects[number]
        if tag == "named":
            return _resolve(str(data["module"]), str(data.get("qualname") or ""))
        if tag == "callback":
            return _Callback(self, int(data["id"]))
        raise WireError(f"unknown value type {tag!r}")

    # --- the channel --------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message) + "\n")
        self.writer.flush()

    def receive(self) -> dict[str, Any] | None:
        line = self.reader.readline()
        if not line:
            return None
        message = json.loads(line)
        if not isinstance(message, dict):
            raise WireError("a request is a JSON object")
        return message

    def serve(self) -> None:
        """Answer requests until the tests close the channel."""
        while True:
            request = self.receive()
            if request is None:
                return
            answer = self.answer(request)
            if self.shared:  # what the call wrote there, the tests may read and rewrite
                open_up(self.shared, os.getuid())
            self.send(answer)

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """Run one request; its result, or the exception it raised, and what it printed."""
        self._apply(request)
        out = io.StringIO()
        args: list[Any] = []
        caught: list[warnings.WarningMessage] = []
        try:
            with (
                contextlib.redirect_stdout(out),
                contextlib.redirect_stderr(out),
                warnings.catch_warnings(record=True) as caught,
            ):
                # every warning, each time: the tests' process decides what to show
                warnings.simplefilter("always")
                args, kwargs = self._arguments(request)
                result = self._run(request, args, kwargs)
            response: dict[str, Any] = {"ok": self.encode(result)}
            mutated = self._mutated(request, args)
            if mutated:
                response["mutated"] = mutated
        except WireError as ex:
            response = {"error": str(ex)}
        except BaseException as ex:  # noqa: BLE001 - the agent's exception goes back as data
            response = {"raise": self._exception(ex)}
        printed = out.getvalue()
        if printed:
            response["out"] = printed[-OUTPUT_LIMIT:]
        raised = _warnings(caught)
        if raised:
            response["warnings"] = raised
        return response

    def _apply(self, request: dict[str, Any]) -> None:
        env, cwd = request.get("env"), request.get("cwd")
        if isinstance(env, dict) and env != self.env:
            os.environ.clear()
            os.environ.update({str(k): str(v) for k, v in env.items()})
            self.env = dict(env)
        if isinstance(cwd, str) and cwd != os.getcwd():
            with contextlib.suppress(OSError):
                os.chdir(cwd)

    def _arguments(self, request: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        args = [self.decode(a) for a in request.get("args") or []]
        kwargs = {str(k): self.decode(v) for k, v in request.get("kwargs") or []}
        return args, kwargs

    def _run(self, request: dict[str, Any], args: list[Any], kwargs: dict[str, Any]) -> Any:
        op = request.get("op")
        if op == "import":
            return importlib.import_module(str(request["module"]))
        target: Any = self.decode(request["target"]) if "target" in request else None
        name = str(request.get("name") or "")
        if op == "getattr":
            return getattr(target, name)
        if op == "setattr":
            setattr(target, name, args[0])
            return None
        if op == "delattr":
            delattr(target, name)
            return None
        if op == "call":
            return target(*args, **kwargs)
        if op == "operator":
            function = OPERATORS.get(name)
            if function is None:
                raise WireError(f"unknown operator {name!r}")
            return function(*args, **kwargs)
        if op == "take":  # up to n items of an iterator, and whether it is exhausted
            items = []
            for _ in range(int(request.get("n") or 1)):
                try:
                    items.append(next(target))
                except StopIteration:
                    return [items, True]
            return [items, False]
        if op == "snapshot":
            return _snapshot(target)
        raise WireError(f"unknown request {op!r}")

    def _mutated(self, request: dict[str, Any], args: list[Any]) -> list[Any]:
        """The containers passed by value, as the call left them (a call may change its
        arguments in place; the tests' copies follow)."""
        sent = request.get("args") or []
        changed = []
        for index, (data, value) in enumerate(zip(sent, args, strict=False)):
            if isinstance(value, (list, dict, set, bytearray)):
                now = self.encode(value)
                if now != data:
                    changed.append([index, now])
        return changed

    def _exception(self, ex: BaseException) -> dict[str, Any]:
        try:
            text = str(ex)
        except Exception:  # noqa: BLE001 - an unprintable exception is still an exception
            text = f"<{type(ex).__name__}>"
        # the agent's frames, not this file's
        trace = ex.__traceback__
        while trace is not None and trace.tb_frame.f_code.co_filename == __file__:
            trace = trace.tb_next
        frames = traceback.format_exception(type(ex), ex, trace)
        args = []
        for arg in getattr(ex, "args", ()):
            try:
                args.append(self.encode(arg))
            except Exception:  # noqa: BLE001 - an argument that is not data goes as text
                args.append(repr(arg)[:500])
        return {
            "handle": self.handle(ex),
            "str": text[:OUTPUT_LIMIT],
            "args": args,
            "traceback": "".join(frames)[-OUTPUT_LIMIT:],
        }

    def call_back(self, number: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call one of the tests' functions: a request the other way, then its answer."""
        self.send(
            {
                "callback": number,
                "args": [self.encode(a) for a in args],
                "kwargs": [[k, self.encode(v)] for k, v in kwargs.items()],
            }
        )
        answer = self.receive()
        if answer is None:
            raise SystemExit(0)
        if "raise" in answer:
            raise RuntimeError(f"the test's function raised: {answer['raise']}")
        return self.decode(answer.get("ok"))


class _Callback:
    """One of the tests' functions, as the agent's code sees it."""

    def __init__(self, host: Host, number: int) -> None:
        self.host, self.number = host, number

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.host.call_back(self.number, args, kwargs)


def _warnings(caught: list[warnings.WarningMessage]) -> list[list[str]]:
    """The warnings a request raised, as [category name, message]: a built-in category by
    its name (the tests re-raise those), any other as UserWarning; a bounded few."""
    raised = []
    for found in caught[:WARNINGS_LIMIT]:
        name = found.category.__name__
        builtin = getattr(builtins, name, None)
        known = isinstance(builtin, type) and issubclass(builtin, Warning)
        raised.append([name if known else "UserWarning", str(found.message)[:WARNING_TEXT]])
    return raised


def _class_name(klass: Any) -> list[Any]:
    module = getattr(klass, "__module__", "") or ""
    qualname = getattr(klass, "__qualname__", "") or getattr(klass, "__name__", "")
    is_exception = isinstance(klass, type) and issubclass(klass, BaseException)
    return [str(module), str(qualname), is_exception]


def _named(value: Any) -> list[str] | None:
    """The (module, qualified name) that finds this module, class or function again."""
    if isinstance(value, types.ModuleType):
        return [value.__name__, ""]
    if not (isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType))):
        return None
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str) or "<" in qualname:
        return None
    try:
        if _resolve(module, qualname) is value:
            return [module, qualname]
    except Exception:  # noqa: BLE001 - not reachable by name: a plain reference then
        return None
    return None


def _resolve(module: str, qualname: str) -> Any:
    value: Any = importlib.import_module(module)
    for part in [p for p in qualname.split(".") if p]:
        value = getattr(value, part)
    return value


def _snapshot(value: Any) -> Any:
    """What an object holds, for comparing two objects as data: its class, and its
    dataclass fields, slots or instance dictionary."""
    fields: dict[str, Any] = {}
    names = getattr(type(value), "__dataclass_fields__", None)
    if isinstance(names, dict) and names:
        fields = {name: getattr(value, name) for name in names}
    else:
        fields = dict(getattr(value, "__dict__", {}) or {})
        for klass in type(value).__mro__:
            for slot in getattr(klass, "__slots__", ()) or ():
                if isinstance(slot, str) and hasattr(value, slot):
                    fields.setdefault(slot, getattr(value, slot))
    return [_class_name(type(value)), fields]


def main() -> None:
    """agent_host.py WORKSPACE [SHARED]: serve the tests on standard input and output, the
    workspace first on the path."""
    sys.path.insert(0, sys.argv[1])
    shared = sys.argv[2] if len(sys.argv) > 2 else None
    # the channel is the original standard output; what the agent's code writes to the
    # file descriptor itself goes to standard error instead of into the answers
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    reader = io.TextIOWrapper(os.fdopen(os.dup(0), "rb"), encoding="utf-8")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    sys.stdout = io.TextIOWrapper(
        os.fdopen(1, "wb", closefd=False), encoding="utf-8", line_buffering=True
    )
    Host(reader, channel, shared).serve()


if __name__ == "__main__":
    main()
