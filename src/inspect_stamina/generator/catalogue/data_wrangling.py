"""Yet more functions of the data domain (generator version 3 on), beside `data.py`.

The everyday wrangling a pipeline grows after its first reports: tidying cells, summing
and comparing groups, series over time, calendar arithmetic, checks before loading,
reshaping records and formatting values for people. `data.MORE_TEMPLATES` ends with
these, so that two seeds of the domain build mostly different projects.
"""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate

F = FunctionTemplate

_TIDY: tuple[FunctionTemplate, ...] = (
    F(
        "collapse_spaces",
        "clean",
        "rows",
        "new rows in which every cell has each run of whitespace (spaces, tabs) inside it "
        "replaced by one space and surrounding whitespace removed, column names unchanged",
        "    return [{key: ' '.join(str(cell).split()) for key, cell in row.items()} for row in rows]",
        (
            (
                "[{'name': '  Ada  Lovelace ', 'city': 'Oslo'}]",
                "[{'name': 'Ada Lovelace', 'city': 'Oslo'}]",
            ),
            ("[{'a': 'x y'}]", "[{'a': 'x y'}]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        {key: str(cell).replace('  ', ' ').strip() for key, cell in row.items()}\n"
            "        for row in rows\n"
            "    ]",
            "a run of three or more spaces inside a cell, such as 'New    York', or a tab",
            "spaces or the tab are left behind; any run of whitespace should become one space",
            (
                ("[{'city': 'New    York'}]", "[{'city': 'New York'}]"),
                ("[{'a': 'p\\tq'}]", "[{'a': 'p q'}]"),
            ),
        ),
        change=Change(
            "collapse_spaces should leave a cell that is not text (a number, None) as it is",
            "    return [\n"
            "        {key: ' '.join(cell.split()) if isinstance(cell, str) else cell for key, cell in row.items()}\n"
            "        for row in rows\n"
            "    ]",
            (
                ("[{'a': None, 'b': 3, 'c': ' x  y '}]", "[{'a': None, 'b': 3, 'c': 'x y'}]"),
                ("[{'a': '  p '}]", "[{'a': 'p'}]"),
            ),
        ),
    ),
    F(
        "title_case_column",
        "clean",
        "rows, name",
        "new rows in which the column's cell has the first letter of each space-separated word "
        "upper-cased and the rest of the word lower-cased (a letter after an apostrophe or "
        "hyphen stays lower-case), a row without the column unchanged",
        "    def fix(word):\n"
        "        return word[:1].upper() + word[1:].lower()\n"
        "\n"
        "    fixed = []\n"
        "    for row in rows:\n"
        "        new = dict(row)\n"
        "        if name in row:\n"
        "            new[name] = ' '.join(fix(word) for word in row[name].split(' '))\n"
        "        fixed.append(new)\n"
        "    return fixed",
        (
            (
                "[{'city': 'nEW york'}, {'city': 'OSLO'}], 'city'",
                "[{'city': 'New York'}, {'city': 'Oslo'}]",
            ),
            ("[{'id': '1'}], 'city'", "[{'id': '1'}]"),
        ),
        defect=Defect(
            "    return [{**row, name: row[name].title()} if name in row else dict(row) for row in rows]",
            "a word with an apostrophe or a hyphen, such as \"o'neil\" or 'jean-luc'",
            'the letter after the apostrophe or hyphen is capitalised too ("O\'Neil", '
            "'Jean-Luc'); only the first letter of each space-separated word should be",
            (
                ("[{'n': \"o'neil\"}], 'n'", "[{'n': \"O'neil\"}]"),
                ("[{'n': 'jean-luc picard'}], 'n'", "[{'n': 'Jean-luc Picard'}]"),
            ),
        ),
    ),
    F(
        "drop_empty_rows",
        "clean",
        "rows",
        "the rows that have at least one cell that is not blank (blank: empty, only spaces "
        "or None), in their order",
        "    return [row for row in rows if any(str(cell or '').strip() for cell in row.values())]",
        (
            (
                "[{'a': '1', 'b': ''}, {'a': '', 'b': ''}, {'a': None, 'b': '2'}]",
                "[{'a': '1', 'b': ''}, {'a': None, 'b': '2'}]",
            ),
            ("[{}]", "[]"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    return [row for row in rows if any(row.values())]",
            "a row whose cells hold only spaces, as an export pads them",
            "the row is kept; cells of only spaces count as blank",
            (
                ("[{'a': '  ', 'b': ' '}, {'a': 'x', 'b': ''}]", "[{'a': 'x', 'b': ''}]"),
                ("[{'a': '\\t'}]", "[]"),
            ),
        ),
    ),
    F(
        "truncate_cells",
        "clean",
        "rows, limit",
        "new rows in which every cell longer than limit characters is cut to limit - 1 "
        "characters followed by '…' (so it is exactly limit characters long), shorter cells "
        "unchanged; ValueError when limit is below 1",
        "    if limit < 1:\n"
        "        raise ValueError('limit must be at least 1')\n"
        "    return [\n"
        "        {key: cell if len(cell) <= limit else cell[: limit - 1] + '…' for key, cell in row.items()}\n"
        "        for row in rows\n"
        "    ]",
        (
            ("[{'note': 'abcd', 'id': '7'}], 4", "[{'note': 'abcd', 'id': '7'}]"),
            ("[], 3", "[]"),
        ),
        raises=(("[{'a': 'x'}], 0", "ValueError"),),
        defect=Defect(
            "    if limit < 1:\n"
            "        raise ValueError('limit must be at least 1')\n"
            "    return [{key: cell[:limit] + '…' if len(cell) > limit else cell for key, cell in row.items()} for row in rows]",
            "any cell longer than the limit",
            "the cut cell is limit + 1 characters long with its '…'; it should be exactly limit "
            "characters, the '…' included",
            (
                ("[{'note': 'abcdef', 'id': '7'}], 4", "[{'note': 'abc…', 'id': '7'}]"),
                ("[{'a': 'abcdefgh'}], 5", "[{'a': 'abcd…'}]"),
                ("[{'a': 'xy'}], 1", "[{'a': '…'}]"),
            ),
        ),
    ),
    F(
        "unique_values",
        "clean",
        "rows, name",
        "the distinct non-blank values of a column (stripped of surrounding spaces) in the "
        "order they first appear, blank and missing cells skipped",
        "    seen = []\n"
        "    for row in rows:\n"
        "        value = (row.get(name) or '').strip()\n"
        "        if value and value not in seen:\n"
        "            seen.append(value)\n"
        "    return seen",
        (
            (
                "[{'c': 'Oslo'}, {'c': ' Rome'}, {'c': 'Oslo'}, {'c': ''}, {}], 'c'",
                "['Oslo', 'Rome']",
            ),
            ("[], 'c'", "[]"),
        ),
        defect=Defect(
            "    return sorted({(row.get(name) or '').strip() for row in rows} - {''})",
            "values whose first appearance is not in alphabetical order",
            "the values come back sorted; they should be in the order they first appear",
            (
                ("[{'c': 'Rome'}, {'c': 'Oslo'}, {'c': 'Rome'}], 'c'", "['Rome', 'Oslo']"),
                ("[{'c': 'b'}, {'c': 'a'}], 'c'", "['b', 'a']"),
            ),
        ),
        change=Change(
            "unique_values should treat values that differ only in letter case as one value, "
            "keeping the spelling of its first appearance",
            "    seen, kept = set(), []\n"
            "    for row in rows:\n"
            "        value = (row.get(name) or '').strip()\n"
            "        if value and value.lower() not in seen:\n"
            "            seen.add(value.lower())\n"
            "            kept.append(value)\n"
            "    return kept",
            (
                (
                    "[{'c': 'Oslo'}, {'c': 'OSLO'}, {'c': 'rome'}, {'c': 'Rome'}], 'c'",
                    "['Oslo', 'rome']",
                ),
                ("[{'c': 'a'}], 'c'", "['a']"),
            ),
        ),
    ),
    F(
        "coalesce_columns",
        "clean",
        "rows, names, target",
        "new rows with a target column holding the first non-blank (not empty, not only spaces, "
        "not missing) cell among the named columns, in the order given, stripped, or '' when "
        "all are blank",
        "    merged = []\n"
        "    for row in rows:\n"
        "        cells = [(row.get(name) or '').strip() for name in names]\n"
        "        merged.append({**row, target: next((cell for cell in cells if cell), '')})\n"
        "    return merged",
        (
            (
                "[{'mobile': '', 'home': '555'}, {'mobile': '777', 'home': '555'}], ['mobile', 'home'], 'phone'",
                "[{'mobile': '', 'home': '555', 'phone': '555'}, {'mobile': '777', 'home': '555', 'phone': '777'}]",
            ),
            ("[{'a': ''}], ['a', 'b'], 't'", "[{'a': '', 't': ''}]"),
        ),
        defect=Defect(
            "    merged = []\n"
            "    for row in rows:\n"
            "        value = ''\n"
            "        for name in names:\n"
            "            value = value or row.get(name) or ''\n"
            "        merged.append({**row, target: value.strip()})\n"
            "    return merged",
            "a cell of only spaces in an earlier column, such as {'mobile': ' ', 'home': '555'}",
            "the target comes out '' instead of '555'; a cell of only spaces is blank and the "
            "next column should be used",
            (
                (
                    "[{'m': ' ', 'h': '555'}], ['m', 'h'], 'p'",
                    "[{'m': ' ', 'h': '555', 'p': '555'}]",
                ),
                (
                    "[{'a': '  ', 'b': '', 'c': 'z'}], ['a', 'b', 'c'], 't'",
                    "[{'a': '  ', 'b': '', 'c': 'z', 't': 'z'}]",
                ),
            ),
        ),
    ),
    F(
        "clip_values",
        "clean",
        "values, low, high",
        "the numbers with each one below low replaced by low and each one above high by high, "
        "None kept as None (a missing value); ValueError when low is greater than high",
        "    if low > high:\n"
        "        raise ValueError('low is greater than high')\n"
        "    return [None if v is None else min(max(v, low), high) for v in values]",
        (
            ("[-5, 3, 12], 0, 10", "[0, 3, 10]"),
            ("[1.5, 2.5], 2, 2", "[2, 2]"),
            ("[], 0, 1", "[]"),
        ),
        raises=(("[1], 5, 1", "ValueError"),),
        defect=Defect(
            "    if low > high:\n"
            "        raise ValueError('low is greater than high')\n"
            "    return [min(max(v, low), high) for v in values]",
            "a missing value (None) among the numbers",
            "it crashes with TypeError; None should stay None",
            (("[None, 20], 0, 10", "[None, 10]"), ("[None], 1, 2", "[None]")),
        ),
    ),
)

_GROUPS: tuple[FunctionTemplate, ...] = (
    F(
        "group_min_max",
        "aggregate",
        "rows, key, name",
        "a dict from each value of the key column (in first-appearance order) to the (min, max) "
        "pair of the numeric column's cells as floats, compared as numbers, blank cells skipped "
        "(a group with only blank cells is left out)",
        "    ranges = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if not cell:\n"
        "            continue\n"
        "        value = float(cell)\n"
        "        low, high = ranges.get(row[key], (value, value))\n"
        "        ranges[row[key]] = (min(low, value), max(high, value))\n"
        "    return ranges",
        (
            (
                "[{'g': 'a', 'v': '3'}, {'g': 'b', 'v': '1'}, {'g': 'a', 'v': '5'}, {'g': 'b', 'v': ''}], 'g', 'v'",
                "{'a': (3.0, 5.0), 'b': (1.0, 1.0)}",
            ),
            ("[{'g': 'a', 'v': ''}], 'g', 'v'", "{}"),
        ),
        defect=Defect(
            "    cells = {}\n"
            "    for row in rows:\n"
            "        if (row.get(name) or '').strip():\n"
            "            cells.setdefault(row[key], []).append(row[name].strip())\n"
            "    return {g: (float(min(c)), float(max(c))) for g, c in cells.items()}",
            "values with different numbers of digits, such as '9' and '10'",
            "the cells are compared as text, so 9 comes out as the maximum; compare them as "
            "numbers",
            (
                ("[{'g': 'a', 'v': '9'}, {'g': 'a', 'v': '10'}], 'g', 'v'", "{'a': (9.0, 10.0)}"),
                (
                    "[{'g': 'x', 'v': '100'}, {'g': 'x', 'v': '25'}], 'g', 'v'",
                    "{'x': (25.0, 100.0)}",
                ),
            ),
        ),
    ),
    F(
        "distinct_counts",
        "aggregate",
        "rows, key, name",
        "a dict from each value of the key column (in first-appearance order) to how many "
        "distinct non-blank values its rows have in another column",
        "    values = {}\n"
        "    for row in rows:\n"
        "        cells = values.setdefault(row[key], set())\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell:\n"
        "            cells.add(cell)\n"
        "    return {group: len(cells) for group, cells in values.items()}",
        (
            (
                "[{'shop': 'A', 'item': 'tea'}, {'shop': 'B', 'item': 'tea'}, {'shop': 'A', 'item': 'jam'}], 'shop', 'item'",
                "{'A': 2, 'B': 1}",
            ),
            ("[{'shop': 'A', 'item': ''}], 'shop', 'item'", "{'A': 0}"),
            ("[], 'shop', 'item'", "{}"),
        ),
        defect=Defect(
            "    counts = {}\n"
            "    for row in rows:\n"
            "        counts.setdefault(row[key], 0)\n"
            "        if (row.get(name) or '').strip():\n"
            "            counts[row[key]] += 1\n"
            "    return counts",
            "a group whose rows repeat a value, such as two 'tea' rows for shop A",
            "the repeated value is counted twice; each distinct value counts once",
            (
                ("[{'s': 'A', 'i': 'tea'}, {'s': 'A', 'i': 'tea'}], 's', 'i'", "{'A': 1}"),
                (
                    "[{'s': 'A', 'i': 'x'}, {'s': 'A', 'i': 'y'}, {'s': 'A', 'i': 'x'}], 's', 'i'",
                    "{'A': 2}",
                ),
            ),
        ),
    ),
    F(
        "first_last_by",
        "aggregate",
        "rows, key, name",
        "a dict from each value of the key column (in first-appearance order) to the pair "
        "(first, last) of another column's cells in row order within that group",
        "    ends = {}\n"
        "    for row in rows:\n"
        "        first, _ = ends.get(row[key], (row[name], None))\n"
        "        ends[row[key]] = (first, row[name])\n"
        "    return ends",
        (
            (
                "[{'id': 'a', 's': 'new'}, {'id': 'b', 's': 'new'}, {'id': 'a', 's': 'paid'}, {'id': 'a', 's': 'sent'}], 'id', 's'",
                "{'a': ('new', 'sent'), 'b': ('new', 'new')}",
            ),
            ("[], 'id', 's'", "{}"),
        ),
    ),
    F(
        "sum_columns",
        "aggregate",
        "rows, names",
        "a dict from each named column (in the order given) to the sum of its cells as a float, "
        "blank or missing cells skipped (0.0 for a column with none)",
        "    totals = {name: 0.0 for name in names}\n"
        "    for row in rows:\n"
        "        for name in names:\n"
        "            cell = (row.get(name) or '').strip()\n"
        "            if cell:\n"
        "                totals[name] += float(cell)\n"
        "    return totals",
        (
            ("[{'a': '1', 'b': '2.5'}, {'a': '3', 'b': '1'}], ['b', 'a']", "{'b': 3.5, 'a': 4.0}"),
            ("[], ['a']", "{'a': 0.0}"),
        ),
        defect=Defect(
            "    return {name: sum(float(row[name]) for row in rows) for name in names}",
            "a blank or missing cell in a summed column",
            "it crashes (ValueError or KeyError); blank and missing cells should be skipped",
            (
                ("[{'a': '1'}, {'a': ''}, {}], ['a']", "{'a': 1.0}"),
                ("[{'a': ' ', 'b': '2'}], ['a', 'b']", "{'a': 0.0, 'b': 2.0}"),
            ),
        ),
        change=Change(
            "sum_columns should round each total to 2 places (0.1 + 0.2 is 0.3)",
            "    totals = {name: 0.0 for name in names}\n"
            "    for row in rows:\n"
            "        for name in names:\n"
            "            cell = (row.get(name) or '').strip()\n"
            "            if cell:\n"
            "                totals[name] += float(cell)\n"
            "    return {name: round(total, 2) for name, total in totals.items()}",
            (
                ("[{'a': '0.1'}, {'a': '0.2'}], ['a']", "{'a': 0.3}"),
                ("[{'a': '1.005', 'b': ''}], ['b', 'a']", "{'b': 0.0, 'a': 1.0}"),
            ),
        ),
    ),
    F(
        "ratio_column",
        "aggregate",
        "rows, numerator, denominator, target",
        "new rows with a target column holding numerator / denominator rounded to 2 places and "
        "written with exactly 2 decimals (such as '0.50'), or '' when either cell is blank or "
        "the denominator is zero",
        "    out = []\n"
        "    for row in rows:\n"
        "        top = (row.get(numerator) or '').strip()\n"
        "        bottom = (row.get(denominator) or '').strip()\n"
        "        if top and bottom and float(bottom) != 0:\n"
        "            out.append({**row, target: f'{float(top) / float(bottom):.2f}'})\n"
        "        else:\n"
        "            out.append({**row, target: ''})\n"
        "    return out",
        (
            (
                "[{'won': '1', 'played': '2'}], 'won', 'played', 'rate'",
                "[{'won': '1', 'played': '2', 'rate': '0.50'}]",
            ),
            (
                "[{'won': '2', 'played': '3'}], 'won', 'played', 'rate'",
                "[{'won': '2', 'played': '3', 'rate': '0.67'}]",
            ),
            (
                "[{'won': '', 'played': '3'}], 'won', 'played', 'r'",
                "[{'won': '', 'played': '3', 'r': ''}]",
            ),
        ),
        defect=Defect(
            "    out = []\n"
            "    for row in rows:\n"
            "        top, bottom = (row.get(numerator) or '').strip(), (row.get(denominator) or '').strip()\n"
            "        ratio = f'{float(top) / float(bottom):.2f}' if top and bottom else ''\n"
            "        out.append({**row, target: ratio})\n"
            "    return out",
            "a row whose denominator is 0, such as a player with 0 games played",
            "it crashes with ZeroDivisionError; the ratio should be ''",
            (
                ("[{'w': '0', 'p': '0'}], 'w', 'p', 'r'", "[{'w': '0', 'p': '0', 'r': ''}]"),
                ("[{'w': '3', 'p': '0.0'}], 'w', 'p', 'r'", "[{'w': '3', 'p': '0.0', 'r': ''}]"),
            ),
        ),
    ),
    F(
        "latest_per_key",
        "aggregate",
        "rows, key, date_column",
        "for each value of the key column (in first-appearance order) the row with the latest "
        "ISO date (YYYY-MM-DD) in date_column, the earlier row on a tie, as a list of rows",
        "    latest = {}\n"
        "    for row in rows:\n"
        "        best = latest.get(row[key])\n"
        "        if best is None or row[date_column] > best[date_column]:\n"
        "            latest[row[key]] = row\n"
        "    return list(latest.values())",
        (
            (
                "[{'id': 'a', 'd': '2024-01-05'}, {'id': 'b', 'd': '2024-02-01'}, {'id': 'a', 'd': '2024-03-01'}], 'id', 'd'",
                "[{'id': 'a', 'd': '2024-03-01'}, {'id': 'b', 'd': '2024-02-01'}]",
            ),
            ("[], 'id', 'd'", "[]"),
        ),
        defect=Defect(
            "    return list({row[key]: row for row in rows}.values())",
            "rows that are not in date order, such as a correction dated earlier listed last",
            "the last listed row is kept, not the one with the latest date",
            (
                (
                    "[{'id': 'a', 'd': '2024-05-01', 'v': '1'}, {'id': 'a', 'd': '2024-01-01', 'v': '2'}], 'id', 'd'",
                    "[{'id': 'a', 'd': '2024-05-01', 'v': '1'}]",
                ),
                (
                    "[{'id': 'x', 'd': '2023-01-01', 'v': '1'}, {'id': 'x', 'd': '2023-01-01', 'v': '2'}], 'id', 'd'",
                    "[{'id': 'x', 'd': '2023-01-01', 'v': '1'}]",
                ),
            ),
        ),
    ),
    F(
        "key_overlap",
        "aggregate",
        "left, right, key",
        "a tuple (only_left, both, only_right) counting the distinct values of the key column "
        "found only in the left rows, in both, and only in the right rows",
        "    a = {row[key] for row in left}\n"
        "    b = {row[key] for row in right}\n"
        "    return (len(a - b), len(a & b), len(b - a))",
        (
            (
                "[{'id': '1'}, {'id': '2'}], [{'id': '2'}, {'id': '3'}, {'id': '4'}], 'id'",
                "(1, 1, 2)",
            ),
            ("[], [], 'id'", "(0, 0, 0)"),
        ),
        defect=Defect(
            "    a = [row[key] for row in left]\n"
            "    b = [row[key] for row in right]\n"
            "    return (\n"
            "        sum(1 for k in a if k not in b),\n"
            "        sum(1 for k in a if k in b),\n"
            "        sum(1 for k in b if k not in a),\n"
            "    )",
            "a key value repeated on one side, such as two orders of the same customer",
            "the repeated value is counted once per row; each distinct value counts once",
            (
                ("[{'id': '1'}, {'id': '1'}], [{'id': '1'}], 'id'", "(0, 1, 0)"),
                ("[{'id': '2'}], [{'id': '3'}, {'id': '3'}], 'id'", "(1, 0, 1)"),
            ),
        ),
    ),
)

_SERIES: tuple[FunctionTemplate, ...] = (
    F(
        "median_abs_deviation",
        "stats",
        "values",
        "the median of the absolute distances of the numbers from their median (the median of "
        "an even count being the mean of the middle two); ValueError for an empty list",
        "    def median(xs):\n"
        "        xs = sorted(xs)\n"
        "        mid = len(xs) // 2\n"
        "        return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2\n"
        "\n"
        "    if not values:\n"
        "        raise ValueError('no values')\n"
        "    center = median(values)\n"
        "    return median([abs(v - center) for v in values])",
        (("[1, 2, 3]", "1"), ("[5]", "0"), ("[1, 2, 3, 4]", "1.0")),
        raises=(("[]", "ValueError"),),
        defect=Defect(
            "    import statistics\n"
            "\n"
            "    if not values:\n"
            "        raise ValueError('no values')\n"
            "    center = statistics.mean(values)\n"
            "    return statistics.median([abs(v - center) for v in values])",
            "a list with one far-off value, such as [1, 2, 3, 4, 100]",
            "the distances are taken from the mean, which the far-off value drags away; they "
            "should be taken from the median",
            (("[1, 2, 3, 4, 100]", "1"), ("[0, 0, 0, 10]", "0.0")),
        ),
    ),
    F(
        "exp_smooth",
        "stats",
        "values, alpha",
        "the exponentially smoothed series: the first value as it is, then alpha * value + "
        "(1 - alpha) * previous smoothed value, each rounded to 2 places only in the output "
        "(not in the running value); [] for no values; ValueError unless 0 < alpha <= 1",
        "    if not 0 < alpha <= 1:\n"
        "        raise ValueError('alpha must be in (0, 1]')\n"
        "    smoothed, level = [], None\n"
        "    for value in values:\n"
        "        level = value if level is None else alpha * value + (1 - alpha) * level\n"
        "        smoothed.append(round(level, 2))\n"
        "    return smoothed",
        (
            ("[3, 9], 1", "[3, 9]"),
            ("[], 0.3", "[]"),
        ),
        raises=(("[1], 0", "ValueError"), ("[1], 1.5", "ValueError")),
        defect=Defect(
            "    if not 0 < alpha <= 1:\n"
            "        raise ValueError('alpha must be in (0, 1]')\n"
            "    smoothed, level = [], 0\n"
            "    for value in values:\n"
            "        level = alpha * value + (1 - alpha) * level\n"
            "        smoothed.append(round(level, 2))\n"
            "    return smoothed",
            "any alpha below 1: the series starts from 0",
            "the first smoothed value is alpha times the first value, and the rest lag too; the "
            "series should start at the first value",
            (
                ("[10, 20, 20], 0.5", "[10, 15.0, 17.5]"),
                ("[10, 20], 0.5", "[10, 15.0]"),
                ("[4], 0.25", "[4]"),
            ),
        ),
    ),
    F(
        "lag_values",
        "stats",
        "values, periods",
        "the list shifted later by periods places: the same length, None in the first periods "
        "places (all None when periods is at least the length); ValueError for a negative "
        "periods",
        "    if periods < 0:\n"
        "        raise ValueError('periods must not be negative')\n"
        "    shift = min(periods, len(values))\n"
        "    return [None] * shift + values[: len(values) - shift]",
        (
            ("[1, 2, 3, 4], 1", "[None, 1, 2, 3]"),
            ("[1, 2, 3], 2", "[None, None, 1]"),
        ),
        raises=(("[1], -1", "ValueError"),),
        defect=Defect(
            "    if periods < 0:\n"
            "        raise ValueError('periods must not be negative')\n"
            "    return [None] * periods + values[:-periods]",
            "periods 0, or periods at least as long as the list (an empty list included)",
            "a shift of 0 returns an empty list, and a long shift returns a longer list; the "
            "result should keep the list's length",
            (
                ("[1, 2, 3], 0", "[1, 2, 3]"),
                ("[1, 2], 5", "[None, None]"),
                ("[], 1", "[]"),
            ),
        ),
    ),
    F(
        "window_max",
        "stats",
        "values, window",
        "the largest value of each run of window consecutive values, one per full window in "
        "order (len(values) - window + 1 of them, [] when there are fewer values than window); "
        "ValueError when window is below 1",
        "    if window < 1:\n"
        "        raise ValueError('window must be at least 1')\n"
        "    return [max(values[i : i + window]) for i in range(len(values) - window + 1)]",
        (
            ("[1, 3, 2, 5, 4], 2", "[3, 3, 5, 5]"),
            ("[7, 1, 2], 3", "[7]"),
        ),
        raises=(("[1, 2], 0", "ValueError"),),
        defect=Defect(
            "    if window < 1:\n"
            "        raise ValueError('window must be at least 1')\n"
            "    last = max(len(values) - window, 0)\n"
            "    return [max(values[i : i + window]) for i in range(last + 1)]",
            "fewer values than the window, such as [4, 1] with a window of 3",
            "it returns the maximum of the short list (or crashes on an empty list); there is "
            "no full window, so the result should be []",
            (("[4, 1], 3", "[]"), ("[], 2", "[]")),
        ),
    ),
    F(
        "trend_direction",
        "stats",
        "values",
        "'up', 'down' or 'flat' from the sign of the least-squares slope of the values against "
        "their positions 0, 1, 2...; 'flat' for fewer than two values or a slope within 1e-9 "
        "of zero",
        "    n = len(values)\n"
        "    if n < 2:\n"
        "        return 'flat'\n"
        "    mean_x, mean_y = (n - 1) / 2, sum(values) / n\n"
        "    spread = sum((x - mean_x) ** 2 for x in range(n))\n"
        "    slope = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values)) / spread\n"
        "    if abs(slope) <= 1e-9:\n"
        "        return 'flat'\n"
        "    return 'up' if slope > 0 else 'down'",
        (("[1, 2, 4]", "'up'"), ("[9, 5, 1]", "'down'"), ("[3]", "'flat'"), ("[2, 2]", "'flat'")),
        defect=Defect(
            "    if len(values) < 2 or values[0] == values[-1]:\n"
            "        return 'flat'\n"
            "    return 'up' if values[-1] > values[0] else 'down'",
            "a series whose last value runs against its trend, such as [1, 5, 4, 3, 2]",
            "only the first and last values are compared; the least-squares slope of all the "
            "values decides",
            (("[1, 5, 4, 3, 2]", "'flat'"), ("[2, 5, 6, 7, 8, 1]", "'up'")),
        ),
    ),
    F(
        "longest_streak",
        "stats",
        "values",
        "a tuple (value, length) for the longest run of equal consecutive values, the earliest "
        "run on a tie; (None, 0) for an empty list",
        "    best, run = (None, 0), 0\n"
        "    for i, value in enumerate(values):\n"
        "        run = run + 1 if i and values[i - 1] == value else 1\n"
        "        if run > best[1]:\n"
        "            best = (value, run)\n"
        "    return best",
        (
            ("['w', 'l', 'l', 'l', 'w']", "('l', 3)"),
            ("[3, 3, 1, 1]", "(3, 2)"),
            ("[]", "(None, 0)"),
        ),
        defect=Defect(
            "    import collections\n"
            "\n"
            "    if not values:\n"
            "        return (None, 0)\n"
            "    return collections.Counter(values).most_common(1)[0]",
            "a value that occurs often but not in one run, such as ['w', 'l', 'w', 'l', 'l']",
            "it counts all occurrences of a value, not the longest consecutive run",
            (("['w', 'l', 'w', 'w', 'l']", "('w', 2)"), ("[1, 2, 1, 2, 2]", "(2, 2)")),
        ),
    ),
    F(
        "index_to_base",
        "stats",
        "values",
        "each value as an index against the first value: value / first * 100, rounded to 1 "
        "place ([] for an empty list); ValueError when the first value is 0",
        "    if not values:\n"
        "        return []\n"
        "    if values[0] == 0:\n"
        "        raise ValueError('the base value is 0')\n"
        "    return [round(v / values[0] * 100, 1) for v in values]",
        (("[50, 55, 40]", "[100.0, 110.0, 80.0]"), ("[3, 1]", "[100.0, 33.3]"), ("[]", "[]")),
        raises=(("[0, 5]", "ValueError"),),
    ),
)

_CALENDAR: tuple[FunctionTemplate, ...] = (
    F(
        "month_end",
        "dates",
        "text",
        "the last day of the month of an ISO date (YYYY-MM-DD) as ISO text, leap years "
        "included; ValueError for text that is not a valid ISO date",
        "    import calendar\n"
        "    from datetime import date\n"
        "\n"
        "    day = date.fromisoformat(text)\n"
        "    last = calendar.monthrange(day.year, day.month)[1]\n"
        "    return day.replace(day=last).isoformat()",
        (
            ("'2023-01-15'", "'2023-01-31'"),
            ("'2023-04-30'", "'2023-04-30'"),
            ("'2023-02-01'", "'2023-02-28'"),
        ),
        raises=(("'2023-13-01'", "ValueError"), ("'soon'", "ValueError")),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    day = date.fromisoformat(text)\n"
            "    lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]\n"
            "    return day.replace(day=lengths[day.month - 1]).isoformat()",
            "a date in February of a leap year, such as '2024-02-10'",
            "it returns the 28th; February of a leap year ends on the 29th",
            (("'2024-02-10'", "'2024-02-29'"), ("'2000-02-29'", "'2000-02-29'")),
        ),
    ),
    F(
        "add_months",
        "dates",
        "text, months",
        "the ISO date (YYYY-MM-DD) moved by a whole number of months (negative to go back), "
        "the day kept but clamped to the target month's last day (2024-01-31 plus one month "
        "is 2024-02-29), as ISO text",
        "    import calendar\n"
        "    from datetime import date\n"
        "\n"
        "    day = date.fromisoformat(text)\n"
        "    index = day.year * 12 + day.month - 1 + months\n"
        "    year, month = divmod(index, 12)\n"
        "    last = calendar.monthrange(year, month + 1)[1]\n"
        "    return date(year, month + 1, min(day.day, last)).isoformat()",
        (
            ("'2024-01-15', 1", "'2024-02-15'"),
            ("'2024-11-05', 3", "'2025-02-05'"),
            ("'2024-03-10', -3", "'2023-12-10'"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    day = date.fromisoformat(text)\n"
            "    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)\n"
            "    return day.replace(year=year, month=month + 1).isoformat()",
            "a day that the target month lacks, such as '2024-01-31' plus one month",
            "it crashes with ValueError (day is out of range for month); the day should be "
            "clamped to the target month's last day",
            (("'2024-01-31', 1", "'2024-02-29'"), ("'2023-05-31', -1", "'2023-04-30'")),
        ),
        change=Change(
            "add_months should keep month ends: when the date is the last day of its month, the "
            "result is the last day of the target month (2024-02-29 plus one month is "
            "2024-03-31); other days as before",
            "    import calendar\n"
            "    from datetime import date\n"
            "\n"
            "    day = date.fromisoformat(text)\n"
            "    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)\n"
            "    last = calendar.monthrange(year, month + 1)[1]\n"
            "    at_end = day.day == calendar.monthrange(day.year, day.month)[1]\n"
            "    return date(year, month + 1, last if at_end else min(day.day, last)).isoformat()",
            (
                ("'2024-02-29', 1", "'2024-03-31'"),
                ("'2023-04-30', 2", "'2023-06-30'"),
                ("'2024-01-15', 1", "'2024-02-15'"),
            ),
        ),
    ),
    F(
        "fiscal_year",
        "dates",
        "text, start_month",
        "the fiscal year of an ISO date (YYYY-MM-DD) as the calendar year in which that fiscal "
        "year ends, fiscal years starting on the 1st of start_month (1 means the calendar "
        "year); ValueError when start_month is not 1 to 12",
        "    from datetime import date\n"
        "\n"
        "    if not 1 <= start_month <= 12:\n"
        "        raise ValueError('start_month must be 1 to 12')\n"
        "    day = date.fromisoformat(text)\n"
        "    return day.year + 1 if start_month > 1 and day.month >= start_month else day.year",
        (
            ("'2024-03-31', 4", "2024"),
            ("'2024-04-01', 4", "2025"),
            ("'2024-12-31', 7", "2025"),
        ),
        raises=(("'2024-01-01', 13", "ValueError"), ("'2024-01-01', 0", "ValueError")),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    if not 1 <= start_month <= 12:\n"
            "        raise ValueError('start_month must be 1 to 12')\n"
            "    day = date.fromisoformat(text)\n"
            "    return day.year + (day.month >= start_month)",
            "a fiscal year that is the calendar year (start_month 1)",
            "every date is put in the next year; with start_month 1 the fiscal year is the "
            "date's own year",
            (("'2024-06-15', 1", "2024"), ("'2023-01-01', 1", "2023")),
        ),
    ),
    F(
        "parse_us_date",
        "dates",
        "text",
        "a US date written M/D/YYYY (month first, one or two digits for month and day, "
        "surrounding spaces ignored) as ISO text YYYY-MM-DD with two-digit month and day; "
        "ValueError for any other text or an impossible date",
        "    import re\n"
        "    from datetime import date\n"
        "\n"
        "    match = re.fullmatch(r'(\\d{1,2})/(\\d{1,2})/(\\d{4})', text.strip())\n"
        "    if not match:\n"
        "        raise ValueError(f'not a M/D/YYYY date: {text!r}')\n"
        "    month, day, year = (int(part) for part in match.groups())\n"
        "    return date(year, month, day).isoformat()",
        (("'12/25/2024'", "'2024-12-25'"), ("' 10/31/1999 '", "'1999-10-31'")),
        raises=(
            ("'2/30/2024'", "ValueError"),
            ("'2024-01-02'", "ValueError"),
            ("''", "ValueError"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    month, day, year = text.strip().split('/')\n"
            "    date(int(year), int(month), int(day))\n"
            "    return f'{year}-{month}-{day}'",
            "a one-digit month or day, such as '3/7/2024'",
            "it returns '2024-3-7'; month and day should have two digits",
            (("'3/7/2024'", "'2024-03-07'"), ("'11/5/2020'", "'2020-11-05'")),
        ),
    ),
    F(
        "week_start",
        "dates",
        "text",
        "the Monday of the week of an ISO date (YYYY-MM-DD), as ISO text (a Monday is its own "
        "week start)",
        "    from datetime import date, timedelta\n"
        "\n"
        "    day = date.fromisoformat(text)\n"
        "    return (day - timedelta(days=day.weekday())).isoformat()",
        (
            ("'2024-05-16'", "'2024-05-13'"),
            ("'2024-05-13'", "'2024-05-13'"),
            ("'2024-06-02'", "'2024-05-27'"),
            ("'2025-01-01'", "'2024-12-30'"),
        ),
    ),
    F(
        "hour_counts",
        "dates",
        "timestamps",
        "a dict from each hour 'HH' to how many timestamps fall in it, hours in ascending "
        "order, for timestamps written 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DDTHH:MM' (seconds "
        "allowed)",
        "    counts = {}\n"
        "    for stamp in timestamps:\n"
        "        hour = stamp[11:13]\n"
        "        counts[hour] = counts.get(hour, 0) + 1\n"
        "    return dict(sorted(counts.items()))",
        (
            (
                "['2024-01-01 09:15', '2024-01-01 17:00:05', '2024-01-02 09:59']",
                "{'09': 2, '17': 1}",
            ),
            ("[]", "{}"),
        ),
        defect=Defect(
            "    counts = {}\n"
            "    for stamp in timestamps:\n"
            "        hour = stamp.split(' ')[1][:2]\n"
            "        counts[hour] = counts.get(hour, 0) + 1\n"
            "    return dict(sorted(counts.items()))",
            "a timestamp with a 'T' between date and time, such as '2024-01-01T08:30'",
            "it crashes with IndexError; the 'T' form should be counted like the space form",
            (
                ("['2024-01-01T08:30', '2024-01-01 08:45']", "{'08': 2}"),
                ("['2024-03-03T23:59:59']", "{'23': 1}"),
            ),
        ),
        change=Change(
            "hour_counts should list all 24 hours '00' to '23', an hour without timestamps "
            "counting 0",
            "    counts = {f'{hour:02d}': 0 for hour in range(24)}\n"
            "    for stamp in timestamps:\n"
            "        counts[stamp[11:13]] += 1\n"
            "    return counts",
            (
                (
                    "['2024-01-01 09:15', '2024-01-01T09:40']",
                    "{f'{h:02d}': 2 if h == 9 else 0 for h in range(24)}",
                ),
                ("[]", "{f'{h:02d}': 0 for h in range(24)}"),
            ),
        ),
    ),
    F(
        "date_gaps",
        "dates",
        "dates",
        "the numbers of days between consecutive ISO dates (YYYY-MM-DD) once sorted from "
        "earliest to latest (so none is negative), [] for fewer than two dates",
        "    from datetime import date\n"
        "\n"
        "    days = sorted(date.fromisoformat(text) for text in dates)\n"
        "    return [(later - earlier).days for earlier, later in zip(days, days[1:])]",
        (
            ("['2024-01-01', '2024-01-03', '2024-02-01']", "[2, 29]"),
            ("['2024-01-01']", "[]"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    days = [date.fromisoformat(text) for text in dates]\n"
            "    return [(later - earlier).days for earlier, later in zip(days, days[1:])]",
            "dates that are not in order, such as ['2024-01-10', '2024-01-01']",
            "a negative gap comes out; the dates should be sorted first",
            (
                ("['2024-01-10', '2024-01-01']", "[9]"),
                ("['2024-03-01', '2024-01-01', '2024-02-01']", "[31, 29]"),
            ),
        ),
    ),
)

_CHECKS: tuple[FunctionTemplate, ...] = (
    F(
        "invalid_dates",
        "validate",
        "rows, name",
        "the positions (counting from 1) of the rows whose cell in a column is not blank and "
        "is not a real calendar date written YYYY-MM-DD (blank or missing cells are fine)",
        "    from datetime import date\n"
        "\n"
        "    bad = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if not cell:\n"
        "            continue\n"
        "        try:\n"
        "            if len(cell) != 10:\n"
        "                raise ValueError(cell)\n"
        "            date.fromisoformat(cell)\n"
        "        except ValueError:\n"
        "            bad.append(position)\n"
        "    return bad",
        (
            ("[{'d': '2024-01-31'}, {'d': '31/01/2024'}, {'d': ''}, {'d': 'soon'}], 'd'", "[2, 4]"),
            ("[], 'd'", "[]"),
        ),
        defect=Defect(
            "    import re\n"
            "\n"
            "    return [\n"
            "        position\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        if (row.get(name) or '').strip()\n"
            "        and not re.fullmatch(r'\\d{4}-\\d{2}-\\d{2}', row[name].strip())\n"
            "    ]",
            "a date of the right shape that does not exist, such as '2023-02-30'",
            "it passes the check; only real calendar dates are valid",
            (
                ("[{'d': '2023-02-30'}, {'d': '2023-02-28'}], 'd'", "[1]"),
                ("[{'d': '2024-13-01'}], 'd'", "[1]"),
            ),
        ),
    ),
    F(
        "pattern_mismatches",
        "validate",
        "rows, name, pattern",
        "the positions (counting from 1) of the rows whose cell in a column (stripped; a "
        "missing cell counts as '') does not match the regular expression as a whole",
        "    import re\n"
        "\n"
        "    return [\n"
        "        position\n"
        "        for position, row in enumerate(rows, 1)\n"
        "        if not re.fullmatch(pattern, (row.get(name) or '').strip())\n"
        "    ]",
        (
            ("[{'sku': 'AB-12'}, {'sku': 'x'}, {}], 'sku', '[A-Z]{2}-\\\\d+'", "[2, 3]"),
            ("[], 'sku', '.*'", "[]"),
        ),
        defect=Defect(
            "    import re\n"
            "\n"
            "    return [\n"
            "        position\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        if not re.match(pattern, (row.get(name) or '').strip())\n"
            "    ]",
            "a cell that starts with a match but goes on, such as 'AB-12x'",
            "it passes the check; the whole cell must match the pattern",
            (
                ("[{'sku': 'AB-12x'}], 'sku', '[A-Z]{2}-\\\\d+'", "[1]"),
                ("[{'n': '123abc'}, {'n': '42'}], 'n', '\\\\d+'", "[1]"),
            ),
        ),
    ),
    F(
        "too_long_cells",
        "validate",
        "rows, limits",
        "messages like 'row 2: name is longer than 5' for each row (counting from 1) and "
        "column of the limits dict whose cell has more characters than its limit, row by row, "
        "columns in the dict's order (a cell exactly at the limit is fine, a missing one too)",
        "    problems = []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        for name, limit in limits.items():\n"
        "            if len(row.get(name) or '') > limit:\n"
        "                problems.append(f'row {position}: {name} is longer than {limit}')\n"
        "    return problems",
        (
            (
                "[{'name': 'Ada', 'code': 'ABCDEFG'}, {'name': 'Bartholomew', 'code': 'X'}], {'name': 5, 'code': 4}",
                "['row 1: code is longer than 4', 'row 2: name is longer than 5']",
            ),
            ("[{'a': 'x'}], {}", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        f'row {position}: {name} is longer than {limit}'\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        for name, limit in limits.items()\n"
            "        if len(row.get(name) or '') >= limit\n"
            "    ]",
            "a cell exactly as long as its limit",
            "it is reported as too long; a cell at the limit is fine",
            (
                ("[{'code': 'ABCD'}], {'code': 4}", "[]"),
                ("[{'a': 'xy'}, {'a': 'xyz'}], {'a': 2}", "['row 2: a is longer than 2']"),
            ),
        ),
    ),
    F(
        "sequence_gaps",
        "validate",
        "ids",
        "the integers missing from a run of integer ids (given as text, in any order, repeats "
        "allowed) between its smallest and its largest, ascending ([] for no ids)",
        "    numbers = sorted({int(i) for i in ids})\n"
        "    if not numbers:\n"
        "        return []\n"
        "    present = set(numbers)\n"
        "    return [n for n in range(numbers[0], numbers[-1] + 1) if n not in present]",
        (("['1', '2', '5', '6', '8']", "[3, 4, 7]"), ("['3']", "[]"), ("[]", "[]")),
        defect=Defect(
            "    numbers = [int(i) for i in ids]\n"
            "    missing = []\n"
            "    for a, b in zip(numbers, numbers[1:]):\n"
            "        missing.extend(range(a + 1, b))\n"
            "    return missing",
            "ids that are not in ascending order, such as ['5', '1', '3']",
            "gaps are missed or made up; the ids' order in the list should not matter",
            (("['5', '1', '3']", "[2, 4]"), ("['4', '2', '2', '1']", "[3]")),
        ),
        change=Change(
            "sequence_gaps should describe the missing ids as text: runs of consecutive "
            "missing ids as 'a-b', single ones alone, joined by ', ' ('3-4, 7'), '' when none "
            "is missing",
            "    numbers = sorted({int(i) for i in ids})\n"
            "    present = set(numbers)\n"
            "    missing = [n for n in range(numbers[0], numbers[-1] + 1) if n not in present] if numbers else []\n"
            "    parts, start = [], None\n"
            "    for i, n in enumerate(missing):\n"
            "        start = n if start is None else start\n"
            "        if i + 1 == len(missing) or missing[i + 1] != n + 1:\n"
            "            parts.append(str(n) if start == n else f'{start}-{n}')\n"
            "            start = None\n"
            "    return ', '.join(parts)",
            (
                ("['1', '2', '5', '6', '8']", "'3-4, 7'"),
                ("['9', '1']", "'2-8'"),
                ("['3', '4']", "''"),
                ("[]", "''"),
            ),
        ),
    ),
    F(
        "conflicting_values",
        "validate",
        "rows, key, name",
        "the sorted values of the key column whose rows disagree on another column (two or "
        "more distinct non-blank values, compared after stripping spaces; blank cells ignored)",
        "    seen = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell:\n"
        "            seen.setdefault(row[key], set()).add(cell)\n"
        "    return sorted(k for k, values in seen.items() if len(values) > 1)",
        (
            (
                "[{'id': 'b', 'city': 'Oslo'}, {'id': 'a', 'city': 'Rome'}, {'id': 'b', 'city': 'Bergen'}, {'id': 'a', 'city': 'Rome '}], 'id', 'city'",
                "['b']",
            ),
            ("[], 'id', 'city'", "[]"),
        ),
        defect=Defect(
            "    seen = {}\n"
            "    for row in rows:\n"
            "        seen.setdefault(row[key], set()).add((row.get(name) or '').strip())\n"
            "    return sorted(k for k, values in seen.items() if len(values) > 1)",
            "a key with one value and one blank cell, such as a missing city on a second row",
            "the key is reported as a conflict; blank cells should be ignored",
            (
                ("[{'id': 'a', 'c': 'Oslo'}, {'id': 'a', 'c': ''}], 'id', 'c'", "[]"),
                (
                    "[{'id': 'x', 'c': ' '}, {'id': 'x', 'c': 'P'}, {'id': 'y', 'c': 'P'}, {'id': 'y', 'c': 'Q'}], 'id', 'c'",
                    "['y']",
                ),
            ),
        ),
    ),
    F(
        "future_dates",
        "validate",
        "rows, name, today",
        "the positions (counting from 1) of the rows whose ISO date (YYYY-MM-DD) in a column "
        "is later than today (an ISO date too; today itself is not in the future), blank cells "
        "skipped",
        "    return [\n"
        "        position\n"
        "        for position, row in enumerate(rows, 1)\n"
        "        if (row.get(name) or '').strip() > today\n"
        "    ]",
        (
            ("[{'d': '2024-05-01'}, {'d': '2025-01-01'}, {'d': ''}], 'd', '2024-06-01'", "[2]"),
            ("[], 'd', '2024-01-01'", "[]"),
        ),
        defect=Defect(
            "    return [\n"
            "        position\n"
            "        for position, row in enumerate(rows, 1)\n"
            "        if (row.get(name) or '').strip() >= today\n"
            "    ]",
            "a row dated today",
            "it is reported as in the future; only dates after today are",
            (
                ("[{'d': '2024-06-01'}], 'd', '2024-06-01'", "[]"),
                ("[{'d': '2024-06-01'}, {'d': '2024-06-02'}], 'd', '2024-06-01'", "[2]"),
            ),
        ),
    ),
)

_RECORDS: tuple[FunctionTemplate, ...] = (
    F(
        "flatten_record",
        "reshape",
        "record",
        "a flat dict from a nested dict, nested keys joined with '.' at any depth (such as "
        "'address.geo.lat'), other values as they are, keys in the order met",
        "    flat = {}\n"
        "\n"
        "    def walk(prefix, value):\n"
        "        for key, item in value.items():\n"
        "            if isinstance(item, dict):\n"
        "                walk(f'{prefix}{key}.', item)\n"
        "            else:\n"
        "                flat[prefix + key] = item\n"
        "\n"
        "    walk('', record)\n"
        "    return flat",
        (
            (
                "{'id': 1, 'address': {'city': 'Oslo', 'zip': '0150'}}",
                "{'id': 1, 'address.city': 'Oslo', 'address.zip': '0150'}",
            ),
            ("{}", "{}"),
        ),
        defect=Defect(
            "    flat = {}\n"
            "    for key, value in record.items():\n"
            "        if isinstance(value, dict):\n"
            "            flat.update({f'{key}.{inner}': item for inner, item in value.items()})\n"
            "        else:\n"
            "            flat[key] = value\n"
            "    return flat",
            "a dict nested two or more levels deep, such as {'a': {'geo': {'lat': 1}}}",
            "the inner dict is left whole under 'a.geo'; nesting should be flattened at any depth",
            (
                ("{'a': {'geo': {'lat': 1}}}", "{'a.geo.lat': 1}"),
                ("{'x': {'y': {'z': {'w': 0}}, 'v': 2}}", "{'x.y.z.w': 0, 'x.v': 2}"),
            ),
        ),
    ),
    F(
        "columns_to_rows",
        "reshape",
        "columns",
        "rows (a list of dicts) from a dict of column name -> list of values, one row per "
        "position up to the longest list, a shorter column giving '' past its end",
        "    length = max((len(values) for values in columns.values()), default=0)\n"
        "    return [\n"
        "        {name: values[i] if i < len(values) else '' for name, values in columns.items()}\n"
        "        for i in range(length)\n"
        "    ]",
        (
            ("{'a': ['1', '2'], 'b': ['x', 'y']}", "[{'a': '1', 'b': 'x'}, {'a': '2', 'b': 'y'}]"),
            ("{}", "[]"),
            ("{'a': []}", "[]"),
        ),
        defect=Defect(
            "    names = list(columns)\n"
            "    return [dict(zip(names, cells)) for cells in zip(*columns.values())]",
            "columns of different lengths, such as {'a': ['1', '2'], 'b': ['x']}",
            "the rows stop at the shortest column; they should run to the longest, shorter "
            "columns giving ''",
            (
                ("{'a': ['1', '2'], 'b': ['x']}", "[{'a': '1', 'b': 'x'}, {'a': '2', 'b': ''}]"),
                ("{'a': [], 'b': ['q']}", "[{'a': '', 'b': 'q'}]"),
            ),
        ),
    ),
    F(
        "column_order",
        "reshape",
        "rows, names",
        "the column names to write the rows with: the given names that some row has, in the "
        "order given, then every other column in the order first met across the rows",
        "    seen = []\n"
        "    for row in rows:\n"
        "        seen.extend(key for key in row if key not in seen)\n"
        "    return [n for n in names if n in seen] + [k for k in seen if k not in names]",
        (
            ("[{'a': '1', 'b': '2', 'c': '3'}], ['c', 'a']", "['c', 'a', 'b']"),
            ("[{'a': '1'}, {'a': '2', 'z': '9'}], []", "['a', 'z']"),
        ),
        defect=Defect(
            "    seen = []\n"
            "    for row in rows:\n"
            "        seen.extend(key for key in row if key not in seen)\n"
            "    return list(names) + [k for k in seen if k not in names]",
            "a given name that no row has, such as a column dropped upstream",
            "the name is written as an empty column; only names some row has belong",
            (
                ("[{'a': '1'}], ['gone', 'a']", "['a']"),
                ("[{'b': '1', 'a': '2'}], ['a', 'x']", "['a', 'b']"),
                ("[], ['a']", "[]"),
            ),
        ),
    ),
    F(
        "sample_every",
        "reshape",
        "rows, step, offset",
        "a systematic sample: the rows at positions offset, offset + step, offset + 2 * step... "
        "(counting from 0); ValueError when step is below 1 or offset is negative",
        "    if step < 1 or offset < 0:\n"
        "        raise ValueError('step must be at least 1 and offset not negative')\n"
        "    return rows[offset::step]",
        (
            ("['a', 'b', 'c', 'd', 'e'], 2, 0", "['a', 'c', 'e']"),
            ("['a', 'b', 'c', 'd', 'e'], 2, 1", "['b', 'd']"),
            ("[], 3, 0", "[]"),
        ),
        raises=(("['a'], 0, 0", "ValueError"), ("['a'], 1, -1", "ValueError")),
        defect=Defect(
            "    if step < 1 or offset < 0:\n"
            "        raise ValueError('step must be at least 1 and offset not negative')\n"
            "    return [row for i, row in enumerate(rows) if i % step == offset]",
            "an offset as large as the step or larger, such as step 2 and offset 3",
            "nothing is sampled; the sample should start at position offset",
            (
                ("['a', 'b', 'c', 'd', 'e', 'f'], 2, 3", "['d', 'f']"),
                ("['a', 'b', 'c'], 1, 1", "['b', 'c']"),
            ),
        ),
    ),
    F(
        "rows_by_key",
        "reshape",
        "rows, key",
        "a dict from each value of the key column to the list of its rows, groups in "
        "first-appearance order and rows in their order; a row without the key column goes "
        "under ''",
        "    groups = {}\n"
        "    for row in rows:\n"
        "        groups.setdefault(row.get(key, ''), []).append(row)\n"
        "    return groups",
        (
            (
                "[{'c': 'x', 'n': '1'}, {'c': 'y', 'n': '2'}, {'c': 'x', 'n': '3'}], 'c'",
                "{'x': [{'c': 'x', 'n': '1'}, {'c': 'x', 'n': '3'}], 'y': [{'c': 'y', 'n': '2'}]}",
            ),
            ("[{'n': '1'}], 'c'", "{'': [{'n': '1'}]}"),
            ("[], 'c'", "{}"),
        ),
    ),
    F(
        "prefix_columns",
        "reshape",
        "rows, prefix, keep",
        "new rows with every column name prefixed (such as 'left_' + 'city'), except the "
        "columns named in keep, which keep their names (a join key, say)",
        "    return [\n"
        "        {(key if key in keep else prefix + key): cell for key, cell in row.items()}\n"
        "        for row in rows\n"
        "    ]",
        (
            ("[{'id': '1', 'city': 'Oslo'}], 'l_', ['id']", "[{'id': '1', 'l_city': 'Oslo'}]"),
            ("[{'a': '1'}], 'x_', []", "[{'x_a': '1'}]"),
            ("[], 'p_', []", "[]"),
        ),
    ),
)

_LABELS: tuple[FunctionTemplate, ...] = (
    F(
        "ordinal",
        "render",
        "n",
        "the non-negative whole number with its English ordinal suffix: '1st', '2nd', '3rd', "
        "'4th', with 'th' for every number ending in 11, 12 or 13 ('11th', '112th')",
        "    if 10 <= n % 100 <= 20:\n"
        "        return f'{n}th'\n"
        "    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n"
        "    return f'{n}{suffix}'",
        (("1", "'1st'"), ("2", "'2nd'"), ("23", "'23rd'"), ("4", "'4th'"), ("0", "'0th'")),
        defect=Defect(
            "    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n    return f'{n}{suffix}'",
            "numbers ending in 11, 12 or 13",
            "it writes '11st', '12nd' and '113rd'; they take 'th'",
            (("11", "'11th'"), ("12", "'12th'"), ("113", "'113th'")),
        ),
        change=Change(
            "ordinal should raise ValueError for a negative number",
            "    if n < 0:\n"
            "        raise ValueError('n must not be negative')\n"
            "    if 10 <= n % 100 <= 20:\n"
            "        return f'{n}th'\n"
            "    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n"
            "    return f'{n}{suffix}'",
            (("1", "'1st'"), ("112", "'112th'")),
            raises=(("-1", "ValueError"), ("-12", "ValueError")),
        ),
    ),
    F(
        "plural_label",
        "render",
        "count, noun",
        "the count followed by the noun, the noun in the plural unless count is exactly 1: "
        "'es' added after a noun ending in s, x, ch or sh, 's' after any other ('1 row', "
        "'0 rows', '3 boxes')",
        "    if count == 1:\n"
        "        return f'{count} {noun}'\n"
        "    suffix = 'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'\n"
        "    return f'{count} {noun}{suffix}'",
        (("1, 'row'", "'1 row'"), ("3, 'box'", "'3 boxes'"), ("2, 'batch'", "'2 batches'")),
        defect=Defect(
            "    if count <= 1:\n"
            "        return f'{count} {noun}'\n"
            "    suffix = 'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'\n"
            "    return f'{count} {noun}{suffix}'",
            "a count of 0",
            "it writes '0 row'; only a count of exactly 1 is singular",
            (("0, 'row'", "'0 rows'"), ("0, 'match'", "'0 matches'")),
        ),
    ),
    F(
        "percent_label",
        "render",
        "part, whole, places",
        "part as a percentage of whole with the given number of decimal places and a '%' "
        "sign, such as '12.5%', or 'n/a' when whole is 0",
        "    if whole == 0:\n        return 'n/a'\n    return f'{part / whole * 100:.{places}f}%'",
        (("1, 8, 1", "'12.5%'"), ("2, 3, 0", "'67%'"), ("5, 4, 2", "'125.00%'")),
        defect=Defect(
            "    return f'{part / whole * 100:.{places}f}%'",
            "a whole of 0, such as a region with no orders yet",
            "it crashes with ZeroDivisionError; the label should be 'n/a'",
            (("0, 0, 1", "'n/a'"), ("3, 0, 2", "'n/a'")),
        ),
    ),
    F(
        "signed_number",
        "render",
        "value, places",
        "the number with the given decimal places and an explicit sign: '+1.50', '-0.25'; a "
        "value that rounds to zero is written without a sign ('0.00')",
        "    text = f'{value:+.{places}f}'\n    return text[1:] if float(text) == 0 else text",
        (("1.5, 2", "'+1.50'"), ("-0.25, 2", "'-0.25'"), ("12, 0", "'+12'")),
        defect=Defect(
            "    return f'{value:+.{places}f}'",
            "a value of zero, or one that rounds to zero such as -0.001 with 2 places",
            "it writes '+0.00' or '-0.00'; zero should have no sign",
            (("0, 2", "'0.00'"), ("-0.001, 2", "'0.00'"), ("0.4, 0", "'0'")),
        ),
    ),
    F(
        "compact_list",
        "render",
        "items, limit",
        "the first limit items joined by ', ', followed by ' and N more' when N items are "
        "left out (none when all fit); '' for no items",
        "    shown = ', '.join(str(item) for item in items[:limit])\n"
        "    hidden = len(items) - limit\n"
        "    return f'{shown} and {hidden} more' if hidden > 0 else shown",
        (
            ("['Oslo', 'Rome', 'Lima', 'Pune'], 2", "'Oslo, Rome and 2 more'"),
            ("['a', 'b'], 5", "'a, b'"),
            ("[], 3", "''"),
        ),
        defect=Defect(
            "    shown = ', '.join(str(item) for item in items[:limit])\n"
            "    if len(items) >= limit:\n"
            "        return f'{shown} and {len(items) - limit} more'\n"
            "    return shown",
            "exactly limit items",
            "it ends in ' and 0 more'; nothing should be added when all items fit",
            (("['a', 'b'], 2", "'a, b'"), ("['x'], 1", "'x'")),
        ),
    ),
    F(
        "to_json_lines",
        "render",
        "rows",
        "the rows as JSON Lines text: one JSON object per row as json.dumps writes it by "
        "default (', ' and ': ' between items), keys in the row's order, non-ASCII characters "
        "written as they are (not escaped), each line ending with a newline ('' for no rows)",
        "    import json\n"
        "\n"
        "    return ''.join(json.dumps(row, ensure_ascii=False) + '\\n' for row in rows)",
        (
            ("[{'a': '1', 'b': 2}, {'a': 'x'}]", '\'{"a": "1", "b": 2}\\n{"a": "x"}\\n\''),
            ("[]", "''"),
        ),
        defect=Defect(
            "    import json\n\n    return ''.join(json.dumps(row) + '\\n' for row in rows)",
            "a non-ASCII character, such as {'city': 'Zürich'}",
            "it is escaped as \\u00fc; non-ASCII characters should be written as they are",
            (
                ("[{'city': 'Zürich'}]", '\'{"city": "Zürich"}\\n\''),
                ("[{'n': 'Ōsaka', 'v': '€5'}]", '\'{"n": "Ōsaka", "v": "€5"}\\n\''),
            ),
        ),
    ),
    F(
        "tsv_text",
        "render",
        "rows",
        "the rows as tab-separated text: a header line from the first row's keys, then one line "
        "per row in that column order, a tab or newline inside a cell replaced by a space, "
        "every line ending with a newline ('' for no rows)",
        "    if not rows:\n"
        "        return ''\n"
        "    names = list(rows[0])\n"
        "\n"
        "    def clean(cell):\n"
        "        return str(cell).replace('\\t', ' ').replace('\\n', ' ')\n"
        "\n"
        "    lines = ['\\t'.join(names)]\n"
        "    lines += ['\\t'.join(clean(row.get(n, '')) for n in names) for row in rows]\n"
        "    return '\\n'.join(lines) + '\\n'",
        (
            ("[{'a': '1', 'b': 'x'}, {'a': '2', 'b': 'y'}]", "'a\\tb\\n1\\tx\\n2\\ty\\n'"),
            ("[]", "''"),
        ),
        defect=Defect(
            "    if not rows:\n"
            "        return ''\n"
            "    names = list(rows[0])\n"
            "    lines = ['\\t'.join(names)]\n"
            "    lines += ['\\t'.join(str(row.get(n, '')) for n in names) for row in rows]\n"
            "    return '\\n'.join(lines) + '\\n'",
            "a cell holding a tab or a line break, such as a pasted note",
            "the cell splits the line into extra columns or rows; tabs and newlines inside a "
            "cell should become spaces",
            (
                ("[{'a': 'x\\ty', 'b': '1'}]", "'a\\tb\\nx y\\t1\\n'"),
                ("[{'note': 'two\\nlines'}]", "'note\\ntwo lines\\n'"),
            ),
        ),
    ),
    F(
        "column_widths",
        "render",
        "rows",
        "a dict from each column of the first row to the width it needs in a text table: the "
        "longest of its name and its cells across all rows ({} for no rows)",
        "    if not rows:\n"
        "        return {}\n"
        "    return {\n"
        "        name: max([len(name)] + [len(str(row.get(name, ''))) for row in rows])\n"
        "        for name in rows[0]\n"
        "    }",
        (
            ("[{'city': 'Oslo'}, {'city': 'Reykjavik'}]", "{'city': 9}"),
            ("[]", "{}"),
        ),
        defect=Defect(
            "    if not rows:\n"
            "        return {}\n"
            "    return {name: max(len(str(row.get(name, ''))) for row in rows) for name in rows[0]}",
            "a column whose name is longer than all its cells, such as 'population' holding '12'",
            "the width fits the cells but not the header; the name counts too",
            (
                ("[{'population': '12'}]", "{'population': 10}"),
                ("[{'id': '1', 'n': 'Ada'}]", "{'id': 2, 'n': 3}"),
            ),
        ),
    ),
)

_MORE_TIDY: tuple[FunctionTemplate, ...] = (
    F(
        "strip_accents",
        "clean",
        "text",
        "the text with every accented letter replaced by its base letter ('Zürich' -> "
        "'Zurich', 'Ångström' -> 'Angstrom'); every other character, letters without a "
        "decomposition such as 'ø' and symbols such as '€' included, kept as it is",
        "    import unicodedata\n"
        "\n"
        "    decomposed = unicodedata.normalize('NFD', text)\n"
        "    return ''.join(c for c in decomposed if not unicodedata.combining(c))",
        (("'Zürich'", "'Zurich'"), ("'Ångström café'", "'Angstrom cafe'"), ("''", "''")),
        defect=Defect(
            "    import unicodedata\n"
            "\n"
            "    return unicodedata.normalize('NFKD', text).encode('ascii', 'ignore').decode()",
            "a character with no plain-ASCII base, such as 'ø' in 'Trøndelag' or '€'",
            "the character is dropped ('Trndelag'); only the accents should go",
            (("'Trøndelag'", "'Trøndelag'"), ("'5 € café'", "'5 € cafe'")),
        ),
    ),
    F(
        "pad_codes",
        "clean",
        "rows, name, width",
        "new rows in which the column's cell, when it is all digits, is left-padded with zeros "
        "to width (a spreadsheet drops the leading zeros of postcodes); blank cells, other "
        "text and longer codes unchanged",
        "    padded = []\n"
        "    for row in rows:\n"
        "        cell = row.get(name, '')\n"
        "        if cell.isdigit():\n"
        "            cell = cell.zfill(width)\n"
        "        padded.append({**row, name: cell} if name in row else dict(row))\n"
        "    return padded",
        (
            (
                "[{'zip': '150'}, {'zip': '0150'}, {'zip': '12345'}], 'zip', 4",
                "[{'zip': '0150'}, {'zip': '0150'}, {'zip': '12345'}]",
            ),
            ("[], 'zip', 4", "[]"),
        ),
        defect=Defect(
            "    return [{**row, name: row[name].zfill(width)} if name in row else dict(row) for row in rows]",
            "a blank cell or one that is not a code, such as '' or 'N/A'",
            "it becomes '0000' or '0N/A'; only cells of digits should be padded",
            (
                ("[{'zip': ''}, {'zip': 'N/A'}], 'zip', 4", "[{'zip': ''}, {'zip': 'N/A'}]"),
                ("[{'zip': '7'}, {'zip': '-'}], 'zip', 3", "[{'zip': '007'}, {'zip': '-'}]"),
            ),
        ),
    ),
    F(
        "parse_accounting",
        "clean",
        "text",
        "a number written the accounting way as a float: thousands commas allowed, surrounding "
        "spaces ignored, and a number in parentheses negative ('(1,234.50)' -> -1234.5); "
        "ValueError for text that is not such a number",
        "    cleaned = text.strip().replace(',', '')\n"
        "    if cleaned.startswith('(') and cleaned.endswith(')'):\n"
        "        return -float(cleaned[1:-1])\n"
        "    return float(cleaned)",
        (("'1,234.50'", "1234.5"), ("' 42 '", "42.0"), ("'-3'", "-3.0")),
        raises=(("'abc'", "ValueError"), ("''", "ValueError")),
        defect=Defect(
            "    return float(text.strip().replace(',', '').strip('()'))",
            "a negative amount in parentheses, such as '(1,234.50)'",
            "it comes out positive; an amount in parentheses is negative",
            (("'(1,234.50)'", "-1234.5"), ("'(7)'", "-7.0")),
        ),
    ),
    F(
        "to_grams",
        "clean",
        "text",
        "a weight such as '1.5kg', '300 g', '2 mg' or '1 t' (tonnes) as a float number of "
        "grams, the unit case-insensitive and spaces ignored; ValueError for a missing or "
        "unknown unit",
        "    import re\n"
        "\n"
        "    match = re.fullmatch(r'([\\d.]+)\\s*(mg|kg|g|t)', text.strip().lower())\n"
        "    if not match:\n"
        "        raise ValueError(f'not a weight: {text!r}')\n"
        "    factor = {'mg': 0.001, 'g': 1, 'kg': 1000, 't': 1000000}[match.group(2)]\n"
        "    return float(match.group(1)) * factor",
        (("'300 g'", "300.0"), ("'2T'", "2000000.0"), ("' 12 G '", "12.0")),
        raises=(("'12'", "ValueError"), ("'3 lb'", "ValueError")),
        defect=Defect(
            "    text = text.strip().lower().replace(' ', '')\n"
            "    for unit, factor in (('g', 1), ('mg', 0.001), ('kg', 1000), ('t', 1000000)):\n"
            "        if text.endswith(unit):\n"
            "            return float(text[: -len(unit)]) * factor\n"
            "    raise ValueError(f'not a weight: {text!r}')",
            "a weight in kilograms or milligrams, such as '1.5kg'",
            "it crashes with ValueError, as 'kg' is read as grams with a 'k' in the number; the "
            "whole unit should be matched",
            (("'1.5kg'", "1500.0"), ("'250 mg'", "0.25"), ("'4 MG'", "0.004")),
        ),
    ),
    F(
        "dedupe_headers",
        "clean",
        "names",
        "the column names with repeats made unique: the second occurrence of a name gets '_2', "
        "the third '_3' and so on, first occurrences unchanged, order kept",
        "    seen = {}\n"
        "    unique = []\n"
        "    for name in names:\n"
        "        seen[name] = seen.get(name, 0) + 1\n"
        "        unique.append(name if seen[name] == 1 else f'{name}_{seen[name]}')\n"
        "    return unique",
        (
            ("['id', 'name', 'id']", "['id', 'name', 'id_2']"),
            ("['a', 'b']", "['a', 'b']"),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    unique = []\n"
            "    for name in names:\n"
            "        unique.append(f'{name}_2' if name in names[: len(unique)] else name)\n"
            "    return unique",
            "a name that occurs three times or more",
            "every repeat gets '_2', so the names are still not unique; the third occurrence "
            "should get '_3'",
            (
                ("['x', 'x', 'x']", "['x', 'x_2', 'x_3']"),
                ("['v', 'w', 'v', 'v']", "['v', 'w', 'v_2', 'v_3']"),
            ),
        ),
    ),
)

_MORE_GROUPS: tuple[FunctionTemplate, ...] = (
    F(
        "yoy_change",
        "aggregate",
        "totals",
        "a dict from each year of a dict of year (int) -> total to its percentage change from "
        "the year before, rounded to 1 place, years in ascending order; a year whose previous "
        "calendar year is missing or has a total of 0 is left out",
        "    change = {}\n"
        "    for year in sorted(totals):\n"
        "        before = totals.get(year - 1)\n"
        "        if before:\n"
        "            change[year] = round((totals[year] - before) / before * 100, 1)\n"
        "    return change",
        (
            ("{2021: 100, 2022: 110, 2023: 99}", "{2022: 10.0, 2023: -10.0}"),
            ("{2020: 5}", "{}"),
            ("{2020: 0, 2021: 4}", "{}"),
        ),
        defect=Defect(
            "    years = sorted(totals)\n"
            "    return {\n"
            "        b: round((totals[b] - totals[a]) / totals[a] * 100, 1)\n"
            "        for a, b in zip(years, years[1:])\n"
            "        if totals[a]\n"
            "    }",
            "a gap between years, such as 2019 followed by 2021",
            "2021 is compared with 2019; a year is only compared with the calendar year before it",
            (("{2019: 50, 2021: 100, 2022: 150}", "{2022: 50.0}"), ("{2000: 1, 2005: 2}", "{}")),
        ),
    ),
    F(
        "running_max",
        "stats",
        "values",
        "the running maximum: at each position the largest value so far (negative numbers "
        "included; [] for no values)",
        "    result = []\n"
        "    for value in values:\n"
        "        result.append(value if not result else max(result[-1], value))\n"
        "    return result",
        (("[1, 3, 2, 5]", "[1, 3, 3, 5]"), ("[]", "[]")),
        defect=Defect(
            "    best, result = 0, []\n"
            "    for value in values:\n"
            "        best = max(best, value)\n"
            "        result.append(best)\n"
            "    return result",
            "a list of negative numbers, such as temperatures below zero",
            "the running maximum starts at 0 instead of the first value",
            (("[-5, -3, -4]", "[-5, -3, -3]"), ("[-1]", "[-1]")),
        ),
    ),
    F(
        "top_n_share",
        "stats",
        "values, n",
        "the percentage of the total held by the n largest values, rounded to 1 place (0.0 "
        "when the total is 0); ValueError when n is below 1",
        "    if n < 1:\n"
        "        raise ValueError('n must be at least 1')\n"
        "    total = sum(values)\n"
        "    if total == 0:\n"
        "        return 0.0\n"
        "    return round(sum(sorted(values, reverse=True)[:n]) / total * 100, 1)",
        (("[50, 30, 10, 10], 1", "50.0"), ("[5, 4, 1], 2", "90.0"), ("[], 3", "0.0")),
        raises=(("[1, 2], 0", "ValueError"),),
        defect=Defect(
            "    if n < 1:\n"
            "        raise ValueError('n must be at least 1')\n"
            "    total = sum(values)\n"
            "    return round(sum(values[:n]) / total * 100, 1) if total else 0.0",
            "values that are not sorted from largest down, such as [10, 50, 40]",
            "it takes the first n values, not the n largest",
            (("[10, 50, 40], 1", "50.0"), ("[1, 2, 3, 4], 2", "70.0")),
        ),
    ),
    F(
        "rate_per",
        "stats",
        "count, population, per",
        "count per `per` people (such as cases per 100000), rounded to 2 places; ValueError "
        "when population is 0 or negative",
        "    if population <= 0:\n"
        "        raise ValueError('population must be positive')\n"
        "    return round(count / population * per, 2)",
        (("25, 50000, 100000", "50.0"), ("1, 3, 100", "33.33"), ("0, 10, 1000", "0.0")),
        raises=(("3, 0, 100", "ValueError"), ("3, -5, 100", "ValueError")),
    ),
    F(
        "weekday_means",
        "aggregate",
        "rows, date_column, name",
        "a dict from weekday name ('Mon' ... 'Sun') to the mean of a numeric column over the "
        "rows whose ISO date falls on that day, rounded to 2 places, only weekdays that have "
        "a non-blank value (blank cells skipped)",
        "    from datetime import date\n"
        "\n"
        "    days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n"
        "    values = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell:\n"
        "            day = days[date.fromisoformat(row[date_column]).weekday()]\n"
        "            values.setdefault(day, []).append(float(cell))\n"
        "    return {d: round(sum(values[d]) / len(values[d]), 2) for d in days if d in values}",
        (
            (
                "[{'d': '2024-05-13', 'v': '10'}, {'d': '2024-05-20', 'v': '20'}, {'d': '2024-05-18', 'v': '4'}], 'd', 'v'",
                "{'Mon': 15.0, 'Sat': 4.0}",
            ),
            ("[], 'd', 'v'", "{}"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n"
            "    values = {}\n"
            "    for row in rows:\n"
            "        day = days[date.fromisoformat(row[date_column]).weekday()]\n"
            "        values.setdefault(day, []).append(float(row[name] or 0))\n"
            "    return {d: round(sum(values[d]) / len(values[d]), 2) for d in days if d in values}",
            "a row with a blank value",
            "the blank counts as 0 and drags the mean down; blank cells should be skipped",
            (
                (
                    "[{'d': '2024-05-13', 'v': '10'}, {'d': '2024-05-20', 'v': ''}], 'd', 'v'",
                    "{'Mon': 10.0}",
                ),
                ("[{'d': '2024-05-14', 'v': ''}], 'd', 'v'", "{}"),
            ),
        ),
    ),
)

_MORE_CHECKS: tuple[FunctionTemplate, ...] = (
    F(
        "orphan_keys",
        "validate",
        "child, parent, key",
        "the sorted distinct values of the key column in the child rows that no parent row has "
        "(a foreign-key check before a join), blank child keys ignored",
        "    known = {row.get(key) for row in parent}\n"
        "    return sorted({\n"
        "        row[key] for row in child if (row.get(key) or '').strip() and row[key] not in known\n"
        "    })",
        (
            ("[{'c': '2'}, {'c': '9'}, {'c': '7'}, {'c': '9'}], [{'c': '2'}], 'c'", "['7', '9']"),
            ("[], [{'c': '1'}], 'c'", "[]"),
        ),
        defect=Defect(
            "    known = {row.get(key) for row in parent}\n"
            "    return sorted({row.get(key, '') for row in child} - known)",
            "a child row whose key is blank, such as an order not yet assigned a customer",
            "'' is reported as an orphan key; blank keys should be ignored",
            (
                ("[{'c': ''}, {'c': '1'}], [{'c': '1'}], 'c'", "[]"),
                ("[{'c': ' '}, {'c': '3'}], [], 'c'", "['3']"),
            ),
        ),
    ),
    F(
        "ragged_lines",
        "validate",
        "text",
        "the line numbers (the header is line 1) of the non-blank lines of CSV text whose "
        "number of fields differs from the header's, quoted fields with commas counting as "
        "one field",
        "    import csv\n"
        "    import io\n"
        "\n"
        "    lines = list(csv.reader(io.StringIO(text)))\n"
        "    if not lines:\n"
        "        return []\n"
        "    width = len(lines[0])\n"
        "    return [n for n, fields in enumerate(lines, 1) if fields and len(fields) != width]",
        (("'a,b\\n1,2\\n3\\n4,5,6\\n'", "[3, 4]"), ("'a,b\\n1,2\\n'", "[]"), ("''", "[]")),
        defect=Defect(
            "    lines = text.splitlines()\n"
            "    if not lines:\n"
            "        return []\n"
            "    width = len(lines[0].split(','))\n"
            "    return [\n"
            "        n for n, line in enumerate(lines, 1) if line and len(line.split(',')) != width\n"
            "    ]",
            "a quoted field holding a comma, such as '\"Smith, J\",Oslo'",
            "the line is reported as having too many fields; a quoted field is one field",
            (
                ("'name,city\\n\"Smith, J\",Oslo\\n'", "[]"),
                ('\'a,b\\n"x,y",1\\n"p,q"\\n\'', "[3]"),
            ),
        ),
    ),
    F(
        "is_leap_year",
        "dates",
        "year",
        "whether a year is a leap year in the Gregorian calendar: divisible by 4, except "
        "centuries, which are leap years only when divisible by 400",
        "    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)",
        (("2024", "True"), ("2023", "False"), ("2000", "True")),
        defect=Defect(
            "    return year % 4 == 0",
            "a century year not divisible by 400, such as 1900",
            "1900 comes out as a leap year; it is not",
            (("1900", "False"), ("2100", "False")),
        ),
    ),
    F(
        "quarter_range",
        "dates",
        "year, quarter",
        "a tuple (first day, last day) of a calendar quarter as ISO dates (YYYY-MM-DD), such as "
        "('2024-04-01', '2024-06-30') for quarter 2; ValueError when quarter is not 1 to 4",
        "    import calendar\n"
        "\n"
        "    if quarter not in (1, 2, 3, 4):\n"
        "        raise ValueError('quarter must be 1 to 4')\n"
        "    first, last = 3 * quarter - 2, 3 * quarter\n"
        "    end = calendar.monthrange(year, last)[1]\n"
        "    return (f'{year}-{first:02d}-01', f'{year}-{last:02d}-{end:02d}')",
        (
            ("2024, 2", "('2024-04-01', '2024-06-30')"),
            ("2023, 1", "('2023-01-01', '2023-03-31')"),
            ("2023, 4", "('2023-10-01', '2023-12-31')"),
        ),
        raises=(("2024, 0", "ValueError"), ("2024, 5", "ValueError")),
    ),
    F(
        "shift_minutes",
        "dates",
        "start, end",
        "the length in minutes of a shift from start to end, both 'HH:MM' on a 24-hour clock, "
        "a shift whose end is before its start running past midnight (an end equal to the "
        "start is 0 minutes)",
        "    def minutes(text):\n"
        "        hours, mins = text.split(':')\n"
        "        return int(hours) * 60 + int(mins)\n"
        "\n"
        "    return (minutes(end) - minutes(start)) % (24 * 60)",
        (("'09:00', '17:30'", "510"), ("'08:15', '08:15'", "0")),
        defect=Defect(
            "    def minutes(text):\n"
            "        hours, mins = text.split(':')\n"
            "        return int(hours) * 60 + int(mins)\n"
            "\n"
            "    return minutes(end) - minutes(start)",
            "a night shift past midnight, such as '22:00' to '06:00'",
            "the length comes out negative; the shift runs on into the next day",
            (("'22:00', '06:00'", "480"), ("'23:45', '00:15'", "30")),
        ),
    ),
    F(
        "next_business_day",
        "dates",
        "text",
        "the first Monday-to-Friday date after an ISO date (YYYY-MM-DD), as ISO text (the "
        "day after a Friday, Saturday or Sunday is the next Monday)",
        "    from datetime import date, timedelta\n"
        "\n"
        "    day = date.fromisoformat(text) + timedelta(days=1)\n"
        "    while day.weekday() >= 5:\n"
        "        day += timedelta(days=1)\n"
        "    return day.isoformat()",
        (("'2024-05-13'", "'2024-05-14'"), ("'2024-05-15'", "'2024-05-16'")),
        defect=Defect(
            "    from datetime import date, timedelta\n"
            "\n"
            "    day = date.fromisoformat(text)\n"
            "    return (day + timedelta(days=3 if day.weekday() == 4 else 1)).isoformat()",
            "a Saturday or a Sunday",
            "it returns the Sunday or Monday right after; a weekend date should move to the "
            "Monday that follows",
            (
                ("'2024-05-18'", "'2024-05-20'"),
                ("'2024-05-19'", "'2024-05-20'"),
                ("'2024-05-17'", "'2024-05-20'"),
            ),
        ),
    ),
)

_MORE_RECORDS: tuple[FunctionTemplate, ...] = (
    F(
        "combine_duplicates",
        "reshape",
        "rows, key",
        "one row per value of the key column, in first-appearance order: the first row for "
        "that value, each of its blank (empty or only spaces) or missing cells filled from the "
        "first later row of that value that has it non-blank",
        "    merged = {}\n"
        "    for row in rows:\n"
        "        if row[key] not in merged:\n"
        "            merged[row[key]] = dict(row)\n"
        "            continue\n"
        "        kept = merged[row[key]]\n"
        "        for name, cell in row.items():\n"
        "            if not (kept.get(name) or '').strip():\n"
        "                kept[name] = cell\n"
        "    return list(merged.values())",
        (
            (
                "[{'id': '1', 'email': '', 'tel': '55'}, {'id': '2', 'email': 'b@x', 'tel': ''}, {'id': '1', 'email': 'a@x', 'tel': ''}], 'id'",
                "[{'id': '1', 'email': 'a@x', 'tel': '55'}, {'id': '2', 'email': 'b@x', 'tel': ''}]",
            ),
            ("[], 'id'", "[]"),
        ),
        defect=Defect(
            "    merged = {}\n"
            "    for row in rows:\n"
            "        kept = merged.setdefault(row[key], {})\n"
            "        kept.update({k: v for k, v in row.items() if v})\n"
            "        for name in row:\n"
            "            kept.setdefault(name, row[name])\n"
            "    return list(merged.values())",
            "a later row with a different non-blank value for a cell the first row already has",
            "the later value overwrites the first row's; the first row's non-blank cells are kept",
            (
                (
                    "[{'id': '1', 'c': 'Oslo'}, {'id': '1', 'c': 'Rome'}], 'id'",
                    "[{'id': '1', 'c': 'Oslo'}]",
                ),
                (
                    "[{'id': 'a', 'x': '', 'y': '1'}, {'id': 'a', 'x': '2', 'y': '9'}, {'id': 'a', 'x': '3', 'y': ''}], 'id'",
                    "[{'id': 'a', 'x': '2', 'y': '1'}]",
                ),
            ),
        ),
    ),
    F(
        "first_n_per_group",
        "reshape",
        "rows, key, n",
        "the rows keeping only the first n rows of each value of the key column, the kept rows "
        "in their original order (not gathered by group)",
        "    seen = {}\n"
        "    kept = []\n"
        "    for row in rows:\n"
        "        seen[row[key]] = seen.get(row[key], 0) + 1\n"
        "        if seen[row[key]] <= n:\n"
        "            kept.append(row)\n"
        "    return kept",
        (
            (
                "[{'g': 'a', 'i': '1'}, {'g': 'a', 'i': '2'}, {'g': 'a', 'i': '3'}], 'g', 2",
                "[{'g': 'a', 'i': '1'}, {'g': 'a', 'i': '2'}]",
            ),
            ("[{'g': 'a'}], 'g', 0", "[]"),
            ("[], 'g', 1", "[]"),
        ),
        defect=Defect(
            "    groups = {}\n"
            "    for row in rows:\n"
            "        groups.setdefault(row[key], []).append(row)\n"
            "    return [row for group in groups.values() for row in group[:n]]",
            "groups whose rows are interleaved, such as rows of a, b, a",
            "the kept rows come out gathered by group; they should stay in their original order",
            (
                (
                    "[{'g': 'a', 'i': '1'}, {'g': 'b', 'i': '2'}, {'g': 'a', 'i': '3'}], 'g', 2",
                    "[{'g': 'a', 'i': '1'}, {'g': 'b', 'i': '2'}, {'g': 'a', 'i': '3'}]",
                ),
                (
                    "[{'g': 'x'}, {'g': 'y'}, {'g': 'x'}, {'g': 'y'}], 'g', 1",
                    "[{'g': 'x'}, {'g': 'y'}]",
                ),
            ),
        ),
        change=Change(
            "first_n_per_group should raise ValueError for a negative n",
            "    if n < 0:\n"
            "        raise ValueError('n must not be negative')\n"
            "    seen = {}\n"
            "    kept = []\n"
            "    for row in rows:\n"
            "        seen[row[key]] = seen.get(row[key], 0) + 1\n"
            "        if seen[row[key]] <= n:\n"
            "            kept.append(row)\n"
            "    return kept",
            (("[{'g': 'a'}, {'g': 'a'}], 'g', 1", "[{'g': 'a'}]"),),
            raises=(("[{'g': 'a'}], 'g', -1", "ValueError"),),
        ),
    ),
    F(
        "full_join",
        "joins",
        "left, right, key",
        "a full outer join on a key column: each left row merged with the first right row of "
        "the same key (the right row's cells added, the left's kept on a clash) or alone when "
        "none matches, in left order, then the right rows whose key no left row has, in their "
        "order",
        "    first = {}\n"
        "    for row in right:\n"
        "        first.setdefault(row[key], row)\n"
        "    joined = [{**first.get(row[key], {}), **row} for row in left]\n"
        "    left_keys = {row[key] for row in left}\n"
        "    return joined + [dict(row) for row in right if row[key] not in left_keys]",
        (
            (
                "[{'id': '1', 'a': 'x'}, {'id': '2', 'a': 'y'}], [{'id': '2', 'b': 'q'}, {'id': '2', 'b': 's'}], 'id'",
                "[{'id': '1', 'a': 'x'}, {'id': '2', 'a': 'y', 'b': 'q'}]",
            ),
            ("[{'id': '1', 'v': 'L'}], [{'id': '1', 'v': 'R'}], 'id'", "[{'id': '1', 'v': 'L'}]"),
            ("[], [], 'id'", "[]"),
        ),
        defect=Defect(
            "    first = {}\n"
            "    for row in right:\n"
            "        first.setdefault(row[key], row)\n"
            "    return [{**first.get(row[key], {}), **row} for row in left]",
            "a right row whose key no left row has",
            "the row is lost (a left join); a full join keeps it, after the left rows",
            (
                (
                    "[{'id': '1', 'a': 'x'}, {'id': '2', 'a': 'y'}], [{'id': '2', 'b': 'q'}, {'id': '3', 'b': 'r'}], 'id'",
                    "[{'id': '1', 'a': 'x'}, {'id': '2', 'a': 'y', 'b': 'q'}, {'id': '3', 'b': 'r'}]",
                ),
                ("[], [{'id': '9', 'b': 'z'}], 'id'", "[{'id': '9', 'b': 'z'}]"),
                (
                    "[{'id': '1'}], [{'id': '2'}, {'id': '1', 'v': '0'}], 'id'",
                    "[{'id': '1', 'v': '0'}, {'id': '2'}]",
                ),
            ),
        ),
    ),
    F(
        "update_rows",
        "joins",
        "rows, updates, key",
        "new rows in which each row whose key matches an update row takes that update's "
        "non-blank cells (a blank cell in an update changes nothing; a later update wins), "
        "updates matching no row ignored, order and other rows kept",
        "    changes = {}\n"
        "    for update in updates:\n"
        "        cells = {k: v for k, v in update.items() if (v or '').strip()}\n"
        "        changes.setdefault(update[key], {}).update(cells)\n"
        "    return [{**row, **changes.get(row[key], {})} for row in rows]",
        (
            (
                "[{'id': '1', 'city': 'Oslo'}, {'id': '2', 'city': 'Rome'}], [{'id': '2', 'city': 'Milan'}, {'id': '5', 'city': 'X'}], 'id'",
                "[{'id': '1', 'city': 'Oslo'}, {'id': '2', 'city': 'Milan'}]",
            ),
            ("[], [{'id': '1'}], 'id'", "[]"),
        ),
        defect=Defect(
            "    changes = {update[key]: update for update in updates}\n"
            "    return [{**row, **changes.get(row[key], {})} for row in rows]",
            "an update row with a blank cell, such as {'id': '2', 'city': '', 'tel': '55'}",
            "the blank wipes the row's value; a blank cell in an update should change nothing",
            (
                (
                    "[{'id': '2', 'city': 'Rome', 'tel': ''}], [{'id': '2', 'city': '', 'tel': '55'}], 'id'",
                    "[{'id': '2', 'city': 'Rome', 'tel': '55'}]",
                ),
                (
                    "[{'id': '1', 'a': 'x'}], [{'id': '1', 'a': 'y'}, {'id': '1', 'a': ' '}], 'id'",
                    "[{'id': '1', 'a': 'y'}]",
                ),
            ),
        ),
    ),
    F(
        "with_total_row",
        "report",
        "rows, names, label_column, label",
        "the rows followed by one more row: label in label_column, and for each named column "
        "the sum of its non-blank cells written with no trailing '.0' when whole ('12', "
        "'3.5'), the first row's other columns ''; with no rows, the total row has only the "
        "label column and the named ones (each '0')",
        "    columns = list(rows[0]) if rows else [label_column, *names]\n"
        "    total = {column: '' for column in columns}\n"
        "    total[label_column] = label\n"
        "    for name in names:\n"
        "        value = sum(float(row[name]) for row in rows if (row.get(name) or '').strip())\n"
        "        total[name] = str(int(value)) if value == int(value) else str(value)\n"
        "    return [*rows, total]",
        (
            (
                "[{'city': 'Oslo', 'n': '2', 'x': 'a'}, {'city': 'Rome', 'n': '1.5', 'x': 'b'}], ['n'], 'city', 'Total'",
                "[{'city': 'Oslo', 'n': '2', 'x': 'a'}, {'city': 'Rome', 'n': '1.5', 'x': 'b'}, {'city': 'Total', 'n': '3.5', 'x': ''}]",
            ),
            ("[], ['n'], 'city', 'Total'", "[{'city': 'Total', 'n': '0'}]"),
        ),
        defect=Defect(
            "    columns = list(rows[0]) if rows else [label_column, *names]\n"
            "    total = {column: '' for column in columns}\n"
            "    total[label_column] = label\n"
            "    for name in names:\n"
            "        value = sum(float(row[name]) for row in rows if (row.get(name) or '').strip())\n"
            "        total[name] = str(value)\n"
            "    return [*rows, total]",
            "a whole-number total, such as 2 + 1",
            "it is written '3.0'; a whole total should be written '3'",
            (
                (
                    "[{'c': 'a', 'n': '2'}, {'c': 'b', 'n': '1'}], ['n'], 'c', 'All'",
                    "[{'c': 'a', 'n': '2'}, {'c': 'b', 'n': '1'}, {'c': 'All', 'n': '3'}]",
                ),
                (
                    "[{'c': 'a', 'n': ''}], ['n'], 'c', 'All'",
                    "[{'c': 'a', 'n': ''}, {'c': 'All', 'n': '0'}]",
                ),
            ),
        ),
    ),
    F(
        "list_sentence",
        "render",
        "items",
        "the items as an English list: '' for none, the item alone for one, 'a and b' for two, "
        "and 'a, b and c' for more (commas between all but the last two, no comma before 'and')",
        "    items = [str(item) for item in items]\n"
        "    if len(items) < 2:\n"
        "        return ''.join(items)\n"
        "    return ', '.join(items[:-1]) + ' and ' + items[-1]",
        (
            ("['Oslo', 'Rome', 'Lima']", "'Oslo, Rome and Lima'"),
            ("['a', 'b']", "'a and b'"),
            ("[]", "''"),
        ),
        defect=Defect(
            "    items = [str(item) for item in items]\n"
            "    if not items:\n"
            "        return ''\n"
            "    return ', '.join(items[:-1]) + ' and ' + items[-1]",
            "a list of one item",
            "it returns ' and Oslo'; a single item should stand alone",
            (("['Oslo']", "'Oslo'"), ("[3]", "'3'")),
        ),
        change=Change(
            "list_sentence should use the serial (Oxford) comma for three or more items: "
            "'a, b, and c'; 'a and b' for two as before",
            "    items = [str(item) for item in items]\n"
            "    if len(items) < 3:\n"
            "        return ' and '.join(items)\n"
            "    return ', '.join(items[:-1]) + ', and ' + items[-1]",
            (
                ("['Oslo', 'Rome', 'Lima']", "'Oslo, Rome, and Lima'"),
                ("['a', 'b']", "'a and b'"),
                ("['x']", "'x'"),
            ),
        ),
    ),
)

_CELL_FIXES: tuple[FunctionTemplate, ...] = (
    F(
        "round_column",
        "clean",
        "rows, name, places",
        "new rows in which the numeric column's non-blank cell is rounded and written with "
        "exactly places decimals ('2.5' with 2 places is '2.50'), blank or missing cells "
        "unchanged",
        "    rounded = []\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        rounded.append({**row, name: f'{float(cell):.{places}f}'} if cell else dict(row))\n"
        "    return rounded",
        (
            ("[{'p': '2.345'}, {'p': ''}], 'p', 1", "[{'p': '2.3'}, {'p': ''}]"),
            ("[{'p': '7.126'}], 'p', 2", "[{'p': '7.13'}]"),
        ),
        defect=Defect(
            "    rounded = []\n"
            "    for row in rows:\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        rounded.append({**row, name: str(round(float(cell), places))} if cell else dict(row))\n"
            "    return rounded",
            "a value with fewer decimals than asked for, such as '2.5' with 2 places",
            "it is written '2.5' (and '3' becomes '3.0'); every cell should have exactly places "
            "decimals",
            (
                ("[{'p': '2.5'}], 'p', 2", "[{'p': '2.50'}]"),
                ("[{'p': '3'}], 'p', 0", "[{'p': '3'}]"),
            ),
        ),
    ),
    F(
        "blank_to_none",
        "clean",
        "rows",
        "new rows in which every blank cell (empty or only whitespace) becomes None, other "
        "cells unchanged",
        "    return [\n"
        "        {key: None if isinstance(cell, str) and not cell.strip() else cell for key, cell in row.items()}\n"
        "        for row in rows\n"
        "    ]",
        (("[{'a': '', 'b': 'x'}]", "[{'a': None, 'b': 'x'}]"), ("[]", "[]")),
        defect=Defect(
            "    return [{key: None if cell == '' else cell for key, cell in row.items()} for row in rows]",
            "a cell holding only spaces or a tab",
            "it is kept as it is; a cell of only whitespace is blank too",
            (
                ("[{'a': '  ', 'b': '\\t'}]", "[{'a': None, 'b': None}]"),
                ("[{'a': ' x '}, {'a': ' '}]", "[{'a': ' x '}, {'a': None}]"),
            ),
        ),
    ),
    F(
        "expand_ranges",
        "clean",
        "text",
        "the non-negative whole numbers listed in text such as '1, 3-5, 9' (comma-separated "
        "numbers and inclusive ranges a-b, spaces ignored), in the order written; [] for blank "
        "text; ValueError for a part that is neither a number nor a range, or a range whose "
        "end is below its start",
        "    numbers = []\n"
        "    for part in text.replace(' ', '').split(','):\n"
        "        if not part:\n"
        "            continue\n"
        "        low, _, high = part.partition('-')\n"
        "        start, end = int(low), int(high or low)\n"
        "        if end < start:\n"
        "            raise ValueError(f'backwards range: {part}')\n"
        "        numbers.extend(range(start, end + 1))\n"
        "    return numbers",
        (("'7, 2'", "[7, 2]"), ("''", "[]"), ("' 4 '", "[4]")),
        raises=(("'5-3'", "ValueError"), ("'a'", "ValueError")),
        defect=Defect(
            "    numbers = []\n"
            "    for part in text.replace(' ', '').split(','):\n"
            "        if not part:\n"
            "            continue\n"
            "        low, _, high = part.partition('-')\n"
            "        start, end = int(low), int(high or low)\n"
            "        if end < start:\n"
            "            raise ValueError(f'backwards range: {part}')\n"
            "        numbers.extend(range(start, end) if high else [start])\n"
            "    return numbers",
            "any range, such as '3-5'",
            "the range's last number is missing ([3, 4]); ranges include both ends",
            (("'1, 3-5, 9'", "[1, 3, 4, 5, 9]"), ("'8-8'", "[8]")),
        ),
    ),
    F(
        "safe_cell",
        "clean",
        "text",
        "a cell made safe to open in a spreadsheet: text starting with '=', '+', '-' or '@' "
        "(which a spreadsheet would run as a formula) gets a leading apostrophe, unless it is "
        "a plain number such as '-3.5'; other text unchanged",
        "    if text[:1] in ('=', '+', '-', '@'):\n"
        "        try:\n"
        "            float(text)\n"
        "        except ValueError:\n"
        '            return "\'" + text\n'
        "    return text",
        (
            ("'=SUM(A1:A3)'", '"\'=SUM(A1:A3)"'),
            ("'-3.5'", "'-3.5'"),
            ("'Oslo'", "'Oslo'"),
            ("''", "''"),
        ),
        defect=Defect(
            "    return \"'\" + text if text.startswith('=') else text",
            "a formula starting with '+', '-' or '@', such as '@SUM(A1)' or '-2+3'",
            "it is left as a live formula; all four characters start one",
            (("'@SUM(A1)'", '"\'@SUM(A1)"'), ("'+1+2'", '"\'+1+2"'), ("'-2+3'", '"\'-2+3"')),
        ),
    ),
    F(
        "parse_time_12h",
        "dates",
        "text",
        "a 12-hour time such as '3:05 PM' or '11:30am' (space optional, AM/PM in any case) as "
        "24-hour 'HH:MM' ('12:00 AM' is '00:00', '12:00 PM' is '12:00'); ValueError for "
        "anything else",
        "    import re\n"
        "\n"
        "    match = re.fullmatch(r'(\\d{1,2}):(\\d{2})\\s*([ap]m)', text.strip().lower())\n"
        "    if not match or not 1 <= int(match.group(1)) <= 12 or int(match.group(2)) > 59:\n"
        "        raise ValueError(f'not a 12-hour time: {text!r}')\n"
        "    hour = int(match.group(1)) % 12 + (12 if match.group(3) == 'pm' else 0)\n"
        "    return f'{hour:02d}:{match.group(2)}'",
        (("'3:05 PM'", "'15:05'"), ("'11:30am'", "'11:30'"), ("'9:00 am'", "'09:00'")),
        raises=(("'13:00 PM'", "ValueError"), ("'noon'", "ValueError")),
        defect=Defect(
            "    import re\n"
            "\n"
            "    match = re.fullmatch(r'(\\d{1,2}):(\\d{2})\\s*([ap]m)', text.strip().lower())\n"
            "    if not match or not 1 <= int(match.group(1)) <= 12 or int(match.group(2)) > 59:\n"
            "        raise ValueError(f'not a 12-hour time: {text!r}')\n"
            "    hour = int(match.group(1)) + (12 if match.group(3) == 'pm' else 0)\n"
            "    return f'{hour:02d}:{match.group(2)}'",
            "the twelve o'clock hour, such as '12:15 AM' or '12:00 PM'",
            "midnight comes out as '12:15' and noon as '24:00'; 12 AM is hour 00 and 12 PM is "
            "hour 12",
            (("'12:15 AM'", "'00:15'"), ("'12:00 PM'", "'12:00'")),
        ),
    ),
)

_MORE_SERIES: tuple[FunctionTemplate, ...] = (
    F(
        "rolling_sum",
        "stats",
        "values, window",
        "at each position the sum of that value and up to window - 1 values before it (fewer "
        "at the start of the list); ValueError when window is below 1",
        "    if window < 1:\n"
        "        raise ValueError('window must be at least 1')\n"
        "    return [sum(values[max(0, i - window + 1) : i + 1]) for i in range(len(values))]",
        (("[1, 2, 3, 4], 1", "[1, 2, 3, 4]"), ("[], 3", "[]")),
        raises=(("[1], 0", "ValueError"),),
        defect=Defect(
            "    if window < 1:\n"
            "        raise ValueError('window must be at least 1')\n"
            "    return [sum(values[i - window + 1 : i + 1]) for i in range(len(values))]",
            "the first window - 1 positions of any window above 1",
            "the sums there come out as 0 or wrong (a negative slice start wraps around); they "
            "should sum the values so far",
            (("[1, 2, 3, 4], 2", "[1, 3, 5, 7]"), ("[5, 5, 5], 3", "[5, 10, 15]")),
        ),
    ),
    F(
        "run_lengths",
        "stats",
        "values",
        "the runs of equal consecutive values as (value, length) pairs in order ([] for an "
        "empty list), such as [('a', 2), ('b', 1)] for ['a', 'a', 'b']",
        "    runs = []\n"
        "    for value in values:\n"
        "        if runs and runs[-1][0] == value:\n"
        "            runs[-1] = (value, runs[-1][1] + 1)\n"
        "        else:\n"
        "            runs.append((value, 1))\n"
        "    return runs",
        (("['a', 'a', 'b']", "[('a', 2), ('b', 1)]"), ("[]", "[]"), ("[7]", "[(7, 1)]")),
        defect=Defect(
            "    import itertools\n"
            "\n"
            "    return [(value, len(list(run))) for value, run in itertools.groupby(sorted(values))]",
            "a value that comes back after another run, such as ['a', 'a', 'b', 'a']",
            "the runs are merged and reordered ([('a', 3), ('b', 1)]); each run of consecutive "
            "values is its own pair, in order",
            (
                ("['a', 'a', 'b', 'a']", "[('a', 2), ('b', 1), ('a', 1)]"),
                ("[2, 1, 2]", "[(2, 1), (1, 1), (2, 1)]"),
            ),
        ),
    ),
    F(
        "trimmed_mean",
        "stats",
        "values, share",
        "the mean of the values after dropping int(len(values) * share) of the smallest and as "
        "many of the largest, rounded to 2 places; ValueError when share is not in [0, 0.5) "
        "or no values are left",
        "    if not 0 <= share < 0.5:\n"
        "        raise ValueError('share must be in [0, 0.5)')\n"
        "    cut = int(len(values) * share)\n"
        "    kept = sorted(values)[cut : len(values) - cut]\n"
        "    if not kept:\n"
        "        raise ValueError('no values left')\n"
        "    return round(sum(kept) / len(kept), 2)",
        (("[1, 2, 3], 0", "2.0"), ("[4], 0.2", "4.0")),
        raises=(("[], 0.1", "ValueError"), ("[1, 2], 0.5", "ValueError")),
        defect=Defect(
            "    if not 0 <= share < 0.5:\n"
            "        raise ValueError('share must be in [0, 0.5)')\n"
            "    cut = int(len(values) * share)\n"
            "    kept = sorted(values)[: len(values) - cut]\n"
            "    if not kept:\n"
            "        raise ValueError('no values left')\n"
            "    return round(sum(kept) / len(kept), 2)",
            "a share that trims something, such as 0.2 of [1, 2, 3, 4, 100]",
            "only the largest values are dropped; as many of the smallest should go too",
            (
                ("[1, 2, 3, 4, 100], 0.2", "3.0"),
                ("[0, 10, 10, 10, 10, 10, 10, 10, 10, 90], 0.1", "10.0"),
            ),
        ),
    ),
    F(
        "harmonic_mean",
        "stats",
        "values",
        "the harmonic mean of positive numbers (the count divided by the sum of their "
        "reciprocals, such as an average speed over equal distances), rounded to 4 places; "
        "ValueError for an empty list or a value that is 0 or negative",
        "    if not values or any(v <= 0 for v in values):\n"
        "        raise ValueError('harmonic mean needs positive values')\n"
        "    return round(len(values) / sum(1 / v for v in values), 4)",
        (("[40, 60]", "48.0"), ("[1, 2, 4]", "1.7143"), ("[5]", "5.0")),
        raises=(("[]", "ValueError"), ("[3, 0]", "ValueError"), ("[2, -1]", "ValueError")),
    ),
    F(
        "interpolate_gaps",
        "stats",
        "values",
        "the list with each run of None between two numbers filled by linear interpolation, "
        "rounded to 2 places (such as [1, None, 3] -> [1, 2.0, 3]); None before the first or "
        "after the last number kept",
        "    filled = list(values)\n"
        "    known = [i for i, v in enumerate(values) if v is not None]\n"
        "    for a, b in zip(known, known[1:]):\n"
        "        step = (values[b] - values[a]) / (b - a)\n"
        "        for i in range(a + 1, b):\n"
        "            filled[i] = round(values[a] + step * (i - a), 2)\n"
        "    return filled",
        (("[1, None, 3]", "[1, 2.0, 3]"), ("[None, 2, None]", "[None, 2, None]"), ("[]", "[]")),
        defect=Defect(
            "    filled = list(values)\n"
            "    for i in range(1, len(filled) - 1):\n"
            "        if filled[i] is None and filled[i - 1] is not None and values[i + 1] is not None:\n"
            "            filled[i] = round((filled[i - 1] + values[i + 1]) / 2, 2)\n"
            "    return filled",
            "a gap of two or more missing values in a row, such as [0, None, None, 3]",
            "the gap is left unfilled; every run of None between two numbers should be "
            "interpolated",
            (
                ("[0, None, None, 3]", "[0, 1.0, 2.0, 3]"),
                ("[10, None, None, None, 2]", "[10, 8.0, 6.0, 4.0, 2]"),
            ),
        ),
    ),
)

_MORE_PROFILING: tuple[FunctionTemplate, ...] = (
    F(
        "duplicate_rows",
        "profiling",
        "rows",
        "the positions (counting from 1) of the rows equal (same columns, same cells) to an "
        "earlier row; the first of each set of equal rows is not listed",
        "    seen, repeats = [], []\n"
        "    for position, row in enumerate(rows, 1):\n"
        "        if row in seen:\n"
        "            repeats.append(position)\n"
        "        else:\n"
        "            seen.append(row)\n"
        "    return repeats",
        (("[{'a': '1'}, {'a': '2'}, {'b': '1'}]", "[]"), ("[]", "[]")),
        defect=Defect(
            "    return [position for position, row in enumerate(rows, 1) if rows.count(row) > 1]",
            "any repeated row",
            "its first occurrence is listed too; only the later copies are duplicates",
            (
                ("[{'a': '1'}, {'a': '2'}, {'a': '1'}]", "[3]"),
                ("[{'a': '1'}, {'a': '1'}]", "[2]"),
                ("[{'x': 'y'}, {'x': 'z'}, {'x': 'y'}, {'x': 'y'}]", "[3, 4]"),
            ),
        ),
    ),
    F(
        "first_unsorted",
        "profiling",
        "rows, name",
        "the position (counting from 1) of the first row whose numeric cell in a column is "
        "smaller than the row before's, compared as numbers, or None when the column never "
        "decreases",
        "    values = [float(row[name]) for row in rows]\n"
        "    for position in range(1, len(values)):\n"
        "        if values[position] < values[position - 1]:\n"
        "            return position + 1\n"
        "    return None",
        (
            ("[{'n': '1'}, {'n': '3'}, {'n': '2'}], 'n'", "3"),
            ("[{'n': '1'}, {'n': '1'}], 'n'", "None"),
            ("[], 'n'", "None"),
        ),
        defect=Defect(
            "    for position in range(1, len(rows)):\n"
            "        if rows[position][name] < rows[position - 1][name]:\n"
            "            return position + 1\n"
            "    return None",
            "numbers of different lengths, such as '9' followed by '10'",
            "'10' is taken as smaller than '9' (compared as text); compare the cells as numbers",
            (
                ("[{'n': '9'}, {'n': '10'}], 'n'", "None"),
                ("[{'n': '2'}, {'n': '100'}, {'n': '30'}], 'n'", "3"),
            ),
        ),
    ),
    F(
        "email_domains",
        "profiling",
        "rows, name",
        "a dict from each email domain (the part after the last '@', lower-cased) in a column "
        "to its number of rows, most common first and alphabetical on a tie; cells without "
        "'@' skipped",
        "    counts = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if '@' in cell:\n"
        "            domain = cell.rsplit('@', 1)[1].lower()\n"
        "            counts[domain] = counts.get(domain, 0) + 1\n"
        "    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))",
        (
            (
                "[{'e': 'a@x.org'}, {'e': 'b@y.com'}, {'e': 'c@y.com'}, {'e': 'none'}], 'e'",
                "{'y.com': 2, 'x.org': 1}",
            ),
            ("[], 'e'", "{}"),
        ),
        defect=Defect(
            "    counts = {}\n"
            "    for row in rows:\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        if '@' in cell:\n"
            "            domain = cell.rsplit('@', 1)[1]\n"
            "            counts[domain] = counts.get(domain, 0) + 1\n"
            "    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))",
            "the same domain written in different case, such as 'Y.com' and 'y.com'",
            "they are counted as two domains; domains should be compared lower-cased",
            (
                ("[{'e': 'a@Y.com'}, {'e': 'b@y.COM'}], 'e'", "{'y.com': 2}"),
                ("[{'e': 'q@B.org'}, {'e': 'r@a.org'}], 'e'", "{'a.org': 1, 'b.org': 1}"),
            ),
        ),
    ),
    F(
        "top_words",
        "profiling",
        "texts, n",
        "the n most common words across texts as (word, count) pairs, words being runs of "
        "letters compared lower-cased, most common first and alphabetical on a tie",
        "    import collections\n"
        "    import re\n"
        "\n"
        "    counts = collections.Counter(\n"
        "        word for text in texts for word in re.findall(r'[^\\W\\d_]+', text.lower())\n"
        "    )\n"
        "    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]",
        (
            ("['late delivery', 'delivery ok', 'ok!'], 2", "[('delivery', 2), ('ok', 2)]"),
            ("[], 3", "[]"),
        ),
        defect=Defect(
            "    import collections\n"
            "    import re\n"
            "\n"
            "    counts = collections.Counter(word for text in texts for word in re.findall(r'[^\\W\\d_]+', text))\n"
            "    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]",
            "the same word with a capital letter, such as 'Late' and 'late'",
            "they are counted as two words; words should be compared lower-cased",
            (
                ("['Late', 'late', 'ok'], 1", "[('late', 2)]"),
                ("['B a', 'A'], 2", "[('a', 2), ('b', 1)]"),
            ),
        ),
    ),
)

_MORE_LABELS: tuple[FunctionTemplate, ...] = (
    F(
        "lookup_map",
        "reshape",
        "rows, key, value",
        "a dict from each key column's cell to the value column's cell, the first row winning "
        "when a key repeats",
        "    mapping = {}\n"
        "    for row in rows:\n"
        "        mapping.setdefault(row[key], row[value])\n"
        "    return mapping",
        (
            (
                "[{'code': 'NO', 'name': 'Norway'}, {'code': 'SE', 'name': 'Sweden'}], 'code', 'name'",
                "{'NO': 'Norway', 'SE': 'Sweden'}",
            ),
            ("[], 'a', 'b'", "{}"),
        ),
        defect=Defect(
            "    return {row[key]: row[value] for row in rows}",
            "a key that repeats, such as a corrected row appended below",
            "the last row wins; the first row for a key should",
            (("[{'k': 'a', 'v': '1'}, {'k': 'a', 'v': '2'}], 'k', 'v'", "{'a': '1'}"),),
        ),
    ),
    F(
        "money_label",
        "render",
        "amount, symbol",
        "an amount of money with the currency symbol before it, thousands commas and exactly 2 "
        "decimals, the minus sign before the symbol for a negative amount ('-$1,234.50')",
        "    text = f'{symbol}{abs(amount):,.2f}'\n"
        "    return '-' + text if round(amount, 2) < 0 else text",
        (
            ("1234.5, '$'", "'$1,234.50'"),
            ("0, '€'", "'€0.00'"),
            ("1000000, '£'", "'£1,000,000.00'"),
        ),
        defect=Defect(
            "    return f'{symbol}{amount:,.2f}'",
            "a negative amount, such as a refund",
            "it is written '$-5.00'; the minus sign goes before the symbol ('-$5.00')",
            (("-5, '$'", "'-$5.00'"), ("-1234.567, '€'", "'-€1,234.57'")),
        ),
    ),
    F(
        "sql_tuple",
        "render",
        "row, names",
        "the named cells of a row as an SQL values tuple such as \"('Ada', '36', NULL)\": "
        "each cell in single quotes with any single quote inside doubled, a blank or missing "
        "cell written NULL, separated by ', '",
        "    parts = []\n"
        "    for name in names:\n"
        "        cell = row.get(name)\n"
        "        if cell is None or not str(cell).strip():\n"
        "            parts.append('NULL')\n"
        "        else:\n"
        '            parts.append("\'" + str(cell).replace("\'", "\'\'") + "\'")\n'
        "    return '(' + ', '.join(parts) + ')'",
        (
            (
                "{'name': 'Ada', 'age': '36', 'city': ''}, ['name', 'age', 'city']",
                "\"('Ada', '36', NULL)\"",
            ),
            ("{}, ['a']", "'(NULL)'"),
        ),
        defect=Defect(
            "    parts = []\n"
            "    for name in names:\n"
            "        cell = row.get(name)\n"
            "        parts.append(f\"'{cell}'\" if cell is not None and str(cell).strip() else 'NULL')\n"
            "    return '(' + ', '.join(parts) + ')'",
            'a cell holding a single quote, such as "O\'Neil"',
            "the quote ends the SQL string early (broken or injectable SQL); it should be doubled",
            (
                ("{'n': \"O'Neil\"}, ['n']", "\"('O''Neil')\""),
                ("{'a': \"it's\", 'b': 'x'}, ['b', 'a']", "\"('x', 'it''s')\""),
            ),
        ),
    ),
    F(
        "overlapping_ranges",
        "validate",
        "ranges",
        "the pairs (i, j), i < j, of positions (counting from 0) of (start, end) ISO-date "
        "ranges, both ends included, that share at least one day, in ascending order (ranges "
        "touching on one day overlap)",
        "    pairs = []\n"
        "    for i, (start_a, end_a) in enumerate(ranges):\n"
        "        for j in range(i + 1, len(ranges)):\n"
        "            start_b, end_b = ranges[j]\n"
        "            if start_a <= end_b and start_b <= end_a:\n"
        "                pairs.append((i, j))\n"
        "    return pairs",
        (
            (
                "[('2024-01-01', '2024-01-10'), ('2024-01-05', '2024-01-20'), ('2024-02-01', '2024-02-02')]",
                "[(0, 1)]",
            ),
            ("[]", "[]"),
        ),
        defect=Defect(
            "    pairs = []\n"
            "    for i, (start_a, end_a) in enumerate(ranges):\n"
            "        for j in range(i + 1, len(ranges)):\n"
            "            start_b, end_b = ranges[j]\n"
            "            if start_a < end_b and start_b < end_a:\n"
            "                pairs.append((i, j))\n"
            "    return pairs",
            "two ranges that share only their last and first day, such as a booking ending the "
            "day the next one starts",
            "they are not reported; both ends are included, so they overlap",
            (
                ("[('2024-01-01', '2024-01-10'), ('2024-01-10', '2024-01-12')]", "[(0, 1)]"),
                ("[('2024-03-05', '2024-03-05'), ('2024-03-01', '2024-03-05')]", "[(0, 1)]"),
            ),
        ),
    ),
)

_PERIODS: tuple[FunctionTemplate, ...] = (
    F(
        "weekly_totals",
        "aggregate",
        "rows, date_column, name",
        "a dict from each ISO week label 'YYYY-Www' (the ISO week-numbering year and the "
        "two-digit ISO week, so 2024-12-30 is in '2025-W01') to the sum of a numeric column "
        "over the rows dated in that week, blank cells skipped, labels in ascending order",
        "    from datetime import date\n"
        "\n"
        "    totals = {}\n"
        "    for row in rows:\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell:\n"
        "            year, week, _ = date.fromisoformat(row[date_column]).isocalendar()\n"
        "            label = f'{year}-W{week:02d}'\n"
        "            totals[label] = totals.get(label, 0.0) + float(cell)\n"
        "    return dict(sorted(totals.items()))",
        (
            (
                "[{'d': '2024-05-13', 'n': '2'}, {'d': '2024-05-19', 'n': '3'}, {'d': '2024-05-20', 'n': ''}, {'d': '2024-05-21', 'n': '1'}], 'd', 'n'",
                "{'2024-W20': 5.0, '2024-W21': 1.0}",
            ),
            ("[], 'd', 'n'", "{}"),
        ),
        defect=Defect(
            "    from datetime import date\n"
            "\n"
            "    totals = {}\n"
            "    for row in rows:\n"
            "        cell = (row.get(name) or '').strip()\n"
            "        if cell:\n"
            "            day = date.fromisoformat(row[date_column])\n"
            "            label = f'{day.year}-W{day.isocalendar()[1]:02d}'\n"
            "            totals[label] = totals.get(label, 0.0) + float(cell)\n"
            "    return dict(sorted(totals.items()))",
            "a date whose ISO week belongs to the next or the previous year, such as "
            "2024-12-30 (week 1 of 2025)",
            "it is labelled '2024-W01', mixing it with January 2024; the ISO week-numbering "
            "year goes in the label",
            (
                ("[{'d': '2024-12-30', 'n': '4'}], 'd', 'n'", "{'2025-W01': 4.0}"),
                (
                    "[{'d': '2021-01-02', 'n': '1'}, {'d': '2020-12-29', 'n': '2'}], 'd', 'n'",
                    "{'2020-W53': 3.0}",
                ),
            ),
        ),
    ),
    F(
        "nth_weekday",
        "dates",
        "year, month, weekday, n",
        "the ISO date (YYYY-MM-DD) of the n-th given weekday (0 Monday ... 6 Sunday) of a "
        "month, such as the 2nd Tuesday; ValueError when the month has no such day (a 5th "
        "that does not exist) or n is below 1",
        "    from datetime import date, timedelta\n"
        "\n"
        "    if n < 1:\n"
        "        raise ValueError('n must be at least 1')\n"
        "    first = date(year, month, 1)\n"
        "    day = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))\n"
        "    if day.month != month:\n"
        "        raise ValueError('the month has no such day')\n"
        "    return day.isoformat()",
        (("2024, 5, 1, 2", "'2024-05-14'"), ("2024, 5, 4, 5", "'2024-05-31'")),
        raises=(("2024, 2, 0, 5", "ValueError"), ("2024, 5, 1, 0", "ValueError")),
        defect=Defect(
            "    from datetime import date, timedelta\n"
            "\n"
            "    if n < 1:\n"
            "        raise ValueError('n must be at least 1')\n"
            "    first = date(year, month, 1)\n"
            "    offset = weekday - first.weekday()\n"
            "    day = first + timedelta(days=(offset if offset > 0 else offset + 7) + 7 * (n - 1))\n"
            "    if day.month != month:\n"
            "        raise ValueError('the month has no such day')\n"
            "    return day.isoformat()",
            "a month that starts on the asked-for weekday, such as the 1st Wednesday of May 2024",
            "it returns the date a week late (2024-05-08); the month's first day counts",
            (("2024, 5, 2, 1", "'2024-05-01'"), ("2024, 4, 0, 3", "'2024-04-15'")),
        ),
    ),
    F(
        "previous_period",
        "dates",
        "start, end",
        "the (start, end) ISO dates of the period of the same number of days ending the day "
        "before start, both ends included (the comparison period of a report); ValueError "
        "when end is before start",
        "    from datetime import date, timedelta\n"
        "\n"
        "    first, last = date.fromisoformat(start), date.fromisoformat(end)\n"
        "    if last < first:\n"
        "        raise ValueError('end is before start')\n"
        "    length = last - first + timedelta(days=1)\n"
        "    return ((first - length).isoformat(), (first - timedelta(days=1)).isoformat())",
        (
            ("'2024-03-01', '2024-03-31'", "('2024-01-30', '2024-02-29')"),
            ("'2024-05-10', '2024-05-10'", "('2024-05-09', '2024-05-09')"),
        ),
        raises=(("'2024-05-10', '2024-05-01'", "ValueError"),),
    ),
    F(
        "time_bucket",
        "dates",
        "text, minutes",
        "the start of the minutes-long bucket a 'HH:MM' time falls in, as 'HH:MM', buckets "
        "counted from midnight ('10:44' in 15-minute buckets is '10:30'); ValueError unless "
        "minutes divides 1440 (a day)",
        "    if minutes < 1 or 1440 % minutes:\n"
        "        raise ValueError('minutes must divide a day')\n"
        "    hours, mins = text.split(':')\n"
        "    start = (int(hours) * 60 + int(mins)) // minutes * minutes\n"
        "    return f'{start // 60:02d}:{start % 60:02d}'",
        (("'10:30', 15", "'10:30'"), ("'00:00', 60", "'00:00'")),
        raises=(("'10:00', 7", "ValueError"), ("'10:00', 0", "ValueError")),
        defect=Defect(
            "    if minutes < 1 or 1440 % minutes:\n"
            "        raise ValueError('minutes must divide a day')\n"
            "    hours, mins = text.split(':')\n"
            "    start = round((int(hours) * 60 + int(mins)) / minutes) * minutes\n"
            "    return f'{start // 60:02d}:{start % 60:02d}'",
            "a time in the later half of its bucket, such as '10:44' in 15-minute buckets",
            "it is rounded up to the next bucket ('10:45'); a time belongs to the bucket it "
            "falls in",
            (("'10:44', 15", "'10:30'"), ("'23:59', 60", "'23:00'")),
        ),
    ),
)

_SHARES: tuple[FunctionTemplate, ...] = (
    F(
        "group_concat",
        "aggregate",
        "rows, key, name, sep",
        "a dict from each value of the key column (in first-appearance order) to its rows' "
        "distinct non-blank values of another column, in first-appearance order, joined by sep",
        "    values = {}\n"
        "    for row in rows:\n"
        "        kept = values.setdefault(row[key], [])\n"
        "        cell = (row.get(name) or '').strip()\n"
        "        if cell and cell not in kept:\n"
        "            kept.append(cell)\n"
        "    return {group: sep.join(kept) for group, kept in values.items()}",
        (
            (
                "[{'o': '1', 'i': 'tea'}, {'o': '2', 'i': 'jam'}, {'o': '1', 'i': 'milk'}], 'o', 'i', '; '",
                "{'1': 'tea; milk', '2': 'jam'}",
            ),
            ("[{'o': '1', 'i': ''}], 'o', 'i', ','", "{'1': ''}"),
        ),
        defect=Defect(
            "    values = {}\n"
            "    for row in rows:\n"
            "        kept = values.setdefault(row[key], [])\n"
            "        if (row.get(name) or '').strip():\n"
            "            kept.append(row[name].strip())\n"
            "    return {group: sep.join(kept) for group, kept in values.items()}",
            "a group whose rows repeat a value",
            "the value is listed twice ('tea; tea'); each distinct value once",
            (
                (
                    "[{'o': '1', 'i': 'tea'}, {'o': '1', 'i': 'tea'}], 'o', 'i', '; '",
                    "{'1': 'tea'}",
                ),
                (
                    "[{'o': 'a', 'i': 'x'}, {'o': 'a', 'i': 'y'}, {'o': 'a', 'i': 'x'}], 'o', 'i', '/'",
                    "{'a': 'x/y'}",
                ),
            ),
        ),
    ),
    F(
        "pct_rank",
        "stats",
        "values",
        "for each value, the percentage of the values strictly below it, rounded to 1 place, "
        "in the list's order (equal values share a rank; [] for no values)",
        "    n = len(values)\n"
        "    return [round(sum(1 for other in values if other < v) / n * 100, 1) for v in values]",
        (("[10, 30, 20]", "[0.0, 66.7, 33.3]"), ("[]", "[]")),
        defect=Defect(
            "    import bisect\n"
            "\n"
            "    order = sorted(values)\n"
            "    n = len(values)\n"
            "    return [round((bisect.bisect_right(order, v) - 1) / n * 100, 1) for v in values]",
            "equal values, such as [5, 5, 10]",
            "tied values get different ranks from the ones below them (33.3 instead of 0.0 for "
            "the 5s); only values strictly below count",
            (("[5, 5, 10]", "[0.0, 0.0, 66.7]"), ("[1, 2, 2, 2]", "[0.0, 25.0, 25.0, 25.0]")),
        ),
    ),
    F(
        "majority_value",
        "stats",
        "values",
        "the value that makes up more than half of the list, or None when no value does (a "
        "plain most-common value is not enough)",
        "    import collections\n"
        "\n"
        "    if not values:\n"
        "        return None\n"
        "    value, count = collections.Counter(values).most_common(1)[0]\n"
        "    return value if count * 2 > len(values) else None",
        (("['a', 'b', 'a']", "'a'"), ("[]", "None"), ("[3, 3, 3, 1]", "3")),
        defect=Defect(
            "    import collections\n"
            "\n"
            "    if not values:\n"
            "        return None\n"
            "    return collections.Counter(values).most_common(1)[0][0]",
            "a most common value that is not more than half, such as ['a', 'a', 'b', 'c'] or a "
            "tie ['a', 'b']",
            "it is returned anyway; there is no majority, so the result should be None",
            (("['a', 'a', 'b', 'c']", "None"), ("['x', 'y']", "None")),
        ),
    ),
    F(
        "split_amount",
        "stats",
        "total, parts",
        "a money total split into parts shares in cents (floats with 2 decimals) that add up "
        "to the total exactly: each share the total divided evenly, rounded down to the cent, "
        "and the cents left over given one each to the first shares; ValueError when parts is "
        "below 1",
        "    if parts < 1:\n"
        "        raise ValueError('parts must be at least 1')\n"
        "    cents = round(total * 100)\n"
        "    share, extra = divmod(cents, parts)\n"
        "    return [(share + (1 if i < extra else 0)) / 100 for i in range(parts)]",
        (("10, 2", "[5.0, 5.0]"), ("7.5, 3", "[2.5, 2.5, 2.5]")),
        raises=(("10, 0", "ValueError"),),
        defect=Defect(
            "    if parts < 1:\n"
            "        raise ValueError('parts must be at least 1')\n"
            "    return [round(total / parts, 2)] * parts",
            "a total that does not divide evenly, such as 10 split 3 ways",
            "the shares add up to 9.99; the leftover cent should go to the first share "
            "([3.34, 3.33, 3.33])",
            (("10, 3", "[3.34, 3.33, 3.33]"), ("0.05, 2", "[0.03, 0.02]")),
        ),
    ),
)


TEMPLATES: tuple[FunctionTemplate, ...] = (
    *_TIDY,
    *_GROUPS,
    *_SERIES,
    *_CALENDAR,
    *_CHECKS,
    *_RECORDS,
    *_LABELS,
    *_MORE_TIDY,
    *_MORE_GROUPS,
    *_MORE_CHECKS,
    *_MORE_RECORDS,
    *_CELL_FIXES,
    *_MORE_SERIES,
    *_MORE_PROFILING,
    *_MORE_LABELS,
    *_PERIODS,
    *_SHARES,
)
