"""Runs in the sandbox, in the benchmark's test process (as ``checker``): the local
stand-ins for the agent's modules, classes, functions and objects, and the import hook
that gives the proxy modules (``agent_proxy.py`` holds the session they ask).

Every attribute, call and operator on a proxy goes to the agent's process through its
session; two proxies of objects compare equal by the data they hold, never by the
agent's own ``__eq__``.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
import types
import warnings
from typing import Any, Protocol

if __package__:  # imported by the harness's own code and tests
    from .wire import TAG, WARNING_TEXT, WARNINGS_LIMIT
else:  # loaded in the sandbox from the harness directory
    _HERE = os.path.dirname(os.path.abspath(__file__))
    if _HERE not in sys.path:
        sys.path.insert(0, _HERE)
    from wire import TAG, WARNING_TEXT, WARNINGS_LIMIT  # type: ignore[no-redef]

BATCH = 256  # iterator items fetched per request


class AgentSession(Protocol):
    """What a proxy asks of the session that made it (``agent_proxy.Session``)."""

    workspace: str
    generation: int

    def request(self, message: dict[str, Any], values: list[Any] | None = None) -> Any: ...

    def call(
        self, reference: dict[str, Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any: ...

    def operate(self, name: str, *args: Any) -> Any: ...

    def getattr(self, reference: dict[str, Any], name: str) -> Any: ...

    def encode(self, value: Any) -> Any: ...


def is_proxy(value: Any) -> bool:
    """Whether a value stands for something in the agent's process."""
    return isinstance(value, (RemoteObject, RemoteCallable, RemoteModule, RemoteClass)) or (
        isinstance(value, BaseException) and hasattr(value, "_stamina_ref")
    )


def new_proxy(klass: type, session: AgentSession, reference: dict[str, Any]) -> Any:
    """A proxy of this class for what the reference names in the agent's process."""
    proxy: Any = object.__new__(klass)
    object.__setattr__(proxy, "_stamina_session", session)
    object.__setattr__(proxy, "_stamina_ref", reference)
    object.__setattr__(proxy, "_stamina_generation", session.generation)
    return proxy


def exception_str(self: BaseException) -> str:
    """The text of the agent's exception, asked of its process once (its classes' __str__)."""
    text = getattr(self, "_stamina_str", None)
    if text is None and hasattr(self, "_stamina_ref"):
        with contextlib.suppress(Exception):
            text = self._stamina_session.operate("str", self)  # type: ignore[attr-defined]
            object.__setattr__(self, "_stamina_str", text)
    return str(text) if text is not None else BaseException.__str__(self)


class RemoteClass(type):
    """The metaclass of the local stand-ins for the agent's classes."""

    _stamina_session: AgentSession
    _stamina_ref: dict[str, Any] | None = None

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        reference = cls._stamina_ref or {
            TAG: "named",
            "module": cls.__module__,
            "qualname": cls.__qualname__,
        }
        result = cls._stamina_session.call(reference, args, kwargs)
        if issubclass(cls, BaseException) and isinstance(result, BaseException):
            exception_str(result)  # the agent's text, fetched while its process is there
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
        session: AgentSession = object.__getattribute__(self, "_stamina_session")
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

    _stamina_session: AgentSession
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
        if not is_proxy(iterator):  # already data
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

    def __init__(self, session: AgentSession) -> None:
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


def mro_of(handle: dict[str, Any]) -> list[list[Any]]:
    """The chain of classes an object's handle names (module, qualname, is-exception),
    without ``object``."""
    mro = handle.get("mro") if isinstance(handle, dict) else None
    if not isinstance(mro, list):
        return []
    return [m for m in mro if isinstance(m, list) and len(m) == 3 and m[1] != "object"]


def local_class(module: str, qualname: str) -> type | None:
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


def rewarn(raised: Any) -> None:
    """The warnings the agent's call raised, raised again here as if the call were local
    (so ``pytest.warns`` sees them): built-in categories only, by name."""
    if not isinstance(raised, list):
        return
    for item in raised[:WARNINGS_LIMIT]:
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)
        ):
            continue
        category = getattr(builtins, item[0], None)
        if not (isinstance(category, type) and issubclass(category, Warning)):
            category = UserWarning
        warnings.warn(item[1][:WARNING_TEXT], category, stacklevel=2)
