"""The pipeline functions users ask for, their planted constants and renames, the fenwright ones."""

from __future__ import annotations

from inspect_stamina.generator.model import Change, Defect, FunctionTemplate, Plant

F = FunctionTemplate
ROWS = "[{'city': 'Oslo', 'sales': '10'}, {'city': 'Rome', 'sales': '5'}, {'city': 'Oslo', 'sales': '7'}]"

TEMPLATES: tuple[FunctionTemplate, ...] = (
    F(
        "parse_rows",
        "load",
        "text",
        "the rows of CSV text with a header line, as a list of dicts of strings",
        "    import csv\n    import io\n\n    return list(csv.DictReader(io.StringIO(text)))",
        (
            ("'a,b\\n1,2\\n3,4\\n'", "[{'a': '1', 'b': '2'}, {'a': '3', 'b': '4'}]"),
            ("'a,b\\n'", "[]"),
        ),
        defect=Defect(
            "    lines = text.strip().split('\\n')\n    header = lines[0].split(',')\n"
            "    return [dict(zip(header, line.split(','))) for line in lines[1:]]",
            "a quoted field with a comma, such as 'name,city\\n\"Smith, J\",Oslo\\n'",
            "the quoted comma splits the field in two; quoted fields must stay whole",
            (("'name,city\\n\"Smith, J\",Oslo\\n'", "[{'name': 'Smith, J', 'city': 'Oslo'}]"),),
        ),
    ),
    F(
        "column",
        "load",
        "rows, name",
        "the values of one column, in row order",
        "    return [row[name] for row in rows]",
        ((f"{ROWS}, 'city'", "['Oslo', 'Rome', 'Oslo']"), ("[], 'x'", "[]")),
    ),
    F(
        "to_numbers",
        "clean",
        "values",
        "the values as floats, skipping blank ones",
        "    return [float(v) for v in values if v.strip()]",
        (("['1', '2.5']", "[1.0, 2.5]"), ("[]", "[]")),
        defect=Defect(
            "    return [float(v) for v in values]",
            "a blank value such as ['1', '', '3']",
            "it crashes with ValueError; blank values should be skipped",
            (("['1', '', '3']", "[1.0, 3.0]"), ("['  ']", "[]")),
        ),
    ),
    F(
        "missing_count",
        "clean",
        "rows, name",
        "how many rows have a blank or missing value in a column",
        "    return sum(1 for row in rows if not (row.get(name) or '').strip())",
        (("[{'a': ''}, {'a': '1'}, {}], 'a'", "2"), ("[], 'a'", "0")),
    ),
    F(
        "rename_column",
        "clean",
        "rows, old, new",
        "new rows with one column renamed (the input rows unchanged)",
        "    return [{(new if k == old else k): v for k, v in row.items()} for row in rows]",
        (("[{'a': '1', 'b': '2'}], 'a', 'z'", "[{'z': '1', 'b': '2'}]"),),
    ),
    F(
        "filter_rows",
        "clean",
        "rows, name, value",
        "the rows whose column equals the value",
        "    return [row for row in rows if row.get(name) == value]",
        ((f"{ROWS}, 'city', 'Rome'", "[{'city': 'Rome', 'sales': '5'}]"),),
        change=Change(
            "filter_rows should compare case-insensitively and ignore surrounding spaces",
            "    wanted = value.strip().lower()\n"
            "    return [row for row in rows if (row.get(name) or '').strip().lower() == wanted]",
            ((f"{ROWS}, 'city', ' rome '", "[{'city': 'Rome', 'sales': '5'}]"),),
        ),
    ),
    F(
        "total",
        "aggregate",
        "rows, name",
        "the sum of a numeric column, blanks counting as 0",
        "    return sum(float(row[name]) for row in rows if row[name].strip())",
        ((f"{ROWS}, 'sales'", "22.0"), ("[], 'sales'", "0")),
        change=Change(
            "total should round its result to two decimals",
            "    return round(sum(float(row[name]) for row in rows if row[name].strip()), 2)",
            (("[{'x': '0.1'}, {'x': '0.2'}], 'x'", "0.3"), ("[], 'x'", "0")),
        ),
    ),
    F(
        "count_by",
        "aggregate",
        "rows, key",
        "how many rows there are for each value of a column, as a dict",
        "    counts = {}\n    for row in rows:\n        counts[row[key]] = counts.get(row[key], 0) + 1\n"
        "    return counts",
        ((f"{ROWS}, 'city'", "{'Oslo': 2, 'Rome': 1}"), ("[], 'city'", "{}")),
    ),
    F(
        "group_totals",
        "aggregate",
        "rows, key, value",
        "the sum of a numeric column for each value of another column, as a dict",
        "    totals = {}\n    for row in rows:\n"
        "        totals[row[key]] = totals.get(row[key], 0.0) + float(row[value] or 0)\n"
        "    return totals",
        ((f"{ROWS}, 'city', 'sales'", "{'Oslo': 17.0, 'Rome': 5.0}"),),
    ),
    F(
        "summary",
        "aggregate",
        "values",
        "a dict with the min, max and mean of a list of numbers (all None when it is empty)",
        "    if not values:\n        return {'min': None, 'max': None, 'mean': None}\n"
        "    return {'min': min(values), 'max': max(values), 'mean': sum(values) / len(values)}",
        (("[1, 2, 6]", "{'min': 1, 'max': 6, 'mean': 3.0}"),),
        defect=Defect(
            "    return {'min': min(values), 'max': max(values), 'mean': sum(values) / len(values)}",
            "an empty list",
            "it crashes; it should return None for min, max and mean",
            (("[]", "{'min': None, 'max': None, 'mean': None}"),),
        ),
    ),
    F(
        "percent_shares",
        "aggregate",
        "values",
        "each value's share of the total in percent, rounded to one decimal",
        "    whole = sum(values)\n    return [round(100 * v / whole, 1) if whole else 0.0 for v in values]",
        (("[1, 3]", "[25.0, 75.0]"), ("[2]", "[100.0]")),
        defect=Defect(
            "    whole = sum(values)\n    return [round(100 * v / whole, 1) for v in values]",
            "values that add up to zero, such as [0, 0]",
            "it crashes with ZeroDivisionError; every share should be 0.0",
            (("[0, 0]", "[0.0, 0.0]"),),
        ),
    ),
    F(
        "top_rows",
        "report",
        "rows, name, n",
        "the n rows with the largest numeric value in a column, largest first",
        "    return sorted(rows, key=lambda row: float(row[name]), reverse=True)[:n]",
        (("[{'s': '3'}, {'s': '8'}, {'s': '5'}], 's', 2", "[{'s': '8'}, {'s': '5'}]"),),
        defect=Defect(
            "    return sorted(rows, key=lambda row: row[name], reverse=True)[:n]",
            "values with different numbers of digits, such as sales of 9 and 10",
            "9 comes before 10: the column is compared as text, not as numbers",
            (("[{'s': '9'}, {'s': '10'}], 's', 1", "[{'s': '10'}]"),),
        ),
    ),
    F(
        "markdown_table",
        "report",
        "rows",
        "the rows as a Markdown table (a header row from the first row's keys, then a --- row)",
        "    if not rows:\n        return ''\n    keys = list(rows[0])\n"
        "    lines = ['| ' + ' | '.join(keys) + ' |', '|' + '---|' * len(keys)]\n"
        "    lines += ['| ' + ' | '.join(str(row[k]) for k in keys) + ' |' for row in rows]\n"
        "    return '\\n'.join(lines)",
        (("[{'a': 1, 'b': 2}]", "'| a | b |\\n|---|---|\\n| 1 | 2 |'"), ("[]", "''")),
        change=Change(
            "markdown_table should end with a line saying how many rows there are, like '3 rows'",
            "    if not rows:\n        return '0 rows'\n    keys = list(rows[0])\n"
            "    lines = ['| ' + ' | '.join(keys) + ' |', '|' + '---|' * len(keys)]\n"
            "    lines += ['| ' + ' | '.join(str(row[k]) for k in keys) + ' |' for row in rows]\n"
            "    lines.append(f'{len(rows)} rows')\n    return '\\n'.join(lines)",
            (
                ("[{'a': 1, 'b': 2}]", "'| a | b |\\n|---|---|\\n| 1 | 2 |\\n1 rows'"),
                ("[]", "'0 rows'"),
            ),
        ),
    ),
    F(
        "to_csv",
        "report",
        "rows",
        "the rows as CSV text with a header line (the first row's keys), lines ending in \\n",
        "    import csv\n    import io\n\n    if not rows:\n        return ''\n    out = io.StringIO()\n"
        "    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator='\\n')\n"
        "    writer.writeheader()\n    writer.writerows(rows)\n    return out.getvalue()",
        (("[{'a': '1', 'b': 'x'}]", "'a,b\\n1,x\\n'"), ("[]", "''")),
        defect=Defect(
            "    if not rows:\n        return ''\n    keys = list(rows[0])\n"
            "    lines = [','.join(keys)] + [','.join(str(row[k]) for k in keys) for row in rows]\n"
            "    return '\\n'.join(lines) + '\\n'",
            "a value containing a comma, such as 'Smith, J'",
            "the comma is written bare and the CSV gets an extra column; such values must be quoted",
            (("[{'name': 'Smith, J'}]", "'name\\n\"Smith, J\"\\n'"),),
        ),
    ),
)

PLANTS = (
    Plant(
        "DECIMALS",
        "2",
        "every number in a report is rounded to the same number of decimals",
        F(
            "format_number",
            "report",
            "value",
            "the number as text with the number of decimals we agreed on at the start",
            "    return f'{value:.{DECIMALS}f}'",
            (("3.14159", "'3.14'"), ("2", "'2.00'")),
        ),
    ),
    Plant(
        "MISSING",
        '"n/a"',
        "a missing value is shown the same way in every report",
        F(
            "show_value",
            "report",
            "value",
            "the value as text, or our agreed placeholder for a missing (None or blank) value",
            "    if value is None or not str(value).strip():\n        return MISSING\n    return str(value)",
            (("None", "'n/a'"), ("' '", "'n/a'"), ("7", "'7'")),
        ),
    ),
)

RENAMES = {
    "parse_rows": "read_rows",
    "column": "column_values",
    "total": "column_total",
    "count_by": "counts_by",
    "summary": "describe",
    "markdown_table": "to_markdown",
}

# functions built on fenwright, the library shipped in the image (generator/library.py);
# each change needs another part of its API than the first body
_FENWRIGHT = "    import fenwright\n\n"
LIBRARY: tuple[FunctionTemplate, ...] = (
    F(
        "totals_by",
        "ledgers",
        "text, key, value",
        "the sum of the numeric column `value` for each value of the column `key`, read "
        "from CSV text with a header line, as a dict (blank cells skipped; a key whose "
        "cells are all blank totals 0)",
        _FENWRIGHT + "    return fenwright.ingest(text).rollup(fenwright.SUM, value, by=key)",
        (
            (
                "'city,sales\\nOslo,10\\nRome,5\\nOslo,7\\n', 'city', 'sales'",
                "{'Oslo': 17, 'Rome': 5}",
            ),
            (
                "'team, hours\\nops, 1.5\\ndev,\\nops, 2\\n', 'team', 'hours'",
                "{'ops': 3.5, 'dev': 0}",
            ),
        ),
        change=Change(
            "totals_by must leave refunds out: a row whose value is below zero does not count, "
            "and a key with no row left is not in the result (`fenwright` can sift rows)",
            _FENWRIGHT
            + "    kept = fenwright.ingest(text).through(fenwright.Sieve().at_least(value, 0))\n"
            "    return kept.rollup(fenwright.SUM, value, by=key)",
            (
                (
                    "'city,sales\\nOslo,10\\nRome,-4\\nOslo,-2\\nRome,6\\n', 'city', 'sales'",
                    "{'Oslo': 10, 'Rome': 6}",
                ),
                ("'city,sales\\nOslo,3\\nLima,-1\\n', 'city', 'sales'", "{'Oslo': 3}"),
            ),
        ),
    ),
    F(
        "leaders",
        "ledgers",
        "text, column, n",
        "the n rows of CSV text (with a header line) that have the largest number in "
        "`column`, largest first, as a list of dicts of strings (rows with a blank cell last)",
        _FENWRIGHT + "    return fenwright.ingest(text).rank(column, top=n).rows()",
        (
            (
                "'name,score\\nAda,7\\nBo,12\\nCy,9\\n', 'score', 2",
                "[{'name': 'Bo', 'score': '12'}, {'name': 'Cy', 'score': '9'}]",
            ),
            (
                "'name,score\\nAda,\\nBo,3\\n', 'score', 5",
                "[{'name': 'Bo', 'score': '3'}, {'name': 'Ada', 'score': ''}]",
            ),
        ),
        change=Change(
            "leaders should return those rows as a Markdown table instead of a list: a header "
            "line, a `| --- |` line, then one line per row, each ending in a newline "
            "(`fenwright` renders tables)",
            _FENWRIGHT
            + "    return fenwright.ingest(text).rank(column, top=n).render(fenwright.PIPE)",
            (
                (
                    "'name,score\\nAda,7\\nBo,12\\nCy,9\\n', 'score', 2",
                    "'| name | score |\\n| --- | --- |\\n| Bo | 12 |\\n| Cy | 9 |\\n'",
                ),
            ),
        ),
    ),
)
