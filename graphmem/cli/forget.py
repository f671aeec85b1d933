"""`graphmem forget`: mark a memory wrong or obsolete so recall and search stop showing it."""

from __future__ import annotations

import typer

from graphmem.cli.common import AsJson, get_app


def forget(
    ctx: typer.Context,
    memory_id: str = typer.Argument(
        ..., metavar="ID", help="The memory's id, or its first 8 characters (search shows them)."
    ),
    reason: str = typer.Option("", help="Why: kept with the memory (redacted)."),
    superseded_by: str | None = typer.Option(
        None, "--superseded-by", metavar="ID", help="The id of the memory that replaces it."
    ),
    as_json: AsJson = False,
) -> None:
    """Forget a memory: it stays in the store and in dumps, marked, and is never shown again.

    Nothing is deleted locally. With backend graphiti, a copy not yet sent is never sent and a
    delivered one is deleted on the server (it offers only delete_episode). Adding the same text
    again brings the memory back.

    Example: graphmem forget 3f2a9c1e --reason "we moved to cursor pagination"
    """
    app = get_app(ctx)
    memory = app.memory
    done = memory.forget(memory_id, reason, superseded_by)
    if done.server == "delete queued":
        memory.start_background_drain()
    episode = done.episode
    if as_json:
        app.print_json(
            {
                "uuid": episode.uuid,
                "group_id": episode.group_id,
                "name": episode.name,
                "already": done.already,
                "forgotten_at": episode.forgotten_at,
                "reason": episode.forgotten_reason,
                "superseded_by": episode.superseded_by,
                "server": done.server or None,
            }
        )
        return
    verb = "already forgotten" if done.already else "forgotten"
    app.out.print(f"{verb} in {episode.group_id}: {episode.name}", highlight=False, markup=False)
    if done.server == "delete queued":
        app.note("queued for deletion on the graph server")


def register(app: typer.Typer) -> None:
    app.command()(forget)
