"""Turn 44 (static): the app's CSS has a media query for narrow screens (a phone's width).

Loaded CSS is what a module under frontend/src imports; a media query for narrow screens
is `@media` with a `max-width` of at most 900px, or a mobile-first `min-width` one.
"""

import os
import re
from pathlib import Path

SRC = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace")) / "frontend" / "src"


def _loaded_css():
    found = []
    sources = [p for p in SRC.rglob("*") if p.suffix in (".js", ".jsx", ".ts", ".tsx")] if SRC.is_dir() else []
    for source in sources:
        for spec in re.findall(r"""import\s+["']([^"']+\.css)["']""", source.read_text(errors="replace")):
            path = (source.parent / spec).resolve()
            if path.is_file():
                found.append(path)
    return found


def test_a_media_query_for_phones():
    css = "\n".join(p.read_text(errors="replace") for p in _loaded_css())
    assert css, "no CSS file is imported by the app's code"
    widths = [int(w) for w in re.findall(r"@media[^{]*max-width\s*:\s*(\d+)px", css)]
    mobile_first = re.search(r"@media[^{]*min-width\s*:\s*\d+px", css)
    assert any(w <= 900 for w in widths) or mobile_first, (
        f"no @media query for narrow screens in the app's CSS (max-width queries: {widths})"
    )
