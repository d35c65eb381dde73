"""Yet more functions of the devops domain (generator version 3 on), beside `devops.py`.

Metrics in the Prometheus text format, TLS certificates, backups, queues and rolling
batches, inventories and host patterns, Compose ports and environments, SSH and proxy
settings, load balancing, latency percentiles and Apdex, releases, CI and git status,
systemd time spans, memory and cgroups, Kubernetes scaling and taints, .env quoting,
merge patches, tables and counts: each summary states every property its cases, raises
and defect cases check. `devops.py` concatenates them into its MORE_TEMPLATES.
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate

F = FunctionTemplate

FLEET_TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "parse_metric_line",
        "metrics",
        "line",
        "a (name, labels, value) tuple from a Prometheus exposition line such as "
        '\'http_requests_total{method="GET",code="200"} 1027\': labels a dict of label '
        "to value (label values are double-quoted and may hold commas and spaces; {} "
        "when the line has no braces), value a float; surrounding whitespace is "
        "ignored; ValueError for a line without a name and a value",
        "    import re\n\n"
        "    match = re.fullmatch(r'([a-zA-Z_:][\\w:]*)(?:\\{(.*)\\})?\\s+(\\S+)', line.strip())\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a metric line: {line!r}')\n"
        "    name, labels, value = match.groups()\n"
        "    return name, dict(re.findall(r'(\\w+)=\"([^\"]*)\"', labels or '')), float(value)",
        (
            (
                '\'http_requests_total{method="GET",code="200"} 1027\'',
                "('http_requests_total', {'method': 'GET', 'code': '200'}, 1027.0)",
            ),
            ("'up 1'", "('up', {}, 1.0)"),
            ("'  load{host=\"web 1\"} 0.5  '", "('load', {'host': 'web 1'}, 0.5)"),
        ),
        raises=(
            ("'up'", "ValueError"),
            ("'{a=\"b\"} 1'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    match = re.fullmatch(r'([a-zA-Z_:][\\w:]*)(?:\\{(.*)\\})?\\s+(\\S+)', line.strip())\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a metric line: {line!r}')\n"
            "    name, labels, value = match.groups()\n"
            "    pairs = {}\n"
            "    for item in (labels or '').split(','):\n"
            "        if item:\n"
            "            key, _, raw = item.partition('=')\n"
            "            pairs[key] = raw.strip('\"')\n"
            "    return name, pairs, float(value)",
            'a label value holding a comma, such as path="/a,b"',
            "the value is cut at the comma and the rest becomes a label of its own; "
            "a quoted value keeps its commas",
            (
                (
                    '\'req{path="/a,b",code="200"} 3\'',
                    "('req', {'path': '/a,b', 'code': '200'}, 3.0)",
                ),
            ),
        ),
    ),
    F(
        "format_metric_line",
        "metrics",
        "name, labels, value",
        "a Prometheus exposition line 'name{key=\"value\",...} value' from a name, a "
        "dict of labels and a number: labels sorted by key, joined by ',' with no "
        "spaces, the braces left out when there are no labels, the value written "
        "with str()",
        "    pairs = ','.join(f'{key}=\"{labels[key]}\"' for key in sorted(labels))\n"
        "    return f'{name}{{{pairs}}} {value}' if pairs else f'{name} {value}'",
        (
            ("'up', {}, 1", "'up 1'"),
            (
                "'http_requests_total', {'method': 'GET'}, 3.5",
                "'http_requests_total{method=\"GET\"} 3.5'",
            ),
        ),
        defect=Defect(
            "    pairs = ','.join(f'{key}=\"{value_}\"' for key, value_ in labels.items())\n"
            "    return f'{name}{{{pairs}}} {value}' if pairs else f'{name} {value}'",
            "labels given out of order, such as {'code': '200', 'method': 'GET'} "
            "built in that order",
            "the labels come out in the dict's order; they are sorted by key, so the "
            "same series always prints the same line",
            (("'req', {'method': 'GET', 'code': '200'}, 2", '\'req{code="200",method="GET"} 2\''),),
        ),
        change=Change(
            "format_metric_line should escape label values as the exposition format "
            'requires: a backslash as \\\\, a double quote as \\" and a newline as \\n '
            "(in that order of replacement: backslashes first); the rest stays as it "
            "is",
            "    def escape(text):\n"
            "        return text.replace('\\\\', '\\\\\\\\').replace('\"', '\\\\\"').replace('\\n', '\\\\n')\n\n"
            "    pairs = ','.join(f'{key}=\"{escape(labels[key])}\"' for key in sorted(labels))\n"
            "    return f'{name}{{{pairs}}} {value}' if pairs else f'{name} {value}'",
            (
                (
                    "'msg', {'text': 'say \\\"hi\\\"'}, 1",
                    '\'msg{text=\\"say \\\\\\"hi\\\\\\"\\"} 1\'',
                ),
                (
                    "'path', {'dir': 'C:\\\\tmp', 'b': 'x\\ny'}, 0",
                    '\'path{b=\\"x\\\\ny\\",dir=\\"C:\\\\\\\\tmp\\"} 0\'',
                ),
                ("'up', {}, 1", "'up 1'"),
            ),
        ),
    ),
    F(
        "counter_rate",
        "metrics",
        "samples",
        "the per-second rate of a counter from its samples, a list of (timestamp in "
        "seconds, value) in time order: the total increase divided by the time "
        "between the first and the last sample; a value lower than the one before "
        "means the counter restarted from 0, so that step adds the new value itself; "
        "ValueError for fewer than two samples or no time between them",
        "    if len(samples) < 2 or samples[-1][0] == samples[0][0]:\n"
        "        raise ValueError('need two samples at different times')\n"
        "    increase = 0\n"
        "    for (_, before), (_, after) in zip(samples, samples[1:]):\n"
        "        increase += after - before if after >= before else after\n"
        "    return increase / (samples[-1][0] - samples[0][0])",
        (
            ("[(0, 100), (10, 150), (20, 200)]", "5.0"),
            ("[(0, 5), (4, 5)]", "0.0"),
        ),
        raises=(
            ("[(0, 1)]", "ValueError"),
            ("[(3, 1), (3, 2)]", "ValueError"),
        ),
        defect=Defect(
            "    if len(samples) < 2 or samples[-1][0] == samples[0][0]:\n"
            "        raise ValueError('need two samples at different times')\n"
            "    return (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])",
            "a counter that restarts between samples, such as 100, 150, then 30",
            "the rate drops or turns negative; a drop means a restart from 0, so the "
            "new value counts as the increase",
            (
                ("[(0, 100), (10, 150), (20, 30)]", "4.0"),
                ("[(0, 10), (5, 2)]", "0.4"),
            ),
        ),
    ),
    F(
        "sum_by_label",
        "metrics",
        "samples, label",
        "a dict of label value to the sum of the values of the samples (a list of "
        "(labels dict, number) pairs) carrying that value for label; samples without "
        "the label are summed under the key ''",
        "    totals = {}\n"
        "    for labels, value in samples:\n"
        "        key = labels.get(label, '')\n"
        "        totals[key] = totals.get(key, 0) + value\n"
        "    return totals",
        (
            (
                "[({'code': '200'}, 5), ({'code': '500'}, 1), ({'code': '200'}, 2)], 'code'",
                "{'200': 7, '500': 1}",
            ),
            ("[], 'code'", "{}"),
        ),
        defect=Defect(
            "    totals = {}\n"
            "    for labels, value in samples:\n"
            "        if label in labels:\n"
            "            totals[labels[label]] = totals.get(labels[label], 0) + value\n"
            "    return totals",
            "samples that do not carry the label at all",
            "their values vanish from the totals; they are summed under the key ''",
            (("[({'code': '200'}, 5), ({'host': 'a'}, 3), ({}, 1)], 'code'", "{'200': 5, '': 4}"),),
        ),
    ),
    F(
        "days_until_expiry",
        "certs",
        "not_after, today",
        "the whole days from today (an ISO date 'YYYY-MM-DD') to the date of a "
        "certificate's notAfter as openssl prints it, 'Mon D HH:MM:SS YYYY GMT' (a "
        "day below 10 is padded with a second space, as in 'Jun  1 12:00:00 2025 "
        "GMT'), counting dates only, negative once expired",
        "    from datetime import date, datetime\n\n"
        "    expires = datetime.strptime(' '.join(not_after.split()), '%b %d %H:%M:%S %Y GMT').date()\n"
        "    return (expires - date.fromisoformat(today)).days",
        (
            ("'Jun 15 12:00:00 2025 GMT', '2025-06-01'", "14"),
            ("'Dec 31 23:59:59 2024 GMT', '2025-01-02'", "-2"),
        ),
        defect=Defect(
            "    from datetime import date, datetime\n\n"
            "    month, day, clock, year, _ = not_after.split(' ')\n"
            "    expires = datetime.strptime(f'{month} {day} {year}', '%b %d %Y').date()\n"
            "    return (expires - date.fromisoformat(today)).days",
            "a notAfter day below 10, which openssl pads with a second space ('Jun "
            "1 12:00:00 2025 GMT')",
            "it raises ValueError on the empty field between the two spaces; the "
            "padded date is valid",
            (
                ("'Jun  1 12:00:00 2025 GMT', '2025-05-20'", "12"),
                ("'Mar  9 08:00:00 2026 GMT', '2026-03-09'", "0"),
            ),
        ),
    ),
    F(
        "hostname_matches_cert",
        "certs",
        "hostname, pattern",
        "whether a hostname matches a certificate name, case-insensitively: a name "
        "without '*' must equal it; a leading '*.' label matches exactly one label, "
        "so '*.example.com' matches 'api.example.com' but neither 'a.b.example.com' "
        "nor 'example.com'",
        "    host, name = hostname.lower().split('.'), pattern.lower().split('.')\n"
        "    if len(host) != len(name):\n"
        "        return False\n"
        "    if name[0] == '*':\n"
        "        return host[1:] == name[1:] and host[0] != ''\n"
        "    return host == name",
        (
            ("'api.example.com', '*.example.com'", "True"),
            ("'API.Example.com', 'api.example.COM'", "True"),
            ("'example.com', '*.example.com'", "False"),
            ("'api.example.org', '*.example.com'", "False"),
        ),
        defect=Defect(
            "    from fnmatch import fnmatch\n\n"
            "    return fnmatch(hostname.lower(), pattern.lower())",
            "a host two labels below the wildcard, such as a.b.example.com against *.example.com",
            "it matches; a wildcard stands for exactly one label",
            (
                ("'a.b.example.com', '*.example.com'", "False"),
                ("'x.y.z.internal', '*.internal'", "False"),
            ),
        ),
    ),
    F(
        "parse_cert_subject",
        "certs",
        "subject",
        "a dict of attribute to value from a certificate subject in either form "
        "openssl prints: 'CN=api.example.com, O=Example Inc, C=US' (comma-separated, "
        "spaces around each part stripped) or '/C=US/O=Example "
        "Inc/CN=api.example.com' (slash-separated); '' gives {}",
        "    parts = subject.split('/')[1:] if subject.startswith('/') else subject.split(',')\n"
        "    fields = {}\n"
        "    for part in parts:\n"
        "        if part.strip():\n"
        "            key, _, value = part.strip().partition('=')\n"
        "            fields[key.strip()] = value.strip()\n"
        "    return fields",
        (
            (
                "'CN=api.example.com, O=Example Inc, C=US'",
                "{'CN': 'api.example.com', 'O': 'Example Inc', 'C': 'US'}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    fields = {}\n"
            "    for part in subject.split(','):\n"
            "        if part.strip():\n"
            "            key, _, value = part.strip().partition('=')\n"
            "            fields[key.strip()] = value.strip()\n"
            "    return fields",
            "a subject in the slash form, such as '/C=US/O=Example/CN=api'",
            "the whole subject lands under one key; the slash form is split on '/' "
            "like the comma form on ','",
            (
                (
                    "'/C=US/O=Example Inc/CN=api.example.com'",
                    "{'C': 'US', 'O': 'Example Inc', 'CN': 'api.example.com'}",
                ),
            ),
        ),
    ),
    F(
        "prune_backups",
        "backups",
        "dates, keep",
        "the backup dates (ISO 'YYYY-MM-DD' strings, in any order) to delete, oldest "
        "first: the newest keep dates stay, and so does the earliest date of every "
        "month; keep may be 0, leaving only the monthly ones",
        "    ordered = sorted(dates)\n"
        "    kept = set(ordered[len(ordered) - keep:]) if keep > 0 else set()\n"
        "    months = {}\n"
        "    for day in ordered:\n"
        "        months.setdefault(day[:7], day)\n"
        "    kept |= set(months.values())\n"
        "    return [day for day in ordered if day not in kept]",
        (
            ("['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04'], 2", "['2025-01-02']"),
            ("['2025-02-03', '2025-01-20', '2025-01-21', '2025-02-04'], 1", "['2025-01-21']"),
            ("[], 3", "[]"),
        ),
        defect=Defect(
            "    ordered = sorted(dates)\n"
            "    kept = set(ordered[-keep:])\n"
            "    months = {}\n"
            "    for day in ordered:\n"
            "        months.setdefault(day[:7], day)\n"
            "    kept |= set(months.values())\n"
            "    return [day for day in ordered if day not in kept]",
            "keep=0",
            "nothing is deleted at all; with keep 0 only the first backup of each month stays",
            (("['2025-01-01', '2025-01-02', '2025-01-03'], 0", "['2025-01-02', '2025-01-03']"),),
        ),
    ),
    F(
        "queue_drain_seconds",
        "queues",
        "depth, rate_in, rate_out",
        "the whole seconds (rounded up) until a queue of depth messages is empty "
        "when messages arrive at rate_in and are consumed at rate_out per second: 0 "
        "for an empty queue, None when rate_out does not exceed rate_in (it never "
        "drains)",
        "    import math\n\n"
        "    if depth == 0:\n"
        "        return 0\n"
        "    if rate_out <= rate_in:\n"
        "        return None\n"
        "    return math.ceil(depth / (rate_out - rate_in))",
        (
            ("100, 5, 10", "20"),
            ("10, 0, 3", "4"),
            ("0, 5, 1", "0"),
            ("50, 4, 4", "None"),
        ),
        defect=Defect(
            "    import math\n\n"
            "    if depth == 0:\n"
            "        return 0\n"
            "    if rate_out == rate_in:\n"
            "        return None\n"
            "    return math.ceil(depth / (rate_out - rate_in))",
            "a queue filling faster than it is consumed, such as rate_in 10 and rate_out 5",
            "it answers a negative number of seconds; such a queue never drains (None)",
            (("100, 10, 5", "None"),),
        ),
    ),
    F(
        "rolling_batches",
        "queues",
        "hosts, percent",
        "the hosts split, in order, into batches for a rolling restart: each batch "
        "holds percent % of all the hosts rounded up (at least 1), the last batch "
        "what is left; ValueError unless 0 < percent <= 100",
        "    import math\n\n"
        "    if not 0 < percent <= 100:\n"
        "        raise ValueError(f'percent must be in (0, 100]: {percent}')\n"
        "    size = max(1, math.ceil(len(hosts) * percent / 100))\n"
        "    return [hosts[i:i + size] for i in range(0, len(hosts), size)]",
        (
            ("['a', 'b', 'c', 'd'], 50", "[['a', 'b'], ['c', 'd']]"),
            ("['a', 'b', 'c'], 100", "[['a', 'b', 'c']]"),
            ("[], 20", "[]"),
        ),
        raises=(
            ("['a'], 0", "ValueError"),
            ("['a'], 120", "ValueError"),
        ),
        defect=Defect(
            "    if not 0 < percent <= 100:\n"
            "        raise ValueError(f'percent must be in (0, 100]: {percent}')\n"
            "    size = max(1, len(hosts) * percent // 100)\n"
            "    return [hosts[i:i + size] for i in range(0, len(hosts), size)]",
            "a share that is not a whole number of hosts, such as 25 % of 10 hosts",
            "the batches are too small (2.5 hosts become 2); the share is rounded up",
            (
                (
                    "list('abcdefghij'), 25",
                    "[['a', 'b', 'c'], ['d', 'e', 'f'], ['g', 'h', 'i'], ['j']]",
                ),
                ("['a', 'b', 'c'], 50", "[['a', 'b'], ['c']]"),
            ),
        ),
    ),
    F(
        "parse_inventory",
        "inventory",
        "text",
        "an Ansible INI inventory as a dict of group to its host names in order: "
        "'[group]' starts a group, a host line's first word is the host (its "
        "variables after it are dropped), hosts before any group go under "
        "'ungrouped', blank lines and lines starting with # or ; are skipped",
        "    groups = {}\n"
        "    current = 'ungrouped'\n"
        "    for raw in text.splitlines():\n"
        "        line = raw.strip()\n"
        "        if not line or line.startswith(('#', ';')):\n"
        "            continue\n"
        "        if line.startswith('[') and line.endswith(']'):\n"
        "            current = line[1:-1]\n"
        "            groups.setdefault(current, [])\n"
        "        else:\n"
        "            groups.setdefault(current, []).append(line.split()[0])\n"
        "    return groups",
        (
            (
                "'[web]\\nweb1\\nweb2\\n\\n[db]\\n# primary\\ndb1\\n'",
                "{'web': ['web1', 'web2'], 'db': ['db1']}",
            ),
            ("'bastion\\n[web]\\nweb1'", "{'ungrouped': ['bastion'], 'web': ['web1']}"),
            ("''", "{}"),
        ),
        defect=Defect(
            "    groups = {}\n"
            "    current = 'ungrouped'\n"
            "    for raw in text.splitlines():\n"
            "        line = raw.strip()\n"
            "        if not line or line.startswith(('#', ';')):\n"
            "            continue\n"
            "        if line.startswith('[') and line.endswith(']'):\n"
            "            current = line[1:-1]\n"
            "            groups.setdefault(current, [])\n"
            "        else:\n"
            "            groups.setdefault(current, []).append(line)\n"
            "    return groups",
            "a host line with variables, such as 'web2 ansible_host=10.0.0.2'",
            "the variables become part of the host name; the host is the first word only",
            (("'[web]\\nweb2 ansible_host=10.0.0.2 ansible_user=deploy'", "{'web': ['web2']}"),),
        ),
    ),
    F(
        "expand_host_pattern",
        "inventory",
        "pattern",
        "the host names an inventory range pattern stands for, such as "
        "'web[01:03].example.com' -> ['web01.example.com', 'web02.example.com', "
        "'web03.example.com']: the numbers keep the width of the range's start "
        "(zero-padded), only the first [start:end] is expanded, a pattern without "
        "one gives [pattern]; ValueError when start is greater than end",
        "    import re\n\n"
        "    match = re.search(r'\\[(\\d+):(\\d+)\\]', pattern)\n"
        "    if match is None:\n"
        "        return [pattern]\n"
        "    start, end = int(match.group(1)), int(match.group(2))\n"
        "    if start > end:\n"
        "        raise ValueError(f'empty range in {pattern!r}')\n"
        "    width = len(match.group(1))\n"
        "    head, tail = pattern[:match.start()], pattern[match.end():]\n"
        "    return [f'{head}{n:0{width}d}{tail}' for n in range(start, end + 1)]",
        (
            (
                "'web[1:3].example.com'",
                "['web1.example.com', 'web2.example.com', 'web3.example.com']",
            ),
            ("'db[8:10]'", "['db8', 'db9', 'db10']"),
            ("'bastion'", "['bastion']"),
        ),
        raises=(("'web[5:2]'", "ValueError"),),
        defect=Defect(
            "    import re\n\n"
            "    match = re.search(r'\\[(\\d+):(\\d+)\\]', pattern)\n"
            "    if match is None:\n"
            "        return [pattern]\n"
            "    start, end = int(match.group(1)), int(match.group(2))\n"
            "    if start > end:\n"
            "        raise ValueError(f'empty range in {pattern!r}')\n"
            "    head, tail = pattern[:match.start()], pattern[match.end():]\n"
            "    return [f'{head}{n}{tail}' for n in range(start, end + 1)]",
            "a zero-padded range, such as web[01:03]",
            "the padding is lost ('web1' instead of 'web01'); the numbers keep the start's width",
            (
                (
                    "'web[01:03].example.com'",
                    "['web01.example.com', 'web02.example.com', 'web03.example.com']",
                ),
                ("'node[008:010]'", "['node008', 'node009', 'node010']"),
                ("'web[01:02].lan'", "['web01.lan', 'web02.lan']"),
            ),
        ),
    ),
    F(
        "parse_port_mapping",
        "compose",
        "spec",
        "a Docker port mapping such as '8080:80', '127.0.0.1:8080:80/udp' or '80' as "
        "a (host_ip, host_port, container_port, protocol) tuple: host_ip '' and "
        "host_port None when left out, the ports ints, protocol 'tcp' unless '/udp' "
        "or another suffix says otherwise",
        "    ports, _, protocol = spec.partition('/')\n"
        "    parts = ports.split(':')\n"
        "    container = int(parts[-1])\n"
        "    host_port = int(parts[-2]) if len(parts) >= 2 else None\n"
        "    host_ip = ':'.join(parts[:-2])\n"
        "    return host_ip, host_port, container, protocol or 'tcp'",
        (
            ("'8080:80'", "('', 8080, 80, 'tcp')"),
            ("'80'", "('', None, 80, 'tcp')"),
            ("'53:53/udp'", "('', 53, 53, 'udp')"),
        ),
        defect=Defect(
            "    ports, _, protocol = spec.partition('/')\n"
            "    *front, container = ports.split(':')\n"
            "    host_port = int(front[0]) if front else None\n"
            "    return '', host_port, int(container), protocol or 'tcp'",
            "a mapping bound to one host address, such as '127.0.0.1:8080:80'",
            "it fails reading the address as the host port; the first of three parts "
            "is the host IP",
            (
                ("'127.0.0.1:8080:80/udp'", "('127.0.0.1', 8080, 80, 'udp')"),
                ("'0.0.0.0:443:8443'", "('0.0.0.0', 443, 8443, 'tcp')"),
            ),
        ),
    ),
    F(
        "compose_environment",
        "compose",
        "items",
        "a dict from a Compose service's environment list such as ['MODE=prod', "
        "'TOKEN', 'OPTS=a=b']: the value is everything after the first '=' (it may "
        "hold '=' itself), None for an item without '=' (taken from the shell)",
        "    env = {}\n"
        "    for item in items:\n"
        "        key, sep, value = item.partition('=')\n"
        "        env[key] = value if sep else None\n"
        "    return env",
        (
            ("['MODE=prod', 'TOKEN']", "{'MODE': 'prod', 'TOKEN': None}"),
            ("['EMPTY=']", "{'EMPTY': ''}"),
            ("[]", "{}"),
        ),
        defect=Defect(
            "    env = {}\n"
            "    for item in items:\n"
            "        key, *rest = item.split('=')\n"
            "        env[key] = rest[0] if rest else None\n"
            "    return env",
            "a value that holds '=' itself, such as 'OPTS=a=b'",
            "the value is cut at its own '=' ('a'); only the first '=' separates the key",
            (
                (
                    "['OPTS=a=b', 'DSN=host=db port=5432']",
                    "{'OPTS': 'a=b', 'DSN': 'host=db port=5432'}",
                ),
            ),
        ),
        change=Change(
            "compose_environment should take the mapping form too: given a dict, it "
            "returns a new dict with every value turned into a string (True as "
            "'true', False as 'false', numbers with str()), None staying None; the "
            "list form stays as it is",
            "    if isinstance(items, dict):\n"
            "        def text(value):\n"
            "            if isinstance(value, bool):\n"
            "                return str(value).lower()\n"
            "            return None if value is None else str(value)\n\n"
            "        return {key: text(value) for key, value in items.items()}\n"
            "    env = {}\n"
            "    for item in items:\n"
            "        key, sep, value = item.partition('=')\n"
            "        env[key] = value if sep else None\n"
            "    return env",
            (
                (
                    "{'DEBUG': True, 'WORKERS': 4, 'TOKEN': None}",
                    "{'DEBUG': 'true', 'WORKERS': '4', 'TOKEN': None}",
                ),
                ("{'QUIET': False}", "{'QUIET': 'false'}"),
                ("['A=1']", "{'A': '1'}"),
            ),
        ),
    ),
    F(
        "parse_ssh_config",
        "sshconf",
        "text",
        "an ssh_config file as a dict of each 'Host' line's patterns (the text after "
        "'Host', as written) to a dict of its settings: keys lowercased (ssh "
        "keywords ignore case), a setting written 'Key value' or 'Key=value' (spaces "
        "around '=' allowed), blank and # lines skipped, settings before any Host "
        "line under '*'",
        "    import re\n\n"
        "    hosts = {}\n"
        "    current = None\n"
        "    for raw in text.splitlines():\n"
        "        line = raw.strip()\n"
        "        if not line or line.startswith('#'):\n"
        "            continue\n"
        "        key, value = re.split(r'\\s*=\\s*|\\s+', line, maxsplit=1)\n"
        "        if key.lower() == 'host':\n"
        "            current = hosts.setdefault(value, {})\n"
        "        else:\n"
        "            if current is None:\n"
        "                current = hosts.setdefault('*', {})\n"
        "            current[key.lower()] = value\n"
        "    return hosts",
        (
            (
                "'Host web\\n  HostName 10.0.0.5\\n  User deploy\\n\\n# jump\\nHost db-*\\n  Port 2222'",
                "{'web': {'hostname': '10.0.0.5', 'user': 'deploy'}, 'db-*': {'port': '2222'}}",
            ),
            (
                "'ForwardAgent no\\nHost a b\\n  IdentityFile ~/.ssh/id_ed25519'",
                "{'*': {'forwardagent': 'no'}, 'a b': {'identityfile': '~/.ssh/id_ed25519'}}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    hosts = {}\n"
            "    current = None\n"
            "    for raw in text.splitlines():\n"
            "        line = raw.strip()\n"
            "        if not line or line.startswith('#'):\n"
            "            continue\n"
            "        key, value = line.split(None, 1)\n"
            "        if key.lower() == 'host':\n"
            "            current = hosts.setdefault(value, {})\n"
            "        else:\n"
            "            if current is None:\n"
            "                current = hosts.setdefault('*', {})\n"
            "            current[key.lower()] = value\n"
            "    return hosts",
            "a setting written with '=', such as 'Port=2222' or 'User = deploy'",
            "it breaks on the line (or keeps '=' in the value); '=' separates key "
            "and value like a space",
            (
                (
                    "'Host web\\n  Port=2222\\n  User = deploy'",
                    "{'web': {'port': '2222', 'user': 'deploy'}}",
                ),
            ),
        ),
    ),
    F(
        "ssh_options_for",
        "sshconf",
        "config, host",
        "the settings ssh applies to host from config, a dict of Host patterns "
        "(space-separated shell globs such as 'web-* db') to settings dicts: every "
        "entry with a pattern matching host contributes, in the config's order, and "
        "for each key the first value obtained wins",
        "    from fnmatch import fnmatchcase\n\n"
        "    options = {}\n"
        "    for patterns, settings in config.items():\n"
        "        if any(fnmatchcase(host, p) for p in patterns.split()):\n"
        "            for key, value in settings.items():\n"
        "                options.setdefault(key, value)\n"
        "    return options",
        (
            (
                "{'web-*': {'user': 'deploy'}, 'db': {'port': '2222'}}, 'web-1'",
                "{'user': 'deploy'}",
            ),
            ("{'a db': {'port': '2222'}}, 'db'", "{'port': '2222'}"),
            ("{'web': {'user': 'x'}}, 'mail'", "{}"),
        ),
        defect=Defect(
            "    from fnmatch import fnmatchcase\n\n"
            "    options = {}\n"
            "    for patterns, settings in config.items():\n"
            "        if any(fnmatchcase(host, p) for p in patterns.split()):\n"
            "            options.update(settings)\n"
            "    return options",
            "two matching entries setting the same key, such as 'web-1' and then '*'",
            "the later entry overrides the earlier one; ssh keeps the first value it obtains",
            (
                (
                    "{'web-1': {'user': 'admin'}, '*': {'user': 'deploy', 'port': '22'}}, 'web-1'",
                    "{'user': 'admin', 'port': '22'}",
                ),
            ),
        ),
    ),
    F(
        "no_proxy_matches",
        "proxy",
        "host, no_proxy",
        "whether a host bypasses the proxy under a NO_PROXY value such as "
        "'localhost,.internal,example.com': entries are comma-separated with spaces "
        "stripped, '*' matches every host, an entry (with or without a leading '.') "
        "matches that domain itself and any name under it, never a name that merely "
        "ends with the same letters ('badexample.com'); case is ignored",
        "    host = host.lower()\n"
        "    for entry in no_proxy.lower().split(','):\n"
        "        entry = entry.strip()\n"
        "        if entry == '*':\n"
        "            return True\n"
        "        domain = entry.lstrip('.')\n"
        "        if domain and (host == domain or host.endswith('.' + domain)):\n"
        "            return True\n"
        "    return False",
        (
            ("'api.internal', 'localhost, .internal'", "True"),
            ("'Example.com', 'example.com'", "True"),
            ("'cdn.example.com', 'example.com'", "True"),
            ("'google.com', 'localhost,.internal'", "False"),
            ("'anything', '*'", "True"),
            ("'host', ''", "False"),
        ),
        defect=Defect(
            "    host = host.lower()\n"
            "    for entry in no_proxy.lower().split(','):\n"
            "        entry = entry.strip()\n"
            "        if entry == '*':\n"
            "            return True\n"
            "        domain = entry.lstrip('.')\n"
            "        if domain and host.endswith(domain):\n"
            "            return True\n"
            "    return False",
            "a host that only ends with the same letters, such as badexample.com "
            "against example.com",
            "it bypasses the proxy; an entry matches only the domain itself and the names under it",
            (
                ("'badexample.com', 'example.com'", "False"),
                ("'myinternal', '.internal'", "False"),
            ),
        ),
    ),
    F(
        "normalize_mac",
        "proxy",
        "text",
        "a MAC address in the lowercase colon form 'aa:bb:cc:dd:ee:ff' from any "
        "usual spelling: colons, hyphens ('AA-BB-CC-DD-EE-FF') or Cisco dots "
        "('aabb.ccdd.eeff'); ValueError unless it is exactly 12 hex digits once "
        "those separators are removed",
        "    import re\n\n"
        "    digits = re.sub(r'[:.-]', '', text).lower()\n"
        "    if not re.fullmatch(r'[0-9a-f]{12}', digits):\n"
        "        raise ValueError(f'not a MAC address: {text!r}')\n"
        "    return ':'.join(digits[i:i + 2] for i in range(0, 12, 2))",
        (
            ("'AA-BB-CC-DD-EE-FF'", "'aa:bb:cc:dd:ee:ff'"),
            ("'00:1A:2b:3c:4D:5e'", "'00:1a:2b:3c:4d:5e'"),
        ),
        raises=(
            ("'00:1a:2b'", "ValueError"),
            ("'zz:bb:cc:dd:ee:ff'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    digits = text.replace(':', '').replace('-', '').lower()\n"
            "    if not re.fullmatch(r'[0-9a-f]{12}', digits):\n"
            "        raise ValueError(f'not a MAC address: {text!r}')\n"
            "    return ':'.join(digits[i:i + 2] for i in range(0, 12, 2))",
            "the Cisco dotted form, such as 'aabb.ccdd.eeff'",
            "it raises ValueError; the dots separate the digits like colons do",
            (
                ("'aabb.ccdd.eeff'", "'aa:bb:cc:dd:ee:ff'"),
                ("'001A.2B3C.4D5E'", "'00:1a:2b:3c:4d:5e'"),
            ),
        ),
    ),
    F(
        "netmask_to_prefix",
        "proxy",
        "mask",
        "the prefix length of a dotted IPv4 netmask ('255.255.255.0' -> 24, "
        "'0.0.0.0' -> 0); ValueError for anything but four numbers 0-255 or a mask "
        "whose one bits are not all at the front ('255.0.255.0')",
        "    parts = mask.split('.')\n"
        "    if len(parts) != 4 or not all(p.isdigit() and int(p) <= 255 for p in parts):\n"
        "        raise ValueError(f'not a netmask: {mask!r}')\n"
        "    bits = ''.join(f'{int(p):08b}' for p in parts)\n"
        "    if '01' in bits:\n"
        "        raise ValueError(f'not a contiguous netmask: {mask!r}')\n"
        "    return bits.count('1')",
        (
            ("'255.255.255.0'", "24"),
            ("'255.255.240.0'", "20"),
            ("'0.0.0.0'", "0"),
            ("'255.255.255.255'", "32"),
        ),
        raises=(
            ("'255.0.255.0'", "ValueError"),
            ("'255.255.256.0'", "ValueError"),
            ("'255.255.0'", "ValueError"),
        ),
    ),
    F(
        "weighted_round_robin",
        "balancing",
        "servers, count",
        "the first count picks of nginx's smooth weighted round robin over servers, "
        "a list of (name, weight): each pick adds every server's weight to its "
        "running score, picks the highest score (the earlier server on a tie) and "
        "takes the sum of all weights off the picked server's score; scores start at "
        "0",
        "    scores = [0] * len(servers)\n"
        "    total = sum(weight for _, weight in servers)\n"
        "    picks = []\n"
        "    for _ in range(count):\n"
        "        for i, (_, weight) in enumerate(servers):\n"
        "            scores[i] += weight\n"
        "        best = max(range(len(servers)), key=lambda i: (scores[i], -i))\n"
        "        scores[best] -= total\n"
        "        picks.append(servers[best][0])\n"
        "    return picks",
        (
            ("[('a', 3), ('b', 2)], 5", "['a', 'b', 'a', 'b', 'a']"),
            ("[('a', 1)], 3", "['a', 'a', 'a']"),
            ("[('a', 2), ('b', 1)], 0", "[]"),
        ),
        defect=Defect(
            "    scores = [0] * len(servers)\n"
            "    total = sum(weight for _, weight in servers)\n"
            "    picks = []\n"
            "    for _ in range(count):\n"
            "        for i, (_, weight) in enumerate(servers):\n"
            "            scores[i] += weight\n"
            "        best = max(range(len(servers)), key=lambda i: (scores[i], i))\n"
            "        scores[best] -= total\n"
            "        picks.append(servers[best][0])\n"
            "    return picks",
            "servers of equal weight, whose scores tie",
            "the later server wins the tie; the earlier one in the list is picked first",
            (
                ("[('a', 1), ('b', 1)], 4", "['a', 'b', 'a', 'b']"),
                ("[('x', 2), ('y', 2), ('z', 1)], 3", "['x', 'y', 'z']"),
                ("[('a', 5), ('b', 1), ('c', 1)], 7", "['a', 'a', 'b', 'a', 'c', 'a', 'a']"),
            ),
        ),
    ),
    F(
        "least_connections",
        "balancing",
        "connections",
        "the name of the backend with the fewest open connections from a dict of "
        "name to count, the alphabetically first name on a tie; ValueError for an "
        "empty dict",
        "    if not connections:\n"
        "        raise ValueError('no backends')\n"
        "    return min(sorted(connections), key=connections.get)",
        (
            ("{'web1': 5, 'web2': 2, 'web3': 9}", "'web2'"),
            ("{'solo': 0}", "'solo'"),
        ),
        raises=(("{}", "ValueError"),),
        defect=Defect(
            "    if not connections:\n"
            "        raise ValueError('no backends')\n"
            "    return min(connections, key=connections.get)",
            "backends that tie, listed out of alphabetical order",
            "the first one in the dict wins; a tie goes to the alphabetically first name",
            (("{'web3': 1, 'web1': 1, 'web2': 4}", "'web1'"),),
        ),
    ),
    F(
        "latency_percentile",
        "latency",
        "values, p",
        "the p-th percentile of values by the nearest-rank method: sorted ascending, "
        "the value at rank ceil(p / 100 * n) counted from 1 (rank 1 at least, so p=0 "
        "gives the smallest); ValueError for no values or p outside 0-100",
        "    import math\n\n"
        "    if not values or not 0 <= p <= 100:\n"
        "        raise ValueError('need values and 0 <= p <= 100')\n"
        "    ordered = sorted(values)\n"
        "    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]",
        (
            ("[15, 20, 35, 40, 50], 30", "20"),
            ("[15, 20, 35, 40, 50], 100", "50"),
            ("[3, 1, 2], 0", "1"),
        ),
        raises=(
            ("[], 50", "ValueError"),
            ("[1], 101", "ValueError"),
        ),
        defect=Defect(
            "    if not values or not 0 <= p <= 100:\n"
            "        raise ValueError('need values and 0 <= p <= 100')\n"
            "    ordered = sorted(values)\n"
            "    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]",
            "a rank that comes out whole, such as the 40th percentile of five values (rank 2)",
            "it answers the value after that rank; the rank ceil(p / 100 * n) is counted from 1",
            (
                ("[15, 20, 35, 40, 50], 40", "20"),
                ("[1, 2, 3, 4], 50", "2"),
            ),
        ),
    ),
    F(
        "apdex_score",
        "latency",
        "latencies, threshold",
        "the Apdex score of request latencies against a threshold T: satisfied "
        "requests (latency at most T) count 1, tolerating ones (above T, at most 4T) "
        "count a half, the rest 0, the sum divided by the number of requests and "
        "rounded to 2 decimals; ValueError for no requests",
        "    if not latencies:\n"
        "        raise ValueError('no requests')\n"
        "    satisfied = sum(1 for ms in latencies if ms <= threshold)\n"
        "    tolerating = sum(1 for ms in latencies if threshold < ms <= 4 * threshold)\n"
        "    return round((satisfied + tolerating / 2) / len(latencies), 2)",
        (
            ("[100, 200, 900, 3000], 500", "0.62"),
            ("[10, 20], 100", "1.0"),
            ("[5000], 100", "0.0"),
        ),
        raises=(("[], 100", "ValueError"),),
        defect=Defect(
            "    if not latencies:\n"
            "        raise ValueError('no requests')\n"
            "    satisfied = sum(1 for ms in latencies if ms < threshold)\n"
            "    tolerating = sum(1 for ms in latencies if threshold <= ms < 4 * threshold)\n"
            "    return round((satisfied + tolerating / 2) / len(latencies), 2)",
            "latencies exactly at T or at 4T",
            "they count a class too low; at most T is satisfied and at most 4T tolerating",
            (
                ("[500, 2000], 500", "0.75"),
                ("[100, 100, 400], 100", "0.83"),
            ),
        ),
    ),
    F(
        "server_error_rate",
        "latency",
        "statuses",
        "the share of HTTP statuses in a list that are server errors (500-599), "
        "rounded to 4 decimals; client errors (4xx) do not count; 0.0 for an empty "
        "list",
        "    if not statuses:\n"
        "        return 0.0\n"
        "    errors = sum(1 for status in statuses if 500 <= status <= 599)\n"
        "    return round(errors / len(statuses), 4)",
        (
            ("[200, 500, 200, 503]", "0.5"),
            ("[200, 201, 204]", "0.0"),
            ("[]", "0.0"),
            ("[502, 200, 200]", "0.3333"),
        ),
        defect=Defect(
            "    if not statuses:\n"
            "        return 0.0\n"
            "    errors = sum(1 for status in statuses if status >= 400)\n"
            "    return round(errors / len(statuses), 4)",
            "client errors such as 404 or 429 in the list",
            "they count as errors and raise the rate; only 5xx statuses are server errors",
            (("[404, 500, 200, 429]", "0.25"),),
        ),
        change=Change(
            "server_error_rate should take a dict of status to request count instead "
            "of a list, the same rule otherwise (share of requests with a 5xx "
            "status, rounded to 4 decimals, 0.0 when there are no requests)",
            "    total = sum(statuses.values())\n"
            "    if not total:\n"
            "        return 0.0\n"
            "    errors = sum(n for status, n in statuses.items() if 500 <= status <= 599)\n"
            "    return round(errors / total, 4)",
            (
                ("{200: 90, 500: 6, 404: 4}", "0.06"),
                ("{200: 1, 503: 2}", "0.6667"),
                ("{}", "0.0"),
            ),
        ),
    ),
    F(
        "releases_to_remove",
        "releases",
        "releases, keep, current",
        "the release directories to delete, oldest first: releases are named by "
        "timestamp ('20250101120000'), the newest keep stay, and current (the live "
        "release, which may be an older one after a rollback) is never removed",
        "    ordered = sorted(releases)\n"
        "    doomed = ordered[:max(0, len(ordered) - keep)]\n"
        "    return [name for name in doomed if name != current]",
        (
            (
                "['20250101', '20250102', '20250103', '20250104'], 2, '20250104'",
                "['20250101', '20250102']",
            ),
            ("['20250102', '20250101'], 5, '20250102'", "[]"),
        ),
        defect=Defect(
            "    ordered = sorted(releases)\n    return ordered[:max(0, len(ordered) - keep)]",
            "a rollback, where the live release is older than the newest ones kept",
            "the live release is deleted; current always stays",
            (("['20250101', '20250102', '20250103', '20250104'], 2, '20250102'", "['20250101']"),),
        ),
    ),
    F(
        "deploy_plan",
        "releases",
        "running, wanted",
        "the steps that take the services from running to wanted (both dicts of "
        "service to version), sorted by service name: 'add NAME VERSION' for a new "
        "one, 'remove NAME' for one no longer wanted, 'upgrade NAME OLD -> NEW' for "
        "a changed version; unchanged ones give no step",
        "    steps = []\n"
        "    for name in sorted(set(running) | set(wanted)):\n"
        "        if name not in running:\n"
        "            steps.append(f'add {name} {wanted[name]}')\n"
        "        elif name not in wanted:\n"
        "            steps.append(f'remove {name}')\n"
        "        elif running[name] != wanted[name]:\n"
        "            steps.append(f'upgrade {name} {running[name]} -> {wanted[name]}')\n"
        "    return steps",
        (
            (
                "{'api': '1.0', 'web': '2.0'}, {'api': '1.1', 'web': '2.0', 'cache': '7'}",
                "['upgrade api 1.0 -> 1.1', 'add cache 7']",
            ),
            ("{}, {}", "[]"),
        ),
        defect=Defect(
            "    steps = []\n"
            "    for name in sorted(wanted):\n"
            "        if name not in running:\n"
            "            steps.append(f'add {name} {wanted[name]}')\n"
            "        elif running[name] != wanted[name]:\n"
            "            steps.append(f'upgrade {name} {running[name]} -> {wanted[name]}')\n"
            "    return steps",
            "a running service that is no longer wanted",
            "it is left running with no step; the plan removes it",
            (
                ("{'api': '1.0', 'legacy': '0.9'}, {'api': '1.0'}", "['remove legacy']"),
                ("{'a': '1', 'z': '1'}, {'m': '2'}", "['remove a', 'add m 2', 'remove z']"),
            ),
        ),
    ),
    F(
        "parse_journal_line",
        "journal",
        "line",
        "a dict from a syslog-style journal line 'Jan 05 10:00:01 host unit[pid]: "
        "message': keys 'time' (the first three fields joined by a space), 'host', "
        "'unit', 'pid' (an int, None when there is no [pid]) and 'message' "
        "(everything after the first ': ', colons and all); ValueError for a line "
        "not in that form",
        "    import re\n\n"
        "    match = re.fullmatch(r'(\\w+ +\\d+ [\\d:]+) (\\S+) ([^\\s\\[:]+)(?:\\[(\\d+)\\])?: (.*)', line)\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a journal line: {line!r}')\n"
        "    time, host, unit, pid, message = match.groups()\n"
        "    return {'time': time, 'host': host, 'unit': unit,\n"
        "            'pid': int(pid) if pid else None, 'message': message}",
        (
            (
                "'Jan 05 10:00:01 web1 sshd[812]: Accepted key for deploy'",
                "{'time': 'Jan 05 10:00:01', 'host': 'web1', 'unit': 'sshd', 'pid': 812, 'message': 'Accepted key for deploy'}",
            ),
            (
                "'Feb 11 00:00:00 db kernel: oom'",
                "{'time': 'Feb 11 00:00:00', 'host': 'db', 'unit': 'kernel', 'pid': None, 'message': 'oom'}",
            ),
        ),
        raises=(("'garbage'", "ValueError"),),
        defect=Defect(
            "    import re\n\n"
            "    match = re.fullmatch(r'(\\w+ +\\d+ [\\d:]+) (\\S+) ([^\\s\\[:]+)(?:\\[(\\d+)\\])?: ([^:]*).*', line)\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a journal line: {line!r}')\n"
            "    time, host, unit, pid, message = match.groups()\n"
            "    return {'time': time, 'host': host, 'unit': unit,\n"
            "            'pid': int(pid) if pid else None, 'message': message}",
            "a message that holds a colon itself, such as 'error: disk full'",
            "the message is cut at its own colon; everything after the first ': ' is the message",
            (
                (
                    "'Jan 05 10:00:01 web1 app[9]: error: disk full'",
                    "{'time': 'Jan 05 10:00:01', 'host': 'web1', 'unit': 'app', 'pid': 9, 'message': 'error: disk full'}",
                ),
            ),
        ),
    ),
    F(
        "join_continuation_lines",
        "journal",
        "lines",
        "log records from raw lines: a line starting with a space or a tab continues "
        "the record before it (joined to it with '\\n', its indentation kept), any "
        "other line starts a new record; a continuation line before any record "
        "starts a record of its own",
        "    records = []\n"
        "    for line in lines:\n"
        "        if line[:1] in (' ', '\\t') and records:\n"
        "            records[-1] += '\\n' + line\n"
        "        else:\n"
        "            records.append(line)\n"
        "    return records",
        (
            (
                "['Traceback:', '  File x', '  boom', 'next']",
                "['Traceback:\\n  File x\\n  boom', 'next']",
            ),
            ("[]", "[]"),
            ("['a', 'b']", "['a', 'b']"),
        ),
        defect=Defect(
            "    records = []\n"
            "    for line in lines:\n"
            "        if line[:1] in (' ', '\\t'):\n"
            "            records[-1] += '\\n' + line\n"
            "        else:\n"
            "            records.append(line)\n"
            "    return records",
            "input that starts with an indented line (a log cut mid-record)",
            "it crashes with IndexError; a leading continuation starts a record of its own",
            (
                ("['  tail of earlier', 'start']", "['  tail of earlier', 'start']"),
                ("['\\tx', '\\ty']", "['\\tx\\n\\ty']"),
            ),
        ),
    ),
    F(
        "top_clients",
        "journal",
        "lines, n",
        "the n clients with the most requests in access-log lines (the client is a "
        "line's first word; blank lines skipped) as (address, count) pairs, most "
        "requests first, ties in ascending address order",
        "    from collections import Counter\n\n"
        "    counts = Counter(line.split()[0] for line in lines if line.strip())\n"
        "    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]",
        (
            (
                "['10.0.0.2 GET /', '10.0.0.1 GET /a', '10.0.0.2 GET /b', ''], 1",
                "[('10.0.0.2', 2)]",
            ),
            (
                "['10.0.0.2 GET /', '10.0.0.1 GET /a', '10.0.0.2 GET /b'], 5",
                "[('10.0.0.2', 2), ('10.0.0.1', 1)]",
            ),
            ("[], 3", "[]"),
        ),
        defect=Defect(
            "    from collections import Counter\n\n"
            "    return Counter(line.split()[0] for line in lines if line.strip()).most_common(n)",
            "clients with the same number of requests",
            "they come out in the order first seen; ties are in ascending address order",
            (
                (
                    "['10.0.0.9 GET /', '10.0.0.1 GET /', '10.0.0.5 GET /'], 2",
                    "[('10.0.0.1', 1), ('10.0.0.5', 1)]",
                ),
            ),
        ),
    ),
)
