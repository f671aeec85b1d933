"""The Typer application: global options, error handling, and the commands registered on it.

Commands live one per module beside this file; each only parses, calls the service, renders.
What they share is in graphmem.cli.common.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from graphmem import __version__
from graphmem.cli.common import App, console
from graphmem.errors import GraphmemError


class _Group(TyperGroup):
    """Turns a GraphmemError from any command into its message on stderr and its exit code."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _name_placeholders(self)

    def invoke(self, ctx: Any) -> Any:
        import sqlite3

        try:
            return super().invoke(ctx)
        except (GraphmemError, sqlite3.DatabaseError) as exc:
            from rich.markup import escape

            from graphmem.redact import redact

            if isinstance(exc, sqlite3.DatabaseError):  # a damaged page, a lock held too long
                from graphmem.service import store_error

                exc = store_error(exc)
            message = escape(redact(str(exc)).text)  # it may quote what it choked on
            console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False)
            raise typer.Exit(exc.code) from None


def _name_placeholders(command: Any) -> None:
    """`--limit N`, `--group GROUP` and `add TEXT` in --help, not Typer's `<int range>`,
    `<list[str]>` and `{text} <str>`: names a user understands."""
    for param in command.params:
        if getattr(param, "is_flag", False) or not param.name:
            continue
        given = param.metavar
        param.metavar = given or ("N" if _is_number(param) else param.name.upper())
        if param.param_type_name == "argument":  # Typer offers no setting for these two
            usage = given or param.metavar + ("..." if param.nargs != 1 else "")
            if not param.required and "[" not in usage:
                usage = f"[{usage}]"
            param.get_usage_pieces = lambda ctx, usage=usage: [usage]
            param.display_type_rich = lambda ctx: None  # Typer 0.29's `<str>` after it
    for sub in getattr(command, "commands", {}).values():
        _name_placeholders(sub)


def _is_number(param: Any) -> bool:
    kind = getattr(param, "type_descriptor", None)  # Typer 0.29
    if kind is not None:
        return kind.annotation in (int, float)
    return str(getattr(param.type, "name", "")).startswith(("int", "float"))  # its click types


app = typer.Typer(
    name="graphmem",
    cls=_Group,
    add_completion=False,  # static scripts instead: `graphmem completions SHELL`
    help="Memory that survives sessions and compaction for AI coding agents.\n\n"
    "Captures what happens in Claude Code, opencode and pi sessions, stores it in an embedded "
    "SQLite store (and optionally a shared Graphiti knowledge graph), and puts the relevant "
    "part back in front of the model.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"graphmem {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    backend: str | None = typer.Option(
        None, help="Override the backend for this run: sqlite or graphiti."
    ),
    url: str | None = typer.Option(None, help="Override the Graphiti MCP url for this run."),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    ctx.obj = App(overrides={"backend": backend, "url": url})


def _register() -> None:
    from graphmem.cli import (
        add,
        clear,
        completions,
        curate,
        dump,
        forget,
        hook,
        index,
        ingest,
        load,
        mcp,
        search,
        setup,
        spool,
        status,
        trust,
    )

    commands = [setup, status, trust, add, search, forget, curate, index, ingest, dump, load]
    for module in (*commands, clear, spool, mcp, hook, completions):
        module.register(app)


_register()


def run() -> None:
    app()
