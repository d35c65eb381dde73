"""The test tiers: a test that uses the Docker engine must carry the `docker` marker."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


def test_a_docker_test_without_the_marker_fails(pytester: pytest.Pytester) -> None:
    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text())
    pytester.makepyfile(
        test_tiers="""
import pytest

@pytest.mark.usefixtures("docker_engine")
def test_unmarked():
    pass

def test_no_docker():
    pass
"""
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(
        ["*test_unmarked uses the Docker engine without @pytest.mark.docker*"]
    )
