"""Everything Inspect should find when it loads the package's entry point."""

# ruff: noqa: F401
from inspect_stamina.gaia.task import gaia, gaia_level1, gaia_level2, gaia_level3
from inspect_stamina.generator.suite import stamina_suite
from inspect_stamina.models import stamina_models
from inspect_stamina.stamina.task import stamina
