"""`graphmem spool`: what waits for the Graphiti server, delivering it, and re-queueing failures.

Exit codes of `spool drain`, for cron: 0 delivered (or nothing to do), 4 the server could not be
reached (or failed recently: the breaker is open), 5 the server refused entries this run.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import typer

from graphmem.cli.common import App, AsJson, Yes, abort, get_app
from graphmem.errors import Exit, GraphmemError
from graphmem.scope import sanitize

if TYPE_CHECKING:
    from graphmem.sync import Entry
    from graphmem.sync.drain import DrainReport

spool_app = typer.Typer(
    name="spool",
    invoke_without_command=True,
    no_args_is_help=False,
)
PROGRESS_EVERY = 25


@spool_app.callback()
def spool(
    ctx: typer.Context,
    as_json: AsJson = False,
) -> None:
    """Memories waiting for the Graphiti server: pending and dead counts, the oldest pending
    age, the last error and the breaker. Subcommands deliver, re-queue and clear them.

    Example: graphmem spool --json; graphmem spool drain --max 100
    """
    if ctx.invoked_subcommand is not None:
        return
    app = get_app(ctx)
    report = app.memory.spool.status()
    if as_json:
        app.print_json({"backend": app.memory.config.backend, **report})
        return
    if not app.memory.syncing:
        app.note(
            "the backend is sqlite: memories stay in the embedded store and nothing waits for a "
            'server (set backend = "graphiti" and url to share them through one)'
        )
    _show(app, report)


def _show(app: App, report: dict[str, Any]) -> None:
    counts, state = report["spool"], report["breaker"]
    oldest = counts["oldest_pending"]
    app.out.print(
        f"pending {counts['pending']}"
        + (f" (oldest {oldest[:19]}, {counts['uncertain']} awaiting a check)" if oldest else "")
        + f" · awaiting confirmation {counts['acked']} · delivered {counts['delivered']}"
        + f" · dead {counts['dead']}",
        highlight=False,
    )
    if state["open"]:
        app.out.print(
            f"breaker open: {state['failures']} failures, next try in {state['retry_in_s']} s",
            highlight=False,
        )
    if counts["last_error"] or state["last_error"]:
        app.out.print(f"last error: {counts['last_error'] or state['last_error']}", markup=False)
    for dead in report["dead"]:
        app.out.print(
            f"dead {dead['uuid'][:8]} in {dead['group_id']}: {dead['reason']}", markup=False
        )
    if counts["dead"]:
        app.note("re-queue them with `graphmem spool retry-dead`")


@spool_app.command()
def drain(
    ctx: typer.Context,
    max_entries: int | None = typer.Option(
        None, "--max", min=1, help="Send at most this many entries."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress or summary output."),
    force: bool = typer.Option(
        False, "--force", help="Try even if the server failed recently (breaker open)."
    ),
    as_json: AsJson = False,
) -> None:
    """Deliver pending memories to the server in batches (for cron, or by hand).

    Exit codes: 0 delivered or nothing to do, 4 server unreachable, 5 entries refused.

    Example (crontab): */5 * * * * graphmem spool drain --quiet
    """
    from graphmem.sync import LEASE_ENV

    app = get_app(ctx)
    if not os.environ.get(LEASE_ENV):
        raise typer.Exit(_drain(app, max_entries, quiet, force, as_json))
    # Started detached by a hook or a command: nobody reads its stderr, so a failure goes to the
    # hook log, where hooks' own failures go.
    try:
        code = _drain(app, max_entries, quiet, force, as_json)
    except Exception as exc:
        from graphmem.hooks.runner import log_failure

        summary = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        if isinstance(exc, GraphmemError):
            code = int(exc.code)  # a message that says what to do: no traceback
        else:
            import traceback

            code = int(Exit.FAILURE)
            summary += "\n" + traceback.format_exc()
        log_failure("background-drain", summary)
    raise typer.Exit(code)


def _drain(app: App, max_entries: int | None, quiet: bool, force: bool, as_json: bool) -> int:
    memory = app.memory
    if not memory.syncing:
        if not quiet:
            app.note("backend is sqlite: nothing is delivered anywhere")
        return int(Exit.OK)
    done = {"n": 0}

    def progress(what: str, entry: Entry) -> None:
        done["n"] += 1
        if what in ("dead", "rejected"):
            app.note(f"{what}: {entry.group_id} {entry.name[:60]}")
        elif done["n"] % PROGRESS_EVERY == 0:
            app.note(f"… {done['n']} handled")

    report = memory.spool.drain(
        max_entries=max_entries,
        force=force or app.interactive,
        progress=None if quiet else progress,
    )
    if as_json:
        app.print_json({**report.__dict__, "pulled": report.pulled.__dict__})
    elif not quiet:
        _summary(app, report)
    return _exit_code(report)


def _summary(app: App, report: DrainReport) -> None:
    parts = [f"sent {report.sent}", f"confirmed {report.confirmed}"]
    if report.deleted:
        parts.append(f"deleted {report.deleted}")
    if report.requeued:
        parts.append(f"re-queued {report.requeued} the server lost")
    if report.rejected:
        parts.append(f"refused {report.rejected} ({len(report.dead)} now dead)")
    if report.pulled.stored:
        parts.append(f"pulled {report.pulled.stored} teammates' memories")
    app.out.print(", ".join(parts), highlight=False)
    for why in report.pulled.gaps + report.pulled.refused:
        app.note(f"pull: {why}")
    if report.skipped or report.unreachable:
        app.note(f"stopped: {report.skipped or report.unreachable}; the rest stays pending")


def _exit_code(report: DrainReport) -> int:
    if report.rejected or report.dead:
        return int(Exit.REJECTED)
    if report.skipped or report.unreachable:
        return int(Exit.UNREACHABLE)
    return int(Exit.OK)


@spool_app.command("retry-dead")
def retry_dead(
    ctx: typer.Context,
    group: str | None = typer.Option(None, help="Only this group's dead entries."),
    as_json: AsJson = False,
) -> None:
    """Put dead entries back to pending (with their attempts reset).

    Example: graphmem spool retry-dead && graphmem spool drain
    """
    app = get_app(ctx)
    count = app.memory.spool.retry_dead(sanitize(group) if group else None)
    if as_json:
        app.print_json({"requeued": count})
        return
    app.out.print(f"re-queued {count} dead entries", highlight=False)


@spool_app.command("clear")
def clear(
    ctx: typer.Context,
    group: str | None = typer.Option(None, help="Only this group's entries."),
    dead: bool = typer.Option(False, "--dead", help="Only dead entries (keep pending ones)."),
    yes: Yes = False,
    as_json: AsJson = False,
) -> None:
    """Stop delivering entries (pending and dead, or only --dead); memories stay stored locally.

    Example: graphmem spool clear --dead --group old_project_1a2b3c4d5e --yes
    """
    app = get_app(ctx)
    scope = "dead" if dead else "pending and dead"
    where = f"group {sanitize(group)}" if group else "every group"
    if not yes:
        if not app.interactive:
            abort("refusing to clear the spool without confirmation: pass --yes", Exit.CANCELLED)
        if not typer.confirm(f"drop {scope} entries of {where}?", default=False, err=True):
            abort("nothing cleared", Exit.CANCELLED)
    count = app.memory.spool.clear(sanitize(group) if group else None, dead_only=dead)
    if as_json:
        app.print_json({"cleared": count})
        return
    app.out.print(f"dropped {count} {scope} entries of {where}", highlight=False)


def register(app: typer.Typer) -> None:
    app.add_typer(spool_app)
