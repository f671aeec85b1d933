"""`graphmem mcp` and `graphmem tool`: the memory tools for agents, over MCP or one at a time."""

from __future__ import annotations

import json

import typer

from graphmem.cli.common import abort, get_app
from graphmem.errors import Exit


def mcp(
    cwd: str | None = typer.Option(
        None, "--cwd", help="Serve this directory's project (default: the current directory)."
    ),
) -> None:
    """Serve the memory tools (search, add, recent, forget, status) over MCP on stdio.

    Hosts start it themselves once `graphmem setup <host>` registered it; it runs until the host
    closes its stdin. Tool descriptions: docs/commands.md.

    Example: graphmem mcp
    """
    from graphmem import server  # the MCP SDK costs ~0.3 s to import: only this command pays it

    server.main(cwd)


def tool(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="search, add, recent, forget or status."),
    arguments: str = typer.Argument("{}", help="The tool's arguments as a JSON object."),
    schema: bool = typer.Option(
        False, "--schema", help="Print the tools' names, descriptions and JSON Schemas instead."
    ),
) -> None:
    """Run one memory tool, as an agent's tool call would (pi's `memory` tool calls this).

    Prints the text the agent is given; bad arguments exit 2 with the reason.

    Example: graphmem tool search '{"query": "pagination", "limit": 5}'
    """
    from graphmem import tools

    app = get_app(ctx)
    if schema:
        app.print_json(
            [
                {"name": t.name, "description": t.description, "schema": t.schema}
                for t in tools.TOOLS
            ]
        )
        return
    try:
        args = json.loads(arguments)
    except json.JSONDecodeError as exc:
        abort(f"arguments are not JSON: {exc}", Exit.USAGE)
    app.out.print(tools.call(app.memory, name, args), markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command()(mcp)
    app.command()(tool)
