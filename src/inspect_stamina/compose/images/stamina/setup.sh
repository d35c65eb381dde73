#!/bin/bash
# Users of the StaminaBench sandbox: the agent works as `agent` in /workspace; checks
# run as `checker`, which owns nothing else, so whatever a check leaves behind can be
# found and removed (the agent must never see benchmark tests).
set -euo pipefail
useradd --create-home --uid 1000 --shell /bin/bash agent
useradd --create-home --uid 1001 --shell /bin/bash checker
mkdir -p /workspace
chown agent:agent /workspace

# fenwright, the library generated scripts have the user standardise on: importable by
# the system python3 (and venvs made with --system-site-packages), its reference beside
# the other packages' docs. Sessions have no network: the reference is all there is.
here=$(dirname "$(readlink -f "$0")")
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
