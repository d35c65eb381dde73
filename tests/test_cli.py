"""The inspect-stamina command's own surface: version, help for every option, the tasks named."""

from __future__ import annotations

import argparse
import subprocess
from importlib.metadata import version
from pathlib import Path

import pytest

from inspect_stamina.cli import build_parser, main


def test_version_and_top_level_help_name_the_tasks() -> None:
    shown = subprocess.run(["inspect-stamina", "--version"], capture_output=True, text=True)
    assert shown.returncode == 0
    assert shown.stdout.strip() == f"inspect-stamina {version('inspect-stamina')}"
    helped = subprocess.run(["inspect-stamina", "--help"], capture_output=True, text=True)
    assert helped.returncode == 0
    for task in (
        "inspect_stamina/stamina ",
        "inspect_stamina/stamina_suite",
        "inspect_stamina/gaia",
    ):
        assert f"inspect eval {task}" in helped.stdout


def test_every_subcommand_and_option_has_help() -> None:
    [subcommands] = [
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    ]
    missing = [
        f"{name} {action.option_strings or action.dest}"
        for name, parser in subcommands.choices.items()
        for action in parser._actions
        if not action.help and not isinstance(action, argparse._HelpAction)
    ]
    assert missing == []
    assert all(choice.help for choice in subcommands._choices_actions)


def test_every_subcommand_help_says_what_it_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`inspect-stamina report --help` opens with what report does, not only its usage
    (in this process, at the width of a terminal: one interpreter per subcommand took
    seconds; the console script itself is run above)."""
    monkeypatch.setenv("COLUMNS", "80")
    [subcommands] = [
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    ]
    for name in subcommands.choices:
        with pytest.raises(SystemExit) as exited:
            main([name, "--help"])
        assert exited.value.code == 0
        shown = capsys.readouterr().out
        usage, description = shown.split("\n\n")[:2]
        assert usage.startswith(f"usage: inspect-stamina {name}")
        assert description.strip() and not description.startswith(
            ("positional arguments", "options")
        ), (name, shown)


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`inspect-stamina ... | head` closes the pipe early: the command stops quietly with
    the shell's status for it (141), no traceback."""
    from inspect_stamina.generator.generate import generate

    script = generate("algorithms", 20, 0, tmp_path / "s", version="3")
    run = subprocess.Popen(
        ["inspect-stamina", "validate", str(script), "--fairness", "--no-replay"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert run.stdout is not None and run.stderr is not None
    run.stdout.close()  # the reader is gone before the first line
    errors = run.stderr.read().decode()
    assert run.wait() == 141, errors
    assert "Traceback" not in errors
