"""More functions of the data domain, asked for from generator version 3 on."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate

F = FunctionTemplate

_WEEK_ZERO = "{'Mon': 0, 'Tue': 0, 'Wed': 0, 'Thu': 0, 'Fri': 0, 'Sat': 0, 'Sun': 0}"

_LOAD: tuple[FunctionTemplate, ...] = (
    F(
        "sniff_rows",
        "load",
        "text",
        "the rows of CSV text as a list of dicts of strings, the delimiter being whichever of "
        "comma, semicolon or tab occurs most often in the header line (comma, then semicolon, "
        "on a tie)",
        "    import csv\n"
        "    import io\n"
        "\n"
        "    header = text.split('\\n', 1)[0]\n"
        "    delimiter = max(',;\\t', key=header.count)\n"
        "    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))",
        (
            ("'a;b\\n1;2\\n'", "[{'a': '1', 'b': '2'}]"),
            ("'a\\tb\\n1\\t2\\n3\\t4\\n'", "[{'a': '1', 'b': '2'}, {'a': '3', 'b': '4'}]"),
            ("'a,b\\n1,2\\n'", "[{'a': '1', 'b': '2'}]"),
            ("'a,b\\n'", "[]"),
        ),
        defect=Defect(
            "    import csv\n"
            "    import io\n"
            "\n"
            "    delimiter = '\\t' if '\\t' in text else ';' if ';' in text else ','\n"
            "    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))",
            "comma-separated text that has a semicolon inside a cell, such as "
            "'name,note\\nAda,a;b\\n'",
            "the file is read as semicolon-separated; the header line alone should decide the "
            "delimiter",
            (
                ("'name,note\\nAda,a;b\\n'", "[{'name': 'Ada', 'note': 'a;b'}]"),
                ("'x,y\\n1,2;3\\n4,5\\n'", "[{'x': '1', 'y': '2;3'}, {'x': '4', 'y': '5'}]"),
            ),
        ),
    ),
    F(
        "read_key_values",
        "load",
        "text",
        "a dict from the 'key=value' lines of text, each split at its first '=', keys and "
        "values stripped, blank lines and lines starting with '#' skipped",
        "    settings = {}\n"
        "    for line in text.splitlines():\n"
        "        line = line.strip()\n"
        "        if not line or line.startswith('#'):\n"
        "            continue\n"
        "        key, _, value = line.partition('=')\n"
        "        settings[key.strip()] = value.strip()\n"
        "    return settings",
        (
            ("'a = 1\\n\\n# a note\\nb=two\\n'", "{'a': '1', 'b': 'two'}"),
            ("'# only a comment\\n'", "{}"),
            ("''", "{}"),
        ),
        defect=Defect(
            "    lines = [line.strip() for line in text.splitlines()]\n"
            "    pairs = [line.split('=') for line in lines if line and not line.startswith('#')]\n"
            "    return {key.strip(): value.strip() for key, value in pairs}",
            "a value that contains '=' itself, such as 'filter=a=b'",
            "it crashes with ValueError; only the first '=' separates the key from the value",
            (
                ("'filter=a=b\\n'", "{'filter': 'a=b'}"),
                ("'x = 1\\nquery = n == 2\\n'", "{'x': '1', 'query': 'n == 2'}"),
            ),
        ),
    ),
)

_CLEAN: tuple[FunctionTemplate, ...] = (
    F(
        "dedupe_by",
        "clean",
        "rows, key",
        "the rows keeping only the first row for each value of a column, in their original order",
        "    seen = set()\n"
        "    kept = []\n"
        "    for row in rows:\n"
        "        if row[key] not in seen:\n"
        "            seen.add(row[key])\n"
        "            kept.append(row)\n"
        "    return kept",
        (
            (
                "[{'id': '1', 'v': 'a'}, {'id': '2', 'v': 'b'}, {'id': '3', 'v': 'c'}], 'id'",
                "[{'id': '1', 'v': 'a'}, {'id': '2', 'v': 'b'}, {'id': '3', 'v': 'c'}]",
            ),
            ("[], 'id'", "[]"),
        ),
        defect=Defect(
            "    return list({row[key]: row for row in rows}.values())",
            "two rows that share a value in the key column",
            "the later row's values are kept instead of the first row's",
            (
                ("[{'k': 'x', 'n': '1'}, {'k': 'x', 'n': '2'}], 'k'", "[{'k': 'x', 'n': '1'}]"),
                (
                    "[{'k': 'a', 'n': '1'}, {'k': 'b', 'n': '2'}, {'k': 'a', 'n': '3'}], 'k'",
                    "[{'k': 'a', 'n': '1'}, {'k': 'b', 'n': '2'}]",
                ),
            ),
        ),
    ),
    F(
        "strip_cells",
        "clean",
        "rows",
        "new rows with surrounding whitespace removed from every cell and every column name, "
        "a missing cell (None) becoming ''",
        "    cleaned = []\n"
        "    for row in rows:\n"
        "        new = {}\n"
        "        for key, value in row.items():\n"
        "            new[key.strip()] = (value or '').strip()\n"
        "        cleaned.append(new)\n"
        "    return cleaned",
        (
            (
                "[{'a': ' 1 ', 'b': None}, {'a': 'x\\t', 'b': '2'}]",
                "[{'a': '1', 'b': ''}, {'a': 'x', 'b': '2'}]",
            ),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return [{key: (value or '').strip() for key, value in row.items()} for row in rows]",
            "a header with a space after the comma, such as 'city, sales'",
            "the column stays named ' sales'; column names must be stripped too",
            (
                ("[{'city': 'Oslo', ' sales': ' 10'}]", "[{'city': 'Oslo', 'sales': '10'}]"),
                ("[{' id ': '7'}]", "[{'id': '7'}]"),
            ),
        ),
    ),
    F(
        "fill_blanks",
        "clean",
        "rows, name, default",
        "new rows in which the column's cell becomes the default when it is empty, only spaces "
        "or missing, all other cells unchanged",
        "    filled = []\n"
        "    for row in rows:\n"
        "        new = dict(row)\n"
        "        if not (row.get(name) or '').strip():\n"
        "            new[name] = default\n"
        "        filled.append(new)\n"
        "    return filled",
        (
            (
                "[{'a': '', 'b': '1'}, {'a': '2', 'b': ''}, {'b': '3'}], 'a', '0'",
                "[{'a': '0', 'b': '1'}, {'a': '2', 'b': ''}, {'b': '3', 'a': '0'}]",
            ),
            ("[], 'a', '0'", "[]"),
        ),
        defect=Defect(
            "    return [{**row, name: row.get(name) or default} for row in rows]",
            "a cell that holds only spaces, such as '  '",
            "it is left as it is; a cell of only spaces counts as blank",
            (
                ("[{'a': '  ', 'b': 'x'}], 'a', '0'", "[{'a': '0', 'b': 'x'}]"),
                ("[{'a': '\\t'}, {'a': '5'}], 'a', '?'", "[{'a': '?'}, {'a': '5'}]"),
            ),
        ),
    ),
    F(
        "normalise_headers",
        "clean",
        "rows",
        "new rows whose column names are stripped and lower-cased, each run of spaces, dashes "
        "or underscores inside a name becoming one underscore",
        "    import re\n"
        "\n"
        "    def normal(name):\n"
        "        return re.sub(r'[\\s_-]+', '_', name.strip().lower())\n"
        "\n"
        "    return [{normal(key): value for key, value in row.items()} for row in rows]",
        (
            ("[{' Unit Price ': '3', 'City': 'Oslo'}]", "[{'unit_price': '3', 'city': 'Oslo'}]"),
            ("[{'ID': '1'}, {'ID': '2'}]", "[{'id': '1'}, {'id': '2'}]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        {key.strip().lower().replace(' ', '_'): value for key, value in row.items()}\n"
            "        for row in rows\n"
            "    ]",
            "a column name with a dash or with two spaces, such as 'unit-price' or 'Unit  Price'",
            "it comes out as 'unit-price' or 'unit__price' instead of 'unit_price'",
            (
                ("[{'unit-price': '3'}]", "[{'unit_price': '3'}]"),
                ("[{'Unit  Price': '3'}]", "[{'unit_price': '3'}]"),
            ),
        ),
    ),
    F(
        "filter_where",
        "clean",
        "rows, condition",
        "the rows meeting a condition like 's >= 5' (column, operator, number, split on "
        "spaces; operators < <= > >= == !=) compared as numbers, blank cells never matching, "
        "raising ValueError for another operator",
        "    import operator\n"
        "\n"
        "    ops = {\n"
        "        '<': operator.lt, '<=': operator.le, '>': operator.gt,\n"
        "        '>=': operator.ge, '==': operator.eq, '!=': operator.ne,\n"
        "    }\n"
        "    name, op, number = condition.split()\n"
        "    if op not in ops:\n"
        "        raise ValueError(f'unknown operator: {op}')\n"
        "    limit = float(number)\n"
        "    return [\n"
        "        row for row in rows\n"
        "        if (row.get(name) or '').strip() and ops[op](float(row[name]), limit)\n"
        "    ]",
        (
            ("[{'s': '3'}, {'s': '10'}, {'s': '7'}], 's >= 7'", "[{'s': '10'}, {'s': '7'}]"),
            ("[{'s': '3'}, {'s': '3.0'}, {'s': '4'}], 's != 3'", "[{'s': '4'}]"),
            ("[{'s': '-1'}, {'s': '2'}], 's < 0.5'", "[{'s': '-1'}]"),
        ),
        raises=(("[{'s': '3'}], 's ~ 3'", "ValueError"),),
        defect=Defect(
            "    import operator\n"
            "\n"
            "    ops = {\n"
            "        '<': operator.lt, '<=': operator.le, '>': operator.gt,\n"
            "        '>=': operator.ge, '==': operator.eq, '!=': operator.ne,\n"
            "    }\n"
            "    name, op, number = condition.split()\n"
            "    if op not in ops:\n"
            "        raise ValueError(f'unknown operator: {op}')\n"
            "    limit = float(number)\n"
            "    return [row for row in rows if ops[op](float(row[name]), limit)]",
            "a row whose cell in the compared column is blank",
            "it crashes with ValueError; such a row should simply not match",
            (
                ("[{'s': ''}, {'s': '9'}], 's > 5'", "[{'s': '9'}]"),
                ("[{'s': '1'}, {'s': '  '}], 's != 0'", "[{'s': '1'}]"),
            ),
        ),
    ),
    F(
        "coerce_numbers",
        "clean",
        "rows, names",
        "new rows in which the cells of the named columns are floats instead of text, commas "
        "(thousands separators) removed first, and blank cells become None",
        "    converted = []\n"
        "    for row in rows:\n"
        "        new = dict(row)\n"
        "        for name in names:\n"
        "            text = (row.get(name) or '').replace(',', '').strip()\n"
        "            new[name] = float(text) if text else None\n"
        "        converted.append(new)\n"
        "    return converted",
        (
            (
                "[{'a': '1.5', 'b': 'x'}, {'a': ' ', 'b': 'y'}], ['a']",
                "[{'a': 1.5, 'b': 'x'}, {'a': None, 'b': 'y'}]",
            ),
            ("[{'a': '2', 'b': '-3'}], ['a', 'b']", "[{'a': 2.0, 'b': -3.0}]"),
            ("[], ['a']", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        {**row, **{n: float(row[n]) if row[n].strip() else None for n in names}}\n"
            "        for row in rows\n"
            "    ]",
            "a number written with a thousands separator, such as '1,200'",
            "it crashes with ValueError; the commas should be dropped, giving 1200.0",
            (
                ("[{'n': '1,200'}], ['n']", "[{'n': 1200.0}]"),
                ("[{'n': '2,500,000.5'}, {'n': '7'}], ['n']", "[{'n': 2500000.5}, {'n': 7.0}]"),
            ),
        ),
    ),
    F(
        "replace_values",
        "clean",
        "rows, name, mapping",
        "new rows in which each cell of the column that is a key of the mapping is replaced by "
        "its value, other cells unchanged",
        "    replaced = []\n"
        "    for row in rows:\n"
        "        new = dict(row)\n"
        "        if row.get(name) in mapping:\n"
        "            new[name] = mapping[row[name]]\n"
        "        replaced.append(new)\n"
        "    return replaced",
        (
            (
                "[{'c': 'NO', 'n': '1'}, {'c': 'SE', 'n': '2'}], 'c', {'NO': 'Norway'}",
                "[{'c': 'Norway', 'n': '1'}, {'c': 'SE', 'n': '2'}]",
            ),
            ("[], 'c', {'NO': 'Norway'}", "[]"),
        ),
        change=Change(
            "replace_values should match cells ignoring letter case and surrounding spaces "
            "(whatever the case of the mapping's keys)",
            "    lookup = {key.strip().lower(): value for key, value in mapping.items()}\n"
            "    replaced = []\n"
            "    for row in rows:\n"
            "        new = dict(row)\n"
            "        cell = (row.get(name) or '').strip().lower()\n"
            "        if cell in lookup:\n"
            "            new[name] = lookup[cell]\n"
            "        replaced.append(new)\n"
            "    return replaced",
            (
                (
                    "[{'c': ' no '}, {'c': 'SE'}, {'c': 'se'}], 'c', {'NO': 'Norway', 'se': 'Sweden'}",
                    "[{'c': 'Norway'}, {'c': 'Sweden'}, {'c': 'Sweden'}]",
                ),
                ("[{'c': 'DK'}], 'c', {'NO': 'Norway'}", "[{'c': 'DK'}]"),
            ),
        ),
    ),
    F(
        "drop_columns",
        "clean",
        "rows, names",
        "new rows without the named columns (a name a row lacks is ignored), the other columns "
        "kept in their order",
        "    unwanted = set(names)\n"
        "    return [{k: v for k, v in row.items() if k not in unwanted} for row in rows]",
        (
            ("[{'a': '1', 'b': '2', 'c': '3'}], ['b', 'z']", "[{'a': '1', 'c': '3'}]"),
            ("[{'a': '1'}, {'a': '2', 'b': ''}], ['b']", "[{'a': '1'}, {'a': '2'}]"),
            ("[], ['a']", "[]"),
        ),
        change=Change(
            "drop_columns should also drop every column that is blank (empty or only spaces) "
            "in all the rows",
            "    keys = {key for row in rows for key in row}\n"
            "    empty = {\n"
            "        key for key in keys if all(not (row.get(key) or '').strip() for row in rows)\n"
            "    }\n"
            "    unwanted = set(names) | empty\n"
            "    return [{k: v for k, v in row.items() if k not in unwanted} for row in rows]",
            (
                (
                    "[{'a': '1', 'b': '', 'c': '3'}, {'a': '2', 'b': ' ', 'c': '4'}], ['c']",
                    "[{'a': '1'}, {'a': '2'}]",
                ),
                (
                    "[{'a': '', 'b': '1'}, {'a': 'x', 'b': ''}], []",
                    "[{'a': '', 'b': '1'}, {'a': 'x', 'b': ''}]",
                ),
                ("[], ['a']", "[]"),
            ),
        ),
    ),
)

_AGGREGATE: tuple[FunctionTemplate, ...] = (
    F(
        "group_means",
        "aggregate",
        "rows, key, value",
        "the mean of a numeric column for each value of another column, as a dict of floats "
        "rounded to two decimals, blank cells skipped (a key with only blank cells left out)",
        "    groups = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(value) or '').strip()\n"
        "        if cell:\n"
        "            groups.setdefault(row[key], []).append(float(cell))\n"
        "    return {k: round(sum(v) / len(v), 2) for k, v in groups.items()}",
        (
            (
                "[{'c': 'a', 'v': '1'}, {'c': 'a', 'v': '2'}, {'c': 'b', 'v': '10'}], 'c', 'v'",
                "{'a': 1.5, 'b': 10.0}",
            ),
            (
                "[{'c': 'a', 'v': '1'}, {'c': 'a', 'v': '1'}, {'c': 'a', 'v': '2'}], 'c', 'v'",
                "{'a': 1.33}",
            ),
            ("[], 'c', 'v'", "{}"),
        ),
        defect=Defect(
            "    sums, counts = {}, {}\n"
            "    for row in rows:\n"
            "        sums[row[key]] = sums.get(row[key], 0.0) + float(row[value] or 0)\n"
            "        counts[row[key]] = counts.get(row[key], 0) + 1\n"
            "    return {k: round(sums[k] / counts[k], 2) for k in sums}",
            "a blank cell in the value column",
            "it counts as 0 and drags the mean down; blank cells should be skipped",
            (
                ("[{'c': 'a', 'v': '4'}, {'c': 'a', 'v': ''}], 'c', 'v'", "{'a': 4.0}"),
                ("[{'c': 'a', 'v': '4'}, {'c': 'b', 'v': ''}], 'c', 'v'", "{'a': 4.0}"),
            ),
        ),
        change=Change(
            "group_means should return a list of (key, mean) pairs instead of a dict, highest "
            "mean first, keys with equal means in alphabetical order",
            "    groups = {}\n"
            "    for row in rows:\n"
            "        cell = (row.get(value) or '').strip()\n"
            "        if cell:\n"
            "            groups.setdefault(row[key], []).append(float(cell))\n"
            "    means = [(k, round(sum(v) / len(v), 2)) for k, v in groups.items()]\n"
            "    return sorted(means, key=lambda pair: (-pair[1], pair[0]))",
            (
                (
                    "[{'c': 'b', 'v': '2'}, {'c': 'a', 'v': '2'}, {'c': 'z', 'v': '5'}, "
                    "{'c': 'z', 'v': ''}, {'c': 'q', 'v': ''}], 'c', 'v'",
                    "[('z', 5.0), ('a', 2.0), ('b', 2.0)]",
                ),
                ("[], 'c', 'v'", "[]"),
            ),
        ),
    ),
    F(
        "median_by",
        "aggregate",
        "rows, key, value",
        "the median of a numeric column for each value of another column, as a dict (the mean "
        "of the two middle values when a group has an even count), blank cells skipped",
        "    import statistics\n"
        "\n"
        "    groups = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(value) or '').strip()\n"
        "        if cell:\n"
        "            groups.setdefault(row[key], []).append(float(cell))\n"
        "    return {k: statistics.median(v) for k, v in groups.items()}",
        (
            (
                "[{'c': 'a', 'v': '5'}, {'c': 'a', 'v': '1'}, {'c': 'a', 'v': '3'}, "
                "{'c': 'b', 'v': ''}, {'c': 'b', 'v': '8'}], 'c', 'v'",
                "{'a': 3.0, 'b': 8.0}",
            ),
            ("[], 'c', 'v'", "{}"),
        ),
        defect=Defect(
            "    groups = {}\n"
            "    for row in rows:\n"
            "        if row[value].strip():\n"
            "            groups.setdefault(row[key], []).append(float(row[value]))\n"
            "    return {k: sorted(v)[len(v) // 2] for k, v in groups.items()}",
            "a group with an even number of values, such as 2 and 4",
            "it returns 4.0 instead of 3.0, the mean of the two middle values",
            (
                ("[{'c': 'a', 'v': '4'}, {'c': 'a', 'v': '2'}], 'c', 'v'", "{'a': 3.0}"),
                (
                    "[{'c': 'x', 'v': '1'}, {'c': 'x', 'v': '9'}, {'c': 'x', 'v': '3'}, "
                    "{'c': 'x', 'v': '5'}], 'c', 'v'",
                    "{'x': 4.0}",
                ),
            ),
        ),
    ),
    F(
        "top_groups",
        "aggregate",
        "rows, key, value, k",
        "the k values (all, if fewer) of a column with the largest sums of a numeric column, "
        "as (value, sum) pairs, largest sum first, equal sums in alphabetical order, blank "
        "cells counting as 0",
        "    totals = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(value) or '').strip()\n"
        "        totals[row[key]] = totals.get(row[key], 0.0) + (float(cell) if cell else 0.0)\n"
        "    ranked = sorted(totals.items(), key=lambda item: (-item[1], item[0]))\n"
        "    return ranked[:k]",
        (
            (
                "[{'c': 'x', 's': '2'}, {'c': 'y', 's': '9'}, {'c': 'x', 's': '3'}, "
                "{'c': 'z', 's': ''}], 'c', 's', 2",
                "[('y', 9.0), ('x', 5.0)]",
            ),
            ("[{'c': 'x', 's': ''}], 'c', 's', 5", "[('x', 0.0)]"),
            ("[], 'c', 's', 3", "[]"),
        ),
        defect=Defect(
            "    totals = {}\n"
            "    for row in rows:\n"
            "        cell = (row.get(value) or '').strip()\n"
            "        totals[row[key]] = totals.get(row[key], 0.0) + (float(cell) if cell else 0.0)\n"
            "    return sorted(totals.items(), key=lambda item: item[1], reverse=True)[:k]",
            "two values with the same sum, such as 'b' and then 'a' both totalling 5",
            "they come out in the order they first appear; equal sums should be in alphabetical "
            "order",
            (
                (
                    "[{'c': 'b', 's': '5'}, {'c': 'a', 's': '5'}], 'c', 's', 2",
                    "[('a', 5.0), ('b', 5.0)]",
                ),
                (
                    "[{'c': 'q', 's': '1'}, {'c': 'p', 's': '1'}, {'c': 'r', 's': '4'}], 'c', 's', 2",
                    "[('r', 4.0), ('p', 1.0)]",
                ),
            ),
        ),
    ),
)

_STATS: tuple[FunctionTemplate, ...] = (
    F(
        "moving_average",
        "stats",
        "values, window",
        "the mean of each run of `window` consecutive numbers, in order, rounded to two "
        "decimals ([] when there are fewer numbers than the window), raising ValueError when "
        "the window is below 1",
        "    if window < 1:\n"
        "        raise ValueError('window must be at least 1')\n"
        "    means = []\n"
        "    for start in range(len(values) - window + 1):\n"
        "        chunk = values[start:start + window]\n"
        "        means.append(round(sum(chunk) / window, 2))\n"
        "    return means",
        (
            ("[1, 2, 3, 4, 6], 2", "[1.5, 2.5, 3.5, 5.0]"),
            ("[1, 1, 2, 5], 3", "[1.33, 2.67]"),
            ("[1, 2], 3", "[]"),
        ),
        raises=(("[1, 2], 0", "ValueError"),),
        defect=Defect(
            "    if window < 1:\n"
            "        raise ValueError('window must be at least 1')\n"
            "    return [\n"
            "        round(sum(values[i:i + window]) / window, 2)\n"
            "        for i in range(len(values) - window)\n"
            "    ]",
            "a list exactly as long as the window, such as [2, 4] with a window of 2",
            "it returns [] instead of [3.0]: the last full window is always missing",
            (
                ("[2, 4], 2", "[3.0]"),
                ("[1, 2, 3], 2", "[1.5, 2.5]"),
            ),
        ),
        change=Change(
            "moving_average should also give a value for the first positions, before the window "
            "fills, the mean of the numbers so far, so the result is as long as the input",
            "    if window < 1:\n"
            "        raise ValueError('window must be at least 1')\n"
            "    means = []\n"
            "    for end in range(1, len(values) + 1):\n"
            "        chunk = values[max(0, end - window):end]\n"
            "        means.append(round(sum(chunk) / len(chunk), 2))\n"
            "    return means",
            (
                ("[1, 2, 3, 4], 2", "[1.0, 1.5, 2.5, 3.5]"),
                ("[3, 1, 2], 5", "[3.0, 2.0, 2.0]"),
                ("[], 3", "[]"),
            ),
            raises=(("[1], 0", "ValueError"),),
        ),
    ),
    F(
        "percentile",
        "stats",
        "values, p",
        "the p-th percentile of the numbers: the value at position p / 100 * (count - 1) in "
        "the sorted numbers, interpolated linearly and rounded to two decimals, raising "
        "ValueError for an empty list",
        "    if not values:\n"
        "        raise ValueError('no values')\n"
        "    ordered = sorted(values)\n"
        "    position = (len(ordered) - 1) * p / 100\n"
        "    low = int(position)\n"
        "    high = min(low + 1, len(ordered) - 1)\n"
        "    fraction = position - low\n"
        "    return round(ordered[low] + (ordered[high] - ordered[low]) * fraction, 2)",
        (
            ("[1, 2, 3, 4], 50", "2.5"),
            ("[10, 20, 30], 100", "30"),
            ("[1, 2, 3, 4, 5], 10", "1.4"),
            ("[5], 90", "5"),
        ),
        raises=(("[], 50", "ValueError"),),
        defect=Defect(
            "    if not values:\n"
            "        raise ValueError('no values')\n"
            "    position = (len(values) - 1) * p / 100\n"
            "    low = int(position)\n"
            "    high = min(low + 1, len(values) - 1)\n"
            "    fraction = position - low\n"
            "    return round(values[low] + (values[high] - values[low]) * fraction, 2)",
            "numbers that are not sorted, such as [3, 1, 2]",
            "it reads them in the given order; the percentile must come from the sorted numbers",
            (
                ("[3, 1, 2], 50", "2"),
                ("[40, 10, 30, 20], 0", "10"),
            ),
        ),
    ),
    F(
        "rank_values",
        "stats",
        "values",
        "the rank of each number, in the list's order, 1 for the largest; equal numbers share "
        "the best rank of their group and the next rank skips ahead, like [1, 2, 2, 4]",
        "    ordered = sorted(values, reverse=True)\n"
        "    first = {}\n"
        "    for position, value in enumerate(ordered, 1):\n"
        "        first.setdefault(value, position)\n"
        "    return [first[value] for value in values]",
        (
            ("[10, 30, 20]", "[3, 1, 2]"),
            ("[1.5, 9, 4]", "[3, 1, 2]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)\n"
            "    ranks = [0] * len(values)\n"
            "    for position, i in enumerate(order, 1):\n"
            "        ranks[i] = position\n"
            "    return ranks",
            "two equal numbers, such as [5, 9, 5]",
            "they get different ranks; equal numbers should share one",
            (
                ("[5, 9, 5]", "[2, 1, 2]"),
                ("[7, 7]", "[1, 1]"),
                ("[5, 9, 5, 1]", "[2, 1, 2, 4]"),
            ),
        ),
    ),
    F(
        "pct_change",
        "stats",
        "values",
        "the percent change from each number to the next, a list one shorter than the input, "
        "rounded to one decimal, with None where the earlier number is 0",
        "    changes = []\n"
        "    for before, after in zip(values, values[1:]):\n"
        "        if before == 0:\n"
        "            changes.append(None)\n"
        "        else:\n"
        "            changes.append(round((after - before) / before * 100, 1))\n"
        "    return changes",
        (
            ("[100, 110, 99]", "[10.0, -10.0]"),
            ("[0, 5, 10]", "[None, 100.0]"),
            ("[3, 4]", "[33.3]"),
            ("[7]", "[]"),
        ),
        change=Change(
            "pct_change should measure every number against the first one instead of the one "
            "before it, so the list is as long as the input and starts with 0.0 (all None when "
            "the first number is 0)",
            "    if not values:\n"
            "        return []\n"
            "    base = values[0]\n"
            "    if base == 0:\n"
            "        return [None] * len(values)\n"
            "    return [round((value - base) / base * 100, 1) for value in values]",
            (
                ("[100, 110, 90]", "[0.0, 10.0, -10.0]"),
                ("[0, 3]", "[None, None]"),
                ("[]", "[]"),
            ),
        ),
    ),
)

_DATES: tuple[FunctionTemplate, ...] = (
    F(
        "iso_date",
        "dates",
        "text",
        "the date in text written as YYYY-MM-DD, DD/MM/YYYY or DD.MM.YYYY, surrounding spaces "
        "ignored, as ISO text YYYY-MM-DD, raising ValueError for any other text or an "
        "impossible date",
        "    from datetime import datetime\n"
        "\n"
        "    cleaned = text.strip()\n"
        "    for pattern in ('%Y-%m-%d', '%d/%m/%Y', '%d.%m.%Y'):\n"
        "        try:\n"
        "            return datetime.strptime(cleaned, pattern).date().isoformat()\n"
        "        except ValueError:\n"
        "            continue\n"
        "    raise ValueError(f'not a date: {text!r}')",
        (
            ("'2024-03-05'", "'2024-03-05'"),
            ("'05/03/2024'", "'2024-03-05'"),
            ("'31.12.2023'", "'2023-12-31'"),
        ),
        raises=(("'2024-02-30'", "ValueError"), ("'March 5'", "ValueError")),
        defect=Defect(
            "    from datetime import datetime\n"
            "\n"
            "    for pattern in ('%Y-%m-%d', '%d/%m/%Y', '%d.%m.%Y'):\n"
            "        try:\n"
            "            return datetime.strptime(text, pattern).date().isoformat()\n"
            "        except ValueError:\n"
            "            continue\n"
            "    raise ValueError(f'not a date: {text!r}')",
            "spaces around the date, such as ' 05/03/2024 '",
            "it raises ValueError; surrounding spaces should be ignored",
            (
                ("' 05/03/2024 '", "'2024-03-05'"),
                ("'2024-03-05\\n'", "'2024-03-05'"),
            ),
        ),
    ),
    F(
        "days_between",
        "dates",
        "start, end",
        "the number of days from the ISO date start (YYYY-MM-DD) to the ISO date end, "
        "negative when end comes before start",
        "    from datetime import date\n"
        "\n"
        "    first = date.fromisoformat(start.strip())\n"
        "    last = date.fromisoformat(end.strip())\n"
        "    return (last - first).days",
        (
            ("'2024-02-27', '2024-03-01'", "3"),
            ("'2024-01-10', '2024-01-01'", "-9"),
            ("'2023-05-05', '2023-05-05'", "0"),
        ),
        change=Change(
            "days_between should count both the start day and the end day, so the same day "
            "gives 1, and never be negative (the same count whichever date comes first)",
            "    from datetime import date\n"
            "\n"
            "    first = date.fromisoformat(start.strip())\n"
            "    last = date.fromisoformat(end.strip())\n"
            "    return abs((last - first).days) + 1",
            (
                ("'2024-02-27', '2024-03-01'", "4"),
                ("'2024-01-10', '2024-01-01'", "10"),
                ("'2023-05-05', '2023-05-05'", "1"),
            ),
        ),
    ),
    F(
        "weekday_counts",
        "dates",
        "dates",
        "how many of the ISO dates fall on each weekday, as a dict with all seven keys 'Mon' "
        "to 'Sun', a weekday without any date counting 0",
        "    from datetime import date\n"
        "\n"
        "    names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n"
        "    counts = dict.fromkeys(names, 0)\n"
        "    for text in dates:\n"
        "        counts[names[date.fromisoformat(text).weekday()]] += 1\n"
        "    return counts",
        (
            (
                "['2024-03-04', '2024-03-05', '2024-03-11', '2024-03-10', '2024-03-06', "
                "'2024-03-07', '2024-03-08', '2024-03-09']",
                "{'Mon': 2, 'Tue': 1, 'Wed': 1, 'Thu': 1, 'Fri': 1, 'Sat': 1, 'Sun': 1}",
            ),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n"
            "    counts = {}\n"
            "    for text in dates:\n"
            "        name = names[date.fromisoformat(text).weekday()]\n"
            "        counts[name] = counts.get(name, 0) + 1\n"
            "    return counts",
            "dates that leave some weekdays out, or no dates at all",
            "those weekdays are missing from the dict; all seven should be there, with 0",
            (
                (
                    "['2024-03-04', '2024-03-11', '2024-03-05']",
                    "{'Mon': 2, 'Tue': 1, 'Wed': 0, 'Thu': 0, 'Fri': 0, 'Sat': 0, 'Sun': 0}",
                ),
                ("[]", _WEEK_ZERO),
            ),
        ),
    ),
    F(
        "missing_dates",
        "dates",
        "dates",
        "the ISO dates between the earliest and the latest of the given ISO dates (which may "
        "come in any order) that are not among them, in ascending order ([] for no dates)",
        "    from datetime import date, timedelta\n"
        "\n"
        "    if not dates:\n"
        "        return []\n"
        "    present = {date.fromisoformat(text) for text in dates}\n"
        "    day, last = min(present), max(present)\n"
        "    gaps = []\n"
        "    while day < last:\n"
        "        day += timedelta(days=1)\n"
        "        if day not in present:\n"
        "            gaps.append(day.isoformat())\n"
        "    return gaps",
        (
            ("['2024-01-01', '2024-01-02', '2024-01-05']", "['2024-01-03', '2024-01-04']"),
            ("['2024-02-28', '2024-03-01']", "['2024-02-29']"),
            ("['2024-06-01']", "[]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    from datetime import date, timedelta\n"
            "\n"
            "    if not dates:\n"
            "        return []\n"
            "    day, last = date.fromisoformat(dates[0]), date.fromisoformat(dates[-1])\n"
            "    gaps = []\n"
            "    while day < last:\n"
            "        day += timedelta(days=1)\n"
            "        if day.isoformat() not in dates:\n"
            "            gaps.append(day.isoformat())\n"
            "    return gaps",
            "dates that are not in order, such as ['2024-01-05', '2024-01-01', '2024-01-03']",
            "it finds no gaps; the range runs from the earliest to the latest date, whatever "
            "the order",
            (
                (
                    "['2024-01-05', '2024-01-01', '2024-01-03']",
                    "['2024-01-02', '2024-01-04']",
                ),
                ("['2024-03-02', '2024-03-04', '2024-03-01']", "['2024-03-03']"),
            ),
        ),
    ),
    F(
        "quarter_of",
        "dates",
        "text",
        "the calendar quarter of an ISO date (YYYY-MM-DD) as text like '2024-Q1', January to "
        "March being Q1",
        "    from datetime import date\n"
        "\n"
        "    day = date.fromisoformat(text.strip())\n"
        "    return f'{day.year}-Q{(day.month - 1) // 3 + 1}'",
        (
            ("'2024-02-29'", "'2024-Q1'"),
            ("'2024-07-01'", "'2024-Q3'"),
            ("'2023-12-31'", "'2023-Q4'"),
        ),
        change=Change(
            "quarter_of should use our fiscal year, which starts in April and is named after "
            "the year it starts in: April to June 2024 is '2024-Q1', January to March 2025 is "
            "'2024-Q4'",
            "    from datetime import date\n"
            "\n"
            "    day = date.fromisoformat(text.strip())\n"
            "    year = day.year if day.month >= 4 else day.year - 1\n"
            "    return f'{year}-Q{(day.month - 4) % 12 // 3 + 1}'",
            (
                ("'2024-04-01'", "'2024-Q1'"),
                ("'2024-12-15'", "'2024-Q3'"),
                ("'2025-03-31'", "'2024-Q4'"),
            ),
        ),
    ),
)

_VALIDATE: tuple[FunctionTemplate, ...] = (
    F(
        "missing_columns",
        "validate",
        "rows, required",
        "the required column names missing from the header (the first row's keys), in the "
        "order given; all of them when there are no rows",
        "    header = set(rows[0]) if rows else set()\n"
        "    return [name for name in required if name not in header]",
        (
            ("[{'a': '1', 'b': '2'}], ['b', 'z', 'a', 'y']", "['z', 'y']"),
            ("[{'a': '1'}], ['a']", "[]"),
        ),
        defect=Defect(
            "    return [name for name in required if name not in rows[0]]",
            "no rows at all, as from a file with only a header line",
            "it crashes with IndexError; every required column should be reported missing",
            (("[], ['a', 'b']", "['a', 'b']"),),
        ),
    ),
    F(
        "invalid_numbers",
        "validate",
        "rows, name",
        "the positions (counting from 1) of the rows whose cell in a column is neither blank "
        "nor a number, any text float() accepts, such as '-2.5', being a number",
        "    bad = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if not cell:\n"
        "            continue\n"
        "        try:\n"
        "            float(cell)\n"
        "        except ValueError:\n"
        "            bad.append(position)\n"
        "    return bad",
        (
            ("[{'n': '3'}, {'n': 'x'}, {'n': ''}, {'n': '4o'}], 'n'", "[2, 4]"),
            ("[], 'n'", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        position for position, row in enumerate(rows, 1)\n"
            "        if row[name].strip() and not row[name].strip().isdigit()\n"
            "    ]",
            "a decimal or negative number, such as '2.5' or '-3'",
            "it is reported as invalid; any number float() accepts is valid",
            (
                ("[{'n': '2.5'}, {'n': '-3'}, {'n': 'abc'}], 'n'", "[3]"),
                ("[{'n': '1e3'}], 'n'", "[]"),
            ),
        ),
    ),
    F(
        "row_problems",
        "validate",
        "rows, names",
        "messages like 'row 2: sales is blank' for each row (counting from 1) and named column "
        "whose cell is missing, empty or only spaces, row by row, columns in the order given",
        "    problems = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        for name in names:\n"
        "            if not (row.get(name) or '').strip():\n"
        "                problems.append(f'row {position}: {name} is blank')\n"
        "    return problems",
        (
            (
                "[{'a': '1', 'b': ''}, {'b': '2'}, {'a': '3', 'b': '4'}], ['b', 'a']",
                "['row 1: b is blank', 'row 2: a is blank']",
            ),
            ("[{'a': '', 'b': ''}], ['b', 'a']", "['row 1: b is blank', 'row 1: a is blank']"),
            ("[], ['a']", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        f'row {position}: {name} is blank'\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        for name in names\n"
            "        if not row.get(name)\n"
            "    ]",
            "a cell that holds only spaces",
            "it is not reported; a cell of only spaces is blank too",
            (
                ("[{'a': '  '}], ['a']", "['row 1: a is blank']"),
                ("[{'a': '1'}, {'a': '\\t'}], ['a']", "['row 2: a is blank']"),
            ),
        ),
    ),
    F(
        "column_types",
        "validate",
        "rows",
        "a dict mapping each of the first row's columns to 'int', 'float' or 'text', the "
        "narrowest type every non-blank cell of the column fits ('text' when all are blank; "
        "{} for no rows)",
        "    def fits(kind, cell):\n"
        "        try:\n"
        "            kind(cell)\n"
        "        except ValueError:\n"
        "            return False\n"
        "        return True\n"
        "\n"
        "    types = {}\n"
        "    for name in rows[0] if rows else []:\n"
        "        cells = [(row.get(name) or '').strip() for row in rows]\n"
        "        cells = [cell for cell in cells if cell]\n"
        "        if cells and all(fits(int, cell) for cell in cells):\n"
        "            types[name] = 'int'\n"
        "        elif cells and all(fits(float, cell) for cell in cells):\n"
        "            types[name] = 'float'\n"
        "        else:\n"
        "            types[name] = 'text'\n"
        "    return types",
        (
            (
                "[{'a': '1', 'b': '2.5', 'c': 'x'}, {'a': '', 'b': '3', 'c': 'y'}]",
                "{'a': 'int', 'b': 'float', 'c': 'text'}",
            ),
            ("[{'e': '', 'n': '-4'}, {'e': ' ', 'n': '7'}]", "{'e': 'text', 'n': 'int'}"),
            ("[]", "{}"),
        ),
        defect=Defect(
            "    types = {}\n"
            "    for name, cell in (rows[0] if rows else {}).items():\n"
            "        try:\n"
            "            int(cell)\n"
            "            types[name] = 'int'\n"
            "        except ValueError:\n"
            "            try:\n"
            "                float(cell)\n"
            "                types[name] = 'float'\n"
            "            except ValueError:\n"
            "                types[name] = 'text'\n"
            "    return types",
            "a column whose first cell is a whole number but a later one is a decimal, "
            "such as '1' and then '2.5'",
            "it says 'int'; every non-blank cell of the column must fit the type, not just the "
            "first",
            (
                ("[{'n': '1'}, {'n': '2.5'}]", "{'n': 'float'}"),
                ("[{'n': '1'}, {'n': 'abc'}]", "{'n': 'text'}"),
            ),
        ),
    ),
)

_RESHAPE: tuple[FunctionTemplate, ...] = (
    F(
        "split_column",
        "reshape",
        "rows, name, into, sep",
        "new rows in which the column is replaced by the two columns named in `into`, the "
        "cell split at the first sep (a cell without sep giving the whole cell and '')",
        "    first, second = into\n"
        "    result = []\n"
        "    for row in rows:\n"
        "        new = {key: value for key, value in row.items() if key != name}\n"
        "        head, _, tail = (row.get(name) or '').partition(sep)\n"
        "        new[first] = head\n"
        "        new[second] = tail\n"
        "        result.append(new)\n"
        "    return result",
        (
            (
                "[{'id': '1', 'name': 'Ada Lovelace'}], 'name', ('first', 'last'), ' '",
                "[{'id': '1', 'first': 'Ada', 'last': 'Lovelace'}]",
            ),
            ("[{'n': 'Cher'}], 'n', ('a', 'b'), ' '", "[{'a': 'Cher', 'b': ''}]"),
            ("[], 'n', ('a', 'b'), ' '", "[]"),
        ),
        defect=Defect(
            "    first, second = into\n"
            "    result = []\n"
            "    for row in rows:\n"
            "        new = {key: value for key, value in row.items() if key != name}\n"
            "        parts = row[name].split(sep)\n"
            "        new[first], new[second] = parts[0], parts[-1] if len(parts) > 1 else ''\n"
            "        result.append(new)\n"
            "    return result",
            "a cell containing the separator more than once, such as 'Mary Ann Smith' split at ' '",
            "the middle part is lost; only the first separator should split, giving 'Mary' and "
            "'Ann Smith'",
            (
                (
                    "[{'n': 'Mary Ann Smith'}], 'n', ('first', 'rest'), ' '",
                    "[{'first': 'Mary', 'rest': 'Ann Smith'}]",
                ),
                (
                    "[{'d': '2024-03-05'}], 'd', ('year', 'rest'), '-'",
                    "[{'year': '2024', 'rest': '03-05'}]",
                ),
            ),
        ),
    ),
    F(
        "melt_rows",
        "reshape",
        "rows, id_column, var_name, value_name",
        "long rows made from wide ones: for each row, and each of its columns other than "
        "id_column in order, a dict {id_column: the id, var_name: the column, value_name: the cell}",
        "    long_rows = []\n"
        "    for row in rows:\n"
        "        for column, cell in row.items():\n"
        "            if column != id_column:\n"
        "                long_rows.append(\n"
        "                    {id_column: row[id_column], var_name: column, value_name: cell}\n"
        "                )\n"
        "    return long_rows",
        (
            (
                "[{'city': 'Oslo', 'jan': '3', 'feb': ''}, {'city': 'Rome', 'jan': '5', "
                "'feb': '6'}], 'city', 'month', 'sales'",
                "[{'city': 'Oslo', 'month': 'jan', 'sales': '3'}, "
                "{'city': 'Oslo', 'month': 'feb', 'sales': ''}, "
                "{'city': 'Rome', 'month': 'jan', 'sales': '5'}, "
                "{'city': 'Rome', 'month': 'feb', 'sales': '6'}]",
            ),
            ("[], 'id', 'k', 'v'", "[]"),
        ),
        change=Change(
            "melt_rows should leave out blank cells (empty or only spaces) instead of making "
            "rows for them",
            "    long_rows = []\n"
            "    for row in rows:\n"
            "        for column, cell in row.items():\n"
            "            if column != id_column and (cell or '').strip():\n"
            "                long_rows.append(\n"
            "                    {id_column: row[id_column], var_name: column, value_name: cell}\n"
            "                )\n"
            "    return long_rows",
            (
                (
                    "[{'city': 'Oslo', 'jan': '', 'feb': '4'}, {'city': 'Rome', 'jan': ' ', "
                    "'feb': '1'}], 'city', 'month', 'sales'",
                    "[{'city': 'Oslo', 'month': 'feb', 'sales': '4'}, "
                    "{'city': 'Rome', 'month': 'feb', 'sales': '1'}]",
                ),
                ("[], 'id', 'k', 'v'", "[]"),
            ),
        ),
    ),
    F(
        "index_by",
        "reshape",
        "rows, key",
        "a dict from each value of the key column to its row, raising ValueError when two rows "
        "share a value",
        "    index = {}\n"
        "    for row in rows:\n"
        "        value = row[key]\n"
        "        if value in index:\n"
        "            raise ValueError(f'duplicate {key}: {value!r}')\n"
        "        index[value] = row\n"
        "    return index",
        (
            (
                "[{'id': '1', 'n': 'a'}, {'id': '2', 'n': 'b'}], 'id'",
                "{'1': {'id': '1', 'n': 'a'}, '2': {'id': '2', 'n': 'b'}}",
            ),
            ("[], 'id'", "{}"),
        ),
        raises=(("[{'id': '1'}, {'id': '2'}, {'id': '1'}], 'id'", "ValueError"),),
        change=Change(
            "index_by should no longer raise on a repeated value: map each value to the list of "
            "its rows, in row order",
            "    index = {}\n"
            "    for row in rows:\n"
            "        index.setdefault(row[key], []).append(row)\n"
            "    return index",
            (
                (
                    "[{'id': '1', 'n': 'a'}, {'id': '2', 'n': 'b'}, {'id': '1', 'n': 'c'}], 'id'",
                    "{'1': [{'id': '1', 'n': 'a'}, {'id': '1', 'n': 'c'}], "
                    "'2': [{'id': '2', 'n': 'b'}]}",
                ),
                ("[], 'id'", "{}"),
            ),
        ),
    ),
    F(
        "chunk_rows",
        "reshape",
        "rows, size",
        "the rows in consecutive lists of `size` rows, in order, the last list holding whatever "
        "is left, raising ValueError when size is below 1",
        "    if size < 1:\n"
        "        raise ValueError('size must be at least 1')\n"
        "    return [rows[start:start + size] for start in range(0, len(rows), size)]",
        (
            (
                "[{'a': '1'}, {'a': '2'}, {'a': '3'}, {'a': '4'}], 2",
                "[[{'a': '1'}, {'a': '2'}], [{'a': '3'}, {'a': '4'}]]",
            ),
            ("[], 3", "[]"),
        ),
        raises=(("[{'a': '1'}], 0", "ValueError"),),
        defect=Defect(
            "    if size < 1:\n"
            "        raise ValueError('size must be at least 1')\n"
            "    return [rows[i * size:(i + 1) * size] for i in range(len(rows) // size)]",
            "a row count that is not a multiple of the size, such as 3 rows in lists of 2",
            "the leftover rows are lost; the last list should hold them",
            (
                (
                    "[{'a': '1'}, {'a': '2'}, {'a': '3'}], 2",
                    "[[{'a': '1'}, {'a': '2'}], [{'a': '3'}]]",
                ),
                ("[{'a': '1'}], 5", "[[{'a': '1'}]]"),
            ),
        ),
    ),
)

_REPORT: tuple[FunctionTemplate, ...] = (
    F(
        "text_table",
        "report",
        "rows",
        "the rows as a text table: the first row's keys as header, columns left-aligned to "
        "their widest entry and two spaces apart, trailing spaces stripped, lines joined by "
        "newlines ('' for no rows)",
        "    if not rows:\n"
        "        return ''\n"
        "    keys = list(rows[0])\n"
        "    table = [keys] + [[str(row.get(key, '')) for key in keys] for row in rows]\n"
        "    widths = [max(len(line[i]) for line in table) for i in range(len(keys))]\n"
        "    lines = [\n"
        "        '  '.join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip()\n"
        "        for line in table\n"
        "    ]\n"
        "    return '\\n'.join(lines)",
        (
            (
                "[{'city': 'Oslo', 'n': '7'}, {'city': 'Lima', 'n': '12'}]",
                "'city  n\\nOslo  7\\nLima  12'",
            ),
            ("[]", "''"),
        ),
        defect=Defect(
            "    if not rows:\n"
            "        return ''\n"
            "    keys = list(rows[0])\n"
            "    table = [keys] + [[str(row.get(key, '')) for key in keys] for row in rows]\n"
            "    widths = [len(key) for key in keys]\n"
            "    lines = [\n"
            "        '  '.join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip()\n"
            "        for line in table\n"
            "    ]\n"
            "    return '\\n'.join(lines)",
            "a cell wider than its column's header, such as the city 'Reykjavik' under 'city'",
            "the columns no longer line up; each column must be as wide as its widest entry",
            (
                (
                    "[{'city': 'Reykjavik', 'n': '1'}, {'city': 'Oslo', 'n': '2'}]",
                    "'city       n\\nReykjavik  1\\nOslo       2'",
                ),
            ),
        ),
    ),
    F(
        "bar_chart",
        "report",
        "counts",
        "a text bar chart of a dict of counts, one line per key in the dict's order: the key "
        "padded to the longest key, ' | ', then one '#' per unit ('' for an empty dict)",
        "    if not counts:\n"
        "        return ''\n"
        "    width = max(len(str(key)) for key in counts)\n"
        "    lines = [str(key).ljust(width) + ' | ' + '#' * count for key, count in counts.items()]\n"
        "    return '\\n'.join(lines)",
        (
            ("{'ab': 2, 'c': 3}", "'ab | ##\\nc  | ###'"),
            ("{'x': 1}", "'x | #'"),
            ("{}", "''"),
        ),
        change=Change(
            "bar_chart should list the keys with the largest counts first (equal counts keeping "
            "the dict's order)",
            "    if not counts:\n"
            "        return ''\n"
            "    width = max(len(str(key)) for key in counts)\n"
            "    ordered = sorted(counts.items(), key=lambda item: -item[1])\n"
            "    lines = [str(key).ljust(width) + ' | ' + '#' * count for key, count in ordered]\n"
            "    return '\\n'.join(lines)",
            (
                ("{'c': 1, 'ab': 3, 'd': 1}", "'ab | ###\\nc  | #\\nd  | #'"),
                ("{}", "''"),
            ),
        ),
    ),
    F(
        "column_stats_line",
        "report",
        "rows, name",
        "the text 'count=N min=A max=B mean=C' for a numeric column, numbers with two decimals, "
        "blank cells skipped, and just 'count=0' when no cell has a value",
        "    cells = [(row.get(name) or '').strip() for row in rows]\n"
        "    numbers = [float(cell) for cell in cells if cell]\n"
        "    if not numbers:\n"
        "        return 'count=0'\n"
        "    mean = sum(numbers) / len(numbers)\n"
        "    return (\n"
        "        f'count={len(numbers)} min={min(numbers):.2f} '\n"
        "        f'max={max(numbers):.2f} mean={mean:.2f}'\n"
        "    )",
        (
            (
                "[{'v': '3'}, {'v': ''}, {'v': '1.5'}, {'v': '10'}], 'v'",
                "'count=3 min=1.50 max=10.00 mean=4.83'",
            ),
            ("[{'v': '-2'}], 'v'", "'count=1 min=-2.00 max=-2.00 mean=-2.00'"),
            ("[], 'v'", "'count=0'"),
        ),
        defect=Defect(
            "    numbers = [float(row[name]) for row in rows if row[name].strip()]\n"
            "    mean = sum(numbers) / max(len(numbers), 1)\n"
            "    return (\n"
            "        f'count={len(numbers)} min={min(numbers):.2f} '\n"
            "        f'max={max(numbers):.2f} mean={mean:.2f}'\n"
            "    )",
            "a column whose cells are all blank (or no rows at all)",
            "it crashes with ValueError; it should return 'count=0'",
            (("[{'v': ''}, {'v': ' '}], 'v'", "'count=0'"),),
        ),
    ),
    F(
        "html_table",
        "report",
        "rows",
        "the rows as one line of HTML, <table>, a <tr> of <th> for the first row's keys, a "
        "<tr> of <td> per row, </table>, with &, < and > escaped everywhere (<table></table> "
        "for no rows)",
        "    from html import escape\n"
        "\n"
        "    if not rows:\n"
        "        return '<table></table>'\n"
        "    keys = list(rows[0])\n"
        "    cells = ''.join(f'<th>{escape(str(key), quote=False)}</th>' for key in keys)\n"
        "    lines = ['<tr>' + cells + '</tr>']\n"
        "    for row in rows:\n"
        "        cells = ''.join(f'<td>{escape(str(row[key]), quote=False)}</td>' for key in keys)\n"
        "        lines.append('<tr>' + cells + '</tr>')\n"
        "    return '<table>' + ''.join(lines) + '</table>'",
        (
            (
                "[{'a': '1', 'b': 'x'}, {'a': '2', 'b': 'y'}]",
                "'<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>x</td></tr>"
                "<tr><td>2</td><td>y</td></tr></table>'",
            ),
            ("[]", "'<table></table>'"),
        ),
        defect=Defect(
            "    if not rows:\n"
            "        return '<table></table>'\n"
            "    keys = list(rows[0])\n"
            "    head = '<tr>' + ''.join(f'<th>{key}</th>' for key in keys) + '</tr>'\n"
            "    body = ''.join(\n"
            "        '<tr>' + ''.join(f'<td>{row[key]}</td>' for key in keys) + '</tr>' for row in rows\n"
            "    )\n"
            "    return '<table>' + head + body + '</table>'",
            "a cell containing '&' or '<', such as 'R&D <EU>'",
            "the characters are written raw and break the HTML; they must come out as &amp;, "
            "&lt; and &gt;",
            (
                (
                    "[{'dept': 'R&D <EU>'}]",
                    "'<table><tr><th>dept</th></tr><tr><td>R&amp;D &lt;EU&gt;</td></tr></table>'",
                ),
                (
                    "[{'a<b': 'yes'}]",
                    "'<table><tr><th>a&lt;b</th></tr><tr><td>yes</td></tr></table>'",
                ),
            ),
        ),
    ),
    F(
        "humanize_number",
        "report",
        "value",
        "the number as text with a comma between thousands and exactly two decimals, a minus "
        "sign in front when it is negative, like '-1,234.50'",
        "    return f'{value:,.2f}'",
        (
            ("1234.5", "'1,234.50'"),
            ("-1234567", "'-1,234,567.00'"),
            ("0", "'0.00'"),
            ("999.999", "'1,000.00'"),
        ),
        change=Change(
            "humanize_number should abbreviate: from a million on, millions with one decimal "
            "and 'M' (like '3.5M'); from a thousand on, thousands with one decimal and 'k' "
            "(like '1.2k'); below that, the number rounded to a whole, like '12'; negatives by "
            "their size, like '-2.5k'",
            "    size = abs(value)\n"
            "    if size >= 1_000_000:\n"
            "        return f'{value / 1_000_000:.1f}M'\n"
            "    if size >= 1_000:\n"
            "        return f'{value / 1_000:.1f}k'\n"
            "    return f'{value:.0f}'",
            (
                ("1234", "'1.2k'"),
                ("3460000", "'3.5M'"),
                ("12.4", "'12'"),
                ("-2500", "'-2.5k'"),
            ),
        ),
    ),
)

MORE_TEMPLATES: tuple[FunctionTemplate, ...] = (
    *_LOAD,
    *_CLEAN,
    *_AGGREGATE,
    *_STATS,
    *_DATES,
    *_VALIDATE,
    *_RESHAPE,
    *_REPORT,
)
