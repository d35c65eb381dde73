"""`inspect-stamina report`: a summary table and turn-by-turn curves from real logs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval

from inspect_stamina.stamina.task import stamina

MINI = str(Path(__file__).parents[1] / "stamina" / "fixtures" / "mini" / "script.yaml")


@pytest.mark.usefixtures("docker_engine")
def test_report_from_oracle_and_noop_logs(log_dir: Path, tmp_path: Path) -> None:
    logs = [
        inspect_eval(stamina(script=MINI), model=model, log_dir=str(log_dir), display="none")[
            0
        ].location
        for model in ("stamina/oracle", "stamina/noop")
    ]
    image = tmp_path / "report.png"
    result = subprocess.run(
        ["inspect-stamina", "report", *logs, "-o", str(image)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("| stamina/")]
    assert rows[0].startswith("| stamina/oracle | mini | free | auto | 1 | 1 | 1 | 1 | 6 |")
    assert rows[1].startswith("| stamina/noop | mini | free | auto | 1 | 0 | 0 | 0 | 0 |")
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and image.stat().st_size > 10_000


def test_report_on_a_log_without_sessions_is_a_clear_error(tmp_path: Path) -> None:
    result = subprocess.run(
        ["inspect-stamina", "report", str(tmp_path / "missing.eval")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "Cannot read the eval log" in result.stderr and "Traceback" not in result.stderr
