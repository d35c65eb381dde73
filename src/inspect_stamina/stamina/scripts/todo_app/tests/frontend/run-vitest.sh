#!/bin/bash
# Benchmark-owned: runs vitest test files (kept outside the agent's project, readable by
# the checker only) against the agent's frontend/ with a config of our own: jsdom, `@app`
# for frontend/src, the project's installed packages, nothing written to its tree.
# Usage: run-vitest.sh JUNIT_XML TEST_FILE...: one vitest process for all the files (its
# start-up is most of a run's cost), each file in its own environment, two at a time (a
# sandbox has two cores; a batch of 13 files takes 4.5 s instead of 6.8 s); per-file
# results go to JUNIT_XML.
set -euo pipefail
junit=$1
shift
app=${STAMINA_WORKSPACE:-/workspace}/frontend
[ -d "$app/node_modules/vitest" ] || { echo "no vitest installed in frontend/ (npm ci there)"; exit 1; }
run=$(mktemp -d)
trap 'rm -rf "$run"' EXIT
ln -s "$app/node_modules" "$run/node_modules"
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
  resolve: { alias: { "@app": "$app/src" } },
  server: { fs: { strict: false } },
  test: {
    dir: "$run",
    include: ["*.test.jsx", "*.test.js"],
    environment: "jsdom",
    pool: "threads",
    maxWorkers: 2,
    minWorkers: 1,
    watch: false,
  },
};
CONFIG
cd "$app"
exec node node_modules/vitest/vitest.mjs run --config "$run/vitest.config.mjs" \
  --reporter dot --reporter junit --outputFile.junit="$junit"
