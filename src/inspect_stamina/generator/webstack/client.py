"""The web-stack domain's React client: a Vite app in frontend/ over the first resource.

Five turns, in order among the API's: the app (from the image's offline template, `npm
ci`), one client module for every call to the API (the key said in turn 2 on writes), a
list component, a form component, and a production build. Their checks run with vitest
in jsdom over a stubbed `fetch` (the image's runner, the flagship's run-vitest.sh) and,
for the build, the image's Vite with a configuration of ours.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources

from inspect_stamina.generator.webstack.actions import Step
from inspect_stamina.generator.webstack.client_files import (
    CLIENT,
    FORM,
    INDEX,
    LIST,
    MAIN,
    VITE_CONFIG,
    app,
    names,
    title,
)
from inspect_stamina.generator.webstack.schema import WebProject

VITEST = "bash {tests}/tests/frontend/run-vitest.sh {junit} {test}"
SUPPORT = "tests/frontend/run-vitest.sh"


def run_vitest_script() -> str:
    """The benchmark's vitest launcher (the flagship's): the image's runner, our config."""
    flagship = resources.files("inspect_stamina.stamina") / "scripts/todo_app/tests/frontend"
    return (flagship / "run-vitest.sh").read_text()


# the tests' shared helpers: a stubbed fetch and what one call sent
_HELPERS = """\
import { afterEach, expect, test, vi } from "vitest";

function reply(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

function stub(answer) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function sent(fetchMock, index = 0) {
  const [input, init = {}] = fetchMock.mock.calls[index];
  const request = typeof input === "string" || input instanceof URL ? null : input;
  const url = request ? request.url : String(input);
  const method = (init.method || (request && request.method) || "GET").toUpperCase();
  const headers = new Headers(init.headers || (request ? request.headers : undefined));
  const body = init.body !== undefined ? init.body : request ? await request.text() : undefined;
  const [path, query = ""] = url.replace(/^https?:\\/\\/[^/]+/, "").split("?");
  return { path, params: Object.fromEntries(new URLSearchParams(query)), method, headers, body };
}

afterEach(() => {
  vi.unstubAllGlobals();
});
"""


def _js(value: object) -> str:
    return json.dumps(value)


def setup(project: WebProject, product_turn: int) -> Step:
    """The React app in frontend/: the template's packages, `npm ci`, the heading (the
    product's name said in `product_turn`, when it was)."""
    heading = title(project)
    shown = f"the product's name from turn {product_turn}" if project.title else f"`{heading}`"
    files = {
        "frontend/.gitignore": "node_modules\ndist\n",
        "frontend/index.html": INDEX.format(title=heading),
        "frontend/vite.config.js": VITE_CONFIG,
        "frontend/src/main.jsx": MAIN,
        "frontend/src/App.jsx": app(project, False, False),
    }
    project = replace(project, notes={**project.notes, **files})
    prompt = (
        "Time for a frontend: a React app with Vite in `frontend/`. We are offline, so copy "
        "package.json and package-lock.json from /opt/web-template (React, Vite, Vitest, jsdom "
        "and Testing Library) and run `npm ci` there. Add `frontend/index.html`, "
        "`frontend/vite.config.js` (the React plugin) and `frontend/src/main.jsx`; "
        f"`frontend/src/App.jsx` default-exports `App`, which for now shows {shown} as an "
        "`<h1>` heading. Function components only."
    )
    test = _HELPERS + (
        '\nimport { render, screen } from "@testing-library/react";\n'
        'import App from "@app/App";\n\n'
        f'test("App shows the {heading} heading", async () => {{\n'
        "  stub(() => reply([]));\n"
        "  render(<App />);\n"
        f'  expect(await screen.findByRole("heading", {{ level: 1, name: {_js(heading)} }})).toBeTruthy();\n'
        "});\n"
    )
    return Step(
        "client_setup", "frontend app", prompt, project, (), js_test=_tidy(test), shell=True
    )


def client_module(project: WebProject, key_turn: int) -> Step:
    """frontend/src/api/client.js: the one module that calls the API."""
    r = project.resources[0]
    n = names(r)
    code = CLIENT.format(key=project.api_key, **n)
    project = replace(project, notes={**project.notes, "frontend/src/api/client.js": code})
    prompt = (
        "Every call from the frontend to the API goes through one module, "
        "`frontend/src/api/client.js`; nothing else calls fetch. It exports `API_BASE` "
        f'("/api"), `{n["list"]}(params)`, which GETs `/api/{n["path"]}/` with `params` '
        f"as its query string and resolves to the list, and `{n['create']}(data)`, which "
        f"POSTs `data` as JSON to `/api/{n['path']}/` with the API key from turn {key_turn} in "
        "an `X-Api-Key` header and resolves to the created record. An answer that is not a "
        "2xx rejects with an Error."
    )
    record = {"id": 1, n["text"]: "First"}
    test = _HELPERS + (
        f'\nimport {{ API_BASE, {n["create"]}, {n["list"]} }} from "@app/api/client";\n\n'
        'test("API_BASE is /api", () => {\n  expect(API_BASE).toBe("/api");\n});\n\n'
        f'test("{n["list"]} GETs the list with its params", async () => {{\n'
        f"  const fetchMock = stub(() => reply([{_js(record)}]));\n"
        f'  await expect({n["list"]}({{ search: "Fir" }})).resolves.toEqual([{_js(record)}]);\n'
        "  const call = await sent(fetchMock);\n"
        '  expect(call.method).toBe("GET");\n'
        f'  expect(call.path).toBe("/api/{n["path"]}/");\n'
        '  expect(call.params).toEqual({ search: "Fir" });\n'
        "});\n\n"
        f'test("{n["create"]} POSTs JSON with the API key", async () => {{\n'
        f"  const fetchMock = stub(() => reply({_js(record)}, 201));\n"
        f'  await expect({n["create"]}({{ {n["text"]}: "First" }})).resolves.toEqual({_js(record)});\n'
        "  const call = await sent(fetchMock);\n"
        '  expect(call.method).toBe("POST");\n'
        f'  expect(call.path).toBe("/api/{n["path"]}/");\n'
        f'  expect(call.headers.get("X-Api-Key")).toBe({_js(project.api_key)});\n'
        '  expect(call.headers.get("Content-Type")).toMatch(/application\\/json/);\n'
        f'  expect(JSON.parse(call.body)).toEqual({{ {n["text"]}: "First" }});\n'
        "});\n\n"
        'test("a refused write rejects", async () => {\n'
        f'  stub(() => reply({{ {n["text"]}: ["This field is required."] }}, 400));\n'
        f"  await expect({n['create']}({{}})).rejects.toThrow();\n"
        "});\n"
    )
    return Step("client_module", "frontend API client", prompt, project, (), js_test=_tidy(test))


def list_component(project: WebProject) -> Step:
    """A component listing the first resource's records, shown by App."""
    n = names(project.resources[0])
    with_form = f"frontend/src/components/{n['Form']}.jsx" in project.notes
    files = {
        f"frontend/src/components/{n['List']}.jsx": LIST.format(**n),
        "frontend/src/App.jsx": app(project, True, with_form),
    }
    project = replace(project, notes={**project.notes, **files})
    prompt = (
        f"Show the {n['path']}: `frontend/src/components/{n['List']}.jsx` default-exports "
        f"`{n['List']}`, which loads them with `{n['list']}()` when it mounts and shows each "
        f"{n['one']}'s `{n['text']}` as an item of a list (`<li>`), in the order the API gives; "
        "App shows it under the heading."
    )
    records = [{"id": 1, n["text"]: "Alpha"}, {"id": 2, n["text"]: "Beta"}]
    test = _HELPERS + (
        '\nimport { render, screen } from "@testing-library/react";\n'
        f'import {n["List"]} from "@app/components/{n["List"]}";\n'
        'import App from "@app/App";\n\n'
        f'test("{n["List"]} shows each {n["one"]}", async () => {{\n'
        f"  const fetchMock = stub(() => reply({_js(records)}));\n"
        f"  render(<{n['List']} />);\n"
        '  const items = await screen.findAllByRole("listitem");\n'
        '  expect(items.map((item) => item.textContent.trim())).toEqual(["Alpha", "Beta"]);\n'
        f'  expect((await sent(fetchMock)).path).toBe("/api/{n["path"]}/");\n'
        "});\n\n"
        f'test("App shows the {n["path"]}", async () => {{\n'
        f"  stub(() => reply({_js(records)}));\n"
        "  render(<App />);\n"
        '  expect(await screen.findByText("Beta")).toBeTruthy();\n'
        "});\n"
    )
    return Step("client_list", f"{n['List']} component", prompt, project, (), js_test=_tidy(test))


def form_component(project: WebProject) -> Step:
    """A form creating one of the first resource's records."""
    n = names(project.resources[0])
    with_list = f"frontend/src/components/{n['List']}.jsx" in project.notes
    files = {
        f"frontend/src/components/{n['Form']}.jsx": FORM.format(**n),
        "frontend/src/App.jsx": app(project, with_list, True),
    }
    project = replace(project, notes={**project.notes, **files})
    prompt = (
        f"A form to add {n['path']}: `frontend/src/components/{n['Form']}.jsx` default-exports "
        f'`{n["Form"]}`, with a text input labelled "{n["label"]}" and a button "Add '
        f'{n["one"]}". Submitting creates the {n["one"]} with `{n["create"]}({{ {n["text"]} }})`, '
        "then empties the input and calls its `onCreated` prop with the created record. App "
        "shows it above the list"
        + (", and the list loads again after each add." if with_list else ".")
    )
    record = {"id": 3, n["text"]: "Gamma"}
    test = _HELPERS + (
        '\nimport { fireEvent, render, screen, waitFor } from "@testing-library/react";\n'
        f'import {n["Form"]} from "@app/components/{n["Form"]}";\n\n'
        f'test("{n["Form"]} creates a {n["one"]} and hands it on", async () => {{\n'
        f"  const fetchMock = stub(() => reply({_js(record)}, 201));\n"
        "  const created = vi.fn();\n"
        f"  render(<{n['Form']} onCreated={{created}} />);\n"
        f'  fireEvent.change(screen.getByLabelText({_js(n["label"])}), {{ target: {{ value: "Gamma" }} }});\n'
        f'  fireEvent.click(screen.getByRole("button", {{ name: {_js("Add " + n["one"])} }}));\n'
        f"  await waitFor(() => expect(created).toHaveBeenCalledWith({_js(record)}));\n"
        "  const call = await sent(fetchMock);\n"
        '  expect(call.method).toBe("POST");\n'
        f'  expect(call.path).toBe("/api/{n["path"]}/");\n'
        f'  expect(JSON.parse(call.body)).toEqual({{ {n["text"]}: "Gamma" }});\n'
        f'  expect(screen.getByLabelText({_js(n["label"])}).value).toBe("");\n'
        "});\n"
    )
    return Step("client_form", f"{n['Form']} component", prompt, project, (), js_test=_tidy(test))


_BUILD_TEST = '''

def test_the_production_build_is_served_under_app():
    """`vite build` of a copy of frontend/ with its own configuration and packages."""
    app = os.path.join(WORKSPACE, "frontend")
    assert os.path.isdir(os.path.join(app, "node_modules", "vite")), "frontend/ has no Vite: npm ci"
    run = tempfile.mkdtemp(prefix="stamina-build-")
    copy = os.path.join(run, "frontend")
    shutil.copytree(app, copy, ignore=shutil.ignore_patterns("node_modules", "dist"), symlinks=True)
    # Vite, run as the user that runs the agent's code, writes its bundled config beside
    # the copy's and the build into `run`
    for root, _, _ in os.walk(copy):
        os.chmod(root, 0o777)
    os.chmod(run, 0o777)
    os.symlink(os.path.join(app, "node_modules"), os.path.join(copy, "node_modules"))
    out = os.path.join(run, "dist")
    done = subprocess.run(
        ["node", "node_modules/vite/bin/vite.js", "build", "--outDir", out, "--emptyOutDir"],
        cwd=copy, capture_output=True, text=True, timeout=300,
        env=dict(os.environ, NODE_ENV="production"),
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    with open(os.path.join(out, "index.html"), encoding="utf-8") as page:
        html = page.read()
    assert 'src="/app/assets/' in html, html[-1500:]
    bundles = [os.path.join(root, name) for root, _, names in os.walk(out) for name in names if name.endswith(".js")]
    text = "".join(open(path, encoding="utf-8").read() for path in bundles)
    for needed in {needed!r}:
        assert needed in text, f"the bundle lacks {{needed!r}}: the app's heading, or its calls to the API"
'''


def production_build(project: WebProject) -> Step:
    """The production build served under /app/: Vite's base, checked by building a copy."""
    # the heading, and the API's path once App shows a component that calls it (a module
    # nothing imports yet is left out of the bundle)
    needed = [title(project)]
    n = names(project.resources[0])
    if any(f"frontend/src/components/{n[c]}.jsx" in project.notes for c in ("List", "Form")):
        needed.append(f"/{project.resources[0].path}/")
    config = VITE_CONFIG.replace(
        "  plugins: [react()],\n", '  plugins: [react()],\n  base: "/app/",\n'
    )
    project = replace(project, notes={**project.notes, "frontend/vite.config.js": config})
    prompt = (
        "In production the frontend will be served under `/app/`: configure Vite (in "
        "`frontend/vite.config.js`) so that `npm run build` writes a `dist/index.html` whose "
        "script and asset URLs start with `/app/`, and keep the build working."
    )
    return Step(
        "client_build",
        "frontend builds for /app/",
        prompt,
        project,
        (),
        py_extra=_BUILD_TEST.format(needed=needed),
    )


def _tidy(test: str) -> str:
    return test.replace("\n\n\n", "\n\n")


__all__ = [
    "SUPPORT",
    "VITEST",
    "client_module",
    "form_component",
    "list_component",
    "production_build",
    "run_vitest_script",
    "setup",
    "title",
]
