"""What a check needs from the agent's code (``Need``), the vocabulary the analysis
reads tests with, and what decides which code is the agent's (``NeedContext``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

KINDS = (
    "module",
    "name",
    "attribute",
    "keyword",
    "flag",
    "url",
    "key",
    "status",
    "exit code",
    "file",
)
# what any agent knows without being told: HTTP's default success and a clean exit
KNOWN_STATUSES = frozenset({200})
KNOWN_EXIT_CODES = frozenset({0})
# a status is stated by its number or its meaning in words: "not found", "a validation
# error", "conflict"; standard REST answers an unknown resource with 404
STATUS_PHRASES = {
    400: (r"(?i)\bvalidation error", r"(?i)\bbad request\b"),
    401: (r"(?i)\bunauthori[sz]ed\b", r"(?i)\bnot (signed|logged) in\b"),
    403: (r"(?i)\bforbidden\b",),
    404: (r"(?i)\bnot found\b", r"\bREST\b"),
    409: (r"(?i)\bconflict\b",),
}
# test tools and their plugins: imported by tests, never written by the agent
TEST_TOOLS = frozenset(
    {"pytest", "_pytest", "hypothesis", "mock", "pytest_django", "freezegun", "responses"}
)
# the import names of frameworks a script lists (as `frameworks:` spells them)
FRAMEWORK_IMPORTS = {
    "djangorestframework": "rest_framework",
    "django-cors-headers": "corsheaders",
    "djangorestframework-simplejwt": "rest_framework_simplejwt",
}
# modules a framework generates under a package the user names (`startproject config`
# writes config/settings.py): named by the framework, so stated with their package; the
# names inside them are the framework's too, so they are not checked
FRAMEWORK_MODULES = {
    "django": frozenset({"settings", "urls", "wsgi", "asgi", "models", "views", "admin", "apps"}),
    "djangorestframework": frozenset({"serializers"}),
}
# the public API of a framework's objects an agent's function returns (build_parser()
# returns an ArgumentParser): the framework names them, not the user
FRAMEWORK_ATTRIBUTES = {
    "argparse": frozenset(
        {"parse_args", "parse_known_args", "add_argument", "print_help", "format_help", "error"}
    ),
}
HTTP_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options", "request"})
# calls whose result says nothing about their JSON argument's keys (a length, a type test)
OPAQUE_CALLS = frozenset(
    {"isinstance", "len", "str", "repr", "type", "bool", "int", "float", "print", "abs", "hash"}
)
JS_SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx")
CODE_SUFFIXES = (".py", *JS_SUFFIXES)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
FLAG = re.compile(r"^--?[A-Za-z][\w-]*$")
URL_TEXT = re.compile(r"/?[\w.<>{}:$-]+(?:/[\w.<>{}:$-]*)+")
PATH_TOKEN = re.compile(r"[\w.@~-]+(?:[/:][\w.@~-]+)*/?")
PARAM = re.compile(r"^(<[^>]*>|\{[^}]*\}|:\w+)$")


@dataclass(frozen=True)
class Need:
    """One thing a test needs from the agent's code, where the test needs it."""

    kind: str
    item: str
    line: int
    # one of several forms the test accepts (not required on its own)
    variant: bool = False


@dataclass
class NeedContext:
    """What decides which code is the agent's."""

    roots: frozenset[str]  # top-level Python modules the agent writes
    created: tuple[str, ...]  # workspace paths the references create (no suffix)
    frameworks: frozenset[str]


def strip_suffix(path: str) -> str:
    for suffix in CODE_SUFFIXES:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path
