"""What `graphmem setup` and `graphmem status` need of a host (each install.py has a `HOST`).

`graphmem setup <name>` is made from this record: one flag per scope, `--remove`, `--json`, the
help text, and the line saying what changed. Nothing here is on the hook path.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from graphmem.record import asdict, record


class Installed(Protocol):
    path: Path
    written: bool

    @property
    def removed(self) -> Any: ...  # truthy when graphmem's entries were taken out


@record(frozen=True)
class Host:
    name: str
    binary: str
    home_marker: str  # a folder under $HOME that exists once the host was used
    target: Callable[[str, Path], Path]  # (scope, project root) -> file to edit
    apply: Callable[..., Installed]  # (path, remove=False) -> what changed
    state: Callable[[Path], str]  # current | stale | absent
    help: str  # `graphmem setup <name> --help`, ending in an example
    scopes: dict[str, str]  # scope (its --flag) -> the flag's help, in --help order; user: default
    remove_help: str  # what --remove takes out
    describe: Callable[[Any, bool], str]  # (its change, remove) -> what happened, one line
    # (scope, project root, remove) -> what changed, one line each: the memory tools (MCP server
    # or tool) and the /memory command, wired beside the hooks
    tools: Callable[[str, Path, bool], list[str]] | None = None

    def detected(self) -> bool:
        return shutil.which(self.binary) is not None or (Path.home() / self.home_marker).is_dir()

    def wiring(self, project_root: Path) -> dict[str, str]:
        """Where graphmem is wired into this host: {file: current | stale} (every scope)."""
        targets = {self.target(scope, project_root) for scope in self.scopes}
        states = {str(path): self.state(path) for path in sorted(targets)}
        return {path: state for path, state in states.items() if state != "absent"}


def hook_timeout() -> float:
    """The `hook_timeout` setting in effect here: installers write it into what they install."""
    from graphmem import config

    return config.load(os.getcwd()).hook_timeout


def as_json(change: Installed) -> dict[str, Any]:
    """What `graphmem setup <name> --json` prints for `change`."""
    return {k: str(v) if isinstance(v, Path) else v for k, v in asdict(change).items()}
