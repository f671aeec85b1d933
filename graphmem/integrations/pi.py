"""Install graphmem's extension into pi, and take it out again.

pi loads every `*.ts` in `.pi/extensions/` (project) and `~/.pi/agent/extensions/` (user, or
under PI_CODING_AGENT_DIR) by itself, so installing is writing one file there.
"""

from __future__ import annotations

import os
from pathlib import Path

from graphmem.integrations import shims
from graphmem.integrations.claude_code import graphmem_executable

FILE_NAME = "graphmem.ts"


def extension_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".pi" / "extensions" / FILE_NAME
    agent_dir = os.environ.get("PI_CODING_AGENT_DIR")
    agent = Path(agent_dir).expanduser() if agent_dir else Path.home() / ".pi" / "agent"
    return agent / "extensions" / FILE_NAME


def apply(path: Path, *, remove: bool = False, command: str | None = None) -> shims.FileChange:
    """Install (or with `remove`, uninstall) the extension file at `path`."""
    if remove:
        return shims.uninstall(path)
    return shims.install(path, shims.render("pi.ts", command or graphmem_executable()))


def state(path: Path) -> str:
    """Whether `path` holds this install's shim: current, stale or absent."""
    return shims.state(path, shims.render("pi.ts", graphmem_executable()))
