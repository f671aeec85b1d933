"""Install graphmem's extension into pi, and take it out again.

pi loads every `*.ts` in `.pi/extensions/` (project) and `~/.pi/agent/extensions/` (user, or
under PI_CODING_AGENT_DIR) by itself, so installing is writing one file there.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from graphmem.hosts import shim_files as shims
from graphmem.hosts.host import Host

FILE_NAME = "graphmem.ts"

SHIM = resources.files(__package__).joinpath("shim.ts")


def extension_path(scope: str, project_root: Path) -> Path:
    if scope == "project":
        return project_root / ".pi" / "extensions" / FILE_NAME
    agent_dir = os.environ.get("PI_CODING_AGENT_DIR")
    agent = Path(agent_dir).expanduser() if agent_dir else Path.home() / ".pi" / "agent"
    return agent / "extensions" / FILE_NAME


def apply(
    path: Path, *, remove: bool = False, argv: Sequence[str] | None = None
) -> shims.FileChange:
    """Install (or with `remove`, uninstall) the extension file at `path`."""
    return shims.apply(SHIM, path, remove=remove, argv=argv)


def state(path: Path) -> str:
    return shims.current(SHIM, path)


HOST = Host("pi", "pi", ".pi", extension_path, apply, state)
