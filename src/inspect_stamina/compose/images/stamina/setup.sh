#!/bin/bash
# Users of the StaminaBench sandbox: the agent works as `agent` in /workspace; the
# benchmark's tests run as `checker`, which never runs the agent's code; the agent's
# code runs for checks as `runner`, which cannot read the tests. Neither check user owns
# anything else, so whatever a check leaves behind can be found and removed. Their ids
# here are placeholders: every container draws its own (stamina-users).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
useradd --create-home --uid 1000 --shell /bin/bash agent
useradd --create-home --uid 1001 --shell /bin/bash checker
useradd --create-home --uid 1002 --shell /bin/bash runner
mkdir -p /workspace
chown agent:agent /workspace
printf '%s\n' agent checker runner > /etc/stamina-users.list
install -m 0755 "$here/stamina-users" /usr/local/sbin/stamina-users

# fenwright, the library generated scripts have the user standardise on: importable by
# the system python3 (and venvs made with --system-site-packages), its reference beside
# the other packages' docs. Sessions have no network: the reference is all there is.
site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$here/fenwright/fenwright/__init__.py")
mkdir -p "$site" /usr/share/doc/fenwright "$site/fenwright-$version.dist-info"
cp -r "$here/fenwright/fenwright" "$site/"
cp "$here/fenwright/README.md" /usr/share/doc/fenwright/README.md
cat > "$site/fenwright-$version.dist-info/METADATA" <<META
Metadata-Version: 2.1
Name: fenwright
Version: $version
Summary: Measures on scales and ledgers of delimited records (reference: /usr/share/doc/fenwright/README.md)
META
echo vendored > "$site/fenwright-$version.dist-info/INSTALLER"
chmod -R a+rX "$site/fenwright" "$site/fenwright-$version.dist-info" /usr/share/doc/fenwright
test "$(cd / && python3 -B -c 'import fenwright; print(fenwright.__version__)')" = "$version"

# pylint and bandit judge the agent's code in the sandbox (never on the host), in their
# own virtual environment so that the agent's installs cannot shadow them
python3 -m venv /opt/stamina-analysis
/opt/stamina-analysis/bin/pip install --quiet --no-cache-dir --disable-pip-version-check \
    -r "$here/analysis-requirements.txt"
/opt/stamina-analysis/bin/pylint --version >/dev/null
/opt/stamina-analysis/bin/bandit --version >/dev/null

# last, unless an image extending this one runs its own setup after it (as base-setup.sh)
if [ "$(basename "$0")" != base-setup.sh ]; then
    stamina-users finalise
fi
