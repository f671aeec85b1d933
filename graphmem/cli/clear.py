"""`graphmem clear`: forget a group's memories, after saying what will go and asking."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from graphmem.cli.common import AsJson, Yes, abort, get_app
from graphmem.errors import Exit, GraphmemError
from graphmem.scope import sanitize

if TYPE_CHECKING:
    from graphmem.service import Memory


def clear(
    ctx: typer.Context,
    group: list[str] = typer.Option([], help="Clear this group (repeatable)."),
    all_groups: bool = typer.Option(False, "--all", help="Clear every group in the store."),
    yes: Yes = False,
    as_json: AsJson = False,
) -> None:
    """Delete memories: this project's by default, or --group G, or --all.

    With backend graphiti the same groups are cleared on the server too (only those groups).

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
    server = memory.syncing and bool(targets)  # the server may hold them even if we do not
    if not any(plan.values()) and not server:
        if as_json:
            app.print_json({"deleted": {}})
        else:
            app.note("nothing to clear: " + (", ".join(targets) or "the store is empty"))
        return
    app.note("will delete: " + ", ".join(f"{n} episodes from {g}" for g, n in plan.items()))
    if server:
        app.note("and on the graph server everything in: " + ", ".join(targets))
    if not yes:
        if not app.interactive:
            abort("refusing to delete without confirmation: pass --yes", Exit.CANCELLED)
        if not typer.confirm("delete them?", default=False, err=True):
            abort("nothing deleted", Exit.CANCELLED)
    deleted = memory.clear([g for g, n in plan.items() if n])
    failure = _clear_server(memory, targets) if server else None
    if as_json:
        remote = {"cleared": [] if failure else targets, "error": str(failure) if failure else None}
        app.print_json({"deleted": deleted, **({"server": remote} if server else {})})
    else:
        app.out.print(
            "deleted " + ", ".join(f"{n} episodes from {g}" for g, n in deleted.items()),
            highlight=False,
        )
        if server and not failure:
            app.out.print("cleared on the graph server: " + ", ".join(targets), highlight=False)
    if failure:
        app.note(f"the graph server was not cleared: {failure}; run the command again later")
        raise typer.Exit(failure.code)


def _clear_server(memory: Memory, targets: list[str]) -> GraphmemError | None:
    try:
        memory.spool.clear_remote(targets)
    except GraphmemError as exc:
        return exc
    return None


def register(app: typer.Typer) -> None:
    app.command()(clear)
