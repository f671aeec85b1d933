"""`graphmem clear`: forget a group's memories, after saying what will go and asking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from graphmem.cli.common import AsJson, Yes, abort, get_app, plural
from graphmem.errors import Exit, GraphmemError
from graphmem.scope import sanitize

if TYPE_CHECKING:
    from graphmem.service import Memory
    from graphmem.sync.remote import Cleared


def clear(
    ctx: typer.Context,
    group: list[str] = typer.Option([], help="Clear this group (repeatable)."),
    all_groups: bool = typer.Option(False, "--all", help="Clear every group in the store."),
    yes: Yes = False,
    as_json: AsJson = False,
) -> None:
    """Delete memories: this project's by default, or --group G, or --all.

    With backend graphiti the same groups are cleared on the server too (only those groups),
    then read back: a server still showing them is an error (exit 5).

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
    app.note(
        "will delete: " + ", ".join(f"{plural(n, 'episode')} from {g}" for g, n in plan.items())
    )
    if server:
        app.note("and on the graph server everything in: " + ", ".join(targets))
    if not yes:
        if not app.interactive:
            abort("refusing to delete without confirmation: pass --yes", Exit.CANCELLED)
        if not typer.confirm("delete them?", default=False, err=True):
            app.note("nothing deleted")  # the user's answer, not an error
            raise typer.Exit(Exit.CANCELLED)
    deleted = memory.clear([g for g, n in plan.items() if n])
    cleared, failure = _clear_server(memory, targets) if server else (None, None)
    if cleared is not None and any(cleared.remaining.values()):
        left = ", ".join(
            f"{plural(n, 'episode')} of {g}" for g, n in cleared.remaining.items() if n
        )
        failure = GraphmemError(
            f"the graph server answered {cleared.message!r} but still shows {left}: it did not "
            "clear them (on FalkorDB its clear_graph works on one graph: set the server's "
            "FALKORDB_DATABASE to the group, see docs/outage-resilience.md)",
            Exit.REJECTED,
        )
    if as_json:
        remote = _json(cleared, failure, targets)
        app.print_json({"deleted": deleted, **({"server": remote} if server else {})})
    else:
        app.out.print(
            "deleted " + ", ".join(f"{plural(n, 'episode')} from {g}" for g, n in deleted.items()),
            highlight=False,
        )
        if cleared is not None and not failure:
            app.out.print(_said(cleared, targets), highlight=False)
    if failure:
        app.note(f"the graph server was not cleared: {failure}; run the command again later")
        raise typer.Exit(failure.code)


def _said(cleared: Cleared, targets: list[str]) -> str:
    groups = ", ".join(targets)
    if cleared.verified:
        gone = sum(cleared.before.values())
        return (
            f"cleared on the graph server: {groups} (checked: {gone} episodes it showed are gone)"
        )
    return (
        f"the graph server says: {cleared.message or 'cleared'} ({groups}); not checked: its "
        "get_episodes shows nothing of these groups (see `graphmem status`)"
    )


def _json(
    cleared: Cleared | None, failure: GraphmemError | None, targets: list[str]
) -> dict[str, Any]:
    return {
        "cleared": [] if failure else targets,
        "verified": bool(cleared and cleared.verified),
        "message": cleared.message if cleared else None,
        "remaining": cleared.remaining if cleared else {},
        "error": str(failure) if failure else None,
    }


def _clear_server(
    memory: Memory, targets: list[str]
) -> tuple[Cleared | None, GraphmemError | None]:
    try:
        return memory.spool.clear_remote(targets), None
    except GraphmemError as exc:
        return None, exc


def register(app: typer.Typer) -> None:
    app.command()(clear)
