"""fenwright, the library generated Python projects standardise on.

No model has seen fenwright: it is invented and ships only in the stamina image (the
package in site-packages, its reference in /usr/share/doc/fenwright/), so a turn that
asks for a function built on it makes the agent read that reference and use an API it
cannot guess. Each Python domain lists such functions (its ``LIBRARY`` templates); this
module names the library, where its source lives in the repository (the image's build
context; host-side replays put it on ``sys.path``) and the check that a module imports it.
"""

from __future__ import annotations

from inspect_stamina.paths import COMPOSE_DIR

NAME = "fenwright"
DOCS = f"/usr/share/doc/{NAME}/"
# the directory holding the package (on sys.path, `import fenwright` finds it) and its
# reference, README.md: compose/images/stamina/setup.sh installs both into the image
SOURCE = COMPOSE_DIR / "images" / "stamina" / NAME
REFERENCE = SOURCE / "README.md"
IMPORTS = f"imports {NAME}"


def import_check(package: str, function: str) -> str:
    """A command printing `imports fenwright` when the module defining the package's
    function imports fenwright anywhere in it (at the top or inside a function)."""
    return (
        f'python -c "import ast, inspect, {package}; '
        f"tree = ast.parse(inspect.getsource(inspect.getmodule({package}.{function}))); "
        "names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]"
        " + [n.module or '' for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]; "
        f"print('{IMPORTS}' if any(x.split('.')[0] == '{NAME}' for x in names) "
        f"else 'no {NAME} import')\""
    )
