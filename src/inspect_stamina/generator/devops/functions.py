"""The ops helpers users ask for, their planted constants and renames, and the fenwright ones."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate, Plant

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
