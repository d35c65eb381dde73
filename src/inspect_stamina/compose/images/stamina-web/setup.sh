#!/bin/bash
# Runs after the stamina image's setup.sh (base-setup.sh: the users agent and checker),
# with this directory beside it. Sessions have no network, so this puts in the image
# what a developer of a Django + React app would download, and proves it installs
# without a network before the image is kept:
#   - npm (the npm project's own release, checked against its registry checksum);
#   - /opt/wheelhouse: wheels of the Python packages (requirements.txt, plus setuptools
#     and wheel for `pip install -e .`), which /etc/pip.conf makes pip's only source;
#   - /opt/npm-cache: npm's cache (the global npmrc makes it npm's cache and sets
#     offline=true) holding the packages of /opt/web-template (package.json with exact
#     versions and its package-lock.json: `npm ci` there works offline) and what a plain
#     `npm install <name>` of each of them resolves to today, so an agent's own
#     package.json with the usual ranges installs too; React 18 is cached beside 19.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
export DEBIAN_FRONTEND=noninteractive

NPM_VERSION=10.9.9  # the last npm for Node 18 (npm 11 needs Node 20.17)
NPM_INTEGRITY=sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg==
NPM_CACHE=/opt/npm-cache
WHEELHOUSE=/opt/wheelhouse
TEMPLATE=/opt/web-template
EXTRA_NPM_SPECS="react@18 react-dom@18"

# debootstrap installs from the bookworm suite alone: take the updates a Dockerfile
# build gets from bookworm-slim's sources (Node.js has security updates), a no-op there
for suite in bookworm-updates bookworm-security; do
    if ! grep -rqs "$suite" /etc/apt/sources.list /etc/apt/sources.list.d/; then
        if [ "$suite" = bookworm-security ]; then
            echo "deb http://deb.debian.org/debian-security $suite main"
        else
            echo "deb http://deb.debian.org/debian $suite main"
        fi > "/etc/apt/sources.list.d/$suite.list"
    fi
done
apt-get update -q
apt-get upgrade -y -q --no-install-recommends
apt-get clean

# npm: Debian's npm 9.2 is 350 packages (node-gyp's compilers among them) and cannot be
# installed by debootstrap, which does not resolve virtual packages
python3 - "https://registry.npmjs.org/npm/-/npm-$NPM_VERSION.tgz" "$NPM_INTEGRITY" /tmp/npm.tgz <<'PY'
import base64
import hashlib
import sys
import urllib.request

url, integrity, out = sys.argv[1:]
with urllib.request.urlopen(url, timeout=300) as response:
    data = response.read()
algorithm, _, expected = integrity.partition("-")
if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != expected:
    sys.exit(f"{url} does not match its integrity {integrity}")
with open(out, "wb") as f:
    f.write(data)
PY
mkdir -p /usr/local/lib/node_modules/npm
tar -xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 --no-same-owner
rm /tmp/npm.tgz
ln -sfn ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
ln -sfn ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
# npm's own npmrc: global installs and the global npmrc under /usr/local
echo "prefix=/usr/local" > /usr/local/lib/node_modules/npm/npmrc
test "$(npm --version)" = "$NPM_VERSION"

# the wheelhouse, then pip's configuration (for every pip, a venv's too)
mkdir -p "$WHEELHOUSE"
python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
    --dest "$WHEELHOUSE" -r "$here/requirements.txt" setuptools wheel
cat > /etc/pip.conf <<EOF
# No network in the sandbox: pip installs from the wheelhouse alone.
[global]
no-index = true
find-links = $WHEELHOUSE
disable-pip-version-check = true
EOF

# the npm cache: the template's locked tree, then what plain installs resolve to
mkdir -p "$TEMPLATE"
cp "$here/web-template/package.json" "$here/web-template/package-lock.json" "$TEMPLATE/"
fill=(--cache "$NPM_CACHE" --offline=false --audit=false --fund=false --update-notifier=false)
work=$(mktemp -d)
cp "$TEMPLATE"/package*.json "$work/"
(cd "$work" && npm ci "${fill[@]}")
names() { node -p "Object.keys(require('$TEMPLATE/package.json').$1 || {}).join(' ')"; }
dependencies=$(names dependencies)
dev_dependencies=$(names devDependencies)
# shellcheck disable=SC2086 # the lists are words
(cd "$work" && rm -rf node_modules package*.json && npm init -y >/dev/null \
    && npm install "${fill[@]}" $dependencies \
    && npm install "${fill[@]}" -D $dev_dependencies)
# shellcheck disable=SC2086
(cd "$work" && rm -rf node_modules package*.json && npm init -y >/dev/null \
    && npm install "${fill[@]}" $EXTRA_NPM_SPECS)
rm -rf "$work"
cat > /usr/local/etc/npmrc <<EOF
# No network in the sandbox: npm installs from the cache filled when the image was built.
cache=$NPM_CACHE
offline=true
audit=false
fund=false
update-notifier=false
logs-dir=\${HOME}/.npm/_logs
EOF
rm -rf "$NPM_CACHE/_logs" "$NPM_CACHE/_update-notifier-last-checked" /root/.npm
chmod -R a+rX "$NPM_CACHE" "$WHEELHOUSE" "$TEMPLATE"

# vite looks localhost up: the name a Debian install and every container has
grep -qsw localhost /etc/hosts || echo "127.0.0.1 localhost" >> /etc/hosts

# the proof that all of it installs and runs with no network (verify/verify.sh): in a
# network namespace of its own where the build allows one (root outside a container),
# and always with every proxy pointing at nothing
proxy=http://127.0.0.1:9
export TEMPLATE EXTRA_NPM_SPECS dependencies dev_dependencies
export http_proxy=$proxy https_proxy=$proxy HTTP_PROXY=$proxy HTTPS_PROXY=$proxy
if unshare --net true 2>/dev/null; then
    unshare --net bash "$here/verify/verify.sh"
else
    bash "$here/verify/verify.sh"
fi
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY
rm -rf /root/.npm /root/.cache "$NPM_CACHE/_logs"

# `npm ci` (and `npm install` beside a package-lock.json) reads the cache alone; any
# other `npm install` rewrites the cache's index (cacache compacts it on each lookup), so
# it works only where /opt/npm-cache is writable for the agent: the sandbox's read-only
# root keeps it read-only unless a volume is mounted there (Docker fills a new volume
# with the image's files and their owner)
chown -R agent:agent "$NPM_CACHE"

# the benchmark's own web test runner (vitest, jsdom, Testing Library, React): component
# checks run these, never the copies in the agent's node_modules
RUNNER=/opt/stamina-web-runner
mkdir -p "$RUNNER"
cp "$TEMPLATE"/package*.json "$RUNNER/"
(cd "$RUNNER" && npm ci --cache "$NPM_CACHE" --offline --audit=false --fund=false --ignore-scripts=false)
rm -rf /root/.npm "$NPM_CACHE/_logs"
chmod -R a+rX "$RUNNER"
test -f "$RUNNER/node_modules/vitest/vitest.mjs"
chown -R agent:agent "$NPM_CACHE"

stamina-users finalise
