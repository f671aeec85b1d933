"""`graphmem search`: find memories."""

from __future__ import annotations

import typer

from graphmem.cli.app import get_app
from graphmem.scope import SCOPES


def search(
    ctx: typer.Context,
    query: str = typer.Argument(..., help="Words to look for (any text is safe)."),
    scope: str = typer.Option(
        "all", help="project, global, or all (this project's and global memory)."
    ),
    limit: int = typer.Option(10, min=1, max=1000, help="At most this many results."),
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON."),
) -> None:
    """Search memories, best match first, with group, date and a snippet.

    Example: graphmem search "pagination limit" --scope project
    """
    app = get_app(ctx)
    if scope not in SCOPES:
        raise typer.BadParameter("must be project, global or all", param_hint="--scope")
    hits = app.memory.search(query, scope=scope, limit=limit)
    if as_json:
        app.print_json(
            [
                {
                    "uuid": h.episode.uuid,
                    "group_id": h.episode.group_id,
                    "name": h.episode.name,
                    "created_at": h.episode.created_at,
                    "kind": h.episode.kind,
                    "snippet": h.snippet,
                    "score": h.score,
                }
                for h in hits
            ]
        )
        return
    from rich.markup import escape

    if not hits:
        app.note("no matching memories")
        return
    for hit in hits:
        date = hit.episode.created_at[:10]
        app.out.print(
            f"[bold]{escape(hit.episode.name)}[/bold]  [dim]{hit.episode.group_id} · {date}[/dim]",
            highlight=False,
        )
        app.out.print("  " + " ".join(hit.snippet.split()), highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    app.command()(search)
