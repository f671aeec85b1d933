"""Install graphmem's plugin into opencode, and take it out again.

opencode loads every `*.js` in `.opencode/plugins/` (project) and `~/.config/opencode/plugins/`
(user) by itself, so installing is writing one file there: opencode.json is not touched.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from graphmem.hosts import shim_files as shims
from graphmem.hosts.host import Host

FILE_NAME = "graphmem.js"

SHIM = Path(__file__).with_name("shim.js")  # the template, installed as FILE_NAME


def plugin_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".opencode" / "plugins" / FILE_NAME
    config_home = os.environ.get("XDG_CONFIG_HOME")
    config = Path(config_home) if config_home else Path.home() / ".config"
    return config / "opencode" / "plugins" / FILE_NAME


def apply(
    path: Path, *, remove: bool = False, argv: Sequence[str] | None = None
) -> shims.FileChange:
    """Install (or with `remove`, uninstall) the plugin file at `path`."""
    return shims.apply(SHIM, path, remove=remove, argv=argv)


def state(path: Path) -> str:
    return shims.current(SHIM, path)


HOST = Host(
    "opencode",
    "opencode",
    ".config/opencode",
    plugin_path,
    apply,
    state,
    help="""Install graphmem's plugin into opencode (one file, graphmem.js, in a plugins folder).

    The plugin gives opencode the same memory as Claude Code and pi: recall on each message,
    capture when the session goes idle, facts for compaction. Other plugins and opencode.json
    are left alone; running it twice changes nothing.

    Example: graphmem setup opencode --project
    """,
    scopes={
        "project": "This project's folder (shared with the team). .opencode/plugins/",
        "user": "~/.config/opencode/plugins/, every project (the default).",
    },
    remove_help=shims.REMOVE_HELP,
    describe=shims.describer("opencode", "plugin"),
)
