"""Yet more functions of the devops domain (generator version 3 on), beside `devops.py`.

Metrics in the Prometheus text format, TLS certificates, backups, queues and rolling
batches, inventories and host patterns, Compose ports and environments, SSH and proxy
settings, load balancing, latency percentiles and Apdex, releases, journal lines, systemd
time spans, memory and cgroups, Kubernetes scaling and taints, .env quoting and merge
patches, CI matrices and git status, heartbeats and tables, nginx upstreams, host files and
ports, resolvers, containers, sysctl and kernels, crontab lines, database URLs, tracing
headers and health checks: each summary states every property its cases, raises and defect
cases check. `devops.py` adds them to its MORE_TEMPLATES.
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
            ("[100, 200, 900, 3000, 6000], 500", "0.5"),
            ("[100, 200, 900], 500", "0.83"),
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
        "message': keys 'time' (the first three fields, as written), 'host', 'unit', "
        "'pid' (an int, None when there is no [pid]) and 'message' (everything after "
        "the first ': ', colons and all); ValueError for a line not in that form",
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
    F(
        "parse_timespan",
        "timespans",
        "text",
        "the seconds (an int) in a systemd time span such as '1h 30min' or '2d4h': "
        "parts are a number and a unit, spaces between parts optional, units 'w' "
        "(week), 'd', 'h', 'min' and 's'; ValueError for an empty span, an unknown "
        "unit or text left over",
        "    import re\n\n"
        "    units = {'w': 604800, 'd': 86400, 'h': 3600, 'min': 60, 's': 1}\n"
        "    compact = text.replace(' ', '')\n"
        "    parts = re.findall(r'(\\d+)([a-z]+)', compact)\n"
        "    if not parts or ''.join(n + u for n, u in parts) != compact:\n"
        "        raise ValueError(f'not a time span: {text!r}')\n"
        "    if any(unit not in units for _, unit in parts):\n"
        "        raise ValueError(f'unknown unit in {text!r}')\n"
        "    return sum(int(n) * units[unit] for n, unit in parts)",
        (
            ("'1h 30min'", "5400"),
            ("'1w 2d'", "777600"),
            ("'45s'", "45"),
        ),
        raises=(
            ("''", "ValueError"),
            ("'5 parsecs'", "ValueError"),
            ("'10x'", "ValueError"),
            ("'3h 20'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    units = {'w': 604800, 'd': 86400, 'h': 3600, 'min': 60, 's': 1}\n"
            "    total = 0\n"
            "    for part in text.split():\n"
            "        match = re.fullmatch(r'(\\d+)([a-z]+)', part)\n"
            "        if match is None or match.group(2) not in units:\n"
            "            raise ValueError(f'not a time span: {text!r}')\n"
            "        total += int(match.group(1)) * units[match.group(2)]\n"
            "    if not text.split():\n"
            "        raise ValueError(f'not a time span: {text!r}')\n"
            "    return total",
            "parts written together without a space, such as '2d4h' or '1h30min'",
            "it raises ValueError; the space between parts is optional",
            (
                ("'2d4h'", "187200"),
                ("'1h30min'", "5400"),
            ),
        ),
    ),
    F(
        "seconds_until_daily",
        "timespans",
        "at, now",
        "the seconds from now ('HH:MM:SS') until a daily job next runs at 'HH:MM': 0 "
        "when now is exactly that time, and when the time has already passed today, "
        "the run tomorrow",
        "    h, m = (int(x) for x in at.split(':'))\n"
        "    nh, nm, ns = (int(x) for x in now.split(':'))\n"
        "    return (h * 3600 + m * 60 - (nh * 3600 + nm * 60 + ns)) % 86400",
        (
            ("'02:00', '01:00:00'", "3600"),
            ("'12:30', '12:29:30'", "30"),
            ("'06:00', '06:00:00'", "0"),
        ),
        defect=Defect(
            "    h, m = (int(x) for x in at.split(':'))\n"
            "    nh, nm, ns = (int(x) for x in now.split(':'))\n"
            "    return h * 3600 + m * 60 - (nh * 3600 + nm * 60 + ns)",
            "a run time that has already passed today, such as 02:00 asked at 23:00",
            "it answers a negative number; the next run is tomorrow",
            (
                ("'02:00', '23:00:00'", "10800"),
                ("'00:00', '00:00:01'", "86399"),
            ),
        ),
    ),
    F(
        "memory_used_percent",
        "resources",
        "meminfo",
        "the percentage of memory in use from /proc/meminfo text ('MemTotal:  16000 "
        "kB' lines), rounded to 1 decimal: (MemTotal - available) / MemTotal * 100, "
        "where available is MemAvailable or, on old kernels without it, MemFree + "
        "Buffers + Cached (each 0 when missing)",
        "    fields = {}\n"
        "    for line in meminfo.splitlines():\n"
        "        key, _, rest = line.partition(':')\n"
        "        if rest.split():\n"
        "            fields[key.strip()] = int(rest.split()[0])\n"
        "    total = fields['MemTotal']\n"
        "    if 'MemAvailable' in fields:\n"
        "        available = fields['MemAvailable']\n"
        "    else:\n"
        "        available = sum(fields.get(k, 0) for k in ('MemFree', 'Buffers', 'Cached'))\n"
        "    return round((total - available) / total * 100, 1)",
        (
            ("'MemTotal:       16000 kB\\nMemFree:   1000 kB\\nMemAvailable:   4000 kB'", "75.0"),
            ("'MemTotal: 3000 kB\\nMemAvailable: 1000 kB\\n'", "66.7"),
        ),
        defect=Defect(
            "    fields = {}\n"
            "    for line in meminfo.splitlines():\n"
            "        key, _, rest = line.partition(':')\n"
            "        if rest.split():\n"
            "            fields[key.strip()] = int(rest.split()[0])\n"
            "    total = fields['MemTotal']\n"
            "    available = fields.get('MemAvailable', fields.get('MemFree', 0))\n"
            "    return round((total - available) / total * 100, 1)",
            "an old kernel's meminfo without MemAvailable",
            "buffers and page cache count as used; without MemAvailable, available "
            "is MemFree + Buffers + Cached",
            (
                (
                    "'MemTotal: 8000 kB\\nMemFree: 1000 kB\\nBuffers: 500 kB\\nCached: 2500 kB'",
                    "50.0",
                ),
                ("'MemTotal: 1000 kB\\nMemFree: 100 kB\\nCached: 400 kB'", "50.0"),
            ),
        ),
    ),
    F(
        "cgroup_cpu_limit",
        "resources",
        "cpu_max",
        "the CPU limit in cores from a cgroup v2 cpu.max value 'QUOTA PERIOD' (such "
        "as '50000 100000' -> 0.5), rounded to 3 decimals; None when the quota is "
        "'max' (no limit); the period defaults to 100000 when left out",
        "    parts = cpu_max.split()\n"
        "    if parts[0] == 'max':\n"
        "        return None\n"
        "    period = int(parts[1]) if len(parts) > 1 else 100000\n"
        "    return round(int(parts[0]) / period, 3)",
        (
            ("'50000 100000'", "0.5"),
            ("'200000 100000'", "2.0"),
            ("'150000'", "1.5"),
            ("'33333 100000\\n'", "0.333"),
        ),
        defect=Defect(
            "    parts = cpu_max.split()\n"
            "    period = int(parts[1]) if len(parts) > 1 else 100000\n"
            "    return round(int(parts[0]) / period, 3) if parts[0].isdigit() else 0.0",
            "an unlimited cgroup, whose cpu.max reads 'max 100000'",
            "it answers 0.0 cores, as if the container could not run; 'max' means no limit (None)",
            (
                ("'max 100000'", "None"),
                ("'max'", "None"),
            ),
        ),
    ),
    F(
        "hpa_desired_replicas",
        "kubescale",
        "current, metric, target, low, high",
        "the replica count a Kubernetes HorizontalPodAutoscaler asks for: "
        "ceil(current * metric / target), kept within low and high (both included)",
        "    import math\n\n"
        "    desired = math.ceil(current * metric / target)\n"
        "    return max(low, min(high, desired))",
        (
            ("4, 90, 60, 1, 10", "6"),
            ("3, 20, 60, 2, 10", "2"),
            ("5, 300, 50, 1, 8", "8"),
        ),
        defect=Defect(
            "    desired = round(current * metric / target)\n"
            "    return max(low, min(high, desired))",
            "a ratio that lands just above a whole number of replicas, such as 3 "
            "pods at 70 against 60",
            "it scales to too few pods (3.5 rounds to 4 but 3.2 to 3); the count is "
            "always rounded up",
            (
                ("3, 64, 60, 1, 10", "4"),
                ("10, 51, 50, 1, 20", "11"),
            ),
        ),
        change=Change(
            "hpa_desired_replicas should leave the count alone within the "
            "autoscaler's tolerance: when metric / target is within 0.1 of 1.0 (0.9 "
            "to 1.1, both included) it answers current, still kept within low and "
            "high; otherwise as before",
            "    import math\n\n"
            "    ratio = metric / target\n"
            "    desired = current if abs(ratio - 1.0) <= 0.1 else math.ceil(current * ratio)\n"
            "    return max(low, min(high, desired))",
            (
                ("10, 105, 100, 1, 20", "10"),
                ("10, 91, 100, 1, 20", "10"),
                ("10, 120, 100, 1, 20", "12"),
                ("10, 100, 100, 12, 20", "12"),
            ),
        ),
    ),
    F(
        "parse_taint",
        "kubescale",
        "text",
        "a Kubernetes taint 'key=value:Effect' as a (key, value, effect) tuple, "
        "value '' when written 'key:Effect'; ValueError when the effect is not "
        "NoSchedule, PreferNoSchedule or NoExecute or the key is empty",
        "    spec, _, effect = text.rpartition(':')\n"
        "    key, _, value = spec.partition('=')\n"
        "    if effect not in ('NoSchedule', 'PreferNoSchedule', 'NoExecute') or not key:\n"
        "        raise ValueError(f'not a taint: {text!r}')\n"
        "    return key, value, effect",
        (
            ("'dedicated=gpu:NoSchedule'", "('dedicated', 'gpu', 'NoSchedule')"),
            ("'team=infra:PreferNoSchedule'", "('team', 'infra', 'PreferNoSchedule')"),
        ),
        raises=(
            ("'dedicated=gpu:Sometimes'", "ValueError"),
            ("'=gpu:NoSchedule'", "ValueError"),
            ("'dedicated=gpu'", "ValueError"),
        ),
        defect=Defect(
            "    key, _, rest = text.partition('=')\n"
            "    value, _, effect = rest.rpartition(':')\n"
            "    if effect not in ('NoSchedule', 'PreferNoSchedule', 'NoExecute') or not key:\n"
            "        raise ValueError(f'not a taint: {text!r}')\n"
            "    return key, value, effect",
            "a taint without a value, such as 'node.kubernetes.io/unreachable:NoExecute'",
            "it raises ValueError or reads the effect into the key; the value is '' "
            "when there is no '='",
            (
                ("'maintenance:NoSchedule'", "('maintenance', '', 'NoSchedule')"),
                (
                    "'node.kubernetes.io/unreachable:NoExecute'",
                    "('node.kubernetes.io/unreachable', '', 'NoExecute')",
                ),
            ),
        ),
    ),
    F(
        "rollout_limits",
        "kubescale",
        "replicas, max_surge, max_unavailable",
        "a Deployment's rolling-update limits as (extra pods allowed, pods allowed "
        "down) for replicas pods: each limit is an int or a percentage string such "
        "as '25%'; a percentage of max_surge is rounded up, one of max_unavailable "
        "rounded down; ValueError when both come out 0",
        "    import math\n\n"
        "    def count(spec, rounding):\n"
        "        if isinstance(spec, str) and spec.endswith('%'):\n"
        "            return rounding(replicas * int(spec[:-1]) / 100)\n"
        "        return int(spec)\n\n"
        "    surge = count(max_surge, math.ceil)\n"
        "    down = count(max_unavailable, math.floor)\n"
        "    if surge == 0 and down == 0:\n"
        "        raise ValueError('max_surge and max_unavailable cannot both be 0')\n"
        "    return surge, down",
        (
            ("8, '25%', '25%'", "(2, 2)"),
            ("4, 1, 0", "(1, 0)"),
            ("4, '50%', 1", "(2, 1)"),
        ),
        raises=(
            ("4, 0, 0", "ValueError"),
            ("1, '0%', '10%'", "ValueError"),
        ),
        defect=Defect(
            "    def count(spec):\n"
            "        if isinstance(spec, str) and spec.endswith('%'):\n"
            "            return round(replicas * int(spec[:-1]) / 100)\n"
            "        return int(spec)\n\n"
            "    surge, down = count(max_surge), count(max_unavailable)\n"
            "    if surge == 0 and down == 0:\n"
            "        raise ValueError('max_surge and max_unavailable cannot both be 0')\n"
            "    return surge, down",
            "percentages that do not give whole pods, such as 30% of 5 replicas",
            "both are rounded to the nearest pod; surge rounds up and unavailable rounds down",
            (
                ("5, '30%', '30%'", "(2, 1)"),
                ("10, '25%', '25%'", "(3, 2)"),
                ("7, '10%', '90%'", "(1, 6)"),
            ),
        ),
    ),
    F(
        "dotenv_quote",
        "dotenv",
        "value",
        "a value as written on the right of '=' in a .env file: as it is when it is "
        "non-empty and made only of letters, digits and '_./:@-'; otherwise in "
        "double quotes with each backslash, double quote and '$' escaped by a "
        "backslash and a newline written as \\n",
        "    import re\n\n"
        "    if re.fullmatch(r'[A-Za-z0-9_./:@-]+', value):\n"
        "        return value\n"
        "    escaped = ''.join('\\\\' + ch if ch in '\\\\\"$' else ch for ch in value)\n"
        "    return '\"' + escaped.replace('\\n', '\\\\n') + '\"'",
        (
            ("'prod'", "'prod'"),
            ("'postgres://db:5432/app'", "'postgres://db:5432/app'"),
            ("'two words'", "'\"two words\"'"),
            ("''", "'\"\"'"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    if re.fullmatch(r'[A-Za-z0-9_./:@-]+', value):\n"
            "        return value\n"
            "    return '\"' + value.replace('\\n', '\\\\n') + '\"'",
            "a value holding a double quote, a backslash or '$', such as 'say \"hi\"'",
            "the quotes end the value early and '$' expands; they are escaped with a backslash",
            (
                ("'say \\\"hi\\\"'", '\'\\"say \\\\\\"hi\\\\\\"\\"\''),
                ("'pa$$'", "'\\\"pa\\\\$\\\\$\\\"'"),
                ("'a\\nb'", "'\\\"a\\\\nb\\\"'"),
            ),
        ),
    ),
    F(
        "setting_at",
        "dotenv",
        "settings, path, default",
        "the value at a dotted path in nested settings, such as 'db.port' or "
        "'servers.0.host' (a number indexes a list), or default when any step is "
        "missing or out of range",
        "    node = settings\n"
        "    for step in path.split('.'):\n"
        "        if isinstance(node, dict) and step in node:\n"
        "            node = node[step]\n"
        "        elif isinstance(node, list) and step.isdigit() and int(step) < len(node):\n"
        "            node = node[int(step)]\n"
        "        else:\n"
        "            return default\n"
        "    return node",
        (
            ("{'db': {'port': 5432}}, 'db.port', None", "5432"),
            ("{'db': {}}, 'db.host', 'localhost'", "'localhost'"),
            ("{'a': 1}, 'a.b', 0", "0"),
        ),
        defect=Defect(
            "    node = settings\n"
            "    for step in path.split('.'):\n"
            "        if isinstance(node, dict) and step in node:\n"
            "            node = node[step]\n"
            "        else:\n"
            "            return default\n"
            "    return node",
            "a path through a list, such as 'servers.0.host'",
            "it answers the default; a number in the path indexes a list",
            (
                ("{'servers': [{'host': 'a'}, {'host': 'b'}]}, 'servers.1.host', None", "'b'"),
                ("{'ports': [80, 443]}, 'ports.2', -1", "-1"),
                ("{'ports': [80, 443]}, 'ports.0', -1", "80"),
            ),
        ),
    ),
    F(
        "apply_merge_patch",
        "dotenv",
        "target, patch",
        "a new dict from applying a JSON merge patch (RFC 7396) to target: a None "
        "value removes that key, a dict value is merged into the key's dict "
        "recursively (a non-dict there counts as {}), any other value replaces it; "
        "target is left unchanged",
        "    result = dict(target)\n"
        "    for key, value in patch.items():\n"
        "        if value is None:\n"
        "            result.pop(key, None)\n"
        "        elif isinstance(value, dict):\n"
        "            base = result.get(key)\n"
        "            result[key] = apply_merge_patch(base if isinstance(base, dict) else {}, value)\n"
        "        else:\n"
        "            result[key] = value\n"
        "    return result",
        (
            (
                "{'a': 1, 'b': {'c': 2, 'd': 3}}, {'b': {'c': 9}, 'e': [1]}",
                "{'a': 1, 'b': {'c': 9, 'd': 3}, 'e': [1]}",
            ),
            ("{'a': 1}, {'a': {'x': 1}}", "{'a': {'x': 1}}"),
            ("{}, {}", "{}"),
        ),
        defect=Defect(
            "    result = dict(target)\n"
            "    for key, value in patch.items():\n"
            "        if isinstance(value, dict):\n"
            "            base = result.get(key)\n"
            "            result[key] = apply_merge_patch(base if isinstance(base, dict) else {}, value)\n"
            "        else:\n"
            "            result[key] = value\n"
            "    return result",
            "a patch value of None (null), which asks to remove a key",
            "the key stays with the value None; null removes it",
            (
                ("{'a': 1, 'b': 2}, {'b': None}", "{'a': 1}"),
                ("{'x': {'y': 1, 'z': 2}}, {'x': {'z': None}, 'w': None}", "{'x': {'y': 1}}"),
            ),
        ),
    ),
    F(
        "ci_matrix",
        "ci",
        "axes",
        "the jobs of a CI build matrix: every combination of the values of axes (a "
        "dict of axis to its list of values) as a dict of axis to value, the first "
        "axis varying slowest and the last fastest; no axes gives [{}], an axis with "
        "no values gives []",
        "    import itertools\n\n"
        "    names = list(axes)\n"
        "    return [dict(zip(names, combo)) for combo in itertools.product(*axes.values())]",
        (
            (
                "{'python': ['3.11', '3.12'], 'os': ['linux', 'mac']}",
                "[{'python': '3.11', 'os': 'linux'}, {'python': '3.11', 'os': 'mac'}, {'python': '3.12', 'os': 'linux'}, {'python': '3.12', 'os': 'mac'}]",
            ),
            ("{}", "[{}]"),
            ("{'os': ['linux'], 'db': []}", "[]"),
        ),
        change=Change(
            "ci_matrix should also read an 'exclude' key of axes, as CI matrices "
            "have: a list of partial jobs (dicts), not an axis; a combination is "
            "dropped when it agrees with every key of any one of them, the order of "
            "the remaining jobs staying the same",
            "    import itertools\n\n"
            "    exclude = axes.get('exclude', [])\n"
            "    names = [name for name in axes if name != 'exclude']\n"
            "    jobs = [dict(zip(names, combo)) for combo in itertools.product(*(axes[n] for n in names))]\n"
            "    return [job for job in jobs\n"
            "            if not any(all(job.get(k) == v for k, v in rule.items()) for rule in exclude)]",
            (
                (
                    "{'py': ['3.11', '3.12'], 'os': ['linux', 'mac'], 'exclude': [{'py': '3.11', 'os': 'mac'}]}",
                    "[{'py': '3.11', 'os': 'linux'}, {'py': '3.12', 'os': 'linux'}, {'py': '3.12', 'os': 'mac'}]",
                ),
                (
                    "{'os': ['linux', 'mac'], 'exclude': [{'os': 'mac'}, {'os': 'bsd'}]}",
                    "[{'os': 'linux'}]",
                ),
                ("{'os': ['linux']}", "[{'os': 'linux'}]"),
            ),
        ),
    ),
    F(
        "codeowners_for",
        "ci",
        "rules, path",
        "the owners of a file under CODEOWNERS rules, a list of (pattern, owners "
        "list) in file order: a pattern without '/' matches the file's base name as "
        "a shell glob ('*.py'), a pattern with '/' matches when the path, without a "
        "leading '/', starts with the pattern without its leading '/' ('/docs/' "
        "covers 'docs/a.md'); the last matching rule wins; [] when none matches",
        "    from fnmatch import fnmatchcase\n\n"
        "    path = path.lstrip('/')\n"
        "    owners = []\n"
        "    for pattern, names in rules:\n"
        "        if '/' in pattern:\n"
        "            hit = path.startswith(pattern.lstrip('/'))\n"
        "        else:\n"
        "            hit = fnmatchcase(path.rsplit('/', 1)[-1], pattern)\n"
        "        if hit:\n"
        "            owners = names\n"
        "    return owners",
        (
            ("[('/docs/', ['@writers'])], '/docs/intro.md'", "['@writers']"),
            ("[('*.py', ['@py'])], 'src/app/main.py'", "['@py']"),
            ("[('/docs/', ['@writers'])], 'src/docs/a.md'", "[]"),
            ("[('*.py', ['@py'])], 'README.md'", "[]"),
        ),
        defect=Defect(
            "    from fnmatch import fnmatchcase\n\n"
            "    path = path.lstrip('/')\n"
            "    for pattern, names in rules:\n"
            "        if '/' in pattern:\n"
            "            hit = path.startswith(pattern.lstrip('/'))\n"
            "        else:\n"
            "            hit = fnmatchcase(path.rsplit('/', 1)[-1], pattern)\n"
            "        if hit:\n"
            "            return names\n"
            "    return []",
            "a file matched by a general rule and a later, more specific one",
            "the first matching rule wins; in CODEOWNERS the last matching rule wins",
            (
                ("[('*', ['@ops']), ('*.tf', ['@infra'])], 'main.tf'", "['@infra']"),
                ("[('*', ['@ops']), ('/docs/', ['@writers'])], 'docs/intro.md'", "['@writers']"),
                ("[('/src/', ['@dev']), ('*.sql', ['@dba'])], 'src/db/init.sql'", "['@dba']"),
            ),
        ),
    ),
    F(
        "ci_status_rollup",
        "ci",
        "statuses",
        "the overall state of a pipeline from its jobs' statuses: 'failed' if any "
        "job failed, else 'running' if any is 'running' or 'pending', else 'skipped' "
        "if every job was skipped, else 'success' (successes with or without skipped "
        "jobs); an empty list gives 'success'",
        "    if 'failed' in statuses:\n"
        "        return 'failed'\n"
        "    if 'running' in statuses or 'pending' in statuses:\n"
        "        return 'running'\n"
        "    if statuses and all(s == 'skipped' for s in statuses):\n"
        "        return 'skipped'\n"
        "    return 'success'",
        (
            ("['success', 'failed', 'running']", "'failed'"),
            ("['success', 'pending']", "'running'"),
            ("['success', 'skipped']", "'success'"),
            ("[]", "'success'"),
        ),
        defect=Defect(
            "    if 'failed' in statuses:\n"
            "        return 'failed'\n"
            "    if 'running' in statuses or 'pending' in statuses:\n"
            "        return 'running'\n"
            "    return 'success'",
            "a pipeline whose every job was skipped",
            "it reports success although nothing ran; all skipped is 'skipped'",
            (
                ("['skipped', 'skipped']", "'skipped'"),
                ("['skipped']", "'skipped'"),
            ),
        ),
    ),
    F(
        "git_ahead_behind",
        "gitstatus",
        "header",
        "a (branch, upstream, ahead, behind) tuple from the first line of `git "
        "status -sb`, such as '## main...origin/main [ahead 2, behind 1]': upstream "
        "None when there is no '...', ahead and behind 0 when not shown",
        "    import re\n\n"
        "    match = re.match(r'## (\\S+?)(?:\\.\\.\\.(\\S+))?(?: \\[(.*)\\])?$', header)\n"
        "    branch, upstream, counts = match.groups()\n"
        "    ahead = re.search(r'ahead (\\d+)', counts or '')\n"
        "    behind = re.search(r'behind (\\d+)', counts or '')\n"
        "    return branch, upstream, int(ahead.group(1)) if ahead else 0, int(behind.group(1)) if behind else 0",
        (
            ("'## main...origin/main [ahead 2]'", "('main', 'origin/main', 2, 0)"),
            ("'## feature'", "('feature', None, 0, 0)"),
            ("'## main...origin/main'", "('main', 'origin/main', 0, 0)"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    match = re.match(r'## (\\S+?)(?:\\.\\.\\.(\\S+))?(?: \\[(ahead|behind) (\\d+)\\])?$', header)\n"
            "    if match is None:\n"
            "        return header[3:].split('...')[0], None, 0, 0\n"
            "    branch, upstream, kind, count = match.groups()\n"
            "    ahead = int(count) if kind == 'ahead' else 0\n"
            "    behind = int(count) if kind == 'behind' else 0\n"
            "    return branch, upstream, ahead, behind",
            "a branch both ahead and behind, such as '[ahead 2, behind 1]'",
            "the line is not understood and the upstream and counts are lost; both counts are read",
            (("'## main...origin/main [ahead 2, behind 1]'", "('main', 'origin/main', 2, 1)"),),
        ),
    ),
    F(
        "porcelain_counts",
        "gitstatus",
        "text",
        "counts of `git status --porcelain` lines ('XY path') as a dict with keys "
        "'staged', 'modified', 'untracked': '??' lines are untracked; otherwise a "
        "line counts as staged when X is not a space and as modified when Y is not a "
        "space (so 'MM' counts for both)",
        "    counts = {'staged': 0, 'modified': 0, 'untracked': 0}\n"
        "    for line in text.splitlines():\n"
        "        if line.startswith('??'):\n"
        "            counts['untracked'] += 1\n"
        "        elif len(line) >= 2:\n"
        "            counts['staged'] += line[0] != ' '\n"
        "            counts['modified'] += line[1] != ' '\n"
        "    return counts",
        (
            ("'M  a.py\\n M b.py\\n?? c.py'", "{'staged': 1, 'modified': 1, 'untracked': 1}"),
            ("''", "{'staged': 0, 'modified': 0, 'untracked': 0}"),
        ),
        defect=Defect(
            "    counts = {'staged': 0, 'modified': 0, 'untracked': 0}\n"
            "    for line in text.splitlines():\n"
            "        if line.startswith('??'):\n"
            "            counts['untracked'] += 1\n"
            "        elif line[0] != ' ':\n"
            "            counts['staged'] += 1\n"
            "        else:\n"
            "            counts['modified'] += 1\n"
            "    return counts",
            "a file changed both in the index and in the work tree, such as 'MM a.py'",
            "it counts only as staged; it is staged and modified both",
            (("'MM a.py\\nA  b.py'", "{'staged': 2, 'modified': 1, 'untracked': 0}"),),
        ),
    ),
    F(
        "stale_hosts",
        "heartbeats",
        "last_seen, now, timeout",
        "the names of the hosts whose last heartbeat (a dict of host to epoch "
        "seconds) is more than timeout seconds before now, sorted; a heartbeat "
        "exactly timeout seconds old is still fresh",
        "    return sorted(host for host, seen in last_seen.items() if now - seen > timeout)",
        (
            ("{'web1': 100, 'web2': 170, 'db': 10}, 200, 60", "['db', 'web1']"),
            ("{}, 5, 1", "[]"),
        ),
        defect=Defect(
            "    return sorted(host for host, seen in last_seen.items() if now - seen >= timeout)",
            "a heartbeat exactly timeout seconds old",
            "the host is reported stale; only more than timeout seconds makes it stale",
            (("{'web1': 140, 'web2': 139}, 200, 60", "['web2']"),),
        ),
        change=Change(
            "stale_hosts should answer a dict instead: each stale host (same rule) "
            "mapped to how many whole seconds it is overdue (its age minus timeout), "
            "hosts in sorted order",
            "    return {host: now - seen - timeout for host, seen in sorted(last_seen.items())\n"
            "            if now - seen > timeout}",
            (
                ("{'web1': 100, 'web2': 170, 'db': 10}, 200, 60", "{'db': 130, 'web1': 40}"),
                ("{'a': 150}, 200, 60", "{}"),
            ),
        ),
    ),
    F(
        "render_table",
        "tables",
        "headers, rows",
        "a plain-text table: the header row then one line per row, each cell "
        "str()-ed and left aligned, a column as wide as its widest cell, columns "
        "separated by two spaces, no trailing spaces on any line, lines joined by "
        "'\\n'",
        "    cells = [[str(c) for c in row] for row in [headers, *rows]]\n"
        "    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]\n"
        "    return '\\n'.join(\n"
        "        '  '.join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells\n"
        "    )",
        (
            (
                "['NAME', 'UP'], [['web', 'ok'], ['worker-long', 'no']]",
                "'NAME         UP\\nweb          ok\\nworker-long  no'",
            ),
            ("['HOST'], []", "'HOST'"),
        ),
        defect=Defect(
            "    cells = [[str(c) for c in row] for row in [headers, *rows]]\n"
            "    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]\n"
            "    return '\\n'.join('  '.join(c.ljust(w) for c, w in zip(row, widths)) for row in cells)",
            "a last column whose cells differ in width",
            "the shorter cells are padded with trailing spaces; lines end at their last character",
            (
                (
                    "['NAME', 'STATUS'], [['a', 'Running'], ['b', 'Pending']]",
                    "'NAME  STATUS\\na     Running\\nb     Pending'",
                ),
                ("['ID', 'NOTE'], [[1, 'ok'], [22, '']]", "'ID  NOTE\\n1   ok\\n22'"),
            ),
        ),
    ),
    F(
        "short_count",
        "tables",
        "n",
        "a count written short for a dashboard: below 1000 as the plain number; "
        "otherwise divided by 1000, 1000000 or 1000000000 with the suffix 'k', 'M' "
        "or 'B', rounded to one decimal with a trailing '.0' dropped, moving to the "
        "next suffix when rounding reaches 1000 (999970 gives '1M', not '1000k')",
        "    if abs(n) < 1000:\n"
        "        return str(n)\n"
        "    for scale, suffix in ((1e9, 'B'), (1e6, 'M'), (1e3, 'k')):\n"
        "        if abs(n) >= scale or round(abs(n) / scale * 1000, 1) >= 1000:\n"
        "            value = round(n / scale, 1)\n"
        "            return f'{value:g}{suffix}'\n"
        "    return str(n)",
        (
            ("999", "'999'"),
            ("1500", "'1.5k'"),
            ("2000000", "'2M'"),
            ("12345678", "'12.3M'"),
        ),
        defect=Defect(
            "    if abs(n) < 1000:\n"
            "        return str(n)\n"
            "    for scale, suffix in ((1e9, 'B'), (1e6, 'M'), (1e3, 'k')):\n"
            "        if abs(n) >= scale:\n"
            "            return f'{round(n / scale, 1):g}{suffix}'\n"
            "    return str(n)",
            "a count just below the next suffix, such as 999970",
            "it prints '1000k'; once rounding reaches 1000 the next suffix is used ('1M')",
            (
                ("999970", "'1M'"),
                ("999980000", "'1B'"),
            ),
        ),
    ),
    F(
        "progress_bar",
        "tables",
        "done, total, width",
        "a progress bar '[####....] 50%' for done of total steps: width characters "
        "between the brackets, '#' for the finished share rounded down and '.' for "
        "the rest, then a space and the whole percentage rounded down; total 0 "
        "counts as finished (100%); done above total counts as total",
        "    share = 1.0 if total == 0 else min(done, total) / total\n"
        "    filled = int(share * width)\n"
        "    return '[' + '#' * filled + '.' * (width - filled) + f'] {int(share * 100)}%'",
        (
            ("5, 10, 8", "'[####....] 50%'"),
            ("1, 3, 10", "'[###.......] 33%'"),
            ("12, 10, 4", "'[####] 100%'"),
        ),
        defect=Defect(
            "    share = min(done, total) / total\n"
            "    filled = int(share * width)\n"
            "    return '[' + '#' * filled + '.' * (width - filled) + f'] {int(share * 100)}%'",
            "a job with no steps at all (total 0)",
            "it crashes with ZeroDivisionError; nothing to do counts as finished",
            (("0, 0, 5", "'[#####] 100%'"),),
        ),
        change=Change(
            "progress_bar should show the counts too: after the percentage, a space "
            "and 'done/total' in parentheses, done capped at total as before (so "
            "'[####....] 50% (5/10)')",
            "    share = 1.0 if total == 0 else min(done, total) / total\n"
            "    filled = int(share * width)\n"
            "    bar = '[' + '#' * filled + '.' * (width - filled) + f'] {int(share * 100)}%'\n"
            "    return f'{bar} ({min(done, total)}/{total})'",
            (
                ("5, 10, 8", "'[####....] 50% (5/10)'"),
                ("12, 10, 4", "'[####] 100% (10/10)'"),
                ("0, 0, 2", "'[##] 100% (0/0)'"),
            ),
        ),
    ),
    F(
        "upstream_servers",
        "nginxconf",
        "text",
        "the servers of an nginx upstream block as (address, weight) pairs in order, "
        "from lines such as 'server 10.0.0.1:8080 weight=3;': weight 1 when not "
        "given, servers marked 'down' left out, other lines ignored",
        "    servers = []\n"
        "    for line in text.splitlines():\n"
        "        words = line.strip().rstrip(';').split()\n"
        "        if len(words) >= 2 and words[0] == 'server' and 'down' not in words[2:]:\n"
        "            weight = 1\n"
        "            for word in words[2:]:\n"
        "                if word.startswith('weight='):\n"
        "                    weight = int(word[len('weight='):])\n"
        "            servers.append((words[1], weight))\n"
        "    return servers",
        (
            (
                "'upstream app {\\n  server 10.0.0.1:8080 weight=3;\\n  server 10.0.0.2:8080;\\n}'",
                "[('10.0.0.1:8080', 3), ('10.0.0.2:8080', 1)]",
            ),
            ("''", "[]"),
        ),
        defect=Defect(
            "    servers = []\n"
            "    for line in text.splitlines():\n"
            "        words = line.strip().rstrip(';').split()\n"
            "        if len(words) >= 2 and words[0] == 'server':\n"
            "            weight = 1\n"
            "            for word in words[2:]:\n"
            "                if word.startswith('weight='):\n"
            "                    weight = int(word[len('weight='):])\n"
            "            servers.append((words[1], weight))\n"
            "    return servers",
            "a server marked down, such as 'server 10.0.0.3:8080 down;'",
            "it is listed as if it took traffic; servers marked down are left out",
            (
                (
                    "'server a:1 weight=2;\\nserver b:1 down;\\nserver c:1 max_fails=3;'",
                    "[('a:1', 2), ('c:1', 1)]",
                ),
            ),
        ),
    ),
    F(
        "valid_label_value",
        "nginxconf",
        "value",
        "whether a string is a valid Kubernetes label value: empty, or at most 63 "
        "characters of letters, digits, '-', '_' and '.', beginning and ending with "
        "a letter or digit",
        "    import re\n\n"
        "    return value == '' or (len(value) <= 63 and re.fullmatch(r'[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?', value) is not None)",
        (
            ("'v1.2.3'", "True"),
            ("'prod_eu-west'", "True"),
            ("'-bad'", "False"),
            ("'a' * 64", "False"),
            ("'has space'", "False"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    return len(value) <= 63 and re.fullmatch(r'[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?', value) is not None",
            "an empty value",
            "it is rejected; an empty label value is valid",
            (("''", "True"),),
        ),
    ),
    F(
        "uptime_seconds",
        "hostinfo",
        "output",
        "the seconds a machine has been up from the output of `uptime`, such as ' "
        "10:01:02 up 3 days,  4:05,  2 users,  load average: 0.1, 0.2, 0.3': the "
        "part after 'up ' and before the users count is 'N day(s)' and/or 'H:MM' or "
        "'M min' (minutes), separated by commas",
        "    import re\n\n"
        "    text = output.split(' up ', 1)[1]\n"
        "    text = re.split(r',\\s+\\d+ users?', text)[0]\n"
        "    total = 0\n"
        "    for part in text.split(','):\n"
        "        part = part.strip()\n"
        "        if m := re.fullmatch(r'(\\d+) days?', part):\n"
        "            total += int(m.group(1)) * 86400\n"
        "        elif m := re.fullmatch(r'(\\d+):(\\d+)', part):\n"
        "            total += int(m.group(1)) * 3600 + int(m.group(2)) * 60\n"
        "        elif m := re.fullmatch(r'(\\d+) min', part):\n"
        "            total += int(m.group(1)) * 60\n"
        "    return total",
        (
            ("' 10:01:02 up 3 days,  4:05,  2 users,  load average: 0.10, 0.20, 0.30'", "273900"),
            ("' 08:00:00 up  1:30,  1 user,  load average: 0.00, 0.01, 0.05'", "5400"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    text = output.split(' up ', 1)[1]\n"
            "    text = re.split(r',\\s+\\d+ users?', text)[0]\n"
            "    total = 0\n"
            "    for part in text.split(','):\n"
            "        part = part.strip()\n"
            "        if m := re.fullmatch(r'(\\d+) days?', part):\n"
            "            total += int(m.group(1)) * 86400\n"
            "        elif m := re.fullmatch(r'(\\d+):(\\d+)', part):\n"
            "            total += int(m.group(1)) * 3600 + int(m.group(2)) * 60\n"
            "    return total",
            "a machine up less than an hour, which uptime prints as '12 min'",
            "the minutes are dropped (0 seconds, or only the days); 'M min' counts M minutes",
            (
                ("' 09:00:00 up 12 min,  1 user,  load average: 0.00, 0.00, 0.00'", "720"),
                (
                    "' 09:00:00 up 2 days, 5 min,  3 users,  load average: 1.00, 1.00, 1.00'",
                    "173100",
                ),
            ),
        ),
    ),
    F(
        "parse_etc_hosts",
        "hostinfo",
        "text",
        "a dict of host name to address from /etc/hosts text: each line is an "
        "address then one or more names (aliases too), '#' starts a comment anywhere "
        "on a line, blank lines skipped; when a name appears twice the first line "
        "wins",
        "    names = {}\n"
        "    for raw in text.splitlines():\n"
        "        words = raw.split('#', 1)[0].split()\n"
        "        for name in words[1:]:\n"
        "            names.setdefault(name, words[0])\n"
        "    return names",
        (
            (
                "'127.0.0.1 localhost\\n# db\\n10.0.0.5 db db.internal\\n'",
                "{'localhost': '127.0.0.1', 'db': '10.0.0.5', 'db.internal': '10.0.0.5'}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    names = {}\n"
            "    for raw in text.splitlines():\n"
            "        words = raw.split('#', 1)[0].split()\n"
            "        for name in words[1:]:\n"
            "            names[name] = words[0]\n"
            "    return names",
            "a name listed on two lines, such as localhost for 127.0.0.1 and then ::1",
            "the last line wins; the resolver uses the first line a name appears on",
            (
                (
                    "'127.0.0.1 localhost\\n::1 localhost ip6-localhost'",
                    "{'localhost': '127.0.0.1', 'ip6-localhost': '::1'}",
                ),
            ),
        ),
    ),
    F(
        "listening_ports",
        "hostinfo",
        "output",
        "the sorted distinct TCP ports in LISTEN state in `ss -ltn` output: on each "
        "line starting with 'LISTEN', the fourth column is the local address, whose "
        "port follows the last ':' (IPv6 addresses such as '[::]:80' hold colons "
        "themselves)",
        "    ports = set()\n"
        "    for line in output.splitlines():\n"
        "        words = line.split()\n"
        "        if len(words) >= 4 and words[0] == 'LISTEN':\n"
        "            ports.add(int(words[3].rpartition(':')[2]))\n"
        "    return sorted(ports)",
        (
            (
                "'State Recv-Q Send-Q Local Address:Port Peer Address:Port\\nLISTEN 0 128 0.0.0.0:22 0.0.0.0:*\\nLISTEN 0 511 127.0.0.1:8080 0.0.0.0:*\\nLISTEN 0 128 0.0.0.0:22 0.0.0.0:*'",
                "[22, 8080]",
            ),
            ("''", "[]"),
        ),
        defect=Defect(
            "    ports = set()\n"
            "    for line in output.splitlines():\n"
            "        words = line.split()\n"
            "        if len(words) >= 4 and words[0] == 'LISTEN':\n"
            "            ports.add(int(words[3].split(':')[1]))\n"
            "    return sorted(ports)",
            "an IPv6 listener, such as '[::]:80'",
            "it fails reading the port (the address holds colons); the port follows the last ':'",
            (("'LISTEN 0 128 [::]:80 [::]:*\\nLISTEN 0 128 0.0.0.0:443 0.0.0.0:*'", "[80, 443]"),),
        ),
    ),
    F(
        "is_valid_env_name",
        "hostinfo",
        "name",
        "whether name can be an environment variable a POSIX shell exports: an ASCII "
        "letter or '_' then ASCII letters, digits or '_'",
        "    import re\n\n    return re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*', name) is not None",
        (
            ("'DATABASE_URL'", "True"),
            ("'_private1'", "True"),
            ("'1PASSWORD'", "False"),
            ("'MY-VAR'", "False"),
            ("''", "False"),
        ),
        defect=Defect(
            "    return name.isidentifier()",
            "a name with non-ASCII letters, such as 'CAFÉ'",
            "it is accepted; a shell variable name is ASCII letters, digits and '_' only",
            (
                ("'CAFÉ'", "False"),
                ("'ПУТЬ'", "False"),
            ),
        ),
    ),
    F(
        "natural_host_sort",
        "hostinfo",
        "hosts",
        "host names in natural order: runs of digits compare as numbers, so 'web2' "
        "comes before 'web10', the rest compares as text; equal keys keep their "
        "order",
        "    import re\n\n"
        "    def key(host):\n"
        "        return [(0, int(p), '') if p.isdigit() else (1, 0, p) for p in re.split(r'(\\d+)', host)]\n\n"
        "    return sorted(hosts, key=key)",
        (
            ("['web2', 'web1', 'db3']", "['db3', 'web1', 'web2']"),
            ("['db', 'app']", "['app', 'db']"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return sorted(hosts)",
            "numbers of different lengths, such as web2 and web10",
            "web10 sorts before web2; digits compare as numbers",
            (
                ("['web10', 'web2', 'web1']", "['web1', 'web2', 'web10']"),
                (
                    "['node-9.eu', 'node-10.eu', 'node-1.eu']",
                    "['node-1.eu', 'node-9.eu', 'node-10.eu']",
                ),
                (
                    "['rack2-host10', 'rack2-host9', 'rack10-host1']",
                    "['rack2-host9', 'rack2-host10', 'rack10-host1']",
                ),
            ),
        ),
    ),
    F(
        "parse_bandwidth",
        "hostinfo",
        "text",
        "the bits per second (an int) in a bandwidth such as '100Mbit', '1.5Gbit' or "
        "'800kbit': a number then an optional prefix k, M or G (powers of 1000, as "
        "network rates use) then 'bit'; spaces around the parts allowed; ValueError "
        "for anything else",
        "    import re\n\n"
        "    match = re.fullmatch(r'\\s*(\\d+(?:\\.\\d+)?)\\s*([kMG]?)bit\\s*', text)\n"
        "    if match is None:\n"
        "        raise ValueError(f'not a bandwidth: {text!r}')\n"
        "    scale = {'': 1, 'k': 10**3, 'M': 10**6, 'G': 10**9}[match.group(2)]\n"
        "    return round(float(match.group(1)) * scale)",
        (
            ("'100Mbit'", "100000000"),
            ("'800 kbit'", "800000"),
            ("'64bit'", "64"),
        ),
        raises=(
            ("'100MB'", "ValueError"),
            ("'fast'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    match = re.fullmatch(r'\\s*(\\d+)\\s*([kMG]?)bit\\s*', text)\n"
            "    if match is None:\n"
            "        raise ValueError(f'not a bandwidth: {text!r}')\n"
            "    scale = {'': 1, 'k': 10**3, 'M': 10**6, 'G': 10**9}[match.group(2)]\n"
            "    return int(match.group(1)) * scale",
            "a rate with a decimal point, such as '1.5Gbit'",
            "it raises ValueError; the number may have decimals",
            (
                ("'1.5Gbit'", "1500000000"),
                ("'2.25Mbit'", "2250000"),
            ),
        ),
    ),
    F(
        "parse_resolv_conf",
        "resolver",
        "text",
        "a dict with keys 'nameservers' (the addresses of the 'nameserver' lines, in "
        "order) and 'search' (the domains of the last 'search' or 'domain' line: "
        "'search' lists several, 'domain' one; [] when neither appears) from "
        "/etc/resolv.conf text; lines starting with # or ; are comments",
        "    servers, search = [], []\n"
        "    for raw in text.splitlines():\n"
        "        words = raw.split()\n"
        "        if not words or words[0].startswith(('#', ';')):\n"
        "            continue\n"
        "        if words[0] == 'nameserver' and len(words) > 1:\n"
        "            servers.append(words[1])\n"
        "        elif words[0] == 'search':\n"
        "            search = words[1:]\n"
        "        elif words[0] == 'domain':\n"
        "            search = words[1:2]\n"
        "    return {'nameservers': servers, 'search': search}",
        (
            (
                "'# generated\\nnameserver 10.0.0.2\\nnameserver 1.1.1.1\\nsearch svc.local corp.local\\n'",
                "{'nameservers': ['10.0.0.2', '1.1.1.1'], 'search': ['svc.local', 'corp.local']}",
            ),
            ("''", "{'nameservers': [], 'search': []}"),
        ),
        defect=Defect(
            "    servers, search = [], []\n"
            "    for raw in text.splitlines():\n"
            "        words = raw.split()\n"
            "        if not words or words[0].startswith(('#', ';')):\n"
            "            continue\n"
            "        if words[0] == 'nameserver' and len(words) > 1:\n"
            "            servers.append(words[1])\n"
            "        elif words[0] == 'search':\n"
            "            search = words[1:]\n"
            "    return {'nameservers': servers, 'search': search}",
            "a 'domain' line, alone or after a 'search' line",
            "it is ignored; the last of 'search' and 'domain' sets the search list",
            (
                (
                    "'nameserver 8.8.8.8\\ndomain corp.local'",
                    "{'nameservers': ['8.8.8.8'], 'search': ['corp.local']}",
                ),
                (
                    "'search a.local b.local\\ndomain c.local'",
                    "{'nameservers': [], 'search': ['c.local']}",
                ),
            ),
        ),
    ),
    F(
        "parse_status_line",
        "resolver",
        "line",
        "a (version, code, reason) tuple from an HTTP status line such as 'HTTP/1.1 "
        "404 Not Found': code an int, reason everything after the code (it may hold "
        "spaces, and is '' when left out, as in 'HTTP/2 200'); ValueError unless the "
        "line starts with 'HTTP/' and has a three-digit code",
        "    parts = line.strip().split(' ', 2)\n"
        "    if len(parts) < 2 or not parts[0].startswith('HTTP/') or not (len(parts[1]) == 3 and parts[1].isdigit()):\n"
        "        raise ValueError(f'not a status line: {line!r}')\n"
        "    return parts[0], int(parts[1]), parts[2] if len(parts) == 3 else ''",
        (
            ("'HTTP/1.1 200 OK'", "('HTTP/1.1', 200, 'OK')"),
            ("'HTTP/2 204'", "('HTTP/2', 204, '')"),
        ),
        raises=(
            ("'SMTP 250 OK'", "ValueError"),
            ("'HTTP/1.1 20 OK'", "ValueError"),
        ),
        defect=Defect(
            "    parts = line.split()\n"
            "    if len(parts) < 2 or not parts[0].startswith('HTTP/') or not (len(parts[1]) == 3 and parts[1].isdigit()):\n"
            "        raise ValueError(f'not a status line: {line!r}')\n"
            "    return parts[0], int(parts[1]), parts[2] if len(parts) >= 3 else ''",
            "a reason phrase of several words, such as 'Service Unavailable'",
            "only its first word is kept; the reason is everything after the code",
            (
                ("'HTTP/1.1 503 Service Unavailable'", "('HTTP/1.1', 503, 'Service Unavailable')"),
                ("'HTTP/1.0 404 Not Found'", "('HTTP/1.0', 404, 'Not Found')"),
            ),
        ),
    ),
    F(
        "container_state",
        "containers",
        "status",
        "a dict with keys 'state', 'exit_code' and 'health' from a `docker ps` "
        "STATUS column: 'Up 3 hours (healthy)' gives state 'up', exit_code None, "
        "health 'healthy'; 'Exited (1) 2 minutes ago' gives state 'exited', "
        "exit_code 1, health None; the state is the first word lowercased, the exit "
        "code the number in parentheses right after 'Exited', the health the word in "
        "parentheses at the end of an 'Up' status (None when absent)",
        "    import re\n\n"
        "    state = status.split()[0].lower()\n"
        "    code = re.match(r'Exited \\((-?\\d+)\\)', status)\n"
        "    health = re.search(r'\\((\\w+(?: \\w+)*)\\)$', status) if state == 'up' else None\n"
        "    return {'state': state, 'exit_code': int(code.group(1)) if code else None,\n"
        "            'health': health.group(1) if health else None}",
        (
            ("'Up 3 hours (healthy)'", "{'state': 'up', 'exit_code': None, 'health': 'healthy'}"),
            ("'Up 5 seconds'", "{'state': 'up', 'exit_code': None, 'health': None}"),
            ("'Created'", "{'state': 'created', 'exit_code': None, 'health': None}"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    state = status.split()[0].lower()\n"
            "    code = re.match(r'Exited \\((-?\\d+)\\)', status)\n"
            "    health = re.search(r'\\(([^)]*)\\)', status)\n"
            "    return {'state': state, 'exit_code': int(code.group(1)) if code else None,\n"
            "            'health': health.group(1) if health else None}",
            "an exited container, whose status holds the exit code in parentheses "
            "('Exited (137) 1 hour ago')",
            "the exit code is reported as its health too; only an 'Up' status has a health",
            (
                (
                    "'Exited (137) 1 hour ago'",
                    "{'state': 'exited', 'exit_code': 137, 'health': None}",
                ),
                (
                    "'Exited (0) 2 minutes ago'",
                    "{'state': 'exited', 'exit_code': 0, 'health': None}",
                ),
            ),
        ),
    ),
    F(
        "is_pinned_image",
        "containers",
        "ref",
        "whether an image reference is pinned: it has a digest ('@sha256:...'), or a "
        "tag other than 'latest'; the tag is what follows a ':' after the last '/', "
        "so a registry port ('localhost:5000/app') is not a tag",
        "    if '@' in ref:\n"
        "        return True\n"
        "    last = ref.rsplit('/', 1)[-1]\n"
        "    name, sep, tag = last.partition(':')\n"
        "    return bool(sep) and tag != 'latest'",
        (
            ("'nginx:1.25'", "True"),
            ("'nginx'", "False"),
            ("'nginx:latest'", "False"),
            ("'ghcr.io/acme/api@sha256:abc123'", "True"),
        ),
        defect=Defect(
            "    if '@' in ref:\n"
            "        return True\n"
            "    name, sep, tag = ref.rpartition(':')\n"
            "    return bool(sep) and tag != 'latest'",
            "an untagged image on a registry with a port, such as 'localhost:5000/app'",
            "the port is taken for a tag and the image counts as pinned; a tag "
            "follows the last '/'",
            (
                ("'localhost:5000/app'", "False"),
                ("'registry.local:443/team/api:2.1'", "True"),
            ),
        ),
    ),
    F(
        "parse_host_list",
        "resolver",
        "text",
        "the host names in a list typed by hand, such as 'web1, web2 web3,,': "
        "separated by commas and/or whitespace, empty entries dropped, a host given "
        "twice kept once (at its first place)",
        "    import re\n\n"
        "    hosts = []\n"
        "    for name in re.split(r'[,\\s]+', text):\n"
        "        if name and name not in hosts:\n"
        "            hosts.append(name)\n"
        "    return hosts",
        (
            ("'web1, web2 web3,,'", "['web1', 'web2', 'web3']"),
            ("''", "[]"),
            ("'  db  '", "['db']"),
        ),
        defect=Defect(
            "    import re\n\n    return [name for name in re.split(r'[,\\s]+', text) if name]",
            "a host typed twice, such as 'web1,web2,web1'",
            "it is listed twice (and would be restarted twice); each host is kept "
            "once, at its first place",
            (
                ("'web1,web2,web1'", "['web1', 'web2']"),
                ("'a a a'", "['a']"),
            ),
        ),
        change=Change(
            "parse_host_list should lowercase the names before removing repeats "
            "(host names ignore case), so 'Web1 web1' gives ['web1']; the rest stays "
            "as it is",
            "    import re\n\n"
            "    hosts = []\n"
            "    for name in re.split(r'[,\\s]+', text.lower()):\n"
            "        if name and name not in hosts:\n"
            "            hosts.append(name)\n"
            "    return hosts",
            (
                ("'Web1 web1, DB'", "['web1', 'db']"),
                ("'a,b'", "['a', 'b']"),
            ),
        ),
    ),
    F(
        "qualify_hostname",
        "resolver",
        "host, domain",
        "a fully qualified name for host: the trailing '.' of an absolute name "
        "('web1.') is removed first; then a name that still holds a '.' is kept as "
        "it is, any other gets '.' and domain appended",
        "    if '.' in host.rstrip('.'):\n"
        "        return host.rstrip('.')\n"
        "    return f'{host.rstrip(\".\")}.{domain}'",
        (
            ("'web1', 'corp.local'", "'web1.corp.local'"),
            ("'db.eu.corp.local', 'corp.local'", "'db.eu.corp.local'"),
        ),
        defect=Defect(
            "    if '.' in host:\n        return host.rstrip('.')\n    return f'{host}.{domain}'",
            "an absolute single-label name with its trailing dot, such as 'web1.'",
            "it answers 'web1' without the domain, the trailing dot passing for a "
            "qualified name; the dot is removed before the check",
            (
                ("'web1.', 'corp.local'", "'web1.corp.local'"),
                ("'api.corp.local.', 'corp.local'", "'api.corp.local'"),
            ),
        ),
    ),
    F(
        "compact_ports",
        "resolver",
        "ports",
        "a short text for a list of ports such as '22,80-82,443': ports sorted, "
        "repeats dropped, runs of consecutive ports written 'first-last' (a run of "
        "two too), joined by ','; '' for no ports",
        "    out = []\n"
        "    for port in sorted(set(ports)):\n"
        "        if out and out[-1][1] == port - 1:\n"
        "            out[-1][1] = port\n"
        "        else:\n"
        "            out.append([port, port])\n"
        "    return ','.join(str(a) if a == b else f'{a}-{b}' for a, b in out)",
        (
            ("[22, 80, 81, 82, 443]", "'22,80-82,443'"),
            ("[8080, 8081]", "'8080-8081'"),
            ("[]", "''"),
        ),
        defect=Defect(
            "    out = []\n"
            "    for port in ports:\n"
            "        if out and out[-1][1] == port - 1:\n"
            "            out[-1][1] = port\n"
            "        else:\n"
            "            out.append([port, port])\n"
            "    return ','.join(str(a) if a == b else f'{a}-{b}' for a, b in out)",
            "ports given out of order or twice, such as [443, 80, 81, 80]",
            "the runs are broken up and repeats printed; ports are sorted and "
            "repeats dropped first",
            (
                ("[443, 80, 81, 80]", "'80-81,443'"),
                ("[3, 1, 2]", "'1-3'"),
            ),
        ),
    ),
    F(
        "service_credit_percent",
        "sla",
        "uptime_percent",
        "the service credit (percent of the monthly bill) owed for a month's uptime: "
        "0 at 99.9 % or more, 10 from 99.0 % up to below 99.9 %, 25 from 95.0 % up "
        "to below 99.0 %, 100 below 95.0 %",
        "    if uptime_percent >= 99.9:\n"
        "        return 0\n"
        "    if uptime_percent >= 99.0:\n"
        "        return 10\n"
        "    if uptime_percent >= 95.0:\n"
        "        return 25\n"
        "    return 100",
        (
            ("99.95", "0"),
            ("99.5", "10"),
            ("97.0", "25"),
            ("80.0", "100"),
        ),
        defect=Defect(
            "    if uptime_percent > 99.9:\n"
            "        return 0\n"
            "    if uptime_percent > 99.0:\n"
            "        return 10\n"
            "    if uptime_percent > 95.0:\n"
            "        return 25\n"
            "    return 100",
            "an uptime exactly on a tier's edge, such as 99.9 % or 95.0 %",
            "it owes the next tier's larger credit; an edge value belongs to the better tier",
            (
                ("99.9", "0"),
                ("99.0", "10"),
                ("95.0", "25"),
            ),
        ),
    ),
    F(
        "parse_sysctl",
        "sysctl",
        "text",
        "a dict of key to value from sysctl.conf text: 'key = value' lines (spaces "
        "around '=' optional and stripped), # and ; comment lines and blank lines "
        "skipped, a leading '-' on a key (ignore errors for it) removed, a later "
        "line overriding an earlier one",
        "    settings = {}\n"
        "    for raw in text.splitlines():\n"
        "        line = raw.strip()\n"
        "        if not line or line.startswith(('#', ';')) or '=' not in line:\n"
        "            continue\n"
        "        key, _, value = line.partition('=')\n"
        "        settings[key.strip().lstrip('-')] = value.strip()\n"
        "    return settings",
        (
            (
                "'# tuning\\nvm.swappiness = 10\\nnet.ipv4.ip_forward=1\\n; off\\nvm.swappiness=5'",
                "{'vm.swappiness': '5', 'net.ipv4.ip_forward': '1'}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    settings = {}\n"
            "    for raw in text.splitlines():\n"
            "        line = raw.strip()\n"
            "        if not line or line.startswith(('#', ';')) or '=' not in line:\n"
            "            continue\n"
            "        key, _, value = line.partition('=')\n"
            "        settings[key.strip()] = value.strip()\n"
            "    return settings",
            "a key marked to ignore errors, such as '-net.core.somaxconn = 1024'",
            "the '-' stays part of the key; it is a flag, not part of the name",
            (("'-net.core.somaxconn = 1024'", "{'net.core.somaxconn': '1024'}"),),
        ),
    ),
    F(
        "kernel_at_least",
        "sysctl",
        "release, minimum",
        "whether a kernel release as `uname -r` prints it ('5.15.0-91-generic') is "
        "at least minimum ('5.4' or '6.1.2'): the dot-separated numbers before the "
        "first '-' are compared as numbers, left to right, a missing part counting "
        "as 0",
        "    def parts(text):\n"
        "        numbers = [int(p) for p in text.split('-')[0].split('.')]\n"
        "        return numbers + [0] * (3 - len(numbers))\n\n"
        "    return parts(release) >= parts(minimum)",
        (
            ("'6.1.0-18-amd64', '5.10'", "True"),
            ("'4.19.0', '5.4'", "False"),
            ("'5.4.0-150-generic', '5.4'", "True"),
        ),
        defect=Defect(
            "    return release.split('-')[0] >= minimum",
            "a two-digit part, such as kernel 5.15 against 5.4",
            "5.15 counts as older than 5.4; the parts compare as numbers",
            (
                ("'5.15.0-91-generic', '5.4'", "True"),
                ("'5.4.0', '5.10'", "False"),
            ),
        ),
    ),
    F(
        "clock_eta",
        "sla",
        "seconds",
        "a remaining time as a clock 'HH:MM:SS' (hours zero-padded to two digits), "
        "with 'Nd ' in front once it is a day or more ('1d 02:00:00'); seconds are "
        "whole, a negative count gives '00:00:00'",
        "    seconds = max(0, int(seconds))\n"
        "    days, rest = divmod(seconds, 86400)\n"
        "    hours, rest = divmod(rest, 3600)\n"
        "    minutes, secs = divmod(rest, 60)\n"
        "    clock = f'{hours:02d}:{minutes:02d}:{secs:02d}'\n"
        "    return f'{days}d {clock}' if days else clock",
        (
            ("3725", "'01:02:05'"),
            ("0", "'00:00:00'"),
            ("93600", "'1d 02:00:00'"),
        ),
        defect=Defect(
            "    hours, rest = divmod(int(seconds), 3600)\n"
            "    minutes, secs = divmod(rest, 60)\n"
            "    clock = f'{hours:02d}:{minutes:02d}:{secs:02d}'\n"
            "    return clock if hours < 24 else f'{hours // 24}d {hours % 24:02d}:{minutes:02d}:{secs:02d}'",
            "a negative remaining time (a job running late)",
            "it prints a clock like '-1:59:59'; a negative count shows '00:00:00'",
            (
                ("-1", "'00:00:00'"),
                ("-3600", "'00:00:00'"),
            ),
        ),
        change=Change(
            "clock_eta should drop the hours when they are 0 and there are no days, "
            "giving 'MM:SS' (so 125 gives '02:05'); with hours or days it stays as "
            "it is",
            "    seconds = max(0, int(seconds))\n"
            "    days, rest = divmod(seconds, 86400)\n"
            "    hours, rest = divmod(rest, 3600)\n"
            "    minutes, secs = divmod(rest, 60)\n"
            "    if not days and not hours:\n"
            "        return f'{minutes:02d}:{secs:02d}'\n"
            "    clock = f'{hours:02d}:{minutes:02d}:{secs:02d}'\n"
            "    return f'{days}d {clock}' if days else clock",
            (
                ("125", "'02:05'"),
                ("0", "'00:00'"),
                ("3725", "'01:02:05'"),
                ("86400", "'1d 00:00:00'"),
            ),
        ),
    ),
    F(
        "oom_killed",
        "sysctl",
        "dmesg",
        "the names of the processes the kernel's OOM killer killed, in order, from "
        "dmesg text with lines such as 'Out of memory: Killed process 1234 (java) "
        "total-vm:...': the name is what is inside the parentheses after the pid and "
        "may hold spaces and parentheses of its own: it ends at the ')' followed by "
        "' total-vm' or by the end of the line",
        "    import re\n\n"
        "    return re.findall(r'Killed process \\d+ \\((.*?)\\)(?: total-vm|$)', dmesg, re.MULTILINE)",
        (
            (
                "'[1.0] Out of memory: Killed process 1234 (java) total-vm:100kB\\n[2.0] eth0: link up'",
                "['java']",
            ),
            ("'nothing here'", "[]"),
        ),
        defect=Defect(
            "    import re\n\n    return re.findall(r'Killed process \\d+ \\(([^)]*)\\)', dmesg)",
            "a process name holding parentheses, such as '(sd-pam)' or 'Web Content (x)'",
            "the name is cut at its first ')'; the name runs to the ')' before ' "
            "total-vm' or the end of the line",
            (
                (
                    "'Out of memory: Killed process 77 (Web (Content)) total-vm:5kB\\nOut of memory: Killed process 9 (node)'",
                    "['Web (Content)', 'node']",
                ),
            ),
        ),
    ),
    F(
        "parse_content_range",
        "containers",
        "header",
        "a (start, end, total) tuple from a Content-Range header such as 'bytes "
        "0-499/1234', total None when it is '*' (unknown); ValueError unless the "
        "unit is 'bytes' and start <= end",
        "    import re\n\n"
        "    match = re.fullmatch(r'bytes (\\d+)-(\\d+)/(\\d+|\\*)', header.strip())\n"
        "    if match is None or int(match.group(1)) > int(match.group(2)):\n"
        "        raise ValueError(f'not a byte range: {header!r}')\n"
        "    total = None if match.group(3) == '*' else int(match.group(3))\n"
        "    return int(match.group(1)), int(match.group(2)), total",
        (
            ("'bytes 0-499/1234'", "(0, 499, 1234)"),
            ("'bytes 500-999/1000'", "(500, 999, 1000)"),
        ),
        raises=(
            ("'items 0-4/10'", "ValueError"),
            ("'bytes 9-2/10'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    match = re.fullmatch(r'bytes (\\d+)-(\\d+)/(\\d+|\\*)', header.strip())\n"
            "    if match is None or int(match.group(1)) > int(match.group(2)):\n"
            "        raise ValueError(f'not a byte range: {header!r}')\n"
            "    return int(match.group(1)), int(match.group(2)), int(match.group(3).replace('*', '0'))",
            "an unknown total length, written 'bytes 0-99/*'",
            "the total reads as 0; an unknown total is None",
            (("'bytes 0-99/*'", "(0, 99, None)"),),
        ),
    ),
    F(
        "branch_image_tag",
        "containers",
        "branch",
        "a Docker image tag made from a git branch name: lowercased, every run of "
        "characters other than a-z, 0-9, '.', '_' and '-' replaced by one '-', "
        "leading and trailing '-' and '.' removed, cut to 128 characters; 'latest' "
        "when nothing is left",
        "    import re\n\n"
        "    tag = re.sub(r'[^a-z0-9._-]+', '-', branch.lower()).strip('-.')[:128]\n"
        "    return tag or 'latest'",
        (
            ("'feature/ABC-12_login'", "'feature-abc-12_login'"),
            ("'main'", "'main'"),
            ("'///'", "'latest'"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    tag = re.sub(r'[^a-z0-9._-]', '-', branch.lower()).strip('-.')[:128]\n"
            "    return tag or 'latest'",
            "several unusual characters in a row, such as 'fix//crash' or 'a: b'",
            "each becomes its own '-' ('fix--crash'); a run of them becomes one '-'",
            (
                ("'fix//crash'", "'fix-crash'"),
                ("'Release: 2.0 final'", "'release-2.0-final'"),
            ),
        ),
    ),
    F(
        "percent_change",
        "sla",
        "old, new",
        "the change from old to new in percent, rounded to 1 decimal (negative for a "
        "drop), or None when old is 0 (no baseline)",
        "    if old == 0:\n        return None\n    return round((new - old) / abs(old) * 100, 1)",
        (
            ("200, 250", "25.0"),
            ("80, 60", "-25.0"),
            ("0, 5", "None"),
            ("3, 4", "33.3"),
        ),
        defect=Defect(
            "    if old == 0:\n        return None\n    return round((new - old) / old * 100, 1)",
            "a negative baseline, such as a temperature or a balance going from -10 to -5",
            "the sign flips (an increase shows as a drop); the change is divided by "
            "the baseline's size",
            (
                ("-10, -5", "50.0"),
                ("-4, -6", "-50.0"),
            ),
        ),
    ),
    F(
        "parse_crontab_entry",
        "crontab",
        "line",
        "a (schedule, command) pair from a crontab line: the schedule is either an "
        "'@' macro such as '@daily' (one word) or the first five fields joined by "
        "single spaces, the command the rest of the line as written; None for a "
        "blank line, a comment (#) or a variable assignment such as 'MAILTO=ops'",
        "    import re\n\n"
        "    text = line.strip()\n"
        "    if not text or text.startswith('#') or re.match(r'\\w+\\s*=', text):\n"
        "        return None\n"
        "    if text.startswith('@'):\n"
        "        macro, _, command = text.partition(' ')\n"
        "        return macro, command.strip()\n"
        "    fields = text.split(None, 5)\n"
        "    return ' '.join(fields[:5]), fields[5] if len(fields) > 5 else ''",
        (
            ("'*/5 * * * * /usr/bin/backup --all'", "('*/5 * * * *', '/usr/bin/backup --all')"),
            ("'# nightly'", "None"),
            ("'MAILTO=ops@example.com'", "None"),
            ("''", "None"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    text = line.strip()\n"
            "    if not text or text.startswith('#') or re.match(r'\\w+\\s*=', text):\n"
            "        return None\n"
            "    fields = text.split(None, 5)\n"
            "    return ' '.join(fields[:5]), fields[5] if len(fields) > 5 else ''",
            "a line with a macro schedule, such as '@daily /usr/bin/rotate'",
            "the macro and the first words of the command are taken as five fields; "
            "a macro is the whole schedule",
            (
                (
                    "'@daily /usr/bin/rotate -f /var/log/app.log now'",
                    "('@daily', '/usr/bin/rotate -f /var/log/app.log now')",
                ),
                ("'@reboot sleep 5'", "('@reboot', 'sleep 5')"),
            ),
        ),
    ),
    F(
        "parse_database_url",
        "dburl",
        "url",
        "a dict from a database URL such as "
        "'postgres://app:secret@db:5432/orders?sslmode=require' with keys 'scheme', "
        "'user', 'password', 'host', 'port' (an int, 5432 when left out), 'database' "
        "(the path without its '/') and 'options' (a dict of the query's "
        "parameters); user and password are percent-decoded ('p%40ss' is 'p@ss'), "
        "None when absent",
        "    from urllib.parse import parse_qsl, unquote, urlsplit\n\n"
        "    parts = urlsplit(url)\n"
        "    return {\n"
        "        'scheme': parts.scheme,\n"
        "        'user': unquote(parts.username) if parts.username is not None else None,\n"
        "        'password': unquote(parts.password) if parts.password is not None else None,\n"
        "        'host': parts.hostname,\n"
        "        'port': parts.port or 5432,\n"
        "        'database': parts.path.lstrip('/'),\n"
        "        'options': dict(parse_qsl(parts.query)),\n"
        "    }",
        (
            (
                "'postgres://app:secret@db:6432/orders?sslmode=require'",
                "{'scheme': 'postgres', 'user': 'app', 'password': 'secret', 'host': 'db', 'port': 6432, 'database': 'orders', 'options': {'sslmode': 'require'}}",
            ),
            (
                "'postgresql://localhost/test'",
                "{'scheme': 'postgresql', 'user': None, 'password': None, 'host': 'localhost', 'port': 5432, 'database': 'test', 'options': {}}",
            ),
        ),
        defect=Defect(
            "    from urllib.parse import parse_qsl, urlsplit\n\n"
            "    parts = urlsplit(url)\n"
            "    return {\n"
            "        'scheme': parts.scheme,\n"
            "        'user': parts.username,\n"
            "        'password': parts.password,\n"
            "        'host': parts.hostname,\n"
            "        'port': parts.port or 5432,\n"
            "        'database': parts.path.lstrip('/'),\n"
            "        'options': dict(parse_qsl(parts.query)),\n"
            "    }",
            "a password with an encoded special character, such as 'p%40ss' for 'p@ss'",
            "the password keeps its '%40' and the login fails; user and password are "
            "percent-decoded",
            (
                (
                    "'postgres://ops:p%40ss%2Fw@db/main'",
                    "{'scheme': 'postgres', 'user': 'ops', 'password': 'p@ss/w', 'host': 'db', 'port': 5432, 'database': 'main', 'options': {}}",
                ),
            ),
        ),
    ),
    F(
        "parse_redis_info",
        "dburl",
        "text",
        "a dict from the output of Redis INFO: 'key:value' lines (the value after "
        "the first ':'), section headers ('# Memory') and blank lines skipped, lines "
        "ending in '\\r\\n' or '\\n'; a value made only of digits becomes an int, any "
        "other stays a string",
        "    info = {}\n"
        "    for raw in text.splitlines():\n"
        "        line = raw.strip()\n"
        "        if not line or line.startswith('#') or ':' not in line:\n"
        "            continue\n"
        "        key, _, value = line.partition(':')\n"
        "        info[key] = int(value) if value.isdigit() else value\n"
        "    return info",
        (
            (
                "'# Server\\nredis_version:7.2.4\\nuptime_in_seconds:3600\\n\\n# Memory\\nused_memory_human:1.5M\\n'",
                "{'redis_version': '7.2.4', 'uptime_in_seconds': 3600, 'used_memory_human': '1.5M'}",
            ),
            ("''", "{}"),
        ),
        defect=Defect(
            "    info = {}\n"
            "    for line in text.split('\\n'):\n"
            "        if not line or line.startswith('#') or ':' not in line:\n"
            "            continue\n"
            "        key, _, value = line.partition(':')\n"
            "        info[key] = int(value) if value.isdigit() else value\n"
            "    return info",
            "output with '\\r\\n' line endings, as Redis sends it",
            "every value keeps a '\\r' and no number becomes an int; the line ending "
            "is not part of the value",
            (
                (
                    "'# Clients\\r\\nconnected_clients:12\\r\\nrole:master\\r\\n'",
                    "{'connected_clients': 12, 'role': 'master'}",
                ),
            ),
        ),
    ),
    F(
        "clf_time_to_iso",
        "dburl",
        "stamp",
        "an ISO 8601 timestamp 'YYYY-MM-DDTHH:MM:SS+HH:MM' from a Common Log Format "
        "time such as '10/Oct/2023:13:55:36 -0700', keeping its UTC offset",
        "    from datetime import datetime\n\n"
        "    return datetime.strptime(stamp, '%d/%b/%Y:%H:%M:%S %z').isoformat()",
        (
            ("'10/Oct/2023:13:55:36 +0000'", "'2023-10-10T13:55:36+00:00'"),
            ("'01/Jan/2024:00:00:00 +0000'", "'2024-01-01T00:00:00+00:00'"),
        ),
        defect=Defect(
            "    from datetime import datetime\n\n"
            "    moment = datetime.strptime(stamp.split()[0], '%d/%b/%Y:%H:%M:%S')\n"
            "    return moment.isoformat() + '+00:00'",
            "a time logged with another offset than UTC, such as '-0700'",
            "the offset is replaced by +00:00, so the time is off by hours; the offset is kept",
            (
                ("'10/Oct/2023:13:55:36 -0700'", "'2023-10-10T13:55:36-07:00'"),
                ("'05/Mar/2024:08:00:00 +0530'", "'2024-03-05T08:00:00+05:30'"),
            ),
        ),
    ),
    F(
        "parse_traceparent",
        "tracing",
        "header",
        "a dict with keys 'trace_id', 'span_id' and 'sampled' from a W3C traceparent "
        "header '00-<32 hex>-<16 hex>-<2 hex flags>' (lowercase hex): sampled is "
        "whether the flags' lowest bit is set ('01' and '03' both sample); "
        "ValueError for another form, a version other than '00' or an all-zero trace "
        "or span id",
        "    import re\n\n"
        "    match = re.fullmatch(r'00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})', header.strip())\n"
        "    if match is None or set(match.group(1)) == {'0'} or set(match.group(2)) == {'0'}:\n"
        "        raise ValueError(f'not a traceparent: {header!r}')\n"
        "    trace, span, flags = match.groups()\n"
        "    return {'trace_id': trace, 'span_id': span, 'sampled': bool(int(flags, 16) & 1)}",
        (
            (
                "'00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'",
                "{'trace_id': '4bf92f3577b34da6a3ce929d0e0e4736', 'span_id': '00f067aa0ba902b7', 'sampled': True}",
            ),
            (
                "'00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00'",
                "{'trace_id': '4bf92f3577b34da6a3ce929d0e0e4736', 'span_id': '00f067aa0ba902b7', 'sampled': False}",
            ),
        ),
        raises=(
            ("'01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'", "ValueError"),
            ("'00-00000000000000000000000000000000-00f067aa0ba902b7-01'", "ValueError"),
            ("'00-abc-def-01'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    match = re.fullmatch(r'00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})', header.strip())\n"
            "    if match is None or set(match.group(1)) == {'0'} or set(match.group(2)) == {'0'}:\n"
            "        raise ValueError(f'not a traceparent: {header!r}')\n"
            "    trace, span, flags = match.groups()\n"
            "    return {'trace_id': trace, 'span_id': span, 'sampled': flags == '01'}",
            "flags with other bits set besides sampling, such as '03'",
            "the trace counts as not sampled; only the lowest bit of the flags decides",
            (
                (
                    "'00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-03'",
                    "{'trace_id': '4bf92f3577b34da6a3ce929d0e0e4736', 'span_id': '00f067aa0ba902b7', 'sampled': True}",
                ),
            ),
        ),
    ),
    F(
        "last_log_lines",
        "tracing",
        "text, n",
        "the last n lines of a log text as a list (a final newline does not make an "
        "empty last line); n 0 gives [], n beyond the length all the lines",
        "    lines = text.splitlines()\n    return lines[len(lines) - n:] if n > 0 else []",
        (
            ("'a\\nb\\nc\\n', 2", "['b', 'c']"),
            ("'a\\nb', 5", "['a', 'b']"),
        ),
        defect=Defect(
            "    return text.splitlines()[-n:]",
            "n = 0",
            "it returns every line; the last 0 lines are none",
            (("'a\\nb\\nc', 0", "[]"),),
        ),
        change=Change(
            "last_log_lines should skip blank lines (empty or only whitespace): the "
            "last n non-blank lines, the rest as before",
            "    lines = [line for line in text.splitlines() if line.strip()]\n"
            "    return lines[len(lines) - n:] if n > 0 else []",
            (
                ("'a\\n\\nb\\n   \\nc\\n\\n', 2", "['b', 'c']"),
                ("'\\n\\n', 3", "[]"),
                ("'x\\ny', 1", "['y']"),
            ),
        ),
    ),
    F(
        "parse_set_options",
        "tracing",
        "items",
        "a nested dict from command-line '--set' items such as ['db.host=a', "
        "'db.port=5432', 'debug=1']: the key is what comes before the first '=', its "
        "dots nesting dicts, keys sharing a prefix merged into one dict, the value "
        "the rest as a string; ValueError for an item without '='",
        "    result = {}\n"
        "    for item in items:\n"
        "        key, sep, value = item.partition('=')\n"
        "        if not sep:\n"
        "            raise ValueError(f'expected key=value: {item!r}')\n"
        "        *parents, last = key.split('.')\n"
        "        node = result\n"
        "        for part in parents:\n"
        "            node = node.setdefault(part, {})\n"
        "        node[last] = value\n"
        "    return result",
        (
            ("['debug=1']", "{'debug': '1'}"),
            ("['db.host=a']", "{'db': {'host': 'a'}}"),
            ("[]", "{}"),
        ),
        raises=(("['verbose']", "ValueError"),),
        defect=Defect(
            "    result = {}\n"
            "    for item in items:\n"
            "        key, sep, value = item.partition('=')\n"
            "        if not sep:\n"
            "            raise ValueError(f'expected key=value: {item!r}')\n"
            "        *parents, last = key.split('.')\n"
            "        node = {last: value}\n"
            "        for part in reversed(parents):\n"
            "            node = {part: node}\n"
            "        result.update(node)\n"
            "    return result",
            "two items under the same prefix, such as 'db.host=a' and 'db.port=5432'",
            "the second replaces the first's whole dict; items sharing a prefix are merged",
            (
                ("['db.host=a', 'db.port=5432']", "{'db': {'host': 'a', 'port': '5432'}}"),
                ("['a.b.c=1', 'a.b.d=2', 'a.e=3']", "{'a': {'b': {'c': '1', 'd': '2'}, 'e': '3'}}"),
            ),
        ),
    ),
    F(
        "worst_check_status",
        "checks",
        "statuses",
        "the worst of some health-check statuses, ranked 'ok' < 'warning' < "
        "'unknown' < 'critical' (case ignored, answered lowercase); 'ok' for an "
        "empty list",
        "    rank = ['ok', 'warning', 'unknown', 'critical']\n"
        "    return max((s.lower() for s in statuses), key=rank.index, default='ok')",
        (
            ("['ok', 'WARNING', 'ok']", "'warning'"),
            ("['unknown', 'ok']", "'unknown'"),
            ("['Critical', 'critical']", "'critical'"),
            ("[]", "'ok'"),
        ),
        defect=Defect(
            "    return max((s.lower() for s in statuses), default='ok')",
            "statuses whose alphabetical order differs from their rank, such as "
            "'warning' beside 'critical'",
            "the statuses are compared alphabetically, so 'warning' beats "
            "'critical'; the rank is ok < warning < unknown < critical",
            (
                ("['warning', 'unknown']", "'unknown'"),
                ("['warning', 'critical']", "'critical'"),
                ("['ok', 'critical']", "'critical'"),
            ),
        ),
    ),
    F(
        "parse_ping_summary",
        "checks",
        "output",
        "a dict with keys 'loss' (the packet loss percentage as a float) and 'avg' "
        "(the average round trip in ms as a float, None when no 'rtt' line is "
        "printed because nothing came back) from the summary lines of Linux ping",
        "    import re\n\n"
        "    loss = re.search(r'([\\d.]+)% packet loss', output)\n"
        "    rtt = re.search(r'= [\\d.]+/([\\d.]+)/', output)\n"
        "    return {'loss': float(loss.group(1)), 'avg': float(rtt.group(1)) if rtt else None}",
        (
            (
                "'3 packets transmitted, 3 received, 0% packet loss, time 2003ms\\nrtt min/avg/max/mdev = 0.042/0.051/0.060/0.007 ms'",
                "{'loss': 0.0, 'avg': 0.051}",
            ),
        ),
        defect=Defect(
            "    import re\n\n"
            "    loss = re.search(r'([\\d.]+)% packet loss', output)\n"
            "    rtt = re.search(r'= [\\d.]+/([\\d.]+)/', output)\n"
            "    return {'loss': float(loss.group(1)), 'avg': float(rtt.group(1))}",
            "a host that answers nothing, so ping prints no rtt line",
            "it crashes on the missing line; avg is None then",
            (
                (
                    "'4 packets transmitted, 0 received, 100% packet loss, time 3050ms'",
                    "{'loss': 100.0, 'avg': None}",
                ),
            ),
        ),
    ),
    F(
        "client_ip",
        "checks",
        "forwarded_for, remote, trusted",
        "the client's address behind proxies: the X-Forwarded-For addresses "
        "(comma-separated, spaces stripped) followed by remote (the peer) are walked "
        "from the right, skipping addresses in the trusted list; the first untrusted "
        "one is the client, the leftmost address when every one is trusted",
        "    chain = [a.strip() for a in forwarded_for.split(',') if a.strip()] + [remote]\n"
        "    for address in reversed(chain):\n"
        "        if address not in trusted:\n"
        "            return address\n"
        "    return chain[0]",
        (
            ("'203.0.113.7', '10.0.0.1', ['10.0.0.1']", "'203.0.113.7'"),
            ("'', '198.51.100.2', ['10.0.0.1']", "'198.51.100.2'"),
            ("'10.0.0.2', '10.0.0.1', ['10.0.0.1', '10.0.0.2']", "'10.0.0.2'"),
        ),
        defect=Defect(
            "    chain = [a.strip() for a in forwarded_for.split(',') if a.strip()] + [remote]\n"
            "    for address in chain:\n"
            "        if address not in trusted:\n"
            "            return address\n"
            "    return chain[0]",
            "a header the client wrote itself, such as a forged first address before the real one",
            "the forged leftmost address is taken; the walk goes from the right, so "
            "only what trusted proxies added is believed",
            (("'1.2.3.4, 203.0.113.7', '10.0.0.1', ['10.0.0.1']", "'203.0.113.7'"),),
        ),
    ),
    F(
        "lsn_lag_bytes",
        "checks",
        "primary, replica",
        "how many bytes a PostgreSQL replica lags behind the primary, from two WAL "
        "positions written 'X/Y' (two hex numbers: the position is X * 2**32 + Y); 0 "
        "when the replica is not behind",
        "    def position(lsn):\n"
        "        high, _, low = lsn.partition('/')\n"
        "        return (int(high, 16) << 32) + int(low, 16)\n\n"
        "    return max(0, position(primary) - position(replica))",
        (
            ("'0/3000060', '0/3000000'", "96"),
            ("'0/10', '0/20'", "0"),
        ),
        defect=Defect(
            "    def position(lsn):\n"
            "        return int(lsn.partition('/')[2], 16)\n\n"
            "    return max(0, position(primary) - position(replica))",
            "positions in different segments, such as '1/10' against '0/FFFFFF00'",
            "the high part is ignored and the lag comes out 0 or tiny; the position "
            "is X * 2**32 + Y",
            (
                ("'1/10', '0/FFFFFF00'", "272"),
                ("'2/0', '1/0'", "4294967296"),
            ),
        ),
    ),
    F(
        "memory_quantity_text",
        "checks",
        "size",
        "a byte count as a Kubernetes memory quantity: with the largest of the "
        "suffixes 'Ti', 'Gi', 'Mi', 'Ki' (powers of 1024) that divides it exactly, "
        "as in '512Mi' or '1536Ki', else the plain number; 0 gives '0'",
        "    for suffix, power in (('Ti', 4), ('Gi', 3), ('Mi', 2), ('Ki', 1)):\n"
        "        unit = 1024 ** power\n"
        "        if size and size % unit == 0:\n"
        "            return f'{size // unit}{suffix}'\n"
        "    return str(size)",
        (
            ("536870912", "'512Mi'"),
            ("1073741824", "'1Gi'"),
            ("1000", "'1000'"),
            ("0", "'0'"),
        ),
        defect=Defect(
            "    for suffix, power in (('Ti', 4), ('Gi', 3), ('Mi', 2), ('Ki', 1)):\n"
            "        unit = 1024 ** power\n"
            "        if size >= unit:\n"
            "            return f'{size / unit:g}{suffix}'\n"
            "    return str(size)",
            "a size that is not a whole number of the largest unit, such as 1.5 Gi",
            "it writes a fraction such as '1.5Gi', which is not the exact quantity; "
            "the largest unit dividing it exactly is used ('1536Mi')",
            (
                ("1610612736", "'1536Mi'"),
                ("1025", "'1025'"),
            ),
        ),
    ),
    F(
        "settings_from_env",
        "checks",
        "environ, prefix",
        "the settings an app reads from environment variables: each variable whose "
        "name starts with prefix (such as 'APP_') gives a key made of the rest of "
        "its name lowercased ('APP_DB_HOST' -> 'db_host'), the value unchanged; "
        "other variables ignored",
        "    return {name[len(prefix):].lower(): value\n"
        "            for name, value in environ.items() if name.startswith(prefix)}",
        (
            (
                "{'APP_DB_HOST': 'db', 'HOME': '/root', 'APP_DEBUG': '1'}, 'APP_'",
                "{'db_host': 'db', 'debug': '1'}",
            ),
            ("{}, 'X_'", "{}"),
        ),
        defect=Defect(
            "    return {name.replace(prefix, '').lower(): value\n"
            "            for name, value in environ.items() if name.startswith(prefix)}",
            "a name that holds the prefix again further on, such as 'APP_SNAPP_URL' with 'APP_'",
            "the prefix is removed from the middle too ('snurl'); only the leading prefix goes",
            (
                (
                    "{'APP_SNAPP_URL': 'u', 'APP_MAP_APP_X': 'x'}, 'APP_'",
                    "{'snapp_url': 'u', 'map_app_x': 'x'}",
                ),
            ),
        ),
    ),
    F(
        "go_duration_seconds",
        "checks",
        "text",
        "the seconds (a float) in a Go duration such as '1h2m3.5s' or '250ms': "
        "numbers (decimals allowed) each followed by a unit 'h', 'm', 's', 'ms', "
        "'us' or 'ns', with no spaces; a leading '-' makes it negative; '0' alone "
        "gives 0.0; ValueError for anything else",
        "    import re\n\n"
        "    units = {'h': 3600, 'm': 60, 's': 1, 'ms': 1e-3, 'us': 1e-6, 'ns': 1e-9}\n"
        "    sign, body = (-1, text[1:]) if text.startswith('-') else (1, text)\n"
        "    if body == '0':\n"
        "        return 0.0\n"
        "    parts = re.findall(r'(\\d+(?:\\.\\d+)?)(ms|us|ns|h|m|s)', body)\n"
        "    if not parts or ''.join(n + u for n, u in parts) != body:\n"
        "        raise ValueError(f'not a Go duration: {text!r}')\n"
        "    return sign * round(sum(float(n) * units[u] for n, u in parts), 9)",
        (
            ("'1h2m3.5s'", "3723.5"),
            ("'-90s'", "-90.0"),
            ("'0'", "0.0"),
        ),
        raises=(
            ("'5 minutes'", "ValueError"),
            ("''", "ValueError"),
            ("'10'", "ValueError"),
        ),
        defect=Defect(
            "    import re\n\n"
            "    units = {'h': 3600, 'm': 60, 's': 1, 'ms': 1e-3, 'us': 1e-6, 'ns': 1e-9}\n"
            "    sign, body = (-1, text[1:]) if text.startswith('-') else (1, text)\n"
            "    if body == '0':\n"
            "        return 0.0\n"
            "    parts = re.findall(r'(\\d+(?:\\.\\d+)?)(h|m|s|ms|us|ns)', body)\n"
            "    if not parts:\n"
            "        raise ValueError(f'not a Go duration: {text!r}')\n"
            "    return sign * round(sum(float(n) * units[u] for n, u in parts), 9)",
            "milliseconds, such as '250ms'",
            "'250ms' is read as 250 minutes; 'ms' is one unit, a thousandth of a second",
            (
                ("'250ms'", "0.25"),
                ("'1m500ms'", "60.5"),
            ),
        ),
    ),
)
