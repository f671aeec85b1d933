"""The coding agents graphmem wires into, one package each: graphmem/hosts/<package>/.

A host's package holds:

- `events.py`: `decode(name, payload) -> HookEvent | None` and `encode(name, answer) -> str`, the
  host's hook format. It is on the hook path: standard library only (CONTRIBUTING.md).
- its reader: `transcript.py` with `read(path, offset) -> ReadResult` for a host whose events name
  a transcript file (`HookEvent.transcript_path`), or a message reader that `decode` uses to put
  the finished turn on the event (`HookEvent.turn`).
- `install.py`: `HOST`, how `graphmem setup` finds, wires, checks and unwires the host. Only the
  CLI imports it, so it may use what the hook path may not.
- the template of the shim its installer writes, if any.
- for a host that keeps memory files of its own (Claude Code's Auto Memory), the module that finds
  and reads them (`OWN_MEMORY`), so graphmem imports them and counts a write there as kept memory.

Host-neutral parts sit beside the packages. On the hook path: `events.py` (HookEvent, Answer,
event names), `payload.py` (reading host JSON), `turns.py` (turns, tool summaries, rendering) and
`shim.py` (the JSON graphmem's own shims send and read). For setup: `host.py` (the installer
record), `shim_files.py` and `shim_runner.js` (writing a shim, and the runner every shim shares).
Packages never import each other. They are loaded by name on first use, so an event of one host
imports neither the other hosts nor any installer.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any, Protocol

    from graphmem.hosts.events import Answer, HookEvent
    from graphmem.hosts.host import Host
    from graphmem.hosts.turns import ReadResult

    class Adapter(Protocol):
        def decode(self, name: str, payload: dict[str, Any]) -> HookEvent | None: ...
        def encode(self, name: str, answer: Answer) -> str: ...

    class Transcript(Protocol):
        def read(self, path: str, offset: int) -> ReadResult: ...

    class Place(Protocol):
        folder: str
        enabled: bool
        why: str

    class Note(Protocol):
        name: str
        kind: str
        scope: Any

        def text(self) -> str: ...

    class OwnMemory(Protocol):
        def place(self, cwd: str) -> Place: ...
        def stamps(self, folder: str) -> dict[str, str]: ...
        def read(self, folder: str, file: str) -> Note | None: ...
        def is_inside(self, path: str, folder: str) -> bool: ...
        def index(self, folder: str) -> set[str]: ...
        def describe(self, place: Place) -> str: ...


# Host name (in events, the session table and `graphmem setup <name>`) -> its package here.
PACKAGES = {"claude-code": "claude_code", "opencode": "opencode", "pi": "pi"}
# Hosts that keep memory files of their own, which graphmem imports -> the module that reads them.
OWN_MEMORY = {"claude-code": "automemory"}
# Hosts whose sessions may never end (`opencode run` sends no session end): a finished turn
# starts curation once `curate_idle_turns` wait for it.
ENDLESS = {"opencode"}


def adapter(name: str) -> Adapter | None:
    """The hook format of host `name`, or None for a host graphmem has no package for."""
    package = PACKAGES.get(name)
    return _load(package, "events") if package else None


def transcript(name: str) -> Transcript:
    """The transcript reader of host `name` (a host whose events name a transcript file)."""
    return _load(PACKAGES[name], "transcript")


def own_memory(name: str) -> OwnMemory | None:
    """How host `name` keeps memory files of its own, or None for a host that keeps none."""
    module = OWN_MEMORY.get(name)
    return _load(PACKAGES[name], module) if module else None


def installer(name: str) -> Host:
    """How `graphmem setup` wires host `name` (KeyError for a host graphmem has no package for)."""
    host: Host = _load(PACKAGES[name], "install").HOST
    return host


def installers() -> dict[str, Host]:
    """Every host's installer, by name, in `PACKAGES` order."""
    return {name: installer(name) for name in PACKAGES}


def _load(package: str, module: str) -> Any:
    name = f"graphmem.hosts.{package}.{module}"
    __import__(name)  # not importlib.import_module: that is one more import on every hook
    return sys.modules[name]
