"""The plugin files graphmem installs into opencode and pi (shims), written and removed here.

Each shim is one self-contained source file (no npm imports) made at install time from its
host's template and the runner every shim shares (shim_runner.js: start a hook, bound its wait,
read its answer), with how to start a hook (this install's interpreter and graphmem's launcher, by
absolute path) and the `hook_timeout` setting filled in. A file is graphmem's only if its first
line carries MARKER: a user's own file of the same name is never overwritten or deleted.
Installing twice leaves the file as it was.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from graphmem.errors import Exit, GraphmemError
from graphmem.hosts import host, wiring
from graphmem.paths import hook_argv
from graphmem.record import record

MARKER = "graphmem-shim"
RUNNER = Path(__file__).with_name("shim_runner.js")
_RUNNER_LINE = "// __GRAPHMEM_RUNNER__"  # the template line the runner replaces
_HOOK = '["__GRAPHMEM_HOOK__"]'
_TIMEOUT = "__GRAPHMEM_HOOK_TIMEOUT__"


@record
class FileChange:
    path: Path
    written: bool = False
    removed: bool = False


def render(
    template: Path,
    argv: Sequence[str] | None = None,
    hook_timeout: float | None = None,
    values: Mapping[str, Any] | None = None,
) -> str:
    """The shim `template` (a host package's file) starting hooks with `argv`, waiting for each
    at most `hook_timeout` seconds (by default, the setting in effect here); each of `values`
    replaces its placeholder `["__GRAPHMEM_<KEY>__"]` in the template with the value as JSON."""
    if hook_timeout is None:
        hook_timeout = host.hook_timeout()
    source = template.read_text(encoding="utf-8")
    for key, value in (values or {}).items():
        source = source.replace(f'["__GRAPHMEM_{key}__"]', json.dumps(value), 1)
    head, line, tail = source.partition(_RUNNER_LINE)
    runner = RUNNER.read_text(encoding="utf-8")
    runner = runner.replace(_HOOK, json.dumps(list(argv or hook_argv())), 1)
    runner = runner.replace(_TIMEOUT, json.dumps(float(hook_timeout)), 1)
    return head + runner + tail.partition("\n")[2] if line else head


def describer(name: str, noun: str) -> Callable[[FileChange, bool], str]:
    """What `graphmem setup <name>` says it did with the `noun` (plugin, extension) file."""

    def describe(change: FileChange, remove: bool) -> str:
        path = change.path
        if remove:
            if change.removed:
                return f"removed graphmem's {name} {noun} {path}"
            return f"no graphmem {name} {noun} at {path}"
        if change.written:
            return f"installed graphmem's {name} {noun} {path}"
        return f"graphmem's {name} {noun} already installed at {path}"

    return describe


REMOVE_HELP = "Delete graphmem's plugin file again (nothing else)."


def is_ours(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            return MARKER in fh.readline()
    except OSError:
        return False


def _refuse_foreign(path: Path) -> None:
    if path.exists() and not is_ours(path):
        raise GraphmemError(f"{path} exists and is not graphmem's; not touching it", Exit.INPUT)


def install(path: Path, text: str) -> FileChange:
    """Write `text` to `path` unless it is already there; other files in the folder stay."""
    _refuse_foreign(path)
    if path.exists() and path.read_text(encoding="utf-8", errors="replace") == text:
        return FileChange(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.graphmem-tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)  # the host never loads a half-written plugin
    return FileChange(path, written=True)


def state(path: Path, expected: str) -> str:
    """'current' (this install's shim), 'stale' (graphmem's, for another install or version) or
    'absent'."""
    if not path.is_file() or not is_ours(path):
        return "absent"
    return "current" if path.read_text(encoding="utf-8", errors="replace") == expected else "stale"


def apply(
    template: Path,
    path: Path,
    *,
    remove: bool,
    argv: Sequence[str] | None,
    shared: bool,
    values: Mapping[str, Any] | None = None,
) -> FileChange:
    """Install the shim `template` at `path` (or with `remove`, delete graphmem's file there). A
    `shared` shim (a project's, in the repository) starts the `graphmem` on PATH: on a machine
    without graphmem it finds none and does nothing, as a personal one does once its install is
    gone (the runner treats a hook that cannot start as one that gave no answer)."""
    if remove:
        return uninstall(path)
    return install(path, render(template, argv or _argv(shared), values=values))


def current(
    template: Path, path: Path, shared: bool, values: Mapping[str, Any] | None = None
) -> str:
    """Whether `path` holds this install's `template` shim: current, stale or absent."""
    return state(path, render(template, _argv(shared), values=values))


def _argv(shared: bool) -> list[str] | None:
    return wiring.SHARED_HOOK if shared else None


def uninstall(path: Path) -> FileChange:
    """Delete graphmem's file at `path`, and nothing else."""
    _refuse_foreign(path)
    if not path.exists():
        return FileChange(path)
    path.unlink()
    wiring.prune(path.parent)
    return FileChange(path, removed=True)
