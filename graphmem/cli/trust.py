"""`graphmem trust`: let a repository's `.graphmem.toml` set more than harmless keys."""

from __future__ import annotations

import os

import typer

from graphmem.cli.common import AsJson, abort, get_app
from graphmem.errors import Exit


def _files(given: list[str]) -> list[str]:
    """The named files (a directory names its .graphmem.toml), else those in effect here."""
    from graphmem import config

    if not given:
        root, _ = config.find_project_root(os.getcwd())
        return config.project_files(os.path.realpath(os.getcwd()), root)
    found = []
    for name in given:
        path = os.path.join(name, config.PROJECT_FILE) if os.path.isdir(name) else name
        if not os.path.isfile(path):
            abort(f"{path}: no such file", Exit.INPUT)
        found.append(os.path.realpath(path))
    return found


def trust(
    ctx: typer.Context,
    files: list[str] = typer.Argument(
        None,
        metavar="[PATH]...",
        help="Project config files or their directories (default: those in effect here).",
    ),
    revoke: bool = typer.Option(False, "--revoke", help="Stop trusting them."),
    as_json: AsJson = False,
) -> None:
    """Trust this repository's .graphmem.toml as it is now, so it may set every key.

    Until then a project file may only set harmless keys (docs/security.md): keys that move
    memory (url, backend, project_group...) or weaken it (redact_allowlist, recall = false...)
    are ignored with a warning. Review the file first: a changed file is untrusted again.

    Example: graphmem trust   (or: graphmem trust --revoke)
    """
    from graphmem import config

    app = get_app(ctx)
    paths = _files(files or [])
    if not paths:
        abort(f"no {config.PROJECT_FILE} here or above, up to the repository root", Exit.INPUT)
    config.set_trust(paths, not revoke)
    if as_json:
        app.print_json({"files": paths, "trusted": not revoke})
        return
    for path in paths:
        if revoke:
            app.out.print(f"no longer trusted: {path}", highlight=False)
        else:
            digest = config.file_digest(path)
            app.out.print(f"trusted {path} (sha256 {digest[:12]})", highlight=False)


def register(app: typer.Typer) -> None:
    app.command()(trust)
