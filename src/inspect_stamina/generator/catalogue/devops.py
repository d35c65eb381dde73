"""More functions of the devops domain, asked for from generator version 3 on.

Network addresses and ports, versions, cron schedules, HTTP details, retries, masking
secrets, env files, timestamps, sizes, settings, releases and health checks; then log lines,
clock and latency arithmetic, rate limits, config drift, DNS names, IPv4 ranges, systemd
units, image references, Kubernetes quantities and selectors, HTTP headers, exit statuses,
shell quoting, file modes, disk usage, alerts, error budgets, processes, git refs,
changelogs and rollouts: each summary states every property its cases, raises and defect
cases check. More of them (metrics, certificates, backups, inventories, balancing...) are in
`devops_fleet.py` beside this module, added to MORE_TEMPLATES at its end.
"""

from __future__ import annotations

from inspect_stamina.generator.catalogue.devops_fleet import FLEET_TEMPLATES
from inspect_stamina.generator.model import Change, Defect, FunctionTemplate

F = FunctionTemplate

MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "compare_versions",
        "versions",
        "a, b",
        "-1, 0 or 1 as version a is older than, equal to or newer than version b, comparing the "
        "dot-separated numbers left to right, a missing part counting as 0 ('1.2' equals "
        "'1.2.0')",
        "    left = [int(p) for p in a.split('.')]\n"
        "    right = [int(p) for p in b.split('.')]\n"
        "    width = max(len(left), len(right))\n"
        "    left += [0] * (width - len(left))\n"
        "    right += [0] * (width - len(right))\n"
        "    return (left > right) - (left < right)",
        (
            ("'1.2.3', '1.2.4'", "-1"),
            ("'1.10.0', '1.9.3'", "1"),
            ("'2.0.0', '2.0.0'", "0"),
        ),
        defect=Defect(
            "    left = tuple(int(p) for p in a.split('.'))\n"
            "    right = tuple(int(p) for p in b.split('.'))\n"
            "    return (left > right) - (left < right)",
            "versions with a different number of parts, such as '1.2' and '1.2.0'",
            "they do not compare as equal; a missing part counts as 0",
            (
                ("'1.2', '1.2.0'", "0"),
                ("'2.0.0', '2'", "0"),
                ("'1.3', '1.2.9'", "1"),
            ),
        ),
    ),
    F(
        "parse_semver",
        "versions",
        "text",
        "a (major, minor, patch) tuple of ints from a version such as '1.4.2' or 'v1.4.2', "
        "raising ValueError unless it is exactly three dot-separated numbers after the optional "
        "'v'",
        "    import re\n\n"
        "    match = re.fullmatch(r'v?(\\d+)\\.(\\d+)\\.(\\d+)', text)\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a version: {text!r}')\n"
        "    major, minor, patch = (int(g) for g in match.groups())\n"
        "    return major, minor, patch",
        (
            ("'1.4.2'", "(1, 4, 2)"),
            ("'v0.10.0'", "(0, 10, 0)"),
        ),
        raises=(
            ("'1.4'", "ValueError"),
            ("'1.4.2.7'", "ValueError"),
            ("'1.x.2'", "ValueError"),
        ),
        change=Change(
            "parse_semver should also accept a version with the minor or patch number left out, "
            "counting it as 0 ('1.4' gives (1, 4, 0), 'v2' gives (2, 0, 0)); four parts or "
            "anything but numbers still raise ValueError",
            "    import re\n\n"
            "    match = re.fullmatch(r'v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?', text)\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a version: {text!r}')\n"
            "    major, minor, patch = (int(g or 0) for g in match.groups())\n"
            "    return major, minor, patch",
            (
                ("'1.4'", "(1, 4, 0)"),
                ("'v2'", "(2, 0, 0)"),
                ("'1.4.2'", "(1, 4, 2)"),
            ),
            raises=(
                ("'1.4.2.7'", "ValueError"),
                ("'1.x'", "ValueError"),
            ),
        ),
    ),
    F(
        "version_satisfies",
        "versions",
        "version, constraint",
        "whether a version such as '1.4.1' meets every comma-separated condition of a "
        "constraint like '>=1.2,<2.0' (operators ==, !=, >=, <=, >, <), comparing number by "
        "number with missing parts as 0",
        "    import operator\n"
        "    import re\n\n"
        "    tests = {'==': operator.eq, '!=': operator.ne, '>=': operator.ge,\n"
        "             '<=': operator.le, '>': operator.gt, '<': operator.lt}\n"
        "    for condition in constraint.split(','):\n"
        "        match = re.fullmatch(r'\\s*(==|!=|>=|<=|>|<)\\s*(\\d+(?:\\.\\d+)*)\\s*', condition)\n"
        "        if match is None:\n"
        "            raise ValueError(f'not a condition: {condition!r}')\n"
        "        mine = [int(p) for p in version.split('.')]\n"
        "        theirs = [int(p) for p in match.group(2).split('.')]\n"
        "        width = max(len(mine), len(theirs))\n"
        "        mine += [0] * (width - len(mine))\n"
        "        theirs += [0] * (width - len(theirs))\n"
        "        if not tests[match.group(1)](mine, theirs):\n"
        "            return False\n"
        "    return True",
        (
            ("'1.4.1', '>=1.2.0,<2.0'", "True"),
            ("'2.1.0', '>=1.2.0,<2.0'", "False"),
            ("'1.3.0', '!=1.3.0'", "False"),
            ("'1.4.1', '==1.4.1'", "True"),
        ),
        defect=Defect(
            "    import operator\n\n"
            "    tests = {'==': operator.eq, '!=': operator.ne, '>=': operator.ge,\n"
            "             '<=': operator.le, '>': operator.gt, '<': operator.lt}\n"
            "    for condition in constraint.split(','):\n"
            "        condition = condition.strip()\n"
            "        op = condition[:2] if condition[:2] in tests else condition[:1]\n"
            "        if not tests[op](version, condition[len(op):].strip()):\n"
            "            return False\n"
            "    return True",
            "a version like '1.10.0' against '>=1.9', or '1.2' against '==1.2.0'",
            "the answer is wrong; versions compare number by number, a missing part counting as 0",
            (
                ("'1.10.0', '>=1.9'", "True"),
                ("'1.2', '==1.2.0'", "True"),
            ),
        ),
    ),
    F(
        "cidr_contains",
        "network",
        "network, address",
        "whether an IPv4 or IPv6 address lies inside a CIDR block such as '10.0.0.0/12' or "
        "'fd00::/8' (prefix length in bits), False when the address and block are of different "
        "IP versions",
        "    import ipaddress\n\n"
        "    block = ipaddress.ip_network(network, strict=False)\n"
        "    ip = ipaddress.ip_address(address)\n"
        "    if ip.version != block.version:\n"
        "        return False\n"
        "    return ip in block",
        (
            ("'10.0.0.0/8', '10.2.3.4'", "True"),
            ("'192.168.1.0/24', '192.168.2.1'", "False"),
            ("'10.0.0.0/8', '::1'", "False"),
        ),
        defect=Defect(
            "    base, bits = network.split('/')\n"
            "    keep = int(bits) // 8\n"
            "    return address.split('.')[:keep] == base.split('.')[:keep]",
            "a prefix that is not a whole number of octets, such as 10.0.0.0/12, or an IPv6 block",
            "the answer is wrong; the prefix length counts bits, and IPv6 blocks work too",
            (
                ("'10.0.0.0/12', '10.20.0.1'", "False"),
                ("'172.16.0.0/12', '172.31.255.1'", "True"),
                ("'fd00::/8', 'fd12:3456::1'", "True"),
            ),
        ),
    ),
    F(
        "format_host_port",
        "network",
        "host, port",
        "'host:port' text for a host and a port, an IPv6 host (one containing ':') put in "
        "square brackets unless it already is, like '[::1]:8080'",
        "    if ':' in host and not host.startswith('['):\n"
        "        host = f'[{host}]'\n"
        "    return f'{host}:{port}'",
        (
            ("'db', 5432", "'db:5432'"),
            ("'10.0.0.1', 80", "'10.0.0.1:80'"),
        ),
        defect=Defect(
            "    return f'{host}:{port}'",
            "an IPv6 host such as '::1'",
            "the port cannot be told apart from the address; an IPv6 host goes in square brackets",
            (
                ("'::1', 8080", "'[::1]:8080'"),
                ("'fe80::1', 443", "'[fe80::1]:443'"),
            ),
        ),
    ),
    F(
        "is_private_ip",
        "network",
        "address",
        "whether an address is in a private or loopback range (10.0.0.0/8, 172.16.0.0/12, "
        "192.168.0.0/16, 127.0.0.0/8, fc00::/7 or ::1), False for text that is not an IP "
        "address",
        "    import ipaddress\n\n"
        "    try:\n"
        "        ip = ipaddress.ip_address(address)\n"
        "    except ValueError:\n"
        "        return False\n"
        "    ranges = ('10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8',\n"
        "              'fc00::/7', '::1/128')\n"
        "    for text in ranges:\n"
        "        block = ipaddress.ip_network(text)\n"
        "        if block.version == ip.version and ip in block:\n"
        "            return True\n"
        "    return False",
        (
            ("'10.1.2.3'", "True"),
            ("'192.168.0.5'", "True"),
            ("'8.8.8.8'", "False"),
            ("'localhost'", "False"),
        ),
        defect=Defect(
            "    return address.startswith(('10.', '172.', '192.168.', '127.'))",
            "'172.32.0.1', or an IPv6 address such as 'fd00::1'",
            "the answer is wrong; only 172.16.0.0/12 is private there, and IPv6 private and "
            "loopback addresses count too",
            (
                ("'172.32.0.1'", "False"),
                ("'fd00::1'", "True"),
                ("'::1'", "True"),
            ),
        ),
    ),
    F(
        "parse_port_range",
        "network",
        "spec",
        "the sorted ports, without repeats, of a spec such as '80', '8000-8003' (both ends "
        "included) or '80,443,8000-8001', raising ValueError for a port outside 1-65535, a "
        "backwards range or any other text",
        "    ports = set()\n"
        "    for part in spec.split(','):\n"
        "        start, _, end = part.strip().partition('-')\n"
        "        first, last = int(start), int(end or start)\n"
        "        if not 1 <= first <= last <= 65535:\n"
        "            raise ValueError(f'bad port range: {part!r}')\n"
        "        ports.update(range(first, last + 1))\n"
        "    return sorted(ports)",
        (
            ("'80'", "[80]"),
            ("'443,80,443'", "[80, 443]"),
        ),
        raises=(
            ("'0'", "ValueError"),
            ("'70000'", "ValueError"),
            ("'90-80'", "ValueError"),
            ("'http'", "ValueError"),
        ),
        defect=Defect(
            "    ports = set()\n"
            "    for part in spec.split(','):\n"
            "        start, _, end = part.strip().partition('-')\n"
            "        first, last = int(start), int(end or start)\n"
            "        if not 1 <= first <= last <= 65535:\n"
            "            raise ValueError(f'bad port range: {part!r}')\n"
            "        if end:\n"
            "            ports.update(range(first, last))\n"
            "        else:\n"
            "            ports.add(first)\n"
            "    return sorted(ports)",
            "a range such as '8000-8003'",
            "its last port is missing; both ends of a range are included",
            (
                ("'8000-8003'", "[8000, 8001, 8002, 8003]"),
                ("'80,8080-8081'", "[80, 8080, 8081]"),
            ),
        ),
    ),
    F(
        "expand_cron_field",
        "cron",
        "field, low, high",
        "the sorted values from low to high that a cron field such as '*', '1-5', '*/15' (every "
        "15th value from low) or '1,15,30' stands for, raising ValueError for a value outside "
        "low to high or other text",
        "    values = set()\n"
        "    for part in field.split(','):\n"
        "        if part.startswith('*/'):\n"
        "            values.update(range(low, high + 1, int(part[2:])))\n"
        "        elif part == '*':\n"
        "            values.update(range(low, high + 1))\n"
        "        else:\n"
        "            start, _, end = part.partition('-')\n"
        "            first, last = int(start), int(end or start)\n"
        "            if not low <= first <= last <= high:\n"
        "                raise ValueError(f'{part!r} is outside {low}-{high}')\n"
        "            values.update(range(first, last + 1))\n"
        "    return sorted(values)",
        (
            ("'*/15', 0, 59", "[0, 15, 30, 45]"),
            ("'1-5', 0, 6", "[1, 2, 3, 4, 5]"),
            ("'30,1,15', 0, 59", "[1, 15, 30]"),
            ("'*', 1, 3", "[1, 2, 3]"),
        ),
        raises=(
            ("'60', 0, 59", "ValueError"),
            ("'0-7', 0, 6", "ValueError"),
            ("'x', 0, 59", "ValueError"),
        ),
        defect=Defect(
            "    values = set()\n"
            "    for part in field.split(','):\n"
            "        if part.startswith('*/'):\n"
            "            values.update(range(0, high + 1, int(part[2:])))\n"
            "        elif part == '*':\n"
            "            values.update(range(low, high + 1))\n"
            "        else:\n"
            "            start, _, end = part.partition('-')\n"
            "            first, last = int(start), int(end or start)\n"
            "            if not low <= first <= last <= high:\n"
            "                raise ValueError(f'{part!r} is outside {low}-{high}')\n"
            "            values.update(range(first, last + 1))\n"
            "    return sorted(values)",
            "a step in a field that starts at 1, such as '*/2' for months (1 to 12)",
            "the values count from 0 (0, 2, 4 and so on), and 0 is not even a month; a step "
            "counts from the field's lowest value",
            (
                ("'*/2', 1, 12", "[1, 3, 5, 7, 9, 11]"),
                ("'*/10', 1, 31", "[1, 11, 21, 31]"),
            ),
        ),
    ),
    F(
        "is_valid_cron",
        "cron",
        "expression",
        "whether a cron line has five fields (minute 0-59, hour 0-23, day 1-31, month 1-12, "
        "weekday 0-6), each '*', '*/n' or comma-separated numbers and ranges 'a-b' within those "
        "bounds",
        "    import re\n\n"
        "    bounds = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 6))\n"
        "    fields = expression.split()\n"
        "    if len(fields) != 5:\n"
        "        return False\n"
        "    for field, (low, high) in zip(fields, bounds):\n"
        "        for part in field.split(','):\n"
        "            if part == '*' or re.fullmatch(r'\\*/[1-9]\\d*', part):\n"
        "                continue\n"
        "            match = re.fullmatch(r'(\\d+)(?:-(\\d+))?', part)\n"
        "            if match is None:\n"
        "                return False\n"
        "            first, last = int(match.group(1)), int(match.group(2) or match.group(1))\n"
        "            if not low <= first <= last <= high:\n"
        "                return False\n"
        "    return True",
        (
            ("'*/5 * * * *'", "True"),
            ("'0 3 * * 1-5'", "True"),
            ("'0 24 * * *'", "False"),
            ("'* * * *'", "False"),
            ("'0 0 1,15 * mon'", "False"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    bounds = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 6))\n"
            "    fields = expression.split()\n"
            "    if len(fields) != 5:\n"
            "        return False\n"
            "    for field, (low, high) in zip(fields, bounds):\n"
            "        for part in field.split(','):\n"
            "            if part == '*' or re.fullmatch(r'\\*/[1-9]\\d*', part):\n"
            "                continue\n"
            "            match = re.fullmatch(r'(\\d+)(?:-(\\d+))?', part)\n"
            "            if match is None:\n"
            "                return False\n"
            "            first, last = int(match.group(1)), int(match.group(2) or match.group(1))\n"
            "            if not first <= last <= high:\n"
            "                return False\n"
            "    return True",
            "a day or month of 0, such as '0 0 0 * *'",
            "it is accepted; days and months start at 1",
            (
                ("'0 0 0 * *'", "False"),
                ("'0 0 1 0 *'", "False"),
                ("'0 0 1 1 0'", "True"),
            ),
        ),
    ),
    F(
        "in_maintenance_window",
        "cron",
        "time, window",
        "whether a 24-hour time 'HH:MM' falls in a window such as '02:00-04:00' (start "
        "included, end excluded), a window whose end is earlier than its start running past "
        "midnight",
        "    def minutes(text):\n"
        "        hours, _, mins = text.strip().partition(':')\n"
        "        return int(hours) * 60 + int(mins)\n\n"
        "    start, _, end = window.partition('-')\n"
        "    now, first, last = minutes(time), minutes(start), minutes(end)\n"
        "    if first <= last:\n"
        "        return first <= now < last\n"
        "    return now >= first or now < last",
        (
            ("'03:00', '02:00-04:00'", "True"),
            ("'04:00', '02:00-04:00'", "False"),
            ("'02:00', '02:00-04:00'", "True"),
            ("'12:00', '22:00-02:00'", "False"),
        ),
        defect=Defect(
            "    start, _, end = window.partition('-')\n    return start <= time < end",
            "a window over midnight, such as '22:00-02:00'",
            "nothing is ever inside it; it runs from 22:00 to 02:00 the next morning",
            (
                ("'23:30', '22:00-02:00'", "True"),
                ("'01:15', '22:00-02:00'", "True"),
                ("'02:00', '22:00-02:00'", "False"),
            ),
        ),
    ),
    F(
        "cron_every",
        "cron",
        "minutes",
        "a cron line running a job every `minutes` minutes: '*/n * * * *' when n is below 60 "
        "and divides 60, '0 */h * * *' when n is h whole hours and h divides 24; ValueError for "
        "any other n, 0 included",
        "    if 0 < minutes < 60 and 60 % minutes == 0:\n"
        "        return f'*/{minutes} * * * *'\n"
        "    hours, rest = divmod(minutes, 60)\n"
        "    if minutes > 0 and rest == 0 and 24 % hours == 0:\n"
        "        return f'0 */{hours} * * *'\n"
        "    raise ValueError(f'cron cannot run a job every {minutes} minutes')",
        (
            ("5", "'*/5 * * * *'"),
            ("15", "'*/15 * * * *'"),
            ("120", "'0 */2 * * *'"),
            ("60", "'0 */1 * * *'"),
        ),
        raises=(
            ("7", "ValueError"),
            ("0", "ValueError"),
            ("90", "ValueError"),
            ("600", "ValueError"),
        ),
        change=Change(
            "cron_every should also take whole days: a multiple of 1440 minutes, d days, gives "
            "'0 0 */d * *' (so 1440 gives '0 0 */1 * *'); the other rules stay as they are",
            "    if 0 < minutes < 60 and 60 % minutes == 0:\n"
            "        return f'*/{minutes} * * * *'\n"
            "    if minutes > 0 and minutes % 1440 == 0:\n"
            "        return f'0 0 */{minutes // 1440} * *'\n"
            "    hours, rest = divmod(minutes, 60)\n"
            "    if minutes > 0 and rest == 0 and 24 % hours == 0:\n"
            "        return f'0 */{hours} * * *'\n"
            "    raise ValueError(f'cron cannot run a job every {minutes} minutes')",
            (
                ("1440", "'0 0 */1 * *'"),
                ("2880", "'0 0 */2 * *'"),
                ("30", "'*/30 * * * *'"),
                ("360", "'0 */6 * * *'"),
            ),
            raises=(
                ("7", "ValueError"),
                ("2000", "ValueError"),
            ),
        ),
    ),
    F(
        "should_retry",
        "retry",
        "status",
        "whether a request that got this HTTP status is worth retrying: True for 408, 429 and "
        "every 5xx status except 501, False for anything else",
        "    if status in (408, 429):\n"
        "        return True\n"
        "    return 500 <= status <= 599 and status != 501",
        (
            ("503", "True"),
            ("500", "True"),
            ("404", "False"),
            ("200", "False"),
        ),
        defect=Defect(
            "    return status >= 500",
            "429 Too Many Requests, 408 or 501",
            "the answer is wrong; 408 and 429 are retried, and 501 Not Implemented never is",
            (
                ("429", "True"),
                ("408", "True"),
                ("501", "False"),
            ),
        ),
    ),
    F(
        "retry_after_seconds",
        "retry",
        "value",
        "the seconds to wait from a Retry-After header value that is a whole number such as "
        "'120' (spaces around it allowed), or None when the value is empty, negative or not a "
        "whole number",
        "    text = value.strip()\n"
        "    if not (text.isascii() and text.isdigit()):\n"
        "        return None\n"
        "    return int(text)",
        (
            ("'120'", "120"),
            ("' 30 '", "30"),
            ("'0'", "0"),
        ),
        defect=Defect(
            "    return int(value)",
            "an empty, negative or non-numeric value such as '', '-5' or 'soon'",
            "it crashes with ValueError or answers a negative wait; it should answer None",
            (
                ("''", "None"),
                ("'soon'", "None"),
                ("'-5'", "None"),
                ("'1.5'", "None"),
            ),
        ),
    ),
    F(
        "circuit_state",
        "retry",
        "results, threshold",
        "'open' when the last `threshold` results of a list of call outcomes (True for success) "
        "are all failures, else 'closed' (also when there are fewer than threshold results)",
        "    if threshold <= 0 or len(results) < threshold:\n"
        "        return 'closed'\n"
        "    recent = results[len(results) - threshold:]\n"
        "    return 'closed' if any(recent) else 'open'",
        (
            ("[True, False, False, False], 3", "'open'"),
            ("[False, True], 3", "'closed'"),
            ("[True, True], 2", "'closed'"),
            ("[], 1", "'closed'"),
        ),
        defect=Defect(
            "    return 'open' if results.count(False) >= threshold else 'closed'",
            "failures that are not all at the end, such as [False, False, True, False] with "
            "threshold 3",
            "the circuit opens; only the last threshold results count, and a success among them "
            "keeps it closed",
            (
                ("[False, False, True, False], 3", "'closed'"),
                ("[False, False, True], 2", "'closed'"),
            ),
        ),
    ),
    F(
        "status_class",
        "http",
        "code",
        "the class of an HTTP status code: 'informational' (1xx), 'success' (2xx), 'redirect' "
        "(3xx), 'client error' (4xx) or 'server error' (5xx), raising ValueError for a code "
        "outside 100-599",
        "    names = ('informational', 'success', 'redirect', 'client error', 'server error')\n"
        "    if not 100 <= code <= 599:\n"
        "        raise ValueError(f'not an HTTP status: {code}')\n"
        "    return names[code // 100 - 1]",
        (
            ("200", "'success'"),
            ("301", "'redirect'"),
            ("404", "'client error'"),
            ("503", "'server error'"),
            ("100", "'informational'"),
        ),
        raises=(
            ("99", "ValueError"),
            ("600", "ValueError"),
        ),
        change=Change(
            "status_class should answer the short form instead, the class digit followed by "
            "'xx' such as '2xx' or '5xx', still raising ValueError outside 100-599",
            "    if not 100 <= code <= 599:\n"
            "        raise ValueError(f'not an HTTP status: {code}')\n"
            "    return f'{code // 100}xx'",
            (
                ("204", "'2xx'"),
                ("599", "'5xx'"),
                ("100", "'1xx'"),
            ),
            raises=(
                ("600", "ValueError"),
                ("42", "ValueError"),
            ),
        ),
    ),
    F(
        "parse_query_string",
        "http",
        "query",
        "a dict from a URL query such as '?env=prod&q=disk%20full' (the '?' optional): "
        "percent-escapes decoded, '+' read as a space, '' for a key without '=', the last value "
        "winning for a repeated key",
        "    from urllib.parse import unquote_plus\n\n"
        "    values = {}\n"
        "    for pair in query.removeprefix('?').split('&'):\n"
        "        if not pair:\n"
        "            continue\n"
        "        key, _, value = pair.partition('=')\n"
        "        values[unquote_plus(key)] = unquote_plus(value)\n"
        "    return values",
        (
            ("'?env=prod&tier=web'", "{'env': 'prod', 'tier': 'web'}"),
            ("'debug&env=dev&env=prod'", "{'debug': '', 'env': 'prod'}"),
            ("''", "{}"),
        ),
        defect=Defect(
            "    values = {}\n"
            "    for pair in query.removeprefix('?').split('&'):\n"
            "        if pair:\n"
            "            key, _, value = pair.partition('=')\n"
            "            values[key] = value\n"
            "    return values",
            "percent-escapes or '+' in a value, such as 'q=disk%20full'",
            "they come back undecoded; values are decoded and '+' means a space",
            (
                ("'q=disk%20full'", "{'q': 'disk full'}"),
                ("'q=a+b&path=%2Fvar%2Flog'", "{'q': 'a b', 'path': '/var/log'}"),
            ),
        ),
        change=Change(
            "parse_query_string should keep every value of a repeated key: answer a dict of "
            "lists, one list per key holding its values in order (so 'tag=a&tag=b' gives ['a', "
            "'b'] for 'tag', and a single value is a list of one)",
            "    from urllib.parse import unquote_plus\n\n"
            "    values = {}\n"
            "    for pair in query.removeprefix('?').split('&'):\n"
            "        if not pair:\n"
            "            continue\n"
            "        key, _, value = pair.partition('=')\n"
            "        values.setdefault(unquote_plus(key), []).append(unquote_plus(value))\n"
            "    return values",
            (
                ("'tag=a&tag=b&env=prod'", "{'tag': ['a', 'b'], 'env': ['prod']}"),
                ("'?q=disk%20full&debug'", "{'q': ['disk full'], 'debug': ['']}"),
                ("''", "{}"),
            ),
        ),
    ),
    F(
        "join_url",
        "http",
        "base, *parts",
        "base followed by each of the parts, joined by exactly one '/' however many slashes "
        "they start or end with, empty parts skipped and no trailing '/'",
        "    url = base.rstrip('/')\n"
        "    for part in parts:\n"
        "        part = part.strip('/')\n"
        "        if part:\n"
        "            url = f'{url}/{part}'\n"
        "    return url",
        (
            ("'https://x.io', 'v1', 'users'", "'https://x.io/v1/users'"),
            ("'https://x.io'", "'https://x.io'"),
        ),
        defect=Defect(
            "    return '/'.join((base, *parts))",
            "a base or part with slashes of its own, such as 'https://x.io/' and '/v1/', or an "
            "empty part",
            "the URL gets double slashes; parts are joined by exactly one '/' and empty ones "
            "skipped",
            (
                ("'https://x.io/', '/v1/', 'users/'", "'https://x.io/v1/users'"),
                ("'https://x.io/api/', 'health'", "'https://x.io/api/health'"),
                ("'https://x.io', '', 'health'", "'https://x.io/health'"),
            ),
        ),
    ),
    F(
        "parse_basic_auth",
        "http",
        "header",
        "the (user, password) pair in an Authorization header value such as 'Basic "
        "YWRtaW46czNjcmV0' (scheme in any case, base64 of user:password split at the first "
        "':'), or None for another scheme",
        "    import base64\n\n"
        "    scheme, _, token = header.strip().partition(' ')\n"
        "    if scheme.lower() != 'basic':\n"
        "        return None\n"
        "    decoded = base64.b64decode(token.strip()).decode('utf-8')\n"
        "    user, _, password = decoded.partition(':')\n"
        "    return user, password",
        (
            ("'Basic YWRtaW46czNjcmV0'", "('admin', 's3cret')"),
            ("'Bearer abc.def'", "None"),
            ("'basic YWRtaW46czNjcmV0'", "('admin', 's3cret')"),
        ),
        defect=Defect(
            "    import base64\n\n"
            "    scheme, _, token = header.partition(' ')\n"
            "    if scheme.lower() != 'basic':\n"
            "        return None\n"
            "    user, password = base64.b64decode(token).decode().split(':')\n"
            "    return user, password",
            "a password that contains ':'",
            "it crashes with ValueError; only the first ':' separates user and password",
            (("'Basic ZGVwbG95OnBhOnNz'", "('deploy', 'pa:ss')"),),
        ),
    ),
    F(
        "mask_secrets",
        "redact",
        "text",
        "the text with the value (up to the next whitespace) of every KEY=value whose key "
        "contains PASSWORD, SECRET, TOKEN or KEY, in any case, replaced by '***'",
        "    import re\n\n"
        "    words = ('PASSWORD', 'SECRET', 'TOKEN', 'KEY')\n\n"
        "    def hide(match):\n"
        "        key = match.group(1)\n"
        "        if any(word in key.upper() for word in words):\n"
        "            return f'{key}=***'\n"
        "        return match.group(0)\n\n"
        "    return re.sub(r'(\\w+)=(\\S*)', hide, text)",
        (
            ("'DB_PASSWORD=hunter2 USER=bob'", "'DB_PASSWORD=*** USER=bob'"),
            ("'API_KEY=abc123 REGION=eu'", "'API_KEY=*** REGION=eu'"),
            ("'nothing here'", "'nothing here'"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    words = ('PASSWORD', 'SECRET', 'TOKEN', 'KEY')\n\n"
            "    def hide(match):\n"
            "        key = match.group(1)\n"
            "        if any(word in key for word in words):\n"
            "            return f'{key}=***'\n"
            "        return match.group(0)\n\n"
            "    return re.sub(r'(\\w+)=(\\S*)', hide, text)",
            "a key in lowercase or mixed case, such as 'api_token=abc'",
            "the secret is left in clear; keys match in any case",
            (
                ("'api_token=abc USER=bob'", "'api_token=*** USER=bob'"),
                ("'Secret=xyz'", "'Secret=***'"),
            ),
        ),
        change=Change(
            "mask_secrets should also hide the values of keys that contain AUTH or CREDENTIAL "
            "(still in any case)",
            "    import re\n\n"
            "    words = ('PASSWORD', 'SECRET', 'TOKEN', 'KEY', 'AUTH', 'CREDENTIAL')\n\n"
            "    def hide(match):\n"
            "        key = match.group(1)\n"
            "        if any(word in key.upper() for word in words):\n"
            "            return f'{key}=***'\n"
            "        return match.group(0)\n\n"
            "    return re.sub(r'(\\w+)=(\\S*)', hide, text)",
            (
                (
                    "'AUTH_HEADER=xyz GCP_CREDENTIALS=/k.json PORT=80'",
                    "'AUTH_HEADER=*** GCP_CREDENTIALS=*** PORT=80'",
                ),
                ("'db_password=hunter2'", "'db_password=***'"),
                ("'USER=bob'", "'USER=bob'"),
            ),
        ),
    ),
    F(
        "redact_url",
        "redact",
        "url",
        "the URL with the password of its 'user:password@' credentials, before the host, "
        "replaced by '***', and a URL without a password, even one with an '@' later on, "
        "unchanged",
        "    import re\n\n"
        "    match = re.match(r'([A-Za-z][\\w+.-]*://)([^/?#]*)@', url)\n"
        "    if match is None:\n"
        "        return url\n"
        "    user, colon, _ = match.group(2).partition(':')\n"
        "    if not colon:\n"
        "        return url\n"
        "    return f'{match.group(1)}{user}:***@{url[match.end():]}'",
        (
            ("'postgres://app:s3cret@db:5432/main'", "'postgres://app:***@db:5432/main'"),
            ("'https://example.com/health'", "'https://example.com/health'"),
            ("'https://deploy@git.example.com/repo'", "'https://deploy@git.example.com/repo'"),
        ),
        defect=Defect(
            "    import re\n\n    return re.sub(r'://([^:/]+):[^@]+@', r'://\\1:***@', url)",
            "a port and an '@' later on, as in 'https://host:8443/?to=ops@example.com', or an "
            "empty user, as in 'redis://:pw@cache:6379'",
            "the URL is mangled or the password left in clear; only the password in the "
            "credentials before the host is masked",
            (
                (
                    "'https://host:8443/?to=ops@example.com'",
                    "'https://host:8443/?to=ops@example.com'",
                ),
                ("'redis://:pw@cache:6379'", "'redis://:***@cache:6379'"),
            ),
        ),
    ),
    F(
        "mask_token",
        "redact",
        "token, visible",
        "the token with every character but the last `visible` replaced by '*', and entirely "
        "'*' when it has no more than `visible` characters",
        "    if len(token) <= visible:\n"
        "        return '*' * len(token)\n"
        "    hidden = len(token) - visible\n"
        "    return '*' * hidden + token[hidden:]",
        (
            ("'sk_live_12345678', 4", "'************5678'"),
            ("'abcdef', 2", "'****ef'"),
        ),
        defect=Defect(
            "    return '*' * (len(token) - visible) + token[-visible:]",
            "visible 0, or a token no longer than visible, such as ('abc', 4)",
            "the whole token shows in clear; then every character should be masked",
            (
                ("'abcdef', 0", "'******'"),
                ("'abc', 4", "'***'"),
                ("'abcd', 4", "'****'"),
            ),
        ),
    ),
    F(
        "parse_logfmt",
        "logs",
        "line",
        "a dict from a logfmt line such as 'level=info msg=\"disk full\" took=12ms', a "
        "double-quoted value keeping its spaces (without the quotes), raising ValueError for a "
        "word without '='",
        "    import shlex\n\n"
        "    values = {}\n"
        "    for item in shlex.split(line):\n"
        "        key, sep, value = item.partition('=')\n"
        "        if not sep:\n"
        "            raise ValueError(f'not key=value: {item!r}')\n"
        "        values[key] = value\n"
        "    return values",
        (
            ("'level=info took=12ms'", "{'level': 'info', 'took': '12ms'}"),
            ("''", "{}"),
        ),
        raises=(("'level=info oops'", "ValueError"),),
        defect=Defect(
            "    values = {}\n"
            "    for item in line.split():\n"
            "        key, sep, value = item.partition('=')\n"
            "        if not sep:\n"
            "            raise ValueError(f'not key=value: {item!r}')\n"
            "        values[key] = value\n"
            "    return values",
            'a quoted value, such as msg="disk full"',
            "it crashes with ValueError or keeps the quotes; a double-quoted value is one "
            "value, without its quotes",
            (
                (
                    "'level=error msg=\"disk full\" took=3ms'",
                    "{'level': 'error', 'msg': 'disk full', 'took': '3ms'}",
                ),
                ("'msg=\"\"'", "{'msg': ''}"),
            ),
        ),
    ),
    F(
        "syslog_priority",
        "logs",
        "line",
        "the (facility, severity) pair of a syslog line starting with a priority such as "
        "'<34>', which is facility * 8 + severity, or None when the line does not start with "
        "'<', digits and '>'",
        "    import re\n\n"
        "    match = re.match(r'<(\\d{1,3})>', line)\n"
        "    if match is None:\n"
        "        return None\n"
        "    facility, severity = divmod(int(match.group(1)), 8)\n"
        "    return facility, severity",
        (
            ("'<34>Oct 11 22:14:15 web su: auth failed'", "(4, 2)"),
            ("'<13>hello'", "(1, 5)"),
            ("'no priority here'", "None"),
        ),
        defect=Defect(
            "    if not line.startswith('<'):\n"
            "        return None\n"
            "    facility, severity = divmod(int(line[1:3]), 8)\n"
            "    return facility, severity",
            "a priority that is not two digits long, such as '<165>' or '<0>'",
            "it is misread or it crashes; the priority is all the digits between '<' and '>'",
            (
                ("'<165>1 2024-05-01T12:00:00Z host app - - ready'", "(20, 5)"),
                ("'<0>kernel panic'", "(0, 0)"),
            ),
        ),
    ),
    F(
        "parse_env_line",
        "env",
        "line",
        "the (key, value) of an env file line such as 'export KEY=\"a b\" # note': 'export ' "
        "dropped, a single- or double-quoted value kept whole without its quotes, others cut at "
        "' #'; None for blank, comment or '='-less lines",
        "    line = line.strip()\n"
        "    if not line or line.startswith('#'):\n"
        "        return None\n"
        "    if '=' not in line:\n"
        "        return None\n"
        "    key, _, value = line.removeprefix('export ').partition('=')\n"
        "    value = value.strip()\n"
        "    if value[:1] in ('\"', \"'\"):\n"
        "        end = value.find(value[0], 1)\n"
        "        return key.strip(), value[1:end] if end > 0 else value[1:]\n"
        "    return key.strip(), value.split(' #', 1)[0].strip()",
        (
            ("'export KEY=\"a b\" # note'", "('KEY', 'a b')"),
            ("'PORT=8080'", "('PORT', '8080')"),
            ("\"NAME='web app'\"", "('NAME', 'web app')"),
            ("'# comment'", "None"),
            ("''", "None"),
            ("'oops'", "None"),
        ),
        defect=Defect(
            "    line = line.strip()\n"
            "    if not line or line.startswith('#') or '=' not in line:\n"
            "        return None\n"
            "    key, _, value = line.removeprefix('export ').partition('=')\n"
            "    return key.strip(), value.split('#')[0].strip().strip('\"\\'')",
            "a '#' inside quotes or not after a space, such as PASS=\"a#b\" or URL=http://x/#top",
            "the value is cut at the '#'; only ' #' after an unquoted value starts a comment",
            (
                ("'PASS=\"a#b\"'", "('PASS', 'a#b')"),
                ("'URL=http://x/#top'", "('URL', 'http://x/#top')"),
            ),
        ),
        change=Change(
            "parse_env_line should raise ValueError for a line that is neither blank nor a "
            "comment and has no '=', such as 'oops', instead of answering None",
            "    line = line.strip()\n"
            "    if not line or line.startswith('#'):\n"
            "        return None\n"
            "    if '=' not in line:\n"
            "        raise ValueError(f'not KEY=value: {line!r}')\n"
            "    key, _, value = line.removeprefix('export ').partition('=')\n"
            "    value = value.strip()\n"
            "    if value[:1] in ('\"', \"'\"):\n"
            "        end = value.find(value[0], 1)\n"
            "        return key.strip(), value[1:end] if end > 0 else value[1:]\n"
            "    return key.strip(), value.split(' #', 1)[0].strip()",
            (
                ("'PORT=8080'", "('PORT', '8080')"),
                ("'export KEY=\"a b\" # note'", "('KEY', 'a b')"),
                ("'# comment'", "None"),
                ("''", "None"),
            ),
            raises=(("'oops'", "ValueError"),),
        ),
    ),
    F(
        "diff_env",
        "env",
        "old, new",
        "a dict of three sorted key lists comparing env dicts old and new: 'added' (only in "
        "new), 'removed' (only in old) and 'changed' (in both, with different values)",
        "    added = sorted(key for key in new if key not in old)\n"
        "    removed = sorted(key for key in old if key not in new)\n"
        "    changed = sorted(key for key in new if key in old and old[key] != new[key])\n"
        "    return {'added': added, 'removed': removed, 'changed': changed}",
        (
            (
                "{'A': '1', 'B': '2'}, {'A': '3'}",
                "{'added': [], 'removed': ['B'], 'changed': ['A']}",
            ),
            ("{}, {}", "{'added': [], 'removed': [], 'changed': []}"),
            (
                "{'B': '1', 'A': '1'}, {'A': '2', 'B': '2'}",
                "{'added': [], 'removed': [], 'changed': ['A', 'B']}",
            ),
        ),
        defect=Defect(
            "    added = sorted(key for key in new if key not in old)\n"
            "    removed = sorted(key for key in old if key not in new)\n"
            "    changed = sorted(key for key in new if old.get(key) != new[key])\n"
            "    return {'added': added, 'removed': removed, 'changed': changed}",
            "a key that is only in the new env",
            "it is listed as changed as well as added; changed is only for keys in both",
            (
                (
                    "{'A': '1'}, {'A': '1', 'B': '2'}",
                    "{'added': ['B'], 'removed': [], 'changed': []}",
                ),
            ),
        ),
    ),
    F(
        "format_uptime",
        "timeparse",
        "seconds",
        "an uptime in whole seconds as text like '3 days, 04:05:06': 'HH:MM:SS' with two digits "
        "each, after '1 day, ' or 'N days, ' when it is a day or more",
        "    days, rest = divmod(seconds, 86400)\n"
        "    hours, rest = divmod(rest, 3600)\n"
        "    minutes, secs = divmod(rest, 60)\n"
        "    clock = f'{hours:02d}:{minutes:02d}:{secs:02d}'\n"
        "    if days == 0:\n"
        "        return clock\n"
        "    unit = 'day' if days == 1 else 'days'\n"
        "    return f'{days} {unit}, {clock}'",
        (
            ("273906", "'3 days, 04:05:06'"),
            ("59", "'00:00:59'"),
            ("3600", "'01:00:00'"),
        ),
        defect=Defect(
            "    days, rest = divmod(seconds, 86400)\n"
            "    hours, rest = divmod(rest, 3600)\n"
            "    minutes, secs = divmod(rest, 60)\n"
            "    clock = f'{hours:02d}:{minutes:02d}:{secs:02d}'\n"
            "    return f'{days} days, {clock}' if days else clock",
            "an uptime between one and two days, such as 86400",
            "it says '1 days'; one day is '1 day'",
            (
                ("86400", "'1 day, 00:00:00'"),
                ("90061", "'1 day, 01:01:01'"),
            ),
        ),
    ),
    F(
        "parse_iso_duration",
        "timeparse",
        "text",
        "the seconds in an ISO 8601 duration such as 'PT1H30M', 'P2D' or 'P1DT12H' (days, "
        "hours, minutes, whole seconds), raising ValueError for other text, a bare 'P' or 'PT' "
        "included",
        "    import re\n\n"
        "    match = re.fullmatch(r'P(?:(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?(?:(\\d+)S)?)?', text)\n"
        "    if match is None or text == 'P' or text.endswith('T'):\n"
        "        raise ValueError(f'not an ISO 8601 duration: {text!r}')\n"
        "    days, hours, minutes, seconds = (int(g or 0) for g in match.groups())\n"
        "    return ((days * 24 + hours) * 60 + minutes) * 60 + seconds",
        (
            ("'PT1H30M'", "5400"),
            ("'P2D'", "172800"),
            ("'P1DT12H'", "129600"),
            ("'PT45S'", "45"),
            ("'PT0S'", "0"),
        ),
        raises=(
            ("'P'", "ValueError"),
            ("'PT'", "ValueError"),
            ("'1h30m'", "ValueError"),
        ),
        change=Change(
            "parse_iso_duration should also accept weeks: 'P2W' is 14 days, and 'P1W2D' is 9 days",
            "    import re\n\n"
            "    pattern = r'P(?:(\\d+)W)?(?:(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?(?:(\\d+)S)?)?'\n"
            "    match = re.fullmatch(pattern, text)\n"
            "    if match is None or text == 'P' or text.endswith('T'):\n"
            "        raise ValueError(f'not an ISO 8601 duration: {text!r}')\n"
            "    weeks, days, hours, minutes, seconds = (int(g or 0) for g in match.groups())\n"
            "    return (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds",
            (
                ("'P2W'", "1209600"),
                ("'P1W2D'", "777600"),
                ("'PT1H30M'", "5400"),
            ),
            raises=(
                ("'P'", "ValueError"),
                ("'2W'", "ValueError"),
            ),
        ),
    ),
    F(
        "to_epoch",
        "timeparse",
        "text",
        "the Unix time in whole seconds of an ISO 8601 timestamp such as '2024-05-01T12:00:00Z' "
        "or '2024-05-01T14:00:00+02:00' (no offset meaning UTC), raising ValueError for other "
        "text",
        "    from datetime import datetime, timezone\n\n"
        "    moment = datetime.fromisoformat(text)\n"
        "    if moment.tzinfo is None:\n"
        "        moment = moment.replace(tzinfo=timezone.utc)\n"
        "    return int(moment.timestamp())",
        (
            ("'2024-05-01T12:00:00Z'", "1714564800"),
            ("'2024-05-01T12:00:00'", "1714564800"),
            ("'1970-01-01T00:00:00Z'", "0"),
        ),
        raises=(("'yesterday'", "ValueError"),),
        defect=Defect(
            "    from datetime import datetime, timezone\n\n"
            "    return int(datetime.fromisoformat(text).replace(tzinfo=timezone.utc).timestamp())",
            "a timestamp with an offset, such as '2024-05-01T14:00:00+02:00'",
            "the offset is ignored and the answer is hours off; that is the same instant as "
            "12:00 UTC",
            (
                ("'2024-05-01T14:00:00+02:00'", "1714564800"),
                ("'2024-05-01T07:00:00-05:00'", "1714564800"),
            ),
        ),
    ),
    F(
        "parse_size",
        "sizes",
        "text",
        "the number of bytes, as an int, in a size such as '512', '10K', '1.5M' or '2Gi' (K, M, "
        "G, T are powers of 1000; Ki, Mi, Gi, Ti powers of 1024), raising ValueError for other "
        "text",
        "    import re\n"
        "    from fractions import Fraction\n\n"
        "    powers = {'': 1, 'K': 1000, 'M': 1000**2, 'G': 1000**3, 'T': 1000**4}\n"
        "    powers.update({'Ki': 1024, 'Mi': 1024**2, 'Gi': 1024**3, 'Ti': 1024**4})\n"
        "    match = re.fullmatch(r'(\\d+(?:\\.\\d+)?)([KMGT]i?)?', text.strip())\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a size: {text!r}')\n"
        "    return int(Fraction(match.group(1)) * powers[match.group(2) or ''])",
        (
            ("'512'", "512"),
            ("'2Gi'", "2147483648"),
            ("'1.5Mi'", "1572864"),
        ),
        raises=(
            ("'10 apples'", "ValueError"),
            ("''", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    powers = {'': 1, 'K': 1024, 'M': 1024**2, 'G': 1024**3, 'T': 1024**4}\n"
            "    match = re.fullmatch(r'(\\d+(?:\\.\\d+)?)([KMGT])?i?', text.strip())\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a size: {text!r}')\n"
            "    return int(float(match.group(1)) * powers[match.group(2) or ''])",
            "a decimal unit such as '10K' or '1.5M'",
            "it is counted in powers of 1024; K, M, G and T are powers of 1000, only Ki, Mi, Gi "
            "and Ti are powers of 1024",
            (
                ("'10K'", "10000"),
                ("'1.5M'", "1500000"),
                ("'2G'", "2000000000"),
            ),
        ),
    ),
    F(
        "usage_level",
        "sizes",
        "used, total, warning, critical",
        "'critical' when used is at least `critical` percent of total, else 'warning' when it "
        "is at least `warning` percent, else 'ok'",
        "    share = used * 100\n"
        "    if share >= critical * total:\n"
        "        return 'critical'\n"
        "    if share >= warning * total:\n"
        "        return 'warning'\n"
        "    return 'ok'",
        (
            ("50, 100, 80, 90", "'ok'"),
            ("85, 100, 80, 90", "'warning'"),
            ("950, 1000, 80, 90", "'critical'"),
        ),
        defect=Defect(
            "    percent = used / total * 100\n"
            "    if percent > critical:\n"
            "        return 'critical'\n"
            "    if percent > warning:\n"
            "        return 'warning'\n"
            "    return 'ok'",
            "usage exactly at a threshold, such as 80 of 100 with warning at 80",
            "it answers the level below; reaching a threshold counts",
            (
                ("80, 100, 80, 90", "'warning'"),
                ("45, 50, 80, 90", "'critical'"),
            ),
        ),
        change=Change(
            "usage_level should answer 'full' when used reaches total (100 percent or more), "
            "before the other levels",
            "    if used >= total:\n"
            "        return 'full'\n"
            "    share = used * 100\n"
            "    if share >= critical * total:\n"
            "        return 'critical'\n"
            "    if share >= warning * total:\n"
            "        return 'warning'\n"
            "    return 'ok'",
            (
                ("100, 100, 80, 90", "'full'"),
                ("120, 100, 80, 90", "'full'"),
                ("95, 100, 80, 90", "'critical'"),
                ("80, 100, 80, 90", "'warning'"),
                ("10, 100, 80, 90", "'ok'"),
            ),
        ),
    ),
    F(
        "merge_settings",
        "settings",
        "base, override",
        "a new dict of base with override laid over it, where a key holding a dict on both "
        "sides is merged key by key instead of replaced, and neither argument is modified",
        "    def merge(a, b):\n"
        "        out = dict(a)\n"
        "        for key, value in b.items():\n"
        "            if isinstance(value, dict) and isinstance(out.get(key), dict):\n"
        "                out[key] = merge(out[key], value)\n"
        "            else:\n"
        "                out[key] = value\n"
        "        return out\n\n"
        "    return merge(base, override)",
        (
            ("{'a': 1, 'b': 2}, {'b': 3}", "{'a': 1, 'b': 3}"),
            ("{'a': {'x': 1}}, {'a': 5}", "{'a': 5}"),
            ("{}, {'c': {'d': 1}}", "{'c': {'d': 1}}"),
        ),
        defect=Defect(
            "    return {**base, **override}",
            "a nested section in both, such as 'db' with only its port overridden",
            "the whole section is replaced and its other keys are lost; nested dicts merge key "
            "by key",
            (
                (
                    "{'db': {'host': 'x', 'port': 1}}, {'db': {'port': 2}}",
                    "{'db': {'host': 'x', 'port': 2}}",
                ),
                (
                    "{'a': {'b': {'c': 1, 'd': 2}}}, {'a': {'b': {'d': 3}}}",
                    "{'a': {'b': {'c': 1, 'd': 3}}}",
                ),
            ),
        ),
        change=Change(
            "merge_settings should remove a key when override sets it to None, at any depth, "
            "instead of storing None",
            "    def merge(a, b):\n"
            "        out = dict(a)\n"
            "        for key, value in b.items():\n"
            "            if value is None:\n"
            "                out.pop(key, None)\n"
            "            elif isinstance(value, dict) and isinstance(out.get(key), dict):\n"
            "                out[key] = merge(out[key], value)\n"
            "            else:\n"
            "                out[key] = value\n"
            "        return out\n\n"
            "    return merge(base, override)",
            (
                ("{'a': 1, 'b': 2}, {'b': None}", "{'a': 1}"),
                (
                    "{'db': {'host': 'x', 'port': 1}}, {'db': {'port': None}}",
                    "{'db': {'host': 'x'}}",
                ),
                ("{'a': 1}, {'z': None}", "{'a': 1}"),
                ("{'db': {'host': 'x'}}, {'db': {'port': 2}}", "{'db': {'host': 'x', 'port': 2}}"),
            ),
        ),
    ),
    F(
        "parse_ini",
        "settings",
        "text",
        "the sections of INI text as a dict of dicts of key = value pairs (spaces stripped), "
        "keys before any '[section]' under 'DEFAULT' (only if there are some), blank lines and "
        "lines starting with # or ; skipped",
        "    sections = {}\n"
        "    current = 'DEFAULT'\n"
        "    for raw in text.splitlines():\n"
        "        line = raw.strip()\n"
        "        if not line or line.startswith(('#', ';')):\n"
        "            continue\n"
        "        if line.startswith('[') and line.endswith(']'):\n"
        "            current = line[1:-1].strip()\n"
        "            sections.setdefault(current, {})\n"
        "            continue\n"
        "        key, _, value = line.partition('=')\n"
        "        sections.setdefault(current, {})[key.strip()] = value.strip()\n"
        "    return sections",
        (
            ("'[db]\\nhost = x\\nport=5432\\n'", "{'db': {'host': 'x', 'port': '5432'}}"),
            (
                "'debug = 1\\n\\n# note\\n[web]\\nworkers = 4'",
                "{'DEFAULT': {'debug': '1'}, 'web': {'workers': '4'}}",
            ),
        ),
        defect=Defect(
            "    sections = {}\n"
            "    current = 'DEFAULT'\n"
            "    for raw in text.splitlines():\n"
            "        line = raw.strip()\n"
            "        if not line or line.startswith('#'):\n"
            "            continue\n"
            "        if line.startswith('[') and line.endswith(']'):\n"
            "            current = line[1:-1].strip()\n"
            "            sections.setdefault(current, {})\n"
            "            continue\n"
            "        key, _, value = line.partition('=')\n"
            "        sections.setdefault(current, {})[key.strip()] = value.strip()\n"
            "    return sections",
            "a comment line starting with ';'",
            "it shows up as a key; lines starting with ; are comments as well",
            (("'[db]\\n; old host\\nhost = y'", "{'db': {'host': 'y'}}"),),
        ),
    ),
    F(
        "parse_git_describe",
        "release",
        "text",
        "a (version, commits since the tag, short hash) tuple from git describe output such as "
        "'v1.2.3-14-gabc1234', the version without its leading 'v' and possibly holding '-' "
        "itself; (version, 0, '') for a bare tag",
        "    import re\n\n"
        "    text = text.strip()\n"
        "    match = re.fullmatch(r'(.+)-(\\d+)-g([0-9a-f]+)', text)\n"
        "    if match is None:\n"
        "        return text.removeprefix('v'), 0, ''\n"
        "    return match.group(1).removeprefix('v'), int(match.group(2)), match.group(3)",
        (
            ("'v1.2.3-14-gabc1234'", "('1.2.3', 14, 'abc1234')"),
            ("'v1.2.3'", "('1.2.3', 0, '')"),
            ("'2.0.0-3-g0f0f0f0'", "('2.0.0', 3, '0f0f0f0')"),
        ),
        defect=Defect(
            "    parts = text.strip().removeprefix('v').split('-')\n"
            "    if len(parts) == 1:\n"
            "        return parts[0], 0, ''\n"
            "    return parts[0], int(parts[1]), parts[2][1:]",
            "a tag that contains '-' itself, such as 'v2.0.0-rc1-3-g1a2b3c4'",
            "it crashes with ValueError; the commit count and the hash are the last two parts",
            (
                ("'v2.0.0-rc1-3-g1a2b3c4'", "('2.0.0-rc1', 3, '1a2b3c4')"),
                ("'v2.0.0-rc1'", "('2.0.0-rc1', 0, '')"),
            ),
        ),
    ),
    F(
        "health_summary",
        "health",
        "checks",
        "(state, names) for a dict of check name to 'ok', 'warn' or 'fail': state 'fail' if any "
        "fails, else 'warn' if any warns, else 'ok' (also for no checks); names: the checks not "
        "'ok', sorted",
        "    states = set(checks.values())\n"
        "    if 'fail' in states:\n"
        "        state = 'fail'\n"
        "    elif 'warn' in states:\n"
        "        state = 'warn'\n"
        "    else:\n"
        "        state = 'ok'\n"
        "    return state, sorted(name for name, status in checks.items() if status != 'ok')",
        (
            ("{'db': 'ok', 'cache': 'ok'}", "('ok', [])"),
            ("{'db': 'ok', 'disk': 'warn'}", "('warn', ['disk'])"),
            ("{'db': 'fail', 'api': 'fail'}", "('fail', ['api', 'db'])"),
            ("{}", "('ok', [])"),
        ),
        defect=Defect(
            "    bad = sorted(name for name, status in checks.items() if status != 'ok')\n"
            "    for state in ('warn', 'fail'):\n"
            "        if state in checks.values():\n"
            "            return state, bad\n"
            "    return 'ok', bad",
            "one check failing while another only warns",
            "the state is 'warn'; any failing check makes it 'fail'",
            (("{'disk': 'warn', 'db': 'fail'}", "('fail', ['db', 'disk'])"),),
        ),
    ),
    F(
        "sla_downtime",
        "health",
        "percent, days",
        "the downtime an availability target of `percent` (such as 99.9) allows over `days` "
        "days, in whole seconds rounded down, as text in hours, minutes and seconds like '43m "
        "12s', zero parts left out ('0s' for none)",
        "    from fractions import Fraction\n\n"
        "    allowed = int(days * 86400 * (100 - Fraction(str(percent))) / 100)\n"
        "    hours, rest = divmod(allowed, 3600)\n"
        "    minutes, seconds = divmod(rest, 60)\n"
        "    parts = [f'{v}{u}' for v, u in ((hours, 'h'), (minutes, 'm'), (seconds, 's')) if v]\n"
        "    return ' '.join(parts) or '0s'",
        (
            ("99, 1", "'14m 24s'"),
            ("100, 30", "'0s'"),
            ("90, 10", "'24h'"),
            ("99.5, 7", "'50m 24s'"),
        ),
        defect=Defect(
            "    allowed = int(days * 86400 * (100 - percent) / 100)\n"
            "    hours, rest = divmod(allowed, 3600)\n"
            "    minutes, seconds = divmod(rest, 60)\n"
            "    parts = [f'{v}{u}' for v, u in ((hours, 'h'), (minutes, 'm'), (seconds, 's')) if v]\n"
            "    return ' '.join(parts) or '0s'",
            "a target such as 99.9 over 30 days",
            "it answers '43m 11s', a second short, from floating-point rounding; 0.1 percent of "
            "30 days is exactly 43m 12s",
            (
                ("99.9, 30", "'43m 12s'"),
                ("99.95, 30", "'21m 36s'"),
            ),
        ),
    ),
    F(
        "filter_log_level",
        "loglines",
        "lines, minimum",
        "the lines, in order, whose level (their third word) ranks at least `minimum` in "
        "DEBUG, INFO, WARNING, ERROR, CRITICAL, levels matched in any case; lines without a "
        "known level dropped, ValueError for an unknown minimum",
        "    order = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL']\n"
        "    floor = order.index(minimum.upper())\n"
        "    kept = []\n"
        "    for line in lines:\n"
        "        words = line.split()\n"
        "        if len(words) >= 3 and words[2].upper() in order:\n"
        "            if order.index(words[2].upper()) >= floor:\n"
        "                kept.append(line)\n"
        "    return kept",
        (
            (
                "['d t INFO up', 'd t ERROR down', 'd t DEBUG x'], 'info'",
                "['d t INFO up', 'd t ERROR down']",
            ),
            (
                "['d t CRITICAL fire', 'short', '', 'd t NOTICE hm'], 'ERROR'",
                "['d t CRITICAL fire']",
            ),
            ("[], 'DEBUG'", "[]"),
        ),
        raises=(("['d t INFO x'], 'LOUD'", "ValueError"),),
        defect=Defect(
            "    order = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL']\n"
            "    floor = order.index(minimum.upper())\n"
            "    kept = []\n"
            "    for line in lines:\n"
            "        words = line.split()\n"
            "        if len(words) >= 3 and words[2] in order and order.index(words[2]) >= floor:\n"
            "            kept.append(line)\n"
            "    return kept",
            "a line whose level is not in capitals, such as 'd t error disk full'",
            "the line is dropped; levels match in any case",
            (
                (
                    "['d t error disk', 'd t Warning slow', 'd t info ok'], 'WARNING'",
                    "['d t error disk', 'd t Warning slow']",
                ),
            ),
        ),
        change=Change(
            "filter_log_level should also read WARN as WARNING and FATAL as CRITICAL, in the "
            "lines and in `minimum`, in any case",
            "    order = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL']\n"
            "    aliases = {'WARN': 'WARNING', 'FATAL': 'CRITICAL'}\n\n"
            "    def rank(level):\n"
            "        level = level.upper()\n"
            "        return order.index(aliases.get(level, level))\n\n"
            "    floor = rank(minimum)\n"
            "    kept = []\n"
            "    for line in lines:\n"
            "        words = line.split()\n"
            "        if len(words) < 3:\n"
            "            continue\n"
            "        level = words[2].upper()\n"
            "        if aliases.get(level, level) in order and rank(level) >= floor:\n"
            "            kept.append(line)\n"
            "    return kept",
            (
                (
                    "['d t WARN slow', 'd t FATAL boom', 'd t INFO ok'], 'warning'",
                    "['d t WARN slow', 'd t FATAL boom']",
                ),
                ("['d t ERROR x'], 'fatal'", "[]"),
                ("['d t warn x', 'd t debug y'], 'WARN'", "['d t warn x']"),
            ),
            raises=(("['d t INFO x'], 'LOUD'", "ValueError"),),
        ),
    ),
    F(
        "parse_access_log",
        "loglines",
        "line",
        "a dict of 'ip', 'method', 'path', 'status' (int) and 'size' (int, 0 when logged as "
        "'-') from a common or combined log format line, or None when the line is not in that "
        "format",
        "    import re\n\n"
        '    pattern = r\'(\\S+) \\S+ \\S+ \\[[^\\]]*\\] "(\\S+) (\\S+)[^"]*" (\\d{3}) (\\d+|-)\'\n'
        "    match = re.match(pattern, line)\n"
        "    if match is None:\n"
        "        return None\n"
        "    ip, method, path, status, size = match.groups()\n"
        "    return {\n"
        "        'ip': ip,\n"
        "        'method': method,\n"
        "        'path': path,\n"
        "        'status': int(status),\n"
        "        'size': 0 if size == '-' else int(size),\n"
        "    }",
        (
            (
                "'127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326'",
                "{'ip': '127.0.0.1', 'method': 'GET', 'path': '/apache_pb.gif', 'status': 200, 'size': 2326}",
            ),
            (
                '\'10.0.0.5 - - [01/May/2024:12:00:00 +0000] "POST /api/login HTTP/1.1" 401 512 "-" "curl/8.0"\'',
                "{'ip': '10.0.0.5', 'method': 'POST', 'path': '/api/login', 'status': 401, 'size': 512}",
            ),
            ("'garbage'", "None"),
        ),
        defect=Defect(
            "    import re\n\n"
            '    pattern = r\'(\\S+) \\S+ \\S+ \\[[^\\]]*\\] "(\\S+) (\\S+)[^"]*" (\\d{3}) (\\S+)\'\n'
            "    match = re.match(pattern, line)\n"
            "    if match is None:\n"
            "        return None\n"
            "    ip, method, path, status, size = match.groups()\n"
            "    return {'ip': ip, 'method': method, 'path': path, 'status': int(status), 'size': int(size)}",
            "a response logged with size '-', as a 304 often is",
            "it crashes with ValueError; '-' means a size of 0",
            (
                (
                    "'10.0.0.5 - - [01/May/2024:12:00:00 +0000] \"HEAD /health HTTP/1.1\" 304 -'",
                    "{'ip': '10.0.0.5', 'method': 'HEAD', 'path': '/health', 'status': 304, 'size': 0}",
                ),
            ),
        ),
    ),
    F(
        "group_log_records",
        "loglines",
        "lines",
        "the records in a list of log lines: a line starting with a space or a tab joins the "
        "record before it, after a newline; any other line, or one at the very start, begins "
        "a record",
        "    records = []\n"
        "    for line in lines:\n"
        "        if line[:1] in (' ', '\\t') and records:\n"
        "            records[-1] += '\\n' + line\n"
        "        else:\n"
        "            records.append(line)\n"
        "    return records",
        (
            (
                "['ERROR boom', '  at a()', '  at b()', 'INFO ok']",
                "['ERROR boom\\n  at a()\\n  at b()', 'INFO ok']",
            ),
            ("['  orphan', 'INFO x']", "['  orphan', 'INFO x']"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    records = []\n"
            "    for line in lines:\n"
            "        if line.startswith(' ') and records:\n"
            "            records[-1] += '\\n' + line\n"
            "        else:\n"
            "            records.append(line)\n"
            "    return records",
            "continuation lines indented with a tab, as Java stack traces are",
            "each becomes a record of its own; a line starting with a tab continues the record too",
            (
                (
                    "['ERROR boom', '\\tat a()', '\\tat b()', 'INFO ok']",
                    "['ERROR boom\\n\\tat a()\\n\\tat b()', 'INFO ok']",
                ),
            ),
        ),
        change=Change(
            "group_log_records should begin a record only at a line starting with a date "
            "'YYYY-MM-DD'; every other line, indented or not, continues the record before it (or "
            "begins the first one)",
            "    import re\n\n"
            "    records = []\n"
            "    for line in lines:\n"
            "        if re.match(r'\\d{4}-\\d{2}-\\d{2}', line) or not records:\n"
            "            records.append(line)\n"
            "        else:\n"
            "            records[-1] += '\\n' + line\n"
            "    return records",
            (
                (
                    "['2024-05-01 ERROR boom', 'Traceback (most recent call last):', '  x', '2024-05-01 INFO ok']",
                    "['2024-05-01 ERROR boom\\nTraceback (most recent call last):\\n  x', '2024-05-01 INFO ok']",
                ),
                ("['oops', '2024-05-01 INFO a']", "['oops', '2024-05-01 INFO a']"),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "clock_add",
        "durations",
        "time, minutes",
        "the 24-hour 'HH:MM' time, two digits each, that is `minutes` minutes after `time` "
        "(before it when minutes is negative), wrapping around midnight",
        "    hours, _, mins = time.partition(':')\n"
        "    total = (int(hours) * 60 + int(mins) + minutes) % 1440\n"
        "    return f'{total // 60:02d}:{total % 60:02d}'",
        (
            ("'09:15', 30", "'09:45'"),
            ("'10:50', 75", "'12:05'"),
            ("'00:00', 0", "'00:00'"),
            ("'09:00', -30", "'08:30'"),
        ),
        defect=Defect(
            "    hours, _, mins = time.partition(':')\n"
            "    total = int(hours) * 60 + int(mins) + minutes\n"
            "    return f'{total // 60:02d}:{total % 60:02d}'",
            "a result past midnight or before it, such as '23:30' plus 90",
            "it answers '25:00'; the clock wraps around at midnight",
            (
                ("'23:30', 90", "'01:00'"),
                ("'00:15', -30", "'23:45'"),
                ("'12:00', 1440", "'12:00'"),
            ),
        ),
        change=Change(
            "clock_add should say when the result falls on another day, adding ' (+1d)', ' (+2d)' "
            "and so on, or ' (-1d)' and so on, after the time",
            "    hours, _, mins = time.partition(':')\n"
            "    days, total = divmod(int(hours) * 60 + int(mins) + minutes, 1440)\n"
            "    clock = f'{total // 60:02d}:{total % 60:02d}'\n"
            "    if days == 0:\n"
            "        return clock\n"
            "    return f'{clock} ({days:+d}d)'",
            (
                ("'23:30', 90", "'01:00 (+1d)'"),
                ("'00:15', -30", "'23:45 (-1d)'"),
                ("'09:00', 60", "'10:00'"),
                ("'12:00', 2880", "'12:00 (+2d)'"),
            ),
        ),
    ),
    F(
        "format_latency",
        "durations",
        "ms",
        "a latency in whole milliseconds as text: '850ms' under a second, seconds with one "
        "decimal cut down (not rounded) like '1.9s' under a minute, else minutes and whole "
        "seconds like '2m 5s'",
        "    if ms < 1000:\n"
        "        return f'{ms}ms'\n"
        "    if ms < 60000:\n"
        "        return f'{ms // 1000}.{ms % 1000 // 100}s'\n"
        "    minutes, seconds = divmod(ms // 1000, 60)\n"
        "    return f'{minutes}m {seconds}s'",
        (
            ("850", "'850ms'"),
            ("0", "'0ms'"),
            ("1500", "'1.5s'"),
            ("59000", "'59.0s'"),
            ("125400", "'2m 5s'"),
        ),
        defect=Defect(
            "    if ms < 1000:\n"
            "        return f'{ms}ms'\n"
            "    if ms < 60000:\n"
            "        return f'{ms / 1000:.1f}s'\n"
            "    minutes, seconds = divmod(ms // 1000, 60)\n"
            "    return f'{minutes}m {seconds}s'",
            "a time such as 1999 ms",
            "it says '2.0s'; the seconds are cut down to one decimal, not rounded",
            (
                ("1999", "'1.9s'"),
                ("59990", "'59.9s'"),
            ),
        ),
    ),
    F(
        "duration_millis",
        "durations",
        "text",
        "the whole milliseconds in a Go-style duration such as '1h30m', '1.5s', '300ms' or "
        "'2m3.25s' (units h, m, s and ms, decimals allowed), raising ValueError for other "
        "text or an empty string",
        "    import re\n"
        "    from fractions import Fraction\n\n"
        "    units = {'h': 3600000, 'm': 60000, 's': 1000, 'ms': 1}\n"
        "    parts = re.findall(r'(\\d+(?:\\.\\d+)?)(ms|h|m|s)', text)\n"
        "    if not text or ''.join(n + u for n, u in parts) != text:\n"
        "        raise ValueError(f'not a duration: {text!r}')\n"
        "    return int(sum(Fraction(n) * units[u] for n, u in parts))",
        (
            ("'1h30m'", "5400000"),
            ("'1.5s'", "1500"),
            ("'2m3.25s'", "123250"),
        ),
        raises=(
            ("'soon'", "ValueError"),
            ("''", "ValueError"),
            ("'5 m'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n"
            "    from fractions import Fraction\n\n"
            "    units = {'h': 3600000, 'm': 60000, 's': 1000, 'ms': 1}\n"
            "    parts = re.findall(r'(\\d+(?:\\.\\d+)?)(h|m|s|ms)', text)\n"
            "    if not text or ''.join(n + u for n, u in parts) != text:\n"
            "        raise ValueError(f'not a duration: {text!r}')\n"
            "    return int(sum(Fraction(n) * units[u] for n, u in parts))",
            "a duration in milliseconds, such as '300ms' or '1s500ms'",
            "it raises ValueError; ms is a unit of its own, milliseconds",
            (
                ("'300ms'", "300"),
                ("'1s500ms'", "1500"),
            ),
        ),
    ),
    F(
        "rate_limit_decisions",
        "ratelimit",
        "times, limit, window",
        "one bool per request time (whole seconds, ascending): True when fewer than `limit` "
        "earlier allowed requests are later than that time minus `window`; rejected requests "
        "do not count",
        "    allowed = []\n"
        "    decisions = []\n"
        "    for t in times:\n"
        "        ok = sum(1 for a in allowed if a > t - window) < limit\n"
        "        if ok:\n"
        "            allowed.append(t)\n"
        "        decisions.append(ok)\n"
        "    return decisions",
        (
            ("[0, 1, 2], 2, 10", "[True, True, False]"),
            ("[0, 5, 20], 1, 10", "[True, False, True]"),
            ("[0, 10], 1, 10", "[True, True]"),
            ("[], 3, 60", "[]"),
        ),
        defect=Defect(
            "    decisions = []\n"
            "    for i, t in enumerate(times):\n"
            "        recent = [a for a in times[:i] if a > t - window]\n"
            "        decisions.append(len(recent) < limit)\n"
            "    return decisions",
            "requests rejected inside the window, such as times [0, 1, 2, 10, 11] with limit 2 "
            "and window 10",
            "they count against the limit and later requests are rejected too; only allowed "
            "requests count",
            (("[0, 1, 2, 10, 11], 2, 10", "[True, True, False, True, True]"),),
        ),
    ),
    F(
        "token_bucket_decisions",
        "ratelimit",
        "capacity, rate, times",
        "one bool per request time (seconds, ascending): a bucket full with `capacity` tokens "
        "at the first request gains `rate` tokens a second, never holding more than capacity; "
        "a request passes when it can take one whole token",
        "    from fractions import Fraction\n\n"
        "    full = Fraction(capacity)\n"
        "    tokens = full\n"
        "    last = None\n"
        "    results = []\n"
        "    for t in times:\n"
        "        if last is not None:\n"
        "            tokens = min(full, tokens + (Fraction(str(t)) - last) * Fraction(str(rate)))\n"
        "        last = Fraction(str(t))\n"
        "        if tokens >= 1:\n"
        "            tokens -= 1\n"
        "            results.append(True)\n"
        "        else:\n"
        "            results.append(False)\n"
        "    return results",
        (
            ("2, 1, [0, 0, 0]", "[True, True, False]"),
            ("1, 1, [0, 0.5, 1]", "[True, False, True]"),
            ("2, 0.5, [0, 0, 1, 2]", "[True, True, False, True]"),
            ("5, 1, []", "[]"),
        ),
        defect=Defect(
            "    from fractions import Fraction\n\n"
            "    tokens = Fraction(capacity)\n"
            "    last = None\n"
            "    results = []\n"
            "    for t in times:\n"
            "        if last is not None:\n"
            "            tokens += (Fraction(str(t)) - last) * Fraction(str(rate))\n"
            "        last = Fraction(str(t))\n"
            "        if tokens >= 1:\n"
            "            tokens -= 1\n"
            "            results.append(True)\n"
            "        else:\n"
            "            results.append(False)\n"
            "    return results",
            "a long pause before a burst, such as capacity 2 and requests at 0, 100, 100 and 100",
            "every request of the burst passes; the bucket never holds more than capacity tokens",
            (("2, 1, [0, 100, 100, 100]", "[True, True, True, False]"),),
        ),
    ),
    F(
        "parse_rate_limit",
        "ratelimit",
        "text",
        "a (requests, seconds) tuple from a rate such as '100/s', '5/min', '1000/h', '2/day' "
        "or '10/30s' (a count before the unit multiplies it), raising ValueError for other "
        "text",
        "    import re\n\n"
        "    units = {'s': 1, 'min': 60, 'h': 3600, 'day': 86400}\n"
        "    match = re.fullmatch(r'(\\d+)/(\\d*)(s|min|h|day)', text.strip())\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a rate: {text!r}')\n"
        "    count, many, unit = match.groups()\n"
        "    return int(count), int(many or 1) * units[unit]",
        (
            ("'100/s'", "(100, 1)"),
            ("'5/min'", "(5, 60)"),
            ("'1000/h'", "(1000, 3600)"),
            ("'2/day'", "(2, 86400)"),
        ),
        raises=(
            ("'100'", "ValueError"),
            ("'fast'", "ValueError"),
            ("'5/week'", "ValueError"),
        ),
        defect=Defect(
            "    units = {'s': 1, 'min': 60, 'h': 3600, 'day': 86400}\n"
            "    count, unit = text.strip().split('/')\n"
            "    if unit not in units or not count.isdigit():\n"
            "        raise ValueError(f'not a rate: {text!r}')\n"
            "    return int(count), units[unit]",
            "a rate over several units, such as '10/30s' or '3/5min'",
            "it raises ValueError; a count before the unit multiplies it",
            (
                ("'10/30s'", "(10, 30)"),
                ("'3/5min'", "(3, 300)"),
            ),
        ),
        change=Change(
            "parse_rate_limit should also take the words 'per second', 'per minute', 'per hour' "
            "and 'per day', as in '100 per minute' (no count before the unit there)",
            "    import re\n\n"
            "    units = {'s': 1, 'min': 60, 'h': 3600, 'day': 86400}\n"
            "    words = {'second': 1, 'minute': 60, 'hour': 3600, 'day': 86400}\n"
            "    spoken = re.fullmatch(r'(\\d+) per (second|minute|hour|day)', text.strip())\n"
            "    if spoken is not None:\n"
            "        return int(spoken.group(1)), words[spoken.group(2)]\n"
            "    match = re.fullmatch(r'(\\d+)/(\\d*)(s|min|h|day)', text.strip())\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a rate: {text!r}')\n"
            "    count, many, unit = match.groups()\n"
            "    return int(count), int(many or 1) * units[unit]",
            (
                ("'100 per minute'", "(100, 60)"),
                ("'1 per day'", "(1, 86400)"),
                ("'10/30s'", "(10, 30)"),
                ("'5/min'", "(5, 60)"),
            ),
            raises=(
                ("'100 per fortnight'", "ValueError"),
                ("'fast'", "ValueError"),
            ),
        ),
    ),
    F(
        "config_drift",
        "drift",
        "old, new",
        "sorted lines saying how nested dict new differs from old by dotted key path: '+ "
        "path' added, '- path' removed, '~ path' changed, dicts on both sides compared key by "
        "key and other values whole",
        "    lines = []\n\n"
        "    def walk(a, b, prefix):\n"
        "        for key in set(a) | set(b):\n"
        "            path = f'{prefix}{key}'\n"
        "            if key not in b:\n"
        "                lines.append(f'- {path}')\n"
        "            elif key not in a:\n"
        "                lines.append(f'+ {path}')\n"
        "            elif isinstance(a[key], dict) and isinstance(b[key], dict):\n"
        "                walk(a[key], b[key], f'{path}.')\n"
        "            elif a[key] != b[key]:\n"
        "                lines.append(f'~ {path}')\n\n"
        "    walk(old, new, '')\n"
        "    return sorted(lines)",
        (
            ("{'a': 1, 'b': 2}, {'a': 1, 'b': 3, 'c': 4}", "['+ c', '~ b']"),
            ("{}, {}", "[]"),
            ("{'x': {'y': 1}}, {}", "['- x']"),
            ("{'a': [1]}, {'a': [1, 2]}", "['~ a']"),
        ),
        defect=Defect(
            "    lines = []\n"
            "    for key in set(old) | set(new):\n"
            "        if key not in new:\n"
            "            lines.append(f'- {key}')\n"
            "        elif key not in old:\n"
            "            lines.append(f'+ {key}')\n"
            "        elif old[key] != new[key]:\n"
            "            lines.append(f'~ {key}')\n"
            "    return sorted(lines)",
            "a change inside a nested section, such as the port under db",
            "the whole section is reported as changed; nested dicts are compared key by key, with "
            "dotted paths such as '~ db.port'",
            (
                (
                    "{'db': {'host': 'x', 'port': 1}}, {'db': {'host': 'x', 'port': 2}}",
                    "['~ db.port']",
                ),
                ("{'db': {'host': 'x'}}, {'db': {'host': 'x', 'pool': 5}}", "['+ db.pool']"),
            ),
        ),
        change=Change(
            "config_drift should show the values too, written with repr: '+ path = new', '- path "
            "= old' and '~ path: old -> new', the lines still sorted",
            "    lines = []\n\n"
            "    def walk(a, b, prefix):\n"
            "        for key in set(a) | set(b):\n"
            "            path = f'{prefix}{key}'\n"
            "            if key not in b:\n"
            "                lines.append(f'- {path} = {a[key]!r}')\n"
            "            elif key not in a:\n"
            "                lines.append(f'+ {path} = {b[key]!r}')\n"
            "            elif isinstance(a[key], dict) and isinstance(b[key], dict):\n"
            "                walk(a[key], b[key], f'{path}.')\n"
            "            elif a[key] != b[key]:\n"
            "                lines.append(f'~ {path}: {a[key]!r} -> {b[key]!r}')\n\n"
            "    walk(old, new, '')\n"
            "    return sorted(lines)",
            (
                (
                    "{'a': 1, 'b': 'x'}, {'b': 'y', 'c': 2}",
                    "['+ c = 2', '- a = 1', \"~ b: 'x' -> 'y'\"]",
                ),
                ("{'db': {'port': 1}}, {'db': {'port': 2}}", "['~ db.port: 1 -> 2']"),
                ("{}, {}", "[]"),
            ),
        ),
    ),
    F(
        "flatten_settings",
        "drift",
        "data",
        "a flat dict mapping each leaf's dotted path, such as 'db.port', to the leaf, for a "
        "nested dict whose leaves are its values that are not dicts and its empty dicts",
        "    flat = {}\n\n"
        "    def walk(node, prefix):\n"
        "        for key, value in node.items():\n"
        "            path = f'{prefix}{key}'\n"
        "            if isinstance(value, dict) and value:\n"
        "                walk(value, f'{path}.')\n"
        "            else:\n"
        "                flat[path] = value\n\n"
        "    walk(data, '')\n"
        "    return flat",
        (
            (
                "{'db': {'host': 'x', 'port': 5432}, 'debug': True}",
                "{'db.host': 'x', 'db.port': 5432, 'debug': True}",
            ),
            ("{}", "{}"),
            ("{'a': {'b': {'c': [1, 2]}}}", "{'a.b.c': [1, 2]}"),
        ),
        defect=Defect(
            "    flat = {}\n\n"
            "    def walk(node, prefix):\n"
            "        for key, value in node.items():\n"
            "            if isinstance(value, dict):\n"
            "                walk(value, f'{prefix}{key}.')\n"
            "            else:\n"
            "                flat[f'{prefix}{key}'] = value\n\n"
            "    walk(data, '')\n"
            "    return flat",
            "an empty section, such as a key 'extra' holding an empty dict",
            "the key vanishes; an empty dict is kept as it is under its path",
            (
                ("{'extra': {}, 'a': 1}", "{'extra': {}, 'a': 1}"),
                ("{'db': {'opts': {}, 'host': 'x'}}", "{'db.opts': {}, 'db.host': 'x'}"),
            ),
        ),
    ),
    F(
        "is_valid_hostname",
        "dns",
        "name",
        "whether name is a valid DNS host name: at most 253 characters without one optional "
        "trailing dot, and dot-separated labels of 1 to 63 ASCII letters, digits or '-', none "
        "starting or ending with '-'",
        "    import re\n\n"
        "    if name.endswith('.'):\n"
        "        name = name[:-1]\n"
        "    if not name or len(name) > 253:\n"
        "        return False\n"
        "    label = re.compile(r'[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?')\n"
        "    return all(label.fullmatch(part) for part in name.split('.'))",
        (
            ("'web-01.example.com'", "True"),
            ("'example.com.'", "True"),
            ("'a..b'", "False"),
            ("''", "False"),
            ("'under_score.io'", "False"),
            ("'a' * 64 + '.com'", "False"),
            ("'.'.join(['abc'] * 64)", "False"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    if name.endswith('.'):\n"
            "        name = name[:-1]\n"
            "    if not name or len(name) > 253:\n"
            "        return False\n"
            "    return all(re.fullmatch(r'[A-Za-z0-9-]{1,63}', part) for part in name.split('.'))",
            "a label starting or ending with '-', such as '-web.example.com'",
            "it is accepted; labels cannot start or end with '-'",
            (
                ("'-web.example.com'", "False"),
                ("'web-.example.com'", "False"),
            ),
        ),
        change=Change(
            "is_valid_hostname should also accept a wildcard name whose first label is exactly "
            "'*', such as '*.example.com'; a lone '*', or '*' anywhere else, is still invalid",
            "    import re\n\n"
            "    if name.endswith('.'):\n"
            "        name = name[:-1]\n"
            "    if name.startswith('*.'):\n"
            "        name = name[2:]\n"
            "    if not name or len(name) > 253:\n"
            "        return False\n"
            "    label = re.compile(r'[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?')\n"
            "    return all(label.fullmatch(part) for part in name.split('.'))",
            (
                ("'*.example.com'", "True"),
                ("'*'", "False"),
                ("'a.*.com'", "False"),
                ("'web.example.com'", "True"),
                ("'-web.example.com'", "False"),
            ),
        ),
    ),
    F(
        "reverse_dns_name",
        "dns",
        "address",
        "the reverse-lookup name of an IP address: an IPv4 address's numbers reversed under "
        "in-addr.arpa, an IPv6 address's 32 hex digits reversed, dot-separated, under "
        "ip6.arpa; ValueError for other text",
        "    import ipaddress\n\n    return ipaddress.ip_address(address.strip()).reverse_pointer",
        (
            ("'10.1.2.3'", "'3.2.1.10.in-addr.arpa'"),
            ("'127.0.0.1'", "'1.0.0.127.in-addr.arpa'"),
        ),
        raises=(
            ("'example.com'", "ValueError"),
            ("'10.0.0.256'", "ValueError"),
        ),
        defect=Defect(
            "    parts = address.strip().split('.')\n"
            "    if len(parts) != 4 or not all(p.isdigit() and int(p) < 256 for p in parts):\n"
            "        raise ValueError(f'not an IP address: {address!r}')\n"
            "    return '.'.join(reversed(parts)) + '.in-addr.arpa'",
            "an IPv6 address such as '2001:db8::1'",
            "it raises ValueError; IPv6 addresses have reverse names too, digit by digit under "
            "ip6.arpa",
            (
                (
                    "'2001:db8::1'",
                    "'1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa'",
                ),
                (
                    "'::1'",
                    "'1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.ip6.arpa'",
                ),
            ),
        ),
    ),
    F(
        "find_zone",
        "dns",
        "name, zones",
        "the longest of `zones`, as written there, that a DNS name belongs to (equal to it or "
        "ending with '.' and the zone), compared in any case with trailing dots ignored, or "
        "None",
        "    def norm(text):\n"
        "        return text.lower().rstrip('.')\n\n"
        "    host = norm(name)\n"
        "    best = None\n"
        "    for zone in zones:\n"
        "        z = norm(zone)\n"
        "        if host == z or host.endswith('.' + z):\n"
        "            if best is None or len(z) > len(norm(best)):\n"
        "                best = zone\n"
        "    return best",
        (
            ("'www.example.com', ['com', 'example.com']", "'example.com'"),
            ("'WWW.EXAMPLE.COM.', ['Example.com.']", "'Example.com.'"),
            ("'example.org', ['example.com']", "None"),
            ("'example.com', ['example.com']", "'example.com'"),
        ),
        defect=Defect(
            "    def norm(text):\n"
            "        return text.lower().rstrip('.')\n\n"
            "    host = norm(name)\n"
            "    best = None\n"
            "    for zone in zones:\n"
            "        if host.endswith(norm(zone)):\n"
            "            if best is None or len(norm(zone)) > len(norm(best)):\n"
            "                best = zone\n"
            "    return best",
            "a name that only ends with a zone's text, such as 'notexample.com' for zone "
            "'example.com'",
            "it is put in that zone; a zone matches whole labels only",
            (
                ("'notexample.com', ['example.com', 'com']", "'com'"),
                ("'badexample.com', ['example.com']", "None"),
            ),
        ),
    ),
    F(
        "parse_dns_record",
        "dns",
        "line",
        "a dict of 'name', 'ttl' (an int, None if absent), 'type' and 'data' (the remaining "
        "words, space-joined) from a zone file line like 'www 300 IN A 10.0.0.1', IN "
        "optional; ValueError without type or data",
        "    words = line.split()\n"
        "    if len(words) < 3:\n"
        "        raise ValueError(f'not a record: {line!r}')\n"
        "    rest = words[1:]\n"
        "    ttl = None\n"
        "    if rest[0].isdigit():\n"
        "        ttl = int(rest.pop(0))\n"
        "    if rest and rest[0].upper() == 'IN':\n"
        "        rest.pop(0)\n"
        "    if len(rest) < 2:\n"
        "        raise ValueError(f'not a record: {line!r}')\n"
        "    return {'name': words[0], 'ttl': ttl, 'type': rest[0], 'data': ' '.join(rest[1:])}",
        (
            (
                "'www 300 IN A 10.0.0.1'",
                "{'name': 'www', 'ttl': 300, 'type': 'A', 'data': '10.0.0.1'}",
            ),
            (
                "'@ 3600 TXT \"v=spf1 -all\"'",
                "{'name': '@', 'ttl': 3600, 'type': 'TXT', 'data': '\"v=spf1 -all\"'}",
            ),
            (
                "'mail  60  IN  MX  10 mx.example.com.'",
                "{'name': 'mail', 'ttl': 60, 'type': 'MX', 'data': '10 mx.example.com.'}",
            ),
        ),
        raises=(
            ("'www 300 IN'", "ValueError"),
            ("''", "ValueError"),
        ),
        defect=Defect(
            "    words = line.split()\n"
            "    if len(words) < 4:\n"
            "        raise ValueError(f'not a record: {line!r}')\n"
            "    rest = words[2:]\n"
            "    if rest[0].upper() == 'IN':\n"
            "        rest = rest[1:]\n"
            "    if len(rest) < 2:\n"
            "        raise ValueError(f'not a record: {line!r}')\n"
            "    return {'name': words[0], 'ttl': int(words[1]), 'type': rest[0], 'data': ' '.join(rest[1:])}",
            "a record without a TTL, such as 'mail IN MX 10 mx.example.com.'",
            "it raises ValueError; the TTL may be left out, and is then None",
            (
                (
                    "'mail IN MX 10 mx.example.com.'",
                    "{'name': 'mail', 'ttl': None, 'type': 'MX', 'data': '10 mx.example.com.'}",
                ),
                ("'api CNAME web'", "{'name': 'api', 'ttl': None, 'type': 'CNAME', 'data': 'web'}"),
            ),
        ),
    ),
    F(
        "count_addresses",
        "iprange",
        "start, end",
        "how many IPv4 addresses there are from start to end, both included, raising "
        "ValueError when end comes before start or either is not an IPv4 address",
        "    import ipaddress\n\n"
        "    first = ipaddress.ip_address(start)\n"
        "    last = ipaddress.ip_address(end)\n"
        "    if first.version != 4 or last.version != 4:\n"
        "        raise ValueError(f'not IPv4: {start!r}, {end!r}')\n"
        "    if last < first:\n"
        "        raise ValueError(f'{end} is before {start}')\n"
        "    return int(last) - int(first) + 1",
        (
            ("'10.0.0.1', '10.0.0.10'", "10"),
            ("'192.168.1.7', '192.168.1.7'", "1"),
        ),
        raises=(
            ("'10.0.0.9', '10.0.0.1'", "ValueError"),
            ("'10.0.0.1', 'x'", "ValueError"),
        ),
        defect=Defect(
            "    import ipaddress\n\n"
            "    first = ipaddress.ip_address(start)\n"
            "    last = ipaddress.ip_address(end)\n"
            "    if first.version != 4 or last.version != 4:\n"
            "        raise ValueError(f'not IPv4: {start!r}, {end!r}')\n"
            "    if last < first:\n"
            "        raise ValueError(f'{end} is before {start}')\n"
            "    return int(end.split('.')[-1]) - int(start.split('.')[-1]) + 1",
            "a range across octets, such as '10.0.0.250' to '10.0.1.5'",
            "the count is wrong; the whole address counts, not just its last number",
            (
                ("'10.0.0.250', '10.0.1.5'", "12"),
                ("'10.0.0.0', '10.0.255.255'", "65536"),
            ),
        ),
    ),
    F(
        "range_to_cidrs",
        "iprange",
        "start, end",
        "the fewest CIDR blocks, as text such as '10.0.0.2/31' in address order, that cover "
        "exactly the IPv4 addresses from start to end, both included; ValueError when end "
        "comes before start",
        "    import ipaddress\n\n"
        "    first = ipaddress.IPv4Address(start)\n"
        "    last = ipaddress.IPv4Address(end)\n"
        "    if last < first:\n"
        "        raise ValueError(f'{end} is before {start}')\n"
        "    return [str(block) for block in ipaddress.summarize_address_range(first, last)]",
        (
            ("'10.0.0.0', '10.0.0.255'", "['10.0.0.0/24']"),
            (
                "'10.0.0.1', '10.0.0.6'",
                "['10.0.0.1/32', '10.0.0.2/31', '10.0.0.4/31', '10.0.0.6/32']",
            ),
            ("'192.168.0.0', '192.168.1.255'", "['192.168.0.0/23']"),
            ("'10.9.9.9', '10.9.9.9'", "['10.9.9.9/32']"),
        ),
        raises=(("'10.0.0.5', '10.0.0.1'", "ValueError"),),
    ),
    F(
        "next_free_address",
        "iprange",
        "network, used",
        "the lowest host address of an IPv4 CIDR block (its first and last addresses excluded "
        "unless it is a /31 or /32) that is not in the list used, or None when all are taken",
        "    import ipaddress\n\n"
        "    taken = set(used)\n"
        "    for host in ipaddress.IPv4Network(network, strict=False).hosts():\n"
        "        if str(host) not in taken:\n"
        "            return str(host)\n"
        "    return None",
        (
            ("'10.0.0.0/24', []", "'10.0.0.1'"),
            ("'10.0.0.0/24', ['10.0.0.1', '10.0.0.2']", "'10.0.0.3'"),
            ("'10.0.0.0/31', ['10.0.0.0']", "'10.0.0.1'"),
        ),
        defect=Defect(
            "    import ipaddress\n\n"
            "    taken = set(used)\n"
            "    for host in list(ipaddress.IPv4Network(network, strict=False))[1:]:\n"
            "        if str(host) not in taken:\n"
            "            return str(host)\n"
            "    return None",
            "a block whose hosts are all taken, such as 10.0.0.0/30 with .1 and .2 used",
            "it hands out the broadcast address; there is no free address left",
            (
                ("'10.0.0.0/30', ['10.0.0.1', '10.0.0.2']", "None"),
                (
                    "'192.168.5.0/29', ['192.168.5.1', '192.168.5.2', '192.168.5.3', '192.168.5.4', '192.168.5.5', '192.168.5.6']",
                    "None",
                ),
            ),
        ),
    ),
    F(
        "parse_unit_file",
        "systemd",
        "text",
        "a systemd unit file as a dict of section to dict of key to list of values (keys may "
        "repeat), spaces around '=' stripped, blank, # and ; lines skipped; ValueError for a "
        "key before any section",
        "    sections = {}\n"
        "    current = None\n"
        "    for raw in text.splitlines():\n"
        "        line = raw.strip()\n"
        "        if not line or line.startswith(('#', ';')):\n"
        "            continue\n"
        "        if line.startswith('[') and line.endswith(']'):\n"
        "            current = sections.setdefault(line[1:-1], {})\n"
        "            continue\n"
        "        if current is None:\n"
        "            raise ValueError(f'key outside a section: {line!r}')\n"
        "        key, _, value = line.partition('=')\n"
        "        current.setdefault(key.strip(), []).append(value.strip())\n"
        "    return sections",
        (
            (
                "'[Unit]\\nDescription=Web\\n\\n[Service]\\nExecStartPre=/bin/a\\nExecStartPre=/bin/b\\n# note\\nExecStart=/bin/web\\n'",
                "{'Unit': {'Description': ['Web']}, 'Service': {'ExecStartPre': ['/bin/a', '/bin/b'], 'ExecStart': ['/bin/web']}}",
            ),
            (
                "'[Service]\\n; off\\nEnvironment=MODE=prod'",
                "{'Service': {'Environment': ['MODE=prod']}}",
            ),
            ("''", "{}"),
        ),
        raises=(("'Description=x\\n[Unit]'", "ValueError"),),
        defect=Defect(
            "    sections = {}\n"
            "    current = None\n"
            "    for raw in text.splitlines():\n"
            "        line = raw.strip()\n"
            "        if not line or line.startswith(('#', ';')):\n"
            "            continue\n"
            "        if line.startswith('[') and line.endswith(']'):\n"
            "            current = sections.setdefault(line[1:-1], {})\n"
            "            continue\n"
            "        if current is None:\n"
            "            raise ValueError(f'key outside a section: {line!r}')\n"
            "        key, _, value = line.partition('=')\n"
            "        current.setdefault(key, []).append(value)\n"
            "    return sections",
            "spaces around '=', as in 'Restart = always'",
            "the key and the value keep the spaces; they are stripped",
            (
                (
                    "'[Service]\\nRestart = always\\nUser= web'",
                    "{'Service': {'Restart': ['always'], 'User': ['web']}}",
                ),
            ),
        ),
    ),
    F(
        "failed_units",
        "systemd",
        "output",
        "the names of the units whose ACTIVE column, the third, is 'failed' in `systemctl "
        "list-units` output, in order; a '●' marker at the start of a line is not a column",
        "    names = []\n"
        "    for line in output.splitlines():\n"
        "        words = line.strip().removeprefix('●').split()\n"
        "        if len(words) >= 3 and words[2] == 'failed':\n"
        "            names.append(words[0])\n"
        "    return names",
        (
            (
                "'UNIT LOAD ACTIVE SUB DESCRIPTION\\nnginx.service loaded active running Web\\ncron.service loaded failed failed Cron'",
                "['cron.service']",
            ),
            ("''", "[]"),
        ),
        defect=Defect(
            "    names = []\n"
            "    for line in output.splitlines():\n"
            "        words = line.split()\n"
            "        if len(words) >= 3 and words[2] == 'failed':\n"
            "            names.append(words[0])\n"
            "    return names",
            "a failed unit marked with '●' at the start of its line, as systemctl prints it",
            "it is missed; the marker is not a column",
            (
                (
                    "'  UNIT LOAD ACTIVE SUB DESCRIPTION\\n● db.service loaded failed failed DB\\n  web.service loaded active running Web\\n● mq.service loaded failed failed MQ'",
                    "['db.service', 'mq.service']",
                ),
            ),
        ),
    ),
    F(
        "mount_unit_name",
        "systemd",
        "path",
        "the systemd mount unit name of a path: outer slashes dropped, '/' written '-', "
        "characters other than ASCII letters, digits, '_', '.' and ':' as backslash, x, two "
        "lowercase hex digits; then '.mount' ('-.mount' for '/')",
        "    import string\n\n"
        "    allowed = set(string.ascii_letters + string.digits + '_.:')\n"
        "    parts = [part for part in path.split('/') if part]\n"
        "    if not parts:\n"
        "        return '-.mount'\n\n"
        "    def escape(part):\n"
        "        out = []\n"
        "        for char in part:\n"
        "            if char in allowed:\n"
        "                out.append(char)\n"
        "            else:\n"
        "                out.extend(f'\\\\x{byte:02x}' for byte in char.encode())\n"
        "        return ''.join(out)\n\n"
        "    return '-'.join(escape(part) for part in parts) + '.mount'",
        (
            ("'/var/lib/data'", "'var-lib-data.mount'"),
            ("'/'", "'-.mount'"),
            ("'/mnt/backup disk'", "'mnt-backup\\\\x20disk.mount'"),
            ("'/srv/'", "'srv.mount'"),
        ),
        defect=Defect(
            "    name = path.strip('/')\n"
            "    if not name:\n"
            "        return '-.mount'\n"
            "    return name.replace(' ', '\\\\x20').replace('/', '-') + '.mount'",
            "a path with '-' in it, such as '/var/my-app'",
            "the '-' is kept and reads as a '/'; it is escaped too, as backslash x2d",
            (
                ("'/var/my-app'", "'var-my\\\\x2dapp.mount'"),
                ("'/data-1'", "'data\\\\x2d1.mount'"),
            ),
        ),
    ),
    F(
        "parse_image_ref",
        "images",
        "ref",
        "a (registry, repository, tag) tuple for a Docker image reference: the first '/'-part "
        "is the registry if it holds '.' or ':' or is 'localhost', else 'docker.io', adding "
        "'library/' to a one-part name; tag 'latest' when none",
        "    first, slash, rest = ref.partition('/')\n"
        "    if slash and ('.' in first or ':' in first or first == 'localhost'):\n"
        "        registry, name = first, rest\n"
        "    else:\n"
        "        registry, name = 'docker.io', ref\n"
        "        if '/' not in name:\n"
        "            name = 'library/' + name\n"
        "    name, colon, tag = name.partition(':')\n"
        "    return registry, name, tag if colon else 'latest'",
        (
            ("'nginx'", "('docker.io', 'library/nginx', 'latest')"),
            ("'nginx:1.25'", "('docker.io', 'library/nginx', '1.25')"),
            ("'grafana/grafana:10.0.0'", "('docker.io', 'grafana/grafana', '10.0.0')"),
            ("'ghcr.io/acme/api:v2'", "('ghcr.io', 'acme/api', 'v2')"),
        ),
        defect=Defect(
            "    ref, colon, tag = ref.partition(':')\n"
            "    first, slash, rest = ref.partition('/')\n"
            "    if slash and ('.' in first or first == 'localhost'):\n"
            "        registry, name = first, rest\n"
            "    else:\n"
            "        registry, name = 'docker.io', ref\n"
            "        if '/' not in name:\n"
            "            name = 'library/' + name\n"
            "    return registry, name, tag if colon else 'latest'",
            "a registry with a port, such as 'localhost:5000/app'",
            "the port is taken for the tag; the tag is only after a ':' in the last part",
            (
                ("'localhost:5000/app'", "('localhost:5000', 'app', 'latest')"),
                (
                    "'registry.local:5000/team/api:1.2'",
                    "('registry.local:5000', 'team/api', '1.2')",
                ),
            ),
        ),
        change=Change(
            "parse_image_ref should answer a fourth item, the digest after '@' such as "
            "'sha256:abc123', or None when there is none; a reference with a digest and no tag "
            "has tag None instead of 'latest'",
            "    ref, at, digest = ref.partition('@')\n"
            "    first, slash, rest = ref.partition('/')\n"
            "    if slash and ('.' in first or ':' in first or first == 'localhost'):\n"
            "        registry, name = first, rest\n"
            "    else:\n"
            "        registry, name = 'docker.io', ref\n"
            "        if '/' not in name:\n"
            "            name = 'library/' + name\n"
            "    name, colon, tag = name.partition(':')\n"
            "    if not colon:\n"
            "        tag = None if at else 'latest'\n"
            "    return registry, name, tag, digest if at else None",
            (
                ("'nginx@sha256:abc123'", "('docker.io', 'library/nginx', None, 'sha256:abc123')"),
                (
                    "'nginx:1.25@sha256:abc123'",
                    "('docker.io', 'library/nginx', '1.25', 'sha256:abc123')",
                ),
                ("'nginx'", "('docker.io', 'library/nginx', 'latest', None)"),
                ("'localhost:5000/app:2'", "('localhost:5000', 'app', '2', None)"),
            ),
        ),
    ),
    F(
        "newest_version_tag",
        "images",
        "tags",
        "the highest of a list of image tags that are plain versions 'X.Y.Z', optionally "
        "after a 'v', compared number by number (other tags such as 'latest' or '1.2.0-rc1' "
        "ignored), or None",
        "    import re\n\n"
        "    best, best_key = None, None\n"
        "    for tag in tags:\n"
        "        match = re.fullmatch(r'v?(\\d+)\\.(\\d+)\\.(\\d+)', tag)\n"
        "        if match is None:\n"
        "            continue\n"
        "        key = tuple(int(g) for g in match.groups())\n"
        "        if best_key is None or key > best_key:\n"
        "            best, best_key = tag, key\n"
        "    return best",
        (
            ("['1.2.0', '1.3.0', 'latest']", "'1.3.0'"),
            ("['main', 'latest']", "None"),
            ("['v2.0.1', '2.0.0', '2.1.0-rc1']", "'v2.0.1'"),
            ("[]", "None"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    versions = [t for t in tags if re.fullmatch(r'v?\\d+\\.\\d+\\.\\d+', t)]\n"
            "    if not versions:\n"
            "        return None\n"
            "    return max(versions, key=lambda t: t.lstrip('v'))",
            "versions like '1.9.0' and '1.10.0'",
            "'1.9.0' is taken as newer; versions compare number by number",
            (
                ("['1.9.0', '1.10.0']", "'1.10.0'"),
                ("['v0.9.9', 'v0.10.0', '0.2.0']", "'v0.10.0'"),
            ),
        ),
    ),
    F(
        "base_images",
        "images",
        "dockerfile",
        "the images a Dockerfile's FROM lines (in any case) build on, in order: each line's "
        "first word after FROM not starting with '--', leaving out names of earlier stages "
        "(given by 'AS name') used as a base",
        "    images = []\n"
        "    stages = set()\n"
        "    for raw in dockerfile.splitlines():\n"
        "        words = raw.split()\n"
        "        if not words or words[0].upper() != 'FROM':\n"
        "            continue\n"
        "        args = [w for w in words[1:] if not w.startswith('--')]\n"
        "        if not args:\n"
        "            continue\n"
        "        if args[0].lower() not in stages:\n"
        "            images.append(args[0])\n"
        "        if len(args) >= 3 and args[1].upper() == 'AS':\n"
        "            stages.add(args[2].lower())\n"
        "    return images",
        (
            (
                "'FROM python:3.12 AS build\\nRUN make\\nFROM debian:12\\nCOPY --from=build /app /app'",
                "['python:3.12', 'debian:12']",
            ),
            (
                "'FROM golang:1.22 AS builder\\nFROM builder AS test\\nFROM alpine:3'",
                "['golang:1.22', 'alpine:3']",
            ),
            ("''", "[]"),
            ("'from ubuntu'", "['ubuntu']"),
        ),
        defect=Defect(
            "    images = []\n"
            "    stages = set()\n"
            "    for raw in dockerfile.splitlines():\n"
            "        words = raw.split()\n"
            "        if len(words) < 2 or words[0].upper() != 'FROM':\n"
            "            continue\n"
            "        if words[1].lower() not in stages:\n"
            "            images.append(words[1])\n"
            "        if len(words) >= 4 and words[2].upper() == 'AS':\n"
            "            stages.add(words[3].lower())\n"
            "    return images",
            "a FROM line with a flag, such as 'FROM --platform=linux/amd64 node:20'",
            "the flag is returned instead of the image",
            (("'FROM --platform=linux/amd64 node:20 AS web\\nFROM web'", "['node:20']"),),
        ),
    ),
    F(
        "cpu_millicores",
        "kube",
        "quantity",
        "the millicores, as an int, in a Kubernetes CPU quantity: '250m' is 250, and cores "
        "such as '2' or '0.5' are 2000 and 500; ValueError for other text or a value finer "
        "than one millicore",
        "    import re\n"
        "    from fractions import Fraction\n\n"
        "    match = re.fullmatch(r'(\\d+(?:\\.\\d+)?)(m?)', quantity.strip())\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a CPU quantity: {quantity!r}')\n"
        "    value = Fraction(match.group(1))\n"
        "    if not match.group(2):\n"
        "        value *= 1000\n"
        "    if value.denominator != 1:\n"
        "        raise ValueError(f'finer than a millicore: {quantity!r}')\n"
        "    return int(value)",
        (
            ("'250m'", "250"),
            ("'2'", "2000"),
            ("'0.5'", "500"),
            ("'1.25'", "1250"),
        ),
        raises=(
            ("'0.0005'", "ValueError"),
            ("'two'", "ValueError"),
            ("'100Mi'", "ValueError"),
            ("'1.5m'", "ValueError"),
        ),
        defect=Defect(
            "    text = quantity.strip()\n"
            "    if text.endswith('m'):\n"
            "        return int(text[:-1])\n"
            "    value = float(text) * 1000\n"
            "    if value != int(value):\n"
            "        raise ValueError(f'finer than a millicore: {quantity!r}')\n"
            "    return int(value)",
            "a core count with three decimals, such as '1.001' or '1.013'",
            "it raises ValueError from floating-point error; those are exactly 1001 and 1013 "
            "millicores",
            (
                ("'1.001'", "1001"),
                ("'1.013'", "1013"),
            ),
        ),
        change=Change(
            "cpu_millicores should round a value finer than a millicore up to the next whole "
            "millicore, as Kubernetes does ('0.0005' gives 1, '1.5m' gives 2), instead of "
            "raising; other text still raises ValueError",
            "    import math\n"
            "    import re\n"
            "    from fractions import Fraction\n\n"
            "    match = re.fullmatch(r'(\\d+(?:\\.\\d+)?)(m?)', quantity.strip())\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a CPU quantity: {quantity!r}')\n"
            "    value = Fraction(match.group(1))\n"
            "    if not match.group(2):\n"
            "        value *= 1000\n"
            "    return math.ceil(value)",
            (
                ("'0.0005'", "1"),
                ("'1.5m'", "2"),
                ("'250m'", "250"),
                ("'2'", "2000"),
            ),
            raises=(
                ("'two'", "ValueError"),
                ("'100Mi'", "ValueError"),
            ),
        ),
    ),
    F(
        "memory_quantity",
        "kube",
        "size",
        "a byte count as a Kubernetes memory quantity in the largest of Ti, Gi, Mi and Ki "
        "(powers of 1024) that divides it exactly, like '128Mi', or as plain digits when none "
        "does ('0' for zero)",
        "    units = (('Ti', 1024**4), ('Gi', 1024**3), ('Mi', 1024**2), ('Ki', 1024))\n"
        "    for unit, factor in units:\n"
        "        if size and size % factor == 0:\n"
        "            return f'{size // factor}{unit}'\n"
        "    return str(size)",
        (
            ("134217728", "'128Mi'"),
            ("1073741824", "'1Gi'"),
            ("2048", "'2Ki'"),
            ("1000", "'1000'"),
            ("0", "'0'"),
        ),
        defect=Defect(
            "    units = (('Ti', 1024**4), ('Gi', 1024**3), ('Mi', 1024**2), ('Ki', 1024))\n"
            "    for unit, factor in units:\n"
            "        if size >= factor:\n"
            "            return f'{size // factor}{unit}'\n"
            "    return str(size)",
            "a size that is not a whole number of the larger unit, such as 1610612736 (1.5 Gi)",
            "it is rounded down to '1Gi'; the largest unit that divides it exactly is used, here "
            "'1536Mi'",
            (
                ("1610612736", "'1536Mi'"),
                ("1500", "'1500'"),
            ),
        ),
    ),
    F(
        "matches_selector",
        "kube",
        "labels, selector",
        "whether a label dict matches a Kubernetes selector of comma-separated requirements: "
        "'key=value' or 'key==value', 'key!=value' (true when the label is missing), 'key' "
        "(present) and '!key' (absent); '' matches everything",
        "    for raw in selector.split(','):\n"
        "        req = raw.strip()\n"
        "        if not req:\n"
        "            continue\n"
        "        if '!=' in req:\n"
        "            key, value = (p.strip() for p in req.split('!=', 1))\n"
        "            if labels.get(key) == value:\n"
        "                return False\n"
        "        elif '=' in req:\n"
        "            key, value = (p.strip() for p in req.replace('==', '=').split('=', 1))\n"
        "            if labels.get(key) != value:\n"
        "                return False\n"
        "        elif req.startswith('!'):\n"
        "            if req[1:].strip() in labels:\n"
        "                return False\n"
        "        elif req not in labels:\n"
        "            return False\n"
        "    return True",
        (
            ("{'app': 'web', 'tier': 'front'}, 'app=web'", "True"),
            ("{'app': 'web'}, 'app==api'", "False"),
            ("{'app': 'web', 'tier': 'db'}, 'app=web,tier!=db'", "False"),
            ("{'app': 'web'}, 'app,!canary'", "True"),
            ("{'canary': 'true'}, '!canary'", "False"),
            ("{}, ''", "True"),
        ),
        defect=Defect(
            "    for raw in selector.split(','):\n"
            "        req = raw.strip()\n"
            "        if not req:\n"
            "            continue\n"
            "        if '!=' in req:\n"
            "            key, value = (p.strip() for p in req.split('!=', 1))\n"
            "            if key not in labels or labels[key] == value:\n"
            "                return False\n"
            "        elif '=' in req:\n"
            "            key, value = (p.strip() for p in req.replace('==', '=').split('=', 1))\n"
            "            if labels.get(key) != value:\n"
            "                return False\n"
            "        elif req.startswith('!'):\n"
            "            if req[1:].strip() in labels:\n"
            "                return False\n"
            "        elif req not in labels:\n"
            "            return False\n"
            "    return True",
            "a '!=' requirement on a label the object lacks, such as 'tier!=db' without a tier "
            "label",
            "it does not match; a missing label is not equal to anything",
            (
                ("{'app': 'web'}, 'tier!=db'", "True"),
                ("{'app': 'web'}, 'app=web,env!=prod'", "True"),
            ),
        ),
        change=Change(
            "matches_selector should also take set requirements: 'key in (a,b)' (the label is one "
            "of those values) and 'key notin (a,b)' (the label is missing or none of them)",
            "    import re\n\n"
            "    for raw in re.split(r',(?![^()]*\\))', selector):\n"
            "        req = raw.strip()\n"
            "        if not req:\n"
            "            continue\n"
            "        inset = re.fullmatch(r'(\\S+)\\s+(in|notin)\\s*\\((.*)\\)', req)\n"
            "        if inset is not None:\n"
            "            key, op, values = inset.groups()\n"
            "            members = {v.strip() for v in values.split(',')}\n"
            "            if (labels.get(key) in members) != (op == 'in'):\n"
            "                return False\n"
            "        elif '!=' in req:\n"
            "            key, value = (p.strip() for p in req.split('!=', 1))\n"
            "            if labels.get(key) == value:\n"
            "                return False\n"
            "        elif '=' in req:\n"
            "            key, value = (p.strip() for p in req.replace('==', '=').split('=', 1))\n"
            "            if labels.get(key) != value:\n"
            "                return False\n"
            "        elif req.startswith('!'):\n"
            "            if req[1:].strip() in labels:\n"
            "                return False\n"
            "        elif req not in labels:\n"
            "            return False\n"
            "    return True",
            (
                ("{'env': 'prod'}, 'env in (prod,stage)'", "True"),
                ("{'env': 'dev'}, 'env in (prod,stage)'", "False"),
                ("{}, 'env notin (prod)'", "True"),
                ("{'env': 'dev'}, 'env notin (dev,test)'", "False"),
                ("{'env': 'prod', 'app': 'web'}, 'app=web,env notin (dev,test)'", "True"),
                ("{'app': 'web'}, 'tier!=db'", "True"),
            ),
        ),
    ),
    F(
        "kube_safe_name",
        "kube",
        "text",
        "text made a valid Kubernetes name: lowercased, each run of characters other than a-z "
        "and 0-9 replaced by one '-', cut to 63 characters, '-' trimmed from both ends after "
        "cutting",
        "    import re\n\n"
        "    name = re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')\n"
        "    return name[:63].strip('-')",
        (
            ("'My App_v2'", "'my-app-v2'"),
            ("'--Feature/LOGIN--'", "'feature-login'"),
            ("''", "''"),
            ("'x' * 70", "'x' * 63"),
        ),
        defect=Defect(
            "    import re\n\n    return re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')[:63]",
            "a long name whose 63rd character becomes a '-', such as 62 letters, a space and more",
            "the name ends with '-', which Kubernetes rejects; '-' is trimmed after cutting too",
            (
                ("'a' * 62 + ' b'", "'a' * 62"),
                ("'ab ' * 30", "'-'.join(['ab'] * 21)"),
            ),
        ),
    ),
    F(
        "parse_cache_control",
        "headers",
        "value",
        "a dict of a Cache-Control header's comma-separated directives, names lowercased and "
        "spaces stripped, each mapped to its value (an int when all digits, without "
        "surrounding quotes otherwise) or True when it has none",
        "    directives = {}\n"
        "    for part in value.split(','):\n"
        "        part = part.strip()\n"
        "        if not part:\n"
        "            continue\n"
        "        name, sep, arg = part.partition('=')\n"
        "        name = name.strip().lower()\n"
        "        if not sep:\n"
        "            directives[name] = True\n"
        "            continue\n"
        "        arg = arg.strip().strip('\"')\n"
        "        directives[name] = int(arg) if arg.isdigit() else arg\n"
        "    return directives",
        (
            ("'public, max-age=3600'", "{'public': True, 'max-age': 3600}"),
            (
                "'no-cache=\"Set-Cookie\", s-maxage=60'",
                "{'no-cache': 'Set-Cookie', 's-maxage': 60}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    directives = {}\n"
            "    for part in value.split(','):\n"
            "        part = part.strip()\n"
            "        if not part:\n"
            "            continue\n"
            "        name, sep, arg = part.partition('=')\n"
            "        if not sep:\n"
            "            directives[name.strip()] = True\n"
            "            continue\n"
            "        arg = arg.strip().strip('\"')\n"
            "        directives[name.strip()] = int(arg) if arg.isdigit() else arg\n"
            "    return directives",
            "directives written in capitals, such as 'Max-Age=60, No-Store'",
            "the names keep their capitals; they are lowercased",
            (("'Max-Age=60, No-Store'", "{'max-age': 60, 'no-store': True}"),),
        ),
    ),
    F(
        "shared_cache_ttl",
        "headers",
        "headers",
        "the seconds a shared cache may keep a response, from a dict of headers (names in any "
        "case): 0 if Cache-Control has no-store, no-cache or private, else its s-maxage, else "
        "max-age, else None",
        "    control = ''\n"
        "    for name, value in headers.items():\n"
        "        if name.lower() == 'cache-control':\n"
        "            control = value\n"
        "    seen = {}\n"
        "    for part in control.split(','):\n"
        "        key, _, arg = part.strip().partition('=')\n"
        "        seen[key.strip().lower()] = arg.strip()\n"
        "    if seen.keys() & {'no-store', 'no-cache', 'private'}:\n"
        "        return 0\n"
        "    for key in ('s-maxage', 'max-age'):\n"
        "        if key in seen and seen[key].isdigit():\n"
        "            return int(seen[key])\n"
        "    return None",
        (
            ("{'Cache-Control': 'public, max-age=600'}", "600"),
            ("{'cache-control': 'max-age=5'}", "5"),
            ("{'Cache-Control': 'private, max-age=600'}", "0"),
            ("{'CACHE-CONTROL': 'no-store'}", "0"),
            ("{'Content-Type': 'text/html'}", "None"),
        ),
        defect=Defect(
            "    control = ''\n"
            "    for name, value in headers.items():\n"
            "        if name.lower() == 'cache-control':\n"
            "            control = value\n"
            "    seen = {}\n"
            "    for part in control.split(','):\n"
            "        key, _, arg = part.strip().partition('=')\n"
            "        seen[key.strip().lower()] = arg.strip()\n"
            "    if seen.keys() & {'no-store', 'no-cache', 'private'}:\n"
            "        return 0\n"
            "    for key in ('max-age', 's-maxage'):\n"
            "        if key in seen and seen[key].isdigit():\n"
            "            return int(seen[key])\n"
            "    return None",
            "an s-maxage next to a max-age",
            "max-age wins; a shared cache takes s-maxage first",
            (
                ("{'Cache-Control': 'max-age=600, s-maxage=60'}", "60"),
                ("{'Cache-Control': 's-maxage=0, max-age=300'}", "0"),
            ),
        ),
    ),
    F(
        "accepted_media_types",
        "headers",
        "header",
        "the media types of an Accept header, highest q first (q defaults to 1, ties keep the "
        "header's order), without their parameters, leaving out any type with q=0",
        "    ranked = []\n"
        "    for index, part in enumerate(header.split(',')):\n"
        "        fields = [f.strip() for f in part.split(';')]\n"
        "        if not fields[0]:\n"
        "            continue\n"
        "        q = 1.0\n"
        "        for field in fields[1:]:\n"
        "            key, _, value = field.partition('=')\n"
        "            if key.strip().lower() == 'q':\n"
        "                q = float(value)\n"
        "        if q > 0:\n"
        "            ranked.append((-q, index, fields[0]))\n"
        "    return [media for _, _, media in sorted(ranked)]",
        (
            (
                "'text/html, application/json;q=0.9, */*;q=0.1'",
                "['text/html', 'application/json', '*/*']",
            ),
            ("'application/json;q=0.5, text/plain'", "['text/plain', 'application/json']"),
            ("'text/html;level=1, text/plain'", "['text/html', 'text/plain']"),
            ("''", "[]"),
        ),
        defect=Defect(
            "    ranked = []\n"
            "    for index, part in enumerate(header.split(',')):\n"
            "        fields = [f.strip() for f in part.split(';')]\n"
            "        if not fields[0]:\n"
            "            continue\n"
            "        q = 1.0\n"
            "        for field in fields[1:]:\n"
            "            key, _, value = field.partition('=')\n"
            "            if key.strip().lower() == 'q':\n"
            "                q = float(value)\n"
            "        ranked.append((-q, index, fields[0]))\n"
            "    return [media for _, _, media in sorted(ranked)]",
            "a type with q=0, which means not acceptable",
            "it is still listed; a type with q=0 is left out",
            (
                ("'text/html, application/xml;q=0'", "['text/html']"),
                ("'*/*;q=0, image/png'", "['image/png']"),
            ),
        ),
    ),
    F(
        "user_agent_family",
        "headers",
        "agent",
        "a User-Agent's family by the first rule that fits: 'bot' if it holds bot, spider or "
        "crawl in any case, then 'curl', 'Edge', 'Chrome', 'Firefox', 'Safari' if it holds "
        "'curl/', 'Edg/', 'Chrome/', 'Firefox/', 'Safari/', else 'other'",
        "    lowered = agent.lower()\n"
        "    if any(word in lowered for word in ('bot', 'spider', 'crawl')):\n"
        "        return 'bot'\n"
        "    rules = (('curl/', 'curl'), ('Edg/', 'Edge'), ('Chrome/', 'Chrome'),\n"
        "             ('Firefox/', 'Firefox'), ('Safari/', 'Safari'))\n"
        "    for mark, family in rules:\n"
        "        if mark in agent:\n"
        "            return family\n"
        "    return 'other'",
        (
            ("'curl/8.4.0'", "'curl'"),
            (
                "'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'",
                "'Chrome'",
            ),
            ("'Mozilla/5.0 (compatible; Googlebot/2.1)'", "'bot'"),
            ("'AhrefsBot/7.0'", "'bot'"),
            (
                "'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15'",
                "'Safari'",
            ),
            ("'Mozilla/5.0 (X11; rv:125.0) Gecko/20100101 Firefox/125.0'", "'Firefox'"),
            ("'python-requests/2.31'", "'other'"),
        ),
        defect=Defect(
            "    lowered = agent.lower()\n"
            "    if any(word in lowered for word in ('bot', 'spider', 'crawl')):\n"
            "        return 'bot'\n"
            "    rules = (('curl/', 'curl'), ('Chrome/', 'Chrome'), ('Edg/', 'Edge'),\n"
            "             ('Firefox/', 'Firefox'), ('Safari/', 'Safari'))\n"
            "    for mark, family in rules:\n"
            "        if mark in agent:\n"
            "            return family\n"
            "    return 'other'",
            "an Edge browser, whose User-Agent also names Chrome and Safari",
            "it is counted as Chrome; 'Edg/' is checked before 'Chrome/'",
            (
                (
                    "'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51'",
                    "'Edge'",
                ),
            ),
        ),
        change=Change(
            "user_agent_family should also know Opera: 'Opera' when the agent holds 'OPR/', "
            "checked after the bot and curl rules and before Edge",
            "    lowered = agent.lower()\n"
            "    if any(word in lowered for word in ('bot', 'spider', 'crawl')):\n"
            "        return 'bot'\n"
            "    rules = (('curl/', 'curl'), ('OPR/', 'Opera'), ('Edg/', 'Edge'), ('Chrome/', 'Chrome'),\n"
            "             ('Firefox/', 'Firefox'), ('Safari/', 'Safari'))\n"
            "    for mark, family in rules:\n"
            "        if mark in agent:\n"
            "            return family\n"
            "    return 'other'",
            (
                (
                    "'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0'",
                    "'Opera'",
                ),
                (
                    "'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51'",
                    "'Edge'",
                ),
                ("'curl/8.4.0'", "'curl'"),
                (
                    "'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'",
                    "'Chrome'",
                ),
            ),
        ),
    ),
    F(
        "parse_link_header",
        "headers",
        "header",
        'a dict of rel to URL from an HTTP Link header such as \'<https://x/?p=2>; rel="next", '
        "<https://x/?p=9>; rel=last' (rel quoted or not, links without a rel skipped), a ',' "
        "inside the angle brackets belonging to the URL",
        "    import re\n\n"
        "    links = {}\n"
        "    for match in re.finditer(r'<([^>]*)>([^<]*)', header):\n"
        "        url, params = match.groups()\n"
        '        rel = re.search(r\';\\s*rel\\s*=\\s*"?([^";,]+)"?\', params)\n'
        "        if rel is not None:\n"
        "            links[rel.group(1).strip()] = url\n"
        "    return links",
        (
            (
                '\'<https://api.x/items?page=2>; rel="next", <https://api.x/items?page=9>; rel="last"\'',
                "{'next': 'https://api.x/items?page=2', 'last': 'https://api.x/items?page=9'}",
            ),
            ("'<https://a/b>; rel=prev'", "{'prev': 'https://a/b'}"),
            ("'<https://a/c>; title=\"x\"'", "{}"),
            ("''", "{}"),
        ),
        defect=Defect(
            "    links = {}\n"
            "    for part in header.split(','):\n"
            "        url, _, params = part.strip().partition(';')\n"
            "        url = url.strip()[1:-1]\n"
            "        for param in params.split(';'):\n"
            "            key, _, value = param.strip().partition('=')\n"
            "            if key.strip() == 'rel':\n"
            "                links[value.strip().strip('\"')] = url\n"
            "    return links",
            "a URL that contains ',', such as '<https://x/items?ids=1,2&page=2>; rel=\"next\"'",
            "the URL is cut at the ','; only commas outside the angle brackets separate links",
            (
                (
                    "'<https://api.x/items?ids=1,2&page=2>; rel=\"next\"'",
                    "{'next': 'https://api.x/items?ids=1,2&page=2'}",
                ),
            ),
        ),
    ),
    F(
        "describe_exit_status",
        "exitcodes",
        "status",
        "the meaning of a process exit status: 'ok' for 0, 'not executable' for 126, 'command "
        "not found' for 127, 'killed by SIGNAME' for 128 plus a signal number or minus a "
        "signal number, else 'failed with N'",
        "    import signal\n\n"
        "    if status == 0:\n"
        "        return 'ok'\n"
        "    if status == 126:\n"
        "        return 'not executable'\n"
        "    if status == 127:\n"
        "        return 'command not found'\n"
        "    if status < 0 or status > 128:\n"
        "        number = -status if status < 0 else status - 128\n"
        "        try:\n"
        "            return f'killed by {signal.Signals(number).name}'\n"
        "        except ValueError:\n"
        "            pass\n"
        "    return f'failed with {status}'",
        (
            ("0", "'ok'"),
            ("1", "'failed with 1'"),
            ("127", "'command not found'"),
            ("126", "'not executable'"),
            ("137", "'killed by SIGKILL'"),
            ("143", "'killed by SIGTERM'"),
            ("130", "'killed by SIGINT'"),
        ),
        defect=Defect(
            "    import signal\n\n"
            "    if status == 0:\n"
            "        return 'ok'\n"
            "    if status == 126:\n"
            "        return 'not executable'\n"
            "    if status == 127:\n"
            "        return 'command not found'\n"
            "    if status > 128:\n"
            "        try:\n"
            "            return f'killed by {signal.Signals(status - 128).name}'\n"
            "        except ValueError:\n"
            "            pass\n"
            "    return f'failed with {status}'",
            "a negative status such as -9, which is how Python's subprocess reports a process "
            "killed by a signal",
            "it says 'failed with -9'; minus a signal number means killed by that signal",
            (
                ("-9", "'killed by SIGKILL'"),
                ("-15", "'killed by SIGTERM'"),
            ),
        ),
        change=Change(
            "describe_exit_status should say 'timed out' for 124, the status the timeout command "
            "exits with when it stops a command",
            "    import signal\n\n"
            "    if status == 0:\n"
            "        return 'ok'\n"
            "    if status == 124:\n"
            "        return 'timed out'\n"
            "    if status == 126:\n"
            "        return 'not executable'\n"
            "    if status == 127:\n"
            "        return 'command not found'\n"
            "    if status < 0 or status > 128:\n"
            "        number = -status if status < 0 else status - 128\n"
            "        try:\n"
            "            return f'killed by {signal.Signals(number).name}'\n"
            "        except ValueError:\n"
            "            pass\n"
            "    return f'failed with {status}'",
            (
                ("124", "'timed out'"),
                ("137", "'killed by SIGKILL'"),
                ("-9", "'killed by SIGKILL'"),
                ("0", "'ok'"),
                ("2", "'failed with 2'"),
            ),
        ),
    ),
    F(
        "pipefail_status",
        "exitcodes",
        "statuses",
        "the exit status of a shell pipeline under pipefail, from its commands' statuses left "
        "to right: the rightmost one that is not 0, or 0 when all are 0 or there are none",
        "    for status in reversed(statuses):\n"
        "        if status:\n"
        "            return status\n"
        "    return 0",
        (
            ("[0, 0, 0]", "0"),
            ("[0, 1, 0]", "1"),
            ("[0, 0, 141]", "141"),
            ("[]", "0"),
        ),
        defect=Defect(
            "    return max(statuses, default=0)",
            "several failing commands, such as [141, 0, 1]",
            "it answers the largest status; pipefail takes the rightmost status that is not 0",
            (
                ("[141, 0, 1]", "1"),
                ("[2, 1]", "1"),
            ),
        ),
    ),
    F(
        "nagios_exit_code",
        "exitcodes",
        "states",
        "the Nagios exit code for a list of check states in any case (OK 0, WARNING 1, "
        "CRITICAL 2, UNKNOWN 3): the worst state's, ranked CRITICAL, WARNING, UNKNOWN, OK; 0 "
        "for none, ValueError for another state",
        "    codes = {'OK': 0, 'WARNING': 1, 'CRITICAL': 2, 'UNKNOWN': 3}\n"
        "    names = [state.upper() for state in states]\n"
        "    for name in names:\n"
        "        if name not in codes:\n"
        "            raise ValueError(f'not a check state: {name!r}')\n"
        "    for name in ('CRITICAL', 'WARNING', 'UNKNOWN'):\n"
        "        if name in names:\n"
        "            return codes[name]\n"
        "    return 0",
        (
            ("['OK', 'WARNING']", "1"),
            ("['ok']", "0"),
            ("['OK', 'CRITICAL', 'warning']", "2"),
            ("['unknown', 'OK']", "3"),
            ("[]", "0"),
        ),
        raises=(("['OK', 'MEH']", "ValueError"),),
        defect=Defect(
            "    codes = {'OK': 0, 'WARNING': 1, 'CRITICAL': 2, 'UNKNOWN': 3}\n"
            "    names = [state.upper() for state in states]\n"
            "    for name in names:\n"
            "        if name not in codes:\n"
            "            raise ValueError(f'not a check state: {name!r}')\n"
            "    return max((codes[name] for name in names), default=0)",
            "an UNKNOWN next to a CRITICAL or WARNING",
            "it answers 3; CRITICAL and WARNING rank above UNKNOWN",
            (
                ("['CRITICAL', 'UNKNOWN']", "2"),
                ("['warning', 'unknown']", "1"),
            ),
        ),
    ),
    F(
        "shell_quote",
        "shell",
        "arg",
        "arg quoted for a POSIX shell: as it is when non-empty and only ASCII letters, digits "
        "and @%+=:,./_-, else in single quotes with each single quote inside written as "
        "'\"'\"'; '' for an empty arg",
        "    import re\n\n"
        "    if not arg:\n"
        "        return \"''\"\n"
        "    if re.search(r'[^\\w@%+=:,./-]', arg, flags=re.ASCII) is None:\n"
        "        return arg\n"
        '    return "\'" + arg.replace("\'", "\'\\"\'\\"\'") + "\'"',
        (
            ("'deploy'", "'deploy'"),
            ("'--name=web-1'", "'--name=web-1'"),
            ("'my file.txt'", "\"'my file.txt'\""),
            ("'$HOME'", "\"'$HOME'\""),
            ("''", "\"''\""),
        ),
        defect=Defect(
            "    import re\n\n"
            "    if not arg:\n"
            "        return \"''\"\n"
            "    if re.search(r'[^\\w@%+=:,./-]', arg, flags=re.ASCII) is None:\n"
            "        return arg\n"
            '    return "\'" + arg + "\'"',
            "an argument containing a single quote, such as it's",
            "the quoting breaks and the shell sees an open quote; a single quote inside is "
            "written as '\"'\"'",
            (
                ('"it\'s"', "'\\'it\\'\"\\'\"\\'s\\''"),
                ('"\'"', "'\\'\\'\"\\'\"\\'\\''"),
            ),
        ),
    ),
    F(
        "shebang_interpreter",
        "shell",
        "line",
        "the (interpreter, arguments) of a script's first line such as '#!/bin/bash -e': the "
        "program's base name and the list of words after it, looking through /usr/bin/env "
        "(and its -S); None without '#!' or a program",
        "    if not line.startswith('#!'):\n"
        "        return None\n"
        "    words = line[2:].split()\n"
        "    if not words:\n"
        "        return None\n"
        "    program, args = words[0].rsplit('/', 1)[-1], words[1:]\n"
        "    if program == 'env':\n"
        "        if args and args[0] == '-S':\n"
        "            args = args[1:]\n"
        "        if not args:\n"
        "            return None\n"
        "        program, args = args[0].rsplit('/', 1)[-1], args[1:]\n"
        "    return program, args",
        (
            ("'#!/bin/bash -e'", "('bash', ['-e'])"),
            ("'#!/usr/local/bin/python3.12 -u'", "('python3.12', ['-u'])"),
            ("'echo hi'", "None"),
            ("'#!'", "None"),
        ),
        defect=Defect(
            "    if not line.startswith('#!'):\n"
            "        return None\n"
            "    words = line[2:].split()\n"
            "    if not words:\n"
            "        return None\n"
            "    return words[0].rsplit('/', 1)[-1], words[1:]",
            "a line through env, such as '#!/usr/bin/env python3'",
            "it answers env; the program env runs is the interpreter",
            (
                ("'#!/usr/bin/env python3'", "('python3', [])"),
                ("'#!/usr/bin/env -S deno run'", "('deno', ['run'])"),
            ),
        ),
    ),
    F(
        "expand_env_vars",
        "shell",
        "text, env",
        "text with each $NAME (a letter or '_', then letters, digits or '_') replaced by "
        "env's value for NAME, or '' when env has none, and '$$' written as one '$'; any "
        "other '$' left as it is",
        "    import re\n\n"
        "    def replace(match):\n"
        "        if match.group(0) == '$$':\n"
        "            return '$'\n"
        "        return env.get(match.group(1), '')\n\n"
        "    return re.sub(r'\\$\\$|\\$([A-Za-z_][A-Za-z0-9_]*)', replace, text)",
        (
            ("'$HOME/bin', {'HOME': '/root'}", "'/root/bin'"),
            ("'cost: $$5', {}", "'cost: $5'"),
            ("'$MISSING-x', {}", "'-x'"),
            ("'$1 and $', {}", "'$1 and $'"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    def replace(match):\n"
            "        if match.group(0) == '$$':\n"
            "            return '$'\n"
            "        return env.get(match.group(1), '')\n\n"
            "    return re.sub(r'\\$\\$|\\$([A-Za-z_]+)', replace, text)",
            "a name holding digits, such as $APP2_DIR",
            "the name is cut before the first digit; digits belong to a name after its first "
            "character",
            (
                ("'$APP2_DIR/x', {'APP2_DIR': '/srv'}", "'/srv/x'"),
                ("'$V1', {'V1': 'a', 'V': 'b'}", "'a'"),
            ),
        ),
    ),
    F(
        "mode_string",
        "perms",
        "mode",
        "the ls-style string of a mode's permission bits, like 'rwxr-x---' for 0o750, setuid, "
        "setgid and sticky shown as s, s, t in the owner, group, other x places (S, S, T if x "
        "is off)",
        "    chars = []\n"
        "    for shift, special, mark in ((6, 0o4000, 's'), (3, 0o2000, 's'), (0, 0o1000, 't')):\n"
        "        bits = mode >> shift & 7\n"
        "        read = 'r' if bits & 4 else '-'\n"
        "        write = 'w' if bits & 2 else '-'\n"
        "        if mode & special:\n"
        "            run = mark if bits & 1 else mark.upper()\n"
        "        else:\n"
        "            run = 'x' if bits & 1 else '-'\n"
        "        chars.append(read + write + run)\n"
        "    return ''.join(chars)",
        (
            ("0o750", "'rwxr-x---'"),
            ("0o644", "'rw-r--r--'"),
            ("0o100755", "'rwxr-xr-x'"),
            ("0", "'---------'"),
        ),
        defect=Defect(
            "    chars = []\n"
            "    for shift in (6, 3, 0):\n"
            "        bits = mode >> shift & 7\n"
            "        chars.append(\n"
            "            ('r' if bits & 4 else '-') + ('w' if bits & 2 else '-') + ('x' if bits & 1 else '-')\n"
            "        )\n"
            "    return ''.join(chars)",
            "a mode with setuid, setgid or the sticky bit, such as 0o4755 or 0o1777",
            "those bits do not show; they appear as s or t in place of x",
            (
                ("0o4755", "'rwsr-xr-x'"),
                ("0o1777", "'rwxrwxrwt'"),
                ("0o2640", "'rw-r-S---'"),
            ),
        ),
    ),
    F(
        "mode_from_string",
        "perms",
        "text",
        "the mode number of a 9-character permission string such as 'rwxr-x---' (0o750), each "
        "place holding its letter (r, w, x in turn) or '-', raising ValueError for any other "
        "text",
        "    if len(text) != 9:\n"
        "        raise ValueError(f'not a permission string: {text!r}')\n"
        "    mode = 0\n"
        "    for index, char in enumerate(text):\n"
        "        if char == 'rwx'[index % 3]:\n"
        "            mode |= 1 << (8 - index)\n"
        "        elif char != '-':\n"
        "            raise ValueError(f'not a permission string: {text!r}')\n"
        "    return mode",
        (
            ("'rwxr-x---'", "0o750"),
            ("'rw-r--r--'", "0o644"),
            ("'---------'", "0"),
        ),
        raises=(
            ("'rwx'", "ValueError"),
            ("'rwxrwxrwq'", "ValueError"),
            ("'wrxr-x---'", "ValueError"),
        ),
        change=Change(
            "mode_from_string should also take the 10-character form ls -l prints, whose first "
            "character is the file type ('-', 'd', 'l', 'c', 'b', 'p' or 's'), ignoring that "
            "character; 9 characters still work",
            "    if len(text) == 10 and text[0] in '-dlcbps':\n"
            "        text = text[1:]\n"
            "    if len(text) != 9:\n"
            "        raise ValueError(f'not a permission string: {text!r}')\n"
            "    mode = 0\n"
            "    for index, char in enumerate(text):\n"
            "        if char == 'rwx'[index % 3]:\n"
            "            mode |= 1 << (8 - index)\n"
            "        elif char != '-':\n"
            "            raise ValueError(f'not a permission string: {text!r}')\n"
            "    return mode",
            (
                ("'drwxr-xr-x'", "0o755"),
                ("'-rw-------'", "0o600"),
                ("'rwxr-x---'", "0o750"),
            ),
            raises=(
                ("'xrwxr-xr-x'", "ValueError"),
                ("'rw'", "ValueError"),
            ),
        ),
    ),
    F(
        "apply_symbolic_mode",
        "perms",
        "mode, spec",
        "a mode after comma-separated chmod clauses like 'u+x', 'go-w', 'a=r': who is u, g, o "
        "or a (none means a); '+' adds, '-' removes, '=' sets exactly the given r, w, x bits; "
        "ValueError otherwise",
        "    import re\n\n"
        "    shifts = {'u': 6, 'g': 3, 'o': 0}\n"
        "    values = {'r': 4, 'w': 2, 'x': 1}\n"
        "    for clause in spec.split(','):\n"
        "        match = re.fullmatch(r'([ugoa]*)([+=-])([rwx]*)', clause.strip())\n"
        "        if match is None:\n"
        "            raise ValueError(f'not a mode clause: {clause!r}')\n"
        "        who, op, perms = match.groups()\n"
        "        if not who or 'a' in who:\n"
        "            who = 'ugo'\n"
        "        bits = sum(values[p] for p in set(perms))\n"
        "        for person in set(who):\n"
        "            shift = shifts[person]\n"
        "            if op == '+':\n"
        "                mode |= bits << shift\n"
        "            elif op == '-':\n"
        "                mode &= ~(bits << shift)\n"
        "            else:\n"
        "                mode = mode & ~(7 << shift) | bits << shift\n"
        "    return mode",
        (
            ("0o644, 'u+x'", "0o744"),
            ("0o777, 'go-w'", "0o755"),
            ("0o600, '+r'", "0o644"),
            ("0o755, 'u+w,o-rx'", "0o750"),
        ),
        raises=(
            ("0o644, 'u+z'", "ValueError"),
            ("0o644, 'x'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    shifts = {'u': 6, 'g': 3, 'o': 0}\n"
            "    values = {'r': 4, 'w': 2, 'x': 1}\n"
            "    for clause in spec.split(','):\n"
            "        match = re.fullmatch(r'([ugoa]*)([+=-])([rwx]*)', clause.strip())\n"
            "        if match is None:\n"
            "            raise ValueError(f'not a mode clause: {clause!r}')\n"
            "        who, op, perms = match.groups()\n"
            "        if not who or 'a' in who:\n"
            "            who = 'ugo'\n"
            "        bits = sum(values[p] for p in set(perms))\n"
            "        for person in set(who):\n"
            "            if op == '-':\n"
            "                mode &= ~(bits << shifts[person])\n"
            "            else:\n"
            "                mode |= bits << shifts[person]\n"
            "    return mode",
            "an '=' clause such as 'g=r' on 0o775",
            "the other bits of that class are kept; '=' sets exactly the given bits",
            (
                ("0o775, 'g=r'", "0o745"),
                ("0o777, 'o='", "0o770"),
            ),
        ),
    ),
    F(
        "df_usage",
        "disk",
        "output",
        "a dict of mount point to Use% as an int from `df -P` output: the first (header) line "
        "skipped, the percent from the fifth column, the mount point the rest of the line "
        "after it, spaces included",
        "    usage = {}\n"
        "    for line in output.splitlines()[1:]:\n"
        "        parts = line.split(None, 5)\n"
        "        if len(parts) == 6 and parts[4].endswith('%'):\n"
        "            usage[parts[5]] = int(parts[4][:-1])\n"
        "    return usage",
        (
            (
                "'Filesystem 1024-blocks Used Available Capacity Mounted on\\n/dev/sda1 100 40 60 40% /\\ntmpfs 10 0 10 0% /run'",
                "{'/': 40, '/run': 0}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    usage = {}\n"
            "    for line in output.splitlines()[1:]:\n"
            "        parts = line.split()\n"
            "        if len(parts) >= 6 and parts[4].endswith('%'):\n"
            "            usage[parts[5]] = int(parts[4][:-1])\n"
            "    return usage",
            "a mount point with a space in it, such as '/mnt/backup disk'",
            "only its first word is kept; the mount point is the rest of the line",
            (
                (
                    "'Filesystem 1024-blocks Used Available Capacity Mounted on\\n/dev/sdb1 200 150 50 75% /mnt/backup disk'",
                    "{'/mnt/backup disk': 75}",
                ),
            ),
        ),
    ),
    F(
        "days_until_full",
        "disk",
        "samples, capacity",
        "whole days, rounded down, until a disk of `capacity` fills at the average daily "
        "growth from the first to the last of daily usage samples (oldest first); 0 if full, "
        "None for under two samples or no growth",
        "    if samples and samples[-1] >= capacity:\n"
        "        return 0\n"
        "    if len(samples) < 2 or samples[-1] <= samples[0]:\n"
        "        return None\n"
        "    growth = samples[-1] - samples[0]\n"
        "    return (capacity - samples[-1]) * (len(samples) - 1) // growth",
        (
            ("[10, 20, 30], 100", "7"),
            ("[80, 95], 100", "0"),
            ("[60, 100], 100", "0"),
            ("[50, 50], 100", "None"),
            ("[90, 80], 100", "None"),
            ("[40], 100", "None"),
        ),
        defect=Defect(
            "    if samples and samples[-1] >= capacity:\n"
            "        return 0\n"
            "    if len(samples) < 2 or samples[-1] <= samples[-2]:\n"
            "        return None\n"
            "    return (capacity - samples[-1]) // (samples[-1] - samples[-2])",
            "usage that does not grow evenly, such as samples 10, 30, 32 and 40",
            "it extrapolates from the last day alone; growth is averaged from the first sample to "
            "the last",
            (
                ("[10, 30, 32, 40], 100", "6"),
                ("[0, 50, 50], 100", "2"),
            ),
        ),
    ),
    F(
        "df_percent",
        "disk",
        "used, available",
        "the Use% that df shows for used and available blocks: used * 100 / (used + "
        "available) rounded up to a whole percent, as an int, and 0 when both are 0",
        "    total = used + available\n"
        "    if total == 0:\n"
        "        return 0\n"
        "    return -(-used * 100 // total)",
        (
            ("50, 50", "50"),
            ("1, 3", "25"),
            ("0, 0", "0"),
            ("0, 10", "0"),
            ("100, 0", "100"),
        ),
        defect=Defect(
            "    total = used + available\n"
            "    if total == 0:\n"
            "        return 0\n"
            "    return round(used * 100 / total)",
            "a share that is not a whole percent, such as 1 used of 1000 blocks",
            "it is rounded to the nearest percent; df rounds up, so that shows 1%",
            (
                ("1, 999", "1"),
                ("1, 2", "34"),
                ("101, 9899", "2"),
            ),
        ),
    ),
    F(
        "alert_key",
        "alerts",
        "labels",
        "the deduplication key of an alert's label dict: its 'name=value' pairs sorted by "
        "name and joined by ',', leaving out labels whose name starts with '__'",
        "    pairs = sorted((k, v) for k, v in labels.items() if not k.startswith('__'))\n"
        "    return ','.join(f'{k}={v}' for k, v in pairs)",
        (
            ("{'alertname': 'DiskFull', 'host': 'web1'}", "'alertname=DiskFull,host=web1'"),
            ("{}", "''"),
            ("{'__tmp': 'x', 'job': 'api'}", "'job=api'"),
        ),
        defect=Defect(
            "    return ','.join(f'{k}={v}' for k, v in labels.items() if not k.startswith('__'))",
            "the same labels given in another order",
            "the key differs, so duplicates slip through; the pairs are sorted by name",
            (
                ("{'host': 'web1', 'alertname': 'DiskFull'}", "'alertname=DiskFull,host=web1'"),
                ("{'c': '3', 'a': '1', 'b': '2'}", "'a=1,b=2,c=3'"),
            ),
        ),
        change=Change(
            "alert_key should also leave out the labels 'instance' and 'pod', which change on "
            "every restart",
            "    volatile = {'instance', 'pod'}\n"
            "    pairs = sorted(\n"
            "        (k, v) for k, v in labels.items() if not k.startswith('__') and k not in volatile\n"
            "    )\n"
            "    return ','.join(f'{k}={v}' for k, v in pairs)",
            (
                (
                    "{'alertname': 'Down', 'instance': '10.0.0.1:9100', 'job': 'node'}",
                    "'alertname=Down,job=node'",
                ),
                ("{'pod': 'web-7d9', '__x': '1'}", "''"),
                ("{'b': '2', 'a': '1'}", "'a=1,b=2'"),
            ),
        ),
    ),
    F(
        "suppress_repeats",
        "alerts",
        "alerts, window",
        "the alerts to send from a list of dicts with 'key' and 'time' (seconds, ascending), "
        "in order: one is dropped when an alert with the same key was sent less than `window` "
        "seconds before it",
        "    last_sent = {}\n"
        "    sent = []\n"
        "    for alert in alerts:\n"
        "        key, time = alert['key'], alert['time']\n"
        "        if key in last_sent and time - last_sent[key] < window:\n"
        "            continue\n"
        "        last_sent[key] = time\n"
        "        sent.append(alert)\n"
        "    return sent",
        (
            (
                "[{'key': 'disk', 'time': 0}, {'key': 'disk', 'time': 100}, {'key': 'cpu', 'time': 120}], 300",
                "[{'key': 'disk', 'time': 0}, {'key': 'cpu', 'time': 120}]",
            ),
            (
                "[{'key': 'a', 'time': 0}, {'key': 'a', 'time': 300}], 300",
                "[{'key': 'a', 'time': 0}, {'key': 'a', 'time': 300}]",
            ),
            ("[], 60", "[]"),
        ),
        defect=Defect(
            "    last_seen = {}\n"
            "    sent = []\n"
            "    for alert in alerts:\n"
            "        key, time = alert['key'], alert['time']\n"
            "        previous = last_seen.get(key)\n"
            "        last_seen[key] = time\n"
            "        if previous is not None and time - previous < window:\n"
            "            continue\n"
            "        sent.append(alert)\n"
            "    return sent",
            "an alert that keeps firing more often than the window, such as every 200 seconds "
            "with window 300",
            "only the first is ever sent; the window counts from the last alert actually sent",
            (
                (
                    "[{'key': 'a', 'time': 0}, {'key': 'a', 'time': 200}, {'key': 'a', 'time': 400}, {'key': 'a', 'time': 600}], 300",
                    "[{'key': 'a', 'time': 0}, {'key': 'a', 'time': 400}]",
                ),
            ),
        ),
    ),
    F(
        "order_incidents",
        "alerts",
        "incidents",
        "a new list of incidents (dicts with 'severity' and 'opened') ordered by severity, "
        "'critical', 'high', 'medium', 'low', then any other severity, and within one "
        "severity by 'opened', oldest first",
        "    ranks = {'critical': 0, 'high': 1, 'medium': 2, 'low': 3}\n"
        "    return sorted(incidents, key=lambda i: (ranks.get(i['severity'], 4), i['opened']))",
        (
            (
                "[{'severity': 'high', 'opened': 5}, {'severity': 'critical', 'opened': 9}, {'severity': 'high', 'opened': 1}]",
                "[{'severity': 'critical', 'opened': 9}, {'severity': 'high', 'opened': 1}, {'severity': 'high', 'opened': 5}]",
            ),
            (
                "[{'severity': 'urgent', 'opened': 1}, {'severity': 'medium', 'opened': 2}]",
                "[{'severity': 'medium', 'opened': 2}, {'severity': 'urgent', 'opened': 1}]",
            ),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return sorted(incidents, key=lambda i: (i['severity'], i['opened']))",
            "a low incident next to a medium one",
            "low comes first, sorted by name; medium ranks above low",
            (
                (
                    "[{'severity': 'low', 'opened': 1}, {'severity': 'medium', 'opened': 2}]",
                    "[{'severity': 'medium', 'opened': 2}, {'severity': 'low', 'opened': 1}]",
                ),
            ),
        ),
        change=Change(
            "order_incidents should put incidents still open (no 'closed' key, or None there) "
            "before closed ones, and order each group as before",
            "    ranks = {'critical': 0, 'high': 1, 'medium': 2, 'low': 3}\n\n"
            "    def key(incident):\n"
            "        closed = incident.get('closed') is not None\n"
            "        return closed, ranks.get(incident['severity'], 4), incident['opened']\n\n"
            "    return sorted(incidents, key=key)",
            (
                (
                    "[{'severity': 'critical', 'opened': 1, 'closed': 2}, {'severity': 'low', 'opened': 3}]",
                    "[{'severity': 'low', 'opened': 3}, {'severity': 'critical', 'opened': 1, 'closed': 2}]",
                ),
                (
                    "[{'severity': 'low', 'opened': 0}, {'severity': 'high', 'opened': 1, 'closed': None}]",
                    "[{'severity': 'high', 'opened': 1, 'closed': None}, {'severity': 'low', 'opened': 0}]",
                ),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "escalation_contact",
        "alerts",
        "minutes_open, policy",
        "who to page for an incident open `minutes_open` minutes, from a policy of "
        "(after_minutes, contact) steps in any order: the contact of the step with the "
        "largest after_minutes reached, or None before any",
        "    reached = [step for step in policy if step[0] <= minutes_open]\n"
        "    if not reached:\n"
        "        return None\n"
        "    return max(reached, key=lambda step: step[0])[1]",
        (
            ("10, [(0, 'oncall'), (15, 'lead'), (60, 'director')]", "'oncall'"),
            ("15, [(0, 'oncall'), (15, 'lead'), (60, 'director')]", "'lead'"),
            ("90, [(0, 'oncall'), (15, 'lead'), (60, 'director')]", "'director'"),
            ("5, [(10, 'oncall')]", "None"),
        ),
        defect=Defect(
            "    contact = None\n"
            "    for after, who in policy:\n"
            "        if after > minutes_open:\n"
            "            break\n"
            "        contact = who\n"
            "    return contact",
            "a policy whose steps are not listed in order",
            "the wrong person is paged, or nobody; steps count by their minutes, whatever the "
            "order",
            (
                ("20, [(60, 'director'), (0, 'oncall'), (15, 'lead')]", "'lead'"),
                ("30, [(15, 'lead'), (0, 'oncall')]", "'lead'"),
            ),
        ),
    ),
    F(
        "error_budget_left",
        "slo",
        "target, good, total",
        "the percent of the error budget left, as an int rounded down (negative when "
        "overspent), when `good` of `total` requests succeeded against an SLO target percent "
        "such as 99.9; 100 with no requests",
        "    import math\n"
        "    from fractions import Fraction\n\n"
        "    if total == 0:\n"
        "        return 100\n"
        "    allowed = total * (100 - Fraction(str(target))) / 100\n"
        "    spent = total - good\n"
        "    return math.floor((allowed - spent) * 100 / allowed)",
        (
            ("99, 995, 1000", "50"),
            ("99, 1000, 1000", "100"),
            ("99, 980, 1000", "-100"),
            ("99.5, 0, 0", "100"),
            ("90, 95, 100", "50"),
        ),
        defect=Defect(
            "    import math\n\n"
            "    if total == 0:\n"
            "        return 100\n"
            "    allowed = total * (100 - target) / 100\n"
            "    spent = total - good\n"
            "    return math.floor((allowed - spent) * 100 / allowed)",
            "a target such as 99.9",
            "it answers one too few from floating-point error, such as -1 for a budget exactly "
            "used up; the arithmetic must be exact",
            (
                ("99.9, 999, 1000", "0"),
                ("99.9, 9995, 10000", "50"),
            ),
        ),
    ),
    F(
        "burn_rate",
        "slo",
        "target, errors, total",
        "how fast the error budget burns: the error ratio errors / total divided by the "
        "allowed ratio (100 - target) / 100, as a float rounded to two decimals; 0.0 with no "
        "requests",
        "    from fractions import Fraction\n\n"
        "    if total == 0:\n"
        "        return 0.0\n"
        "    rate = Fraction(errors, total) / ((100 - Fraction(str(target))) / 100)\n"
        "    return float(round(rate, 2))",
        (
            ("99.9, 1, 1000", "1.0"),
            ("99.9, 5, 1000", "5.0"),
            ("99, 1, 300", "0.33"),
            ("99.9, 0, 0", "0.0"),
            ("99.5, 3, 1000", "0.6"),
        ),
        change=Change(
            "burn_rate should raise ValueError when the target is not strictly between 0 and 100 "
            "or errors is more than total",
            "    from fractions import Fraction\n\n"
            "    goal = Fraction(str(target))\n"
            "    if not 0 < goal < 100 or errors > total:\n"
            "        raise ValueError('target must be between 0 and 100, errors at most total')\n"
            "    if total == 0:\n"
            "        return 0.0\n"
            "    rate = Fraction(errors, total) / ((100 - goal) / 100)\n"
            "    return float(round(rate, 2))",
            (
                ("99.9, 1, 1000", "1.0"),
                ("99.9, 0, 0", "0.0"),
                ("99, 1, 300", "0.33"),
            ),
            raises=(
                ("100, 1, 10", "ValueError"),
                ("0, 1, 10", "ValueError"),
                ("99, 5, 4", "ValueError"),
            ),
        ),
    ),
    F(
        "count_nines",
        "slo",
        "percent",
        "how many nines an availability percent has: the largest n with 100 - percent at most "
        "10 to the power 2 - n (99.9 has 3, 90 has 1); ValueError for 100 or more",
        "    from fractions import Fraction\n\n"
        "    down = 100 - Fraction(str(percent))\n"
        "    if down <= 0:\n"
        "        raise ValueError(f'{percent} leaves no downtime')\n"
        "    nines = 0\n"
        "    while down <= Fraction(10) ** (1 - nines):\n"
        "        nines += 1\n"
        "    return nines",
        (
            ("99.9", "3"),
            ("99.95", "3"),
            ("90", "1"),
            ("99.5", "2"),
            ("50", "0"),
        ),
        raises=(
            ("100", "ValueError"),
            ("100.5", "ValueError"),
        ),
        defect=Defect(
            "    import math\n\n"
            "    if percent >= 100:\n"
            "        raise ValueError(f'{percent} leaves no downtime')\n"
            "    return int(-math.log10(1 - percent / 100))",
            "a target such as 99.99 or 99.999",
            "it answers one nine too few, from floating-point error",
            (
                ("99.99", "4"),
                ("99.999", "5"),
            ),
        ),
    ),
    F(
        "parse_loadavg",
        "procs",
        "text",
        "the 1, 5 and 15 minute load averages as a tuple of floats from /proc/loadavg text or "
        "from uptime output after 'load average:' or 'load averages:', numbers split by "
        "commas or spaces; ValueError otherwise",
        "    import re\n\n"
        "    if 'load average' in text:\n"
        "        words = re.split(r'[,\\s]+', text.rsplit(':', 1)[1].strip())\n"
        "    else:\n"
        "        words = text.split()\n"
        "    if len(words) < 3:\n"
        "        raise ValueError(f'no load averages in {text!r}')\n"
        "    one, five, fifteen = (float(word) for word in words[:3])\n"
        "    return one, five, fifteen",
        (
            ("'0.52 0.58 0.59 2/391 12345'", "(0.52, 0.58, 0.59)"),
            (
                "' 10:14:03 up 3 days,  2:01,  1 user,  load average: 1.50, 0.75, 0.25'",
                "(1.5, 0.75, 0.25)",
            ),
        ),
        raises=(
            ("'hello'", "ValueError"),
            ("''", "ValueError"),
        ),
        defect=Defect(
            "    if 'load average' in text:\n"
            "        words = [word.strip() for word in text.rsplit(':', 1)[1].split(',')]\n"
            "    else:\n"
            "        words = text.split()\n"
            "    if len(words) < 3:\n"
            "        raise ValueError(f'no load averages in {text!r}')\n"
            "    one, five, fifteen = (float(word) for word in words[:3])\n"
            "    return one, five, fifteen",
            "macOS uptime output, 'load averages: 1.50 1.20 1.10' without commas",
            "it raises ValueError; the numbers may be split by spaces alone",
            (
                (
                    "'10:14  up 3 days, 2:01, 2 users, load averages: 1.50 1.20 1.10'",
                    "(1.5, 1.2, 1.1)",
                ),
            ),
        ),
    ),
    F(
        "parse_ps_line",
        "procs",
        "line",
        "a dict of 'user', 'pid' (int), 'cpu' and 'mem' (floats) and 'command' (the rest of "
        "the line from the 11th column, arguments included) from a `ps aux` line; None for "
        "the header or a shorter line",
        "    parts = line.split(None, 10)\n"
        "    if len(parts) < 11 or not parts[1].isdigit():\n"
        "        return None\n"
        "    return {\n"
        "        'user': parts[0],\n"
        "        'pid': int(parts[1]),\n"
        "        'cpu': float(parts[2]),\n"
        "        'mem': float(parts[3]),\n"
        "        'command': parts[10].rstrip(),\n"
        "    }",
        (
            (
                "'root 1 0.0 0.1 16984 9940 ? Ss May01 0:03 /sbin/init'",
                "{'user': 'root', 'pid': 1, 'cpu': 0.0, 'mem': 0.1, 'command': '/sbin/init'}",
            ),
            ("'USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND'", "None"),
            ("'short line'", "None"),
        ),
        defect=Defect(
            "    parts = line.split()\n"
            "    if len(parts) < 11 or not parts[1].isdigit():\n"
            "        return None\n"
            "    return {\n"
            "        'user': parts[0],\n"
            "        'pid': int(parts[1]),\n"
            "        'cpu': float(parts[2]),\n"
            "        'mem': float(parts[3]),\n"
            "        'command': parts[10],\n"
            "    }",
            "a command with arguments, such as 'nginx: worker process'",
            "only its first word is kept; the command is the rest of the line",
            (
                (
                    "'www 812 1.5 2.0 1000 900 ? S 10:00 0:01 nginx: worker process'",
                    "{'user': 'www', 'pid': 812, 'cpu': 1.5, 'mem': 2.0, 'command': 'nginx: worker process'}",
                ),
            ),
        ),
    ),
    F(
        "cpu_busy_percent",
        "procs",
        "before, after",
        "the CPU busy percent between two /proc/stat 'cpu' lines: growth of the numbers' "
        "total minus growth of idle plus iowait (4th and 5th numbers), over the total's "
        "growth, times 100, one decimal; 0.0 without growth",
        "    from fractions import Fraction\n\n"
        "    first = [int(x) for x in before.split()[1:]]\n"
        "    second = [int(x) for x in after.split()[1:]]\n"
        "    total = sum(second) - sum(first)\n"
        "    if total <= 0:\n"
        "        return 0.0\n"
        "    idle = second[3] + second[4] - first[3] - first[4]\n"
        "    return float(round(Fraction(100 * (total - idle), total), 1))",
        (
            ("'cpu 100 0 100 800 0 0 0', 'cpu 150 0 150 1000 0 0 0'", "33.3"),
            ("'cpu 1 2 3 4 5', 'cpu 1 2 3 4 5'", "0.0"),
            ("'cpu 0 0 0 100 0', 'cpu 50 0 50 100 0'", "100.0"),
        ),
        defect=Defect(
            "    from fractions import Fraction\n\n"
            "    first = [int(x) for x in before.split()[1:]]\n"
            "    second = [int(x) for x in after.split()[1:]]\n"
            "    total = sum(second) - sum(first)\n"
            "    if total <= 0:\n"
            "        return 0.0\n"
            "    idle = second[3] - first[3]\n"
            "    return float(round(Fraction(100 * (total - idle), total), 1))",
            "a machine waiting on disk, its iowait (the 5th number) growing",
            "that time counts as busy; iowait is idle time",
            (("'cpu 100 0 100 800 100 0 0', 'cpu 150 0 150 900 200 0 0'", "33.3"),),
        ),
    ),
    F(
        "is_valid_branch_name",
        "gitrefs",
        "name",
        "whether name is a valid git branch name: not empty, no space, '~', '^', ':', '?', "
        "'*', '[', backslash or '..', not ending in '.', and no part between slashes empty, "
        "starting with '.' or ending in '.lock'",
        "    if not name or name.endswith('.'):\n"
        "        return False\n"
        "    if any(char in name for char in ' ~^:?*[\\\\') or '..' in name:\n"
        "        return False\n"
        "    return all(\n"
        "        part and not part.startswith('.') and not part.endswith('.lock')\n"
        "        for part in name.split('/')\n"
        "    )",
        (
            ("'feature/login'", "True"),
            ("'main'", "True"),
            ("'fix..typo'", "False"),
            ("'release/'", "False"),
            ("'hot fix'", "False"),
            ("'a//b'", "False"),
            ("'x.'", "False"),
            ("'main.lock'", "False"),
            ("''", "False"),
        ),
        defect=Defect(
            "    if not name or name.endswith(('.', '/')) or name.startswith(('.', '/')):\n"
            "        return False\n"
            "    if any(char in name for char in ' ~^:?*[\\\\') or '..' in name or '//' in name:\n"
            "        return False\n"
            "    return not name.endswith('.lock')",
            "a part after a slash that starts with '.' or ends in '.lock', such as "
            "'feature/.hidden'",
            "it is accepted; every part between slashes follows those rules",
            (
                ("'feature/.hidden'", "False"),
                ("'old.lock/new'", "False"),
            ),
        ),
    ),
    F(
        "short_ref_name",
        "gitrefs",
        "ref",
        "the short form of a git ref: everything after 'refs/heads/', 'refs/tags/' or "
        "'refs/remotes/' (so 'origin/main' for a remote branch), and any other ref unchanged",
        "    for prefix in ('refs/heads/', 'refs/tags/', 'refs/remotes/'):\n"
        "        if ref.startswith(prefix):\n"
        "            return ref[len(prefix):]\n"
        "    return ref",
        (
            ("'refs/heads/main'", "'main'"),
            ("'refs/tags/v1.2.0'", "'v1.2.0'"),
            ("'refs/remotes/origin/main'", "'origin/main'"),
            ("'HEAD'", "'HEAD'"),
            ("'refs/notes/commits'", "'refs/notes/commits'"),
        ),
        defect=Defect(
            "    for prefix in ('refs/heads/', 'refs/tags/'):\n"
            "        if ref.startswith(prefix):\n"
            "            return ref.rsplit('/', 1)[-1]\n"
            "    if ref.startswith('refs/remotes/'):\n"
            "        return ref[len('refs/remotes/'):]\n"
            "    return ref",
            "a branch with a slash in its name, such as 'refs/heads/feature/login'",
            "only 'login' is left; everything after 'refs/heads/' is the name",
            (
                ("'refs/heads/feature/login'", "'feature/login'"),
                ("'refs/tags/release/2024.05'", "'release/2024.05'"),
            ),
        ),
    ),
    F(
        "changelog_versions",
        "changelog",
        "text",
        "the versions in a Markdown changelog, in order: the first word of each line starting "
        "with '## ', without square brackets, such as '1.2.0' from '## [1.2.0] - 2024-05-01', "
        "skipping Unreleased in any case",
        "    versions = []\n"
        "    for line in text.splitlines():\n"
        "        if not line.startswith('## '):\n"
        "            continue\n"
        "        words = line[3:].split()\n"
        "        if not words:\n"
        "            continue\n"
        "        version = words[0].strip('[]')\n"
        "        if version.lower() != 'unreleased':\n"
        "            versions.append(version)\n"
        "    return versions",
        (
            (
                "'# Changelog\\n## [Unreleased]\\n## [1.2.0] - 2024-05-01\\n### Fixed\\n- crash on start\\n\\n## [1.1.0] - 2024-04-01\\n- first\\n'",
                "['1.2.0', '1.1.0']",
            ),
            ("'## 0.3.0\\n## 0.2.0'", "['0.3.0', '0.2.0']"),
            ("''", "[]"),
        ),
        defect=Defect(
            "    versions = []\n"
            "    for line in text.splitlines():\n"
            "        if line.startswith('## ') and line[3:].split():\n"
            "            version = line[3:].split()[0].strip('[]')\n"
            "            if version != 'Unreleased':\n"
            "                versions.append(version)\n"
            "    return versions",
            "an unreleased heading not written 'Unreleased', such as '## [unreleased]'",
            "it is listed as a version; Unreleased is skipped in any case",
            (
                ("'## [unreleased]\\n## [2.0.0]'", "['2.0.0']"),
                ("'## UNRELEASED\\n## 1.0.0'", "['1.0.0']"),
            ),
        ),
        change=Change(
            "changelog_versions should answer (version, date) pairs, the date being the first "
            "word after ' - ' on the heading, such as '2024-05-01', or None when there is no ' - "
            "'",
            "    versions = []\n"
            "    for line in text.splitlines():\n"
            "        if not line.startswith('## '):\n"
            "            continue\n"
            "        words = line[3:].split()\n"
            "        if not words:\n"
            "            continue\n"
            "        version = words[0].strip('[]')\n"
            "        if version.lower() == 'unreleased':\n"
            "            continue\n"
            "        _, dash, after = line.partition(' - ')\n"
            "        date = after.split()[0] if dash and after.split() else None\n"
            "        versions.append((version, date))\n"
            "    return versions",
            (
                (
                    "'## [1.2.0] - 2024-05-01\\n## 1.1.0'",
                    "[('1.2.0', '2024-05-01'), ('1.1.0', None)]",
                ),
                (
                    "'## [Unreleased]\\n## [0.1.0] - 2023-01-02 (yanked)'",
                    "[('0.1.0', '2023-01-02')]",
                ),
                ("''", "[]"),
            ),
        ),
    ),
    F(
        "release_notes",
        "changelog",
        "text, version",
        "the lines under the Markdown changelog heading ('## ' line) whose first word, square "
        "brackets removed, is exactly `version`, up to the next '## ' line, joined by "
        "newlines and stripped; None without such a heading",
        "    notes = None\n"
        "    for line in text.splitlines():\n"
        "        if line.startswith('## '):\n"
        "            if notes is not None:\n"
        "                break\n"
        "            words = line[3:].split()\n"
        "            if words and words[0].strip('[]') == version:\n"
        "                notes = []\n"
        "            continue\n"
        "        if notes is not None:\n"
        "            notes.append(line)\n"
        "    return None if notes is None else '\\n'.join(notes).strip()",
        (
            (
                "'# Changelog\\n## [Unreleased]\\n## [1.2.0] - 2024-05-01\\n### Fixed\\n- crash on start\\n\\n## [1.1.0] - 2024-04-01\\n- first\\n', '1.2.0'",
                "'### Fixed\\n- crash on start'",
            ),
            (
                "'# Changelog\\n## [Unreleased]\\n## [1.2.0] - 2024-05-01\\n### Fixed\\n- crash on start\\n\\n## [1.1.0] - 2024-04-01\\n- first\\n', '1.1.0'",
                "'- first'",
            ),
            (
                "'# Changelog\\n## [Unreleased]\\n## [1.2.0] - 2024-05-01\\n### Fixed\\n- crash on start\\n\\n## [1.1.0] - 2024-04-01\\n- first\\n', '3.0.0'",
                "None",
            ),
        ),
        defect=Defect(
            "    notes = None\n"
            "    for line in text.splitlines():\n"
            "        if line.startswith('## '):\n"
            "            if notes is not None:\n"
            "                break\n"
            "            if version in line:\n"
            "                notes = []\n"
            "            continue\n"
            "        if notes is not None:\n"
            "            notes.append(line)\n"
            "    return None if notes is None else '\\n'.join(notes).strip()",
            "a version that is the start of another, such as '1.2' when '1.2.3' comes first",
            "the notes of 1.2.3 come back; the heading's version must match exactly",
            (("'## [1.2.3]\\n- patch\\n## [1.2]\\n- minor', '1.2'", "'- minor'"),),
        ),
    ),
    F(
        "next_bump_kind",
        "changelog",
        "messages",
        "the release bump a list of Conventional Commit messages calls for: 'major' if one "
        "has '!' just before its first ':' or says 'BREAKING CHANGE', else 'minor' for a "
        "feat, else 'patch' for a fix, else None",
        "    import re\n\n"
        "    kind = None\n"
        "    for message in messages:\n"
        "        match = re.match(r'(\\w+)(\\([^)]*\\))?(!)?:', message)\n"
        "        if 'BREAKING CHANGE' in message or (match and match.group(3)):\n"
        "            return 'major'\n"
        "        if match and match.group(1) == 'feat':\n"
        "            kind = 'minor'\n"
        "        elif match and match.group(1) == 'fix' and kind is None:\n"
        "            kind = 'patch'\n"
        "    return kind",
        (
            ("['fix: typo', 'feat(api): add search']", "'minor'"),
            ("['fix(db): pool leak']", "'patch'"),
            ("['docs: readme', 'chore: bump']", "None"),
            ("['feat: x', 'fix: y\\n\\nBREAKING CHANGE: drops v1']", "'major'"),
            ("[]", "None"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    kind = None\n"
            "    for message in messages:\n"
            "        if 'BREAKING CHANGE' in message:\n"
            "            return 'major'\n"
            "        match = re.match(r'(\\w+)(\\([^)]*\\))?:', message)\n"
            "        if match and match.group(1) == 'feat':\n"
            "            kind = 'minor'\n"
            "        elif match and match.group(1) == 'fix' and kind is None:\n"
            "            kind = 'patch'\n"
            "    return kind",
            "a commit marked with '!', such as 'feat!: drop the v1 API'",
            "it answers minor or nothing; a '!' before the ':' marks a breaking change",
            (
                ("['feat!: drop the v1 API']", "'major'"),
                ("['fix: a', 'fix(api)!: rename field']", "'major'"),
            ),
        ),
        change=Change(
            "next_bump_kind should count 'perf' commits as a patch too, like a fix",
            "    import re\n\n"
            "    kind = None\n"
            "    for message in messages:\n"
            "        match = re.match(r'(\\w+)(\\([^)]*\\))?(!)?:', message)\n"
            "        if 'BREAKING CHANGE' in message or (match and match.group(3)):\n"
            "            return 'major'\n"
            "        if match and match.group(1) == 'feat':\n"
            "            kind = 'minor'\n"
            "        elif match and match.group(1) in ('fix', 'perf') and kind is None:\n"
            "            kind = 'patch'\n"
            "    return kind",
            (
                ("['perf: faster parse']", "'patch'"),
                ("['perf: x', 'feat: y']", "'minor'"),
                ("['docs: z']", "None"),
                ("['perf!: drop cache']", "'major'"),
            ),
        ),
    ),
    F(
        "in_rollout",
        "rollout",
        "flag, user_id, percent",
        "whether a user gets a flag rolled out to `percent` percent: the first 8 hex digits "
        "of the SHA-256 hex digest of 'flag:user_id' as a number, modulo 100, is below "
        "percent (0 is nobody, 100 everybody)",
        "    import hashlib\n\n"
        "    digest = hashlib.sha256(f'{flag}:{user_id}'.encode()).hexdigest()\n"
        "    return int(digest[:8], 16) % 100 < percent",
        (
            ("'new-ui', 'alice', 50", "True"),
            ("'new-ui', 'carol', 50", "False"),
            ("'new-ui', 'bob', 100", "True"),
            ("'new-ui', 'u3', 0", "False"),
            ("'dark-mode', '42', 10", "True"),
        ),
        defect=Defect(
            "    import hashlib\n\n"
            "    digest = hashlib.sha256(f'{flag}:{user_id}'.encode()).hexdigest()\n"
            "    return int(digest[:8], 16) % 100 <= percent",
            "a user whose number lands exactly on percent, such as one at 0 with percent 0",
            "the user gets the flag; only numbers below percent get it, so 0 means nobody",
            (
                ("'new-ui', 'user-3', 0", "False"),
                ("'new-ui', 'user-51', 50", "False"),
            ),
        ),
    ),
    F(
        "canary_schedule",
        "rollout",
        "first, factor",
        "the traffic percents of a canary rollout: first, then each step `factor` times the "
        "one before while below 100, then 100 once to end; ValueError unless 1 <= first <= "
        "100 and factor is an int above 1",
        "    if not 1 <= first <= 100 or not isinstance(factor, int) or factor <= 1:\n"
        "        raise ValueError('first must be 1 to 100 and factor an int above 1')\n"
        "    steps = []\n"
        "    step = first\n"
        "    while step < 100:\n"
        "        steps.append(step)\n"
        "        step *= factor\n"
        "    steps.append(100)\n"
        "    return steps",
        (
            ("1, 5", "[1, 5, 25, 100]"),
            ("10, 2", "[10, 20, 40, 80, 100]"),
            ("60, 2", "[60, 100]"),
        ),
        raises=(
            ("0, 2", "ValueError"),
            ("5, 1", "ValueError"),
            ("101, 2", "ValueError"),
            ("5, 1.5", "ValueError"),
        ),
        defect=Defect(
            "    if not 1 <= first <= 100 or not isinstance(factor, int) or factor <= 1:\n"
            "        raise ValueError('first must be 1 to 100 and factor an int above 1')\n"
            "    steps = []\n"
            "    step = first\n"
            "    while step <= 100:\n"
            "        steps.append(step)\n"
            "        step *= factor\n"
            "    steps.append(100)\n"
            "    return steps",
            "a schedule that lands exactly on 100, such as first 25 and factor 2",
            "100 is listed twice; it ends the list once",
            (
                ("25, 2", "[25, 50, 100]"),
                ("100, 3", "[100]"),
                ("20, 5", "[20, 100]"),
            ),
        ),
    ),
    F(
        "canary_decision",
        "rollout",
        "current, steps, error_rate, max_error_rate",
        "the next canary action as (action, percent): ('rollback', 0) when error_rate is "
        "above max_error_rate, else ('promote', the step after current in steps) or ('done', "
        "current) at the last step; ValueError if current is not a step",
        "    if current not in steps:\n"
        "        raise ValueError(f'{current} is not a step')\n"
        "    if error_rate > max_error_rate:\n"
        "        return 'rollback', 0\n"
        "    index = steps.index(current)\n"
        "    if index + 1 < len(steps):\n"
        "        return 'promote', steps[index + 1]\n"
        "    return 'done', current",
        (
            ("5, [1, 5, 25, 100], 0.01, 0.02", "('promote', 25)"),
            ("100, [1, 5, 25, 100], 0.0, 0.02", "('done', 100)"),
            ("25, [1, 5, 25, 100], 0.05, 0.02", "('rollback', 0)"),
        ),
        raises=(("7, [1, 5], 0.0, 0.02", "ValueError"),),
        defect=Defect(
            "    if current not in steps:\n"
            "        raise ValueError(f'{current} is not a step')\n"
            "    if error_rate >= max_error_rate:\n"
            "        return 'rollback', 0\n"
            "    index = steps.index(current)\n"
            "    if index + 1 < len(steps):\n"
            "        return 'promote', steps[index + 1]\n"
            "    return 'done', current",
            "an error rate exactly at the limit",
            "the canary is rolled back; only a rate above the limit rolls back",
            (
                ("5, [1, 5, 25, 100], 0.02, 0.02", "('promote', 25)"),
                ("1, [1, 100], 0, 0", "('promote', 100)"),
            ),
        ),
        change=Change(
            "canary_decision should hold instead of promoting when error_rate is above half of "
            "max_error_rate but not above max_error_rate, answering ('hold', current)",
            "    if current not in steps:\n"
            "        raise ValueError(f'{current} is not a step')\n"
            "    if error_rate > max_error_rate:\n"
            "        return 'rollback', 0\n"
            "    if error_rate * 2 > max_error_rate:\n"
            "        return 'hold', current\n"
            "    index = steps.index(current)\n"
            "    if index + 1 < len(steps):\n"
            "        return 'promote', steps[index + 1]\n"
            "    return 'done', current",
            (
                ("5, [1, 5, 25, 100], 0.015, 0.02", "('hold', 5)"),
                ("5, [1, 5, 25, 100], 0.01, 0.02", "('promote', 25)"),
                ("25, [1, 5, 25, 100], 0.05, 0.02", "('rollback', 0)"),
                ("100, [1, 5, 25, 100], 0.0, 0.02", "('done', 100)"),
            ),
            raises=(("7, [1, 5], 0.0, 0.02", "ValueError"),),
        ),
    ),
    F(
        "route_blue_green",
        "rollout",
        "active, idle_healthy, active_version, idle_version",
        "the color, 'blue' or 'green', to send traffic to: the idle one (the color that is "
        "not active) when it is healthy and runs a different version, else active; ValueError "
        "for another active color",
        "    colors = {'blue': 'green', 'green': 'blue'}\n"
        "    if active not in colors:\n"
        "        raise ValueError(f'not a color: {active!r}')\n"
        "    if idle_healthy and idle_version != active_version:\n"
        "        return colors[active]\n"
        "    return active",
        (
            ("'blue', True, '1.0', '1.1'", "'green'"),
            ("'green', True, '2.0', '2.1'", "'blue'"),
            ("'blue', False, '1.0', '1.1'", "'blue'"),
        ),
        raises=(("'red', True, '1', '2'", "ValueError"),),
        defect=Defect(
            "    colors = {'blue': 'green', 'green': 'blue'}\n"
            "    if active not in colors:\n"
            "        raise ValueError(f'not a color: {active!r}')\n"
            "    return colors[active] if idle_healthy else active",
            "an idle side that runs the same version as the active one",
            "traffic flips for nothing; it stays on the active side",
            (
                ("'blue', True, '1.1', '1.1'", "'blue'"),
                ("'green', True, '3.0', '3.0'", "'green'"),
            ),
        ),
    ),
)

# the domain's other functions, in a module of their own beside this one
MORE_TEMPLATES += FLEET_TEMPLATES
