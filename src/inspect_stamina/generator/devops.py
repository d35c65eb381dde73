"""The DevOps-tooling domain: the Python helpers behind an ops command line.

Durations, sizes, ports, config files, templates, log lines, retries and versions: the
parsing and formatting an ops tool is made of. Cases are Python source.
"""

from __future__ import annotations

from inspect_stamina.generator.model import (
    Change,
    CommandChange,
    CommandDefect,
    CommandTemplate,
    Defect,
    FunctionTemplate,
    Plant,
)

F = FunctionTemplate

TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "parse_duration",
        "timeparse",
        "text",
        "the number of seconds in a duration such as '1h30m', '45s' or '2d' (units d, h, m, s)",
        "    import re\n\n    units = {'d': 86400, 'h': 3600, 'm': 60, 's': 1}\n"
        "    parts = re.findall(r'(\\d+)([dhms])', text)\n"
        "    if not parts or ''.join(n + u for n, u in parts) != text:\n"
        "        raise ValueError(f'not a duration: {text!r}')\n"
        "    return sum(int(n) * units[u] for n, u in parts)",
        (("'1h30m'", "5400"), ("'45s'", "45"), ("'2d'", "172800")),
        raises=(("'soon'", "ValueError"),),
    ),
    F(
        "human_duration",
        "timeparse",
        "seconds",
        "a duration in seconds as text like '1h 2m 3s', leaving out zero parts ('0s' for zero)",
        "    hours, rest = divmod(seconds, 3600)\n    minutes, secs = divmod(rest, 60)\n"
        "    parts = [f'{v}{u}' for v, u in ((hours, 'h'), (minutes, 'm'), (secs, 's')) if v]\n"
        "    return ' '.join(parts) or '0s'",
        (("3723", "'1h 2m 3s'"), ("60", "'1m'"), ("0", "'0s'")),
    ),
    F(
        "format_bytes",
        "sizes",
        "size",
        "a byte count as text in binary units with one decimal: '512 B', '1.5 KiB', '2.0 MiB'",
        "    if size < 1024:\n        return f'{size} B'\n    value = float(size)\n"
        "    for unit in ('KiB', 'MiB', 'GiB', 'TiB'):\n        value /= 1024\n"
        "        if value < 1024 or unit == 'TiB':\n            return f'{value:.1f} {unit}'\n"
        "    return f'{value:.1f} TiB'",
        (("512", "'512 B'"), ("1536", "'1.5 KiB'"), ("2097152", "'2.0 MiB'")),
    ),
    F(
        "is_valid_port",
        "network",
        "value",
        "whether a value (an int or digits as text) is a TCP port number, 1 to 65535",
        "    text = str(value)\n    return text.isdigit() and 1 <= int(text) <= 65535",
        (("'8080'", "True"), ("443", "True"), ("'http'", "False")),
        defect=Defect(
            "    text = str(value)\n    return text.isdigit()",
            "0 or 70000",
            "they are accepted; a port is 1 to 65535",
            (("0", "False"), ("'70000'", "False")),
        ),
    ),
    F(
        "parse_host_port",
        "network",
        "address, default_port",
        "a (host, port) tuple from 'host:port', using default_port when the address has no port",
        "    host, sep, port = address.rpartition(':')\n    if not sep:\n"
        "        return address, default_port\n    return host, int(port)",
        (("'db:5432', 80", "('db', 5432)"), ("'example.com:8080', 80", "('example.com', 8080)")),
        defect=Defect(
            "    host, port = address.split(':')\n    return host, int(port)",
            "an address without a port, such as 'example.com'",
            "it crashes with ValueError; the default port should be used",
            (("'example.com', 80", "('example.com', 80)"),),
        ),
    ),
    F(
        "parse_env_file",
        "settings",
        "text",
        "a dict from KEY=value lines, skipping blank lines and # comments",
        "    values = {}\n    for line in text.splitlines():\n        line = line.strip()\n"
        "        if not line or line.startswith('#'):\n            continue\n"
        "        key, _, value = line.partition('=')\n        values[key.strip()] = value.strip()\n"
        "    return values",
        (("'A=1\\n# note\\n\\nB = two\\n'", "{'A': '1', 'B': 'two'}"),),
        defect=Defect(
            "    values = {}\n    for line in text.splitlines():\n        line = line.strip()\n"
            "        if not line or line.startswith('#'):\n            continue\n"
            "        key, value = line.split('=')[:2]\n        values[key.strip()] = value.strip()\n"
            "    return values",
            "a value that contains '=', such as 'URL=http://x/?a=1'",
            "the value is cut at the second '='; only the first one separates key and value",
            (("'URL=http://x/?a=1\\n'", "{'URL': 'http://x/?a=1'}"),),
        ),
    ),
    F(
        "env_flag",
        "settings",
        "value",
        "whether a configuration value means yes: 1, true, yes or on, in any case",
        "    return str(value).strip().lower() in ('1', 'true', 'yes', 'on')",
        (("'true'", "True"), ("'0'", "False"), ("'off'", "False")),
        defect=Defect(
            "    return value == 'true'",
            "'TRUE', 'yes' or '1'",
            "they count as no; 1, true, yes and on in any case all mean yes",
            (("'TRUE'", "True"), ("'yes'", "True"), ("'1'", "True")),
        ),
    ),
    F(
        "render_template",
        "settings",
        "text, values",
        "the text with every {{name}} placeholder replaced by values[name]",
        "    import re\n\n"
        "    return re.sub(r'\\{\\{\\s*(\\w+)\\s*\\}\\}', lambda m: str(values[m.group(1)]), text)",
        (("'port={{port}}', {'port': 80}", "'port=80'"), ("'x', {}", "'x'")),
        change=Change(
            "render_template should leave an unknown placeholder as it is instead of failing",
            "    import re\n\n    return re.sub(\n        r'\\{\\{\\s*(\\w+)\\s*\\}\\}',\n"
            "        lambda m: str(values.get(m.group(1), m.group(0))),\n        text,\n    )",
            (("'port={{port}} host={{host}}', {'port': 80}", "'port=80 host={{host}}'"),),
        ),
    ),
    F(
        "parse_log_line",
        "logs",
        "line",
        "a dict with 'time', 'level' and 'message' from a line like '2024-05-01 12:00:00 ERROR disk full'",
        "    date, time, level, message = (line.split(' ', 3) + ['', '', '', ''])[:4]\n"
        "    return {'time': f'{date} {time}', 'level': level, 'message': message}",
        (
            (
                "'2024-05-01 12:00:00 ERROR disk full'",
                "{'time': '2024-05-01 12:00:00', 'level': 'ERROR', 'message': 'disk full'}",
            ),
        ),
    ),
    F(
        "count_levels",
        "logs",
        "lines",
        "how many log lines there are per level (the third word of each line), as a dict",
        "    counts = {}\n    for line in lines:\n        words = line.split()\n"
        "        if len(words) >= 3:\n            counts[words[2]] = counts.get(words[2], 0) + 1\n"
        "    return counts",
        (("['d t ERROR x', 'd t INFO y', 'd t ERROR z']", "{'ERROR': 2, 'INFO': 1}"),),
        defect=Defect(
            "    counts = {}\n    for line in lines:\n        level = line.split()[2]\n"
            "        counts[level] = counts.get(level, 0) + 1\n    return counts",
            "a short or blank line in the log",
            "it crashes with IndexError; such lines should be skipped",
            (("['d t INFO y', '', 'oops']", "{'INFO': 1}"),),
        ),
    ),
    F(
        "backoff_delays",
        "retry",
        "base, tries",
        "the wait before each retry: base seconds, doubling every try",
        "    return [base * 2**i for i in range(tries)]",
        (("1, 4", "[1, 2, 4, 8]"), ("5, 0", "[]")),
        change=Change(
            "backoff_delays should never wait more than 60 seconds: cap every delay at 60",
            "    return [min(base * 2**i, 60) for i in range(tries)]",
            (("10, 5", "[10, 20, 40, 60, 60]"), ("5, 0", "[]")),
        ),
    ),
    F(
        "bump_version",
        "release",
        "version, part",
        "the semantic version with one part ('major', 'minor' or 'patch') increased",
        "    major, minor, patch = (int(p) for p in version.split('.'))\n    if part == 'major':\n"
        "        return f'{major + 1}.0.0'\n    if part == 'minor':\n"
        "        return f'{major}.{minor + 1}.0'\n    return f'{major}.{minor}.{patch + 1}'",
        (("'1.2.3', 'patch'", "'1.2.4'"), ("'0.9.9', 'major'", "'1.0.0'")),
        defect=Defect(
            "    major, minor, patch = (int(p) for p in version.split('.'))\n    if part == 'major':\n"
            "        return f'{major + 1}.0.0'\n    if part == 'minor':\n"
            "        return f'{major}.{minor + 1}.{patch}'\n    return f'{major}.{minor}.{patch + 1}'",
            "a minor bump such as ('1.2.3', 'minor')",
            "it gives 1.3.3; a minor bump resets the patch number to 0",
            (("'1.2.3', 'minor'", "'1.3.0'"),),
        ),
    ),
    F(
        "status_of",
        "network",
        "code",
        "'up' for an HTTP status below 400, 'degraded' for 4xx, 'down' for 5xx and above",
        "    if code < 400:\n        return 'up'\n    return 'degraded' if code < 500 else 'down'",
        (("200", "'up'"), ("404", "'degraded'"), ("503", "'down'")),
    ),
)

PLANTS = (
    Plant(
        "LEVELS",
        '("DEBUG", "INFO", "WARNING", "ERROR")',
        "log levels are always these four, in this order of severity",
        F(
            "level_rank",
            "logs",
            "level",
            "the severity rank of a log level in the order we agreed on (0 for the mildest)",
            "    return LEVELS.index(level.upper())",
            (("'debug'", "0"), ("'ERROR'", "3")),
            raises=(("'LOUD'", "ValueError"),),
        ),
    ),
    Plant(
        "RETENTION",
        "5",
        "rotated logs are kept the same number of times everywhere",
        F(
            "rotated_names",
            "logs",
            "name",
            "the names a log file rotates through, name.1 to name.N for the retention we agreed on",
            "    return [f'{name}.{i}' for i in range(1, RETENTION + 1)]",
            (("'app.log'", "['app.log.1', 'app.log.2', 'app.log.3', 'app.log.4', 'app.log.5']"),),
        ),
    ),
)

RENAMES = {
    "parse_duration": "duration_seconds",
    "format_bytes": "human_size",
    "parse_env_file": "read_env",
    "status_of": "health_of",
    "backoff_delays": "retry_delays",
}

# functions built on fenwright, the library shipped in the image (generator/library.py);
# each change needs another part of its API than the first body
_FENWRIGHT = "    import fenwright\n\n"
LIBRARY: tuple[FunctionTemplate, ...] = (
    F(
        "total_wait",
        "timeparse",
        "steps",
        "the total of a list of durations such as ['1m30s', '45s'] (units w, d, h, m, s) as "
        "text like '2m 15s', largest unit first, zero parts left out ('0s' for none)",
        _FENWRIGHT + "    return fenwright.tally(fenwright.CLOCK, steps).spell()",
        (
            ("['1m30s', '45s']", "'2m 15s'"),
            ("['1h', '90m', '30s']", "'2h 30m 30s'"),
            ("['2d', '1w']", "'1w 2d'"),
            ("[]", "'0s'"),
        ),
        raises=(("['5 minutes']", "ValueError"),),
        change=Change(
            "total_wait should give the total in hours with one decimal, like '2.5 h', "
            "however large or small it is (`fenwright` can express a measure in one unit)",
            _FENWRIGHT + "    return fenwright.tally(fenwright.CLOCK, steps).express('h')",
            (("['1h', '90m']", "'2.5 h'"), ("['2d']", "'48.0 h'"), ("[]", "'0.0 h'")),
            raises=(("['5 minutes']", "ValueError"),),
        ),
    ),
    F(
        "headroom",
        "sizes",
        "capacity, used",
        "the free space left when `used` of `capacity` is taken, both sizes such as '2GiB' "
        "or '512 MiB' (binary units B to TiB), as text in the largest unit of which there "
        "is a whole one, with one decimal: '1.5 GiB'",
        _FENWRIGHT
        + "    free = fenwright.reckon(fenwright.HOARD, capacity) - fenwright.reckon(fenwright.HOARD, used)\n"
        "    return free.express()",
        (
            ("'2GiB', '512MiB'", "'1.5 GiB'"),
            ("'1 MiB', '1000 KiB'", "'24.0 KiB'"),
            ("'1.5TiB', '512GiB'", "'1.0 TiB'"),
        ),
        raises=(("'lots', '1GiB'", "ValueError"),),
        change=Change(
            "headroom should raise ValueError when used is more than capacity instead of "
            "answering a negative size, and answer as a breakdown into whole units, largest "
            "first, like '1GiB 512MiB' (`fenwright` can spell a measure out)",
            _FENWRIGHT + "    total = fenwright.reckon(fenwright.HOARD, capacity)\n"
            "    taken = fenwright.reckon(fenwright.HOARD, used)\n"
            "    if taken > total:\n"
            "        raise ValueError(f'{used} is more than {capacity}')\n"
            "    return (total - taken).spell()",
            (("'2GiB', '512MiB'", "'1GiB 512MiB'"), ("'1 MiB', '1000 KiB'", "'24KiB'")),
            raises=(("'1GiB', '2GiB'", "ValueError"), ("'lots', '1GiB'", "ValueError")),
        ),
    ),
)


# -- the command line: it rotates logs, renders configs, checks services ---------------

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
