"""Docker sandbox specs from the compose files shipped in the package."""

from __future__ import annotations

from typing import Any

from inspect_ai.util import ComposeConfig, SandboxEnvironmentSpec, parse_compose_yaml

from inspect_stamina.paths import COMPOSE_DIR


def compose_sandbox(name: str, **service: Any) -> SandboxEnvironmentSpec:
    """compose/<name>/compose.yaml with fields of its default service overridden."""
    template = parse_compose_yaml(str(COMPOSE_DIR / name / "compose.yaml"))
    default = template.services["default"].model_copy(update=service)
    # a resolved config, not a path: Inspect would resolve a relative path against the cwd
    return SandboxEnvironmentSpec("docker", ComposeConfig(services={"default": default}))
