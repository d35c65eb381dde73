"""Bad -T values are refused when the task is built, before any sandbox or Docker check."""

from __future__ import annotations

import dataclasses
import inspect
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from inspect_stamina.errors import StaminaError
from inspect_stamina.gaia.task import gaia, gaia_level1, gaia_level2, gaia_level3
from inspect_stamina.sandbox.limits import HEADROOM, SandboxLimits, docker_size, size_bytes
from inspect_stamina.stamina.task import stamina
from inspect_stamina.task_args import int_arg, optional_int_arg, positive_number_arg
from tests.helpers import assert_clear_failure, inspect_eval_cli

# no engine behind it: a refusal seen with it came before any Docker check
NO_DOCKER = {"DOCKER_HOST": "unix:///nonexistent/docker.sock"}
MIB = 1024**2


@pytest.mark.parametrize(("value", "expected"), [(5, 5), ("5", 5), (5.0, 5), (" 7 ", 7)])
def test_int_arg_takes_whole_numbers_as_yaml_delivers_them(value: object, expected: int) -> None:
    assert int_arg("command_timeout", value) == expected


@pytest.mark.parametrize(
    "value", [0, -1, 1.5, "abc", "", True, None, ["1", "2"], float("inf"), float("nan")]
)
def test_int_arg_refuses_what_is_not_a_positive_integer(value: object) -> None:
    with pytest.raises(StaminaError) as info:
        int_arg("command_timeout", value)
    assert str(info.value) == f"command_timeout must be a positive integer, not {value!r}."


def test_int_arg_minimum_is_named_in_the_message() -> None:
    assert int_arg("attempts", 0, minimum=0) == 0
    with pytest.raises(
        StaminaError, match=r"^attempts must be an integer of at least 0, not -1\.$"
    ):
        int_arg("attempts", -1, minimum=0)


@pytest.mark.parametrize("value", [None, "none", "None", "null"])
def test_optional_int_arg_reads_none_as_no_bound(value: object) -> None:
    assert optional_int_arg("turn_tokens", value) is None


@pytest.mark.parametrize("value", [0, -5, "0", "abc", 2.5, False])
def test_optional_int_arg_refuses_zero_and_negatives(value: object) -> None:
    with pytest.raises(StaminaError) as info:
        optional_int_arg("turn_generations", value)
    assert str(info.value) == (
        f"turn_generations must be a positive integer, or none for no bound, not {value!r}."
    )


def test_optional_int_arg_keeps_a_bound() -> None:
    assert optional_int_arg("turn_generations", 30) == 30
    assert optional_int_arg("turn_tokens", "100000") == 100000


def test_positive_number_arg() -> None:
    assert positive_number_arg("command_timeout", 0.5) == 0.5
    assert positive_number_arg("command_timeout", "2") == 2.0
    for value in (0, -1, "abc", float("inf"), True):
        with pytest.raises(StaminaError, match=r"^command_timeout must be a number above 0, not "):
            positive_number_arg("command_timeout", value)


@pytest.mark.parametrize(
    ("size", "count"),
    [("512m", 512 * MIB), ("2G", 2 * 1024 * MIB), ("1k", 1024), ("100", 100), ("7b", 7)],
)
def test_size_bytes_uses_dockers_binary_units(size: str, count: int) -> None:
    assert size_bytes(size) == count


def test_size_bytes_refuses_other_text() -> None:
    with pytest.raises(ValueError, match="Not a Docker size"):
        size_bytes("2x")


def test_docker_size_picks_the_largest_whole_unit() -> None:
    assert docker_size(4 * 1024 * MIB) == "4g"
    assert docker_size(3920 * MIB) == "3920m"
    assert docker_size(3 * 1024) == "3k"
    assert docker_size(1025) == "1025b"


# the figures the README and the task docstrings give: workspace_size + the other tmpfs
# mounts of the compose template + HEADROOM (512m)
@pytest.mark.parametrize(("name", "others"), [("stamina", 1360), ("gaia", 976)])
def test_memory_floor_is_the_full_tmpfs_mounts_plus_headroom(name: str, others: int) -> None:
    assert size_bytes(HEADROOM) == 512 * MIB
    floor = 2048 + others + 512
    SandboxLimits(memory=f"{floor}m").require_room(name)
    SandboxLimits().require_room(name)  # the defaults fit
    with pytest.raises(StaminaError) as info:
        SandboxLimits(memory=f"{floor - 1}m").require_room(name)
    assert str(info.value) == (
        f"memory={floor - 1}m is below the {floor}m the {name} sandbox's in-memory mounts "
        f"(workspace_size=2g plus {others}m of other tmpfs mounts) plus 512m headroom need; "
        f"raise memory to at least {floor}m or lower workspace_size."
    )
    # a smaller workspace lowers the floor by as much
    SandboxLimits(memory=f"{others + 512 + 64}m", workspace_size="64m").require_room(name)
    with pytest.raises(StaminaError, match=f"at least {others + 512 + 64}m "):
        SandboxLimits(memory=f"{others + 512 + 63}m", workspace_size="64m").require_room(name)


def test_a_tiny_memory_limit_is_refused() -> None:
    with pytest.raises(StaminaError, match=r"^memory=1k is below the 3920m "):
        SandboxLimits(memory="1k").require_room("stamina")


@pytest.mark.parametrize("pids", [True, "abc", 63, 100.5])
def test_pids_must_be_a_whole_number_of_at_least_64(pids: object) -> None:
    with pytest.raises(StaminaError) as info:
        SandboxLimits(pids=pids)  # type: ignore[arg-type]
    assert str(info.value) == f"pids must be an integer of at least 64, not {pids!r}."


def test_pids_from_yaml_text_is_kept_as_an_int() -> None:
    assert SandboxLimits(pids="128").pids == 128  # type: ignore[arg-type]


def stamina_cli(log_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`inspect eval inspect_stamina/stamina --model mockllm/model ARGS`, with no Docker."""
    return inspect_eval_cli(
        "inspect_stamina/stamina", log_dir, "--model", "mockllm/model", *args, **NO_DOCKER
    )


STAMINA_BAD_VALUES = [
    ({"command_timeout": -1}, "command_timeout must be a positive integer, not -1."),
    ({"command_timeout": "abc"}, "command_timeout must be a positive integer, not 'abc'."),
    (
        {"turn_generations": 0},
        "turn_generations must be a positive integer, or none for no bound, not 0.",
    ),
    ({"turn_tokens": -5}, "turn_tokens must be a positive integer, or none for no bound, not -5."),
    ({"attempts": -1}, "attempts must be an integer of at least 0, not -1."),
    ({"memory": "1k"}, "memory=1k is below the 3920m the stamina sandbox's in-memory mounts"),
]
MEMORY_FLOOR_MESSAGE = (
    "memory=256m is below the 3920m the stamina sandbox's in-memory mounts "
    "(workspace_size=2g plus 1360m of other tmpfs mounts) plus 512m headroom need; "
    "raise memory to at least 3920m or lower workspace_size."
)


def test_stamina_cli_refuses_a_bad_value_before_docker(log_dir: Path) -> None:
    """The command line: a clear message, no traceback, no log (each value in-process:
    test_tasks_refuse_bad_values_before_docker)."""
    assert_clear_failure(stamina_cli(log_dir, "-T", "memory=256m"), MEMORY_FLOOR_MESSAGE, log_dir)


def test_stamina_cli_takes_none_as_no_bound(log_dir: Path) -> None:
    """`-T turn_generations=none` passes the checks: the next gate, Docker, is what stops it."""
    result = stamina_cli(log_dir, "-T", "turn_generations=none")
    assert_clear_failure(result, "Docker is not running", log_dir)


GAIA_BAD_VALUES = [
    ({"command_timeout": 0}, "command_timeout must be a number above 0, not 0."),
    ({"max_steps": -3}, "max_steps must be a positive integer, not -3."),
]
GAIA_MEMORY_MESSAGE = (
    "memory=256m is below the 3536m the gaia sandbox's in-memory mounts "
    "(workspace_size=2g plus 976m of other tmpfs mounts) plus 512m headroom need"
)


@pytest.mark.parametrize(
    ("task", "args", "message"),
    [(stamina, args, message) for args, message in STAMINA_BAD_VALUES]
    + [(gaia, {"dataset_hub": "example", **args}, message) for args, message in GAIA_BAD_VALUES],
)
def test_tasks_refuse_bad_values_before_docker(
    task: Callable[..., Any],
    args: dict[str, object],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # as -T delivers them (YAML scalars); Docker is never reached
    monkeypatch.setenv("DOCKER_HOST", NO_DOCKER["DOCKER_HOST"])
    with pytest.raises(StaminaError) as info:
        task(**args)
    assert message in str(info.value)


def test_gaia_cli_refuses_a_bad_value_before_docker(log_dir: Path) -> None:
    result = inspect_eval_cli(
        "inspect_stamina/gaia",
        log_dir,
        "--model",
        "mockllm/model",
        "-T",
        "dataset_hub=example",
        "-T",
        "memory=256m",
        **NO_DOCKER,
    )
    assert_clear_failure(result, GAIA_MEMORY_MESSAGE, log_dir)


@pytest.mark.parametrize("task", [gaia, gaia_level1, gaia_level2, gaia_level3, stamina])
def test_every_task_takes_every_sandbox_bound_with_its_default(task: Callable[..., Any]) -> None:
    # Inspect routes -T arguments by signature: a bound added to SandboxLimits but
    # missing from a task could not be set on that task
    parameters = inspect.signature(task).parameters
    # the level tasks document their parameters by pointing at gaia's
    documented = task in (gaia, stamina)
    for field in dataclasses.fields(SandboxLimits):
        assert field.name in parameters, f"{task.__name__} lacks {field.name}"
        assert parameters[field.name].default == field.default, (task.__name__, field.name)
        if documented:
            assert f"{field.name}:" in (task.__doc__ or ""), f"{task.__name__}: {field.name}"
    assert parameters["sandbox"].default == "docker"


def test_limits_from_task_args_take_the_named_bounds_and_check_them() -> None:
    args = {"memory": "6g", "cpus": "1.5", "pids": "256", "workspace_size": "3g", "other": 1}
    assert SandboxLimits.from_task_args(args) == SandboxLimits("6g", 1.5, 256, "3g")
    with pytest.raises(StaminaError, match="memory must be a size"):
        SandboxLimits.from_task_args({**args, "memory": "lots"})
