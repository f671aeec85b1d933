"""What every command shares: the App object, argument checks, and the options several commands
declare (each declared here once, so its spelling and help cannot drift).

Command modules import this, never graphmem.cli.app: the app imports them to register them.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from graphmem.errors import Exit, GraphmemError
from graphmem.record import field, record

if TYPE_CHECKING:
    from rich.console import Console

    from graphmem.service import Memory


T = TypeVar("T", bound=str)

AsJson = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
Yes = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]


@record
class App:
    """What every command gets: config overrides from global flags, output helpers, the service."""

    overrides: dict[str, Any] = field(default_factory=dict)

    # Loaded on first use: `graphmem --help` should not pay for rich or the store.
    @cached_property
    def out(self) -> Console:
        return console(stderr=False)

    @cached_property
    def err(self) -> Console:
        return console(stderr=True)

    @cached_property
    def memory(self) -> Memory:
        from graphmem.config import ignored_line
        from graphmem.service import Memory

        memory = Memory.open(overrides=self.overrides)
        if memory.config.ignored:
            print(ignored_line(memory.config), file=sys.stderr)
        return memory

    def print_json(self, data: Any) -> None:
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")

    def note(self, message: str) -> None:
        """A diagnostic line: stderr, so stdout stays data only."""
        self.err.print(message, highlight=False)

    @property
    def interactive(self) -> bool:
        return sys.stdin.isatty() and sys.stderr.isatty() and not os.environ.get("CI")


def console(*, stderr: bool) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, soft_wrap=True)


def one_of(value: str, choices: tuple[T, ...], param: str) -> T:
    """`value` if it is one of `choices`, else a usage error (exit 2) naming `param`."""
    for choice in choices:
        if value == choice:
            return choice
    allowed = ", ".join(choices[:-1]) + f" or {choices[-1]}"
    raise typer.BadParameter(f"must be {allowed}", param_hint=param)


def plural(n: int, noun: str) -> str:
    """`1 episode`, `2 episodes`."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def abort(message: str, code: int = Exit.FAILURE) -> NoReturn:
    raise GraphmemError(message, code)


def get_app(ctx: typer.Context) -> App:
    obj = ctx.find_root().obj
    assert isinstance(obj, App)
    return obj
