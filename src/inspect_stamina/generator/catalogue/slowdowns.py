"""The slow rewrites a teammate commits in version 3's late phase, per domain.

Each is correct (it passes the function's cases and its defect's) but quadratic, so
on the large input the user names it takes seconds where the function as first
asked for takes milliseconds. A performance turn plants one and asks for the function
to be fast again; its test times the agent's function against the reference body on
that input in the same sandbox (see `Language.timing_test`). The reference must not
call the package's other functions: the test holds it on its own. JavaScript's inputs are
larger: the same quadratic rewrite runs many times faster in V8 than in CPython.
"""

from __future__ import annotations

from inspect_stamina.generator.model import Slowdown

S = Slowdown

ALGORITHMS: dict[str, Slowdown] = {
    "dedupe": S(
        "    result = []\n"
        "    for item in items:\n"
        "        if item not in result:\n"
        "            result.append(item)\n"
        "    return result",
        "[i % 25000 for i in range(50000)]",
        "a list of 50,000 numbers with 25,000 distinct values",
    ),
    "mode": S(
        "    if not values:\n"
        "        raise ValueError('mode of an empty list')\n"
        "    best = max(values.count(value) for value in values)\n"
        "    return min(value for value in values if values.count(value) == best)",
        "[i % 7500 for i in range(15000)]",
        "a list of 15,000 numbers",
    ),
    "frequencies": S(
        "    order = []\n"
        "    for value in values:\n"
        "        if value not in order:\n"
        "            order.append(value)\n"
        "    pairs = [(value, values.count(value)) for value in order]\n"
        "    return sorted(pairs, key=lambda item: -item[1])",
        "[i % 12000 for i in range(24000)]",
        "a list of 24,000 values",
    ),
    "majority_element": S(
        "    for value in values:\n"
        "        if values.count(value) * 2 > len(values):\n"
        "            return value\n"
        "    return None",
        "list(range(21000))",
        "a list of 21,000 numbers",
    ),
    "two_sum": S(
        "    for j in range(len(values)):\n"
        "        for i in range(j):\n"
        "            if values[i] + values[j] == target:\n"
        "                return (i, j)\n"
        "    return None",
        "list(range(14000)), -1",
        "a list of 14,000 numbers",
    ),
    "primes_up_to": S(
        "    return [p for p in range(2, n + 1) if all(p % d for d in range(2, p))]",
        "40000",
        "n = 40,000",
    ),
    "ranks": S(
        "    ordered = sorted(values)\n    return [ordered.index(value) + 1 for value in values]",
        "list(range(30000, 0, -1))",
        "a list of 30,000 numbers",
    ),
    "max_subarray_sum": S(
        "    if not values:\n"
        "        return 0\n"
        "    best = values[0]\n"
        "    for i in range(len(values)):\n"
        "        total = 0\n"
        "        for value in values[i:]:\n"
        "            total += value\n"
        "            best = max(best, total)\n"
        "    return best",
        "[(i * 37) % 101 - 50 for i in range(9000)]",
        "a list of 9,000 numbers",
    ),
    "missing_number": S(
        "    for number in range(len(values) + 1):\n"
        "        if number not in values:\n"
        "            return number\n"
        "    return None",
        "list(range(30000))",
        "a list of 30,000 numbers",
    ),
    "anagram_groups": S(
        "    groups = []\n"
        "    for word in words:\n"
        "        for group in groups:\n"
        "            if sorted(group[0]) == sorted(word):\n"
        "                group.append(word)\n"
        "                break\n"
        "        else:\n"
        "            groups.append([word])\n"
        "    return groups",
        "['a' * (i % 50) + 'b' * (i // 50) for i in range(1800)] * 2",
        "a list of 3,600 words",
    ),
    "sliding_max": S(
        "    if k < 1:\n"
        "        raise ValueError('k must be at least 1')\n"
        "    return [max(values[i - k + 1 : i + 1]) for i in range(k - 1, len(values))]",
        "list(range(40000)), 10000",
        "a list of 40,000 numbers and k = 10,000",
    ),
    "running_max": S(
        "    return [max(values[: i + 1]) for i in range(len(values))]",
        "list(range(25000))",
        "a list of 25,000 numbers",
    ),
    "second_largest": S(
        "    distinct = []\n"
        "    for value in values:\n"
        "        if value not in distinct:\n"
        "            distinct.append(value)\n"
        "    distinct.sort()\n"
        "    return distinct[-2] if len(distinct) >= 2 else None",
        "list(range(30000))",
        "a list of 30,000 numbers",
    ),
    "longest_increasing_run": S(
        "    best = 0\n"
        "    for i in range(len(values)):\n"
        "        run = 1\n"
        "        while i + run < len(values) and values[i + run] > values[i + run - 1]:\n"
        "            run += 1\n"
        "        best = max(best, run)\n"
        "    return best",
        "list(range(9000))",
        "a list of 9,000 numbers",
    ),
    "histogram": S(
        "    starts = []\n"
        "    for value in values:\n"
        "        if value // width * width not in starts:\n"
        "            starts.append(value // width * width)\n"
        "    return {\n"
        "        start: sum(1 for value in values if value // width * width == start)\n"
        "        for start in starts\n"
        "    }",
        "list(range(21000)), 3",
        "21,000 numbers in bins of width 3",
    ),
}

DATA: dict[str, Slowdown] = {
    "dedupe_by": S(
        "    seen = []\n"
        "    kept = []\n"
        "    for row in rows:\n"
        "        if row[key] not in seen:\n"
        "            seen.append(row[key])\n"
        "            kept.append(row)\n"
        "    return kept",
        "[{'id': str(i % 20000), 'v': 'x'} for i in range(40000)], 'id'",
        "40,000 rows with 20,000 distinct keys",
    ),
    "inner_join": S(
        "    joined = []\n"
        "    for row in left:\n"
        "        for match in right:\n"
        "            if match[key] == row[key]:\n"
        "                joined.append({**row, **match})\n"
        "    return joined",
        "[{'id': str(i), 'n': 'a'} for i in range(10000)], "
        "[{'id': str(i * 2), 'v': 'b'} for i in range(10000)], 'id'",
        "two tables of 10,000 rows each",
    ),
    "anti_join": S(
        "    return [\n"
        "        row\n"
        "        for row in left\n"
        "        if all(\n"
        "            (other.get(key) or '').strip() != (row.get(key) or '').strip()\n"
        "            for other in right\n"
        "        )\n"
        "    ]",
        "[{'id': str(i)} for i in range(8000)], [{'id': str(-i)} for i in range(1, 8001)], 'id'",
        "two tables of 8,000 rows each",
    ),
    "semi_join": S(
        "    return [row for row in left if any(other[key] == row[key] for other in right)]",
        "[{'id': str(i)} for i in range(11300)], [{'id': str(-i)} for i in range(1, 11301)], 'id'",
        "two tables of 11,300 rows each",
    ),
    "duplicate_keys": S(
        "    keys = [row[key] for row in rows]\n"
        "    return sorted({value for value in keys if keys.count(value) > 1})",
        "[{'id': str(i % 10000)} for i in range(20000)], 'id'",
        "20,000 rows",
    ),
    "orphan_keys": S(
        "    known = [row.get(key) for row in parent]\n"
        "    return sorted({\n"
        "        row[key] for row in child if (row.get(key) or '').strip() and row[key] not in known\n"
        "    })",
        "[{'c': str(i)} for i in range(20000)], [{'c': str(-i)} for i in range(20000)], 'c'",
        "two tables of 20,000 rows each",
    ),
    "distinct_counts": S(
        "    values = {}\n"
        "    for row in rows:\n"
        "        cells = values.setdefault(row[key], [])\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell and cell not in cells:\n"
        "            cells.append(cell)\n"
        "    return {group: len(cells) for group, cells in values.items()}",
        "[{'shop': 'A', 'item': str(i)} for i in range(30000)], 'shop', 'item'",
        "30,000 rows",
    ),
    "latest_per_key": S(
        "    keys = []\n"
        "    for row in rows:\n"
        "        if row[key] not in keys:\n"
        "            keys.append(row[key])\n"
        "    latest = []\n"
        "    for value in keys:\n"
        "        best = None\n"
        "        for row in rows:\n"
        "            if row[key] == value and (best is None or row[date_column] > best[date_column]):\n"
        "                best = row\n"
        "        latest.append(best)\n"
        "    return latest",
        "[{'id': str(i), 'd': '2024-01-01'} for i in range(10000)], 'id', 'd'",
        "10,000 rows",
    ),
    "running_totals_by": S(
        "    result = []\n"
        "    for i, row in enumerate(rows):\n"
        "        total = 0.0\n"
        "        for earlier in rows[: i + 1]:\n"
        "            if earlier[key] == row[key]:\n"
        "                cell = (earlier.get(value) or '').strip()\n"
        "                total = round(total + (float(cell) if cell else 0.0), 2)\n"
        "        result.append({**row, 'running': total})\n"
        "    return result",
        "[{'c': 'a', 'v': '1'} for i in range(4500)], 'c', 'v'",
        "4,500 rows",
    ),
    "mode_values": S(
        "    if not values:\n"
        "        return []\n"
        "    top = max(values.count(value) for value in values)\n"
        "    return sorted({value for value in values if values.count(value) == top})",
        "[i % 8000 for i in range(16000)]",
        "a list of 16,000 values",
    ),
    "rows_by_key": S(
        "    keys = []\n"
        "    for row in rows:\n"
        "        if row.get(key, '') not in keys:\n"
        "            keys.append(row.get(key, ''))\n"
        "    return {k: [row for row in rows if row.get(key, '') == k] for k in keys}",
        "[{'c': str(i), 'n': '1'} for i in range(12600)], 'c'",
        "12,600 rows",
    ),
    "conflicting_values": S(
        "    result = []\n"
        "    for k in sorted({row[key] for row in rows}):\n"
        "        cells = {(row.get(name) or '').strip() for row in rows if row[key] == k}\n"
        "        if len(cells - {''}) > 1:\n"
        "            result.append(k)\n"
        "    return result",
        "[{'id': str(i), 'city': 'Oslo'} for i in range(16000)], 'id', 'city'",
        "16,000 rows",
    ),
    "group_totals": S(
        "    keys = []\n"
        "    for row in rows:\n"
        "        if row[key] not in keys:\n"
        "            keys.append(row[key])\n"
        "    return {k: sum(float(row[value] or 0) for row in rows if row[key] == k) for k in keys}",
        "[{'city': str(i), 'sales': '2'} for i in range(14000)], 'city', 'sales'",
        "14,000 rows",
    ),
}

DEVOPS: dict[str, Slowdown] = {
    "top_clients": S(
        "    clients = [line.split()[0] for line in lines if line.strip()]\n"
        "    counts = {client: clients.count(client) for client in clients}\n"
        "    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]",
        "[f'10.{i % 97}.{i % 89}.{i % 83} GET /' for i in range(20000)], 5",
        "20,000 log lines",
    ),
    "count_levels": S(
        "    levels = [line.split()[2] for line in lines if len(line.split()) >= 3]\n"
        "    return {level: levels.count(level) for level in levels}",
        "[f'd t L{i % 9000} x' for i in range(20000)]",
        "20,000 log lines",
    ),
    "suppress_repeats": S(
        "    sent = []\n"
        "    for alert in alerts:\n"
        "        earlier = [a['time'] for a in sent if a['key'] == alert['key']]\n"
        "        if earlier and alert['time'] - earlier[-1] < window:\n"
        "            continue\n"
        "        sent.append(alert)\n"
        "    return sent",
        "[{'key': f'k{i}', 'time': i} for i in range(19600)], 60",
        "19,600 alerts",
    ),
    "sum_by_label": S(
        "    keys = []\n"
        "    for labels, _ in samples:\n"
        "        if labels.get(label, '') not in keys:\n"
        "            keys.append(labels.get(label, ''))\n"
        "    return {\n"
        "        key: sum(value for labels, value in samples if labels.get(label, '') == key)\n"
        "        for key in keys\n"
        "    }",
        "[({'code': str(i)}, 1) for i in range(9000)], 'code'",
        "9,000 samples",
    ),
}

ALGORITHMS_JS: dict[str, Slowdown] = {
    "dedupe": S(
        "  return items.filter((item, i) => items.indexOf(item) === i);",
        "Array.from({ length: 150000 }, (_, i) => i % 75000)",
        "an array of 150,000 numbers with 75,000 distinct values",
    ),
    "mostFrequent": S(
        "  let best = null;\n"
        "  let top = 0;\n"
        "  for (const value of values) {\n"
        "    const count = values.filter((other) => other === value).length;\n"
        "    if (count > top || (count === top && value < best)) [best, top] = [value, count];\n"
        "  }\n"
        "  return best;",
        "Array.from({ length: 46000 }, (_, i) => i % 23000)",
        "an array of 46,000 numbers",
    ),
    "majorityElement": S(
        "  for (const value of values) {\n"
        "    if (values.filter((other) => other === value).length * 2 > values.length) return value;\n"
        "  }\n"
        "  return null;",
        "Array.from({ length: 50000 }, (_, i) => i)",
        "an array of 50,000 numbers",
    ),
    "twoSum": S(
        "  for (let j = 0; j < values.length; j += 1) {\n"
        "    for (let i = 0; i < j; i += 1) if (values[i] + values[j] === target) return [i, j];\n"
        "  }\n"
        "  return null;",
        "Array.from({ length: 80000 }, (_, i) => i), -1",
        "an array of 80,000 numbers",
    ),
    "primesBelow": S(
        "  const primes = [];\n"
        "  for (let p = 2; p < n; p += 1) {\n"
        "    let prime = true;\n"
        "    for (let d = 2; d < p && prime; d += 1) prime = p % d !== 0;\n"
        "    if (prime) primes.push(p);\n"
        "  }\n"
        "  return primes;",
        "220000",
        "n = 220,000",
    ),
    "intersection": S(
        "  const result = [];\n"
        "  for (const value of a) if (b.includes(value) && !result.includes(value)) result.push(value);\n"
        "  return result;",
        "Array.from({ length: 110000 }, (_, i) => i), Array.from({ length: 110000 }, (_, i) => -i)",
        "two arrays of 110,000 numbers each",
    ),
    "isSubset": S(
        "  return a.every((value) => b.includes(value));",
        "Array.from({ length: 100000 }, (_, i) => i), "
        "Array.from({ length: 100000 }, (_, i) => 99999 - i)",
        "two arrays of 100,000 numbers each",
    ),
    "runningTotal": S(
        "  return values.map((_, i) => values.slice(0, i + 1).reduce((sum, value) => sum + value, 0));",
        "Array.from({ length: 48000 }, (_, i) => i % 7)",
        "an array of 48,000 numbers",
    ),
}

__all__ = ["ALGORITHMS", "ALGORITHMS_JS", "DATA", "DEVOPS"]
