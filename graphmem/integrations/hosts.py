"""The coding agents graphmem can wire into, detected and installed the same way."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from graphmem.integrations import claude_code, opencode, pi


class Installed(Protocol):
    written: bool

    @property
    def removed(self) -> Any: ...  # truthy when graphmem's entries were taken out


@dataclass(frozen=True)
class Host:
    name: str
    binary: str
    home_marker: str  # a folder under $HOME that exists once the host was used
    target: Callable[[str, Path], Path]  # (scope user|project, project root) -> file to edit
    apply: Callable[..., Installed]  # (path, remove=False) -> what changed

    def detected(self) -> bool:
        return shutil.which(self.binary) is not None or (Path.home() / self.home_marker).is_dir()


HOSTS: dict[str, Host] = {
    "claude-code": Host(
        "claude-code", "claude", ".claude", claude_code.settings_path, claude_code.apply
    ),
    "opencode": Host(
        "opencode", "opencode", ".config/opencode", opencode.plugin_path, opencode.apply
    ),
    "pi": Host("pi", "pi", ".pi", pi.extension_path, pi.apply),
}
