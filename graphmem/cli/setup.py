"""`graphmem setup`: wire graphmem into the coding agents."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from graphmem.cli import wizard
from graphmem.cli.common import AsJson, get_app

if TYPE_CHECKING:
    from graphmem.hosts.shim_files import FileChange

setup_app = typer.Typer()
# `graphmem setup` alone runs the wizard; its docstring is the group's help.
setup_app.callback(invoke_without_command=True)(wizard.setup)


def _scope(project: bool, local: bool, user: bool) -> str:
    if project + local + user > 1:
        raise typer.BadParameter("choose one of --user, --project and --local")
    return "project" if project else "local" if local else "user"


def _project_root() -> Path:
    from graphmem import config

    root, _ = config.find_project_root(Path.cwd().resolve())
    return Path(root)


@setup_app.command("claude-code")
def claude_code(
    ctx: typer.Context,
    project: bool = typer.Option(
        False, "--project", help="This project's .claude/settings.json (shared with the team)."
    ),
    local: bool = typer.Option(
        False, "--local", help="This project's .claude/settings.local.json (just you)."
    ),
    user: bool = typer.Option(
        False, "--user", help="~/.claude/settings.json, every project (the default)."
    ),
    remove: bool = typer.Option(False, "--remove", help="Take graphmem's hooks out again."),
    as_json: AsJson = False,
) -> None:
    """Install graphmem's hooks into Claude Code's settings.json.

    Keeps every other setting and hook; running it twice changes nothing; --remove takes out only
    graphmem's entries.

    Example: graphmem setup claude-code --project
    """
    from graphmem.hosts.claude_code import install

    app = get_app(ctx)
    path = install.settings_path(_scope(project, local, user), _project_root())
    change = install.apply(path, remove=remove)
    if as_json:
        app.print_json(
            {
                "path": str(path),
                "written": change.written,
                "added": change.added,
                "removed": change.removed,
            }
        )
        return
    if remove:
        message = (
            f"removed graphmem's hooks ({', '.join(change.removed)}) from {path}"
            if change.removed
            else f"no graphmem hooks in {path}"
        )
    elif change.written:
        message = (
            f"installed graphmem hooks ({', '.join(change.added)}) in {path}\n"
            "undo with: graphmem setup claude-code --remove"
            + (" --project" if project else " --local" if local else "")
        )
    else:
        message = f"graphmem hooks already installed in {path}"
    app.out.print(message, highlight=False, markup=False)


def _shim_scope(project: bool, user: bool) -> str:
    if project and user:
        raise typer.BadParameter("choose one of --user and --project")
    return "project" if project else "user"


def _report_shim(
    ctx: typer.Context,
    host: str,
    noun: str,
    change: FileChange,
    *,
    remove: bool,
    project: bool,
    as_json: bool,
) -> None:
    app = get_app(ctx)
    path = change.path
    if as_json:
        app.print_json({"path": str(path), "written": change.written, "removed": change.removed})
        return
    if remove:
        message = (
            f"removed graphmem's {host} {noun} {path}"
            if change.removed
            else f"no graphmem {host} {noun} at {path}"
        )
    elif change.written:
        message = (
            f"installed graphmem's {host} {noun} {path}\n"
            f"undo with: graphmem setup {host} --remove" + (" --project" if project else "")
        )
    else:
        message = f"graphmem's {host} {noun} already installed at {path}"
    app.out.print(message, highlight=False, markup=False)


_PROJECT_HELP = "This project's folder (shared with the team)."
_REMOVE_HELP = "Delete graphmem's plugin file again (nothing else)."


@setup_app.command("opencode")
def opencode(
    ctx: typer.Context,
    project: bool = typer.Option(False, "--project", help=f"{_PROJECT_HELP} .opencode/plugins/"),
    user: bool = typer.Option(
        False, "--user", help="~/.config/opencode/plugins/, every project (the default)."
    ),
    remove: bool = typer.Option(False, "--remove", help=_REMOVE_HELP),
    as_json: AsJson = False,
) -> None:
    """Install graphmem's plugin into opencode (one file, graphmem.js, in a plugins folder).

    The plugin gives opencode the same memory as Claude Code and pi: recall on each message,
    capture when the session goes idle, facts for compaction. Other plugins and opencode.json
    are left alone; running it twice changes nothing.

    Example: graphmem setup opencode --project
    """
    from graphmem.hosts.opencode import install

    path = install.plugin_path(_shim_scope(project, user), _project_root())
    change = install.apply(path, remove=remove)
    _report_shim(ctx, "opencode", "plugin", change, remove=remove, project=project, as_json=as_json)


@setup_app.command("pi")
def pi(
    ctx: typer.Context,
    project: bool = typer.Option(False, "--project", help=f"{_PROJECT_HELP} .pi/extensions/"),
    user: bool = typer.Option(
        False, "--user", help="~/.pi/agent/extensions/, every project (the default)."
    ),
    remove: bool = typer.Option(False, "--remove", help=_REMOVE_HELP),
    as_json: AsJson = False,
) -> None:
    """Install graphmem's extension into pi (one file, graphmem.ts, in an extensions folder).

    The extension gives pi the same memory as Claude Code and opencode: recall before each
    prompt, capture when the agent ends, a flush at compaction and shutdown. Other extensions
    are left alone; running it twice changes nothing.

    Example: graphmem setup pi --project
    """
    from graphmem.hosts.pi import install

    path = install.extension_path(_shim_scope(project, user), _project_root())
    change = install.apply(path, remove=remove)
    _report_shim(ctx, "pi", "extension", change, remove=remove, project=project, as_json=as_json)


def register(app: typer.Typer) -> None:
    app.add_typer(setup_app, name="setup")
