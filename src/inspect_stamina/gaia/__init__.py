"""GAIA, the General AI Assistants benchmark, as Inspect tasks."""

from inspect_stamina.gaia.task import gaia, gaia_level1, gaia_level2, gaia_level3

__all__ = ["gaia", "gaia_level1", "gaia_level2", "gaia_level3"]
