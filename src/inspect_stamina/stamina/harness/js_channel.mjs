// Runs in the sandbox, in a worker thread of the benchmark's JavaScript test process:
// the channel to the agent's process (js_host.mjs, started as `runner` through
// as_runner.py). The test's main thread blocks on a shared buffer while this thread
// carries its request and brings back each line the agent's process answers.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { parentPort, workerData } from "node:worker_threads";

const { control, data, command, env } = workerData;
const state = new Int32Array(control);
const bytes = new Uint8Array(data);
const encoder = new TextEncoder();

const child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"], env });
const lines = createInterface({ input: child.stdout });

const queue = [];
let delivering = false;

// one line at a time: the next waits until the main thread has taken the last
async function pump() {
  if (delivering) return;
  delivering = true;
  while (queue.length) {
    let encoded = encoder.encode(queue.shift());
    if (encoded.length > bytes.length) {
      encoded = encoder.encode(JSON.stringify({ error: "the agent's answer is too large to pass on" }));
    }
    bytes.set(encoded);
    Atomics.store(state, 1, encoded.length);
    Atomics.store(state, 0, 1);
    Atomics.notify(state, 0);
    const taken = Atomics.waitAsync(state, 0, 1);
    if (taken.async) await taken.value;
  }
  delivering = false;
}

function deliver(text) {
  queue.push(text);
  pump();
}

lines.on("line", deliver);
child.on("exit", (code, signal) => {
  deliver(JSON.stringify({ ended: `the agent's process ended (exit ${code ?? signal})` }));
});
child.on("error", (error) => deliver(JSON.stringify({ ended: `the agent's process did not start: ${error.message}` })));
parentPort.on("message", (line) => child.stdin.write(line + "\n"));
