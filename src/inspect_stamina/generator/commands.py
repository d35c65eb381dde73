"""A project's command line: `python -m PACKAGE COMMAND ...`, rendered and tested black-box.

A domain with commands grows a program on top of its library: each command is an
argparse subcommand in `PACKAGE/cli.py` (with `PACKAGE/__main__.py` running it) whose
handler calls the package's own functions. Its checkpoint tests create input files in
pytest's `tmp_path`, run the command line in a subprocess from the workspace, and check
the exit code, the output and the files written. Python only, like the domains that
have commands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from inspect_stamina.generator import signatures
from inspect_stamina.generator.model import Project

# what one command test pins: a command and its case bodies
CommandGroup = tuple[str, tuple[str, ...]]

CLI_MODULES = ("cli.py", "__main__.py")

_HELPERS = '''

def _read(path):
    """The text of a file."""
    with open(path, encoding="utf-8") as file:
        return file.read()


def _write(text, output):
    """Print the text, or write it to the output file when there is one."""
    if text and not text.endswith("\\n"):
        text += "\\n"
    if output:
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
    else:
        print(text, end="")
'''

# version 3's security fix: an output path never climbs out of where it points
_GUARD = """    if output and ".." in output.replace("\\\\", "/").split("/"):
        raise ValueError(f"unsafe output path: {output}")
"""
UNSAFE_OUTPUT = "unsafe output path"

_MAIN = '''

def main(argv=None):
    """Run one command; its exit code (an error is reported on stderr, code 1)."""
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
'''

_TEST_HEAD = '''\
WORKSPACE = os.environ.get("STAMINA_WORKSPACE", "/workspace")


def run(*args, env=None):
    """`python -m {package}` with these arguments, run from the workspace."""
    return subprocess.run(
        [sys.executable, "-m", "{package}", *[str(arg) for arg in args]],
        capture_output=True,
        text=True,
        cwd=WORKSPACE,
        timeout=60,
        env={{**os.environ, **(env or {{}})}},
    )
'''


def handler_name(command: str) -> str:
    """The Python function that runs a command."""
    return "cmd_" + command.replace("-", "_")


def _current_calls(source: str, names: dict[str, str]) -> str:
    """The source with each call of a renamed function made by its current name."""
    for original, current in names.items():
        if original != current:
            source = re.sub(rf"\b{original}\(", f"{current}(", source)
    return source


def render(project: Project) -> dict[str, str]:
    """`PACKAGE/cli.py` and `PACKAGE/__main__.py` for the project's commands (none: {})."""
    if not project.commands:
        return {}
    pkg, live = project.package, list(project.commands.values())
    current = project.current_names()
    names = {u: current[u] for c in live for u in c.template.uses}
    constants = sorted({k for c in live for k in c.template.constants if k in c.body + c.arguments})
    head = f'"""The {pkg} command line: `python -m {pkg} COMMAND ...`."""\n\nimport argparse\nimport sys\n\n'
    imported = ", ".join(sorted(set(names.values())))
    if len(imported) > 70:  # one name a line, as a formatter would
        imported = "(\n" + "".join(f"    {n},\n" for n in sorted(set(names.values()))) + ")"
    head += f"from {pkg} import {imported}\n"
    if constants:
        head += f"from {pkg}.config import {', '.join(constants)}\n"
    helpers = _HELPERS
    if project.guarded_output:
        helpers = helpers.replace(
            '    if text and not text.endswith("\\n"):\n',
            _GUARD + '    if text and not text.endswith("\\n"):\n',
            1,
        )
    parts = [head + helpers]
    keyword = project.keyword_signatures()
    for command in live:
        body = _current_calls(command.body, names)
        if keyword:
            body = signatures.keyword_calls(body, keyword)
        parts.append(
            f"\n\ndef {handler_name(command.template.name)}(args):\n"
            f'    """{command.template.help[0].upper()}{command.template.help[1:]}."""\n{body}\n'
        )
    parser = [
        "\n\ndef build_parser():",
        '    """The argument parser: one subcommand per command."""',
        f'    parser = argparse.ArgumentParser(prog="{pkg}")',
        '    commands = parser.add_subparsers(dest="command", required=True)',
    ]
    for command in live:
        name = command.template.name
        parser += [
            "",
            f'    sub = commands.add_parser("{name}", help="{command.template.help}")',
            *("    " + line for line in command.arguments.splitlines()),
            f"    sub.set_defaults(handler={handler_name(name)})",
        ]
    parser.append("    return parser\n")
    parts += ["\n".join(parser), _MAIN]
    return {
        f"{pkg}/cli.py": "".join(parts),
        f"{pkg}/__main__.py": f'"""Run the command line: `python -m {pkg}`."""\n\nimport sys\n\n'
        f"from {pkg}.cli import main\n\nsys.exit(main())\n",
    }


def test(package: str, groups: Sequence[CommandGroup], imports: str = "") -> str:
    """A black-box pytest file: each case of each command, one test function each (with
    `imports`, more import lines, after the standard library's)."""
    bodies = "\n".join(body for _, cases in groups for body in cases)
    modules = ["os", "subprocess", "sys", *(["socket"] if "socket." in bodies else [])]
    lines = [*(f"import {m}" for m in sorted(modules)), ""]
    if imports:
        lines += [imports, ""]
    lines.append(_TEST_HEAD.format(package=package))
    for command, cases in groups:
        for i, body in enumerate(cases, 1):
            lines += [
                "",
                f"def {handler_name(command).replace('cmd_', 'test_', 1)}_{i}(tmp_path):",
                *("    " + line if line else line for line in body.splitlines()),
                "",
            ]
    return "\n".join(lines)


def allow_printing(rules: list[dict[str, Any]], package: str) -> list[dict[str, Any]]:
    """The language's rules, with the command line's own modules free to print."""
    cli = [f"{package}/{module}" for module in CLI_MODULES]
    return [
        {
            **rule,
            "description": rule["description"] + " The command line (cli.py) prints its output.",
            "check": {**rule["check"], "exclude": cli},
        }
        if rule["id"] == "no_print"
        else rule
        for rule in rules
    ]
