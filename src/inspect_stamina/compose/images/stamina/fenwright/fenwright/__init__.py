"""fenwright: measures on scales (durations, sizes) and ledgers of delimited records.

The reference is README.md beside the package, installed as /usr/share/doc/fenwright/.
"""

from fenwright.ledgers import (
    COUNT,
    MAX,
    MEAN,
    MIN,
    PIPE,
    SUM,
    TABBED,
    Fold,
    Ledger,
    LedgerError,
    Misfiled,
    Ragged,
    Sieve,
    Style,
    ingest,
)
from fenwright.measures import (
    CLOCK,
    HOARD,
    Measure,
    Scale,
    ScaleMismatch,
    Unreckonable,
    measure,
    reckon,
    tally,
)

__version__ = "0.7.1"
__all__ = [
    "CLOCK",
    "COUNT",
    "HOARD",
    "MAX",
    "MEAN",
    "MIN",
    "PIPE",
    "SUM",
    "TABBED",
    "Fold",
    "Ledger",
    "LedgerError",
    "Measure",
    "Misfiled",
    "Ragged",
    "Scale",
    "ScaleMismatch",
    "Sieve",
    "Style",
    "Unreckonable",
    "ingest",
    "measure",
    "reckon",
    "tally",
]
