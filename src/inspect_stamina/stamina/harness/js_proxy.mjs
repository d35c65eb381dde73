// Runs in the sandbox, preloaded (node --import) into the benchmark's JavaScript test
// processes, which run as `checker`: the agent's modules are called, never run, here
// (the twin of agent_proxy.py). An import that resolves into the workspace gives a
// module whose functions call the agent's in a process of `runner`'s (js_host.mjs) and
// whose results come back as data; every program the tests start runs as `runner`.

import childProcess from "node:child_process";
import { register, syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, isMainThread } from "node:worker_threads";

import { WireError, decode, encode } from "./js_wire.mjs";

const HARNESS = path.dirname(fileURLToPath(import.meta.url));
const WORKSPACE = process.env.STAMINA_WORKSPACE ?? "/workspace";
const BROKER = process.env.STAMINA_BROKER ?? "";
const ANSWER_BYTES = 64 * 1024 * 1024;
const decoder = new TextDecoder();

// the option that loads this file, as the check run's environment names it
const PROXY_OPTION = `--import=file://${path.join(HARNESS, "js_proxy.mjs")}`;

// the environment of a program a test starts: the test's, without this proxy (it belongs
// to the test's process; in the program's, as the runner, it could reach no broker)
function plainEnv(env) {
  const plain = { ...(env ?? process.env) };
  const options = (plain.NODE_OPTIONS ?? "").split(/\s+/).filter((o) => o && o !== PROXY_OPTION);
  if (options.length) plain.NODE_OPTIONS = options.join(" ");
  else delete plain.NODE_OPTIONS;
  delete plain.STAMINA_BROKER;
  return plain;
}

// the arguments after a child_process call's argv (options, callback; either may be
// missing) with the options' environment made plain
function withPlainEnv(rest) {
  const [first, ...others] = rest.filter((o) => o !== undefined);
  if (first === null || first === undefined || typeof first === "function") {
    return [{ env: plainEnv() }, ...(first == null ? others : [first, ...others])];
  }
  return [{ ...first, env: plainEnv(first.env) }, ...others];
}

function asRunner(argv) {
  const via = BROKER ? ["--broker", BROKER] : [];
  return ["python3", ["-I", "-S", path.join(HARNESS, "as_runner.py"), ...via, "--", ...argv]];
}

const STANDARD_ERRORS = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

class Agent {
  constructor() {
    this.worker = null;
    this.generation = 0;
    this.callbacks = new Map();
    this.modules = new Map();
  }

  start() {
    if (this.worker) return;
    this.generation += 1;
    const control = new SharedArrayBuffer(8);
    const data = new SharedArrayBuffer(ANSWER_BYTES);
    this.state = new Int32Array(control);
    this.bytes = new Uint8Array(data);
    const env = { ...process.env };
    delete env.NODE_OPTIONS; // the agent's process loads none of this
    const [program, args] = asRunner(["node", path.join(HARNESS, "js_host.mjs"), WORKSPACE]);
    this.worker = new Worker(new URL("./js_channel.mjs", import.meta.url), {
      workerData: { control, data, command: [program, ...args], env },
      execArgv: [],
    });
    this.worker.unref();
  }

  receive() {
    Atomics.wait(this.state, 0, 0);
    const length = Atomics.load(this.state, 1);
    const text = decoder.decode(this.bytes.slice(0, length));
    Atomics.store(this.state, 0, 0);
    Atomics.notify(this.state, 0);
    return JSON.parse(text);
  }

  request(message) {
    this.start();
    this.worker.postMessage(JSON.stringify(message));
    for (;;) {
      const answer = this.receive();
      if ("callback" in answer) {
        this.worker.postMessage(JSON.stringify(this.callBack(answer)));
        continue;
      }
      if ("ended" in answer) {
        this.worker.terminate();
        this.worker = null;
        throw new Error(answer.ended);
      }
      if (typeof answer.out === "string") process.stderr.write(answer.out + "\n");
      if ("error" in answer) throw new Error(`the harness could not make the call: ${answer.error}`);
      if ("throw" in answer) throw this.error(answer.throw);
      return answer.ok;
    }
  }

  callBack(answer) {
    const fn = this.callbacks.get(answer.callback);
    try {
      const args = (answer.args ?? []).map((a) => this.decode(a));
      return { ok: this.encode(fn(...args)) };
    } catch (error) {
      return { throw: String(error?.message ?? error) };
    }
  }

  error(thrown) {
    const Kind = STANDARD_ERRORS[thrown.name] ?? Error;
    const error = new Kind(String(thrown.message ?? ""));
    if (!(thrown.name in STANDARD_ERRORS)) error.name = String(thrown.name);
    error.stack = `${error.name}: ${error.message}\n(the agent's code threw it)\n${thrown.stack ?? ""}`;
    return error;
  }

  encode(value) {
    return encode(value, (v) => {
      if (v && v.__staminaRef) return v.__staminaRef;
      if (typeof v === "function") {
        const id = this.callbacks.size + 1;
        this.callbacks.set(id, v);
        return { $: "callback", id };
      }
      throw new WireError(`cannot pass a ${typeof v} to the agent's code`);
    });
  }

  decode(data) {
    return decode(data, (reference) => {
      if (reference.$ !== "ref") throw new WireError(`unknown value type ${reference.$}`);
      return this.proxy({ $: "ref", id: reference.id }, reference.kind, this.generation);
    });
  }

  call(target, args, self, construct) {
    const message = { op: "call", ...target, args: args.map((a) => this.encode(a)), construct };
    if (self !== undefined && self !== globalThis) message.self = this.encode(self);
    return this.decode(this.request(message));
  }

  proxy(reference, kind, generation) {
    const agent = this;
    const alive = () => {
      if (generation !== agent.generation) throw new Error("this object was in an earlier agent process, which has ended");
    };
    const target = kind === "function" ? function () {} : {};
    return new Proxy(target, {
      get(_, name) {
        if (name === "__staminaRef") return reference;
        if (typeof name === "symbol") return undefined;
        if (name === "then") return undefined; // not a promise: a call already awaited it
        alive();
        return agent.decode(agent.request({ op: "get", target: reference, name }));
      },
      apply(_, self, args) {
        alive();
        return agent.call({ target: reference }, args, self, false);
      },
      construct(_, args) {
        alive();
        return agent.call({ target: reference }, args, undefined, true);
      },
    });
  }

  importModule(modulePath) {
    if (!this.modules.has(modulePath)) {
      const info = this.request({ op: "import", path: modulePath });
      this.modules.set(modulePath, info.exports);
    }
    return this.modules.get(modulePath);
  }

  module(modulePath) {
    const exports = new Map(this.importModule(modulePath).map(([name, kind, value]) => [name, [kind, value]]));
    const agent = this;
    return {
      get(name) {
        const [kind, value] = exports.get(name);
        if (kind === "value") return agent.decode(value);
        const target = { module: modulePath, name };
        return function (...args) {
          return agent.call(target, args, this, new.target !== undefined);
        };
      },
    };
  }
}

// workers (the channel's among them) load this file too: only the main thread is the test
if (isMainThread) {
  const agent = new Agent();
  globalThis.__staminaAgent = agent;
  // a process that runs test files (not node's test runner's parent, which only starts
  // them) starts the agent's process at once: its start (a launcher, the broker, node)
  // then overlaps the loading of node:test and of the test files, which the first import
  // of the agent's code would otherwise wait for
  const runsTestFiles = Boolean(process.env.NODE_TEST_CONTEXT) || !process.execArgv.includes("--test");
  if (runsTestFiles) agent.start();

  // the loader thread asks here for a workspace module's exports
  const { port1, port2 } = new MessageChannel();
  port1.on("message", ({ id, path: modulePath }) => {
    try {
      port1.postMessage({ id, exports: agent.importModule(modulePath).map(([name]) => name) });
    } catch (error) {
      port1.postMessage({ id, error: String(error?.message ?? error) });
    }
  });
  port1.unref();
  register("./js_hooks.mjs", import.meta.url, {
    data: { workspace: WORKSPACE, port: port2 },
    transferList: [port2],
  });

  // every program a test file starts runs as the runner (not in node's test runner
  // itself, which starts the test files: they are ours, and run here as the checker)
  if (runsTestFiles) {
    const originals = Object.fromEntries(
      ["spawn", "spawnSync", "execFile", "execFileSync"].map((name) => [name, childProcess[name]]),
    );
    for (const name of Object.keys(originals)) {
      childProcess[name] = (file, args, ...rest) => {
        const [program, wrapped] = asRunner([file, ...(Array.isArray(args) ? args : [])]);
        const options = Array.isArray(args) ? rest : [args, ...rest];
        return originals[name](program, wrapped, ...withPlainEnv(options));
      };
    }
    childProcess.exec = (command, ...rest) => {
      const [program, wrapped] = asRunner(["/bin/sh", "-c", command]);
      return originals.execFile(program, wrapped, ...withPlainEnv(rest));
    };
    childProcess.execSync = (command, ...rest) => {
      const [program, wrapped] = asRunner(["/bin/sh", "-c", command]);
      return originals.execFileSync(program, wrapped, ...withPlainEnv(rest));
    };
    syncBuiltinESMExports();
  }
}
