"""Turn 77 (executed): the frontend builds for production, as its Dockerfile's node stage
does: Vite bundles frontend/ into static files whose index.html loads existing scripts.
"""

import os
import re


def test_the_frontend_builds_for_production(built_frontend):
    index = os.path.join(built_frontend, "index.html")
    assert os.path.isfile(index), "the production build should write index.html"
    with open(index) as handle:
        html = handle.read()
    scripts = re.findall(r'<script\b[^>]*\bsrc="/?([^"]+)"', html)
    assert scripts, f"the built index.html should load the bundled app: {html[:400]!r}"
    for script in scripts:
        path = os.path.join(built_frontend, script)
        assert os.path.isfile(path) and os.path.getsize(path) > 0, f"the build should write {script}"
    assert 'id="root"' in html, "the built page keeps the element the app renders into"
