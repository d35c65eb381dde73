"""Where a check run's files go in the sandbox, the environments its programs get, and the
root script around the driver (``RUN_SCRIPT``): what ``checks.py`` hands to one sandbox call.

The root script:

1. stops every process of the agent, the checker and the runner; removes their IPC
   objects; takes the write bits for others off the agent's files (and any ACL with
   them), so nothing a check runs can leave a message for the agent; lists the
   workspace (its manifest) and copies its source files out when asked, as the agent
   left it;
2. places the benchmark's files: the pytest files the checker runs in TESTS_DIR (group
   ``checker``), the files in-process runs need in INPROC_DIR (group ``runner``), and,
   when the sandbox does not hold this version's, the harness programs (``harness/``,
   root's, world-readable, kept for the sandbox's next check runs);
3. starts the broker (``harness/broker.py``), through which the checker starts programs
   as ``runner``, and the warm pytest servers (``harness/warm_pytest.py``: the checker's,
   and the runner's when the run has in-process tests) when none runs yet, then the
   driver (``harness/driver.py``) as ``checker``;
4. ends every process of both check users, their IPC objects and every file they made,
   and removes the placed files but the harness.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import py_compile
import shlex
import tempfile
from pathlib import Path

from inspect_stamina.stamina.harness import driver
from inspect_stamina.stamina.sandbox import (
    AGENT_USER,
    CHECK_RUN_COPY_BYTES,
    CHECKER_USER,
    MANIFEST_SCRIPT,
    RUNNER_USER,
    STAMINA_DIR,
    TESTS_DIR,
    WORKSPACE,
    copy_script,
    stop_user,
)

MANIFEST_BEGIN, MANIFEST_END = "@@STAMINA_MANIFEST@@", "@@STAMINA_MANIFEST_END@@"
COPY_BEGIN, COPY_END = "@@STAMINA_COPY@@", "@@STAMINA_COPY_END@@"
HARNESS_SOURCE = Path(driver.__file__).parent
HARNESS_DIR = f"{STAMINA_DIR}/harness"
INPROC_DIR = f"{STAMINA_DIR}/inproc"
SHARE_DIR = f"{STAMINA_DIR}/share"
BROKER_DIR = "/run/stamina-broker"
BROKER = f"{BROKER_DIR}/sock"
# the warm pytest servers (``harness/warm_pytest.py``): root's, kept across check runs;
# the checker's, and the runner's for in-process tests
WARM_DIR = "/run/stamina-warm"
WARM_PYTEST = f"{WARM_DIR}/sock"
WARM_INPROC_DIR = "/run/stamina-warm-inproc"
WARM_INPROC = f"{WARM_INPROC_DIR}/sock"
SPEC_NAME = "_stamina_spec.json"
# the root script's answer when the run was sent without the harness and the sandbox
# does not hold this digest's (a new sandbox, or another version of the package)
HARNESS_MISSING = "@@STAMINA_HARNESS_MISSING@@"


@functools.cache
def harness_files() -> dict[str, bytes]:
    """The harness's files by their path under HARNESS_DIR, with each Python module's
    byte code beside it."""
    # Nothing in a check run may write byte code, so each process compiled every module
    # it imported (about 25 ms in all).
    # The byte code is checked against its source's hash, so a sandbox Python of
    # another minor version (another cache tag or magic number) compiles as before.
    files: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as compiled:
        for path in sorted(HARNESS_SOURCE.iterdir()):
            if path.suffix not in (".py", ".mjs") or path.name == "__init__.py":
                continue
            files[path.name] = path.read_bytes()
            if path.suffix == ".py":
                cached = importlib.util.cache_from_source(path.name)
                target = Path(compiled, Path(cached).name)
                py_compile.compile(
                    str(path),
                    cfile=str(target),
                    dfile=f"{HARNESS_DIR}/{path.name}",
                    doraise=True,
                    invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
                )
                files[cached] = target.read_bytes()
    return files


@functools.cache
def harness_digest() -> str:
    """What identifies this package's harness files: a sandbox that holds another
    digest (or none) is sent them."""
    digest = hashlib.sha256()
    for name, data in sorted(harness_files().items()):
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def harness_main(module: str) -> str:
    """`python3 -c` code running a harness module's main() imported, not as a script:
    an imported module's byte code is read, a script is always compiled."""
    code = f"import sys; sys.path.insert(0, {HARNESS_DIR!r}); import {module}; {module}.main()"
    return shlex.quote(code)


def trusted_conftest(
    harness: str,
    workspace: str,
    tests: str,
    broker: str | None,
    shared_tmp: str,
    warm: str | None = None,
) -> str:
    """The checker's pytest conftest: the agent's code is called in the runner's process,
    never run in this one (``harness/agent_proxy.py``); the Python scripts its tests start
    fork from the runner's warm server ``warm`` when it answers."""
    return f"""\
import sys

sys.path.insert(0, {harness!r})

import agent_proxy  # noqa: E402
import pytest  # noqa: E402

_AGENT = agent_proxy.install(
    workspace={workspace!r},
    tests={tests!r},
    broker={broker!r},
    shared_tmp={shared_tmp!r},
    warm={warm!r},
)


@pytest.fixture
def tmp_path(tmp_path):
    agent_proxy.share(str(tmp_path))
    return tmp_path


def pytest_sessionfinish(session, exitstatus):
    _AGENT.close()
"""


# in-process tests (as the runner): the workspace importable, ahead of site-packages
INPROC_CONFTEST = f"""\
import os, sys

sys.path.insert(0, {WORKSPACE!r})
os.environ["PYTHONPATH"] = {WORKSPACE!r}
"""
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
TEST_ENV = {
    "PATH": SYSTEM_PATH,
    # the runner's home, so that paths the tests build from it match the agent's code's
    "HOME": f"/home/{RUNNER_USER}",
    "TMPDIR": SHARE_DIR,
    "LANG": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "STAMINA_WORKSPACE": WORKSPACE,
}
# the runner's: no user site, no workspace on the path (a sitecustomize there never loads)
COMMAND_ENV = {**TEST_ENV, "PYTHONNOUSERSITE": "1"}
# node's test runner as the checker: every test file process loads the JavaScript proxy
JS_PROXY_OPTIONS = f"--import=file://{HARNESS_DIR}/js_proxy.mjs"
NODE_TEST_ENV = {**TEST_ENV, "NODE_OPTIONS": JS_PROXY_OPTIONS, "STAMINA_BROKER": BROKER}


# where a check user can write: the world-writable system directories, the shared
# directory, the check users' homes, and the agent's trees (whose world-writable sticky
# directories stay so)
CHECKER_WRITABLE_SYSTEM = ("/tmp", "/var/tmp", "/run/lock", "/dev/shm", "/dev/mqueue")
_AGENT_TREES = f"{WORKSPACE} /tmp /var/tmp /dev/shm /dev/mqueue /home/{AGENT_USER}"
CHECK_WRITABLE = " ".join([*CHECKER_WRITABLE_SYSTEM, WORKSPACE, f"/home/{AGENT_USER}", SHARE_DIR])
# the container's IPC objects: when there is any at all (rarely), every object of the
# three users goes. The shell reads the kernel's lists itself (a header line, then a
# line per object; a list it cannot read counts as holding one): ipcs and grep were two
# programs on every check run
_IPC_CLEAN = (
    "ipc=0\n"
    "for list in /proc/sysvipc/msg /proc/sysvipc/sem /proc/sysvipc/shm; do\n"
    '  if [ ! -r "$list" ] || { read -r line && read -r line; } < "$list"; then ipc=1; fi\n'
    "done\n"
    '[ "$ipc" = 1 ] && {\n'
    + "".join(
        f"  runuser -u {user} -- ipcrm --all 2>/dev/null\n"
        for user in (AGENT_USER, CHECKER_USER, RUNNER_USER)
    )
    + "}\n"
)
# the runner's process limit, asked of a login of the runner once per sandbox (it does
# not change) and kept where only root writes
NPROC_FILE = "/run/stamina-nproc"


def _stop_users(*users: str) -> str:
    """stop_user for each, skipped at once when none of them runs anything (one pgrep)."""
    kills = "".join(stop_user(user) for user in users)
    return f"pgrep -u {','.join(users)} >/dev/null && {{\n{kills}}}\n"


RUN_SCRIPT = f"""
set -u
# the harness stays placed across the sandbox's check runs, root's and read-only to the
# others (its digest beside it); a run sent without it finds this version's or asks
placed=
[ -O {HARNESS_DIR}/.digest ] && read -r placed < {HARNESS_DIR}/.digest
if [ "${{STAMINA_HARNESS:-}}" != sent ] && [ "$placed" != "${{STAMINA_HARNESS_DIGEST:-}}" ]; then
  echo {HARNESS_MISSING}; exit 0
fi
{_stop_users(AGENT_USER, CHECKER_USER, RUNNER_USER)}
{_IPC_CLEAN}
# no file of the agent's is writable by another user: the check users cannot leave a
# message in it (the group bit too, which also caps any ACL entry a file carries)
find {_AGENT_TREES} -xdev \\( -perm -o=w -o -perm -g=w \\) ! -type l ! \\( -type d -perm -1000 \\) \\
  -exec chmod go-w {{}} + 2>/dev/null
rm -rf {TESTS_DIR} {INPROC_DIR} {SHARE_DIR} {BROKER_DIR}
if [ "${{STAMINA_HARNESS:-}}" = sent ]; then rm -rf {HARNESS_DIR}; fi
mkdir -p {TESTS_DIR} {INPROC_DIR} {HARNESS_DIR} && chmod 755 {STAMINA_DIR} \\
  && base64 -d | tar -x --no-same-owner --no-same-permissions -C {STAMINA_DIR} \\
  && chown -R root:{CHECKER_USER} {TESTS_DIR} && chmod -R u=rwX,g=rX,o= {TESTS_DIR} \\
  && chown -R root:{RUNNER_USER} {INPROC_DIR} && chmod -R u=rwX,g=rX,o= {INPROC_DIR} \\
  && {{ [ "${{STAMINA_HARNESS:-}}" != sent ] || {{ chown -R root:root {HARNESS_DIR} \\
    && chmod -R u=rwX,go=rX {HARNESS_DIR} \\
    && echo "$STAMINA_HARNESS_DIGEST" > {HARNESS_DIR}/.digest; }}; }} \\
  && mkdir -m 0777 {SHARE_DIR} && mkdir -m 0750 {BROKER_DIR} && chown root:{CHECKER_USER} {BROKER_DIR} \\
  || echo "could not place the benchmark's tests" >&2
# the runner's programs get the process limit a login of the runner gets (Docker's
# per-user ulimit, or Kubernetes' limits.d through runuser's PAM session); the broker
# starts now so that its start overlaps the listing and copy below
nproc=
[ -O {NPROC_FILE} ] && read -r nproc < {NPROC_FILE}
if [ -z "$nproc" ]; then
  nproc="$(runuser -u {RUNNER_USER} -- bash -c 'ulimit -u')"
  rm -f {NPROC_FILE}; echo "$nproc" > {NPROC_FILE}
fi
python3 -I -c {harness_main("broker")} {BROKER} {SHARE_DIR} "$nproc" "${{STAMINA_AGENT_HOST:-0}}" &
broker=$!
# a warm pytest server (DIR ROLE), when none runs: this run's pytest starts cold, the
# next ones fork from it (it outlives the run, as root's; the check users' processes do not)
warm_start() {{
  warm=$(cat "$1/pid" 2>/dev/null)
  if [ -z "$warm" ] || ! kill -0 "$warm" 2>/dev/null; then
    rm -rf "$1"; mkdir -m 0750 "$1"; chown root:{CHECKER_USER} "$1"
    cp {HARNESS_DIR}/warm_pytest.py {HARNESS_DIR}/broker.py {HARNESS_DIR}/broker_wire.py \\
      {HARNESS_DIR}/shared_dir.py {HARNESS_DIR}/fresh_child.py "$1/"
    (cd / && exec setsid python3 -I -B "$1/warm_pytest.py" "$1/sock" "$nproc" "$2" {SHARE_DIR}) \
      </dev/null >/dev/null 2>&1 &
    echo $! > "$1/pid"
  fi
}}
warm_start {WARM_DIR} {CHECKER_USER}
# the runner's, with the web framework imported, when a run has tests: in-process tests
# fork from it, and so do the Python scripts the checker's tests start (a test's server)
[ "${{STAMINA_WARM_RUNNER:-0}}" = 1 ] && warm_start {WARM_INPROC_DIR} {RUNNER_USER}
cd {WORKSPACE} 2>/dev/null || cd /
# the workspace as the agent left it (its processes stopped), each saving the turn a
# call: its source files for the host's rules and probes, then its manifest; both before
# the driver's output and in base64, so no name the agent chose can fake a marker
if [ "${{STAMINA_COPY:-0}}" = 1 ] && [ "$PWD" = {WORKSPACE} ]; then
  echo {COPY_BEGIN}; python3 -I -c {shlex.quote(copy_script(CHECK_RUN_COPY_BYTES))} 2>/dev/null
  echo {COPY_END}
fi
if [ "${{STAMINA_MANIFEST:-0}}" = 1 ] && [ "$PWD" = {WORKSPACE} ]; then
  echo {MANIFEST_BEGIN}; bash -c {shlex.quote(MANIFEST_SCRIPT)} 2>/dev/null | base64 -w0
  echo; echo {MANIFEST_END}
fi
# the driver and the programs it starts wait for the broker to listen (as_runner.connect)
runuser -u {CHECKER_USER} -- env -i PATH="{SYSTEM_PATH}" LANG=C.UTF-8 HOME=/home/{RUNNER_USER} \\
  TMPDIR={SHARE_DIR} python3 -I -S -c {harness_main("driver")} \\
  {TESTS_DIR}/{SPEC_NAME}
status=$?
kill -9 $broker 2>/dev/null
{_stop_users(CHECKER_USER, RUNNER_USER)}
{_IPC_CLEAN}
# everything a check user made, its home's contents included (the agent may read a
# home directory, so a copy of a test must not stay there either). They can write only
# to these places (tests/test_images.py checks the image): a full walk of / would cost
# more than the rest of the check run
find {CHECK_WRITABLE} -xdev \\( -user {CHECKER_USER} -o -user {RUNNER_USER} \\) -delete 2>/dev/null
find /home/{CHECKER_USER} /home/{RUNNER_USER} -mindepth 1 -delete 2>/dev/null
chmod 700 /home/{CHECKER_USER}; chmod 755 /home/{RUNNER_USER}
rm -rf {TESTS_DIR} {INPROC_DIR} {SHARE_DIR} {BROKER_DIR}
exit $status
"""
