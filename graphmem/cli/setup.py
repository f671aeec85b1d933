"""`graphmem setup`: wire graphmem into the coding agents."""

from __future__ import annotations

from pathlib import Path

import typer

from graphmem.cli.app import get_app

setup_app = typer.Typer(
    help="Wire graphmem into Claude Code, opencode and pi (and undo it with --remove).\n\n"
    "Example: graphmem setup claude-code",
    no_args_is_help=True,
)


def _scope(project: bool, local: bool, user: bool) -> str:
    if project + local + user > 1:
        raise typer.BadParameter("choose one of --user, --project and --local")
    return "project" if project else "local" if local else "user"


def _project_root() -> Path:
    from graphmem import config

    root, _ = config.find_project_root(Path.cwd().resolve())
    return root


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
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable JSON."),
) -> None:
    """Install graphmem's hooks into Claude Code's settings.json.

    Keeps every other setting and hook; running it twice changes nothing; --remove takes out only
    graphmem's entries.

    Example: graphmem setup claude-code --project
    """
    from graphmem.integrations import claude_code as installer

    app = get_app(ctx)
    path = installer.settings_path(_scope(project, local, user), _project_root())
    change = installer.apply(path, remove=remove)
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


def register(app: typer.Typer) -> None:
    app.add_typer(setup_app, name="setup")
