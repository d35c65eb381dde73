"""Ledgers: rows of text cells read from delimited text, sifted, ranked, rolled up, rendered."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

Number = int | float


class LedgerError(ValueError):
    """A ledger could not be read or asked: the message names the line or column."""


class Ragged(LedgerError):
    """A line has more or fewer cells than the header."""


class Misfiled(LedgerError):
    """A column that the ledger does not have, or a cell that is no number where one is needed."""


def _number(cell: str, column: str) -> Number:
    try:
        return int(cell)
    except ValueError:
        pass
    try:
        return float(cell)
    except ValueError:
        raise Misfiled(f"column {column!r}: {cell!r} is not a number") from None


@dataclass(frozen=True)
class Fold:
    """How `Ledger.rollup` folds a column's numbers into one: SUM, COUNT, MEAN, MAX or MIN."""

    name: str
    empty: Number | None
    fold: Callable[[list[Number]], Number]

    def __repr__(self) -> str:
        return f"fenwright.{self.name}"


SUM = Fold("SUM", 0, sum)
COUNT = Fold("COUNT", 0, len)
MEAN = Fold("MEAN", None, lambda values: sum(values) / len(values))
MAX = Fold("MAX", None, max)
MIN = Fold("MIN", None, min)


@dataclass(frozen=True)
class Style:
    """How `Ledger.render` writes a ledger: PIPE (a Markdown table) or TABBED."""

    name: str

    def __repr__(self) -> str:
        return f"fenwright.{self.name}"


PIPE = Style("PIPE")
TABBED = Style("TABBED")

# a sieve's test of one cell; blank cells never pass a numeric test
_Test = tuple[str, str, object]


class Sieve:
    """Conditions on rows, all of which a row must meet. Each method returns a new sieve."""

    __slots__ = ("_tests",)

    def __init__(self, tests: tuple[_Test, ...] = ()) -> None:
        self._tests = tests

    def _and(self, column: str, op: str, operand: object) -> Sieve:
        return Sieve((*self._tests, (column, op, operand)))

    def equal(self, column: str, text: str) -> Sieve:
        """The cell is exactly this text."""
        return self._and(column, "equal", text)

    def differ(self, column: str, text: str) -> Sieve:
        """The cell is not this text."""
        return self._and(column, "differ", text)

    def filled(self, column: str) -> Sieve:
        """The cell is not blank."""
        return self._and(column, "filled", None)

    def above(self, column: str, number: Number) -> Sieve:
        """The cell is a number greater than `number`."""
        return self._and(column, "above", number)

    def at_least(self, column: str, number: Number) -> Sieve:
        """The cell is a number greater than or equal to `number`."""
        return self._and(column, "at_least", number)

    def below(self, column: str, number: Number) -> Sieve:
        """The cell is a number less than `number`."""
        return self._and(column, "below", number)

    def admits(self, row: dict[str, str]) -> bool:
        """Whether the row meets every condition."""
        for column, op, operand in self._tests:
            if column not in row:
                raise Misfiled(f"the sieve tests column {column!r}, which the row lacks")
            cell = row[column]
            if op in ("equal", "differ", "filled"):
                ok = (
                    cell == operand
                    if op == "equal"
                    else cell != operand
                    if op == "differ"
                    else bool(cell)
                )
            elif not cell:
                ok = False
            else:
                value = _number(cell, column)
                assert isinstance(operand, int | float)
                ok = {
                    "above": value > operand,
                    "at_least": value >= operand,
                    "below": value < operand,
                }[op]
            if not ok:
                return False
        return True


class Ledger:
    """Rows of text cells under one header. Read one with `ingest`; every method returns a
    new ledger or a value, never changes this one."""

    __slots__ = ("_columns", "_rows")

    def __init__(self, columns: Sequence[str], rows: Sequence[Sequence[str]] = ()) -> None:
        self._columns = tuple(columns)
        self._rows = tuple(tuple(row) for row in rows)

    @property
    def columns(self) -> tuple[str, ...]:
        """The header's column names, in order."""
        return self._columns

    def __len__(self) -> int:
        return len(self._rows)

    def __iter__(self) -> Iterator[dict[str, str]]:
        return iter(self.rows())

    def __repr__(self) -> str:
        return f"<Ledger {len(self._rows)} rows of {', '.join(self._columns)}>"

    def _index(self, column: str) -> int:
        if column not in self._columns:
            raise Misfiled(f"no column {column!r}; the columns are {', '.join(self._columns)}")
        return self._columns.index(column)

    def rows(self) -> list[dict[str, str]]:
        """Every row as a dict of column -> cell."""
        return [dict(zip(self._columns, row, strict=True)) for row in self._rows]

    def pluck(self, column: str) -> list[str]:
        """One column's cells, in row order."""
        i = self._index(column)
        return [row[i] for row in self._rows]

    def through(self, sieve: Sieve) -> Ledger:
        """The rows the sieve admits, in order."""
        for column, _, _ in sieve._tests:
            self._index(column)
        kept = [
            row for row in self._rows if sieve.admits(dict(zip(self._columns, row, strict=True)))
        ]
        return Ledger(self._columns, kept)

    def rank(self, column: str, top: int | None = None, ascending: bool = False) -> Ledger:
        """Rows ordered by a numeric column, largest first (ties keep their order, blank cells
        last); only the first `top` when given."""
        i = self._index(column)
        filled = [row for row in self._rows if row[i]]
        blank = [row for row in self._rows if not row[i]]
        filled.sort(key=lambda row: _number(row[i], column), reverse=not ascending)
        ordered = filled + blank
        return Ledger(self._columns, ordered if top is None else ordered[:top])

    def rollup(
        self, fold: Fold, column: str, by: str | None = None
    ) -> Number | None | dict[str, Number | None]:
        """The fold of a column's numbers (blank cells left out); with `by`, a dict of one
        fold per value of that column, in the order the values first appear."""
        if not isinstance(fold, Fold):
            raise TypeError(f"the first argument is a fold (fenwright.SUM, ...), not {fold!r}")
        i = self._index(column)
        if by is None:
            groups: dict[str, list[Number]] = {"": []}
            keys = ["" for _ in self._rows]
        else:
            k = self._index(by)
            keys = [row[k] for row in self._rows]
            groups = {key: [] for key in keys}
        for key, row in zip(keys, self._rows, strict=True):
            if row[i]:
                groups[key].append(_number(row[i], column))
        folded = {
            key: fold.fold(values) if values else fold.empty for key, values in groups.items()
        }
        return folded if by is not None else folded[""]

    def render(self, style: Style) -> str:
        """The ledger as text: PIPE, a Markdown table; TABBED, tab-separated lines with a
        header. Every line ends in a newline."""
        lines = [list(self._columns), *(list(row) for row in self._rows)]
        if style is PIPE:
            lines.insert(1, ["---"] * len(self._columns))
            return "".join("| " + " | ".join(line) + " |\n" for line in lines)
        if style is TABBED:
            return "".join("\t".join(line) + "\n" for line in lines)
        raise TypeError(f"the style is fenwright.PIPE or fenwright.TABBED, not {style!r}")


def ingest(text: str, delimiter: str = ",") -> Ledger:
    """A ledger from delimited text: the first non-blank line is the header, blank lines are
    skipped, cells are stripped of surrounding spaces. No quoting: a delimiter always splits."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise LedgerError("no header line: the text is blank")
    header = [cell.strip() for cell in lines[0][1].split(delimiter)]
    rows = []
    for number, line in lines[1:]:
        cells = [cell.strip() for cell in line.split(delimiter)]
        if len(cells) != len(header):
            raise Ragged(f"line {number} has {len(cells)} cells; the header has {len(header)}")
        rows.append(cells)
    return Ledger(header, rows)
