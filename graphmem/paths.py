"""Where graphmem keeps config, data and logs.

GRAPHMEM_HOME relocates all three (tests and sandboxes use it); otherwise the platform's user dirs.
stdlib only: this module is on the hook path, so platformdirs' logic is mirrored for Linux/macOS
and platformdirs is imported only on other systems.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "graphmem"


def _xdg(var: str, fallback: str) -> Path:
    value = os.environ.get(var)
    return Path(value) if value else Path.home() / fallback


def _platform_dir(kind: str) -> Path:
    if sys.platform.startswith("linux"):
        return {
            "config": _xdg("XDG_CONFIG_HOME", ".config"),
            "data": _xdg("XDG_DATA_HOME", ".local/share"),
            "log": _xdg("XDG_STATE_HOME", ".local/state"),
        }[kind] / APP
    import platformdirs

    return Path(
        {
            "config": platformdirs.user_config_dir,
            "data": platformdirs.user_data_dir,
            "log": platformdirs.user_log_dir,
        }[kind](APP, appauthor=False)
    )


def _home() -> Path | None:
    value = os.environ.get("GRAPHMEM_HOME")
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else _platform_dir("config")


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else _platform_dir("data")


def log_dir() -> Path:
    home = _home()
    return home / "logs" if home else _platform_dir("log")


def user_config_file() -> Path:
    return config_dir() / "config.toml"


def store_file() -> Path:
    return data_dir() / "graphmem.db"


def config_cache_file() -> Path:
    """Parsed config files, so hooks need not import a TOML parser (config._cached_toml)."""
    return data_dir() / "config-cache.json"


def hook_log_file() -> Path:
    return log_dir() / "hooks.log"


def private_dir(path: Path) -> Path:
    """Create `path` (and parents) as 0700: it holds memory or tokens."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def hook_argv() -> list[str]:
    """How hosts start a hook, the event name to be appended: this install's interpreter without
    `site` on graphmem's launcher (graphmem/hooks/launch.py says why)."""
    launcher = Path(__file__).resolve().parent / "hooks" / "launch.py"
    return [sys.executable, "-S", str(launcher)]


def graphmem_executable() -> str:
    """This install's console script (beside the interpreter), else what started us, else the
    bare name. Hosts get the absolute path: a version manager's shim on PATH costs ~200 ms."""
    beside = Path(sys.executable).parent / ("graphmem.exe" if os.name == "nt" else "graphmem")
    if beside.is_file():
        return str(beside)
    argv0 = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else None
    if argv0 and argv0.name.startswith("graphmem") and argv0.is_file():
        return str(argv0)
    return "graphmem"
