// Runs in the sandbox, as `checker`: the benchmark's node:test files of one check run in
// one process (node --test would start a process per file, and each would start the
// agent's process anew). Each file names its tests' describe block after itself, so the
// JUnit report still tells the files apart; a file that does not load fails on its own.
//
// Usage: node --test-reporter=junit --test-reporter-destination=REPORT js_suite.mjs FILE...

import { describe, test } from "node:test";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    describe(basename(file), () => {
      test("loads", () => {
        throw error;
      });
    });
  }
}
