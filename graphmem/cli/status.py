"""`graphmem status`: what is configured and what is stored."""

from __future__ import annotations

import typer

from graphmem.cli.app import get_app


def status(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON."),
) -> None:
    """Show the config in effect, the backend, the store and how many memories each group holds.

    Example: graphmem status --json
    """
    from rich.markup import escape
    from rich.table import Table

    app = get_app(ctx)
    report = app.memory.status()
    if as_json:
        app.print_json(report)
        return
    out = app.out
    files = escape(", ".join(report["config_files"])) or "none (defaults)"
    out.print(f"[bold]config[/bold]   {files}", highlight=False)
    if report["env"]:
        out.print(f"[bold]env[/bold]      {', '.join(report['env'])}", highlight=False)
    backend = report["backend"] + (f" ({report['url']})" if report["url"] else "")
    out.print(f"[bold]backend[/bold]  {backend}", highlight=False)
    project = report["project"]
    out.print(
        f"[bold]project[/bold]  {escape(project['root'])} -> {project['group_id']}", highlight=False
    )
    store = report["store"]
    out.print(
        f"[bold]store[/bold]    {escape(store['path'])} ({store['bytes'] / 1024:.0f} KiB)",
        highlight=False,
    )
    table = Table("group", "episodes", box=None, pad_edge=False)
    for group, count in report["episodes"].items():
        table.add_row(group, str(count))
    if report["episodes"]:
        out.print(table)
    else:
        out.print('no memories yet: try `graphmem add "..."`')
    if report["redacted"]:
        kinds = ", ".join(f"{k} {n}" for k, n in report["redacted"].items())
        out.print(f"[bold]redacted[/bold] {kinds}", highlight=False)


def register(app: typer.Typer) -> None:
    app.command()(status)
