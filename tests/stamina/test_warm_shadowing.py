"""The runner's warm pytest server decides, without a sandbox, when a project's own module
would have replaced a library it imported ahead of the tests (``warm_pytest.shadowed``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from inspect_stamina.stamina.harness.warm_pytest import shadowed


def _library(root: Path) -> dict[str, str]:
    """A site directory holding a package ``libpkg`` and a module ``libmod``, by their home."""
    site = root / "site"
    (site / "libpkg").mkdir(parents=True)
    (site / "libpkg" / "__init__.py").write_text("")
    (site / "libmod.py").write_text("")
    return {"libpkg": str(site), "libmod": str(site)}


def test_a_project_module_ahead_of_the_library_shadows_it(tmp_path: Path) -> None:
    homes = _library(tmp_path)
    project = tmp_path / "project"
    project.mkdir()
    (project / "libmod.py").write_text("")
    assert shadowed(homes, [str(project), homes["libmod"]]) == "libmod"
    package = tmp_path / "other"
    (package / "libpkg").mkdir(parents=True)
    (package / "libpkg" / "__init__.py").write_text("")
    assert shadowed(homes, [str(package), homes["libpkg"]]) == "libpkg"
    compiled = tmp_path / "compiled"
    compiled.mkdir()
    (compiled / "libmod.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert shadowed(homes, [str(compiled), homes["libmod"]]) == "libmod"


def test_what_a_fresh_process_would_not_have_imported_instead_is_no_shadow(
    tmp_path: Path,
) -> None:
    homes = _library(tmp_path)
    project = tmp_path / "project"
    (project / "libpkg").mkdir(parents=True)  # a namespace portion: the package wins
    (project / "libmod.txt").write_text("")
    (project / "libmod.py.bak").write_text("")
    (project / "decimal.js").mkdir()
    assert shadowed(homes, [str(project), homes["libmod"]]) is None
    # behind the library's own directory, or a directory that is gone
    late = tmp_path / "late"
    late.mkdir()
    (late / "libmod.py").write_text("")
    assert shadowed(homes, [homes["libmod"], str(late)]) is None
    assert shadowed(homes, [str(tmp_path / "missing"), homes["libmod"]]) is None


def test_warmed_modules_are_found_by_their_path_entry(tmp_path: Path) -> None:
    homes = _library(tmp_path)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from inspect_stamina.stamina.harness.warm_pytest import warmed_homes;"
        "before = set(sys.modules); import libpkg, libmod, json.decoder;"
        "print(sorted(warmed_homes(before).items()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, homes["libmod"]], capture_output=True, text=True, check=True
    ).stdout
    # a package and a module by the directory holding them; built-in modules and those
    # imported before are not counted
    assert f"('libmod', '{homes['libmod']}')" in out and f"('libpkg', '{homes['libpkg']}')" in out
    assert "'sys'" not in out and "'inspect_stamina'" not in out
