#!/bin/bash
# Benchmark-owned: runs vitest test files (placed for this check run only) against the
# agent's frontend/ with a config of our own: jsdom, `@app` for frontend/src, nothing
# written to its tree. The runner is the image's own (/opt/stamina-web-runner: vitest,
# jsdom, Testing Library, React), never the copies in the agent's node_modules; React
# comes from there too, so the agent's components and Testing Library share one.
# Usage: run-vitest.sh JUNIT_XML TEST_FILE...: one vitest process for all the files (its
# start-up is most of a run's cost), each file in its own environment, two at a time (a
# sandbox has two cores); per-file results go to JUNIT_XML. The pool is vmThreads: each
# file still gets a fresh module graph and DOM, in a VM context of a reused worker rather
# than a new worker with its own jsdom set-up (the final project's 21 files: 6.6 s instead
# of 12.4 s, the same outcome for each of their 45 tests).
set -euo pipefail
junit=$1
shift
app=${STAMINA_WORKSPACE:-/workspace}/frontend
runner=/opt/stamina-web-runner/node_modules
# the benchmark's own helpers for tests (api-stub.js), placed beside this script
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$runner/vitest" ] || { echo "the image has no web test runner in $runner"; exit 1; }
[ -d "$app/src" ] || { echo "no frontend/src in the workspace"; exit 1; }
run=$(mktemp -d)
trap 'rm -rf "$run"' EXIT
# the runner's packages, in a directory of our own (Vite writes its bundled config there)
mkdir "$run/node_modules"
ln -s "$runner"/* "$run/node_modules/"
for test_file in "$@"; do
  name=$(basename "$test_file")
  [ ! -e "$run/$name" ] || { echo "two test files are named $name"; exit 1; }
  cp "$test_file" "$run/$name"
done
cat > "$run/vitest.config.mjs" <<CONFIG
export default {
  root: "$app",
  cacheDir: "$run/.vite",
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: {
      "@app": "$app/src",
      "@bench": "$here",
      react: "$runner/react",
      "react-dom": "$runner/react-dom",
    },
  },
  server: { fs: { strict: false } },
  test: {
    dir: "$run",
    include: ["*.test.jsx", "*.test.js"],
    environment: "jsdom",
    pool: "vmThreads",
    maxWorkers: 2,
    minWorkers: 1,
    watch: false,
  },
};
CONFIG
cd "$app"
exec node "$runner/vitest/vitest.mjs" run --config "$run/vitest.config.mjs" \
  --reporter dot --reporter junit --outputFile.junit="$junit"
