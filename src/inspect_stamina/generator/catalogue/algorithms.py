"""More functions of the algorithms domain, asked for from generator version 3 on."""

from __future__ import annotations

from inspect_stamina.generator.model import FunctionTemplate

MORE_TEMPLATES: tuple[FunctionTemplate, ...] = ()
