"""The subcommands of the ops command line: it rotates logs, renders configs, checks services."""

from __future__ import annotations

from dataclasses import replace

from inspect_stamina.generator.model import CommandChange, CommandDefect, CommandTemplate

C = CommandTemplate
_LOGS = "logs = tmp_path / 'logs'\nlogs.mkdir()\n(logs / 'app.log').write_text('new\\n')\n"
_ROTATE = """\
    import os

    log = os.path.join(args.directory, args.name)
    size = os.path.getsize(log)
"""
_ROTATE_MOVE = """\
    prefix = args.name + '.'
    numbers = sorted(
        (int(entry[len(prefix):]) for entry in os.listdir(args.directory)
         if entry.startswith(prefix) and entry[len(prefix):].isdigit()),
        reverse=True,
    )
    # the oldest first, so that no rotated log is overwritten before it has moved on
    for number in numbers:
        if number >= args.keep:
            os.remove(f'{log}.{number}')
        else:
            os.replace(f'{log}.{number}', f'{log}.{number + 1}')
    os.replace(log, f'{log}.1')
    open(log, 'w', encoding='utf-8').close()
    print(f'rotated {args.name} ({format_bytes(size)})')
    return 0"""
_RENDER_OUT = """\
    _write(render_template(_read(args.template), values), args.output)
    return 0"""
_RENDER_IN = (
    "(tmp_path / 'app.conf.tpl').write_text('host={{HOST}}\\nport={{ PORT }}\\n')\n"
    "(tmp_path / '.env').write_text('# the database\\nHOST=db.local\\n\\nPORT=5432\\n')\n"
)
_CHECK = """\
    import socket

    timeout = parse_duration(args.timeout)
    down = 0
    for address in args.addresses:
        host, port = parse_host_port(address, 80)
        try:
            with socket.create_connection((host, port), timeout=timeout):
                state = 'up'
        except OSError:
            state, down = 'down', down + 1
        print(f'{address} {state}')
    return 1 if down else 0"""
_LISTENING = (
    "with socket.socket() as closed:\n"
    "    closed.bind(('127.0.0.1', 0))\n"
    "    gone = f'127.0.0.1:{closed.getsockname()[1]}'\n"
    "with socket.socket() as server:\n"
    "    server.bind(('127.0.0.1', 0))\n"
    "    server.listen()\n"
    "    up = f'127.0.0.1:{server.getsockname()[1]}'\n"
)
_LOG = (
    "(tmp_path / 'app.log').write_text(\n"
    "    '2024-05-01 12:00:00 INFO started\\n'\n"
    "    '2024-05-01 12:00:01 ERROR disk full\\n'\n"
    "    '2024-05-01 12:00:02 AUDIT login\\n'\n"
    "    '2024-05-01 12:00:03 INFO ready\\n'\n"
    "    '2024-05-01 12:00:04 WARNING slow\\n'\n"
    ")\n"
)

COMMANDS: tuple[CommandTemplate, ...] = (
    C(
        "rotate",
        "DIR [--name NAME] [--keep N]",
        "rotate a log file, keeping the newest rotated copies",
        "rotates the log DIR/NAME (NAME is app.log by default): every rotated NAME.i moves to "
        "NAME.(i+1), NAME itself becomes NAME.1 and a new empty NAME takes its place. At most N "
        "rotated files are kept (by default as many as we agreed on), older ones are deleted. It "
        "prints `rotated NAME (SIZE)`, SIZE being the old log's size as `format_bytes` writes it. "
        "A missing log is an error",
        ("format_bytes",),
        "sub.add_argument('directory')\nsub.add_argument('--name', default='app.log')\n"
        "sub.add_argument('--keep', type=int, default=RETENTION)",
        _ROTATE + _ROTATE_MOVE,
        (
            f"{_LOGS}(logs / 'app.log.1').write_text('one\\n')\n"
            "(logs / 'app.log.3').write_text('three\\n')\n"
            "result = run('rotate', logs)\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.strip() == 'rotated app.log (4 B)'\n"
            "assert (logs / 'app.log').read_text() == ''\n"
            "assert (logs / 'app.log.1').read_text() == 'new\\n'\n"
            "assert (logs / 'app.log.2').read_text() == 'one\\n'\n"
            "assert (logs / 'app.log.4').read_text() == 'three\\n'\n"
            "assert not (logs / 'app.log.3').exists()",
            f"{_LOGS}(logs / 'app.log.1').write_text('one\\n')\n"
            "result = run('rotate', logs, '--keep', '1')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert (logs / 'app.log.1').read_text() == 'new\\n'\n"
            "assert not (logs / 'app.log.2').exists()",
            f"{_LOGS}(logs / 'app.log.5').write_text('five\\n')\n"
            "result = run('rotate', logs)\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert not (logs / 'app.log.5').exists() and not (logs / 'app.log.6').exists()",
            "(tmp_path / 'web.log').write_text('')\n"
            "result = run('rotate', tmp_path, '--name', 'gone.log')\n"
            "assert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr\n"
            "assert (tmp_path / 'web.log').exists()",
        ),
        constants=("RETENTION",),
        defect=CommandDefect(
            _ROTATE
            + _ROTATE_MOVE.replace("        reverse=True,\n", "").replace(
                "    # the oldest first, so that no rotated log is overwritten before it has moved on\n",
                "",
            ),
            "two rotated logs already there, app.log.1 and app.log.2",
            "app.log.2 disappears and app.log.3 gets what was in app.log.1: the rotated logs "
            "overwrite each other. Each one must move down one place",
            (
                f"{_LOGS}(logs / 'app.log.1').write_text('one\\n')\n"
                "(logs / 'app.log.2').write_text('two\\n')\n"
                "result = run('rotate', logs, '--keep', '3')\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert [(logs / f'app.log.{i}').read_text() for i in (1, 2, 3)] == "
                "['new\\n', 'one\\n', 'two\\n']",
            ),
        ),
        change=CommandChange(
            "rotate should leave an empty log alone: when NAME is empty it prints `NAME is empty, "
            "nothing to rotate` and changes nothing",
            _ROTATE + "    if size == 0:\n"
            "        print(f'{args.name} is empty, nothing to rotate')\n        return 0\n"
            + _ROTATE_MOVE,
            (
                "logs = tmp_path / 'logs'\nlogs.mkdir()\n(logs / 'app.log').write_text('')\n"
                "(logs / 'app.log.1').write_text('one\\n')\n"
                "result = run('rotate', logs)\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert result.stdout.strip() == 'app.log is empty, nothing to rotate'\n"
                "assert (logs / 'app.log.1').read_text() == 'one\\n'\n"
                "assert not (logs / 'app.log.2').exists()",
            ),
        ),
    ),
    C(
        "render",
        "TEMPLATE --env FILE [-o OUT]",
        "render a config template from an env file",
        "reads the env file (KEY=value lines) and prints the template file with every {{KEY}} "
        "placeholder replaced by its value, or writes it to OUT with `-o`; a missing file is an "
        "error",
        ("parse_env_file", "render_template"),
        "sub.add_argument('template')\nsub.add_argument('--env', required=True)\n"
        "sub.add_argument('-o', '--output')",
        "    values = parse_env_file(_read(args.env))\n" + _RENDER_OUT,
        (
            f"{_RENDER_IN}result = run('render', tmp_path / 'app.conf.tpl', '--env', tmp_path / '.env')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout == 'host=db.local\\nport=5432\\n'",
            f"{_RENDER_IN}out = tmp_path / 'app.conf'\n"
            "result = run('render', tmp_path / 'app.conf.tpl', '--env', tmp_path / '.env', '-o', out)\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert out.read_text() == 'host=db.local\\nport=5432\\n'",
            f"{_RENDER_IN}result = run('render', tmp_path / 'app.conf.tpl', '--env', tmp_path / 'none.env')\n"
            "assert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr",
        ),
        change=CommandChange(
            "render should also take values from the process environment: a {{KEY}} the env file "
            "does not define gets the environment variable KEY (the env file wins when both have it)",
            "    import os\n\n"
            "    values = {**os.environ, **parse_env_file(_read(args.env))}\n" + _RENDER_OUT,
            (
                "(tmp_path / 'app.conf.tpl').write_text('stage={{STAGE}}\\nhost={{HOST}}\\n')\n"
                "(tmp_path / '.env').write_text('HOST=db.local\\n')\n"
                "result = run('render', tmp_path / 'app.conf.tpl', '--env', tmp_path / '.env', "
                "env={'STAGE': 'prod', 'HOST': 'elsewhere'})\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert result.stdout == 'stage=prod\\nhost=db.local\\n'",
            ),
        ),
    ),
    C(
        "check",
        "ADDRESS... [--timeout DURATION]",
        "check that services accept TCP connections",
        "tries a TCP connection to each HOST:PORT address (port 80 when it has none) and prints "
        "`ADDRESS up` or `ADDRESS down` for each, in the order given; it exits with 0 when every "
        "one is up and 1 otherwise. `--timeout` is a duration such as 2s or 1m (2s by default); "
        "a bad duration is an error",
        ("parse_host_port", "parse_duration"),
        "sub.add_argument('addresses', nargs='+')\nsub.add_argument('--timeout', default='2s')",
        _CHECK,
        (
            f"{_LISTENING}    result = run('check', up)\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.splitlines() == [f'{up} up']",
            f"{_LISTENING}result = run('check', gone, '--timeout', '1s')\n"
            "assert result.returncode == 1\n"
            "assert result.stdout.splitlines() == [f'{gone} down']",
            "result = run('check', '127.0.0.1:9', '--timeout', 'soon')\n"
            "assert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr",
        ),
        defect=CommandDefect(
            _CHECK.replace(
                "            state, down = 'down', down + 1\n        print(f'{address} {state}')\n"
                "    return 1 if down else 0",
                "            print(f'{address} down')\n            return 1\n"
                "        print(f'{address} {state}')\n    return 0",
            ).replace("    down = 0\n", ""),
            "a service that is down listed before one that is up",
            "it stops at the first service that is down and never checks the others; every "
            "address should get its line, and then the exit code is 1",
            (
                f"{_LISTENING}    result = run('check', gone, up, '--timeout', '1s')\n"
                "assert result.returncode == 1\n"
                "assert result.stdout.splitlines() == [f'{gone} down', f'{up} up']",
            ),
        ),
    ),
    C(
        "duration",
        "DURATION...",
        "durations in seconds and in words",
        "prints one line per duration such as 1h30m: `1h30m = 5400s (1h 30m)`, that is the "
        "duration, its seconds and the seconds as `human_duration` writes them; a text that is not "
        "a duration is an error",
        ("parse_duration", "human_duration"),
        "sub.add_argument('durations', nargs='+')",
        "    for text in args.durations:\n        seconds = parse_duration(text)\n"
        "        print(f'{text} = {seconds}s ({human_duration(seconds)})')\n    return 0",
        (
            "result = run('duration', '1h30m', '45s')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.splitlines() == ['1h30m = 5400s (1h 30m)', '45s = 45s (45s)']",
            "result = run('duration', 'soon')\n"
            "assert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr",
        ),
    ),
    C(
        "levels",
        "LOGFILE",
        "how many log lines there are per level",
        "reads the log file and prints how many lines it has per level, one `LEVEL COUNT` line "
        "each: the levels we agreed on first, most severe first, then any other level in "
        "alphabetical order",
        ("count_levels",),
        "sub.add_argument('logfile')",
        "    counts = count_levels(_read(args.logfile).splitlines())\n"
        "    ours = [level for level in reversed(LEVELS) if level in counts]\n"
        "    others = sorted(level for level in counts if level not in LEVELS)\n"
        "    for level in ours + others:\n        print(f'{level} {counts[level]}')\n    return 0",
        (
            f"{_LOG}result = run('levels', tmp_path / 'app.log')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.splitlines() == ['ERROR 1', 'WARNING 1', 'INFO 2', 'AUDIT 1']",
        ),
        constants=("LEVELS",),
    ),
)


# Version 3's `check` tests hold the "down" port bound (never listening) while the command
# runs: a port merely closed before the run can be taken meanwhile by any process that
# listens (a parallel test's server, the case's own `up`), and then it is up.
_DOWN = (
    "    closed.bind(('127.0.0.1', 0))  # bound, never listening: a connection is refused\n"
    "    gone = f'127.0.0.1:{closed.getsockname()[1]}'\n"
)
_UP = (
    "    server.bind(('127.0.0.1', 0))\n"
    "    server.listen()\n"
    "    up = f'127.0.0.1:{server.getsockname()[1]}'\n"
)


def _steady_check(published: CommandTemplate) -> CommandTemplate:
    """The `check` command with tests whose down port stays down while the command runs."""
    assert published.defect is not None
    return replace(
        published,
        cases=(
            f"with socket.socket() as server:\n{_UP}    result = run('check', up)\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.splitlines() == [f'{up} up']",
            f"with socket.socket() as closed:\n{_DOWN}"
            "    result = run('check', gone, '--timeout', '1s')\n"
            "assert result.returncode == 1\n"
            "assert result.stdout.splitlines() == [f'{gone} down']",
            published.cases[2],  # a bad duration: no socket
        ),
        defect=replace(
            published.defect,
            cases=(
                f"with socket.socket() as closed, socket.socket() as server:\n{_DOWN}{_UP}"
                "    result = run('check', gone, up, '--timeout', '1s')\n"
                "assert result.returncode == 1\n"
                "assert result.stdout.splitlines() == [f'{gone} down', f'{up} up']",
            ),
        ),
    )


REVISED_COMMANDS: tuple[CommandTemplate, ...] = (
    _steady_check(next(c for c in COMMANDS if c.name == "check")),
)
