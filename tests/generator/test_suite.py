"""The versioned suite: generated scripts drawn by seed, one sample each, metrics per domain."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from inspect_stamina.errors import StaminaError
from inspect_stamina.generator.suite import SUITES, suite_scripts
from tests.helpers import inspect_eval_cli
from tests.report.replayed import replayed_task_log


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INSPECT_STAMINA_CACHE", str(tmp_path / "cache"))


@pytest.mark.parametrize("version", sorted(SUITES))
def test_seed_zero_is_the_published_set_and_other_seeds_are_new(version: int) -> None:
    published = suite_scripts(version, None, 0)
    suite = SUITES[version]
    assert len(published) == len(suite.domains) * suite.scripts_per_domain
    assert {d for d, _ in published} == set(suite.domains)
    # each script written by the suite's own generator version
    for _, path in published:
        assert f"(generator version {suite.generator})" in (path / "script.yaml").read_text()
    again = suite_scripts(version, None, 0)
    assert [(d, p.read_bytes()) for d, p in ((d, p / "script.yaml") for d, p in published)] == [
        (d, p.read_bytes()) for d, p in ((d, p / "script.yaml") for d, p in again)
    ]
    fresh = suite_scripts(version, None, 9)
    texts = {(p / "script.yaml").read_text() for _, p in published}
    assert not texts & {(p / "script.yaml").read_text() for _, p in fresh}


def test_sample_draws_k_scripts_by_seed() -> None:
    drawn = suite_scripts(1, 2, 5)
    assert len(drawn) == 2 and drawn == suite_scripts(1, 2, 5)
    assert len(suite_scripts(1, 99, 5)) == len(suite_scripts(1, None, 5))


@pytest.mark.parametrize(("version", "sample"), [(7, None), (1, 0)])
def test_bad_suite_arguments_are_clear(version: int, sample: int | None) -> None:
    with pytest.raises(StaminaError, match="Unknown suite version|at least 1"):
        suite_scripts(version, sample, 0)


@pytest.mark.docker
@pytest.mark.usefixtures("docker_engine")
def test_suite_from_the_command_line(tmp_path: Path) -> None:
    result = inspect_eval_cli(
        "inspect_stamina/stamina_suite",
        tmp_path / "logs",
        "--model",
        "stamina/oracle",
        "-T",
        "sample=1",
        "-T",
        "seed=3",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    log = read_eval_log(list_eval_logs(str(tmp_path / "logs"))[0])
    # the latest suite by default, with its generator version
    assert log.eval.metadata and log.eval.metadata["suite_version"] == max(SUITES) == 3
    assert log.eval.metadata["generator_version"] == "3" and log.eval.metadata["suite_seed"] == 3
    [sample] = log.samples or []
    domain = sample.metadata["domain"]
    assert domain in SUITES[3].domains
    [score] = sample.scores.values()  # type: ignore[union-attr]
    assert isinstance(score.value, dict) and score.value["checkpoint_pass_rate"] == 1.0
    assert log.results is not None
    # one script drawn: its domain's mean would only repeat the mean
    assert {m for s in log.results.scores for m in s.metrics} == {"mean", "stderr"}


def test_a_suite_of_several_domains_reports_a_mean_per_domain(tmp_path: Path) -> None:
    """Replayed without Docker: the suite's scorer computes a mean per domain, not per script."""
    from inspect_stamina.generator.suite import stamina_suite

    built = stamina_suite(version=1, sample=3, seed=4, sandbox="k8s")
    domains = {str(s.id): (s.metadata or {})["domain"] for s in built.dataset}
    assert len(set(domains.values())) >= 2, domains
    log = read_eval_log(replayed_task_log(tmp_path / "logs", built, fail_at=5))
    assert log.results is not None
    # the headline's mean per domain, in the scorer's own group, each named by its domain
    # alone (the terminal crops `inspect_stamina/by_domain_...` to the same prefix)
    [grouped] = [s for s in log.results.scores if s.name == "stamina_scorer"]
    assert {m.name for m in grouped.metrics.values()} == set(domains.values())
    assert set(grouped.metrics) == set(domains.values())
    assert {m.group for m in grouped.metrics.values()} == {"by_domain"}
    samples = {str(s.id): s for s in log.samples or []}
    for domain in set(domains.values()):
        rates = [
            cast(dict[str, float], samples[sid].scores["stamina_scorer"].value)  # type: ignore[index]
            for sid, d in domains.items()
            if d == domain
        ]
        mean = sum(r["checkpoint_pass_rate"] for r in rates) / len(rates)
        assert grouped.metrics[domain].value == pytest.approx(mean)
    # every key's own group holds its mean and stderr, nothing per script or domain
    [rate] = [s for s in log.results.scores if s.name == "checkpoint_pass_rate"]
    assert set(rate.metrics) == {"mean", "stderr"}
    assert not any(
        script in name for s in log.results.scores for script in domains for name in s.metrics
    )


def test_the_suite_names_every_parameter_of_the_stamina_task() -> None:
    """Inspect sees each of the suite's parameters (a typo is caught by name), the stamina
    task's all but `script`, with the same defaults, and a task version."""
    import inspect as pyinspect

    from inspect_ai._util.registry import registry_info

    from inspect_stamina.generator.suite import stamina_suite
    from inspect_stamina.stamina.task import TASK_VERSION, stamina

    suite = pyinspect.signature(stamina_suite).parameters
    task = pyinspect.signature(stamina).parameters
    assert [n for n in suite if n not in ("version", "sample", "seed")] == [
        n for n in task if n != "script"
    ]
    assert all(suite[n].default == task[n].default for n in task if n != "script")
    assert not any(p.kind is p.VAR_KEYWORD for p in suite.values())
    assert registry_info(stamina_suite).metadata["attribs"]["version"] == TASK_VERSION
