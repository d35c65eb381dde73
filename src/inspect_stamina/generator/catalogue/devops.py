"""More functions of the devops domain, asked for from generator version 3 on.

Network addresses and ports, versions, cron schedules, HTTP details, retries, masking
secrets, env files, timestamps, sizes, settings, releases and health checks: each summary
states every property its cases, raises and defect cases check.
"""

from __future__ import annotations

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
)
