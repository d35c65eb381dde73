#!/bin/bash
# Point Playwright at Debian's Chromium headless shell: Playwright launches
# $PLAYWRIGHT_BROWSERS_PATH/chromium_headless_shell-<revision>/chrome-headless-shell-linux64/chrome-headless-shell,
# where <revision> is the one the installed Playwright pins in its browsers.json.
set -euo pipefail
: "${PLAYWRIGHT_BROWSERS_PATH:?must be set by an ENV line of the Dockerfile}"
export DEBIAN_FRONTEND=noninteractive

# debootstrap installs from the bookworm suite alone; a browser gets the security
# suite's current Chromium (a no-op where the sources already include it)
if ! grep -rqs 'bookworm-security' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo 'deb http://deb.debian.org/debian-security bookworm-security main' \
        > /etc/apt/sources.list.d/security.list
fi
apt-get update -q
apt-get install -y -q --no-install-recommends --only-upgrade chromium-headless-shell
apt-get clean  # the package caches of the update, not part of the image

chrome=/usr/lib/chromium/chromium-headless-shell
test -x "$chrome"
revision=$(python3 - <<'PY'
import json
from pathlib import Path

import playwright

browsers = Path(playwright.__file__).parent / "driver/package/browsers.json"
entries = json.loads(browsers.read_text())["browsers"]
print(next(b["revision"] for b in entries if b["name"] == "chromium-headless-shell"))
PY
)
target="$PLAYWRIGHT_BROWSERS_PATH/chromium_headless_shell-$revision/chrome-headless-shell-linux64"
mkdir -p "$target"
ln -sfn "$chrome" "$target/chrome-headless-shell"
# the service Inspect execs must be on PATH, and what it runs must find its libraries
command -v inspect-tool-support
node=$(python3 -c 'import playwright, pathlib; print(pathlib.Path(playwright.__file__).parent / "driver/node")')
for binary in "$node" "$chrome"; do
    if ldd "$binary" | grep 'not found'; then
        echo "$binary misses the libraries above: add their packages to apt-packages.txt" >&2
        exit 1
    fi
done

stamina-users finalise
