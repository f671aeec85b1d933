"""Install graphmem's plugin into opencode, and take it out again.

opencode loads every `*.js` in `.opencode/plugins/` (project) and `~/.config/opencode/plugins/`
(user) by itself, so installing is writing one file there: opencode.json is not touched.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from graphmem.hosts import shim_files as shims
from graphmem.hosts import wiring
from graphmem.hosts.host import Host

FILE_NAME = "graphmem.js"

SHIM = Path(__file__).with_name("shim.js")  # the template, installed as FILE_NAME


def _config_dir() -> Path:
    config_home = os.environ.get("XDG_CONFIG_HOME")
    return (Path(config_home) if config_home else Path.home() / ".config") / "opencode"


def plugin_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".opencode" / "plugins" / FILE_NAME
    return _config_dir() / "plugins" / FILE_NAME


COMMAND = wiring.command_text("opencode", "graphmem_search", "graphmem_status")


def config_path(scope: str, project_root: Path) -> Path:
    """opencode.json of the scope (an existing opencode.jsonc instead, if that is the one)."""
    folder = project_root if scope == "project" else _config_dir()
    plain, commented = folder / "opencode.json", folder / "opencode.jsonc"
    return commented if commented.exists() and not plain.exists() else plain


def tools(scope: str, project_root: Path, remove: bool) -> list[str]:
    """graphmem's MCP server in opencode.json's `mcp` section, and /memory (or neither)."""
    path = config_path(scope, project_root)
    server = {"type": "local", "command": wiring.mcp_argv(scope == "project"), "enabled": True}
    changed = wiring.set_entry(path, ["mcp", wiring.SERVER], None if remove else server)
    folder = project_root / ".opencode" if scope == "project" else _config_dir()
    memory_md = folder / "commands" / "memory.md"
    return [
        wiring.said(changed, remove, "graphmem's MCP server", path),
        wiring.command(memory_md, COMMAND, remove=remove),
    ]


def apply(
    path: Path, *, remove: bool = False, argv: Sequence[str] | None = None
) -> shims.FileChange:
    """Install (or with `remove`, uninstall) the plugin file at `path`."""
    return shims.apply(SHIM, path, remove=remove, argv=argv, shared=shared(path))


def shared(path: Path) -> bool:
    """Whether the plugin at `path` is a project's, shared through its repository."""
    return path != plugin_path("user", path)


def state(path: Path) -> str:
    return shims.current(SHIM, path, shared(path))


HOST = Host(
    "opencode",
    "opencode",
    ".config/opencode",
    plugin_path,
    apply,
    state,
    help="""Install graphmem's plugin into opencode (one file, graphmem.js, in a plugins folder),
    its MCP server (the memory tools) in opencode.json and a /memory command.

    The plugin gives opencode the same memory as Claude Code and pi: recall on each message,
    capture when the session goes idle, facts for compaction. setup edits opencode.json (the
    project's with --project, else ~/.config/opencode/): it adds `mcp.graphmem` and keeps every
    other key; --remove takes that entry out again (and deletes the file if graphmem created
    it). /memory goes to the commands/ folder beside it. Other plugins are left alone; running it
    twice changes nothing.

    Example: graphmem setup opencode --project
    """,
    scopes={
        "project": "This project's folder (shared with the team). .opencode/plugins/",
        "user": "~/.config/opencode/plugins/, every project (the default).",
    },
    remove_help="Delete graphmem's plugin file and /memory, and take its MCP server out of "
    "opencode.json.",
    describe=shims.describer("opencode", "plugin"),
    tools=tools,
)
