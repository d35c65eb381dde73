"""What people see in `inspect view`, in a real browser (Debian's headless Chromium).

The outline must name each session turn with its phase, the transcript must carry the
turn summaries, the header must lead with the headline metric, and metric names per GAIA
level must keep their digits.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def viewer(report_logs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`inspect view` over the noop and GAIA logs; its URL."""
    assert Path(CHROMIUM).exists(), "Debian's chromium is not installed (make test installs it)"
    logs = tmp_path_factory.mktemp("viewer_logs")
    for name in ("noop", "gaia"):
        shutil.copy(report_logs[name], logs / report_logs[name].name)
    port = _free_port()
    server = subprocess.Popen(
        ["inspect", "view", "--log-dir", str(logs), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=30)


@contextmanager
def _open_log(url: str, task: str, shot: Path) -> Iterator[Page]:
    """The log of this task open in the viewer; a screenshot is left behind."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.goto(url)
        page.get_by_text(task).first.click()
        page.wait_for_timeout(3000)
        try:
            yield page
        finally:
            page.screenshot(path=str(shot))
            browser.close()


@pytest.mark.docker
def test_outline_names_each_turn_with_its_phase(viewer: str, tmp_path: Path) -> None:
    with _open_log(viewer, "stamina/noop", tmp_path / "stamina.png") as page:
        body = page.inner_text("body")
        for name in (
            "turn 1 · Setup · memory_plant",
            "turn 4 · Features · bug",
            "turn 6 · Features · followup",
        ):
            assert name in body, body[:2000]
        # the turn summaries are in the transcript as they ended
        assert "Turn 1 · Setup · memory_plant" in body
        # the header leads with the declared headline, a number for every session that
        # ran (not memory_compacted's NaN, which has nothing to measure without compaction)
        header = body.split("DATASET")[0]
        assert "checkpoint_pass_rate" in header and "NaN" not in header, header
        page.get_by_text("All scoring").first.click()
        page.wait_for_timeout(1000)
        assert "memory_compacted" in page.inner_text("body")


@pytest.mark.docker
def test_gaia_level_metrics_keep_their_digits(viewer: str, tmp_path: Path) -> None:
    with _open_log(viewer, "inspect_stamina/gaia", tmp_path / "gaia.png") as page:
        body = page.inner_text("body")
        assert all(f"LEVEL_{n}" in body.upper() for n in (1, 2, 3)), body[:1500]
