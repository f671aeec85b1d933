"""`graphmem search`: find memories."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import typer

from graphmem.cli.common import App, AsJson, get_app, one_of
from graphmem.record import replace
from graphmem.scope import SCOPES

if TYPE_CHECKING:
    from graphmem.service import GraphAnswer, Hit


def search(
    ctx: typer.Context,
    query: str = typer.Argument(..., help="Words to look for (any text is safe)."),
    scope: str = typer.Option(
        "all", help="project, global, or all (this project's and global memory)."
    ),
    limit: int = typer.Option(
        10, min=1, max=1000, help="At most this many results in all (facts, entities, memories)."
    ),
    as_json: AsJson = False,
) -> None:
    """Search memories, best match first, with group, date and a snippet.

    With backend graphiti the server's facts (still valid) and entities come first, each text
    once; when the server cannot be reached, facts cached from earlier answers stand in for them.

    With the semantic extra installed (pip install 'graphmem[semantic]'), memories are also
    found by meaning, not only by their words (config `semantic`).

    Example: graphmem search "pagination limit" --scope project
    """
    app = get_app(ctx)
    scope_ = one_of(scope, SCOPES, "--scope")
    memory = app.memory
    hits = memory.search(query, scope=scope_, limit=limit, semantic=True)
    graph = memory.search_graph(query, scope=scope_, limit=limit) if memory.syncing else None
    if graph is not None:
        graph, hits = _share(limit, graph, hits)
    if graph is not None and graph.error:
        why = "server unreachable" if graph.unreachable else "server refused the search"
        app.note(f"{why}: answering from the local store ({graph.error})")
    if as_json:
        app.print_json(_graph_json(graph) + [_hit_json(h) for h in hits])
        return
    from rich.markup import escape

    if graph is not None:
        _print_graph(app, graph)
    if not hits and (graph is None or not (graph.facts or graph.entities or graph.cached)):
        app.note("no matching memories")
        return
    for hit in hits:
        date = hit.episode.created_at[:10]
        snippet = " ".join(hit.snippet.split())
        # A short memory's name is its text: show it once.
        name = "" if hit.episode.name.rstrip("…") in snippet else hit.episode.name
        app.out.print(
            (f"[bold]{escape(name)}[/bold]  " if name else "")
            + f"[dim]{hit.episode.group_id} · {date} · id {hit.episode.uuid[:8]}"
            + _kept_by(hit.episode.teammate)
            + "[/dim]",
            highlight=False,
        )
        app.out.print("  " + snippet, highlight=False, markup=False)


def _kept_by(teammate: str | None) -> str:
    if teammate is None:
        return ""
    return f" · kept by teammate {teammate}" if teammate else " · kept by a teammate"


def _share(limit: int, graph: GraphAnswer, hits: list[Hit]) -> tuple[GraphAnswer, list[Hit]]:
    """Cut every source so that `limit` rows are shown in all: taken in turns (best fact, best
    entity, best local hit, then the second of each...), so no source crowds the others out."""
    sources: list[list[Any]] = [graph.facts, graph.entities, graph.cached, hits]
    taken = [0] * len(sources)
    while sum(taken) < limit and any(n < len(s) for n, s in zip(taken, sources, strict=True)):
        for i, source in enumerate(sources):
            if taken[i] < len(source) and sum(taken) < limit:
                taken[i] += 1
    facts, entities, cached, hits = (s[:n] for n, s in zip(taken, sources, strict=True))
    return replace(graph, facts=facts, entities=entities, cached=cached), hits


def _hit_json(hit: Hit) -> dict[str, Any]:
    episode = hit.episode
    return {
        "type": "episode",
        "source": "local" if episode.teammate is None else "teammate",
        "kept_by": episode.teammate,
        "uuid": episode.uuid,
        "group_id": episode.group_id,
        "name": episode.name,
        "created_at": episode.created_at,
        "kind": episode.kind,
        "snippet": hit.snippet,
        "score": round(-hit.score, 4),  # bm25's relevance: higher is better
    }


def _graph_json(graph: GraphAnswer | None) -> list[dict[str, Any]]:
    """Facts and entities first: the graph's distilled knowledge, then local episodes."""
    if graph is None:
        return []
    rows: list[dict[str, Any]] = [
        {
            "type": "fact",
            "source": "graph",
            "uuid": f.uuid,
            "group_id": f.group_id,
            "fact": f.fact,
            "name": f.name,
            "valid_at": _iso(f.valid_at),
            "invalid_at": _iso(f.invalid_at),
            "created_at": _iso(f.created_at),
        }
        for f in graph.facts
    ]
    rows += [
        {
            "type": "entity",
            "source": "graph",
            "uuid": e.uuid,
            "group_id": e.group_id,
            "name": e.name,
            "summary": e.summary,
            "labels": list(e.labels),
            "created_at": _iso(e.created_at),
        }
        for e in graph.entities
    ]
    rows += [
        {
            "type": c.kind,
            "source": "cache",
            "uuid": c.uuid,
            "group_id": c.group_id,
            "fact" if c.kind == "fact" else "name": c.text,
            "valid_at": c.valid_at,
            "invalid_at": c.invalid_at,
            "created_at": c.created_at,
        }
        for c in graph.cached
    ]
    return rows


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _print_graph(app: App, graph: GraphAnswer) -> None:
    for fact in graph.facts:
        since = f" (since {fact.valid_at:%Y-%m-%d})" if fact.valid_at else ""
        app.out.print(f"fact: {fact.fact}{since}  [{fact.group_id}]", markup=False)
    for entity in graph.entities:
        summary = f": {entity.summary}" if entity.summary else ""
        app.out.print(f"entity: {entity.name}{summary}  [{entity.group_id}]", markup=False)
    for item in graph.cached:
        app.out.print(f"{item.kind} (cached): {item.text}  [{item.group_id}]", markup=False)


def register(app: typer.Typer) -> None:
    app.command()(search)
