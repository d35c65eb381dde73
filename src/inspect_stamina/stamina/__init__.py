"""StaminaBench: long multi-turn coding sessions with a simulated user."""

from inspect_stamina.stamina.task import stamina

__all__ = ["stamina"]
