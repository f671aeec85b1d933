"""Where graphmem keeps config, data and logs.

GRAPHMEM_HOME relocates all three (tests and sandboxes use it); otherwise the platform's user dirs,
as platformdirs names them: XDG on Linux and other Unixes; on macOS ~/Library/Application Support
(config and data, unless an XDG variable says otherwise) and ~/Library/Logs; on Windows
%LOCALAPPDATA%\\graphmem (logs in its Logs folder). stdlib only: this module is on the hook path,
so that logic is written out here. Paths are plain strings, as everywhere on the hook path:
importing pathlib would cost every hook ~4 ms.
"""

from __future__ import annotations

import os
import sys

APP = "graphmem"
XDG = {"config": "XDG_CONFIG_HOME", "data": "XDG_DATA_HOME", "log": "XDG_STATE_HOME"}


def _home(*parts: str) -> str:
    return os.path.join(os.path.expanduser("~"), *parts)


def _platform_dir(kind: str, platform: str = sys.platform) -> str:
    if platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or _home("AppData", "Local")
        return os.path.join(base, APP, "Logs") if kind == "log" else os.path.join(base, APP)
    if platform == "darwin" and kind == "log":
        return _home("Library", "Logs", APP)
    xdg = os.environ.get(XDG[kind])
    if xdg:  # on macOS too (config and data): whoever sets one means it
        return os.path.join(xdg, APP)
    if platform == "darwin":
        return _home("Library", "Application Support", APP)
    fallback = {"config": ".config", "data": ".local/share", "log": ".local/state"}[kind]
    return _home(fallback, APP)


def _in_home(part: str, kind: str) -> str:
    home = os.environ.get("GRAPHMEM_HOME")
    return os.path.join(os.path.expanduser(home), part) if home else _platform_dir(kind)


def config_dir() -> str:
    return _in_home("config", "config")


def data_dir() -> str:
    return _in_home("data", "data")


def log_dir() -> str:
    return _in_home("logs", "log")


def user_config_file() -> str:
    return os.path.join(config_dir(), "config.toml")


def store_file() -> str:
    return os.path.join(data_dir(), "graphmem.db")


def trust_file() -> str:
    """Project config files the user trusted, with the digest of what they trusted."""
    return os.path.join(config_dir(), "trusted.json")


def config_cache_file() -> str:
    """Parsed config files, so hooks need not import a TOML parser (config._cached_toml)."""
    return os.path.join(data_dir(), "config-cache.json")


def hook_log_file() -> str:
    return os.path.join(log_dir(), "hooks.log")


def private_dir(path: str | os.PathLike[str]) -> None:
    """Create `path` and each missing parent as 0700, whatever the umask: it holds memory or
    tokens. (`os.makedirs` gives only the last folder its mode, parents get 0777 less umask.)"""
    path = os.path.abspath(path)
    missing = []
    while not os.path.isdir(path):
        missing.append(path)
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)  # a umask only takes bits away: 0700 stays 0700
        except FileExistsError:
            if not os.path.isdir(folder):
                raise


def foreign(st: os.stat_result) -> str:
    """Why a file or folder of graphmem's must not be trusted (another user owns it, or others
    may write it), or ''. Whoever can write the store or the config cache can plant memories
    or settings."""
    if not hasattr(os, "getuid"):
        return ""  # Windows: folder ACLs, not modes, decide; the profile folder is private
    if st.st_uid != os.getuid():
        return f"it belongs to another user (uid {st.st_uid})"
    if st.st_mode & 0o022:
        return f"others may write to it (mode {st.st_mode & 0o777:o})"
    return ""


def hook_argv() -> list[str]:
    """How hosts start a hook, the event name to be appended: this install's interpreter without
    `site` on graphmem's launcher (graphmem/hooks/launch.py says why)."""
    package = os.path.dirname(os.path.realpath(__file__))
    return [sys.executable, "-S", os.path.join(package, "hooks", "launch.py")]


def graphmem_executable() -> str:
    """This install's console script (beside the interpreter), else what started us, else the
    bare name. Hosts get the absolute path: a version manager's shim on PATH costs ~200 ms."""
    name = "graphmem.exe" if os.name == "nt" else "graphmem"
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(beside):
        return beside
    argv0 = os.path.realpath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if os.path.basename(argv0).startswith("graphmem") and os.path.isfile(argv0):
        return argv0
    return "graphmem"


def site_packages() -> list[str]:
    """The folders this install's packages may be in, for a process without `site` (a hook):
    graphmem's optional dependencies (google-re2, the semantic extra) sit in one of them."""
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    # Without `site`, sys.prefix is the base Python's even in a virtual environment (`site` is
    # what reads pyvenv.cfg): the environment is the folder above the interpreter's own.
    venv = os.path.dirname(os.path.dirname(sys.executable))
    prefixes = [venv] if os.path.isfile(os.path.join(venv, "pyvenv.cfg")) else []
    dirs = []
    for prefix in dict.fromkeys((*prefixes, sys.prefix, sys.base_prefix)):
        dirs += [os.path.join(prefix, lib, version, "site-packages") for lib in ("lib", "lib64")]
        dirs.append(os.path.join(prefix, "Lib", "site-packages"))  # Windows
    dirs.append(os.path.join(os.path.expanduser("~"), ".local", "lib", version, "site-packages"))
    return dirs


def installed(package: str) -> bool:
    """Whether this install has `package`, even seen from a process without `site`."""
    import importlib.util

    if importlib.util.find_spec(package) is not None:
        return True
    return any(os.path.isdir(os.path.join(d, package)) for d in site_packages())
