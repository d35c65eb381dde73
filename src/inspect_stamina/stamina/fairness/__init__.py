"""Fairness instruments: does a StaminaBench script test only what its user said?

Each instrument is a function from a loaded script to an `InstrumentResult`; the
`validate --fairness` command runs them all (`run_fairness`), prints a section per
instrument, writes `fairness.json` and fails when any instrument fails.
"""

from inspect_stamina.stamina.fairness.result import Finding, InstrumentResult

__all__ = ["Finding", "InstrumentResult"]
