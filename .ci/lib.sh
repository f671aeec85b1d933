# Sourced by the .ci scripts: each prerequisite they cannot install themselves is checked and named.

die() {
    echo "error: $*" >&2
    exit 1
}

python3_ok() {
    command -v python3 >/dev/null && python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'
}

node_ok() {
    command -v node >/dev/null && command -v npm >/dev/null &&
        node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)'
}

can_apt() {
    command -v apt-get >/dev/null && [[ "$(id -u)" == 0 ]]
}

# Prints those of the Debian packages "$@" that are not installed. Off Debian (no dpkg-query) it
# cannot tell, so it prints nothing and the packages' equivalents are up to whoever runs it.
missing_debian_packages() {
    command -v dpkg-query >/dev/null || return 0
    local pkg missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$pkg")
    done
    echo "${missing[*]}"
}

# Installs those of the Debian packages "$@" that are missing (root and apt-get, checked).
install_debian_packages() {
    local missing
    missing="$(missing_debian_packages "$@")"
    [[ -n "$missing" ]] || return 0
    can_apt || die "missing Debian packages: $missing; install them as root: apt-get install $missing"
    # The package lists may be empty or stale on a fresh machine: refresh them only when needed.
    apt-get update -qq
    # shellcheck disable=SC2086  # one word per package
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

# The Python the scripts install into: $PYTHON if set, else the repository's .venv.
venv_python() {
    local python="${PYTHON:-.venv/bin/python}"
    [[ -x "$python" ]] ||
        die "no Python at $python: create the environment first (python3 -m venv .venv) or set PYTHON"
    echo "$python"
}
