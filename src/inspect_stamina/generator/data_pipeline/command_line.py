"""The subcommands of the data command line: CSV files in, reports out."""

from __future__ import annotations

from inspect_stamina.generator.model import CommandChange, CommandDefect, CommandTemplate

C = CommandTemplate
SALES = "(tmp_path / 'sales.csv').write_text('city,sales\\nRome,5\\nOslo,10\\nOslo,7\\n')\n"
_REPORT = """\
    rows = parse_rows(_read(args.file))
    if not rows:
        print('no rows')
        return 0
    for name in (args.by, args.sum):
        if name not in rows[0]:
            raise ValueError(f'no column {name!r} in {args.file}')
    totals = group_totals(rows, args.by, args.sum)
    table = [{args.by: key, args.sum: f'{totals[key]:.{DECIMALS}f}'} for key in sorted(totals)]
"""
_REPORT_OUT = """\
    _write(markdown_table(table) if args.format == 'markdown' else to_csv(table), args.output)
    return 0"""
_REPORT_RUN = "result = run('report', tmp_path / 'sales.csv', '--by', 'city', '--sum', 'sales'"
_REPORT_TABLE = "['| city | sales |', '|---|---|', '| Oslo | 17.00 |', '| Rome | 5.00 |'"
_STATS = """\
    rows = parse_rows(_read(args.file))
    if rows and args.column not in rows[0]:
        raise ValueError(f'no column {args.column!r} in {args.file}')
    numbers = to_numbers([v for v in column(rows, args.column) if v.strip()])
    print(f'count: {len(numbers)}')
"""
_CLEAN = """\
    rows = parse_rows(_read(args.file))
    if args.rename:
        old, _, new = args.rename.partition('=')
        rows = rename_column(rows, old, new)
    kept = rows
    if args.where:
        name, _, value = args.where.partition('=')
        kept = filter_rows(rows, name, value)
"""
_CLEAN_END = """\
    print(f'kept {len(kept)} of {len(rows)} rows')
    return 0"""
_CLEAN_RUN = "result = run('clean', tmp_path / 'in.csv', '-o', out"
_CLEAN_IN = (
    "(tmp_path / 'in.csv').write_text('city,sales\\nOslo,10\\nRome,5\\nOslo,7\\n')\n"
    "out = tmp_path / 'out.csv'\n"
)
_TOP_IN = "(tmp_path / 'scores.csv').write_text('name,score\\na,12\\nb,40\\nc,25\\nd,31\\ne,18\\nf,15\\n')\n"
_TOP_HEAD = "'| name | score |', '|---|---|', '| b | 40 |', '| d | 31 |'"

COMMANDS: tuple[CommandTemplate, ...] = (
    C(
        "report",
        "FILE --by KEY --sum COLUMN [--format markdown|csv] [-o OUT]",
        "totals of a column per key, as a table",
        "reads the CSV file and totals COLUMN for each value of KEY. The report has the two "
        "columns KEY and COLUMN and one row per key, sorted by key, every total with the number "
        "of decimals we agreed on. `--format markdown` (the default) makes it a Markdown table, "
        "`--format csv` CSV. It prints the report, or writes it to OUT with `-o`; an unknown "
        "column is an error",
        ("parse_rows", "group_totals", "markdown_table", "to_csv"),
        "sub.add_argument('file')\nsub.add_argument('--by', required=True)\n"
        "sub.add_argument('--sum', required=True)\n"
        "sub.add_argument('--format', choices=('markdown', 'csv'), default='markdown')\n"
        "sub.add_argument('-o', '--output')",
        _REPORT + _REPORT_OUT,
        (
            f"{SALES}{_REPORT_RUN})\nassert result.returncode == 0, result.stderr\n"
            f"assert result.stdout.splitlines()[:4] == {_REPORT_TABLE}]",
            f"{SALES}out = tmp_path / 'report.csv'\n"
            f"{_REPORT_RUN}, '--format', 'csv', '-o', out)\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert out.read_text() == 'city,sales\\nOslo,17.00\\nRome,5.00\\n'",
            f"{SALES}{_REPORT_RUN.replace('city', 'town', 1)})\nassert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr",
        ),
        constants=("DECIMALS",),
        defect=CommandDefect(
            _REPORT.replace("    if not rows:\n        print('no rows')\n        return 0\n", "")
            + _REPORT_OUT,
            "a CSV file that has its header line but no rows",
            "it crashes with an IndexError; it should print `no rows` and exit with 0",
            (
                "(tmp_path / 'sales.csv').write_text('city,sales\\n')\n"
                f"{_REPORT_RUN})\nassert result.returncode == 0, result.stderr\n"
                "assert result.stdout.strip() == 'no rows'",
            ),
        ),
        change=CommandChange(
            "the report ends with a `total` row: after the keys, the key column says `total` and "
            "the other the sum of every total, with the same decimals",
            _REPORT
            + "    table.append({args.by: 'total', args.sum: f'{sum(totals.values()):.{DECIMALS}f}'})\n"
            + _REPORT_OUT,
            (
                f"{SALES}{_REPORT_RUN})\nassert result.returncode == 0, result.stderr\n"
                f"assert result.stdout.splitlines()[:5] == {_REPORT_TABLE}, '| total | 22.00 |']",
                f"{SALES}out = tmp_path / 'report.csv'\n"
                f"{_REPORT_RUN}, '--format', 'csv', '-o', out)\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert out.read_text() == 'city,sales\\nOslo,17.00\\nRome,5.00\\ntotal,22.00\\n'",
            ),
        ),
    ),
    C(
        "stats",
        "FILE --column COLUMN",
        "count, min, max and mean of a numeric column",
        "reads the CSV file and prints four lines about the numbers in COLUMN (blank values "
        "skipped): `count: N` (how many there are), then `min: `, `max: ` and `mean: ` each "
        "with its value to the number of decimals we agreed on; an unknown column is an error",
        ("parse_rows", "column", "to_numbers", "summary"),
        "sub.add_argument('file')\nsub.add_argument('--column', required=True)",
        _STATS
        + "    found = summary(numbers) if numbers else dict.fromkeys(('min', 'max', 'mean'))\n"
        "    for key in ('min', 'max', 'mean'):\n"
        "        value = found[key]\n"
        "        # an empty column has no min: shown as we show every missing value\n"
        "        print(f'{key}: ' + (MISSING if value is None else f'{value:.{DECIMALS}f}'))\n"
        "    return 0",
        (
            "(tmp_path / 'sales.csv').write_text('city,sales\\nOslo,10\\nRome,\\nOslo,6\\nRome,5\\n')\n"
            "result = run('stats', tmp_path / 'sales.csv', '--column', 'sales')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.splitlines() == "
            "['count: 3', 'min: 5.00', 'max: 10.00', 'mean: 7.00']",
            "(tmp_path / 'sales.csv').write_text('city,sales\\nOslo,10\\n')\n"
            "result = run('stats', tmp_path / 'sales.csv', '--column', 'price')\n"
            "assert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr",
        ),
        constants=("DECIMALS", "MISSING"),
        defect=CommandDefect(
            _STATS + "    found = summary(numbers)\n    for key in ('min', 'max', 'mean'):\n"
            "        print(f'{key}: {found[key]:.{DECIMALS}f}')\n    return 0",
            "a column with no numbers in it, only blank values",
            "it fails instead of reporting; it should print `count: 0` and show min, max and mean "
            "the way we agreed to show a missing value",
            (
                "(tmp_path / 'sales.csv').write_text('city,sales\\nOslo,\\n')\n"
                "result = run('stats', tmp_path / 'sales.csv', '--column', 'sales')\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert result.stdout.splitlines() == "
                "['count: 0', 'min: n/a', 'max: n/a', 'mean: n/a']",
            ),
        ),
    ),
    C(
        "clean",
        "FILE -o OUT [--rename OLD=NEW] [--where COLUMN=VALUE]",
        "a cleaned copy of a CSV file",
        "reads the CSV file, renames column OLD to NEW, keeps only the rows whose COLUMN equals "
        "VALUE (`--where` names the column as it is after the rename), writes the rows that are "
        "left to OUT as CSV and prints `kept K of N rows`",
        ("parse_rows", "rename_column", "filter_rows", "to_csv"),
        "sub.add_argument('file')\nsub.add_argument('-o', '--output', required=True)\n"
        "sub.add_argument('--rename')\nsub.add_argument('--where')",
        _CLEAN + "    if kept:\n        text = to_csv(kept)\n    else:\n"
        "        # no row is left: the header still says what the file holds\n"
        "        text = ','.join(rows[0]) + '\\n' if rows else ''\n"
        "    _write(text, args.output)\n" + _CLEAN_END,
        (
            f"{_CLEAN_IN}{_CLEAN_RUN}, '--rename', 'city=town', '--where', 'town=Oslo')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.strip() == 'kept 2 of 3 rows'\n"
            "assert out.read_text() == 'town,sales\\nOslo,10\\nOslo,7\\n'",
            f"{_CLEAN_IN}{_CLEAN_RUN}, '--rename', 'sales=amount')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.strip() == 'kept 3 of 3 rows'\n"
            "assert out.read_text() == 'city,amount\\nOslo,10\\nRome,5\\nOslo,7\\n'",
        ),
        defect=CommandDefect(
            _CLEAN + "    _write(to_csv(kept), args.output)\n" + _CLEAN_END,
            "a --where that matches no row, such as --where city=Paris",
            "OUT is written empty, without even the header line; it should still hold the header",
            (
                f"{_CLEAN_IN}{_CLEAN_RUN}, '--where', 'city=Paris')\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert result.stdout.strip() == 'kept 0 of 3 rows'\n"
                "assert out.read_text() == 'city,sales\\n'",
            ),
        ),
    ),
    C(
        "count",
        "FILE --by KEY",
        "how many rows there are per key",
        "reads the CSV file and prints one `VALUE: COUNT` line for each value of KEY, the most "
        "frequent first (equal counts in alphabetical order); an unknown column is an error",
        ("parse_rows", "count_by"),
        "sub.add_argument('file')\nsub.add_argument('--by', required=True)",
        "    rows = parse_rows(_read(args.file))\n"
        "    if rows and args.by not in rows[0]:\n"
        "        raise ValueError(f'no column {args.by!r} in {args.file}')\n"
        "    counts = count_by(rows, args.by)\n"
        "    for value in sorted(counts, key=lambda v: (-counts[v], v)):\n"
        "        print(f'{value}: {counts[value]}')\n    return 0",
        (
            "(tmp_path / 'sales.csv').write_text('city,sales\\nRome,5\\nOslo,10\\nBern,1\\nOslo,7\\n')\n"
            "result = run('count', tmp_path / 'sales.csv', '--by', 'city')\n"
            "assert result.returncode == 0, result.stderr\n"
            "assert result.stdout.splitlines() == ['Oslo: 2', 'Bern: 1', 'Rome: 1']",
            f"{SALES}result = run('count', tmp_path / 'sales.csv', '--by', 'town')\n"
            "assert result.returncode == 1\n"
            "assert 'error' in result.stderr.lower() and 'Traceback' not in result.stderr",
        ),
    ),
    C(
        "top",
        "FILE --by COLUMN [-n N]",
        "the rows with the largest values of a column",
        "reads the CSV file and prints the N rows (3 by default) with the largest COLUMN, "
        "largest first, as a Markdown table of all their columns",
        ("parse_rows", "top_rows", "markdown_table"),
        "sub.add_argument('file')\nsub.add_argument('--by', required=True)\n"
        "sub.add_argument('-n', type=int, default=3)",
        "    rows = parse_rows(_read(args.file))\n"
        "    _write(markdown_table(top_rows(rows, args.by, args.n)), None)\n    return 0",
        (
            f"{_TOP_IN}result = run('top', tmp_path / 'scores.csv', '--by', 'score', '-n', '2')\n"
            "assert result.returncode == 0, result.stderr\n"
            f"assert result.stdout.splitlines()[:4] == [{_TOP_HEAD}]\n"
            "assert '| c | 25 |' not in result.stdout",
            f"{_TOP_IN}result = run('top', tmp_path / 'scores.csv', '--by', 'score')\n"
            "assert result.returncode == 0, result.stderr\n"
            f"assert result.stdout.splitlines()[:5] == [{_TOP_HEAD}, '| c | 25 |']\n"
            "assert '| e | 18 |' not in result.stdout",
        ),
        change=CommandChange(
            "top should show 5 rows by default instead of 3",
            "    rows = parse_rows(_read(args.file))\n"
            "    _write(markdown_table(top_rows(rows, args.by, args.n)), None)\n    return 0",
            (
                f"{_TOP_IN}result = run('top', tmp_path / 'scores.csv', '--by', 'score')\n"
                "assert result.returncode == 0, result.stderr\n"
                "assert result.stdout.splitlines()[:7] == "
                f"[{_TOP_HEAD}, '| c | 25 |', '| e | 18 |', '| f | 15 |']\n"
                "assert '| a | 12 |' not in result.stdout",
            ),
            arguments="sub.add_argument('file')\nsub.add_argument('--by', required=True)\n"
            "sub.add_argument('-n', type=int, default=5)",
        ),
    ),
)
