"""Measures: whole counts of a scale's smallest unit (its grain), read from and written as text."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering


class Unreckonable(ValueError):
    """Text that is not a quantity of the scale it was read with."""


class ScaleMismatch(TypeError):
    """Two measures of different scales were combined or compared."""


@dataclass(frozen=True)
class Scale:
    """A family of units: (symbol, grains) pairs, largest first, the last worth one grain."""

    name: str
    units: tuple[tuple[str, int], ...]

    def grains_of(self, symbol: str) -> int:
        """How many grains one of the unit is worth; Unreckonable for a unit not in the scale."""
        for unit, grains in self.units:
            if unit == symbol:
                return grains
        known = ", ".join(unit for unit, _ in self.units)
        raise Unreckonable(f"{symbol!r} is no unit of the {self.name} scale ({known})")

    @property
    def grain(self) -> str:
        """The symbol of the smallest unit."""
        return self.units[-1][0]


CLOCK = Scale("clock", (("w", 604800), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1)))
HOARD = Scale(
    "hoard",
    (("TiB", 1024**4), ("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024), ("B", 1)),
)

_PART = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)")


@total_ordering
class Measure:
    """A whole number of grains of one scale. Make one with `measure`, `reckon` or `tally`."""

    __slots__ = ("_grains", "_scale")

    def __init__(self, scale: Scale, grains: int) -> None:
        if not isinstance(scale, Scale):
            raise TypeError(f"the first argument is the scale, not {scale!r}")
        self._scale, self._grains = scale, int(grains)

    @property
    def grains(self) -> int:
        """The count of the scale's smallest unit."""
        return self._grains

    @property
    def scale(self) -> Scale:
        """The scale this measure counts in."""
        return self._scale

    def _same(self, other: object) -> Measure:
        if not isinstance(other, Measure):
            raise TypeError(f"a Measure combines with a Measure, not {other!r}")
        if other._scale != self._scale:
            raise ScaleMismatch(f"{self._scale.name} and {other._scale.name} do not combine")
        return other

    def __add__(self, other: object) -> Measure:
        return Measure(self._scale, self._grains + self._same(other)._grains)

    def __sub__(self, other: object) -> Measure:
        return Measure(self._scale, self._grains - self._same(other)._grains)

    def __mul__(self, factor: int) -> Measure:
        return Measure(self._scale, self._grains * factor)

    __rmul__ = __mul__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Measure) and (self._scale, self._grains) == (
            other._scale,
            other._grains,
        )

    def __lt__(self, other: object) -> bool:
        return self._grains < self._same(other)._grains

    def __hash__(self) -> int:
        return hash((self._scale.name, self._grains))

    def __repr__(self) -> str:
        return f"<Measure {self._grains} grains of {self._scale.name}>"

    def express(self, unit: str | None = None, places: int = 1) -> str:
        """The measure in one unit with `places` decimals: '1.5 KiB'. Without a unit, the
        largest unit of which there is at least one whole (the grain below that)."""
        if unit is None:
            unit = next(
                (u for u, g in self._scale.units if abs(self._grains) >= g), self._scale.grain
            )
        value = self._grains / self._scale.grains_of(unit)
        return f"{value:.{places}f} {unit}"

    def unfold(self) -> list[tuple[int, str]]:
        """(count, unit) pairs, largest unit first, that add up to the measure; no zero counts."""
        rest, parts = abs(self._grains), []
        for unit, grains in self._scale.units:
            count, rest = divmod(rest, grains)
            if count:
                parts.append((count, unit))
        return parts

    def spell(self, joiner: str = " ") -> str:
        """The unfolded parts as text, '1h 2m 3s'; zero is '0' and the grain ('0s')."""
        parts = joiner.join(f"{count}{unit}" for count, unit in self.unfold())
        if not parts:
            return f"0{self._scale.grain}"
        return f"-{parts}" if self._grains < 0 else parts


def measure(scale: Scale, grains: int) -> Measure:
    """A measure of `grains` grains of the scale."""
    return Measure(scale, grains)


def reckon(scale: Scale, text: str) -> Measure:
    """Read text such as '1h30m', '2 GiB' or '1.5KiB' in the scale; Unreckonable otherwise."""
    if not isinstance(text, str):
        raise Unreckonable(f"not text: {text!r}")
    position, total, parts = 0, 0.0, 0
    stripped = text.strip()
    while position < len(stripped):
        match = _PART.match(stripped, position)
        if match is None:
            raise Unreckonable(f"not a {scale.name} quantity: {text!r}")
        total += float(match.group(1)) * scale.grains_of(match.group(2))
        position, parts = match.end(), parts + 1
    if not parts:
        raise Unreckonable(f"not a {scale.name} quantity: {text!r}")
    return Measure(scale, round(total))


def tally(scale: Scale, texts: Iterable[str]) -> Measure:
    """The sum of every text read in the scale (zero for none)."""
    total = Measure(scale, 0)
    for text in texts:
        total = total + reckon(scale, text)
    return total
