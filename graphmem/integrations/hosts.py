"""The coding agents graphmem can wire into, detected and installed the same way."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from graphmem.integrations import claude_code
from graphmem.integrations.claude_code import Change


@dataclass(frozen=True)
class Host:
    name: str
    binary: str
    home_marker: str  # a folder under $HOME that exists once the host was used
    target: Callable[[str, Path], Path]  # (scope user|project, project root) -> file to edit
    apply: Callable[..., Change]  # (path, remove=False) -> what changed

    def detected(self) -> bool:
        return shutil.which(self.binary) is not None or (Path.home() / self.home_marker).is_dir()


HOSTS: dict[str, Host] = {
    "claude-code": Host(
        "claude-code", "claude", ".claude", claude_code.settings_path, claude_code.apply
    ),
}
