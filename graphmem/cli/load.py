"""`graphmem load`: re-import a dump; loading the same file twice adds nothing."""

from __future__ import annotations

import sys

import typer

from graphmem.cli.common import AsJson, abort, get_app, plural
from graphmem.errors import Exit


def load(
    ctx: typer.Context,
    path: str = typer.Argument(..., help="A file written by `graphmem dump`, or - for stdin."),
    as_json: AsJson = False,
) -> None:
    """Import memories from a dump into the groups they came from (secrets redacted again).

    Example: graphmem load backup.md
    """
    app = get_app(ctx)
    try:
        if path == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            with open(path, encoding="utf-8", newline="") as fh:
                text = fh.read()
    except UnicodeDecodeError as exc:
        abort(f"{path}: not UTF-8 text (byte {exc.start}); nothing loaded", Exit.INPUT)
    except OSError as exc:
        abort(f"{path}: cannot be read ({exc.strerror}); nothing loaded", Exit.INPUT)
    report = app.memory.load(text)
    app.memory.start_background_drain()  # backend graphiti: deliver in a detached process
    if as_json:
        app.print_json(report.__dict__)
        return
    where = ", ".join(f"{g} {n}" for g, n in report.groups.items())
    app.out.print(
        f"loaded {plural(report.added, 'episode')}, {report.skipped} already present"
        + (f" ({where})" if where else ""),
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    app.command()(load)
