"""Python signatures made keyword-only, and the calls and test cases rewritten to match.

Version 3's cross-module refactor: a function's parameters after the first become
keyword-only, and every call of it (the command line's handlers, the tests' cases)
names them. The rewrites only insert `name=` before each positional argument after
the first, located with `ast`, so the source keeps its layout.
"""

from __future__ import annotations

import ast
import functools


def parameter_names(params: str) -> list[str]:
    """The names of a Python parameter list's parameters, in order."""
    arguments = _function(f"def _({params}): pass").args
    return [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]


def can_be_keyword_only(params: str) -> bool:
    """Whether the parameters are plain (no `*`, `/` or `**`) and more than one."""
    arguments = _function(f"def _({params}): pass").args
    plain = not (
        arguments.posonlyargs or arguments.vararg or arguments.kwonlyargs or arguments.kwarg
    )
    return plain and len(arguments.args) > 1


def keyword_only(params: str) -> str:
    """The parameter list with every parameter after the first made keyword-only."""
    first, rest = params.split(",", 1)
    return f"{first}, *,{rest}"


def keyword_calls(source: str, signatures: dict[str, list[str]]) -> str:
    """The source (a function body or a module) with every call of a named function
    passing its arguments after the first by keyword."""
    indented = source.startswith((" ", "\t"))
    text = f"def _():\n{source}" if indented else source
    encoded = text.encode()
    starts = [0]
    for line in encoded.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    inserts: list[tuple[int, bytes]] = []
    for node in ast.walk(ast.parse(text)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in signatures
        ):
            continue
        names = signatures[node.func.id]
        for index, argument in enumerate(node.args[1:], 1):
            if isinstance(argument, ast.Starred) or index >= len(names):
                break
            offset = starts[argument.lineno - 1] + argument.col_offset
            inserts.append((offset, f"{names[index]}=".encode()))
    for offset, insert in sorted(inserts, reverse=True):
        encoded = encoded[:offset] + insert + encoded[offset:]
    rewritten = encoded.decode()
    return rewritten.split("\n", 1)[1] if indented else rewritten


def keyword_arguments(arguments: str, names: list[str]) -> str:
    """A call's argument source with the arguments after the first passed by keyword."""
    return keyword_calls(f"_call({arguments})", {"_call": names})[len("_call(") : -1]


def positional_calls(source: str, name: str) -> list[str]:
    """The source of each call of `name` in the source (a function body) passing more
    than one argument by position."""
    return list(_positional_calls(source, name))


@functools.lru_cache(maxsize=4096)
def _positional_calls(source: str, name: str) -> tuple[str, ...]:
    # the planner asks of the same handler bodies at every turn
    text = f"def _():\n{source}"
    return tuple(
        ast.get_source_segment(text, node) or ""
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == name
        and len(node.args) > 1
    )


def positional_count(arguments: str) -> int:
    """How many positional arguments a call's argument source passes."""
    call = ast.parse(f"_call({arguments})", mode="eval").body
    assert isinstance(call, ast.Call)
    return len(call.args)


def _function(source: str) -> ast.FunctionDef:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


__all__ = [
    "can_be_keyword_only",
    "keyword_arguments",
    "keyword_calls",
    "keyword_only",
    "parameter_names",
    "positional_calls",
    "positional_count",
]
