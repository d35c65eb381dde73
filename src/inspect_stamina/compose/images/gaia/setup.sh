#!/bin/bash
# The GAIA sandbox's user: the agent's tools run as `agent`, which owns /workspace and
# its home and nothing else (the attachments and the container's own processes are
# root's). Its id here is a placeholder: every container draws its own (stamina-users).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
useradd --create-home --uid 1000 --shell /bin/bash agent
mkdir -p /workspace
chown agent:agent /workspace
printf '%s\n' agent > /etc/stamina-users.list
install -m 0755 "$here/stamina-users" /usr/local/sbin/stamina-users

# last, unless an image extending this one runs its own setup after it (as base-setup.sh)
if [ "$(basename "$0")" != base-setup.sh ]; then
    stamina-users finalise
fi
