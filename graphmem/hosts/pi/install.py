"""Install graphmem's extension into pi, and take it out again.

pi loads every `*.ts` in `.pi/extensions/` (project) and `~/.pi/agent/extensions/` (user, or
under PI_CODING_AGENT_DIR) by itself, so installing is writing one file there.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from graphmem.hosts import shim_files as shims
from graphmem.hosts import wiring
from graphmem.hosts.host import Host

FILE_NAME = "graphmem.ts"

SHIM = Path(__file__).with_name("shim.ts")  # the template, installed as FILE_NAME


def extension_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".pi" / "extensions" / FILE_NAME
    agent_dir = os.environ.get("PI_CODING_AGENT_DIR")
    agent = Path(agent_dir).expanduser() if agent_dir else Path.home() / ".pi" / "agent"
    return agent / "extensions" / FILE_NAME


def shared(path: Path) -> bool:
    """Whether the extension at `path` is a project's, shared through its repository."""
    return path != extension_path("user", path)


def values(shared: bool) -> dict[str, object]:
    """What the shim's `memory` tool needs: how to run one tool, and the tools themselves."""
    from graphmem import tools

    return {
        "TOOL": [*wiring.mcp_argv(shared)[:-1], "tool"],
        "TOOLS": [
            {"name": t.name, "description": t.description, "params": t.params} for t in tools.TOOLS
        ],
    }


def apply(
    path: Path, *, remove: bool = False, argv: Sequence[str] | None = None
) -> shims.FileChange:
    """Install (or with `remove`, uninstall) the extension file at `path`."""
    mine = shared(path)
    return shims.apply(SHIM, path, remove=remove, argv=argv, shared=mine, values=values(mine))


def state(path: Path) -> str:
    return shims.current(SHIM, path, shared(path), values(shared(path)))


HOST = Host(
    "pi",
    "pi",
    ".pi",
    extension_path,
    apply,
    state,
    help="""Install graphmem's extension into pi (one file, graphmem.ts, in an extensions folder).

    The extension gives pi the same memory as Claude Code and opencode: recall before each
    prompt, capture when the agent ends, a flush at compaction and shutdown; and, as pi has no
    MCP, a `memory` tool for the agent (search, add, recent, forget, status) and a /memory
    command for you. Other extensions are left alone; running it twice changes nothing.

    Example: graphmem setup pi --project
    """,
    scopes={
        "project": "This project's folder (shared with the team). .pi/extensions/",
        "user": "~/.pi/agent/extensions/, every project (the default).",
    },
    remove_help=shims.REMOVE_HELP,
    describe=shims.describer("pi", "extension"),
)
