"""`graphmem clear`: forget a group's memories, after saying what will go and asking."""

from __future__ import annotations

import typer

from graphmem.cli.app import abort, get_app
from graphmem.errors import Exit
from graphmem.scope import sanitize


def clear(
    ctx: typer.Context,
    group: list[str] = typer.Option([], help="Clear this group (repeatable)."),
    all_groups: bool = typer.Option(False, "--all", help="Clear every group in the store."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON."),
) -> None:
    """Delete memories: this project's by default, or --group G, or --all.

    Example: graphmem clear --group old_project_1a2b3c4d5e --yes
    """
    app = get_app(ctx)
    memory = app.memory
    counts = memory.counts()
    if all_groups:
        targets = list(counts)
    else:
        targets = [sanitize(g) for g in group] or [memory.project.group_id]
    plan = {g: counts.get(g, 0) for g in targets}
    if not any(plan.values()):
        if as_json:
            app.print_json({"deleted": {}})
        else:
            app.note("nothing to clear: " + (", ".join(targets) or "the store is empty"))
        return
    app.note("will delete: " + ", ".join(f"{n} episodes from {g}" for g, n in plan.items()))
    if not yes:
        if not app.interactive:
            abort("refusing to delete without confirmation: pass --yes", Exit.CANCELLED)
        if not typer.confirm("delete them?", default=False, err=True):
            abort("nothing deleted", Exit.CANCELLED)
    deleted = memory.clear([g for g, n in plan.items() if n])
    if as_json:
        app.print_json({"deleted": deleted})
        return
    app.out.print(
        "deleted " + ", ".join(f"{n} episodes from {g}" for g, n in deleted.items()),
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    app.command()(clear)
