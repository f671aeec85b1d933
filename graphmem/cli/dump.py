"""`graphmem dump`: export memories as Markdown or JSON Lines that `load` reads back exactly."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import typer

from graphmem.cli.common import abort, get_app, one_of, plural
from graphmem.errors import Exit
from graphmem.scope import sanitize


def dump(
    ctx: typer.Context,
    path: Path | None = typer.Argument(
        None, help="Write here (created 0600); default, or -, stdout."
    ),
    group: list[str] = typer.Option(
        [], help="Only this group (repeatable); default this project's and global memory."
    ),
    all_groups: bool = typer.Option(False, "--all", help="Every group in the store."),
    fmt: str = typer.Option("markdown", "--format", help="markdown or jsonl."),
    server_limit: int = typer.Option(
        1000, min=1, help="With backend graphiti: at most this many server episodes per group."
    ),
) -> None:
    """Export memories; `graphmem load` re-imports the file into the same groups.

    By default this project's and global memory; other projects' only with --group or --all.

    With backend graphiti, episodes found only on the server are included with origin
    `graphiti` (loading them back stores them locally and does not send them again).

    Example: graphmem dump backup.md && graphmem load backup.md
    """
    app = get_app(ctx)
    one_of(fmt, ("markdown", "jsonl"), "--format")
    memory = app.memory
    wanted = None if all_groups else [sanitize(g) for g in group] or memory.groups("all")
    groups = memory.export(wanted)
    if memory.syncing:
        groups = memory.with_server_episodes(groups, server_limit)
    groups = [(g, episodes) for g, episodes in groups if episodes or group]
    from graphmem import transfer  # with pydantic: only dump and load pay for it

    write = transfer.write_markdown if fmt == "markdown" else transfer.write_jsonl
    if path is None or str(path) == "-":
        write(sys.stdout, groups)
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError as exc:
        abort(f"{path}: cannot be written ({exc.strerror}); nothing dumped", Exit.INPUT)
    if stat.S_ISREG(os.fstat(fd).st_mode):
        os.fchmod(fd, 0o600)  # the mode above applies only to a new file, not one written over
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
        count = write(out, groups)
    app.note(f"dumped {plural(count, 'episode')} from {plural(len(groups), 'group')} to {path}")


def register(app: typer.Typer) -> None:
    app.command()(dump)
