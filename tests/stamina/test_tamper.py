"""Tamper-proof grading: a hostile agent in the real Docker sandbox cannot forge a verdict,
read the hidden tests, run code on the host, or starve another sample.

Each case replays an attack of the audit (docs/security.md) on the mini script with a
scripted agent, and checks the attack failed for the stated reason, not by chance.
"""

from __future__ import annotations

import base64
import math
import secrets
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ChatMessageTool, get_model

from inspect_stamina.stamina.task import stamina
from tests.stamina.test_session_core import CREATE_CALC, IDLE
from tests.stamina.test_stamina_docker import MINI, bash, run, say, score_of

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

TEST_LINE = "assert add(2, 3) == 5"


def session(
    log_dir: Path, *outputs: Any, **task_args: Any
) -> tuple[Any, dict[str, float], dict[str, Any]]:
    """The mini script with a scripted agent (idle once its outputs are spent)."""
    model = get_model("mockllm/model", custom_outputs=[*outputs, *IDLE, *IDLE])
    log = run(model, log_dir, **task_args)
    value, meta = score_of(log)
    return log, value, meta


def tool_outputs(log: Any) -> list[str]:
    return [m.text for m in log.samples[0].messages if isinstance(m, ChatMessageTool)]


def write(path: str, text: str) -> str:
    """A bash command that writes a file of the agent's."""
    encoded = base64.b64encode(text.encode()).decode()
    return f"mkdir -p $(dirname {path}) && echo {encoded} | base64 -d > {path}"


def in_process_copy(tmp_path: Path) -> str:
    """The mini script with its pytest checks run in-process (test_isolation: in_process)."""
    copy = tmp_path / "mini_in_process"
    shutil.copytree(Path(MINI).parent, copy)
    script = yaml.safe_load((copy / "script.yaml").read_text())
    script["test_isolation"] = "in_process"
    (copy / "script.yaml").write_text(yaml.safe_dump(script, sort_keys=False))
    return str(copy / "script.yaml")


# the audit's forgery: a wrong add, and on import a no-op for pytest's JUnit failure
# writer, so that the process writing the report records every test as passed
FORGER = """
UNITS = {"m": 1.0, "km": 1000.0}


def add(a, b):
    return a - b


try:
    import _pytest.junitxml as junit

    junit._NodeReporter.append_failure = lambda self, report: None
    junit._NodeReporter.append_error = lambda self, report: None
except Exception:
    pass
"""


def test_a_wrong_solution_that_patches_the_report_fails(log_dir: Path) -> None:
    log, value, meta = session(log_dir, bash(write("calc/__init__.py", FORGER)), say("Done."))
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is False and "assert -1 == 5" in check["output"], check
    acceptance = meta["final"]["acceptance"]
    assert acceptance["passed_tests"] < acceptance["total_tests"]
    assert value["solved"] == 0.0


def test_an_in_process_run_that_patches_its_report_is_caught(log_dir: Path, tmp_path: Path) -> None:
    # the same forgery where tests and code must share a process: the canary catches it
    log, value, meta = session(
        log_dir,
        bash(write("calc/__init__.py", FORGER)),
        say("Done."),
        script=in_process_copy(tmp_path),
    )
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is False and check["tampered"] is True, check
    assert "tampered" in check["output"]
    assert meta["final"]["acceptance"]["tampered"] is True
    assert value["solved"] == 0.0


def test_an_in_process_run_of_honest_code_passes(log_dir: Path, tmp_path: Path) -> None:
    log, value, meta = session(
        log_dir, bash(CREATE_CALC), say("Done."), script=in_process_copy(tmp_path)
    )
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is True and check["tampered"] is False, check
    assert meta["final"]["acceptance"]["passed_tests"] == 1


# the agent's code, called by a check, reports whether it could read the tests: add is
# right only when it could not
PROBE_TESTS = """
import os

UNITS = {"m": 1.0, "km": 1000.0}


def add(a, b):
    for path in ("/opt/stamina/tests", "/opt/stamina/tests/tests/test_add.py"):
        try:
            os.listdir(path) if os.path.isdir(path) else open(path).read()
            return 0
        except OSError:
            pass
    return a + b
"""


def test_the_agents_code_cannot_read_the_tests_it_is_graded_by(log_dir: Path) -> None:
    log, value, meta = session(log_dir, bash(write("calc/__init__.py", PROBE_TESTS)), say("Done."))
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is True, check  # add was right: both reads were refused


# run by an in-process check (as the runner, which then can read its own tests): every
# channel the audit used, or could have, to hand the tests to the agent's next turn
LEAKER = """
import ctypes, glob, os, socket, subprocess

UNITS = {"m": 1.0, "km": 1000.0}


def add(a, b):
    return a + b


text = ""
for path in glob.glob("/opt/stamina/**/*.py", recursive=True):
    try:
        text += open(path).read()
    except OSError:
        pass
data = text.encode() or b"nothing readable"
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
segment = libc.shmget(0x5374616D, 1 << 20, 0o1000 | 0o666)
if segment >= 0:
    address = libc.shmat(segment, None, 0)
    ctypes.memmove(address, data, min(len(data), (1 << 20) - 1))
for target in ("/tmp/leak.txt", "/dev/shm/leak", "/var/tmp/leak", "/workspace/drop/leak.txt",
               "/workspace/drop.txt", "/home/agent/leak.txt"):
    try:
        with open(target, "ab") as handle:
            handle.write(data)
    except OSError:
        pass
subprocess.Popen(["sh", "-c", "sleep 600"], start_new_session=True)
"""
PREPARE_DROPS = (
    "mkdir -p drop && chmod 777 drop && touch drop.txt && chmod 666 drop.txt && "
    "chmod 777 /home/agent"
)
READ_LEAKS = (
    "python3 - <<'EOF'\n"
    "import ctypes\n"
    "libc = ctypes.CDLL(None)\n"
    "libc.shmat.restype = ctypes.c_void_p\n"
    "segment = libc.shmget(0x5374616D, 0, 0)\n"
    "print('segment', segment)\n"
    "if segment >= 0:\n"
    "    print(ctypes.string_at(libc.shmat(segment, None, 0), 4096))\n"
    "EOF\n"
    "cat /tmp/leak.txt /dev/shm/leak /var/tmp/leak drop/leak.txt drop.txt /home/agent/leak.txt 2>&1; "
    "ipcs; ps -eo user,args | grep 'sleep 600' | grep -v grep; echo looked"
)


def test_nothing_a_check_run_leaves_reaches_the_agent(log_dir: Path, tmp_path: Path) -> None:
    log, value, meta = session(
        log_dir,
        bash(f"{PREPARE_DROPS} && {write('calc/__init__.py', LEAKER)}"),
        say("Done."),
        bash(READ_LEAKS),
        say("Done."),
        script=in_process_copy(tmp_path),
    )
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is True, check  # the leaking code really ran in the check
    seen = tool_outputs(log)[1]
    assert "looked" in seen and "segment -1" in seen
    assert TEST_LINE not in seen and "def test_" not in seen
    assert "sleep 600" not in seen


JS_MINI = str(Path(__file__).parent / "fixtures" / "js_mini" / "script.yaml")
JS_FORGER = """\
import assert from "node:assert/strict";

// on import, make every assertion pass in whatever process loads this module
assert.deepStrictEqual = () => {};
assert.equal = () => {};

export function add(a, b) {
  return a - b;
}
"""


def test_a_wrong_javascript_solution_that_patches_assert_fails(log_dir: Path) -> None:
    # node's test runner runs as the checker: the agent's module loads in the runner's
    # process only, so its patch of node:assert reaches no test
    package = 'echo \'{"type": "module"}\' > package.json'
    outputs = [bash(f"{package} && {write('calc/index.js', JS_FORGER)}"), say("Done.")]
    log, value, meta = session(log_dir, *outputs, script=JS_MINI)
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is False and "-1" in check["output"], check
    acceptance = meta["final"]["acceptance"]
    assert acceptance["passed_tests"] == 0 and acceptance["total_tests"] == 1, acceptance
    assert value["solved"] == 0.0


def test_a_javascript_oracle_passes_through_the_proxy(log_dir: Path) -> None:
    value, meta = score_of(run("stamina/oracle", log_dir, script=JS_MINI))
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is True, check
    assert meta["final"]["acceptance"]["passed_tests"] == 1, meta["final"]
    assert value["solved"] == 1.0


def test_a_workspace_sitecustomize_never_runs_in_a_command_check(log_dir: Path) -> None:
    # turn 2's check prints to_metres(3, 'km'), expecting 3000.0: the agent wrote no
    # ops.py, and a sitecustomize (or usercustomize) that prints it must not pass the check
    forge = "import sys\nprint('3000.0')\nsys.stdout.flush()\n"
    outputs = [
        bash(
            f"{CREATE_CALC} && {write('sitecustomize.py', forge)} && {write('usercustomize.py', forge)}"
        ),
        say("Done."),
        bash("true"),
        say("Done."),
    ]
    log, value, meta = session(log_dir, *outputs)
    [check] = meta["turns"][1]["checkpoints"]
    assert check["passed"] is False and "3000.0" not in check["output"], check
    assert "No module named 'calc.ops'" in check["output"]


AUDIOOP = r"""
#include <stdio.h>
__attribute__((constructor)) static void pwn(void) {
    FILE *marker = fopen("MARKER", "w");
    if (marker) { fputs("ran", marker); fclose(marker); }
}
"""


def test_no_code_of_the_agents_runs_on_the_host(log_dir: Path, tmp_path: Path) -> None:
    # the audit's host takeover: an ELF audioop.so beside a module importing audioop ran
    # its constructor on the host while pylint analysed a host copy of the workspace
    marker = Path("/tmp") / f"stamina-host-pwned-{secrets.token_hex(6)}"
    source = tmp_path / "audioop.c"
    source.write_text(AUDIOOP.replace("MARKER", str(marker)))
    library = tmp_path / "audioop.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    encoded = base64.b64encode(library.read_bytes()).decode()
    plant = f"{CREATE_CALC} && printf 'import audioop\\n' > calc/main.py && echo {encoded} | base64 -d > calc/audioop.so"
    log, value, meta = session(log_dir, bash(plant), say("Done."))
    final = meta["final"]
    assert final["python_files"] >= 2 and final["pylint"] is not None  # it was analysed
    assert not marker.exists(), "the agent's extension module ran on the host"


def test_suppression_pragmas_and_filler_do_not_decide_code_quality(log_dir: Path) -> None:
    ugly = (
        "# pylint: skip-file\nimport subprocess\ndef run(x):\n"
        "    subprocess.call(x, shell=True)  # nosec\n    return eval(x)  # nosec\n"
    )
    filler = (
        "for i in $(seq 12); do head -c 1000000 /dev/zero | tr '\\0' '#' > calc/big_$i.py; done"
    )
    outputs = [bash(f"{CREATE_CALC} && {write('calc/risky.py', ugly)}"), say("Done.")]
    outputs += [say("Nothing to change.")] * 4
    outputs += [bash(f"{filler} && head -c 3000000 /dev/zero > notes.bin"), say("Done.")]
    log, value, meta = session(log_dir, *outputs)
    final = meta["final"]
    assert final["pragmas"] == 1 and final["bandit_issues"] >= 2
    assert final["pylint"] is not None and final["pylint"] < 10.0
    assert any("12 Python files of 256 KiB or more" in e for e in final["errors"]), final["errors"]
    assert not math.isnan(value["code_quality"]) and value["code_quality"] < 9.0
    assert final["acceptance"]["total_tests"] == 3  # the acceptance tests still ran


def test_the_sandbox_drops_capabilities_and_setuid(log_dir: Path) -> None:
    look = (
        "grep -E '^(CapEff|CapBnd|NoNewPrivs)' /proc/self/status; "
        "find / -xdev -perm /6000 -type f 2>/dev/null | head; "
        "su -c id root </dev/null 2>&1 | head -1; echo done"
    )
    log, value, meta = session(log_dir, bash(f"{CREATE_CALC} && {look}"), say("Done."))
    seen = tool_outputs(log)[0]
    assert "CapEff:\t0000000000000000" in seen and "NoNewPrivs:\t1" in seen, seen
    # root's bound in the sandbox: chown, dac_override, fowner, fsetid, kill, setgid,
    # setuid, audit_write (bits 0, 1, 3, 4, 5, 6, 7, 29)
    assert "CapBnd:\t00000000200000fb" in seen, seen
    assert "uid=0" not in seen and seen.strip().endswith("done")
    assert not [line for line in seen.splitlines() if line.startswith("/")], seen


def test_a_fork_bomb_in_one_sample_leaves_another_working(log_dir: Path) -> None:
    # the per-user process limit counts a user id across the host: each sandbox's users
    # have ids of their own, so sample B forks freely while A's agent holds all of its own
    bomb = "bomb() { bomb | bomb & }; bomb; sleep 40; echo launched"
    hostile = get_model("mockllm/model", custom_outputs=[bash(bomb), say("Done."), *IDLE, *IDLE])
    task_a = stamina(script=MINI, command_timeout=60)
    task_a.model = hostile
    task_b = stamina(script=MINI)
    task_b.model = get_model("stamina/oracle")
    logs = inspect_eval([task_a, task_b], log_dir=str(log_dir), display="none", max_tasks=2)
    by_model = {log.eval.model: log for log in logs}
    oracle = by_model["stamina/oracle"]
    assert oracle.status == "success", oracle.error
    value, meta = score_of(oracle)
    assert value["checkpoint_pass_rate"] == 1.0 and value["solved"] == 1.0, meta["turns"]
    outputs = tool_outputs(oracle)
    assert not any("Resource temporarily unavailable" in o for o in outputs), outputs
    bombed = tool_outputs(by_model["mockllm/model"])[0]
    assert "Resource temporarily unavailable" in bombed or "launched" in bombed


# a checkpoint test that runs the agent's own node program (a command-line tool) as a
# user would: it must run as the runner, as a plain node process, whose imports of its
# own modules are its own (the proxy is the test process's, never the program's)
JS_SPAWN_TEST = """\
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

const workspace = process.env.STAMINA_WORKSPACE ?? "/workspace";

describe("add.test.mjs", () => {
  test("the command line adds", () => {
    const run = spawnSync("node", ["cli.js", "2", "3"], { cwd: workspace, encoding: "utf8" });
    assert.equal(run.stderr, "");
    assert.deepStrictEqual(JSON.parse(run.stdout), { sum: 5, user: "runner", proxied: false });
  });
});
"""
JS_CLI = """\
import { userInfo } from "node:os";
import { add } from "./calc/index.js";

const proxied = Boolean(globalThis.__staminaAgent) || (process.env.NODE_OPTIONS ?? "").includes("js_proxy");
console.log(JSON.stringify({ sum: add(Number(process.argv[2]), Number(process.argv[3])), user: userInfo().username, proxied }));
"""


def test_a_program_a_javascript_test_starts_runs_plain_as_the_runner(
    log_dir: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "js_spawn"
    shutil.copytree(Path(JS_MINI).parent, copy)
    (copy / "tests" / "add.test.mjs").write_text(JS_SPAWN_TEST)
    package = 'echo \'{"type": "module"}\' > package.json'
    calc = "export function add(a, b) {\n  return a + b;\n}\n"
    files = [write("calc/index.js", calc), write("cli.js", JS_CLI)]
    outputs = [bash(" && ".join([package, *files])), say("Done.")]
    log, value, meta = session(log_dir, *outputs, script=str(copy / "script.yaml"))
    [check] = meta["turns"][0]["checkpoints"]
    assert check["passed"] is True, check
