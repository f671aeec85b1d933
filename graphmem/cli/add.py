"""`graphmem add`: remember one thing now."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from graphmem.cli.common import AsJson, get_app, one_of
from graphmem.service import SOURCES

if TYPE_CHECKING:
    from graphmem.scope import Scope


def add(
    ctx: typer.Context,
    text: str = typer.Argument(..., help="What to remember, or - to read it from stdin."),
    scope: str = typer.Option(
        "project", help="project (this repository's memory) or global (every project's)."
    ),
    group: str | None = typer.Option(None, help="Store in this group id instead of the scope's."),
    name: str | None = typer.Option(None, help="A title (default: the first line)."),
    source: str = typer.Option("text", help="Episode source for Graphiti: text, message or json."),
    as_json: AsJson = False,
) -> None:
    """Remember one memory now (secrets are redacted first).

    Example: graphmem add "The API uses cursor pagination; page size is capped at 100."
    """
    app = get_app(ctx)
    one_of(scope, ("project", "global"), "--scope")
    one_of(source, SOURCES, "--source")
    body = sys.stdin.read() if text == "-" else text
    scope_: Scope = "global" if scope == "global" else "project"
    memory = app.memory
    stored = memory.remember(body, scope=scope_, group=group, name=name, source=source)
    memory.start_background_drain()  # backend graphiti: deliver in a detached process
    episode = stored.episode
    if as_json:
        app.print_json(
            {
                "uuid": episode.uuid,
                "group_id": episode.group_id,
                "name": episode.name,
                "new": stored.new,
                "redacted": dict(stored.redacted),
            }
        )
        return
    verb = "remembered" if stored.new else "already remembered"
    app.out.print(f"{verb} in {episode.group_id}: {episode.name}", highlight=False)
    if stored.redacted:
        kinds = ", ".join(f"{n} {k}" for k, n in stored.redacted.items())
        app.note(f"redacted before storing: {kinds}")


def register(app: typer.Typer) -> None:
    app.command()(add)
