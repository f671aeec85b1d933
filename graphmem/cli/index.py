"""`graphmem index`: make what the semantic extra finds memories by, now."""

from __future__ import annotations

import typer

from graphmem.cli.common import AsJson, get_app, plural
from graphmem.errors import GraphmemError


def index(
    ctx: typer.Context,
    background: bool = typer.Option(
        False, "--background", hidden=True, help="Started by a hook: failures go to the hook log."
    ),
    as_json: AsJson = False,
) -> None:
    """With the semantic extra: embed every episode not yet embedded (what `graphmem search`
    finds by meaning) and relate its words to words of like meaning (what lets the recall
    hooks find a memory told in other words than the prompt's, without loading a model).

    Session ends start this detached; search embeds bit by bit. Run it after a large
    `ingest` or `load` so that the next prompts find the new memories by meaning at once.

    Example: graphmem index --json
    """
    app = get_app(ctx)
    try:
        embedded, related = app.memory.index_meaning()
    except GraphmemError as exc:
        if background:
            from graphmem.hooks.runner import log_failure

            log_failure("index", str(exc))
            raise typer.Exit(0) from None
        raise
    if background:
        return
    if as_json:
        app.print_json({"embedded": embedded, "related_words": related})
        return
    app.out.print(f"embedded {plural(embedded, 'episode')}; related {plural(related, 'new word')}")


def register(app: typer.Typer) -> None:
    app.command()(index)
