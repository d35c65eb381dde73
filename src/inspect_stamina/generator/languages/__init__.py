"""How a project model becomes files, tests and checks in one language.

The planner is language-free: it changes a `Project` and asks the domain's language
for the package's files, a checkpoint's test, the command that proves a module or a
constant exists, and the rules and probe checks that fit the language's source.
"""

from __future__ import annotations

from inspect_stamina.generator.languages.javascript import JavaScript
from inspect_stamina.generator.languages.language import Language, TestGroup
from inspect_stamina.generator.languages.python import Python

__all__ = ["JavaScript", "Language", "Python", "TestGroup"]
