"""`inspect-stamina`: set up Docker and images, validate scripts, report, clean up, export GAIA."""

from __future__ import annotations

import os
import sys

from inspect_stamina.cli.parser import build_parser
from inspect_stamina.errors import StaminaError

__all__ = ["build_parser", "main"]


def main(argv: list[str] | None = None) -> int:
    """Entry point: run one subcommand; errors print a message and exit 1."""
    args = build_parser().parse_args(argv)
    try:
        args.func(args)
    except StaminaError as ex:
        print(f"inspect-stamina: error: {ex}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader stopped early (`| head`): quiet, as a shell tool is; Python must not
        # complain again when it flushes stdout on exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return 0
