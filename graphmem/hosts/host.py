"""What `graphmem setup` and `graphmem status` need of a host (each install.py has a `HOST`)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from graphmem.record import record


class Installed(Protocol):
    written: bool

    @property
    def removed(self) -> Any: ...  # truthy when graphmem's entries were taken out


@record(frozen=True)
class Host:
    name: str
    binary: str
    home_marker: str  # a folder under $HOME that exists once the host was used
    target: Callable[[str, Path], Path]  # (scope user|project, project root) -> file to edit
    apply: Callable[..., Installed]  # (path, remove=False) -> what changed
    state: Callable[[Path], str]  # current | stale | absent

    def detected(self) -> bool:
        return shutil.which(self.binary) is not None or (Path.home() / self.home_marker).is_dir()

    def wiring(self, project_root: Path) -> dict[str, str]:
        """Where graphmem is wired into this host: {file: current | stale} (user and project)."""
        targets = {self.target(scope, project_root) for scope in ("user", "project")}
        states = {str(path): self.state(path) for path in sorted(targets)}
        return {path: state for path, state in states.items() if state != "absent"}
