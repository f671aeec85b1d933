"""`graphmem hook <Event>`, listed here for --help; real runs take the fast path in __main__."""

from __future__ import annotations

import typer


def hook(
    event: str = typer.Argument(..., help="The host event, e.g. SessionStart, Stop, PreCompact."),
    host: str = typer.Argument(
        "", help="The host, when its events do not name it (claude-code if neither does)."
    ),
) -> None:
    """Handle one host event: JSON on stdin, the host's answer on stdout. Always exits 0.

    Installed into Claude Code, opencode and pi by `graphmem setup`: as is in a project's
    shared files, else in its faster form `<python> -S <site-packages>/graphmem/hooks/launch.py
    <Event>` (it skips `site`); not usually run by hand.

    Example: echo '{"session_id": "s1", "cwd": "."}' | graphmem hook SessionStart
    """
    from graphmem.hooks.runner import run

    raise typer.Exit(run([event, host]))


def register(app: typer.Typer) -> None:
    app.command()(hook)
