"""Install graphmem's plugin into opencode, and take it out again.

opencode loads every `*.js` in `.opencode/plugins/` (project) and `~/.config/opencode/plugins/`
(user) by itself, so installing is writing one file there: opencode.json is not touched.
"""

from __future__ import annotations

import os
from pathlib import Path

from graphmem.integrations import shims
from graphmem.integrations.claude_code import graphmem_executable

FILE_NAME = "graphmem.js"


def plugin_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".opencode" / "plugins" / FILE_NAME
    config_home = os.environ.get("XDG_CONFIG_HOME")
    config = Path(config_home) if config_home else Path.home() / ".config"
    return config / "opencode" / "plugins" / FILE_NAME


def apply(path: Path, *, remove: bool = False, command: str | None = None) -> shims.FileChange:
    """Install (or with `remove`, uninstall) the plugin file at `path`."""
    if remove:
        return shims.uninstall(path)
    return shims.install(path, shims.render("opencode.js", command or graphmem_executable()))


def state(path: Path) -> str:
    """Whether `path` holds this install's shim: current, stale or absent."""
    return shims.state(path, shims.render("opencode.js", graphmem_executable()))
