"""`graphmem status`: what is configured and what is stored."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from graphmem.cli.common import App, AsJson, get_app, plural

if TYPE_CHECKING:
    from graphmem.service import Memory

OFFICIAL_NAME = "Graphiti Agent Memory"  # getzep/graphiti mcp_server's FastMCP name


def status(
    ctx: typer.Context,
    as_json: AsJson = False,
) -> None:
    """Show graphmem's health: config in effect, backend, store, memories per group, the agents
    it is wired into, and when it last captured and injected.

    With backend graphiti also probes the server (what it is, what it says of its database, its
    tools), checks that it reads back what graphmem delivered to this project (and names the
    server setting that fixes it when not), and shows the spool and the breaker.

    Example: graphmem status --json
    """
    from rich.markup import escape
    from rich.table import Table

    app = get_app(ctx)
    memory = app.memory
    report = memory.status()
    report["hosts"] = _hosts(Path(memory.project.root))
    report["own_memory"] = _own_memory(memory)
    if memory.syncing:
        report["graphiti"] = memory.spool.server_status(memory.project.group_id)
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
    for name, own in report["own_memory"].items():
        out.print(f"[bold]{name}[/bold] {escape(own['line'])}", highlight=False)
    activity = report["activity"]
    out.print(
        f"[bold]activity[/bold] last capture {activity['last_capture'] or 'never'}, "
        f"last injection {activity['last_injection'] or 'never'}",
        highlight=False,
    )
    out.print(f"[bold]curation[/bold] {escape(_curation(report['curation']))}", highlight=False)
    out.print(f"[bold]semantic[/bold] {escape(_semantic(report['semantic']))}", highlight=False)


def _semantic(semantic: dict[str, Any]) -> str:
    if not semantic["on"]:
        return "off (pip install 'graphmem[semantic]' finds memories by meaning)"
    waiting = semantic["episodes_waiting"]
    related = plural(semantic["related_words"], "word")
    return f"on, {related} related" + (
        f", {plural(waiting, 'episode')} waiting for `graphmem index`" if waiting else ""
    )


def _curation(curation: dict[str, Any]) -> str:
    last = curation["last"]
    head = curation["mode"]
    if last is None:
        return f"{head}, never run"
    if last["error"]:
        return f"{head}, last run {last['started_at']} failed: {last['error']}"
    return (
        f"{head}, last run {last['started_at']}: {last['turns']} turns reviewed, "
        f"{last['added']} facts added, {last['superseded']} superseded"
    )


def _own_memory(memory: Memory) -> dict[str, dict[str, Any]]:
    """Per agent that keeps memory files of its own: where, whether on, and how many of its
    notes graphmem holds."""
    from graphmem import hosts

    found = {}
    for name in hosts.OWN_MEMORY:
        own = hosts.own_memory(name)
        if own is None:
            continue
        place = own.place(memory.project.root)
        found[name] = {
            "folder": place.folder,
            "enabled": place.enabled,
            "why": place.why,
            "imported": memory.imported_notes(place.folder),
            "line": own.describe(place),
        }
    return found


def _hosts(project_root: Path) -> dict[str, dict[str, str]]:
    """Per agent, the files where graphmem is wired and whether they run this install."""
    from graphmem import hosts

    return {name: host.wiring(project_root) for name, host in hosts.installers().items()}


def _graphiti(app: App, report: dict[str, Any]) -> None:
    from rich.markup import escape

    server, spool, state = report["server"], report["spool"], report["breaker"]
    if server["reachable"]:
        app.out.print(f"[bold]server[/bold]   {escape(_identity(server))}", highlight=False)
        back = server["read_back"]
        line = f"{back['state']}: {back['detail']}" + (
            f"; fix: {back['fix']}" if back["fix"] else ""
        )
        app.out.print(f"[bold]readback[/bold] {escape(line)}", highlight=False)
    else:
        line = f"unreachable: {server['error']}"
        app.out.print(f"[bold]server[/bold]   {escape(line)}", highlight=False)
    app.out.print(
        f"[bold]spool[/bold]    {spool['pending']} pending, {spool['acked']} awaiting "
        f"confirmation, {spool['delivered']} delivered, {spool['dead']} dead"
        + (f"; breaker open ({state['failures']} failures)" if state["open"] else ""),
        highlight=False,
    )
    team = report["team"]
    gaps = "".join(f"; {p['group_id']}: {p['gap']}" for p in team["pulls"] if p["gap"])
    app.out.print(
        f"[bold]team[/bold]     {team['held']} teammates' memories held, last pull "
        f"{team['last_pull'] or 'never'}{escape(gaps)}",
        highlight=False,
    )


def _identity(server: dict[str, Any]) -> str:
    """What the server is. The official Graphiti server is a FastMCP app, whose version is that
    of its MCP library, not Graphiti's: say so rather than pass it off as the server's."""
    version = server["version"]
    if server["name"] == OFFICIAL_NAME:
        version = f"MCP SDK {version}" if version else ""
    said = f': "{server["message"]}"' if server["message"] else ""
    details = ", ".join(filter(None, [server["status"], version, f"protocol {server['protocol']}"]))
    return f"{server['name'] or 'unnamed MCP server'}{said} ({details}); tools: " + ", ".join(
        server["tools"]
    )


def register(app: typer.Typer) -> None:
    app.command()(status)
