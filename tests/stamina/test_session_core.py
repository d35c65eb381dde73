"""The session core in Docker: batched checks, test placement, partial sessions, re-scoring."""

from __future__ import annotations

import math
import shlex
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.event import InfoEvent
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessageTool, Model, ModelOutput, get_model

from inspect_stamina.stamina.record import TURN_EVENT_SOURCE, TurnRecord, turn_records
from inspect_stamina.stamina.scorers import stamina_scorer
from inspect_stamina.stamina.session import stamina_session
from inspect_stamina.stamina.task import stamina
from tests.helpers import inspect_eval_cli
from tests.stamina.test_stamina_docker import MINI, bash, run, say, score_of

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

CREATE_CALC = (
    'mkdir -p calc && printf \'UNITS = {"m": 1.0, "km": 1000.0}\\n\\n\\n'
    "def add(a, b):\\n    return a + b\\n' > calc/__init__.py"
)
OPS = (
    "printf 'from calc import UNITS\\n\\n\\ndef to_metres(value, unit):\\n"
    "    return value * UNITS[unit]\\n' > calc/ops.py"
)
IDLE = [say("Nothing more to change here, the project is as we agreed.")] * 6


def model(*outputs: ModelOutput) -> Model:
    return get_model("mockllm/model", custom_outputs=[*outputs, *IDLE])


def test_regression_in_a_batch_is_attributed_to_its_checkpoint(log_dir: Path) -> None:
    # turn 2 adds ops.py (its own checkpoint passes) but breaks add() (turn 1's checkpoint);
    # affected re-runs turn 1's at turn 2, so the regression is dated to the turn
    breaks_add = f"{OPS} && sed -i 's/return a + b/return a - b/' calc/__init__.py"
    outputs = model(bash(CREATE_CALC), say("Done."), bash(breaks_add), say("Done."))
    log = run(outputs, log_dir, regressions="affected")
    value, meta = score_of(log)
    turn2 = meta["turns"][1]
    assert [c["passed"] for c in turn2["checkpoints"]] == [True]
    assert turn2["regressions"] == ["turn 1: tests/test_add.py"]
    assert value["regressions"] == 1.0


def test_a_workspace_too_large_for_the_check_runs_copy_is_copied_whole_for_the_rules(
    log_dir: Path,
) -> None:
    # 12 text files of 190 KiB and a larger module that prints: more than the check run's
    # share of the copy budget, so the rules' copy comes from a call of its own, whole
    make = (
        "import pathlib, secrets\n"
        "for i in range(12):\n"
        "    pathlib.Path(f'calc/pad_{i:02d}.txt').write_text(secrets.token_hex(97_000))\n"
        "data = '\\n'.join(secrets.token_hex(40) for _ in range(2_500))\n"
        'pathlib.Path(\'calc/zz_noisy.py\').write_text(f\'print(1)\\nDATA = """{data}"""\\n\')\n'
    )
    outputs = model(bash(f"{CREATE_CALC} && python3 -c {shlex.quote(make)}"), say("Done."))
    _, meta = score_of(run(outputs, log_dir))
    turn1 = meta["turns"][0]
    assert [c["passed"] for c in turn1["checkpoints"]] == [True], turn1["checkpoints"]
    assert turn1["rules"] == {"no_print": False}
    assert "too many to copy" not in turn1["note"]


def test_file_names_that_fake_the_check_runs_markers_fool_nothing(log_dir: Path) -> None:
    # the check run's output carries the workspace's manifest and copy between markers;
    # files named after them (and a print the rule must see) change no verdict or listing
    markers = [f"@@STAMINA_{m}@@" for m in ("COPY", "COPY_END", "MANIFEST", "MANIFEST_END")]
    names = " ".join(shlex.quote(f"calc/{m}") for m in markers)
    noisy = "printf 'def shout():\\n    print(1)\\n' > calc/noisy.py"
    outputs = model(bash(f"{CREATE_CALC} && touch {names} && {noisy}"), say("Done."))
    _, meta = score_of(run(outputs, log_dir))
    turn1 = meta["turns"][0]
    assert [c["passed"] for c in turn1["checkpoints"]] == [True], turn1["checkpoints"]
    assert turn1["rules"] == {"no_print": False}
    assert {f"calc/{m}" for m in markers} | {"calc/noisy.py"} <= set(turn1["changed"])


def test_a_changed_requirement_retires_its_checkpoint(log_dir: Path, tmp_path: Path) -> None:
    # the same break, but turn 1's checkpoint holds only until turn 1 (until_turn): a
    # later requirement changed what it checks, so it is not re-run as a regression
    script = tmp_path / "mini"
    shutil.copytree(Path(MINI).parent, script)
    path = script / "script.yaml"
    text = path.read_text()
    old = "        test_file: tests/test_add.py\n"
    assert old in text
    path.write_text(text.replace(old, old + "        until_turn: 1\n", 1))
    breaks_add = f"{OPS} && sed -i 's/return a + b/return a - b/' calc/__init__.py"
    outputs = model(bash(CREATE_CALC), say("Done."), bash(breaks_add), say("Done."))
    value, meta = score_of(run(outputs, log_dir, script=str(path)))
    assert meta["turns"][0]["checkpoints"][0]["passed"] is True
    assert meta["turns"][1]["regressions"] == []
    assert value["regressions"] == 0.0


def test_a_check_that_says_what_it_reads_is_rerun_only_when_that_changes(
    log_dir: Path, tmp_path: Path
) -> None:
    # turn 1's check reads calc/__init__.py: turn 2 (ops.py only) does not re-run it, the
    # phase end (turn 3) re-runs everything, turn 4's break of add() is caught at once
    script = tmp_path / "mini"
    shutil.copytree(Path(MINI).parent, script)
    path = script / "script.yaml"
    old = "        test_file: tests/test_add.py\n"
    path.write_text(path.read_text().replace(old, old + '        reads: ["calc/__init__.py"]\n'))
    safe = "printf 'def divide(a, b):\\n    return a / b\\n' > calc/safe.py"
    breaks_add = f"{safe} && sed -i 's/return a + b/return a - b/' calc/__init__.py"
    outputs = model(
        bash(CREATE_CALC),
        say("Done."),
        bash(OPS),
        say("Done."),
        say("Nicer how?"),
        bash(breaks_add),
        say("Done."),
    )
    _, meta = score_of(run(outputs, log_dir, script=str(path), regressions="affected"))
    turns = meta["turns"]
    assert [t["regression_runs"] for t in turns] == [0, 0, 2, 2, 0, 2]
    assert [c["passed"] for t in turns[:4] for c in t["checkpoints"]] == [True, True, True]
    assert turns[3]["regressions"] == ["turn 1: tests/test_add.py"]


def test_agent_files_at_test_paths_survive_and_its_pytest_setup_is_ignored(
    log_dir: Path,
) -> None:
    own = (
        "mkdir -p tests && printf 'def test_mine():\\n    assert True\\n' > tests/test_add.py"
        " && printf 'raise RuntimeError(\"agent conftest loaded\")\\n' > conftest.py"
        " && printf '[pytest]\\naddopts = --collect-only\\n' > pytest.ini"
        " && printf 'raise SystemExit(\"agent pytest\")\\n' > pytest.py"
    )
    look = "cat tests/test_add.py conftest.py pytest.ini pytest.py; ls -A"
    log = run(model(bash(f"{CREATE_CALC} && {own}"), say("Done."), bash(look), say("Ok.")), log_dir)
    _, meta = score_of(log)
    # the benchmark's test_add ran for real, untouched by the agent's conftest, ini or pytest.py
    first = meta["turns"][0]["checkpoints"][0]
    assert first["passed"] is True and first["passed_tests"] == 1
    assert log.samples
    seen = [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)][1]
    assert "def test_mine():" in seen and "assert add(2, 3)" not in seen
    assert "agent conftest loaded" in seen and "--collect-only" in seen


def test_sample_limit_ends_the_session_and_scores_it_as_partial(log_dir: Path) -> None:
    # 1 system message + 2 per turn: the limit falls inside turn 4
    [log] = inspect_eval(
        stamina(script=MINI),
        model=model(bash(CREATE_CALC), say("Done.")),
        message_limit=9,
        log_dir=str(log_dir),
        display="none",
    )
    value, meta = score_of(log)
    assert meta["stopped_at"] is not None
    turns = meta["turns"]
    assert turns[-1]["turn"] == meta["stopped_at"] and turns[-1]["status"] == "limit"
    assert "sample message limit" in turns[-1]["error"]
    assert value["stamina"] < meta["stopped_at"]
    assert value["solved"] == 0.0
    # every finished turn is in the transcript as it ended, not only in the final store
    resolved = read_eval_log(log.location, resolve_attachments=True)
    assert resolved.samples
    events = [
        e
        for e in resolved.samples[0].events
        if isinstance(e, InfoEvent) and e.source == TURN_EVENT_SOURCE
    ]
    recorded = [str(e.data).split(" · ")[0] for e in events]
    assert recorded == [f"**Turn {t['turn']}" for t in turns]
    assert "limit" in str(events[-1].data)
    # and each turn's whole record, for a log recovered after a kill (no store, no score)
    assert turn_records(resolved.samples[0].events) == [TurnRecord(**t) for t in turns]


def test_context_overflow_is_its_own_turn_status(log_dir: Path) -> None:
    overflow = ModelOutput.from_content(
        "mockllm/model",
        "This model's maximum context length is 8192 tokens. However, you requested 9000.",
        stop_reason="model_length",
    )
    _, meta = score_of(run(model(overflow), log_dir, compaction="none"))
    first = meta["turns"][0]
    assert first["status"] == "context_overflow"
    assert first["reply"] == "" and "maximum context length" in first["error"]


def test_log_is_rescored_where_the_script_file_is_gone(log_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "mini"
    shutil.copytree(Path(MINI).parent, copy)
    [log] = inspect_eval(
        stamina(script=str(copy / "script.yaml")),
        model="stamina/oracle",
        log_dir=str(log_dir),
        display="none",
    )
    before, _ = score_of(log)
    shutil.rmtree(copy)
    out = tmp_path / "rescored.eval"
    result = subprocess.run(
        [
            "inspect",
            "score",
            log.location,
            "--scorer",
            "inspect_stamina/stamina_scorer",
            "--action",
            "overwrite",
            "--output-file",
            str(out),
            "--display",
            "none",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    after, _ = score_of(read_eval_log(str(out)))
    assert after.keys() == before.keys()
    for key, value in before.items():
        assert after[key] == value or (math.isnan(after[key]) and math.isnan(value)), key


def test_session_solver_composes_into_a_task_and_regressions_none_skips_reruns(
    log_dir: Path,
) -> None:
    # the Python API: the session solver in a Task of one's own, with no regression re-runs
    base = stamina(script=MINI)
    task = Task(
        dataset=base.dataset,
        solver=stamina_session(regressions="none"),
        scorer=stamina_scorer(),
        sandbox=base.sandbox,
    )
    breaks_add = f"{OPS} && sed -i 's/return a + b/return a - b/' calc/__init__.py"
    outputs = model(bash(CREATE_CALC), say("Done."), bash(breaks_add), say("Done."))
    [log] = inspect_eval(task, model=outputs, log_dir=str(log_dir), display="none")
    value, meta = score_of(log)
    # the break is never re-checked during the session; the acceptance tests still see it
    assert all(t["regressions"] == [] for t in meta["turns"])
    assert value["regressions"] == 0.0 and value["completion"] < 1.0


def test_epochs_reduce_the_dict_score_with_inspect_reducers(log_dir: Path) -> None:
    # pass^k on `solved` through Inspect's own reducer, from the command line
    result = inspect_eval_cli(
        "inspect_stamina/stamina",
        log_dir,
        "--model",
        "stamina/oracle",
        "-T",
        f"script={MINI}",
        "--epochs",
        "2",
        "--epochs-reducer",
        "mean,pass_k_2",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [info] = list_eval_logs(str(log_dir))
    results = read_eval_log(info, header_only=True).results
    assert results is not None
    solved = {s.reducer: s.metrics["mean"].value for s in results.scores if s.name == "solved"}
    assert solved == {"mean": 1.0, "pass_k_2": 1.0}


def test_disk_fill_is_bounded_and_the_session_goes_on(log_dir: Path) -> None:
    # writes past the workspace's size fail; the root is read-only; the session is scored
    fill = (
        "dd if=/dev/zero of=/workspace/big bs=1M count=200 2>&1 | grep -i space; "
        "touch /usr/evil 2>&1; touch /etc/evil 2>&1; df -m /workspace | tail -n 1"
    )
    outputs = [bash(f"{CREATE_CALC} && {fill}"), say("Done.")]
    log = run(model(*outputs), log_dir, workspace_size="64m")
    value, meta = score_of(log)
    assert log.samples
    seen = [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)][0]
    assert "No space left on device" in seen
    assert seen.count("Read-only file system") == 2
    assert [t["turn"] for t in meta["turns"]] == list(range(1, 7))
    assert meta["turns"][0]["checkpoints"][0]["passed"] is True  # calc was written first
    assert log.eval.metadata and log.eval.metadata["limits"]["workspace_size"] == "64m"


def units_check(needle: str) -> str:
    """A test script (not pytest) that passes when units.txt holds the word `needle`."""
    return (
        "import os, pathlib, sys\n"
        "units = pathlib.Path(os.environ['STAMINA_WORKSPACE']) / 'units.txt'\n"
        f"ok = units.is_file() and {needle!r} in units.read_text().split()\n"
        f"print('units ok' if ok else 'units lack {needle}')\n"
        "sys.exit(0 if ok else 1)\n"
    )


def two_turn_script(
    directory: Path, prompts: Sequence[object], checkpoints: Sequence[object]
) -> Path:
    """A two-turn script in directory with these prompts and checkpoints."""
    script = {
        "task_name": directory.name,
        "total_turns": 2,
        "programming_languages": ["python"],
        "narrative_script": [
            {
                "turn_range": [1, 2],
                "phase": "Setup",
                "user_prompts": list(prompts),
                "evaluation_checkpoints": list(checkpoints),
            }
        ],
    }
    path = directory / "script.yaml"
    path.write_text(yaml.safe_dump(script))
    return path


def runner_script(directory: Path) -> Path:
    """A two-turn script whose checkpoint runs its test with its own runner, not pytest."""
    (directory / "references").mkdir(parents=True)
    (directory / "references/turn_01.sh").write_text("echo km=1000 > units.txt\n")
    (directory / "tests").mkdir()
    (directory / "tests/check_units.py").write_text(units_check("km=1000"))
    prompts = [
        {"text": "Write units.txt with km=1000.", "reference": "references/turn_01.sh"},
        "Explain what you did in a few sentences, please, for the README.",
    ]
    checkpoint = {"at_turn": 1, "action": "run_tests", "test_file": "tests/check_units.py"}
    return two_turn_script(directory, prompts, [{**checkpoint, "runner": "python3 {test}"}])


@pytest.mark.parametrize(("model", "passes"), [("stamina/oracle", True), ("stamina/noop", False)])
def test_run_tests_with_its_own_runner(
    log_dir: Path, tmp_path: Path, model: str, passes: bool
) -> None:
    script = runner_script(tmp_path / "runner")
    [log] = inspect_eval(
        stamina(script=str(script)), model=model, log_dir=str(log_dir), display="none"
    )
    assert log.status == "success", log.error
    _, meta = score_of(log)
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is passes
    assert ("units ok" if passes else "units lack km=1000") in check["output"]


JUNIT_RUNNER = """\
import os, pathlib, subprocess, sys
from xml.sax.saxutils import quoteattr
junit, tests = sys.argv[1], sys.argv[2:]
cases = []
for test in tests:
    run = subprocess.run([sys.executable, test], capture_output=True, text=True)
    failure = ""
    if run.returncode:
        failure = f"<failure message={quoteattr(f'{run.stdout.strip()} (batch of {len(tests)})')}/>"
    cases.append(f'<testcase classname="{pathlib.Path(test).name}" name="check">{failure}</testcase>')
pathlib.Path(junit).write_text(f"<testsuites><testsuite>{''.join(cases)}</testsuite></testsuites>")
"""


def batched_runner_script(directory: Path) -> Path:
    """Two checkpoints of one batched runner ({junit}): a regression shares the due test's call."""
    (directory / "tests").mkdir(parents=True)
    (directory / "tests/junit_runner.py").write_text(JUNIT_RUNNER)
    (directory / "tests/check_km.py").write_text(units_check("km=1000"))
    (directory / "tests/check_m.py").write_text(units_check("m=1"))
    runner = "python3 {tests}/tests/junit_runner.py {junit} {test}"
    checkpoint = {"action": "run_tests", "runner": runner, "support": ["tests/junit_runner.py"]}
    prompts = [
        {"text": "Write units.txt with km=1000.", "reply": "Done."},
        {"text": "Now units.txt should say m=1.", "reply": "Done."},
    ]
    return two_turn_script(
        directory,
        prompts,
        [
            {**checkpoint, "at_turn": 1, "test_file": "tests/check_km.py"},
            {**checkpoint, "at_turn": 2, "test_file": "tests/check_m.py"},
        ],
    )


def test_a_batched_runner_reports_each_test_file(log_dir: Path, tmp_path: Path) -> None:
    # turn 2 overwrites units.txt with a typo: its own test and turn 1's (a regression)
    # fail in one runner call, and each gets its own result from the JUnit report
    script = batched_runner_script(tmp_path / "batched")
    agent = model(
        bash("echo km=1000 > units.txt"), say("Done."), bash("echo mm=1 > units.txt"), say("Done.")
    )
    [log] = inspect_eval(
        stamina(script=str(script)), model=agent, log_dir=str(log_dir), display="none"
    )
    assert log.status == "success", log.error
    value, meta = score_of(log)
    turn1, turn2 = meta["turns"]
    assert [c["passed"] for c in turn1["checkpoints"]] == [True]
    [own] = turn2["checkpoints"]
    assert not own["passed"] and "units lack m=1 (batch of 2)" in own["output"]
    assert turn2["regressions"] == ["turn 1: tests/check_km.py"]
    assert value["regressions"] == 1.0


def test_a_batched_runner_that_cannot_start_fails_its_checkpoints(tmp_path: Path) -> None:
    # no JUnit report at all (the runner died first): every file fails with its output
    script = batched_runner_script(tmp_path / "batched")
    (script.parent / "tests/junit_runner.py").write_text(
        "print('no runtime here')\nraise SystemExit(3)\n"
    )
    [log] = inspect_eval(stamina(script=str(script)), model="stamina/oracle", display="none")
    assert log.status == "success", log.error
    _, meta = score_of(log)
    [check] = meta["turns"][0]["checkpoints"]
    assert not check["passed"]
    assert "no test ran from this file" in check["output"] and "no runtime here" in check["output"]
