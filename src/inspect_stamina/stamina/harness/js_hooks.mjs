// Runs in the sandbox, on the module loader's thread of the benchmark's JavaScript test
// process: an import that resolves into the workspace gives a module of proxies instead
// of the agent's module. Its exports (names, and values for constants) come from the
// agent's process, asked through the main thread (js_proxy.mjs).

import { fileURLToPath } from "node:url";

let workspace = "/workspace";
let port;
let asked = 0;
const waiting = new Map();
const PREFIX = "stamina-agent:";

export async function initialize(data) {
  workspace = data.workspace.replace(/\/+$/, "");
  port = data.port;
  port.on("message", ({ id, exports, error }) => {
    const [resolve, reject] = waiting.get(id);
    waiting.delete(id);
    if (error) reject(new Error(error));
    else resolve(exports);
  });
  port.unref();
}

function inWorkspace(url) {
  if (!url.startsWith("file:")) return false;
  const path = fileURLToPath(url);
  return path === workspace || path.startsWith(workspace + "/");
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith(PREFIX)) return { url: specifier, shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  if (inWorkspace(resolved.url)) {
    return { url: PREFIX + fileURLToPath(resolved.url), format: "module", shortCircuit: true };
  }
  return resolved;
}

function exportsOf(path) {
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, [resolve, reject]);
    port.ref();
    port.postMessage({ id, path });
  }).finally(() => port.unref());
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith(PREFIX)) return nextLoad(url, context);
  const path = url.slice(PREFIX.length);
  const names = await exportsOf(path);
  const lines = [`const agent = globalThis.__staminaAgent.module(${JSON.stringify(path)});`];
  names.forEach((name, index) => {
    lines.push(`const v${index} = agent.get(${JSON.stringify(name)});`);
    lines.push(`export { v${index} as ${JSON.stringify(name)} };`);
  });
  return { format: "module", source: lines.join("\n"), shortCircuit: true };
}
