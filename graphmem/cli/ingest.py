"""`graphmem ingest`: keep files (a project's docs) in memory, re-sending only what changed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import typer

from graphmem.cli.common import App, AsJson, get_app, one_of
from graphmem.service import SOURCES

if TYPE_CHECKING:
    from graphmem.service import IngestEvent


def _progress(app: App, stream: Iterator[IngestEvent], total: int) -> list[IngestEvent]:
    """Consume `stream`, showing a progress bar on a terminal and plain lines elsewhere (CI)."""
    events: list[IngestEvent] = []
    if app.interactive:
        from rich.progress import Progress

        with Progress(console=app.err, transient=True) as progress:
            task = progress.add_task("ingesting", total=total)
            for event in stream:
                events.append(event)
                progress.update(task, advance=1, description=event.path[-40:])
        for event in events:  # what was left out, and why, stays on the screen
            if event.action == "skipped":
                app.note(f"skipped   {event.path} ({event.reason})")
    else:
        for event in stream:
            events.append(event)
            detail = event.reason or (f"{event.chunks} chunks" if event.chunks else "")
            app.note(f"{event.action:9} {event.path}" + (f" ({detail})" if detail else ""))
    return events


def ingest(
    ctx: typer.Context,
    paths: list[str] = typer.Argument(..., help="Files, directories (recursive) or globs."),
    group: str | None = typer.Option(None, help="Store in this group (default: the project's)."),
    name: str | None = typer.Option(None, help="Prefix for episode names."),
    source: str = typer.Option("text", help="Episode source: text, message or json."),
    chunk_chars: int | None = typer.Option(
        None, min=200, help="Largest chunk in characters (default: config chunk_chars, 8000)."
    ),
    prune: bool = typer.Option(False, help="Forget files ingested before that are now gone."),
    dry_run: bool = typer.Option(False, help="Print the plan; write nothing."),
    as_json: AsJson = False,
) -> None:
    """Ingest documents: unchanged files are skipped, changed ones replaced.

    Directories are walked recursively, skipping VCS folders, dependencies, build output and
    binary files. Symlinks leading out of a directory or glob are not followed, and files that
    hold secrets by name (.env*, *.pem, id_rsa, .netrc, *.tfstate, credentials*…) are skipped
    unless named on the command line. Paragraphs are packed into chunks of up to --chunk-chars.

    Example (in CI): graphmem ingest docs/ README.md --prune
    """
    app = get_app(ctx)
    one_of(source, SOURCES, "--source")
    total, stream = app.memory.ingest(
        paths,
        group=group,
        name=name,
        source=source,
        chunk_chars=chunk_chars,
        prune=prune,
        dry_run=dry_run,
    )
    events = _progress(app, stream, total)
    if not dry_run:
        app.memory.start_background_drain()  # backend graphiti: deliver in a detached process
    summary: dict[str, int] = {}
    for event in events:
        summary[event.action] = summary.get(event.action, 0) + 1
    chunks = sum(e.chunks for e in events if e.action in ("added", "replaced"))
    if as_json:
        app.print_json(
            {
                "dry_run": dry_run,
                "summary": summary,
                "chunks_written": chunks,
                "files": [e.__dict__ for e in events],
            }
        )
        return
    parts = ", ".join(f"{n} {action}" for action, n in summary.items()) or "no files"
    prefix = "plan: " if dry_run else ""
    app.out.print(
        f"{prefix}{parts}; {chunks} chunks {'to write' if dry_run else 'written'}", highlight=False
    )


def register(app: typer.Typer) -> None:
    app.command()(ingest)
