"""Claude Code's own Auto Memory: where its folder is, whether it is on, and what it holds.

Claude Code (2.1.x) tells its model to keep one Markdown file per memory, with `name`,
`description` and `type` (user | feedback | project | reference) front matter, in
`<config dir>/projects/<cwd, every char outside [A-Za-z0-9] made '-'>/memory/`, and one index
line per memory in `MEMORY.md` there, which it loads into every session. graphmem imports those
files as memories (so opencode, pi, search and the team's graph see them) and counts a write into
that folder as a kept memory. stdlib only: the Stop hook reads the folder's stamps.
"""

from __future__ import annotations

import os

from graphmem import fastjson
from graphmem.record import record

INDEX = "MEMORY.md"
INDEX_LINES, INDEX_BYTES = 200, 25_000  # what of the index Claude Code loads into a session
MAX_FILE_BYTES = 64_000  # a memory file is a note; anything bigger is not one and is skipped
MAX_FILES = 500  # a runaway folder costs the Stop hook a bounded scan
# Every other character becomes `-` in its folder name; not only those outside [A-Za-z0-9_-] as
# its prompt text suggests: 2.1.332 makes `_` a `-` too (seen on disk).
_KEPT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_FALSY = ("0", "false", "no", "off", "")

# Claude Code's memory types, as graphmem's kinds: feedback is how the user wants work done.
KINDS = {"feedback": "correction", "user": "preference", "project": "memory", "reference": "memory"}


@record(frozen=True)
class Place:
    folder: str
    enabled: bool
    why: str  # what decided `enabled` (a setting, the environment, or the default)


@record(frozen=True)
class Note:
    file: str  # name inside the folder: graphmem's key for this memory
    name: str
    description: str
    type: str  # '' when the front matter does not say, or is broken
    body: str

    @property
    def kind(self) -> str:
        return KINDS.get(self.type, "memory")

    @property
    def scope(self) -> str:
        """`user` memories are about the person, true in every project: global memory."""
        return "global" if self.type == "user" else "project"

    def text(self) -> str:
        """What graphmem stores: the body, headed by its name and description."""
        head = self.name + (f": {self.description}" if self.description else "")
        return f"{head}\n\n{self.body}".strip() if self.body else head


def describe(place: Place) -> str:
    """One line for `setup` and `status`: is Auto Memory on, where, and what graphmem does."""
    if place.enabled:
        return (
            f"Claude Code's Auto Memory is on ({place.why}); graphmem imports its notes from "
            f"{place.folder} and counts a note written as a memory kept"
        )
    return (
        f"Claude Code's Auto Memory is off ({place.why}); graphmem's stop re-prompt asks the "
        "agent to keep facts with graphmem add"
    )


def config_dir(env: os._Environ[str] | dict[str, str] = os.environ) -> str:
    return env.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")


def _settings(path: str) -> dict[str, object]:
    try:
        with open(path, encoding="utf-8") as f:
            data = fastjson.load(f)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def place(cwd: str, env: os._Environ[str] | dict[str, str] = os.environ) -> Place:
    """Where Claude Code keeps this project's auto memories, and whether it keeps any."""
    cfg = config_dir(env)
    merged: dict[str, object] = {}
    # Later files win, as in Claude Code: user, then project, then local settings.
    for path in (
        os.path.join(cfg, "settings.json"),
        os.path.join(cwd, ".claude", "settings.json"),
        os.path.join(cwd, ".claude", "settings.local.json"),
    ):
        merged.update(_settings(path))
    folder = merged.get("autoMemoryDirectory")
    if not isinstance(folder, str) or not folder:
        folder = os.path.join(
            cfg, "projects", "".join(c if c in _KEPT else "-" for c in cwd), "memory"
        )
    folder = os.path.expanduser(folder)
    disabled = env.get("CLAUDE_CODE_DISABLE_AUTO_MEMORY", "").strip().lower()
    if disabled and disabled not in _FALSY:
        return Place(folder, False, "CLAUDE_CODE_DISABLE_AUTO_MEMORY is set")
    if merged.get("autoMemoryEnabled") is False:
        return Place(folder, False, "autoMemoryEnabled is false in Claude Code's settings")
    return Place(folder, True, "Claude Code's default")


def stamps(folder: str) -> dict[str, str]:
    """`{file: "mtime_ns:size"}` of the memory files and the index: the cheap check that
    something changed. Symlinks are skipped: a link could lead out of the folder."""
    found: dict[str, str] = {}
    try:
        entries = os.scandir(folder)
    except OSError:
        return found
    with entries:
        for entry in entries:
            if len(found) >= MAX_FILES:
                break
            if not entry.name.endswith(".md") or entry.is_symlink():
                continue
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if entry.is_file(follow_symlinks=False) and st.st_size <= MAX_FILE_BYTES:
                found[entry.name] = f"{st.st_mtime_ns}:{st.st_size}"
    return found


def index(folder: str) -> set[str]:
    """The files whose index line Claude Code puts in front of its model: those linked from the
    part of MEMORY.md it loads."""
    try:
        with open(os.path.join(folder, INDEX), "rb") as f:
            head = f.read(INDEX_BYTES).decode("utf-8", "replace")
    except OSError:
        return set()
    lines = head.splitlines()[:INDEX_LINES]
    return {os.path.basename(target) for line in lines for target in linked(line)}


def linked(line: str) -> list[str]:
    """The Markdown files `line` links to: each `](name.md)` whose target has no space or
    parenthesis. What `\\]\\(([^()\\s]+\\.md)\\)` finds, without `re` (hooks do without it)."""
    found = []
    at = line.find("](")
    while at >= 0:
        start = at + 2
        end = line.find(")", start)
        target = line[start:end] if end >= 0 else ""
        spaced = any(char.isspace() for char in target)
        if len(target) > 3 and target.endswith(".md") and "(" not in target and not spaced:
            found.append(target)
        at = line.find("](", start)
    return found


def read(folder: str, file: str) -> Note | None:
    """One memory file; None when it cannot be read, holds nothing, or is the index."""
    if file == INDEX:
        return None
    try:
        with open(os.path.join(folder, file), encoding="utf-8", errors="replace") as f:
            text = f.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    meta, body = _front_matter(text)
    stem = file[: -len(".md")]
    note = Note(
        file=file,
        name=meta.get("name") or stem.replace("_", " "),
        description=meta.get("description", ""),
        type=meta.get("type", "").lower(),
        body=body.strip(),
    )
    return note if note.body or note.description else None


def _front_matter(text: str) -> tuple[dict[str, str], str]:
    """`---` delimited `key: value` lines, and the rest. A file without a closing `---` has no
    front matter: all of it is the body. Nested keys count as top-level ones: Claude Code 2.1.332
    rewrites what its model writes into `metadata:` with `type:` indented below it."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return {}, text
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        return {}, text
    meta: dict[str, str] = {}
    for line in lines[1:end]:
        key, sep, value = line.partition(":")
        if sep and key.strip():
            meta.setdefault(key.strip().lower(), value.strip().strip("\"'"))
    return meta, "\n".join(lines[end + 1 :])


def is_inside(path: str, folder: str) -> bool:
    """True when `path` (a tool's file argument) names a file in the auto-memory folder."""
    if not path:
        return False
    real = os.path.normpath(os.path.abspath(os.path.expanduser(path)))
    return os.path.dirname(real) == os.path.normpath(folder)
