"""`graphmem status`: what is configured and what is stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from graphmem.cli.common import App, AsJson, get_app


def status(
    ctx: typer.Context,
    as_json: AsJson = False,
) -> None:
    """Show graphmem's health: config in effect, backend, store, memories per group, the agents
    it is wired into, and when it last captured and injected.

    With backend graphiti also probes the server (name, version, tools) and shows the spool and
    the breaker.

    Example: graphmem status --json
    """
    from rich.markup import escape
    from rich.table import Table

    app = get_app(ctx)
    memory = app.memory
    report = memory.status()
    report["hosts"] = _hosts(Path(memory.project.root))
    if memory.syncing:
        report["graphiti"] = memory.spool.server_status()
    if as_json:
        app.print_json(report)
        return
    out = app.out
    files = escape(", ".join(report["config_files"])) or "none (defaults)"
    out.print(f"[bold]config[/bold]   {files}", highlight=False)
    for project_file in report["project_files"]:
        state = "trusted" if project_file["trusted"] else "not trusted"
        if project_file["ignored"]:
            state += f": ignoring {', '.join(project_file['ignored'])} (run `graphmem trust`)"
        out.print(f"[bold]trust[/bold]    {escape(project_file['path'])}: {state}", highlight=False)
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
    if "graphiti" in report:
        _graphiti(app, report["graphiti"])
    wired = [
        f"{name}: {escape(path)}"
        + (
            ""
            if state == "current"
            else f" (another install or version: run graphmem setup {name} again)"
        )
        for name, where in report["hosts"].items()
        for path, state in where.items()
    ]
    out.print(
        "[bold]hosts[/bold]    " + ("; ".join(wired) or "none wired: run `graphmem setup`"),
        highlight=False,
    )
    activity = report["activity"]
    out.print(
        f"[bold]activity[/bold] last capture {activity['last_capture'] or 'never'}, "
        f"last injection {activity['last_injection'] or 'never'}",
        highlight=False,
    )


def _hosts(project_root: Path) -> dict[str, dict[str, str]]:
    """Per agent, the files where graphmem is wired and whether they run this install."""
    from graphmem import hosts

    return {name: host.wiring(project_root) for name, host in hosts.installers().items()}


def _graphiti(app: App, report: dict[str, Any]) -> None:
    from rich.markup import escape

    server, spool, state = report["server"], report["spool"], report["breaker"]
    if server["reachable"]:
        tools = ", ".join(server["tools"])
        line = f"{server['name']} {server['version']} ({server['status']}); tools: {tools}"
    else:
        line = f"unreachable: {server['error']}"
    app.out.print(f"[bold]server[/bold]   {escape(line)}", highlight=False)
    app.out.print(
        f"[bold]spool[/bold]    {spool['pending']} pending, {spool['acked']} awaiting "
        f"confirmation, {spool['delivered']} delivered, {spool['dead']} dead"
        + (f"; breaker open ({state['failures']} failures)" if state["open"] else ""),
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    app.command()(status)
