"""Group ids: which memory a project reads and writes.

A project's group is `<readable name>_<digest>`: the digest comes from the normalized git remote
(so two clones on two machines share memory) or else from the absolute path (so two folders with
the same name never do). Ids are limited to [A-Za-z0-9_] and 64 characters because Graphiti on
FalkorDB treats `-` as RediSearch's NOT operator. stdlib only (hook path): git config is parsed
directly rather than by spawning git.
"""

from __future__ import annotations

import os

from graphmem.ids import digest
from graphmem.record import record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Literal

    Scope = Literal["project", "global", "all"]

MAX_ID = 64
SCOPES: tuple[Scope, ...] = ("project", "global", "all")
# Group ids and remotes are parsed with string methods, not patterns: every hook finds its
# project, and compiling the patterns this module had cost it ~0.4 ms.
_LEGAL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def sanitize(raw: str, fallback: str = "group") -> str:
    """Map any text to a legal group id: illegal runs become `_`, at most 64 characters."""
    chars: list[str] = []
    for char in raw:
        if char in _LEGAL:
            chars.append(char)
        elif not chars or chars[-1] != "\0":
            chars.append("\0")  # the start of an illegal run
    cleaned = "".join(chars).replace("\0", "_").strip("_")[:MAX_ID].rstrip("_")
    return cleaned or fallback


def _scp_like(url: str) -> tuple[str, str] | None:
    """(host, path) of git's scp-like syntax, `[user@]host:path` (a user may hold `:`), else
    None."""
    at = url.find("@")
    with_user = _host_path(url[at + 1 :]) if at > 0 and "/" not in url[:at] else None
    return with_user or _host_path(url)


def _host_path(text: str) -> tuple[str, str] | None:
    host, colon, path = text.partition(":")
    path = path.removesuffix("\n")  # as a pattern's `$` would
    if not colon or not host or "/" in host or not path or path.startswith("//") or "\n" in path:
        return None
    return host, path


def normalize_remote(url: str) -> str:
    """`git@github.com:Org/Repo.git` and `https://github.com/org/repo` -> `github.com/org/repo`."""
    url = url.strip()
    scp = _scp_like(url)
    if scp and "://" not in url:
        host, path = scp
    else:
        rest = url.split("://", 1)[-1]
        rest = rest.rsplit("@", 1)[-1] if "@" in rest.split("/", 1)[0] else rest
        host, _, path = rest.partition("/")
        host = host.split(":", 1)[0]  # drop a port
    path = path.strip("/")
    path = path.removesuffix(".git")
    return f"{host}/{path}".lower().rstrip("/")


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        return None


def _git_config(root: str) -> str | None:
    dot_git = os.path.join(root, ".git")
    if os.path.isdir(dot_git):
        return os.path.join(dot_git, "config")
    text = _read(dot_git)  # a worktree or submodule: `.git` is a file pointing at the git dir
    if text is None or not text.startswith("gitdir:"):
        return None
    git_dir = os.path.realpath(os.path.join(root, text[len("gitdir:") :].strip()))
    common = _read(os.path.join(git_dir, "commondir"))
    if common is not None:
        git_dir = os.path.realpath(os.path.join(git_dir, common.strip()))
    return os.path.join(git_dir, "config")


def git_remote(root: str) -> str | None:
    """The URL of `origin` (or of the first remote) from the repository's git config."""
    config = _git_config(root)
    text = _read(config) if config else None
    if text is None:
        return None
    lines = text.splitlines()
    remotes: dict[str, str] = {}
    section = None
    for line in lines:
        line = line.strip()
        if line.startswith("["):
            section = _remote_section(line)
        elif section and line.startswith("url") and line[3:].lstrip().startswith("="):
            remotes.setdefault(section, line.split("=", 1)[1].strip())
    return remotes.get("origin") or next(iter(remotes.values()), None)


def _remote_section(line: str) -> str | None:
    """The name in a `[remote "name"]` section header, else None."""
    if not line.startswith("[remote"):
        return None
    rest = line[len("[remote") :]
    quoted = rest.lstrip()
    if len(quoted) == len(rest) or not quoted.startswith('"'):
        return None
    name, quote, after = quoted[1:].partition('"')
    return name if name and quote and after.startswith("]") else None


@record(frozen=True)
class Project:
    root: str
    group_id: str
    remote: str | None  # normalized, when the group comes from a remote


def project_for(
    where: str | os.PathLike[str], *, in_repo: bool, override: str = "", prefix: str = ""
) -> Project:
    """The project at `where`; `prefix` goes before a derived id (not before an `override`)."""
    root = os.path.realpath(where)
    remote = git_remote(root) if in_repo else None
    # A relative remote (`../upstream.git`) names a different repository from each clone's place:
    # it is no identity, so the path is used instead.
    normalized = normalize_remote(remote) if remote and not remote.startswith(".") else None
    if override:
        return Project(root, sanitize(override), normalized)
    key = normalized or root
    readable = (normalized.rsplit("/", 1)[-1] if normalized else os.path.basename(root)) or "root"
    short = digest(key)[:10]
    head = sanitize(prefix + readable, "project")[: MAX_ID - len(short) - 1].rstrip("_")
    return Project(root, f"{head}_{short}", normalized)
