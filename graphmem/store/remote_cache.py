"""A local copy of facts and entities the Graphiti server returned, for recall without network.

Hooks read it on every prompt (FTS over a few thousand rows: well under a millisecond) and note
the prompt as a query; the next background run asks the server those queries and refreshes the
rows. Facts no longer valid (`invalid_at` past, `valid_at` in the future) are never returned.
stdlib only: the hook path imports this module.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from graphmem.record import record
from graphmem.store.db import now
from graphmem.store.episodes import fts_query

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Literal

    Kind = Literal["fact", "entity"]

MAX_ROWS = 5_000  # the cache keeps the most recently fetched rows
MAX_QUERIES = 50  # prompts waiting to be asked of the server


@record(frozen=True)
class CachedFact:
    uuid: str
    text: str  # a fact's sentence, or "Name: summary" for an entity
    group_id: str
    valid_at: str | None
    invalid_at: str | None
    created_at: str | None
    kind: Kind


_COLUMNS = "c.uuid, c.text, c.group_id, c.valid_at, c.invalid_at, c.created_at, c.kind"
# Timestamps are ISO-8601 UTC text, so they compare as strings.
_STILL_VALID = (
    "(c.invalid_at IS NULL OR c.invalid_at > :now) AND (c.valid_at IS NULL OR c.valid_at <= :now)"
)


def _marks(groups: Sequence[str]) -> tuple[str, dict[str, str]]:
    names = {f"g{i}": g for i, g in enumerate(groups)}
    return ",".join(f":{n}" for n in names), names


def _iso_now() -> str:
    return now().replace("Z", "+00:00")


def cached_facts(
    conn: sqlite3.Connection, query: str, group_ids: Sequence[str], limit: int
) -> list[CachedFact]:
    """Cached facts and entities matching `query` in `group_ids`, best match first."""
    match = fts_query(query)
    if match is None or not group_ids or limit <= 0:
        return []
    marks, names = _marks(group_ids)
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM remote_cache_fts JOIN remote_cache c ON c.id = "
        f"remote_cache_fts.rowid WHERE remote_cache_fts MATCH :match AND c.group_id IN ({marks}) "
        f"AND {_STILL_VALID} ORDER BY bm25(remote_cache_fts), c.created_at DESC LIMIT :limit",
        {"match": match, "now": _iso_now(), "limit": limit, **names},
    ).fetchall()
    return [CachedFact(*row) for row in rows]


def recent_cached(
    conn: sqlite3.Connection, group_ids: Sequence[str], limit: int
) -> list[CachedFact]:
    """The newest cached facts and entities of `group_ids` (for session start)."""
    if not group_ids or limit <= 0:
        return []
    marks, names = _marks(group_ids)
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM remote_cache c WHERE c.group_id IN ({marks}) AND {_STILL_VALID} "
        "ORDER BY c.created_at DESC LIMIT :limit",
        {"now": _iso_now(), "limit": limit, **names},
    ).fetchall()
    return [CachedFact(*row) for row in rows]


def store(conn: sqlite3.Connection, items: Sequence[CachedFact]) -> None:
    """Insert or refresh rows, then trim the cache to its bound. Call in a transaction."""
    fetched = now()
    conn.executemany(
        "INSERT INTO remote_cache (uuid, kind, group_id, text, valid_at, invalid_at, created_at, "
        "fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO UPDATE SET "
        "kind = excluded.kind, group_id = excluded.group_id, text = excluded.text, "
        "valid_at = excluded.valid_at, invalid_at = excluded.invalid_at, "
        "created_at = excluded.created_at, fetched_at = excluded.fetched_at",
        [
            (i.uuid, i.kind, i.group_id, i.text, i.valid_at, i.invalid_at, i.created_at, fetched)
            for i in items
        ],
    )
    conn.execute(
        "DELETE FROM remote_cache WHERE id NOT IN "
        "(SELECT id FROM remote_cache ORDER BY fetched_at DESC, id DESC LIMIT ?)",
        (MAX_ROWS,),
    )


def forget_groups(conn: sqlite3.Connection, groups: Sequence[str]) -> None:
    marks = ",".join("?" * len(groups))
    conn.execute(f"DELETE FROM remote_cache WHERE group_id IN ({marks})", list(groups))


# -- queries noted by hooks -------------------------------------------------------------------


def note_query(conn: sqlite3.Connection, group_ids: Sequence[str], query: str) -> None:
    """Remember a prompt so the next background run refreshes the cache for it (bounded)."""
    text = " ".join(query.split())[:500]
    if fts_query(text) is None or not group_ids:
        return
    conn.execute(
        "INSERT INTO remote_queries (groups, query, noted_at) VALUES (?, ?, ?) "
        "ON CONFLICT (groups, query) DO UPDATE SET noted_at = excluded.noted_at",
        (",".join(group_ids), text, now()),
    )
    conn.execute(
        "DELETE FROM remote_queries WHERE rowid NOT IN "
        "(SELECT rowid FROM remote_queries ORDER BY noted_at DESC LIMIT ?)",
        (MAX_QUERIES,),
    )


def has_queries(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM remote_queries LIMIT 1").fetchone() is not None


def take_queries(conn: sqlite3.Connection, limit: int) -> list[tuple[list[str], str]]:
    """Remove and return the newest noted queries: (group ids, query)."""
    rows = conn.execute(
        "SELECT groups, query FROM remote_queries ORDER BY noted_at DESC LIMIT ?", (limit,)
    ).fetchall()
    conn.executemany(
        "DELETE FROM remote_queries WHERE groups = ? AND query = ?", [tuple(r) for r in rows]
    )
    return [(groups.split(","), query) for groups, query in rows]
