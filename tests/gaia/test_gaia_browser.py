"""GAIA with -T web_browser=true: Inspect's web_browser tools on the gaia-browser image."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalLog
from inspect_ai.model import ModelOutput

from inspect_stamina.gaia.task import BROWSER_IMAGE, DEFAULT_IMAGE, gaia
from inspect_stamina.sandbox.images import image_specs
from tests.gaia.test_gaia_docker import MODEL, bash_call, run, submit, tool_texts
from tests.helpers import run_in_image

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("docker_engine")]

SENTENCE = "The lighthouse keeper counted 417 gulls before noon."
PORT = 8765
# a page served from inside the sandbox, on its loopback: no outside network involved
SERVE = (
    f"mkdir -p /tmp/site && cd /tmp/site && "
    f"printf '<html><head><title>Log</title></head><body><p>{SENTENCE}</p></body></html>' "
    f"> index.html && (nohup python3 -m http.server {PORT} --bind 127.0.0.1 >/dev/null 2>&1 &) ; "
    f"sleep 1; echo serving"
)
WEB_TOOLS = [
    "web_browser_go",
    "web_browser_click",
    "web_browser_type_submit",
    "web_browser_type",
    "web_browser_scroll",
    "web_browser_back",
    "web_browser_forward",
    "web_browser_refresh",
]


def sandbox_image(log: EvalLog) -> str:
    """The image of the compose file the run's sandbox was started from."""
    assert log.eval.sandbox is not None and isinstance(log.eval.sandbox.config, str)
    compose = yaml.safe_load(Path(log.eval.sandbox.config).read_text(encoding="utf-8"))
    return str(compose["services"]["default"]["image"])


def offered_tools(log: EvalLog) -> list[str]:
    """The tool names the model was offered on its first generation."""
    assert log.samples
    event = next(e for e in log.samples[0].events if isinstance(e, ModelEvent))
    return [t.name for t in event.tools]


@pytest.mark.parametrize("network_enabled", [True, False])
def test_browser_reads_a_page_served_in_the_sandbox(log_dir: Path, network_enabled: bool) -> None:
    go = ModelOutput.for_tool_call(MODEL, "web_browser_go", {"url": f"http://127.0.0.1:{PORT}/"})
    log = run(
        [bash_call(SERVE), go, submit("417")],
        log_dir,
        web_browser=True,
        network_enabled=network_enabled,
    )
    served, page = tool_texts(log)[:2]  # then submit's
    assert served.strip() == "serving"
    assert SENTENCE in page, page
    assert sandbox_image(log) == BROWSER_IMAGE
    assert log.eval.metadata and log.eval.metadata["tools"] == ["bash", *WEB_TOOLS]
    assert offered_tools(log) == ["bash", *WEB_TOOLS, "submit"]


def test_browser_is_off_by_default(log_dir: Path) -> None:
    log = run([submit("Lyon")], log_dir)
    assert offered_tools(log) == ["bash", "submit"]
    assert log.eval.metadata and log.eval.metadata["tools"] == ["bash"]
    assert sandbox_image(log) == DEFAULT_IMAGE


def test_explicit_image_is_kept_with_the_browser(tmp_path: Path) -> None:
    # only the default image is swapped for the browser image; a chosen one is the user's call
    stamina_image = image_specs()["stamina"].tag
    task = gaia(
        dataset_hub="example",
        web_browser=True,
        docker_image=stamina_image,
        cache_dir=str(tmp_path),
    )
    assert task.sandbox is not None and isinstance(task.sandbox.config, str)
    compose = yaml.safe_load(Path(task.sandbox.config).read_text(encoding="utf-8"))
    assert compose["services"]["default"]["image"] == stamina_image


def test_browser_image_is_a_full_gaia_image() -> None:
    gaia_spec, browser = image_specs()["gaia"], image_specs()["gaia-browser"]
    assert browser.tag == BROWSER_IMAGE
    assert browser.apt_packages[: len(gaia_spec.apt_packages)] == gaia_spec.apt_packages
    assert browser.python_packages[: len(gaia_spec.python_packages)] == gaia_spec.python_packages
    probe = (
        "python --version && curl --version | head -n1 && wget --version | head -n1 && "
        "git --version && python -c 'import pandas, openpyxl, xlrd, pypdf, PIL, docx, pptx, "
        'numpy, pyarrow, bs4, lxml, requests; print("libs ok")\' && '
        "command -v inspect-tool-support && "
        'echo "browsers=$PLAYWRIGHT_BROWSERS_PATH" && '
        "readlink -f $PLAYWRIGHT_BROWSERS_PATH/chromium_headless_shell-*/chrome-headless-shell-linux64/chrome-headless-shell"
    )
    result = run_in_image(BROWSER_IMAGE, probe)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "Python 3.11" in out and "libs ok" in out
    for tool in ("curl", "GNU Wget", "git version", "/usr/local/bin/inspect-tool-support"):
        assert tool in out
    assert "browsers=/opt/pw-browsers" in out
    assert out.rstrip().endswith("/usr/lib/chromium/chromium-headless-shell")
