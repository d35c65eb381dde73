"""Turn 22 (static): the frontend has hand-written CSS that the app loads, and no UI library.

Loaded means imported (`import "./x.css"`) by a module under frontend/src or linked from
frontend/index.html; a UI library is any package.json dependency of the usual kits.
"""

import json
import os
import re
from pathlib import Path

FRONTEND = Path(os.environ.get("STAMINA_WORKSPACE", "/workspace")) / "frontend"
UI_LIBRARIES = re.compile(
    r"^(@mui/|@material-ui/|antd$|@ant-design/|bootstrap$|react-bootstrap$|@chakra-ui/|tailwindcss$|"
    r"@mantine/|semantic-ui|@headlessui/|@radix-ui/|primereact$|bulma$|@emotion/|styled-components$)"
)


def _sources():
    src = FRONTEND / "src"
    files = [p for p in src.rglob("*") if p.suffix in (".js", ".jsx", ".ts", ".tsx")] if src.is_dir() else []
    return [p for p in files if "node_modules" not in p.parts]


def test_css_is_written_and_loaded():
    loaded = []
    for source in _sources():
        for spec in re.findall(r"""import\s+["']([^"']+\.css)["']""", source.read_text(errors="replace")):
            path = (source.parent / spec).resolve()
            if path.is_file() and path.stat().st_size > 0:
                loaded.append(path)
    # or linked from an HTML page of the app (index.html)
    for page in FRONTEND.glob("*.html"):
        for href in re.findall(r"""<link[^>]+href=["']/?([^"']+\.css)["']""", page.read_text(errors="replace")):
            path = FRONTEND / href
            if path.is_file() and path.stat().st_size > 0:
                loaded.append(path)
    assert loaded, "no CSS file under frontend/ is imported by the app's code or linked from index.html"
    rules = sum(len(re.findall(r"\{", p.read_text(errors="replace"))) for p in loaded)
    assert rules >= 5, f"the loaded CSS ({', '.join(p.name for p in loaded)}) holds only {rules} rule(s)"


def test_no_ui_library():
    package = FRONTEND / "package.json"
    assert package.is_file(), "frontend/package.json does not exist"
    data = json.loads(package.read_text())
    # every dependency section npm knows (dependencies, devDependencies, peer...)
    deps = {name for section in data.values() if isinstance(section, dict) for name in section}
    libraries = sorted(name for name in deps if UI_LIBRARIES.match(name))
    assert not libraries, f"no UI library was wanted: {libraries}"
