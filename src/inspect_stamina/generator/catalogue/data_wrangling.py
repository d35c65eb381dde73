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

TEMPLATES: tuple[FunctionTemplate, ...] = (*_TIDY, *_GROUPS, *_SERIES)
