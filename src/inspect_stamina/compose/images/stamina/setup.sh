#!/bin/bash
# Users of the StaminaBench sandbox: the agent works as `agent` in /workspace; checks
# run as `checker`, which owns nothing else, so whatever a check leaves behind can be
# found and removed (the agent must never see benchmark tests).
set -euo pipefail
useradd --create-home --uid 1000 --shell /bin/bash agent
useradd --create-home --uid 1001 --shell /bin/bash checker
mkdir -p /workspace
chown agent:agent /workspace
