"""The `inspect-stamina` command line's parser: its subcommands and their options."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from inspect_stamina.cli import commands

DESCRIPTION = (
    "`inspect-stamina`: set up Docker and images, validate scripts, report, clean up, export GAIA."
)


# the benchmarks themselves run through Inspect: the top-level help says how
TASKS_HELP = """\
the tasks (run with Inspect):
  inspect eval inspect_stamina/stamina --model stamina/oracle     StaminaBench, the starter script
  inspect eval inspect_stamina/stamina -T script=todo_app --model openai/gpt-4o
  inspect eval inspect_stamina/stamina_suite --model ...          the generated suite
  inspect eval inspect_stamina/gaia --model ...                   GAIA (also gaia_level1..3)
  inspect view                                                    read the logs
"""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("inspect-stamina")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _subcommand(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help: str, **kwargs: Any
) -> argparse.ArgumentParser:
    """A subcommand whose own --help opens with what it does, as the list of subcommands
    says it (unless it has a longer description of its own)."""
    kwargs.setdefault("description", help)
    return sub.add_parser(name, help=help, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = argparse.ArgumentParser(
        prog="inspect-stamina",
        description=DESCRIPTION,
        epilog=TASKS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = _subcommand(sub, "docker", help="make sure a Docker engine and compose are running")
    p.add_argument(
        "action",
        choices=["up"],
        help="up: start Docker, installing it on a bare Debian machine as root (idempotent)",
    )
    p.set_defaults(func=commands.cmd_docker)

    p = _subcommand(sub, "images", help="build the sandbox images")
    p.add_argument("action", choices=["build"], help="build: build the images named (or all)")
    p.add_argument("names", nargs="*", help="images to build (default: all)")
    p.add_argument(
        "--mode",
        choices=["auto", "dockerfile", "offline"],
        default="auto",
        help="dockerfile: docker build; offline: debootstrap + docker import, no registry; "
        "auto: dockerfile where a registry answers, else offline (default)",
    )
    p.add_argument("--force", action="store_true", help="rebuild even if current")
    p.set_defaults(func=commands.cmd_images)

    p = _subcommand(
        sub,
        "setup",
        help="docker up + build the default runs' images + offline token counting",
        description="Bring Docker up, build the images the default runs use (stamina, "
        "gaia; the others are built on first use) and seed offline token counting.",
    )
    p.add_argument(
        "--mode",
        choices=["auto", "dockerfile", "offline"],
        default="auto",
        help="image builds: Dockerfile where a registry answers, else offline (auto)",
    )
    p.add_argument(
        "--all-images",
        action="store_true",
        help="build every image now (the web and browser ones too)",
    )
    p.set_defaults(func=commands.cmd_setup)

    p = _subcommand(sub, "validate", help="check StaminaBench scripts (default: the bundled ones)")
    p.add_argument("scripts", nargs="*", help="bundled script names or YAML paths")
    p.add_argument("--run", action="store_true", help="also run the oracle and the noop in Docker")
    p.add_argument(
        "--fairness",
        action="store_true",
        help="run the fairness instruments (does every check test only what the user said?)",
    )
    p.add_argument(
        "--no-replay",
        action="store_true",
        help="with --fairness: skip the instruments that replay references in Docker",
    )
    p.add_argument(
        "-o", "--output", default="fairness.json", help="with --fairness: where results go"
    )
    p.set_defaults(func=commands.cmd_validate)

    p = _subcommand(
        sub,
        "cleanup",
        help="remove the Docker sandboxes of dead runs (a killed `inspect eval`) of this host",
    )
    p.add_argument("--dry-run", action="store_true", help="list them, remove nothing")
    p.set_defaults(func=commands.cmd_cleanup)

    p = _subcommand(
        sub,
        "estimate",
        help="tokens (and cost) of StaminaBench sessions before running them",
        description="Count the oracle's transcript of each script (what stamina/oracle "
        "reports as its usage: a lower bound) and project a real agent's tokens from it.",
    )
    p.add_argument("scripts", nargs="*", help="bundled script names or YAML paths")
    p.add_argument("--suite", type=int, metavar="VERSION", help="the generated suite instead")
    p.add_argument("--sample", type=int, help="with --suite: draw this many scripts")
    p.add_argument("--seed", type=int, default=0, help="with --suite: the suite's seed")
    p.add_argument(
        "--generations",
        type=int,
        default=8,
        help="the agent's requests per turn (default %(default)s, an assumption: the usage "
        "table of `inspect-stamina report` on a short run of your model measures it)",
    )
    p.add_argument(
        "--tool-output",
        type=int,
        default=400,
        help="tokens of tool output each request adds (default %(default)s)",
    )
    p.add_argument(
        "--context-window",
        type=int,
        default=200_000,
        help="the model's context window in tokens (default %(default)s)",
    )
    p.add_argument(
        "--compaction-threshold",
        type=commands.threshold,
        default=0.9,
        help="as the task's: a share of the window (≤ 1), tokens (> 1) or none "
        "(default %(default)s)",
    )
    p.add_argument(
        "--calibrate",
        nargs="+",
        metavar="LOG",
        help="StaminaBench logs of your agent (a short run, e.g. inventory_cli): project "
        "from what it spent over the oracle's transcript of the same turns",
    )
    p.add_argument("--price-input", type=float, help="USD per million input tokens")
    p.add_argument("--price-output", type=float, help="USD per million output tokens")
    p.set_defaults(func=commands.cmd_estimate)

    p = _subcommand(
        sub, "report", help="report.md and figures comparing models from StaminaBench and GAIA logs"
    )
    p.add_argument("logs", nargs="+", help="eval logs, or directories of them")
    p.add_argument(
        "-o",
        "--output",
        default="stamina_report",
        help="the directory to write (default: %(default)s)",
    )
    p.set_defaults(func=commands.cmd_report)

    p = _subcommand(
        sub,
        "review",
        help="blind human review: `sample LOGS... -o DIR` writes a sheet, a CSV and a key; "
        "`apply SCORES.csv --key KEY` folds the scores in as a calibrated score",
    )
    p.add_argument(
        "action",
        choices=["sample", "apply"],
        help="sample: write a blind sheet from logs; apply: fold a filled sheet's scores in",
    )
    p.add_argument("inputs", nargs="*", help="sample: eval logs; apply: the filled-in CSV")
    p.add_argument("--per-session", type=int, default=8, help="sample: turns per session")
    p.add_argument("--seed", type=int, default=0, help="sample: same seed, same sheet")
    p.add_argument(
        "--key",
        help="sample: where to write the key (default DIR/key.json); apply: the key to check against",
    )
    p.add_argument(
        "--weight",
        type=float,
        default=0.3,
        help="apply: the human score's weight in the calibrated score (0-1, default 0.3)",
    )
    p.add_argument(
        "-o",
        "--output",
        help="sample: the sheet's directory; apply: where review.md goes (default: the key's)",
    )
    p.set_defaults(func=commands.cmd_review)

    p = _subcommand(
        sub, "generate", help="write a new StaminaBench script from a domain's generator"
    )
    p.add_argument("--list", action="store_true", help="list the domains and stop")
    p.add_argument("--domain", help="the domain (see --list)")
    p.add_argument("--turns", type=int, default=100, help="number of turns (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the seed: same arguments, same script")
    p.add_argument("-o", "--output", type=Path, help="the script directory to write")
    p.add_argument(
        "--generator-version",
        help="write as this generator version did (1, 2 or 3; default 3; every version's "
        "scripts stay byte-identical)",
    )
    p.add_argument(
        "--summary",
        action="store_true",
        help="print the script's figures: turns by kind, duplicate prompts, questions per "
        "100 turns, bug origins, memory probes, robustness checks, difficulty by phase",
    )
    p.add_argument(
        "--paraphrase",
        metavar="MODEL",
        help="an Inspect model (e.g. openai/gpt-4o) that rewrites the scripted user prompts "
        "as a developer would type them; a rewrite that loses a code span, path, "
        "identifier or number is rejected",
    )
    p.add_argument(
        "--paraphrase-arg",
        action="append",
        metavar="KEY=VALUE",
        help="a model_args entry for the --paraphrase model (repeatable, like inspect's -M)",
    )
    p.set_defaults(func=commands.cmd_generate)
    p = _subcommand(sub, "gaia-submission", help="export a GAIA log as a leaderboard JSONL file")
    p.add_argument("log", help="an eval log of a gaia task (test split)")
    p.add_argument(
        "-o",
        "--output",
        default="gaia_submission.jsonl",
        help="the JSONL file to write (default: gaia_submission.jsonl)",
    )
    p.set_defaults(func=commands.cmd_gaia_submission)
    return parser
