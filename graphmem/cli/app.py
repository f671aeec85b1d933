"""The Typer application: global options, the shared App object, error handling.

Commands live one per module beside this file; each only parses, calls the service, renders.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cached_property
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from graphmem import __version__
from graphmem.errors import Exit, GraphmemError
from graphmem.record import field, record

if TYPE_CHECKING:
    from rich.console import Console

    from graphmem.service import Memory


T = TypeVar("T", bound=str)


class _Group(TyperGroup):
    """Turns a GraphmemError from any command into its message on stderr and its exit code."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except GraphmemError as exc:
            _console(stderr=True).print(f"[red]error:[/red] {exc}", highlight=False)
            raise typer.Exit(exc.code) from None


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


@record
class App:
    """What every command gets: config overrides from global flags, output helpers, the service."""

    overrides: dict[str, Any] = field(default_factory=dict)

    # Loaded on first use: `graphmem --help` should not pay for rich or the store.
    @cached_property
    def out(self) -> Console:
        return _console(stderr=False)

    @cached_property
    def err(self) -> Console:
        return _console(stderr=True)

    @cached_property
    def memory(self) -> Memory:
        from graphmem.service import Memory

        return Memory.open(overrides=self.overrides)

    def print_json(self, data: Any) -> None:
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")

    def note(self, message: str) -> None:
        """A diagnostic line: stderr, so stdout stays data only."""
        self.err.print(message, highlight=False)

    @property
    def interactive(self) -> bool:
        return sys.stdin.isatty() and sys.stderr.isatty() and not os.environ.get("CI")


def _console(*, stderr: bool) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, soft_wrap=True)


def one_of(value: str, choices: tuple[T, ...], param: str) -> T:
    """`value` if it is one of `choices`, else a usage error (exit 2) naming `param`."""
    for choice in choices:
        if value == choice:
            return choice
    allowed = ", ".join(choices[:-1]) + f" or {choices[-1]}"
    raise typer.BadParameter(f"must be {allowed}", param_hint=param)


def abort(message: str, code: Exit = Exit.FAILURE) -> NoReturn:
    raise GraphmemError(message, code)


def get_app(ctx: typer.Context) -> App:
    obj = ctx.find_root().obj
    assert isinstance(obj, App)
    return obj


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
        dump,
        forget,
        hook,
        ingest,
        load,
        search,
        setup,
        spool,
        status,
    )

    commands = (setup, status, add, search, forget, ingest, dump, load, clear, spool, hook)
    for module in (*commands, completions):
        module.register(app)


_register()


def run() -> None:
    app()
