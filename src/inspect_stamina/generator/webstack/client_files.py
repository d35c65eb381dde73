"""The web-stack domain's React client as the references write it: the Vite app's files,
the API module, the list and form components, and the names they use.
"""

from __future__ import annotations

from inspect_stamina.generator.webstack.schema import Resource, WebProject


def names(r: Resource) -> dict[str, str]:
    """The client's names for resource `r`: its functions, components, field and label."""
    text = r.text_field.name
    return {
        "list": "list" + r.path[:1].upper() + r.path[1:],
        "create": "create" + r.model,
        "List": f"{r.model}List",
        "Form": f"{r.model}Form",
        "text": text,
        "label": text[:1].upper() + text[1:].replace("_", " "),
        "path": r.path,
        "one": r.singular,
    }


def title(project: WebProject) -> str:
    """The app's heading: the product's name, or the package's without one."""
    return project.title or project.package[:1].upper() + project.package[1:]


INDEX = """\
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>{title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
"""
VITE_CONFIG = """\
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": "http://127.0.0.1:8000" } },
});
"""
MAIN = """\
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.jsx";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
"""


def app(project: WebProject, with_list: bool, with_form: bool) -> str:
    """`App.jsx`: the heading, and the form and the list once they exist."""
    n = names(project.resources[0])
    imports = ['import { useState } from "react";'] if with_form else []
    if with_form:
        imports.append(f'import {n["Form"]} from "./components/{n["Form"]}.jsx";')
    if with_list:
        imports.append(f'import {n["List"]} from "./components/{n["List"]}.jsx";')
    body = [f"      <h1>{title(project)}</h1>"]
    if with_form:
        body.append(f"      <{n['Form']} onCreated={{() => setVersion((v) => v + 1)}} />")
    if with_list:
        body.append(f"      <{n['List']} {'key={version} ' if with_form else ''}/>")
    state = "  const [version, setVersion] = useState(0);\n" if with_form else ""
    head = "\n".join(imports) + "\n\n" if imports else ""
    return (
        f"{head}export default function App() {{\n{state}  return (\n    <main>\n"
        + "\n".join(body)
        + "\n    </main>\n  );\n}\n"
    )


CLIENT = """\
// Every call the app makes to the API goes through this module.
export const API_BASE = "/api";
const API_KEY = "{key}";

async function send(path, options = {{}}) {{
  const response = await fetch(`${{API_BASE}}${{path}}`, options);
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {{
    throw new Error(`${{options.method || "GET"}} ${{path}} answered ${{response.status}}`);
  }}
  return data;
}}

export function {list}(params = {{}}) {{
  const query = new URLSearchParams(params).toString();
  return send(`/{path}/${{query ? `?${{query}}` : ""}}`);
}}

export function {create}(data) {{
  return send("/{path}/", {{
    method: "POST",
    headers: {{ "Content-Type": "application/json", "X-Api-Key": API_KEY }},
    body: JSON.stringify(data),
  }});
}}
"""
LIST = """\
import {{ useEffect, useState }} from "react";
import {{ {list} }} from "../api/client.js";

export default function {List}() {{
  const [records, setRecords] = useState([]);
  useEffect(() => {{
    let live = true;
    {list}().then((found) => live && setRecords(found), () => live && setRecords([]));
    return () => {{
      live = false;
    }};
  }}, []);
  return (
    <ul>
      {{records.map((record) => (
        <li key={{record.id}}>{{record.{text}}}</li>
      ))}}
    </ul>
  );
}}
"""
FORM = """\
import {{ useState }} from "react";
import {{ {create} }} from "../api/client.js";

export default function {Form}({{ onCreated }}) {{
  const [value, setValue] = useState("");
  async function submit(event) {{
    event.preventDefault();
    const record = await {create}({{ {text}: value }});
    setValue("");
    if (onCreated) onCreated(record);
  }}
  return (
    <form onSubmit={{submit}}>
      <label>
        {label}
        <input value={{value}} onChange={{(event) => setValue(event.target.value)}} />
      </label>
      <button type="submit">Add {one}</button>
    </form>
  );
}}
"""


__all__ = ["CLIENT", "FORM", "INDEX", "LIST", "MAIN", "VITE_CONFIG", "app", "names", "title"]
