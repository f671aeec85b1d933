#!/usr/bin/env bash
# Install the pinned host CLIs (Claude Code, opencode, pi) that tests/hosts drives, into a
# repo-local npm prefix so CI and developers run exactly the versions graphmem was verified with.
# Idempotent: a package already installed at its pinned version is skipped.
#
#   .ci/install-hosts.sh            # installs into <repo>/.cache/hosts
#   GRAPHMEM_HOSTS_PREFIX=/x .ci/install-hosts.sh
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${GRAPHMEM_HOSTS_PREFIX:-$repo_root/.cache/hosts}"
source "$repo_root/.ci/lib.sh"
node_ok || die "the host CLIs need node >= 20 with npm (https://nodejs.org/en/download)"

# package@version:binary, from .ci/hosts.txt (the test harness checks the same pins).
packages=()
while read -r spec bin; do
  [[ -z "$spec" || "$spec" == \#* ]] || packages+=("$spec:$bin")
done <"$repo_root/.ci/hosts.txt"

installed_version() {
  # Prints the installed version of package $1 under the prefix, or nothing.
  local manifest="$prefix/lib/node_modules/$1/package.json"
  [[ -f "$manifest" ]] || return 0
  node -p "require(process.argv[1]).version" "$manifest"
}

mkdir -p "$prefix"
for entry in "${packages[@]}"; do
  spec="${entry%:*}"
  bin="${entry##*:}"
  name="${spec%@*}"
  version="${spec##*@}"
  if [[ "$(installed_version "$name")" == "$version" && -x "$prefix/bin/$bin" ]]; then
    echo "ok: $spec already installed"
    continue
  fi
  echo "installing $spec into $prefix"
  # --global + --prefix gives each package its own tree under lib/node_modules and links its
  # binary into bin/. The platform binaries of claude-code and opencode come from the npm
  # registry as optionalDependencies; their postinstall scripts only link them (no downloads),
  # so scripts must stay enabled.
  npm install --global --prefix "$prefix" --no-audit --no-fund --loglevel=error "$spec"
done

for entry in "${packages[@]}"; do
  bin="${entry##*:}"
  path="$prefix/bin/$bin"
  [[ -x "$path" ]] || { echo "error: $path missing after install" >&2; exit 1; }
  echo "$bin: $path"
done
