// Runs in the sandbox, as `runner`: the agent's JavaScript, called from the benchmark's
// tests (the twin of agent_host.py). The tests run in another process (as `checker`)
// and never import the agent's modules; they send requests here, one JSON object per
// line on standard input, and get results back as data (js_wire.mjs) or as references
// to objects that stay here. What the agent's code logs during a call goes back with
// the answer. A call's arguments may hold the tests' own functions: calling one asks
// the tests and waits for their answer.
//
// Usage: node js_host.mjs WORKSPACE

import { readSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { format } from "node:util";

import { WireError, decode, encode } from "./js_wire.mjs";

const objects = new Map();
const ids = new Map();
const modules = new Map();
let pending = "";

function readLine() {
  const buffer = Buffer.alloc(65536);
  for (;;) {
    const newline = pending.indexOf("\n");
    if (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      return line;
    }
    let count;
    try {
      count = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === "EAGAIN") continue;
      throw error;
    }
    if (count === 0) return null;
    pending += buffer.toString("utf8", 0, count);
  }
}

function send(message) {
  const text = JSON.stringify(message) + "\n";
  let offset = 0;
  const data = Buffer.from(text);
  while (offset < data.length) offset += writeSync(1, data, offset);
}

function handle(value) {
  let id = ids.get(value);
  if (id === undefined) {
    id = objects.size + 1;
    objects.set(id, value);
    ids.set(value, id);
  }
  const kind = typeof value === "function" ? "function" : "object";
  const name = typeof value === "function" ? value.name : value?.constructor?.name;
  return { $: "ref", id, kind, name: String(name ?? "") };
}

function reference(data) {
  if (data.$ === "ref") {
    if (!objects.has(data.id)) throw new WireError(`no object ${data.id} in this process`);
    return objects.get(data.id);
  }
  if (data.$ === "callback") {
    const id = data.id;
    return (...args) => {
      send({ callback: id, args: args.map((a) => encode(a, handle)) });
      const line = readLine();
      if (line === null) process.exit(0);
      const answer = JSON.parse(line);
      if ("throw" in answer) throw new Error(`the test's function threw: ${answer.throw}`);
      return decode(answer.ok, reference);
    };
  }
  throw new WireError(`unknown value type ${data.$}`);
}

async function importModule(path) {
  if (!modules.has(path)) modules.set(path, await import(pathToFileURL(path).href));
  return modules.get(path);
}

async function run(request) {
  const args = (request.args ?? []).map((a) => decode(a, reference));
  switch (request.op) {
    case "import": {
      const namespace = await importModule(String(request.path));
      const exports = Object.keys(namespace).map((name) => {
        const value = namespace[name];
        return typeof value === "function"
          ? [name, "function", null]
          : [name, "value", encode(value, handle)];
      });
      return { exports };
    }
    case "call": {
      let target;
      let self;
      if (request.module !== undefined) {
        target = (await importModule(String(request.module)))[String(request.name)];
      } else {
        target = reference(request.target);
      }
      if (request.self !== undefined) self = decode(request.self, reference);
      if (typeof target !== "function") throw new TypeError(`${request.name ?? "it"} is not a function`);
      let result = request.construct ? new target(...args) : target.apply(self, args);
      if (result && typeof result.then === "function") result = await result;
      return encode(result, handle);
    }
    case "get": {
      const target = reference(request.target);
      let result = target[String(request.name)];
      if (typeof result === "function") return encode(result.bind(target), handle);
      return encode(result, handle);
    }
    default:
      throw new WireError(`unknown request ${request.op}`);
  }
}

async function main() {
  const workspace = process.argv[2];
  if (workspace) process.chdir(workspace);
  const log = [];
  for (const method of ["log", "info", "warn", "error", "debug"]) {
    console[method] = (...args) => log.push(format(...args));
  }
  for (;;) {
    const line = readLine();
    if (line === null) return;
    log.length = 0;
    let answer;
    try {
      answer = { ok: await run(JSON.parse(line)) };
    } catch (error) {
      if (error instanceof WireError) {
        answer = { error: String(error.message) };
      } else {
        const name = error?.name ?? typeof error;
        answer = { throw: { name: String(name), message: String(error?.message ?? error), stack: String(error?.stack ?? "") } };
      }
    }
    if (log.length) answer.out = log.join("\n").slice(-65536);
    send(answer);
  }
}

await main();
process.exit(0);
