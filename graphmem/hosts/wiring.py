"""Wiring graphmem's memory tools into a host's config: one entry in a JSON file, one command file.

Both are undone exactly: the entry is taken out of the user's JSON with every other key kept (a
file graphmem created and left empty is deleted), and a command file is graphmem's only if it
carries MARKER near its top, so a user's own file of the same name is never touched. Installer
code only: never on the hook path.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from graphmem.errors import Exit, GraphmemError

MARKER = "graphmem-shim"
SERVER = "graphmem"  # the MCP server's name in every host's config (tools.SERVER)


# What a file shared with a team (a project's) starts: the `graphmem` on each machine's PATH.
# Absolute paths of this install would fail on every other machine (docs/getting-started.md).
SHARED_HOOK = ["graphmem", "hook"]


def mcp_argv(shared: bool = False) -> list[str]:
    """How a host starts graphmem's MCP server: this install's interpreter by absolute path (a
    version manager's shim on PATH costs ~200 ms), or in a `shared` file the `graphmem` on PATH."""
    return ["graphmem", "mcp"] if shared else [sys.executable, "-m", "graphmem", "mcp"]


def read_json(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise GraphmemError(
            f"{path} is not valid JSON ({exc}); graphmem will not rewrite it: fix it first, or "
            "add graphmem's entry by hand (docs/hosts.md)",
            Exit.INPUT,
        ) from None
    if not isinstance(data, dict):
        raise GraphmemError(f"{path} does not hold a JSON object; not touching it", Exit.INPUT)
    return data


def dumps(data: dict[str, Any], before: str) -> str:
    """`data` laid out as the file was (`before`): a one-line file stays on one line, so that
    git shows only what changed; anything else gets two-space indents; a final newline as
    before."""
    one_line = bool(before.strip()) and "\n" not in before.strip()
    text = json.dumps(data, ensure_ascii=False, indent=None if one_line else 2)
    return text + ("" if before and not before.endswith("\n") else "\n")


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.graphmem-tmp")
    before = path.read_text(encoding="utf-8") if path.exists() else ""
    tmp.write_text(dumps(data, before), encoding="utf-8")
    os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o600)
    os.replace(tmp, path)  # the host never reads a half-written config


def set_entry(path: Path, keys: Sequence[str], value: Any) -> bool:
    """Put `value` at `keys` in the JSON object at `path` (None takes it out); True if written.

    Objects on the way are created as needed and kept on removal (hosts write them empty
    themselves), except that a file left holding only `{keys[0]: {}}` was graphmem's and goes.
    """
    data = read_json(path)
    parents = [data]
    for key in keys[:-1]:
        child = parents[-1].get(key)
        if child is None:
            if value is None:
                return False
            child = parents[-1][key] = {}
        if not isinstance(child, dict):
            raise GraphmemError(f"{path}: `{key}` is not an object; not touching it", Exit.INPUT)
        parents.append(child)
    leaf = parents[-1]
    if value is None:
        if keys[-1] not in leaf:
            return False
        del leaf[keys[-1]]
        if data == {keys[0]: {}}:  # graphmem's entry was all there was: the file was graphmem's
            path.unlink()
            return True
    elif leaf.get(keys[-1]) == value:
        return False
    else:
        leaf[keys[-1]] = value
    _write(path, data)
    return True


def is_ours(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            return any(MARKER in fh.readline() for _ in range(4))
    except OSError:
        return False


def command(path: Path, text: str, *, remove: bool = False) -> str:
    """Write graphmem's /memory command file (or with `remove`, delete it); what was done.

    A file of that name that is not graphmem's is the user's own command: it is left alone."""
    if path.exists() and not is_ours(path):
        return f"kept your own /memory at {path} (graphmem's was not installed)"
    if remove:
        if not path.exists():
            return said(False, remove, "/memory", path)
        path.unlink()
        prune(path.parent)
        return said(True, remove, "/memory", path)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return said(False, remove, "/memory", path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.graphmem-tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return said(True, remove, "/memory", path)


def prune(folder: Path) -> None:
    """Delete `folder` (a commands/, plugins/ or extensions/ folder) and then its parent
    (.claude/, .opencode/, .pi/), each only while empty: folders that held only graphmem's file.
    Never further up: that would be the project or the home folder."""
    for empty in (folder, folder.parent):
        try:
            empty.rmdir()
        except OSError:
            return


def command_text(
    host: str, search: str, status: str, frontmatter: str = "", origin: str = ""
) -> str:
    """/memory for a host whose commands are Markdown prompts: the model calls the tools."""
    origin = origin or f"written by `graphmem setup {host}`; `--remove` deletes it"
    return f"""---
# {MARKER}: {origin}
description: Search graphmem's memory, or show its status
{frontmatter}---
The user asks graphmem's memory about: $ARGUMENTS

If that is empty or "status", call the `{status}` tool. Otherwise call `{search}` with `query`
set to those words. Show the user what the tool returned, as it is.
"""


def said(changed: bool, remove: bool, what: str, where: Path) -> str:
    if remove:
        return f"removed {what} from {where}" if changed else f"no {what} in {where}"
    return f"added {what} to {where}" if changed else f"{what} already in {where}"
