"""inspect_stamina: long-horizon agent evaluations for Inspect AI (GAIA, StaminaBench)."""

__version__ = "0.1.0"
