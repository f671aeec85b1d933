"""`graphmem setup`: wire graphmem into the coding agents, one subcommand per host.

Each `graphmem setup <host>` is made from the host's installer record (graphmem/hosts/host.py):
a flag per scope, `--remove` and `--json`, so a new host needs no code here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from graphmem import hosts
from graphmem.cli import wizard
from graphmem.cli.common import AsJson, get_app
from graphmem.record import asdict

if TYPE_CHECKING:
    from graphmem.hosts.host import Host

setup_app = typer.Typer()
# `graphmem setup` alone runs the wizard; its docstring is the group's help.
setup_app.callback(invoke_without_command=True)(wizard.setup)


def _project_root() -> Path:
    from graphmem import config

    root, _ = config.find_project_root(Path.cwd().resolve())
    return Path(root)


def _scope(host: Host, chosen: dict[str, bool]) -> str:
    """The one scope whose flag was given, else user."""
    flags = [f"--{scope}" for scope in sorted(host.scopes, key=lambda s: s != "user")]
    if sum(chosen.values()) > 1:
        raise typer.BadParameter(f"choose one of {', '.join(flags[:-1])} and {flags[-1]}")
    return next((scope for scope, given in chosen.items() if given), "user")


def _install(host: Host, ctx: typer.Context, remove: bool, as_json: bool, **chosen: bool) -> None:
    from graphmem.hosts.host import as_json as change_json

    app = get_app(ctx)
    scope = _scope(host, chosen)
    root = _project_root()
    change = host.apply(host.target(scope, root), remove=remove)
    tools = host.tools(scope, root, remove) if host.tools else []
    own = hosts.own_memory(host.name)
    place = own.place(str(root)) if own else None
    if as_json:
        extra = {"own_memory": asdict(place)} if place else {}
        app.print_json(change_json(change) | {"tools": tools} | extra)
        return
    message = "\n".join([host.describe(change, remove), *tools])
    if change.written and not remove:
        undo = f"graphmem setup {host.name} --remove" + ("" if scope == "user" else f" --{scope}")
        message += f"\nundo with: {undo}"
    if own and place and not remove:
        message += "\n" + own.describe(place)
    app.out.print(message, highlight=False, markup=False)


def _command(host: Host) -> Callable[..., None]:
    """`graphmem setup <host>`: Typer reads the options from the signature made here."""

    def command(ctx: typer.Context, **options: bool) -> None:
        _install(host, ctx, **options)

    flag = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("ctx", flag, annotation=typer.Context)]
    for scope, help_text in host.scopes.items():
        option = typer.Option(False, f"--{scope}", help=help_text)
        params.append(inspect.Parameter(scope, flag, default=option, annotation=bool))
    option = typer.Option(False, "--remove", help=host.remove_help)
    params.append(inspect.Parameter("remove", flag, default=option, annotation=bool))
    params.append(inspect.Parameter("as_json", flag, default=False, annotation=AsJson))
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__doc__ = inspect.cleandoc(host.help)
    return command


for _host in hosts.installers().values():
    setup_app.command(_host.name)(_command(_host))


def register(app: typer.Typer) -> None:
    app.add_typer(setup_app, name="setup")
