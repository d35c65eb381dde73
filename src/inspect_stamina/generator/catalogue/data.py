"""More functions of the data domain, asked for from generator version 3 on.

MORE_TEMPLATES ends with those of `data_wrangling.py` (tidying, groups, series, calendar,
checks, records and formatting), kept in their own module to keep this one readable.
"""

from __future__ import annotations

from inspect_stamina.generator.catalogue import data_wrangling
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

_CELLS: tuple[FunctionTemplate, ...] = (
    F(
        "parse_money",
        "cells",
        "text",
        "the amount in a money cell such as '$1,234.50' or '-€3' as a float, dropping $, €, £, "
        "commas and spaces, parentheses also meaning negative; None for a blank cell, "
        "ValueError for other text",
        "    cleaned = text.strip()\n"
        "    for mark in '$€£, ':\n"
        "        cleaned = cleaned.replace(mark, '')\n"
        "    if not cleaned:\n"
        "        return None\n"
        "    negative = cleaned.startswith('(') and cleaned.endswith(')')\n"
        "    if negative:\n"
        "        cleaned = cleaned[1:-1]\n"
        "    amount = float(cleaned)\n"
        "    return -amount if negative else amount",
        (
            ("'$1,234.50'", "1234.5"),
            ("'-€3'", "-3.0"),
            ("' £ 12 '", "12.0"),
            ("'  '", "None"),
        ),
        raises=(("'twelve'", "ValueError"),),
        defect=Defect(
            "    cleaned = text.strip()\n"
            "    for mark in '$€£, ':\n"
            "        cleaned = cleaned.replace(mark, '')\n"
            "    return float(cleaned) if cleaned else None",
            "an amount in parentheses, as accountants write a negative one, such as '(12.50)'",
            "it crashes with ValueError; it should give -12.5",
            (
                ("'(12.50)'", "-12.5"),
                ("'($1,000)'", "-1000.0"),
            ),
        ),
    ),
    F(
        "parse_percent",
        "cells",
        "text",
        "the fraction a percent cell such as '12.5%' stands for (0.125), rounded to four "
        "decimals, a cell without '%' read as a percent too, spaces ignored, None for a blank cell",
        "    cleaned = text.strip().removesuffix('%').strip()\n"
        "    if not cleaned:\n"
        "        return None\n"
        "    return round(float(cleaned) / 100, 4)",
        (
            ("'12.5%'", "0.125"),
            ("'7'", "0.07"),
            ("' -3 % '", "-0.03"),
            ("''", "None"),
        ),
        defect=Defect(
            "    cleaned = text.strip().removesuffix('%').strip()\n"
            "    return float(cleaned) / 100 if cleaned else None",
            "a percent with a decimal, such as '57.1%'",
            "it gives 0.5710000000000001 instead of 0.571; the fraction must be rounded to four "
            "decimals",
            (
                ("'57.1%'", "0.571"),
                ("'16.7%'", "0.167"),
                ("'0.7'", "0.007"),
            ),
        ),
    ),
    F(
        "parse_bool",
        "cells",
        "text",
        "True for a cell meaning yes ('yes', 'y', 'true', 't', '1'), False for one meaning no "
        "('no', 'n', 'false', 'f', '0'), in any letter case and with spaces around, None for a "
        "blank cell, ValueError for anything else",
        "    cleaned = text.strip().lower()\n"
        "    if not cleaned:\n"
        "        return None\n"
        "    if cleaned in ('yes', 'y', 'true', 't', '1'):\n"
        "        return True\n"
        "    if cleaned in ('no', 'n', 'false', 'f', '0'):\n"
        "        return False\n"
        "    raise ValueError(f'not a yes or no: {text!r}')",
        (
            ("'yes'", "True"),
            ("' 0 '", "False"),
            ("'n'", "False"),
            ("'t'", "True"),
            ("''", "None"),
        ),
        raises=(("'maybe'", "ValueError"),),
        defect=Defect(
            "    cleaned = text.strip()\n"
            "    if not cleaned:\n"
            "        return None\n"
            "    if cleaned in ('yes', 'y', 'true', 't', '1'):\n"
            "        return True\n"
            "    if cleaned in ('no', 'n', 'false', 'f', '0'):\n"
            "        return False\n"
            "    raise ValueError(f'not a yes or no: {text!r}')",
            "a cell in capitals, such as 'YES' or 'False'",
            "it raises ValueError; letter case should not matter",
            (
                ("'YES'", "True"),
                ("'False'", "False"),
            ),
        ),
    ),
    F(
        "parse_decimal_comma",
        "cells",
        "text",
        "the number in a cell written the European way, dots between thousands and a comma "
        "before the decimals (like '1.234,5'), as a float, spaces around ignored, None for a "
        "blank cell",
        "    cleaned = text.strip().replace('.', '').replace(',', '.')\n"
        "    return float(cleaned) if cleaned else None",
        (
            ("'3,5'", "3.5"),
            ("' 12 '", "12.0"),
            ("'-0,25'", "-0.25"),
            ("''", "None"),
        ),
        defect=Defect(
            "    cleaned = text.strip().replace(',', '.')\n"
            "    return float(cleaned) if cleaned else None",
            "a number with a thousands dot, such as '1.234,5'",
            "it crashes with ValueError or reads '1.000' as 1.0; the dots should be dropped, "
            "giving 1234.5 and 1000.0",
            (
                ("'1.234,5'", "1234.5"),
                ("'1.000'", "1000.0"),
            ),
        ),
    ),
    F(
        "parse_count",
        "cells",
        "text",
        "the int a count cell stands for, a trailing 'k' (thousands) or 'm' (millions) in "
        "either case multiplying it, rounded to the nearest whole, like '1.5k' giving 1500; "
        "spaces ignored, None for a blank cell",
        "    cleaned = text.strip().lower()\n"
        "    if not cleaned:\n"
        "        return None\n"
        "    factor = 1\n"
        "    if cleaned[-1] in 'km':\n"
        "        factor = 1000 if cleaned[-1] == 'k' else 1000000\n"
        "        cleaned = cleaned[:-1]\n"
        "    return round(float(cleaned) * factor)",
        (
            ("'1.5k'", "1500"),
            ("'3M'", "3000000"),
            ("' 250 '", "250"),
            ("'2K'", "2000"),
            ("''", "None"),
        ),
        defect=Defect(
            "    cleaned = text.strip().lower()\n"
            "    if not cleaned:\n"
            "        return None\n"
            "    factor = 1\n"
            "    if cleaned[-1] in 'km':\n"
            "        factor = 1000 if cleaned[-1] == 'k' else 1000000\n"
            "        cleaned = cleaned[:-1]\n"
            "    return int(float(cleaned) * factor)",
            "an amount such as '2.01k'",
            "it gives 2009 instead of 2010: the product is cut off instead of rounded",
            (
                ("'2.01k'", "2010"),
                ("'1.005k'", "1005"),
            ),
        ),
    ),
    F(
        "split_full_name",
        "cells",
        "text",
        "a (first, last) pair from a name: the last word is the last name, the words before it "
        "the first, 'Last, First' understood too, extra spaces dropped, a lone word a first "
        "name, ('', '') if blank",
        "    if ',' in text:\n"
        "        last, _, first = text.partition(',')\n"
        "        return ' '.join(first.split()), ' '.join(last.split())\n"
        "    words = text.split()\n"
        "    if len(words) < 2:\n"
        "        return (words[0] if words else '', '')\n"
        "    return ' '.join(words[:-1]), words[-1]",
        (
            ("'Ada Lovelace'", "('Ada', 'Lovelace')"),
            ("'  Lovelace,  Ada '", "('Ada', 'Lovelace')"),
            ("'Cher'", "('Cher', '')"),
            ("' '", "('', '')"),
        ),
        defect=Defect(
            "    if ',' in text:\n"
            "        last, _, first = text.partition(',')\n"
            "        return ' '.join(first.split()), ' '.join(last.split())\n"
            "    words = text.split()\n"
            "    if len(words) < 2:\n"
            "        return (words[0] if words else '', '')\n"
            "    return words[0], words[-1]",
            "a name with a middle name, such as 'Mary Ann Smith'",
            "the middle name is lost; every word before the last belongs to the first name",
            (
                ("'Mary Ann Smith'", "('Mary Ann', 'Smith')"),
                ("'Jean  Paul Marie Sartre'", "('Jean Paul Marie', 'Sartre')"),
            ),
        ),
    ),
    F(
        "normalise_category",
        "cells",
        "text",
        "the category label lower-cased, without surrounding whitespace, each run of whitespace "
        "inside it made one space, so that ' New  York ' gives 'new york'",
        "    return ' '.join(text.split()).lower()",
        (
            ("' Oslo '", "'oslo'"),
            ("'New York'", "'new york'"),
            ("'RIO de JANEIRO'", "'rio de janeiro'"),
            ("''", "''"),
        ),
        defect=Defect(
            "    return text.strip().lower()",
            "a label with two spaces or a tab inside, such as 'New  York'",
            "it keeps both spaces, so it does not match 'new york'",
            (
                ("'New  York'", "'new york'"),
                ("' san\\tJOSE '", "'san jose'"),
            ),
        ),
        change=Change(
            "normalise_category should also remove accents, keeping each letter's base letter, "
            "so that 'Zürich' gives 'zurich'",
            "    import unicodedata\n"
            "\n"
            "    folded = unicodedata.normalize('NFKD', ' '.join(text.split()).lower())\n"
            "    return ''.join(c for c in folded if not unicodedata.combining(c))",
            (
                ("' Zürich '", "'zurich'"),
                ("'São  Paulo'", "'sao paulo'"),
                ("'Oslo'", "'oslo'"),
            ),
        ),
    ),
    F(
        "slug_label",
        "cells",
        "text",
        "a slug of the label: lower-cased, each run of characters other than ASCII letters and "
        "digits made one '-', with no '-' at either end ('' when nothing is left)",
        "    import re\n\n    return re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')",
        (
            ("'Sales & Marketing'", "'sales-marketing'"),
            ("'Q3 2024'", "'q3-2024'"),
            ("'Total'", "'total'"),
        ),
        defect=Defect(
            "    import re\n\n    return re.sub(r'[^a-z0-9]+', '-', text.lower())",
            "a label that starts or ends with punctuation or spaces, such as '(EU) sales!'",
            "the slug starts or ends with '-'; it should be 'eu-sales'",
            (
                ("'(EU) sales!'", "'eu-sales'"),
                ("' Q3 '", "'q3'"),
                ("'!!'", "''"),
            ),
        ),
    ),
    F(
        "mask_digits",
        "cells",
        "text, keep",
        "the text with every digit but the last keep digits replaced by '*', other characters "
        "left as they are, like '****-5678' for '1234-5678' with keep 4",
        "    total = sum(c.isdigit() for c in text)\n"
        "    seen = 0\n"
        "    out = []\n"
        "    for c in text:\n"
        "        if c.isdigit():\n"
        "            seen += 1\n"
        "            out.append(c if seen > total - keep else '*')\n"
        "        else:\n"
        "            out.append(c)\n"
        "    return ''.join(out)",
        (
            ("'12345678', 2", "'******78'"),
            ("'12', 5", "'12'"),
            ("'', 3", "''"),
        ),
        defect=Defect(
            "    return '*' * (len(text) - keep) + text[-keep:]",
            "a number with separators, such as '1234-5678' keeping 4",
            "the dash is masked too and the digits shift, giving '*****5678'; only digits are "
            "masked",
            (
                ("'1234-5678', 4", "'****-5678'"),
                ("'+47 22 33', 2", "'+** ** 33'"),
            ),
        ),
    ),
    F(
        "initials",
        "cells",
        "text",
        "the initials of a name: the first letter of each part, upper-cased and followed by a "
        "dot, parts split at spaces and hyphens, like 'J.P.S.' for 'jean-paul sartre' ('' for a "
        "blank name)",
        "    import re\n"
        "\n"
        "    parts = [part for part in re.split(r'[\\s-]+', text) if part]\n"
        "    return ''.join(part[0].upper() + '.' for part in parts)",
        (
            ("'Ada Lovelace'", "'A.L.'"),
            ("' grace  hopper '", "'G.H.'"),
            ("'Cher'", "'C.'"),
            ("''", "''"),
        ),
        defect=Defect(
            "    return ''.join(word[0].upper() + '.' for word in text.split())",
            "a hyphenated name, such as 'jean-paul sartre'",
            "the part after the hyphen is lost, giving 'J.S.'; hyphens split parts too",
            (
                ("'jean-paul sartre'", "'J.P.S.'"),
                ("'Anne-Marie'", "'A.M.'"),
            ),
        ),
    ),
    F(
        "clean_phone",
        "cells",
        "text",
        "the phone number in a cell reduced to its digits, with a '+' in front when the number "
        "starts with one (after spaces), so '+47 22-33 44 55' gives '+4722334455'; '' for a "
        "blank cell",
        "    cleaned = text.strip()\n"
        "    digits = ''.join(c for c in cleaned if c.isdigit())\n"
        "    return ('+' if cleaned.startswith('+') else '') + digits",
        (
            ("'(022) 334-455'", "'022334455'"),
            ("'22 33 44'", "'223344'"),
            ("''", "''"),
        ),
        defect=Defect(
            "    return ''.join(c for c in text if c.isdigit())",
            "a number in international form, such as '+47 22 33 44 55'",
            "the leading '+' is lost",
            (
                ("'+47 22-33 44 55'", "'+4722334455'"),
                ("' +1 555 0100'", "'+15550100'"),
            ),
        ),
        change=Change(
            "clean_phone should also write a leading '00', the other way to start an "
            "international number, as '+', so that '0047 22 33 44 55' gives '+4722334455'",
            "    cleaned = text.strip()\n"
            "    digits = ''.join(c for c in cleaned if c.isdigit())\n"
            "    if cleaned.startswith('+'):\n"
            "        return '+' + digits\n"
            "    if digits.startswith('00'):\n"
            "        return '+' + digits[2:]\n"
            "    return digits",
            (
                ("'0047 22 33 44 55'", "'+4722334455'"),
                ("'+47 22'", "'+4722'"),
                ("'022 33'", "'02233'"),
                ("''", "''"),
            ),
        ),
    ),
)

_JOINS: tuple[FunctionTemplate, ...] = (
    F(
        "inner_join",
        "joins",
        "left, right, key",
        "for each left row in order, and each right row with the same key cell in order, a row "
        "of both rows' cells (the right's value winning on a shared column); unmatched rows "
        "left out",
        "    matches = {}\n"
        "    for row in right:\n"
        "        matches.setdefault(row[key], []).append(row)\n"
        "    joined = []\n"
        "    for row in left:\n"
        "        for match in matches.get(row[key], []):\n"
        "            joined.append({**row, **match})\n"
        "    return joined",
        (
            (
                "[{'id': '1', 'n': 'a'}, {'id': '2', 'n': 'b'}], "
                "[{'id': '2', 'v': 'x'}, {'id': '3', 'v': 'y'}], 'id'",
                "[{'id': '2', 'n': 'b', 'v': 'x'}]",
            ),
            (
                "[{'id': '1', 'n': 'a'}, {'id': '1', 'n': 'b'}], [{'id': '1', 'n': 'z'}], 'id'",
                "[{'id': '1', 'n': 'z'}, {'id': '1', 'n': 'z'}]",
            ),
            ("[], [{'id': '1'}], 'id'", "[]"),
        ),
        defect=Defect(
            "    index = {row[key]: row for row in right}\n"
            "    return [{**row, **index[row[key]]} for row in left if row[key] in index]",
            "two right rows with the same key",
            "only the last of them is joined; each matching right row should give a row",
            (
                (
                    "[{'id': '1', 'n': 'a'}], [{'id': '1', 'v': 'x'}, {'id': '1', 'v': 'y'}], 'id'",
                    "[{'id': '1', 'n': 'a', 'v': 'x'}, {'id': '1', 'n': 'a', 'v': 'y'}]",
                ),
            ),
        ),
    ),
    F(
        "left_join",
        "joins",
        "left, right, key",
        "every left row, in order, plus the cells of the first right row with the same key cell"
        " (the right's winning on a shared column), or '' for each other right-row column when "
        "none matches",
        "    columns = []\n"
        "    for row in right:\n"
        "        columns += [c for c in row if c != key and c not in columns]\n"
        "    first = {}\n"
        "    for row in right:\n"
        "        first.setdefault(row[key], row)\n"
        "    joined = []\n"
        "    for row in left:\n"
        "        if row[key] in first:\n"
        "            joined.append({**row, **first[row[key]]})\n"
        "        else:\n"
        "            joined.append({**row, **{c: '' for c in columns if c not in row}})\n"
        "    return joined",
        (
            (
                "[{'id': '1', 'n': 'a'}, {'id': '2', 'n': 'b'}], [{'id': '2', 'v': 'x'}], 'id'",
                "[{'id': '1', 'n': 'a', 'v': ''}, {'id': '2', 'n': 'b', 'v': 'x'}]",
            ),
            ("[{'id': '1', 'n': 'a'}], [], 'id'", "[{'id': '1', 'n': 'a'}]"),
            ("[], [{'id': '1', 'v': 'x'}], 'id'", "[]"),
        ),
        defect=Defect(
            "    columns = []\n"
            "    for row in right:\n"
            "        columns += [c for c in row if c != key and c not in columns]\n"
            "    index = {row[key]: row for row in right}\n"
            "    blank = {c: '' for c in columns}\n"
            "    return [{**blank, **row, **index.get(row[key], {})} for row in left]",
            "two right rows with the same key",
            "the last of them is used; the first matching right row should be",
            (
                (
                    "[{'id': '1'}], [{'id': '1', 'v': 'x'}, {'id': '1', 'v': 'y'}], 'id'",
                    "[{'id': '1', 'v': 'x'}]",
                ),
            ),
        ),
        change=Change(
            "left_join should give one row for each matching right row, in the right rows' "
            "order, instead of only the first match; a left row without a match gets the same "
            "blank cells as before",
            "    columns = []\n"
            "    for row in right:\n"
            "        columns += [c for c in row if c != key and c not in columns]\n"
            "    matches = {}\n"
            "    for row in right:\n"
            "        matches.setdefault(row[key], []).append(row)\n"
            "    joined = []\n"
            "    for row in left:\n"
            "        if row[key] in matches:\n"
            "            joined += [{**row, **match} for match in matches[row[key]]]\n"
            "        else:\n"
            "            joined.append({**row, **{c: '' for c in columns if c not in row}})\n"
            "    return joined",
            (
                (
                    "[{'id': '1'}, {'id': '2'}], [{'id': '1', 'v': 'x'}, {'id': '1', 'v': 'y'}], "
                    "'id'",
                    "[{'id': '1', 'v': 'x'}, {'id': '1', 'v': 'y'}, {'id': '2', 'v': ''}]",
                ),
                ("[], [{'id': '1', 'v': 'x'}], 'id'", "[]"),
            ),
        ),
    ),
    F(
        "anti_join",
        "joins",
        "left, right, key",
        "the left rows, in order, whose key cell matches no right row's key cell, cells compared "
        "with surrounding spaces ignored",
        "    present = {(row.get(key) or '').strip() for row in right}\n"
        "    return [row for row in left if (row.get(key) or '').strip() not in present]",
        (
            (
                "[{'id': '1'}, {'id': '2'}, {'id': '3'}], [{'id': '2', 'x': 'y'}], 'id'",
                "[{'id': '1'}, {'id': '3'}]",
            ),
            ("[{'id': '1'}], [], 'id'", "[{'id': '1'}]"),
            ("[], [{'id': '1'}], 'id'", "[]"),
        ),
        defect=Defect(
            "    present = {row[key] for row in right}\n"
            "    return [row for row in left if row[key] not in present]",
            "a key written with a space in one list, such as ' 7' against '7'",
            "the rows are not seen as matching and the left row is kept",
            (
                ("[{'id': ' 7'}, {'id': '8'}], [{'id': '7'}], 'id'", "[{'id': '8'}]"),
                ("[{'id': '7'}], [{'id': '7 '}], 'id'", "[]"),
            ),
        ),
    ),
    F(
        "stack_rows",
        "joins",
        "first, second",
        "the rows of first followed by those of second, as new rows each having every column "
        "either list uses, '' where a row lacks one",
        "    rows = [*first, *second]\n"
        "    columns = []\n"
        "    for row in rows:\n"
        "        columns += [c for c in row if c not in columns]\n"
        "    return [{c: row.get(c, '') for c in columns} for row in rows]",
        (
            (
                "[{'a': '1', 'b': '2'}], [{'a': '3', 'b': '4'}]",
                "[{'a': '1', 'b': '2'}, {'a': '3', 'b': '4'}]",
            ),
            ("[], [{'a': '1'}]", "[{'a': '1'}]"),
            ("[], []", "[]"),
        ),
        defect=Defect(
            "    return [dict(row) for row in first + second]",
            "lists whose rows have different columns, such as a second file with an extra column",
            "the rows lack the other list's columns; every row should have every column, '' "
            "where it had none",
            (
                (
                    "[{'a': '1'}], [{'a': '2', 'b': 'x'}]",
                    "[{'a': '1', 'b': ''}, {'a': '2', 'b': 'x'}]",
                ),
                ("[{'a': '1'}], [{'b': '2'}]", "[{'a': '1', 'b': ''}, {'a': '', 'b': '2'}]"),
            ),
        ),
        change=Change(
            "stack_rows should add a column 'source' to every row, 'first' or 'second' after "
            "the list it came from",
            "    rows = [*first, *second]\n"
            "    columns = []\n"
            "    for row in rows:\n"
            "        columns += [c for c in row if c not in columns]\n"
            "    sources = ['first'] * len(first) + ['second'] * len(second)\n"
            "    return [\n"
            "        {**{c: row.get(c, '') for c in columns}, 'source': source}\n"
            "        for row, source in zip(rows, sources)\n"
            "    ]",
            (
                (
                    "[{'a': '1'}], [{'b': '2'}]",
                    "[{'a': '1', 'b': '', 'source': 'first'}, {'a': '', 'b': '2', 'source': 'second'}]",
                ),
                ("[], []", "[]"),
            ),
        ),
    ),
    F(
        "attach_lookup",
        "joins",
        "rows, key, table, name",
        "new rows each with a column `name` holding what the dict table gives for the row's key "
        "cell, or '' when the table lacks that key",
        "    return [{**row, name: table.get(row[key], '')} for row in rows]",
        (
            (
                "[{'c': 'NO'}, {'c': 'SE'}], 'c', {'NO': 'Norway', 'SE': 'Sweden'}, 'country'",
                "[{'c': 'NO', 'country': 'Norway'}, {'c': 'SE', 'country': 'Sweden'}]",
            ),
            ("[], 'c', {'NO': 'Norway'}, 'country'", "[]"),
        ),
        defect=Defect(
            "    return [{**row, name: table[row[key]]} for row in rows]",
            "a key cell the table does not have",
            "it crashes with KeyError; the new cell should be ''",
            (
                (
                    "[{'c': 'DK'}, {'c': 'NO'}], 'c', {'NO': 'Norway'}, 'country'",
                    "[{'c': 'DK', 'country': ''}, {'c': 'NO', 'country': 'Norway'}]",
                ),
            ),
        ),
    ),
    F(
        "semi_join",
        "joins",
        "left, right, key",
        "the left rows, in order, whose key cell equals the key cell of at least one right row, "
        "each left row appearing once however many right rows match",
        "    present = {row[key] for row in right}\n"
        "    return [row for row in left if row[key] in present]",
        (
            (
                "[{'id': '1'}, {'id': '2'}, {'id': '3'}], [{'id': '3'}, {'id': '1'}], 'id'",
                "[{'id': '1'}, {'id': '3'}]",
            ),
            ("[{'id': '1'}], [], 'id'", "[]"),
            ("[], [{'id': '1'}], 'id'", "[]"),
        ),
        defect=Defect(
            "    return [row for row in left for match in right if row[key] == match[key]]",
            "two right rows with the same key",
            "the left row comes out twice; each left row should appear once",
            (
                (
                    "[{'id': '1', 'n': 'a'}], [{'id': '1'}, {'id': '1'}], 'id'",
                    "[{'id': '1', 'n': 'a'}]",
                ),
            ),
        ),
        change=Change(
            "semi_join should compare the key cells ignoring letter case and surrounding spaces",
            "    present = {(row.get(key) or '').strip().lower() for row in right}\n"
            "    return [row for row in left if (row.get(key) or '').strip().lower() in present]",
            (
                (
                    "[{'id': 'ab'}, {'id': 'CD '}, {'id': 'ef'}], [{'id': ' AB'}, {'id': 'cd'}], 'id'",
                    "[{'id': 'ab'}, {'id': 'CD '}]",
                ),
                ("[], [{'id': '1'}], 'id'", "[]"),
            ),
        ),
    ),
    F(
        "inner_join_on",
        "joins",
        "left, right, keys",
        "the inner join on several key columns: for each left row in order, each right row in "
        "order whose cells in every key column equal the left row's, the two rows' cells "
        "together (the right's value winning)",
        "    matches = {}\n"
        "    for row in right:\n"
        "        matches.setdefault(tuple(row[k] for k in keys), []).append(row)\n"
        "    joined = []\n"
        "    for row in left:\n"
        "        for match in matches.get(tuple(row[k] for k in keys), []):\n"
        "            joined.append({**row, **match})\n"
        "    return joined",
        (
            (
                "[{'y': '2024', 'm': '1', 's': '5'}, {'y': '2024', 'm': '2', 's': '7'}], "
                "[{'y': '2024', 'm': '2', 't': '9'}, {'y': '2023', 'm': '2', 't': '4'}], ['y', 'm']",
                "[{'y': '2024', 'm': '2', 's': '7', 't': '9'}]",
            ),
            ("[], [{'a': '1'}], ['a']", "[]"),
        ),
        defect=Defect(
            "    index = {}\n"
            "    for row in right:\n"
            "        index.setdefault(''.join(row[k] for k in keys), []).append(row)\n"
            "    return [\n"
            "        {**row, **match}\n"
            "        for row in left\n"
            "        for match in index.get(''.join(row[k] for k in keys), [])\n"
            "    ]",
            "key cells that run together, such as '1' and '23' against '12' and '3'",
            "the rows are joined though their keys differ",
            (
                ("[{'a': '1', 'b': '23'}], [{'a': '12', 'b': '3', 'x': 'y'}], ['a', 'b']", "[]"),
                (
                    "[{'a': 'x', 'b': 'yz'}, {'a': 'xy', 'b': 'z'}], [{'a': 'xy', 'b': 'z', 'n': '1'}], "
                    "['a', 'b']",
                    "[{'a': 'xy', 'b': 'z', 'n': '1'}]",
                ),
            ),
        ),
    ),
    F(
        "cross_join",
        "joins",
        "left, right",
        "every pairing of a left row with a right row, left rows in order and for each the right "
        "rows in order, as the two rows' cells together (the right's value winning on a shared "
        "column)",
        "    return [{**a, **b} for a in left for b in right]",
        (
            (
                "[{'s': 'S'}, {'s': 'M'}], [{'c': 'red'}, {'c': 'blue'}]",
                "[{'s': 'S', 'c': 'red'}, {'s': 'S', 'c': 'blue'}, {'s': 'M', 'c': 'red'}, "
                "{'s': 'M', 'c': 'blue'}]",
            ),
            ("[{'a': '1'}], [{'a': '2'}]", "[{'a': '2'}]"),
            ("[{'a': '1'}], []", "[]"),
        ),
        change=Change(
            "cross_join should keep both values of a shared column: the right row's column gets "
            "the suffix '_right' instead of overwriting the left one",
            "    return [\n"
            "        {**a, **{(k + '_right' if k in a else k): v for k, v in b.items()}}\n"
            "        for a in left\n"
            "        for b in right\n"
            "    ]",
            (
                (
                    "[{'a': '1', 'n': 'x'}], [{'a': '2', 'm': 'y'}]",
                    "[{'a': '1', 'n': 'x', 'a_right': '2', 'm': 'y'}]",
                ),
                ("[], [{'a': '1'}]", "[]"),
            ),
        ),
    ),
)

_COMPARE: tuple[FunctionTemplate, ...] = (
    F(
        "diff_rows",
        "compare",
        "old, new, key",
        "a dict with the sorted lists 'added' (keys only in new), 'removed' (keys only in old) "
        "and 'changed' (keys in both whose rows differ in any cell or column), for two "
        "snapshots of rows keyed by a column",
        "    before = {row[key]: row for row in old}\n"
        "    after = {row[key]: row for row in new}\n"
        "    return {\n"
        "        'added': sorted(k for k in after if k not in before),\n"
        "        'removed': sorted(k for k in before if k not in after),\n"
        "        'changed': sorted(k for k in after if k in before and after[k] != before[k]),\n"
        "    }",
        (
            (
                "[{'id': '1', 'v': 'a'}, {'id': '2', 'v': 'b'}], "
                "[{'id': '2', 'v': 'c'}, {'id': '3', 'v': 'd'}], 'id'",
                "{'added': ['3'], 'removed': ['1'], 'changed': ['2']}",
            ),
            (
                "[{'id': '1', 'v': 'a'}], [{'id': '1', 'v': 'a', 'w': ''}], 'id'",
                "{'added': [], 'removed': [], 'changed': ['1']}",
            ),
            ("[], [], 'id'", "{'added': [], 'removed': [], 'changed': []}"),
        ),
        defect=Defect(
            "    before = {row[key]: row for row in old}\n"
            "    after = {row[key]: row for row in new}\n"
            "    return {\n"
            "        'added': [k for k in after if k not in before],\n"
            "        'removed': [k for k in before if k not in after],\n"
            "        'changed': [k for k in after if k in before and after[k] != before[k]],\n"
            "    }",
            "snapshots whose rows are not in key order",
            "the lists come out in row order; each list should be sorted",
            (
                (
                    "[], [{'id': 'b'}, {'id': 'a'}], 'id'",
                    "{'added': ['a', 'b'], 'removed': [], 'changed': []}",
                ),
                (
                    "[{'id': 'z', 'v': '1'}, {'id': 'y', 'v': '1'}], "
                    "[{'id': 'z', 'v': '2'}, {'id': 'y', 'v': '2'}], 'id'",
                    "{'added': [], 'removed': [], 'changed': ['y', 'z']}",
                ),
            ),
        ),
    ),
    F(
        "changed_cells",
        "compare",
        "old_row, new_row",
        "the cells that differ between two versions of a row, as (column, old value, new value) "
        "triples, the old row's columns first and then those only the new row has, None standing "
        "for a cell a row lacks",
        "    columns = list(old_row) + [c for c in new_row if c not in old_row]\n"
        "    return [\n"
        "        (c, old_row.get(c), new_row.get(c))\n"
        "        for c in columns\n"
        "        if old_row.get(c) != new_row.get(c)\n"
        "    ]",
        (
            (
                "{'id': '1', 'v': 'a', 'w': 'x'}, {'id': '1', 'v': 'b', 'w': 'x'}",
                "[('v', 'a', 'b')]",
            ),
            ("{'a': '1', 'b': '2'}, {'a': '1'}", "[('b', '2', None)]"),
            ("{'a': '1'}, {'a': '1'}", "[]"),
        ),
        defect=Defect(
            "    return [(c, v, new_row.get(c)) for c, v in old_row.items() if new_row.get(c) != v]",
            "a column that only the new row has",
            "it is not reported; it should appear with None as its old value",
            (
                ("{'a': '1'}, {'a': '1', 'b': '2'}", "[('b', None, '2')]"),
                ("{'a': '1'}, {'a': '3', 'c': ''}", "[('a', '1', '3'), ('c', None, '')]"),
            ),
        ),
    ),
    F(
        "diff_summary",
        "compare",
        "diff",
        "one line summing up a dict of 'added', 'removed' and 'changed' key lists, like "
        "'added 2 (a, b); removed 0; changed 1 (c)', keys in the order given, a missing list "
        "counting as empty",
        "    parts = []\n"
        "    for label in ('added', 'removed', 'changed'):\n"
        "        keys = diff.get(label, [])\n"
        "        part = f'{label} {len(keys)}'\n"
        "        if keys:\n"
        "            part += ' (' + ', '.join(keys) + ')'\n"
        "        parts.append(part)\n"
        "    return '; '.join(parts)",
        (
            (
                "{'added': ['a', 'b'], 'removed': [], 'changed': ['c']}",
                "'added 2 (a, b); removed 0; changed 1 (c)'",
            ),
            ("{'removed': ['9']}", "'added 0; removed 1 (9); changed 0'"),
            ("{}", "'added 0; removed 0; changed 0'"),
        ),
        change=Change(
            "diff_summary should name at most three keys per list, then '...', like "
            "'added 5 (a, b, c, ...)'",
            "    parts = []\n"
            "    for label in ('added', 'removed', 'changed'):\n"
            "        keys = diff.get(label, [])\n"
            "        part = f'{label} {len(keys)}'\n"
            "        if keys:\n"
            "            shown = list(keys[:3]) + (['...'] if len(keys) > 3 else [])\n"
            "            part += ' (' + ', '.join(shown) + ')'\n"
            "        parts.append(part)\n"
            "    return '; '.join(parts)",
            (
                (
                    "{'added': ['a', 'b', 'c', 'd', 'e'], 'changed': ['x', 'y', 'z']}",
                    "'added 5 (a, b, c, ...); removed 0; changed 3 (x, y, z)'",
                ),
                ("{}", "'added 0; removed 0; changed 0'"),
            ),
        ),
    ),
    F(
        "column_changes",
        "compare",
        "old, new",
        "an (added, removed) pair of column-name lists between two snapshots of rows, a "
        "snapshot's columns being its first row's keys (none when it has no rows), each list in "
        "the order of its own header",
        "    before = list(old[0]) if old else []\n"
        "    after = list(new[0]) if new else []\n"
        "    return [c for c in after if c not in before], [c for c in before if c not in after]",
        (
            (
                "[{'a': '1', 'b': '2'}], [{'a': '1', 'd': '3', 'c': ''}]",
                "(['d', 'c'], ['b'])",
            ),
            ("[{'a': '1'}], [{'a': '2'}]", "([], [])"),
        ),
        defect=Defect(
            "    before, after = list(old[0]), list(new[0])\n"
            "    return [c for c in after if c not in before], [c for c in before if c not in after]",
            "a snapshot with no rows",
            "it crashes with IndexError; a snapshot with no rows has no columns",
            (
                ("[], [{'a': '1'}]", "(['a'], [])"),
                ("[{'a': '1'}], []", "([], ['a'])"),
            ),
        ),
    ),
    F(
        "cell_change_counts",
        "compare",
        "old, new, key",
        "a dict from each column to how many rows, matched between two snapshots by their key "
        "cell, differ in it (a missing cell counting as ''), only columns with changes, rows in "
        "one snapshot only ignored",
        "    before = {row[key]: row for row in old}\n"
        "    counts = {}\n"
        "    for row in new:\n"
        "        previous = before.get(row[key])\n"
        "        if previous is None:\n"
        "            continue\n"
        "        for column in dict.fromkeys([*previous, *row]):\n"
        "            if previous.get(column, '') != row.get(column, ''):\n"
        "                counts[column] = counts.get(column, 0) + 1\n"
        "    return counts",
        (
            (
                "[{'id': '1', 'v': 'a', 'w': 'x'}, {'id': '2', 'v': 'b', 'w': 'y'}], "
                "[{'id': '1', 'v': 'A', 'w': 'x'}, {'id': '2', 'v': 'c', 'w': 'z'}, "
                "{'id': '3', 'v': 'q', 'w': 'q'}], 'id'",
                "{'v': 2, 'w': 1}",
            ),
            ("[{'id': '1', 'v': ''}], [{'id': '1'}], 'id'", "{}"),
            ("[], [], 'id'", "{}"),
        ),
        defect=Defect(
            "    counts = {}\n"
            "    for previous, row in zip(old, new):\n"
            "        for column in dict.fromkeys([*previous, *row]):\n"
            "            if previous.get(column, '') != row.get(column, ''):\n"
            "                counts[column] = counts.get(column, 0) + 1\n"
            "    return counts",
            "snapshots whose rows come in a different order",
            "unchanged rows are counted as changed; rows must be matched by their key, not by "
            "their position",
            (
                (
                    "[{'id': '1', 'v': 'a'}, {'id': '2', 'v': 'b'}], "
                    "[{'id': '2', 'v': 'b'}, {'id': '1', 'v': 'a'}], 'id'",
                    "{}",
                ),
                (
                    "[{'id': '1', 'v': 'a'}, {'id': '2', 'v': 'b'}], "
                    "[{'id': '2', 'v': 'c'}, {'id': '1', 'v': 'a'}], 'id'",
                    "{'v': 1}",
                ),
            ),
        ),
    ),
    F(
        "numeric_deltas",
        "compare",
        "old, new, key, name",
        "a dict from each key found in both snapshots to the new minus the old number in a "
        "column, rounded to two decimals, keys whose cell is blank in either snapshot left out",
        "    before = {row[key]: (row.get(name) or '').strip() for row in old}\n"
        "    deltas = {}\n"
        "    for row in new:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        previous = before.get(row[key], '')\n"
        "        if cell and previous:\n"
        "            deltas[row[key]] = round(float(cell) - float(previous), 2)\n"
        "    return deltas",
        (
            (
                "[{'id': 'a', 'v': '10'}, {'id': 'b', 'v': '5'}, {'id': 'c', 'v': ''}], "
                "[{'id': 'a', 'v': '12.5'}, {'id': 'b', 'v': '5'}, {'id': 'c', 'v': '3'}, "
                "{'id': 'd', 'v': '1'}], 'id', 'v'",
                "{'a': 2.5, 'b': 0.0}",
            ),
            ("[], [], 'id', 'v'", "{}"),
        ),
        defect=Defect(
            "    before = {row[key]: row[name] for row in old}\n"
            "    return {\n"
            "        row[key]: float(row[name]) - float(before[row[key]])\n"
            "        for row in new\n"
            "        if row[name].strip() and before.get(row[key], '').strip()\n"
            "    }",
            "decimals such as 0.1 becoming 0.3",
            "the change comes out as 0.19999999999999998 instead of 0.2; it must be rounded to "
            "two decimals",
            (
                ("[{'id': 'a', 'v': '0.1'}], [{'id': 'a', 'v': '0.3'}], 'id', 'v'", "{'a': 0.2}"),
                ("[{'id': 'x', 'v': '1.1'}], [{'id': 'x', 'v': '3.3'}], 'id', 'v'", "{'x': 2.2}"),
            ),
        ),
    ),
)

_PROFILING: tuple[FunctionTemplate, ...] = (
    F(
        "null_counts",
        "profiling",
        "rows",
        "how many cells of each column are blank (empty, only spaces, or missing from the row), "
        "as a dict over every column that any row has",
        "    columns = []\n"
        "    for row in rows:\n"
        "        columns += [c for c in row if c not in columns]\n"
        "    return {c: sum(1 for row in rows if not (row.get(c) or '').strip()) for c in columns}",
        (
            (
                "[{'a': '', 'b': '1'}, {'a': '2', 'b': ' '}, {'a': '', 'b': '3'}]",
                "{'a': 2, 'b': 1}",
            ),
            ("[{'a': '1', 'b': 'x'}, {'a': '2'}]", "{'a': 0, 'b': 1}"),
            ("[]", "{}"),
        ),
        defect=Defect(
            "    if not rows:\n"
            "        return {}\n"
            "    return {c: sum(1 for row in rows if not row.get(c, '').strip()) for c in rows[0]}",
            "a column that only later rows have",
            "it is left out of the dict; every column that any row has should be counted",
            (
                ("[{'a': '1'}, {'a': '2', 'b': 'x'}]", "{'a': 0, 'b': 1}"),
                ("[{'a': ''}, {'b': ''}]", "{'a': 2, 'b': 2}"),
            ),
        ),
    ),
    F(
        "value_counts",
        "profiling",
        "rows, name",
        "(value, count) pairs for the distinct non-blank cells of a column, stripped of "
        "surrounding spaces, most frequent first, equal counts in alphabetical order",
        "    counts = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell:\n"
        "            counts[cell] = counts.get(cell, 0) + 1\n"
        "    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))",
        (
            ("[{'c': 'a'}, {'c': 'b '}, {'c': ' a'}, {'c': ''}], 'c'", "[('a', 2), ('b', 1)]"),
            ("[], 'c'", "[]"),
        ),
        defect=Defect(
            "    from collections import Counter\n"
            "\n"
            "    cells = [(row.get(name) or '').strip() for row in rows]\n"
            "    return Counter(cell for cell in cells if cell).most_common()",
            "two values with the same count, such as 'b' seen before 'a'",
            "they come out in the order first seen; equal counts should be in alphabetical order",
            (
                ("[{'c': 'b'}, {'c': 'a'}], 'c'", "[('a', 1), ('b', 1)]"),
                (
                    "[{'c': 'z'}, {'c': 'y'}, {'c': 'x'}, {'c': 'x'}], 'c'",
                    "[('x', 2), ('y', 1), ('z', 1)]",
                ),
            ),
        ),
        change=Change(
            "value_counts should give each value's share of the non-blank cells in percent, "
            "rounded to one decimal, instead of its count (same order)",
            "    counts = {}\n"
            "    for row in rows:\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        if cell:\n"
            "            counts[cell] = counts.get(cell, 0) + 1\n"
            "    whole = sum(counts.values())\n"
            "    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))\n"
            "    return [(value, round(100 * count / whole, 1)) for value, count in ranked]",
            (
                (
                    "[{'c': 'a'}, {'c': 'b'}, {'c': 'a'}, {'c': ''}], 'c'",
                    "[('a', 66.7), ('b', 33.3)]",
                ),
                ("[{'c': ' '}], 'c'", "[]"),
            ),
        ),
    ),
    F(
        "constant_columns",
        "profiling",
        "rows",
        "the columns of the first row whose cells, stripped of surrounding spaces, are the same "
        "in every row (a missing cell counting as ''), in the first row's order, [] for no rows",
        "    if not rows:\n"
        "        return []\n"
        "    return [c for c in rows[0] if len({(row.get(c) or '').strip() for row in rows}) == 1]",
        (
            (
                "[{'cur': 'EUR', 'n': '1', 'x': ''}, {'cur': 'EUR', 'n': '2', 'x': ''}]",
                "['cur', 'x']",
            ),
            ("[{'a': '1', 'b': '2'}]", "['a', 'b']"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    if not rows:\n"
            "        return []\n"
            "    return [c for c in rows[0] if len({row.get(c) for row in rows}) == 1]",
            "the same value with a trailing space in one row, such as 'EUR' and 'EUR '",
            "the column is not reported; cells are compared without surrounding spaces",
            (
                ("[{'cur': 'EUR'}, {'cur': 'EUR '}]", "['cur']"),
                ("[{'a': '1', 'b': ' x'}, {'a': '2', 'b': 'x'}]", "['b']"),
            ),
        ),
    ),
    F(
        "numeric_columns",
        "profiling",
        "rows",
        "the columns of the first row that have at least one non-blank cell and whose non-blank "
        "cells all read as numbers (any text float() accepts), in the first row's order, blank "
        "or missing cells skipped",
        "    def is_number(text):\n"
        "        try:\n"
        "            float(text)\n"
        "        except ValueError:\n"
        "            return False\n"
        "        return True\n"
        "\n"
        "    found = []\n"
        "    for name in rows[0] if rows else []:\n"
        "        cells = [(row.get(name) or '').strip() for row in rows]\n"
        "        cells = [cell for cell in cells if cell]\n"
        "        if cells and all(is_number(cell) for cell in cells):\n"
        "            found.append(name)\n"
        "    return found",
        (
            (
                "[{'a': '1', 'b': 'x', 'c': '2.5'}, {'a': '-3', 'b': '4', 'c': '1e3'}]",
                "['a', 'c']",
            ),
            ("[{'a': '', 'b': '7'}]", "['b']"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    def is_number(text):\n"
            "        try:\n"
            "            float(text)\n"
            "        except ValueError:\n"
            "            return False\n"
            "        return True\n"
            "\n"
            "    if not rows:\n"
            "        return []\n"
            "    return [name for name in rows[0] if all(is_number(row[name]) for row in rows)]",
            "a blank or missing cell in a numeric column",
            "the column is not listed, or it crashes with KeyError; such cells should be skipped",
            (
                ("[{'n': '1'}, {'n': ''}]", "['n']"),
                ("[{'n': '1', 'm': 'x'}, {'m': 'y'}]", "['n']"),
            ),
        ),
    ),
    F(
        "blank_rows",
        "profiling",
        "rows",
        "the positions (counting from 1) of the rows whose cells are all blank (empty, only "
        "spaces or None), such as the empty lines a spreadsheet export leaves",
        "    return [\n"
        "        position\n"
        "        for position, row in enumerate(rows, 1)\n"
        "        if not any((cell or '').strip() for cell in row.values())\n"
        "    ]",
        (
            ("[{'a': '1', 'b': ''}, {'a': '', 'b': ''}, {'a': None, 'b': ''}]", "[2, 3]"),
            ("[{'a': 'x'}]", "[]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return [position for position, row in enumerate(rows, 1) if not any(row.values())]",
            "a row whose cells hold only spaces or tabs",
            "it is not reported; a cell of only spaces is blank",
            (
                ("[{'a': '  ', 'b': '\\t'}]", "[1]"),
                ("[{'a': '1'}, {'a': ' '}]", "[2]"),
            ),
        ),
    ),
    F(
        "pattern_counts",
        "profiling",
        "rows, name",
        "a dict from the shape of each non-blank cell of a column, stripped (every letter "
        "written 'a', every digit '9', other characters kept), to how many cells have that shape",
        "    shapes = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell:\n"
        "            shape = ''.join('a' if c.isalpha() else '9' if c.isdigit() else c for c in cell)\n"
        "            shapes[shape] = shapes.get(shape, 0) + 1\n"
        "    return shapes",
        (
            (
                "[{'c': 'AB-12'}, {'c': 'cd-34 '}, {'c': '1234'}, {'c': ''}], 'c'",
                "{'aa-99': 2, '9999': 1}",
            ),
            ("[], 'c'", "{}"),
        ),
        change=Change(
            "pattern_counts should write each run of the same mark once, so that 'AB-12' has "
            "the shape 'a-9'",
            "    from itertools import groupby\n"
            "\n"
            "    shapes = {}\n"
            "    for row in rows:\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        if cell:\n"
            "            marks = ('a' if c.isalpha() else '9' if c.isdigit() else c for c in cell)\n"
            "            shape = ''.join(mark for mark, _ in groupby(marks))\n"
            "            shapes[shape] = shapes.get(shape, 0) + 1\n"
            "    return shapes",
            (
                (
                    "[{'c': 'AB-12'}, {'c': 'x-9999'}, {'c': '2024-01-05'}], 'c'",
                    "{'a-9': 2, '9-9-9': 1}",
                ),
                ("[], 'c'", "{}"),
            ),
        ),
    ),
    F(
        "spelling_variants",
        "profiling",
        "rows, name",
        "the groups of different spellings (cells as written) of a column's non-blank cells "
        "that are equal ignoring letter case and surrounding spaces, each a sorted list, only "
        "groups of two or more, in order of first appearance",
        "    groups = {}\n"
        "    for row in rows:\n"
        "        cell = row.get(name) or ''\n"
        "        if cell.strip():\n"
        "            spellings = groups.setdefault(cell.strip().lower(), [])\n"
        "            if cell not in spellings:\n"
        "                spellings.append(cell)\n"
        "    return [sorted(group) for group in groups.values() if len(group) > 1]",
        (
            (
                "[{'c': 'Oslo'}, {'c': 'oslo'}, {'c': 'Rome'}, {'c': 'OSLO '}, {'c': ''}, "
                "{'c': 'lima'}, {'c': 'Lima'}], 'c'",
                "[['OSLO ', 'Oslo', 'oslo'], ['Lima', 'lima']]",
            ),
            ("[{'c': 'a'}, {'c': 'b'}], 'c'", "[]"),
            ("[], 'c'", "[]"),
        ),
        defect=Defect(
            "    groups = {}\n"
            "    for row in rows:\n"
            "        cell = row.get(name) or ''\n"
            "        if cell.strip():\n"
            "            groups.setdefault(cell.strip().lower(), []).append(cell)\n"
            "    return [sorted(group) for group in groups.values() if len(group) > 1]",
            "the same spelling in several rows, such as 'Rome' twice",
            "it is reported as a group or listed twice; a group holds different spellings, "
            "each once",
            (
                ("[{'c': 'Rome'}, {'c': 'Rome'}], 'c'", "[]"),
                ("[{'c': 'a'}, {'c': 'A'}, {'c': 'a'}], 'c'", "[['A', 'a']]"),
            ),
        ),
    ),
)

_MORE_STATS: tuple[FunctionTemplate, ...] = (
    F(
        "zscores",
        "stats",
        "values",
        "the z-score of each number, (value - mean) / population standard deviation, rounded to "
        "two decimals, in order; all 0.0 when every number is the same, [] for no numbers",
        "    import statistics\n"
        "\n"
        "    if not values:\n"
        "        return []\n"
        "    mean = statistics.fmean(values)\n"
        "    spread = statistics.pstdev(values)\n"
        "    if spread == 0:\n"
        "        return [0.0] * len(values)\n"
        "    return [round((value - mean) / spread, 2) for value in values]",
        (
            ("[2, 4, 4, 4, 5, 5, 7, 9]", "[-1.5, -0.5, -0.5, -0.5, 0.0, 0.0, 1.0, 2.0]"),
            ("[1, 2, 3]", "[-1.22, 0.0, 1.22]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    import statistics\n"
            "\n"
            "    if not values:\n"
            "        return []\n"
            "    mean = statistics.fmean(values)\n"
            "    spread = statistics.pstdev(values)\n"
            "    return [round((value - mean) / spread, 2) for value in values]",
            "numbers that are all the same, such as [5, 5], or a single number",
            "it crashes with ZeroDivisionError; every z-score should be 0.0",
            (
                ("[5, 5]", "[0.0, 0.0]"),
                ("[3]", "[0.0]"),
            ),
        ),
        change=Change(
            "zscores should use the sample standard deviation (dividing by the count minus one) "
            "instead, and give all 0.0 when there are fewer than two numbers",
            "    import statistics\n"
            "\n"
            "    if len(values) < 2:\n"
            "        return [0.0] * len(values)\n"
            "    mean = statistics.fmean(values)\n"
            "    spread = statistics.stdev(values)\n"
            "    if spread == 0:\n"
            "        return [0.0] * len(values)\n"
            "    return [round((value - mean) / spread, 2) for value in values]",
            (
                ("[2, 4, 4, 4, 5, 5, 7, 9]", "[-1.4, -0.47, -0.47, -0.47, 0.0, 0.0, 0.94, 1.87]"),
                ("[7]", "[0.0]"),
                ("[5, 5]", "[0.0, 0.0]"),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "cumulative_sum",
        "stats",
        "values",
        "the running total after each number, in order, each rounded to two decimals ([] for no "
        "numbers)",
        "    totals = []\n"
        "    running = 0\n"
        "    for value in values:\n"
        "        running += value\n"
        "        totals.append(round(running, 2))\n"
        "    return totals",
        (
            ("[1, 2, 3]", "[1, 3, 6]"),
            ("[2.5, -1]", "[2.5, 1.5]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    from itertools import accumulate\n\n    return list(accumulate(values))",
            "decimals such as 0.1 and 0.2",
            "the second total comes out as 0.30000000000000004 instead of 0.3; each total must "
            "be rounded to two decimals",
            (
                ("[0.1, 0.2]", "[0.1, 0.3]"),
                ("[0.1, 0.2, 0.3]", "[0.1, 0.3, 0.6]"),
            ),
        ),
    ),
    F(
        "min_max_scale",
        "stats",
        "values",
        "each number scaled to the range 0 to 1, (value - min) / (max - min), rounded to three "
        "decimals, in order; all 0.0 when the numbers are all equal, [] for no numbers",
        "    if not values:\n"
        "        return []\n"
        "    low, high = min(values), max(values)\n"
        "    if high == low:\n"
        "        return [0.0] * len(values)\n"
        "    return [round((value - low) / (high - low), 3) for value in values]",
        (
            ("[10, 20, 15]", "[0.0, 1.0, 0.5]"),
            ("[1, 2, 4]", "[0.0, 0.333, 1.0]"),
            ("[3, 3]", "[0.0, 0.0]"),
            ("[]", "[]"),
        ),
        change=Change(
            "min_max_scale should scale to the range 0 to 100 instead, rounded to one decimal",
            "    if not values:\n"
            "        return []\n"
            "    low, high = min(values), max(values)\n"
            "    if high == low:\n"
            "        return [0.0] * len(values)\n"
            "    return [round(100 * (value - low) / (high - low), 1) for value in values]",
            (
                ("[1, 2, 4]", "[0.0, 33.3, 100.0]"),
                ("[3, 3]", "[0.0, 0.0]"),
                ("[]", "[]"),
            ),
        ),
    ),
    F(
        "mode_values",
        "stats",
        "values",
        "the most frequent values of a list, all of them when several tie, sorted ascending ([] "
        "for an empty list)",
        "    from collections import Counter\n"
        "\n"
        "    counts = Counter(values)\n"
        "    if not counts:\n"
        "        return []\n"
        "    top = max(counts.values())\n"
        "    return sorted(value for value, count in counts.items() if count == top)",
        (
            ("[3, 1, 3, 2]", "[3]"),
            ("['x', 'y', 'y']", "['y']"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    from collections import Counter\n"
            "\n"
            "    if not values:\n"
            "        return []\n"
            "    return [Counter(values).most_common(1)[0][0]]",
            "two values that occur equally often, such as [2, 1, 2, 1]",
            "only one of them is returned; all tied values should be, sorted",
            (
                ("[2, 1, 2, 1]", "[1, 2]"),
                ("['b', 'a', 'c']", "['a', 'b', 'c']"),
            ),
        ),
    ),
    F(
        "correlation",
        "stats",
        "xs, ys",
        "the Pearson correlation of two equally long lists of numbers, rounded to three "
        "decimals, None when either list has all its numbers equal, raising ValueError when the "
        "lengths differ or there are fewer than two pairs",
        "    if len(xs) != len(ys) or len(xs) < 2:\n"
        "        raise ValueError('need two equally long lists of at least two numbers')\n"
        "    mean_x = sum(xs) / len(xs)\n"
        "    mean_y = sum(ys) / len(ys)\n"
        "    dx = [x - mean_x for x in xs]\n"
        "    dy = [y - mean_y for y in ys]\n"
        "    spread = (sum(d * d for d in dx) * sum(d * d for d in dy)) ** 0.5\n"
        "    if spread == 0:\n"
        "        return None\n"
        "    return round(sum(a * b for a, b in zip(dx, dy)) / spread, 3)",
        (
            ("[1, 2, 3], [2, 4, 6]", "1.0"),
            ("[1, 2, 3], [3, 2, 1]", "-1.0"),
            ("[1, 2, 3, 4], [1, 3, 2, 4]", "0.8"),
        ),
        raises=(("[1, 2], [1]", "ValueError"), ("[1], [1]", "ValueError")),
        defect=Defect(
            "    import statistics\n\n    return round(statistics.correlation(xs, ys), 3)",
            "a list whose numbers are all equal, such as [1, 1, 1]",
            "it raises StatisticsError; it should return None",
            (
                ("[1, 1, 1], [1, 2, 3]", "None"),
                ("[1, 2], [4, 4]", "None"),
            ),
        ),
    ),
    F(
        "cumulative_percent",
        "stats",
        "values",
        "the running total after each number as a percent of the grand total, in order, rounded "
        "to one decimal, all 0.0 when the total is 0",
        "    whole = sum(values)\n"
        "    shares = []\n"
        "    running = 0\n"
        "    for value in values:\n"
        "        running += value\n"
        "        shares.append(round(100 * running / whole, 1) if whole else 0.0)\n"
        "    return shares",
        (
            ("[50, 30, 20]", "[50.0, 80.0, 100.0]"),
            ("[1, 3]", "[25.0, 100.0]"),
            ("[0, 0]", "[0.0, 0.0]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    whole = sum(values)\n"
            "    shares = []\n"
            "    running = 0.0\n"
            "    for value in values:\n"
            "        running += round(100 * value / whole, 1) if whole else 0.0\n"
            "        shares.append(round(running, 1))\n"
            "    return shares",
            "shares that do not divide evenly, such as [1, 1, 1]",
            "the last one comes out as 99.9 instead of 100.0; each percent must come from the "
            "running total, not from adding rounded shares",
            (
                ("[1, 1, 1]", "[33.3, 66.7, 100.0]"),
                ("[1, 2, 3, 1, 2]", "[11.1, 33.3, 66.7, 77.8, 100.0]"),
            ),
        ),
    ),
    F(
        "weighted_mean",
        "stats",
        "values, weights",
        "the sum of each number times the weight at the same position, over the sum of the "
        "weights, rounded to two decimals; ValueError when the lists differ in length or the "
        "weights sum to 0",
        "    if len(values) != len(weights):\n"
        "        raise ValueError('values and weights differ in length')\n"
        "    whole = sum(weights)\n"
        "    if whole == 0:\n"
        "        raise ValueError('the weights sum to 0')\n"
        "    return round(sum(v * w for v, w in zip(values, weights)) / whole, 2)",
        (
            ("[10, 20], [1, 3]", "17.5"),
            ("[1, 2, 4], [1, 1, 1]", "2.33"),
            ("[5], [2]", "5.0"),
        ),
        raises=(
            ("[1, 2], [1]", "ValueError"),
            ("[], []", "ValueError"),
            ("[1, 2], [1, -1]", "ValueError"),
        ),
        change=Change(
            "weighted_mean should skip the pairs whose number is None (a missing value), and "
            "raise ValueError when the weights left sum to 0",
            "    if len(values) != len(weights):\n"
            "        raise ValueError('values and weights differ in length')\n"
            "    pairs = [(v, w) for v, w in zip(values, weights) if v is not None]\n"
            "    whole = sum(w for _, w in pairs)\n"
            "    if whole == 0:\n"
            "        raise ValueError('the weights sum to 0')\n"
            "    return round(sum(v * w for v, w in pairs) / whole, 2)",
            (
                ("[10, None, 20], [1, 5, 3]", "17.5"),
                ("[4], [1]", "4.0"),
            ),
            raises=(("[None], [1]", "ValueError"), ("[1], [1, 2]", "ValueError")),
        ),
    ),
)

_BINS: tuple[FunctionTemplate, ...] = (
    F(
        "histogram_bins",
        "bins",
        "values, width",
        "(edge, count) pairs, ascending, for the non-empty bins of the given width, whose edges"
        " are multiples of it, x falling in the bin with edge <= x < edge + width; ValueError "
        "for a width not above 0",
        "    if width <= 0:\n"
        "        raise ValueError('width must be positive')\n"
        "    counts = {}\n"
        "    for value in values:\n"
        "        edge = value // width * width\n"
        "        counts[edge] = counts.get(edge, 0) + 1\n"
        "    return sorted(counts.items())",
        (
            ("[1, 4, 5, 12, 9], 5", "[(0, 2), (5, 2), (10, 1)]"),
            ("[2.5, 7, 30], 10", "[(0, 2), (30, 1)]"),
            ("[], 10", "[]"),
        ),
        raises=(("[1], 0", "ValueError"),),
        defect=Defect(
            "    if width <= 0:\n"
            "        raise ValueError('width must be positive')\n"
            "    counts = {}\n"
            "    for value in values:\n"
            "        edge = int(value / width) * width\n"
            "        counts[edge] = counts.get(edge, 0) + 1\n"
            "    return sorted(counts.items())",
            "negative numbers, such as -3 with a width of 5",
            "it is counted in the bin from 0; it belongs to the bin from -5",
            (
                ("[-3, 2], 5", "[(-5, 1), (0, 1)]"),
                ("[-10, -1], 10", "[(-10, 2)]"),
            ),
        ),
        change=Change(
            "histogram_bins should also list the empty bins between the lowest and the highest "
            "bin, with a count of 0",
            "    if width <= 0:\n"
            "        raise ValueError('width must be positive')\n"
            "    counts = {}\n"
            "    for value in values:\n"
            "        edge = value // width * width\n"
            "        counts[edge] = counts.get(edge, 0) + 1\n"
            "    if not counts:\n"
            "        return []\n"
            "    edge, last = min(counts), max(counts)\n"
            "    bins = []\n"
            "    while edge <= last:\n"
            "        bins.append((edge, counts.get(edge, 0)))\n"
            "        edge += width\n"
            "    return bins",
            (
                ("[1, 4, 17], 5", "[(0, 2), (5, 0), (10, 0), (15, 1)]"),
                ("[3], 10", "[(0, 1)]"),
                ("[], 10", "[]"),
            ),
            raises=(("[1], -2", "ValueError"),),
        ),
    ),
    F(
        "ntile_buckets",
        "bins",
        "values, n",
        "the bucket from 1 to n of each number, in the list's order: 1 + (how many numbers are "
        "smaller) * n // the count, so equal numbers share a bucket; ValueError when n is below 1",
        "    import bisect\n"
        "\n"
        "    if n < 1:\n"
        "        raise ValueError('n must be at least 1')\n"
        "    ordered = sorted(values)\n"
        "    return [1 + bisect.bisect_left(ordered, value) * n // len(values) for value in values]",
        (
            ("[10, 40, 20, 30], 2", "[1, 2, 1, 2]"),
            ("[5, 1, 3, 2, 4], 5", "[5, 1, 3, 2, 4]"),
            ("[], 4", "[]"),
        ),
        raises=(("[1, 2], 0", "ValueError"),),
        defect=Defect(
            "    if n < 1:\n"
            "        raise ValueError('n must be at least 1')\n"
            "    order = sorted(range(len(values)), key=lambda i: values[i])\n"
            "    buckets = [0] * len(values)\n"
            "    for position, i in enumerate(order):\n"
            "        buckets[i] = 1 + position * n // len(values)\n"
            "    return buckets",
            "equal numbers, such as [7, 7, 7, 7] in 2 buckets",
            "they are split across buckets; equal numbers must share one",
            (
                ("[7, 7, 7, 7], 2", "[1, 1, 1, 1]"),
                ("[1, 5, 5, 9], 4", "[1, 2, 2, 4]"),
            ),
        ),
    ),
    F(
        "band_label",
        "bins",
        "value, edges",
        "the label of the band a number falls in for ascending edges such as [18, 65]: '<18' "
        "below the first edge, '18-65' when 18 <= value < 65, '65+' from the last edge on; "
        "ValueError for no edges",
        "    if not edges:\n"
        "        raise ValueError('no edges')\n"
        "    if value < edges[0]:\n"
        "        return f'<{edges[0]}'\n"
        "    for low, high in zip(edges, edges[1:]):\n"
        "        if low <= value < high:\n"
        "            return f'{low}-{high}'\n"
        "    return f'{edges[-1]}+'",
        (
            ("10, [18, 65]", "'<18'"),
            ("30, [18, 65]", "'18-65'"),
            ("70, [18, 65]", "'65+'"),
            ("15, [0, 10, 20]", "'10-20'"),
        ),
        raises=(("5, []", "ValueError"),),
        defect=Defect(
            "    if not edges:\n"
            "        raise ValueError('no edges')\n"
            "    for low, high in zip(edges, edges[1:]):\n"
            "        if low < value <= high:\n"
            "            return f'{low}-{high}'\n"
            "    return f'<{edges[0]}' if value <= edges[0] else f'{edges[-1]}+'",
            "a number exactly on an edge, such as 18 with edges [18, 65]",
            "it lands in the band below; an edge belongs to the band it starts",
            (
                ("18, [18, 65]", "'18-65'"),
                ("65, [18, 65]", "'65+'"),
                ("10, [0, 10, 20]", "'10-20'"),
            ),
        ),
    ),
    F(
        "equal_width_bins",
        "bins",
        "values, n",
        "counts of the numbers in n equal-width bins from the minimum to the maximum, as a "
        "list: a boundary goes to the upper bin, the maximum to the last; all in the first if "
        "equal, all 0 if none; ValueError if n < 1",
        "    if n < 1:\n"
        "        raise ValueError('n must be at least 1')\n"
        "    counts = [0] * n\n"
        "    if not values:\n"
        "        return counts\n"
        "    low, high = min(values), max(values)\n"
        "    for value in values:\n"
        "        index = 0 if high == low else min(int((value - low) * n // (high - low)), n - 1)\n"
        "        counts[index] += 1\n"
        "    return counts",
        (
            ("[1, 2, 3, 4], 2", "[2, 2]"),
            ("[0, 10, 5, 9, 1], 5", "[2, 0, 1, 0, 2]"),
            ("[], 3", "[0, 0, 0]"),
        ),
        raises=(("[1, 2], 0", "ValueError"),),
        defect=Defect(
            "    if n < 1:\n"
            "        raise ValueError('n must be at least 1')\n"
            "    counts = [0] * n\n"
            "    if not values:\n"
            "        return counts\n"
            "    low, high = min(values), max(values)\n"
            "    for value in values:\n"
            "        counts[min(int((value - low) * n // (high - low)), n - 1)] += 1\n"
            "    return counts",
            "numbers that are all equal, such as [3, 3], or a single number",
            "it crashes with ZeroDivisionError; they should all count in the first bin",
            (
                ("[3, 3], 2", "[2, 0]"),
                ("[7], 3", "[1, 0, 0]"),
            ),
        ),
    ),
    F(
        "band_counts",
        "bins",
        "values, edges",
        "a dict from each band label to how many numbers fall in it, edges like [18, 65] giving"
        " bands '<18', '18-65' and '65+', an edge in the band it starts, every band present; "
        "ValueError for no edges",
        "    import bisect\n"
        "\n"
        "    if not edges:\n"
        "        raise ValueError('no edges')\n"
        "    inner = [f'{low}-{high}' for low, high in zip(edges, edges[1:])]\n"
        "    labels = [f'<{edges[0]}', *inner, f'{edges[-1]}+']\n"
        "    counts = dict.fromkeys(labels, 0)\n"
        "    for value in values:\n"
        "        counts[labels[bisect.bisect_right(edges, value)]] += 1\n"
        "    return counts",
        (
            ("[10, 18, 30, 64, 65, 90], [18, 65]", "{'<18': 1, '18-65': 3, '65+': 2}"),
            ("[-1, 0, 5, 10, 20], [0, 10, 20]", "{'<0': 1, '0-10': 2, '10-20': 1, '20+': 1}"),
        ),
        raises=(("[1], []", "ValueError"),),
        defect=Defect(
            "    import bisect\n"
            "\n"
            "    if not edges:\n"
            "        raise ValueError('no edges')\n"
            "    inner = [f'{low}-{high}' for low, high in zip(edges, edges[1:])]\n"
            "    labels = [f'<{edges[0]}', *inner, f'{edges[-1]}+']\n"
            "    counts = {}\n"
            "    for value in values:\n"
            "        label = labels[bisect.bisect_right(edges, value)]\n"
            "        counts[label] = counts.get(label, 0) + 1\n"
            "    return counts",
            "bands that no number falls in",
            "they are missing from the dict; every band should be there, with 0",
            (
                ("[5, 7], [10, 20]", "{'<10': 2, '10-20': 0, '20+': 0}"),
                ("[], [0]", "{'<0': 0, '0+': 0}"),
            ),
        ),
    ),
    F(
        "round_to_step",
        "bins",
        "values, step",
        "each number rounded to the nearest multiple of step, halves going up (so 2.5 with step "
        "1 gives 3 and 25 with step 10 gives 30), in order; ValueError when step is not positive",
        "    import math\n"
        "\n"
        "    if step <= 0:\n"
        "        raise ValueError('step must be positive')\n"
        "    return [math.floor(value / step + 0.5) * step for value in values]",
        (
            ("[12, 17, 21], 5", "[10, 15, 20]"),
            ("[3.2, 7.9], 1", "[3, 8]"),
            ("[], 10", "[]"),
        ),
        raises=(("[1], 0", "ValueError"),),
        defect=Defect(
            "    if step <= 0:\n"
            "        raise ValueError('step must be positive')\n"
            "    return [round(value / step) * step for value in values]",
            "a number exactly halfway, such as 2.5 with step 1 or 25 with step 10",
            "it is rounded to the even neighbour, 2 or 20; halves should go up",
            (
                ("[2.5], 1", "[3]"),
                ("[25, 35], 10", "[30, 40]"),
            ),
        ),
    ),
)

_MORE_AGGREGATE: tuple[FunctionTemplate, ...] = (
    F(
        "running_totals_by",
        "aggregate",
        "rows, key, value",
        "new rows each with an added column 'running': the total of the value column so far "
        "within the row's group (same key cell), in row order, a float rounded to two decimals, "
        "blank cells adding 0",
        "    totals = {}\n"
        "    result = []\n"
        "    for row in rows:\n"
        "        cell = (row.get(value) or '').strip()\n"
        "        group = row[key]\n"
        "        totals[group] = round(totals.get(group, 0.0) + (float(cell) if cell else 0.0), 2)\n"
        "        result.append({**row, 'running': totals[group]})\n"
        "    return result",
        (
            (
                "[{'c': 'a', 'v': '1'}, {'c': 'b', 'v': '5'}, {'c': 'a', 'v': '2.5'}], 'c', 'v'",
                "[{'c': 'a', 'v': '1', 'running': 1.0}, {'c': 'b', 'v': '5', 'running': 5.0}, "
                "{'c': 'a', 'v': '2.5', 'running': 3.5}]",
            ),
            (
                "[{'c': 'a', 'v': '0.1'}, {'c': 'a', 'v': '0.2'}], 'c', 'v'",
                "[{'c': 'a', 'v': '0.1', 'running': 0.1}, {'c': 'a', 'v': '0.2', 'running': 0.3}]",
            ),
            ("[], 'c', 'v'", "[]"),
        ),
        defect=Defect(
            "    totals = {}\n"
            "    result = []\n"
            "    for row in rows:\n"
            "        totals[row[key]] = round(totals.get(row[key], 0.0) + float(row[value]), 2)\n"
            "        result.append({**row, 'running': totals[row[key]]})\n"
            "    return result",
            "a blank cell in the value column",
            "it crashes with ValueError; a blank cell adds 0",
            (
                (
                    "[{'c': 'a', 'v': '2'}, {'c': 'a', 'v': ''}], 'c', 'v'",
                    "[{'c': 'a', 'v': '2', 'running': 2.0}, {'c': 'a', 'v': '', 'running': 2.0}]",
                ),
                (
                    "[{'c': 'x', 'v': ' '}], 'c', 'v'",
                    "[{'c': 'x', 'v': ' ', 'running': 0.0}]",
                ),
            ),
        ),
    ),
    F(
        "top_per_group",
        "aggregate",
        "rows, key, value, k",
        "a dict from each key cell to its group's k rows (or fewer) with the largest numbers in"
        " the value column, largest first, ties in row order, rows with a blank value ignored "
        "(empty groups absent)",
        "    groups = {}\n"
        "    for row in rows:\n"
        "        if (row.get(value) or '').strip():\n"
        "            groups.setdefault(row[key], []).append(row)\n"
        "    return {\n"
        "        group: sorted(members, key=lambda row: -float(row[value]))[:k]\n"
        "        for group, members in groups.items()\n"
        "    }",
        (
            (
                "[{'g': 'a', 'v': '3'}, {'g': 'a', 'v': '8'}, {'g': 'b', 'v': '1'}, "
                "{'g': 'a', 'v': '7'}], 'g', 'v', 2",
                "{'a': [{'g': 'a', 'v': '8'}, {'g': 'a', 'v': '7'}], 'b': [{'g': 'b', 'v': '1'}]}",
            ),
            (
                "[{'g': 'a', 'v': '5', 'n': '1'}, {'g': 'a', 'v': '5', 'n': '2'}, "
                "{'g': 'c', 'v': ''}], 'g', 'v', 1",
                "{'a': [{'g': 'a', 'v': '5', 'n': '1'}]}",
            ),
            ("[], 'g', 'v', 3", "{}"),
        ),
        defect=Defect(
            "    groups = {}\n"
            "    for row in rows:\n"
            "        if row[value].strip():\n"
            "            groups.setdefault(row[key], []).append(row)\n"
            "    return {\n"
            "        group: sorted(members, key=lambda row: row[value], reverse=True)[:k]\n"
            "        for group, members in groups.items()\n"
            "    }",
            "numbers with different numbers of digits, such as 9 and 10",
            "9 ranks above 10: the column is compared as text, not as numbers",
            (
                (
                    "[{'g': 'a', 'v': '9'}, {'g': 'a', 'v': '10'}], 'g', 'v', 1",
                    "{'a': [{'g': 'a', 'v': '10'}]}",
                ),
                (
                    "[{'g': 'x', 'v': '100'}, {'g': 'x', 'v': '25'}, {'g': 'x', 'v': '3'}], "
                    "'g', 'v', 2",
                    "{'x': [{'g': 'x', 'v': '100'}, {'g': 'x', 'v': '25'}]}",
                ),
            ),
        ),
    ),
    F(
        "cross_counts",
        "aggregate",
        "rows, row_key, col_key",
        "a cross tab as nested dicts: for each row_key value, a dict from every col_key value "
        "in the rows to how many rows have both values, 0 for pairs that never occur",
        "    outer = dict.fromkeys(row[row_key] for row in rows)\n"
        "    inner = dict.fromkeys(row[col_key] for row in rows)\n"
        "    table = {a: dict.fromkeys(inner, 0) for a in outer}\n"
        "    for row in rows:\n"
        "        table[row[row_key]][row[col_key]] += 1\n"
        "    return table",
        (
            (
                "[{'c': 'Oslo', 'p': 'tea'}, {'c': 'Rome', 'p': 'tea'}, {'c': 'Oslo', 'p': 'tea'}], "
                "'c', 'p'",
                "{'Oslo': {'tea': 2}, 'Rome': {'tea': 1}}",
            ),
            (
                "[{'c': 'Oslo', 'p': 'tea'}, {'c': 'Oslo', 'p': 'jam'}], 'c', 'p'",
                "{'Oslo': {'tea': 1, 'jam': 1}}",
            ),
            ("[], 'c', 'p'", "{}"),
        ),
        defect=Defect(
            "    table = {}\n"
            "    for row in rows:\n"
            "        inner = table.setdefault(row[row_key], {})\n"
            "        inner[row[col_key]] = inner.get(row[col_key], 0) + 1\n"
            "    return table",
            "a pair that never occurs, such as a city that sold no jam",
            "that city's dict has no 'jam' key; every column value should be there, with 0",
            (
                (
                    "[{'c': 'Oslo', 'p': 'tea'}, {'c': 'Rome', 'p': 'jam'}], 'c', 'p'",
                    "{'Oslo': {'tea': 1, 'jam': 0}, 'Rome': {'tea': 0, 'jam': 1}}",
                ),
            ),
        ),
        change=Change(
            "cross_counts should add an entry 'total' to each inner dict, the number of rows "
            "with that row value",
            "    outer = dict.fromkeys(row[row_key] for row in rows)\n"
            "    inner = dict.fromkeys(row[col_key] for row in rows)\n"
            "    table = {a: dict.fromkeys(inner, 0) for a in outer}\n"
            "    for row in rows:\n"
            "        table[row[row_key]][row[col_key]] += 1\n"
            "    for counts in table.values():\n"
            "        counts['total'] = sum(counts.values())\n"
            "    return table",
            (
                (
                    "[{'c': 'Oslo', 'p': 'tea'}, {'c': 'Rome', 'p': 'jam'}, "
                    "{'c': 'Oslo', 'p': 'jam'}], 'c', 'p'",
                    "{'Oslo': {'tea': 1, 'jam': 1, 'total': 2}, "
                    "'Rome': {'tea': 0, 'jam': 1, 'total': 1}}",
                ),
                ("[], 'c', 'p'", "{}"),
            ),
        ),
    ),
    F(
        "pareto_cutoff",
        "aggregate",
        "counts, share",
        "the keys of a dict of counts, largest count first (ties alphabetical), up to and "
        "including the first one at which the running total reaches share percent of the grand "
        "total; [] for a zero total",
        "    whole = sum(counts.values())\n"
        "    if whole == 0:\n"
        "        return []\n"
        "    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))\n"
        "    keys, running = [], 0\n"
        "    for name, count in ordered:\n"
        "        keys.append(name)\n"
        "        running += count\n"
        "        if running * 100 >= share * whole:\n"
        "            break\n"
        "    return keys",
        (
            ("{'a': 50, 'b': 30, 'c': 15, 'd': 5}, 70", "['a', 'b']"),
            ("{'x': 1, 'y': 9}, 50", "['y']"),
            ("{'q': 2, 'p': 2, 'r': 1}, 60", "['p', 'q']"),
            ("{'a': 0}, 80", "[]"),
            ("{}, 80", "[]"),
        ),
        defect=Defect(
            "    whole = sum(counts.values())\n"
            "    if whole == 0:\n"
            "        return []\n"
            "    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))\n"
            "    keys, running = [], 0\n"
            "    for name, count in ordered:\n"
            "        keys.append(name)\n"
            "        running += count\n"
            "        if running * 100 > share * whole:\n"
            "            break\n"
            "    return keys",
            "a running total that lands exactly on the share, such as 80 of 100 with a share of 80",
            "one key too many is returned; reaching the share is enough",
            (
                ("{'a': 80, 'b': 20}, 80", "['a']"),
                ("{'a': 50, 'b': 30, 'c': 20}, 80", "['a', 'b']"),
            ),
        ),
    ),
)

_MORE_DATES: tuple[FunctionTemplate, ...] = (
    F(
        "date_range",
        "dates",
        "start, end",
        "every date from the ISO date start to the ISO date end, both included, in order, as "
        "ISO text; [] when end comes before start",
        "    from datetime import date, timedelta\n"
        "\n"
        "    first = date.fromisoformat(start)\n"
        "    last = date.fromisoformat(end)\n"
        "    return [(first + timedelta(days=n)).isoformat() for n in range((last - first).days + 1)]",
        (
            (
                "'2024-02-27', '2024-03-01'",
                "['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']",
            ),
            ("'2024-05-05', '2024-05-05'", "['2024-05-05']"),
            ("'2024-05-06', '2024-05-05'", "[]"),
        ),
        change=Change(
            "date_range should leave out Saturdays and Sundays",
            "    from datetime import date, timedelta\n"
            "\n"
            "    first = date.fromisoformat(start)\n"
            "    last = date.fromisoformat(end)\n"
            "    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]\n"
            "    return [day.isoformat() for day in days if day.weekday() < 5]",
            (
                (
                    "'2024-03-08', '2024-03-12'",
                    "['2024-03-08', '2024-03-11', '2024-03-12']",
                ),
                ("'2024-03-09', '2024-03-10'", "[]"),
                ("'2024-03-12', '2024-03-11'", "[]"),
            ),
        ),
    ),
    F(
        "iso_week",
        "dates",
        "text",
        "the ISO week of an ISO date as text like '2024-W09': the ISO week-numbering year, '-W' "
        "and the week number with two digits (so 2024-12-30 is in '2025-W01')",
        "    from datetime import date\n"
        "\n"
        "    year, week, _ = date.fromisoformat(text.strip()).isocalendar()\n"
        "    return f'{year}-W{week:02d}'",
        (
            ("'2024-03-01'", "'2024-W09'"),
            ("'2024-06-15'", "'2024-W24'"),
            ("'2023-11-20'", "'2023-W47'"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    day = date.fromisoformat(text.strip())\n"
            "    return f'{day.year}-W{day.isocalendar()[1]:02d}'",
            "a date at the turn of the year whose week belongs to the other year, such as "
            "2024-12-30",
            "it gives '2024-W01'; the year must be the ISO week's own year, '2025-W01'",
            (
                ("'2024-12-30'", "'2025-W01'"),
                ("'2021-01-03'", "'2020-W53'"),
            ),
        ),
    ),
    F(
        "is_weekend",
        "dates",
        "text",
        "whether an ISO date falls on a Saturday or a Sunday, surrounding spaces ignored",
        "    from datetime import date\n"
        "\n"
        "    return date.fromisoformat(text.strip()).weekday() >= 5",
        (
            ("'2024-03-10'", "True"),
            ("'2024-03-11'", "False"),
            ("' 2024-03-08 '", "False"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    return date.fromisoformat(text.strip()).weekday() == 6",
            "a Saturday, such as 2024-03-09",
            "it returns False; Saturday is a weekend day too",
            (
                ("'2024-03-09'", "True"),
                ("'2023-12-30'", "True"),
            ),
        ),
    ),
    F(
        "month_totals",
        "dates",
        "rows, date_column, value_column",
        "the sum of a numeric column for each month 'YYYY-MM' of an ISO date column, as a dict "
        "of floats rounded to two decimals, rows whose date or value cell is blank skipped",
        "    totals = {}\n"
        "    for row in rows:\n"
        "        day = (row.get(date_column) or '').strip()\n"
        "        cell = (row.get(value_column) or '').strip()\n"
        "        if day and cell:\n"
        "            month = day[:7]\n"
        "            totals[month] = round(totals.get(month, 0.0) + float(cell), 2)\n"
        "    return totals",
        (
            (
                "[{'d': '2024-01-05', 'v': '10'}, {'d': '2024-02-01', 'v': '4'}, "
                "{'d': '2024-01-20', 'v': '2.5'}, {'d': '2024-02-09', 'v': ''}], 'd', 'v'",
                "{'2024-01': 12.5, '2024-02': 4.0}",
            ),
            ("[], 'd', 'v'", "{}"),
        ),
        defect=Defect(
            "    totals = {}\n"
            "    for row in rows:\n"
            "        cell = row[value_column].strip()\n"
            "        if cell:\n"
            "            month = row[date_column][:7]\n"
            "            totals[month] = round(totals.get(month, 0.0) + float(cell), 2)\n"
            "    return totals",
            "a row whose date cell is blank",
            "its value is counted under an empty month ''; such rows should be skipped",
            (
                (
                    "[{'d': '', 'v': '3'}, {'d': '2024-01-02', 'v': '1'}], 'd', 'v'",
                    "{'2024-01': 1.0}",
                ),
                ("[{'d': '  ', 'v': '3'}], 'd', 'v'", "{}"),
            ),
        ),
    ),
    F(
        "age_in_years",
        "dates",
        "birth, on",
        "a person's age in whole years on the ISO date on, given the ISO birth date, a year "
        "counting only once the birthday is reached (29 February reached on 1 March); "
        "ValueError when on is before birth",
        "    from datetime import date\n"
        "\n"
        "    born = date.fromisoformat(birth)\n"
        "    today = date.fromisoformat(on)\n"
        "    if today < born:\n"
        "        raise ValueError('on is before birth')\n"
        "    before_birthday = (today.month, today.day) < (born.month, born.day)\n"
        "    return today.year - born.year - int(before_birthday)",
        (
            ("'1990-06-15', '2024-01-01'", "33"),
            ("'1990-06-15', '2024-06-15'", "34"),
            ("'2000-01-01', '2000-01-01'", "0"),
        ),
        raises=(("'2000-01-02', '2000-01-01'", "ValueError"),),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    born = date.fromisoformat(birth)\n"
            "    today = date.fromisoformat(on)\n"
            "    if today < born:\n"
            "        raise ValueError('on is before birth')\n"
            "    return (today - born).days // 365",
            "a day just before a birthday after many leap years, such as born 2000-03-01 on "
            "2024-02-29",
            "it says 24; the birthday has not been reached, so the age is 23",
            (
                ("'2000-03-01', '2024-02-29'", "23"),
                ("'2004-02-29', '2023-02-28'", "18"),
            ),
        ),
    ),
    F(
        "business_days",
        "dates",
        "start, end",
        "how many of the days from the ISO date start to the ISO date end, both included, fall "
        "on Monday to Friday; 0 when end comes before start",
        "    from datetime import date, timedelta\n"
        "\n"
        "    day = date.fromisoformat(start)\n"
        "    last = date.fromisoformat(end)\n"
        "    count = 0\n"
        "    while day <= last:\n"
        "        if day.weekday() < 5:\n"
        "            count += 1\n"
        "        day += timedelta(days=1)\n"
        "    return count",
        (
            ("'2024-03-04', '2024-03-10'", "5"),
            ("'2024-03-04', '2024-03-17'", "10"),
            ("'2024-03-10', '2024-03-04'", "0"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    days = (date.fromisoformat(end) - date.fromisoformat(start)).days + 1\n"
            "    return max(days, 0) * 5 // 7",
            "a range that is not whole weeks, such as Monday to Wednesday, or just a weekend",
            "the count is off; it must count the real weekdays, 3 for Monday to Wednesday and 0 "
            "for a Saturday and Sunday",
            (
                ("'2024-03-04', '2024-03-06'", "3"),
                ("'2024-03-09', '2024-03-10'", "0"),
            ),
        ),
    ),
    F(
        "months_between",
        "dates",
        "start, end",
        "the whole calendar months from the ISO date start to the ISO date end, a month "
        "counting once end reaches start's day of the month or the end of its month; "
        "ValueError when end is before start",
        "    import calendar\n"
        "    from datetime import date\n"
        "\n"
        "    first = date.fromisoformat(start)\n"
        "    last = date.fromisoformat(end)\n"
        "    if last < first:\n"
        "        raise ValueError('end is before start')\n"
        "    months = (last.year - first.year) * 12 + last.month - first.month\n"
        "    month_end = calendar.monthrange(last.year, last.month)[1]\n"
        "    if last.day < first.day and last.day != month_end:\n"
        "        months -= 1\n"
        "    return months",
        (
            ("'2024-01-15', '2024-03-15'", "2"),
            ("'2024-01-15', '2024-03-14'", "1"),
            ("'2023-05-05', '2023-05-20'", "0"),
        ),
        raises=(("'2024-02-01', '2024-01-01'", "ValueError"),),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    first = date.fromisoformat(start)\n"
            "    last = date.fromisoformat(end)\n"
            "    if last < first:\n"
            "        raise ValueError('end is before start')\n"
            "    return (last - first).days // 30",
            "a long range or one ending on a month end, such as 2024-01-01 to 2024-12-31",
            "it counts blocks of 30 days and says 12; calendar months must be counted, giving 11",
            (
                ("'2024-01-01', '2024-12-31'", "11"),
                ("'2024-01-31', '2024-02-29'", "1"),
            ),
        ),
    ),
)

_MORE_VALIDATE: tuple[FunctionTemplate, ...] = (
    F(
        "schema_errors",
        "validate",
        "rows, schema",
        "'row 2: age is not int' messages (rows from 1, in row then schema order) for non-blank"
        " cells that fail the type a schema dict gives their column: int, float, text, date "
        "(real ISO); ValueError for another type",
        "    from datetime import date\n"
        "\n"
        "    checks = {'int': int, 'float': float, 'date': date.fromisoformat, 'text': str}\n"
        "    for kind in schema.values():\n"
        "        if kind not in checks:\n"
        "            raise ValueError(f'unknown type: {kind}')\n"
        "    errors = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        for column, kind in schema.items():\n"
        "            cell = (row.get(column) or '').strip()\n"
        "            if not cell:\n"
        "                continue\n"
        "            try:\n"
        "                checks[kind](cell)\n"
        "            except ValueError:\n"
        "                errors.append(f'row {position}: {column} is not {kind}')\n"
        "    return errors",
        (
            (
                "[{'age': '30', 'when': '2024-01-05', 'n': 'x'}, "
                "{'age': '3.5', 'when': 'soon', 'n': ''}, {'age': '', 'when': '', 'n': '1'}], "
                "{'when': 'date', 'age': 'int', 'n': 'text'}",
                "['row 2: when is not date', 'row 2: age is not int']",
            ),
            ("[{'p': '2.5'}, {'p': 'cheap'}], {'p': 'float'}", "['row 2: p is not float']"),
            ("[], {'a': 'int'}", "[]"),
        ),
        raises=(("[], {'age': 'number'}", "ValueError"),),
        defect=Defect(
            "    import re\n"
            "\n"
            "    patterns = {\n"
            "        'int': r'-?\\d+', 'float': r'-?\\d+(\\.\\d+)?',\n"
            "        'date': r'\\d{4}-\\d{2}-\\d{2}', 'text': r'.*',\n"
            "    }\n"
            "    for kind in schema.values():\n"
            "        if kind not in patterns:\n"
            "            raise ValueError(f'unknown type: {kind}')\n"
            "    return [\n"
            "        f'row {position}: {column} is not {kind}'\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        for column, kind in schema.items()\n"
            "        if (row.get(column) or '').strip()\n"
            "        and not re.fullmatch(patterns[kind], row[column].strip())\n"
            "    ]",
            "a date that does not exist, such as '2024-02-30'",
            "it is not reported; a date must exist in the calendar",
            (
                ("[{'d': '2024-02-30'}], {'d': 'date'}", "['row 1: d is not date']"),
                (
                    "[{'d': '2023-13-01'}, {'d': '2024-02-29'}], {'d': 'date'}",
                    "['row 1: d is not date']",
                ),
            ),
        ),
    ),
    F(
        "duplicate_keys",
        "validate",
        "rows, key",
        "the values of the key column that occur in more than one row, each listed once, sorted",
        "    from collections import Counter\n"
        "\n"
        "    counts = Counter(row[key] for row in rows)\n"
        "    return sorted(value for value, count in counts.items() if count > 1)",
        (
            ("[{'id': '1'}, {'id': '2'}, {'id': '1'}, {'id': '3'}], 'id'", "['1']"),
            ("[{'id': 'b'}, {'id': 'a'}, {'id': 'b'}, {'id': 'a'}], 'id'", "['a', 'b']"),
            ("[{'id': '1'}, {'id': '2'}], 'id'", "[]"),
            ("[], 'id'", "[]"),
        ),
        defect=Defect(
            "    seen = set()\n"
            "    repeated = []\n"
            "    for row in rows:\n"
            "        if row[key] in seen:\n"
            "            repeated.append(row[key])\n"
            "        seen.add(row[key])\n"
            "    return sorted(repeated)",
            "a value that occurs three times",
            "it is listed twice; each repeated value should appear once",
            (
                ("[{'id': 'a'}, {'id': 'a'}, {'id': 'a'}], 'id'", "['a']"),
                ("[{'k': '7'}, {'k': '7'}, {'k': '8'}, {'k': '7'}, {'k': '8'}], 'k'", "['7', '8']"),
            ),
        ),
    ),
    F(
        "out_of_range",
        "validate",
        "rows, name, low, high",
        "the positions (counting from 1) of the rows whose numeric cell in a column is below low "
        "or above high, the bounds themselves being allowed, blank cells skipped",
        "    bad = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell and not low <= float(cell) <= high:\n"
        "            bad.append(position)\n"
        "    return bad",
        (
            ("[{'v': '5'}, {'v': '-1'}, {'v': ''}, {'v': '11'}], 'v', 0, 10", "[2, 4]"),
            ("[{'v': '2.5'}], 'v', 0, 1", "[1]"),
            ("[], 'v', 0, 10", "[]"),
        ),
        defect=Defect(
            "    bad = []\n"
            "    for position, row in enumerate(rows, 1):\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        if cell and not low < float(cell) < high:\n"
            "            bad.append(position)\n"
            "    return bad",
            "a cell exactly on a bound, such as 0 or 10 with bounds 0 and 10",
            "it is reported; the bounds themselves are allowed",
            (
                ("[{'v': '0'}, {'v': '10'}, {'v': '10.5'}], 'v', 0, 10", "[3]"),
                ("[{'v': '1.5'}], 'v', 1.5, 2", "[]"),
            ),
        ),
    ),
    F(
        "header_problems",
        "validate",
        "header",
        "messages on a list of column names, counted from 1, in order: 'column 3: blank name' "
        "for an empty or all-space name, 'column 4: repeats column 1' for a repeat ignoring "
        "case and surrounding spaces",
        "    problems = []\n"
        "    first = {}\n"
        "    for position, name in enumerate(header, 1):\n"
        "        cleaned = name.strip().lower()\n"
        "        if not cleaned:\n"
        "            problems.append(f'column {position}: blank name')\n"
        "        elif cleaned in first:\n"
        "            problems.append(f'column {position}: repeats column {first[cleaned]}')\n"
        "        else:\n"
        "            first[cleaned] = position\n"
        "    return problems",
        (
            ("['id', 'name', '', 'id']", "['column 3: blank name', 'column 4: repeats column 1']"),
            (
                "['x', 'x', ' ', 'x']",
                "['column 2: repeats column 1', 'column 3: blank name', "
                "'column 4: repeats column 1']",
            ),
            ("['a', 'b']", "[]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    problems = []\n"
            "    first = {}\n"
            "    for position, name in enumerate(header, 1):\n"
            "        if not name.strip():\n"
            "            problems.append(f'column {position}: blank name')\n"
            "        elif name in first:\n"
            "            problems.append(f'column {position}: repeats column {first[name]}')\n"
            "        else:\n"
            "            first[name] = position\n"
            "    return problems",
            "names that differ only in letter case or spaces, such as 'ID' and 'id '",
            "the repeat is not reported; names are compared ignoring case and surrounding spaces",
            (
                ("['ID', 'name', 'id ']", "['column 3: repeats column 1']"),
                ("['a', 'City', ' city']", "['column 3: repeats column 2']"),
            ),
        ),
    ),
    F(
        "unexpected_values",
        "validate",
        "rows, name, allowed",
        "(position, cell) pairs, rows counted from 1, for the non-blank cells of a column that "
        "are not among the allowed values, compared ignoring letter case and surrounding spaces, "
        "each cell given as written",
        "    accepted = {value.strip().lower() for value in allowed}\n"
        "    found = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        cell = row.get(name) or ''\n"
        "        if cell.strip() and cell.strip().lower() not in accepted:\n"
        "            found.append((position, cell))\n"
        "    return found",
        (
            (
                "[{'c': 'NO'}, {'c': 'xx'}, {'c': ''}, {'c': 'se'}], 'c', ['NO', 'SE']",
                "[(2, 'xx')]",
            ),
            ("[{'c': 'dk'}], 'c', []", "[(1, 'dk')]"),
            ("[], 'c', ['NO']", "[]"),
        ),
        defect=Defect(
            "    accepted = {value.lower() for value in allowed}\n"
            "    return [\n"
            "        (position, row[name])\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        if row[name].strip() and row[name].lower() not in accepted\n"
            "    ]",
            "a cell with a space around the value, such as 'NO '",
            "it is reported as unexpected; surrounding spaces should not matter",
            (
                ("[{'c': 'NO '}, {'c': ' se'}], 'c', ['NO', 'SE']", "[]"),
                ("[{'c': ' x'}], 'c', ['x ']", "[]"),
            ),
        ),
    ),
    F(
        "invalid_emails",
        "validate",
        "rows, name",
        "positions (from 1) of rows whose non-blank cell in a column, stripped, is not an "
        "address like 'a@b.org': one '@', text before it, no spaces, after it a domain with a "
        "dot not at either end",
        "    bad = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if not cell:\n"
        "            continue\n"
        "        local, at, domain = cell.partition('@')\n"
        "        valid = (\n"
        "            at and local and '@' not in domain and ' ' not in cell and '.' in domain\n"
        "            and not domain.startswith('.') and not domain.endswith('.')\n"
        "        )\n"
        "        if not valid:\n"
        "            bad.append(position)\n"
        "    return bad",
        (
            (
                "[{'e': 'ada@example.org'}, {'e': 'bob'}, {'e': ''}, {'e': 'c@d@e.com'}, "
                "{'e': ' x@y.no '}], 'e'",
                "[2, 4]",
            ),
            ("[{'e': 'a b@c.de'}], 'e'", "[1]"),
            ("[], 'e'", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        position\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        if (row.get(name) or '').strip()\n"
            "        and (row[name].strip().count('@') != 1 or ' ' in row[name].strip())\n"
            "    ]",
            "an address without a dot in its domain or with nothing before '@', such as "
            "'ada@localhost' or '@example.org'",
            "it is not reported; the part before '@' must not be empty and the domain needs a dot",
            (
                ("[{'e': 'ada@localhost'}, {'e': '@example.org'}, {'e': 'x@y.no'}], 'e'", "[1, 2]"),
                ("[{'e': 'x@.com'}, {'e': 'y@com.'}], 'e'", "[1, 2]"),
            ),
        ),
    ),
    F(
        "check_totals",
        "validate",
        "rows, parts, total",
        "the positions (counting from 1) of the rows whose cells in the part columns, blank "
        "counting as 0, do not add up to the cell in the total column, compared after rounding "
        "to two decimals",
        "    def number(row, name):\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        return float(cell) if cell else 0.0\n"
        "\n"
        "    return [\n"
        "        position\n"
        "        for position, row in enumerate(rows, 1)\n"
        "        if round(sum(number(row, p) for p in parts), 2) != round(number(row, total), 2)\n"
        "    ]",
        (
            (
                "[{'a': '1', 'b': '2', 't': '3'}, {'a': '1', 'b': '', 't': '2'}, "
                "{'a': '5', 'b': '5', 't': '10'}], ['a', 'b'], 't'",
                "[2]",
            ),
            ("[{'a': '', 't': ''}], ['a'], 't'", "[]"),
            ("[], ['a'], 't'", "[]"),
        ),
        defect=Defect(
            "    def number(row, name):\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        return float(cell) if cell else 0.0\n"
            "\n"
            "    return [\n"
            "        position\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        if sum(number(row, p) for p in parts) != number(row, total)\n"
            "    ]",
            "decimal parts such as 0.1 and 0.2 with a total of 0.3",
            "the row is reported though it adds up; the sums must be compared after rounding to "
            "two decimals",
            (
                ("[{'a': '0.1', 'b': '0.2', 't': '0.3'}], ['a', 'b'], 't'", "[]"),
                (
                    "[{'a': '1.1', 'b': '2.2', 't': '3.3'}, {'a': '1', 'b': '1', 't': '3'}], ['a', 'b'], 't'",
                    "[2]",
                ),
            ),
        ),
    ),
)

_MORE_RESHAPE: tuple[FunctionTemplate, ...] = (
    F(
        "select_columns",
        "reshape",
        "rows, names",
        "new rows holding only the named columns, in the order of names, a column a row lacks "
        "given as ''",
        "    return [{name: row.get(name, '') for name in names} for row in rows]",
        (
            ("[{'a': '1', 'b': '2', 'c': '3'}], ['c', 'a']", "[{'c': '3', 'a': '1'}]"),
            ("[{'a': '1'}, {'a': '2'}], []", "[{}, {}]"),
            ("[], ['a']", "[]"),
        ),
        defect=Defect(
            "    return [{name: row[name] for name in names} for row in rows]",
            "a row that lacks one of the columns",
            "it crashes with KeyError; the missing cell should be ''",
            (
                (
                    "[{'a': '1'}, {'a': '2', 'b': 'x'}], ['a', 'b']",
                    "[{'a': '1', 'b': ''}, {'a': '2', 'b': 'x'}]",
                ),
            ),
        ),
    ),
    F(
        "relabel_columns",
        "reshape",
        "rows, mapping",
        "new rows with their columns renamed by a dict from old to new names, columns not in the "
        "dict kept as they are, names in the dict that no row has ignored",
        "    return [{mapping.get(k, k): v for k, v in row.items()} for row in rows]",
        (
            ("[{'a': '1', 'b': '2'}], {'a': 'x', 'z': 'y'}", "[{'x': '1', 'b': '2'}]"),
            ("[{'a': '1', 'b': '2'}], {'a': 'b', 'b': 'a'}", "[{'b': '1', 'a': '2'}]"),
            ("[], {'a': 'b'}", "[]"),
        ),
        change=Change(
            "relabel_columns should raise ValueError when renaming would give a row two columns "
            "of the same name, such as renaming 'a' to 'b' in a row that already has 'b'",
            "    relabelled = []\n"
            "    for row in rows:\n"
            "        new = {}\n"
            "        for key, value in row.items():\n"
            "            label = mapping.get(key, key)\n"
            "            if label in new:\n"
            "                raise ValueError(f'two columns named {label!r}')\n"
            "            new[label] = value\n"
            "        relabelled.append(new)\n"
            "    return relabelled",
            (
                ("[{'a': '1', 'b': '2'}], {'a': 'x'}", "[{'x': '1', 'b': '2'}]"),
                ("[{'a': '1', 'b': '2'}], {'a': 'b', 'b': 'a'}", "[{'b': '1', 'a': '2'}]"),
            ),
            raises=(
                ("[{'a': '1', 'b': '2'}], {'a': 'b'}", "ValueError"),
                ("[{'b': '2', 'a': '1'}], {'a': 'b'}", "ValueError"),
            ),
        ),
    ),
    F(
        "rows_to_columns",
        "reshape",
        "rows",
        "a dict from each column of the first row to the list of its cells in row order, '' "
        "where a row lacks the column (an empty dict for no rows)",
        "    if not rows:\n"
        "        return {}\n"
        "    return {name: [row.get(name, '') for row in rows] for name in rows[0]}",
        (
            (
                "[{'a': '1', 'b': 'x'}, {'a': '2', 'b': 'y'}]",
                "{'a': ['1', '2'], 'b': ['x', 'y']}",
            ),
            ("[{'a': '1', 'b': 'x'}, {'a': '2'}]", "{'a': ['1', '2'], 'b': ['x', '']}"),
            ("[]", "{}"),
        ),
        change=Change(
            "rows_to_columns should cover every column that any row has, not only the first "
            "row's, in the order they first appear",
            "    names = []\n"
            "    for row in rows:\n"
            "        names += [name for name in row if name not in names]\n"
            "    return {name: [row.get(name, '') for row in rows] for name in names}",
            (
                ("[{'a': '1'}, {'a': '2', 'b': 'y'}]", "{'a': ['1', '2'], 'b': ['', 'y']}"),
                ("[]", "{}"),
            ),
        ),
    ),
    F(
        "explode_column",
        "reshape",
        "rows, name, sep",
        "new rows, one per part of the column's cell split at sep, parts stripped of surrounding "
        "spaces and empty ones dropped, other cells copied; a row with no part kept once with ''",
        "    result = []\n"
        "    for row in rows:\n"
        "        parts = [part.strip() for part in (row.get(name) or '').split(sep)]\n"
        "        for part in [part for part in parts if part] or ['']:\n"
        "            result.append({**row, name: part})\n"
        "    return result",
        (
            (
                "[{'id': '1', 'tags': 'a;b'}, {'id': '2', 'tags': 'c'}], 'tags', ';'",
                "[{'id': '1', 'tags': 'a'}, {'id': '1', 'tags': 'b'}, {'id': '2', 'tags': 'c'}]",
            ),
            ("[{'id': '3', 'tags': ''}], 'tags', ';'", "[{'id': '3', 'tags': ''}]"),
            ("[], 'tags', ';'", "[]"),
        ),
        defect=Defect(
            "    return [{**row, name: part} for row in rows for part in row[name].split(sep)]",
            "spaces after the separator or two separators in a row, such as 'red, blue' or "
            "'red;;blue'",
            "parts keep their spaces or come out empty; parts should be stripped and empty ones "
            "dropped",
            (
                ("[{'t': 'red, blue'}], 't', ','", "[{'t': 'red'}, {'t': 'blue'}]"),
                ("[{'t': 'a;;b;'}], 't', ';'", "[{'t': 'a'}, {'t': 'b'}]"),
            ),
        ),
    ),
    F(
        "spread_rows",
        "reshape",
        "rows, id_column, name_column, value_column",
        "wide rows from long ones: one per id_column value, in first-seen order, holding the id "
        "and a column for every name_column value found in any row, its value_column cell or '' "
        "(a later row wins)",
        "    names = list(dict.fromkeys(row[name_column] for row in rows))\n"
        "    wide = {}\n"
        "    for row in rows:\n"
        "        ident = row[id_column]\n"
        "        if ident not in wide:\n"
        "            wide[ident] = {id_column: ident, **dict.fromkeys(names, '')}\n"
        "        wide[ident][row[name_column]] = row[value_column]\n"
        "    return list(wide.values())",
        (
            (
                "[{'city': 'Oslo', 'm': 'jan', 's': '3'}, {'city': 'Rome', 'm': 'jan', 's': '5'}, "
                "{'city': 'Oslo', 'm': 'feb', 's': '4'}, {'city': 'Rome', 'm': 'feb', 's': '6'}], "
                "'city', 'm', 's'",
                "[{'city': 'Oslo', 'jan': '3', 'feb': '4'}, {'city': 'Rome', 'jan': '5', 'feb': '6'}]",
            ),
            (
                "[{'id': '1', 'k': 'a', 'v': 'x'}, {'id': '1', 'k': 'a', 'v': 'y'}], 'id', 'k', 'v'",
                "[{'id': '1', 'a': 'y'}]",
            ),
            ("[], 'id', 'k', 'v'", "[]"),
        ),
        defect=Defect(
            "    wide = {}\n"
            "    for row in rows:\n"
            "        ident = row[id_column]\n"
            "        wide.setdefault(ident, {id_column: ident})[row[name_column]] = row[value_column]\n"
            "    return list(wide.values())",
            "an id that lacks one of the names, such as a city with no 'feb' row",
            "its row has no 'feb' column; it should be there as ''",
            (
                (
                    "[{'city': 'Oslo', 'm': 'jan', 's': '3'}, {'city': 'Rome', 'm': 'feb', "
                    "'s': '6'}], 'city', 'm', 's'",
                    "[{'city': 'Oslo', 'jan': '3', 'feb': ''}, {'city': 'Rome', 'jan': '', "
                    "'feb': '6'}]",
                ),
            ),
        ),
    ),
    F(
        "sort_by_number",
        "reshape",
        "rows, name, descending",
        "the rows sorted by the number in a column, smallest first, or largest first when "
        "descending is true, equal numbers keeping their order and rows with a blank cell "
        "always last, in their order",
        "    def blank(row):\n"
        "        return not (row.get(name) or '').strip()\n"
        "\n"
        "    filled = [row for row in rows if not blank(row)]\n"
        "    ordered = sorted(filled, key=lambda row: float(row[name]), reverse=descending)\n"
        "    return ordered + [row for row in rows if blank(row)]",
        (
            (
                "[{'v': '10'}, {'v': ''}, {'v': '9'}, {'v': '-1'}], 'v', False",
                "[{'v': '-1'}, {'v': '9'}, {'v': '10'}, {'v': ''}]",
            ),
            (
                "[{'v': '2', 'n': 'a'}, {'v': '3'}, {'v': '2', 'n': 'b'}], 'v', True",
                "[{'v': '3'}, {'v': '2', 'n': 'a'}, {'v': '2', 'n': 'b'}]",
            ),
            ("[], 'v', True", "[]"),
        ),
        defect=Defect(
            "    def key(row):\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        return (not cell, float(cell) if cell else 0.0)\n"
            "\n"
            "    return sorted(rows, key=key, reverse=descending)",
            "a blank cell when sorting largest first",
            "that row comes first; rows with a blank cell always go last",
            (
                (
                    "[{'v': ''}, {'v': '1'}, {'v': '5'}], 'v', True",
                    "[{'v': '5'}, {'v': '1'}, {'v': ''}]",
                ),
            ),
        ),
    ),
)

_RENDER: tuple[FunctionTemplate, ...] = (
    F(
        "csv_line",
        "render",
        "cells",
        "one CSV line, without a line ending, from a list of cell texts joined by commas, a cell "
        "holding a comma, a double quote or a newline wrapped in double quotes with its quotes "
        "doubled",
        "    out = []\n"
        "    for cell in cells:\n"
        "        if any(mark in cell for mark in ',\"\\n'):\n"
        "            cell = '\"' + cell.replace('\"', '\"\"') + '\"'\n"
        "        out.append(cell)\n"
        "    return ','.join(out)",
        (
            ("['a', 'b c']", "'a,b c'"),
            ("['Smith, J', 'Oslo']", "'\"Smith, J\",Oslo'"),
            ("['line\\none', '']", "'\"line\\none\",'"),
            ("[]", "''"),
        ),
        defect=Defect(
            "    return ','.join(\n"
            "        f'\"{cell}\"' if ',' in cell or '\\n' in cell else cell for cell in cells\n"
            "    )",
            "a cell containing a double quote, such as 'say \"hi\"'",
            "the quote is written bare and breaks the CSV; the cell must be quoted with its "
            "quotes doubled",
            (
                ("['say \"hi\"']", '\'"say ""hi"""\''),
                ("['5\" disk, used', 'x']", '\'"5"" disk, used",x\''),
            ),
        ),
    ),
    F(
        "fixed_width",
        "render",
        "rows, widths",
        "the rows as fixed-width lines joined by newlines, each holding the row's cells for the"
        " columns of a dict of widths, in its order, cut or space-padded to the width, a "
        "missing cell as ''",
        "    lines = []\n"
        "    for row in rows:\n"
        "        line = ''\n"
        "        for name, width in widths.items():\n"
        "            line += str(row.get(name, ''))[:width].ljust(width)\n"
        "        lines.append(line)\n"
        "    return '\\n'.join(lines)",
        (
            (
                "[{'id': '1', 'name': 'Ada'}, {'id': '22', 'name': 'Bo'}], {'id': 3, 'name': 5}",
                "'1  Ada  \\n22 Bo   '",
            ),
            ("[{'id': '1'}], {'name': 2, 'id': 2}", "'  1 '"),
            ("[], {'id': 3}", "''"),
        ),
        defect=Defect(
            "    return '\\n'.join(\n"
            "        ''.join(str(row.get(name, '')).ljust(width) for name, width in widths.items())\n"
            "        for row in rows\n"
            "    )",
            "a cell longer than its width, such as 'Reykjavik' in a width of 5",
            "the line grows and the columns after it shift; the cell must be cut to 'Reykj'",
            (("[{'c': 'Reykjavik', 'n': '1'}], {'c': 5, 'n': 2}", "'Reykj1 '"),),
        ),
        change=Change(
            "fixed_width should right-align a cell that is a number (any text float() accepts), "
            "padding it on the left, and keep left-aligning the others",
            "    def is_number(text):\n"
            "        try:\n"
            "            float(text)\n"
            "        except ValueError:\n"
            "            return False\n"
            "        return True\n"
            "\n"
            "    lines = []\n"
            "    for row in rows:\n"
            "        line = ''\n"
            "        for name, width in widths.items():\n"
            "            cell = str(row.get(name, ''))[:width]\n"
            "            line += cell.rjust(width) if is_number(cell) else cell.ljust(width)\n"
            "        lines.append(line)\n"
            "    return '\\n'.join(lines)",
            (
                (
                    "[{'id': '1', 'name': 'Ada'}, {'id': '-2.5', 'name': 'Bo'}], "
                    "{'id': 5, 'name': 4}",
                    "'    1Ada \\n -2.5Bo  '",
                ),
                ("[], {'id': 3}", "''"),
            ),
        ),
    ),
    F(
        "spark_bars",
        "render",
        "values",
        "one character per number from '.-=+*#', the level being (value - min) * 5 // (max - "
        "min), so the smallest number is '.' and the largest '#'; all '.' when the numbers are "
        "equal, '' for none",
        "    if not values:\n"
        "        return ''\n"
        "    low, high = min(values), max(values)\n"
        "    if high == low:\n"
        "        return '.' * len(values)\n"
        "    return ''.join('.-=+*#'[int((value - low) * 5 // (high - low))] for value in values)",
        (
            ("[0, 1, 2, 3, 4, 5]", "'.-=+*#'"),
            ("[10, 20, 15]", "'.#='"),
            ("[4, 4]", "'..'"),
            ("[]", "''"),
        ),
        change=Change(
            "spark_bars should accept None in the list for a missing number, shown as a space "
            "and left out of the minimum and maximum",
            "    known = [value for value in values if value is not None]\n"
            "    if not known:\n"
            "        return ' ' * len(values)\n"
            "    low, high = min(known), max(known)\n"
            "    marks = []\n"
            "    for value in values:\n"
            "        if value is None:\n"
            "            marks.append(' ')\n"
            "        elif high == low:\n"
            "            marks.append('.')\n"
            "        else:\n"
            "            marks.append('.-=+*#'[int((value - low) * 5 // (high - low))])\n"
            "    return ''.join(marks)",
            (
                ("[0, None, 10, 5]", "'. #='"),
                ("[None, 3, 3]", "' ..'"),
                ("[None]", "' '"),
                ("[]", "''"),
            ),
        ),
    ),
    F(
        "progress_bar",
        "render",
        "share, width",
        "a bar like '[###.......] 30%' for a share from 0 to 1 (clamped to that): width "
        "characters, round(share * width) of them '#', the rest '.', then the share as a whole "
        "percent",
        "    share = min(max(share, 0.0), 1.0)\n"
        "    filled = round(share * width)\n"
        "    return '[' + '#' * filled + '.' * (width - filled) + f'] {round(share * 100)}%'",
        (
            ("0.3, 10", "'[###.......] 30%'"),
            ("1, 4", "'[####] 100%'"),
            ("0, 3", "'[...] 0%'"),
            ("0.25, 8", "'[##......] 25%'"),
        ),
        defect=Defect(
            "    filled = round(share * width)\n"
            "    return '[' + '#' * filled + '.' * (width - filled) + f'] {round(share * 100)}%'",
            "a share above 1 or below 0, such as 1.5",
            "the bar grows past its width and shows 150%; it should be full and show 100%",
            (
                ("1.5, 4", "'[####] 100%'"),
                ("-0.2, 5", "'[.....] 0%'"),
            ),
        ),
    ),
    F(
        "markdown_cell",
        "render",
        "text",
        "the text made safe for one cell of a Markdown table: surrounding whitespace stripped, "
        "a backslash put before each '|', and each newline written as '<br>'",
        "    return text.strip().replace('|', '\\\\|').replace('\\n', '<br>')",
        (
            ("'a|b'", "'a\\\\|b'"),
            ("'  x '", "'x'"),
            ("'plain'", "'plain'"),
        ),
        defect=Defect(
            "    return text.strip().replace('|', '\\\\|')",
            "a cell with a line break in it",
            "the line break splits the table row; it should become '<br>'",
            (
                ("'one\\ntwo'", "'one<br>two'"),
                ("'a|b\\nc '", "'a\\\\|b<br>c'"),
            ),
        ),
    ),
    F(
        "aligned_pairs",
        "render",
        "mapping",
        "the items of a dict as 'key: value' lines joined by newlines, in the dict's order, each "
        "key with its colon padded with spaces so that all values start in the same column ('' "
        "for an empty dict)",
        "    if not mapping:\n"
        "        return ''\n"
        "    width = max(len(str(key)) for key in mapping) + 1\n"
        "    return '\\n'.join(\n"
        "        (str(key) + ':').ljust(width) + ' ' + str(value) for key, value in mapping.items()\n"
        "    )",
        (
            ("{'ab': 1, 'cd': 'x'}", "'ab: 1\\ncd: x'"),
            ("{'k': 'v'}", "'k: v'"),
            ("{}", "''"),
        ),
        defect=Defect(
            "    return '\\n'.join(f'{key}: {value}' for key, value in mapping.items())",
            "keys of different lengths, such as 'a' and 'total'",
            "the values do not line up; shorter keys must be padded",
            (
                ("{'a': 1, 'total': 12}", "'a:     1\\ntotal: 12'"),
                ("{'bbb': 'x', 'c': 'y'}", "'bbb: x\\nc:   y'"),
            ),
        ),
    ),
    F(
        "change_label",
        "render",
        "old, new",
        "the change from old to new as signed percent text with one decimal, measured against "
        "the size of old (its absolute value), like '+12.5%', '-3.0%' or '+0.0%'; 'n/a' when old "
        "is 0",
        "    if old == 0:\n"
        "        return 'n/a'\n"
        "    return f'{(new - old) / abs(old) * 100:+.1f}%'",
        (
            ("80, 90", "'+12.5%'"),
            ("100, 97", "'-3.0%'"),
            ("5, 5", "'+0.0%'"),
            ("0, 3", "'n/a'"),
        ),
        defect=Defect(
            "    if old == 0:\n        return 'n/a'\n    return f'{(new - old) / old * 100:+.1f}%'",
            "a negative old value, such as a loss of -10 shrinking to -5",
            "it says '-50.0%'; the change is measured against the size of old, so it is '+50.0%'",
            (
                ("-10, -5", "'+50.0%'"),
                ("-4, -5", "'-25.0%'"),
            ),
        ),
    ),
    F(
        "share_lines",
        "render",
        "counts",
        "one line per key of a dict of counts, 'key: n (p%)' with p the count's share of the "
        "total in percent with one decimal, in the dict's order, joined by newlines; 0.0% when "
        "the total is 0",
        "    whole = sum(counts.values())\n"
        "    return '\\n'.join(\n"
        "        f'{key}: {count} ({100 * count / whole if whole else 0:.1f}%)'\n"
        "        for key, count in counts.items()\n"
        "    )",
        (
            ("{'a': 1, 'b': 3}", "'a: 1 (25.0%)\\nb: 3 (75.0%)'"),
            ("{'x': 2, 'y': 1}", "'x: 2 (66.7%)\\ny: 1 (33.3%)'"),
            ("{}", "''"),
        ),
        defect=Defect(
            "    whole = sum(counts.values())\n"
            "    return '\\n'.join(\n"
            "        f'{key}: {count} ({100 * count / whole:.1f}%)' for key, count in counts.items()\n"
            "    )",
            "counts that are all 0",
            "it crashes with ZeroDivisionError; every share should read 0.0%",
            (("{'a': 0, 'b': 0}", "'a: 0 (0.0%)\\nb: 0 (0.0%)'"),),
        ),
    ),
)

_MORE_LOAD: tuple[FunctionTemplate, ...] = (
    F(
        "read_fixed_width",
        "load",
        "text, widths",
        "rows from fixed-width text, one per non-blank line: a list of (name, width) pairs cuts "
        "each line into consecutive fields, each stripped of spaces, '' for a field past the "
        "end of a short line",
        "    rows = []\n"
        "    for line in text.splitlines():\n"
        "        if not line.strip():\n"
        "            continue\n"
        "        row, start = {}, 0\n"
        "        for name, width in widths:\n"
        "            row[name] = line[start:start + width].strip()\n"
        "            start += width\n"
        "        rows.append(row)\n"
        "    return rows",
        (
            (
                "'Ada  36\\nBo    7\\n', [('name', 5), ('age', 3)]",
                "[{'name': 'Ada', 'age': '36'}, {'name': 'Bo', 'age': '7'}]",
            ),
            ("'Cy', [('name', 5), ('age', 3)]", "[{'name': 'Cy', 'age': ''}]"),
            ("'', [('name', 5)]", "[]"),
        ),
        defect=Defect(
            "    rows = []\n"
            "    for line in text.splitlines():\n"
            "        row, start = {}, 0\n"
            "        for name, width in widths:\n"
            "            row[name] = line[start:start + width].strip()\n"
            "            start += width\n"
            "        rows.append(row)\n"
            "    return rows",
            "a blank line between records",
            "it becomes a row of empty fields; blank lines should be skipped",
            (
                (
                    "'Ada  36\\n\\nBo    7\\n', [('name', 5), ('age', 3)]",
                    "[{'name': 'Ada', 'age': '36'}, {'name': 'Bo', 'age': '7'}]",
                ),
                ("'Ada  36\\n   \\n', [('name', 5), ('age', 3)]", "[{'name': 'Ada', 'age': '36'}]"),
            ),
        ),
    ),
    F(
        "read_blocks",
        "load",
        "text",
        "one dict per block of 'key: value' lines, blocks separated by one or more blank lines "
        "(which may hold spaces), each line split at its first ':', keys and values stripped",
        "    records, current = [], {}\n"
        "    for line in text.splitlines():\n"
        "        if not line.strip():\n"
        "            if current:\n"
        "                records.append(current)\n"
        "                current = {}\n"
        "            continue\n"
        "        key, _, value = line.partition(':')\n"
        "        current[key.strip()] = value.strip()\n"
        "    if current:\n"
        "        records.append(current)\n"
        "    return records",
        (
            (
                "'name: Ada\\nage: 36\\n\\nname: Bo\\nage: 7\\n'",
                "[{'name': 'Ada', 'age': '36'}, {'name': 'Bo', 'age': '7'}]",
            ),
            ("'url: http://x.org/a\\n'", "[{'url': 'http://x.org/a'}]"),
            ("''", "[]"),
        ),
        defect=Defect(
            "    records = []\n"
            "    for block in text.strip().split('\\n\\n'):\n"
            "        if block:\n"
            "            pairs = [line.partition(':') for line in block.split('\\n')]\n"
            "            records.append({k.strip(): v.strip() for k, _, v in pairs})\n"
            "    return records",
            "two blank lines between blocks, or a blank line holding spaces",
            "an empty key '' shows up in a record, or two records are merged; any run of blank "
            "lines separates blocks",
            (
                ("'a: 1\\n\\n\\nb: 2\\n'", "[{'a': '1'}, {'b': '2'}]"),
                ("'a: 1\\n  \\nb: 2'", "[{'a': '1'}, {'b': '2'}]"),
            ),
        ),
    ),
    F(
        "read_json_lines",
        "load",
        "text",
        "one dict per non-blank line of JSON Lines text, every value turned into text with str "
        "except null, which becomes ''; ValueError for a line that is not a JSON object",
        "    import json\n"
        "\n"
        "    rows = []\n"
        "    for line in text.splitlines():\n"
        "        if not line.strip():\n"
        "            continue\n"
        "        record = json.loads(line)\n"
        "        if not isinstance(record, dict):\n"
        "            raise ValueError(f'not a JSON object: {line!r}')\n"
        "        rows.append({k: '' if v is None else str(v) for k, v in record.items()})\n"
        "    return rows",
        (
            (
                '\'{"a": 1, "b": "x"}\\n\\n{"a": 2.5, "b": "y"}\\n\'',
                "[{'a': '1', 'b': 'x'}, {'a': '2.5', 'b': 'y'}]",
            ),
            ("''", "[]"),
        ),
        raises=(("'{\"a\": 1\\n'", "ValueError"), ("'[1, 2]\\n'", "ValueError")),
        defect=Defect(
            "    import json\n"
            "\n"
            "    rows = []\n"
            "    for line in text.splitlines():\n"
            "        if not line.strip():\n"
            "            continue\n"
            "        record = json.loads(line)\n"
            "        if not isinstance(record, dict):\n"
            "            raise ValueError(f'not a JSON object: {line!r}')\n"
            "        rows.append({k: str(v) for k, v in record.items()})\n"
            "    return rows",
            "a null value in a record",
            "it becomes the text 'None'; null should become ''",
            (
                ('\'{"a": null, "b": "y"}\\n\'', "[{'a': '', 'b': 'y'}]"),
                ("'{\"n\": null}'", "[{'n': ''}]"),
            ),
        ),
    ),
    F(
        "read_headless",
        "load",
        "text, names",
        "rows from CSV text without a header line, keyed by the given column names, blank lines "
        "skipped, a line with fewer cells padded with ''; ValueError for a line with more cells "
        "than names",
        "    import csv\n"
        "    import io\n"
        "\n"
        "    rows = []\n"
        "    for cells in csv.reader(io.StringIO(text)):\n"
        "        if not cells:\n"
        "            continue\n"
        "        if len(cells) > len(names):\n"
        "            raise ValueError(f'too many cells: {cells!r}')\n"
        "        rows.append({name: cells[i] if i < len(cells) else '' for i, name in enumerate(names)})\n"
        "    return rows",
        (
            (
                "'Ada,36\\n\\nBo,7\\n', ['name', 'age']",
                "[{'name': 'Ada', 'age': '36'}, {'name': 'Bo', 'age': '7'}]",
            ),
            ("'\"Smith, J\",40\\n', ['name', 'age']", "[{'name': 'Smith, J', 'age': '40'}]"),
            ("'', ['a']", "[]"),
        ),
        raises=(("'a,b,c\\n', ['x', 'y']", "ValueError"),),
        defect=Defect(
            "    import csv\n"
            "    import io\n"
            "\n"
            "    rows = []\n"
            "    for cells in csv.reader(io.StringIO(text)):\n"
            "        if not cells:\n"
            "            continue\n"
            "        if len(cells) > len(names):\n"
            "            raise ValueError(f'too many cells: {cells!r}')\n"
            "        rows.append(dict(zip(names, cells)))\n"
            "    return rows",
            "a line with fewer cells than names, such as 'Cy' for name and age",
            "its row has no 'age' key; a missing cell should be ''",
            (
                ("'Cy\\n', ['name', 'age']", "[{'name': 'Cy', 'age': ''}]"),
                (
                    "'1,2\\n3\\n', ['a', 'b', 'c']",
                    "[{'a': '1', 'b': '2', 'c': ''}, {'a': '3', 'b': '', 'c': ''}]",
                ),
            ),
        ),
    ),
    F(
        "read_commented_csv",
        "load",
        "text",
        "the rows of CSV text as a list of dicts of strings after dropping blank lines and "
        "comment lines (starting with '#' once leading spaces are ignored), the first line left "
        "being the header",
        "    import csv\n"
        "    import io\n"
        "\n"
        "    kept = [\n"
        "        line for line in text.splitlines()\n"
        "        if line.strip() and not line.lstrip().startswith('#')\n"
        "    ]\n"
        "    return list(csv.DictReader(io.StringIO('\\n'.join(kept))))",
        (
            (
                "'# export\\na,b\\n1,2\\n\\n  # note\\n3,4\\n'",
                "[{'a': '1', 'b': '2'}, {'a': '3', 'b': '4'}]",
            ),
            ("'a,b\\n'", "[]"),
            ("''", "[]"),
        ),
        defect=Defect(
            "    import csv\n"
            "    import io\n"
            "\n"
            "    kept = [line for line in text.splitlines() if line.strip() and '#' not in line]\n"
            "    return list(csv.DictReader(io.StringIO('\\n'.join(kept))))",
            "a cell that contains '#', such as 'Room #3'",
            "its whole row is dropped; only lines that start with '#' are comments",
            (
                ("'room,n\\nRoom #3,4\\n'", "[{'room': 'Room #3', 'n': '4'}]"),
                ("'# c\\ntag\\n#1\\nx#\\n'", "[{'tag': 'x#'}]"),
            ),
        ),
    ),
    F(
        "read_markdown_table",
        "load",
        "text",
        "rows from a Markdown pipe table: the first line names the columns, the '---' line "
        "under it is skipped, cells are stripped, and a '|' after a backslash is part of its "
        "cell; [] for no text",
        "    import re\n"
        "\n"
        "    def cells(line):\n"
        "        inner = line.strip().removeprefix('|').removesuffix('|')\n"
        "        return [cell.strip().replace('\\\\|', '|') for cell in re.split(r'(?<!\\\\)\\|', inner)]\n"
        "\n"
        "    lines = [line for line in text.splitlines() if line.strip()]\n"
        "    if not lines:\n"
        "        return []\n"
        "    header = cells(lines[0])\n"
        "    return [dict(zip(header, cells(line))) for line in lines[2:]]",
        (
            (
                "'| a | b |\\n|---|---|\\n| 1 | x |\\n| 2 | y |\\n'",
                "[{'a': '1', 'b': 'x'}, {'a': '2', 'b': 'y'}]",
            ),
            ("'| a |\\n|---|\\n'", "[]"),
            ("''", "[]"),
        ),
        defect=Defect(
            "    lines = [line.strip() for line in text.splitlines() if line.strip()]\n"
            "    if not lines:\n"
            "        return []\n"
            "    header = [cell.strip() for cell in lines[0].strip('|').split('|')]\n"
            "    return [\n"
            "        dict(zip(header, [cell.strip() for cell in line.strip('|').split('|')]))\n"
            "        for line in lines[2:]\n"
            "    ]",
            "a cell holding a '|' escaped with a backslash",
            "the cell is cut at the pipe; a '|' after a backslash belongs to the cell",
            (
                (
                    "'| name | note |\\n|---|---|\\n| Ada | a \\\\| b |\\n'",
                    "[{'name': 'Ada', 'note': 'a | b'}]",
                ),
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
    *_MORE_LOAD,
    *_CELLS,
    *_JOINS,
    *_COMPARE,
    *_PROFILING,
    *_MORE_AGGREGATE,
    *_MORE_STATS,
    *_BINS,
    *_MORE_DATES,
    *_MORE_VALIDATE,
    *_MORE_RESHAPE,
    *_RENDER,
    *data_wrangling.TEMPLATES,
)
