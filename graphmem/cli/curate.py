"""`graphmem curate`: distil captured turns into facts with the user's own agent."""

from __future__ import annotations

from datetime import date

import typer

from graphmem.cli.common import AsJson, abort, get_app, plural
from graphmem.errors import Exit, GraphmemError


def curate(
    ctx: typer.Context,
    session: str | None = typer.Option(
        None, "--session", metavar="ID", help="Only the turns of this session."
    ),
    since: str | None = typer.Option(
        None, "--since", metavar="DATE", help="Only turns captured on or after this date."
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Ask the curator and show its operations; apply nothing."
    ),
    background: bool = typer.Option(
        False, "--background", hidden=True, help="Started by a hook: failures go to the hook log."
    ),
    as_json: AsJson = False,
) -> None:
    """Review the captured turns not yet curated, with the memories they may touch, and keep
    what is worth keeping: facts added (project or global scope, marked `curated` with the turns
    they came from) and memories a correction makes wrong superseded, in one transaction.

    The curator is `curate_command`, or the session's own host run headless (claude -p,
    opencode run, pi -p). An answer that is not valid JSON of the documented shape changes
    nothing. Session ends start this detached when `curate = "on"`.

    Example: graphmem curate --since 2026-11-01 --dry-run
    """
    app = get_app(ctx)
    if session and since:
        abort("give --session or --since, not both", Exit.USAGE)
    if since:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            abort(f"--since must be a date like 2026-11-30, not {since!r}", Exit.USAGE)
    memory = app.memory
    try:
        done = memory.curate(session_id=session, since=since, dry_run=dry_run)
    except GraphmemError as exc:
        if background:
            if memory.curation_failure_is_new():  # a missing curator is reported once
                from graphmem.hooks.runner import log_failure

                log_failure("curate", str(exc))
            raise typer.Exit(0) from None
        raise
    if done.operations and not done.dry_run:
        memory.start_background_drain()  # backend graphiti: the facts go on, detached
    if background:
        return
    if as_json:
        app.print_json(
            {
                "reviewed": done.reviewed,
                "operations": done.operations,
                "added": done.added,
                "superseded": done.superseded,
                "dry_run": done.dry_run,
            }
        )
        return
    if not done.reviewed:
        app.out.print("nothing to curate")
        return
    for op in done.operations:
        verb = "supersede" if op["op"] == "supersede" else "add"
        app.out.print(f"{verb} ({op['scope']}): {op['text']}", highlight=False, markup=False)
    what = "would apply" if done.dry_run else "applied"
    app.note(
        f"reviewed {plural(done.reviewed, 'captured turn')}; {what} "
        f"{plural(len(done.operations), 'operation')}"
    )


def register(app: typer.Typer) -> None:
    app.command()(curate)
