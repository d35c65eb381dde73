"""The needs of JavaScript tests (regex level) and of docker_exec commands."""

from __future__ import annotations

import re
import shlex

from inspect_stamina.stamina.fairness.needs import (
    FLAG,
    Need,
    NeedContext,
    strip_suffix,
)
from inspect_stamina.stamina.fairness.python_needs import python_needs

# ---------------------------------------------------------------------------------------
# JavaScript tests (regex level)


JS_IMPORT = re.compile(
    r"""import\s+(?:(?P<default>[\w$]+)\s*,?\s*)?(?:\{(?P<named>[^}]*)\})?\s*(?:from\s*)?["'](?P<spec>[^"']+)["']"""
)
JS_DYNAMIC = re.compile(
    r"""(?:const|let|var)\s+(?P<var>[\w$]+)\s*=\s*await\s+import\(\s*`\$\{[^}]*\}/(?P<path>[^`]+)`\s*\)"""
)
JS_STRING = re.compile(r"""(["'`])(/(?:[^"'`\s\\]|\$\{[^}]*\})*)\1""")
JS_STATUS = re.compile(
    r"expect\(\s*[\w$.]+\.status\s*\)\.(?:toBe|toEqual|toStrictEqual)\(\s*(\d{3})\s*\)"
)
JS_PROPERTY = re.compile(r"""\.toHaveProperty\(\s*["']([^"']+)["']""")


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _js_agent_path(spec: str, context: NeedContext) -> str | None:
    """The workspace path a JS import names, when it is the agent's (relative or alias)."""
    if spec.startswith("."):
        return re.sub(r"^(\.\.?/)+", "", spec)
    if spec.startswith(("@", "~")) and "/" in spec:
        rest = strip_suffix(spec.split("/", 1)[1])
        # an alias (@app/api/client) reaches a file a reference creates
        if any(c == rest or c.endswith("/" + rest) for c in context.created):
            return rest
    return None


def js_needs(source: str, context: NeedContext) -> list[Need]:
    """What a JavaScript test needs from the agent's code (imports, URLs, statuses, keys)."""
    needs: list[Need] = []
    agent_functions: set[str] = set()
    namespaces: set[str] = set()
    for match in JS_IMPORT.finditer(source):
        path = _js_agent_path(match["spec"], context)
        if path is None:
            continue
        line = _line_at(source, match.start())
        needs.append(Need("module", path, line))
        for part in (match["named"] or "").split(","):
            name = part.strip().split(" as ")[0].strip()
            if name:
                needs.append(Need("name", name, line))
                agent_functions.add(name)
    for match in JS_DYNAMIC.finditer(source):
        needs.append(Need("module", match["path"], _line_at(source, match.start())))
        namespaces.add(match["var"])
    for name in namespaces:
        for match in re.finditer(rf"(?<![\w$.]){re.escape(name)}\.([A-Za-z_$][\w$]*)", source):
            needs.append(Need("attribute", match[1], _line_at(source, match.start())))
    # const error = await createTodo(...): what expect() reads off the result is interface
    for name in agent_functions:
        pattern = rf"(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?{re.escape(name)}\s*\("
        for match in re.finditer(pattern, source):
            var = match[1]
            for used in re.finditer(
                rf"expect\(\s*{re.escape(var)}\.([A-Za-z_$][\w$]*)\s*\)", source
            ):
                needs.append(Need("attribute", used[1], _line_at(source, used.start())))
    for match in JS_STRING.finditer(source):
        if re.search(r"(\?\?|\|\||import\()\s*$", source[: match.start()]):
            continue  # a default for an environment variable, or a file imported: no URL
        url = re.sub(r"\$\{[^}]*\}", "{}", match[2])
        if re.search(r"[A-Za-z]", url) and not url.startswith("//"):
            needs.append(Need("url", url, _line_at(source, match.start())))
    for match in JS_STATUS.finditer(source):
        needs.append(Need("status", match[1], _line_at(source, match.start())))
    for match in JS_PROPERTY.finditer(source):
        for key in match[1].split("."):
            needs.append(Need("key", key, _line_at(source, match.start())))
    return needs


# ---------------------------------------------------------------------------------------
# docker_exec commands


def command_needs(command: str, context: NeedContext) -> list[Need]:
    """What a shell command needs: `python -c` bodies, `python -m` modules and their flags."""
    try:
        words = shlex.split(command)
    except ValueError:
        return []
    needs: list[Need] = []
    for i, word in enumerate(words):
        if not re.fullmatch(r"(\S*/)?python3?(\.\d+)?", word) or i + 2 > len(words):
            continue
        option = words[i + 1] if i + 1 < len(words) else ""
        if option == "-c" and i + 2 < len(words):
            needs += [
                Need(n.kind, n.item, 1, n.variant) for n in python_needs(words[i + 2], context)
            ]
        elif option == "-m" and i + 2 < len(words):
            module = words[i + 2]
            if module.split(".")[0] in context.roots:
                needs.append(Need("module", module, 1))
                for arg in words[i + 3 :]:
                    if arg in ("&&", "||", ";", "|"):
                        break
                    flag = arg.split("=", 1)[0]
                    if FLAG.match(flag):
                        needs.append(Need("flag", flag, 1))
    return needs
