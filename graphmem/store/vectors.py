"""Episode embeddings for semantic search (graphmem/semantic.py, the optional `semantic` extra).

One vector per episode (float16: graphmem.semantic.STORED), of its body as stored (redacted
already), written by the search path (never by a hook). The embedded episodes are always one run
of ids, grown at both ends: those stored since (newest first, the first time), then older ones,
so what is missing is found with two index reads however large the store. A body and its group
never change once stored, so a vector never goes stale; a deleted episode's vector goes with it
(ON DELETE CASCADE). Forgotten episodes keep theirs (`forget` can be undone): search shows only
what `episodes.by_ids` shows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence


def missing(conn: sqlite3.Connection, limit: int) -> list[tuple[int, str, str]]:
    """(id, group, body) of up to `limit` episodes next to the embedded run: after it (the
    first of them first, so the run stays whole), else before it (the last first); with none
    embedded yet, the newest."""
    low, high = conn.execute(
        "SELECT min(episode_id), max(episode_id) FROM episode_vectors"
    ).fetchone()
    columns = "SELECT id, group_id, body FROM episodes"
    if high is None:
        return conn.execute(f"{columns} ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
    after = conn.execute(f"{columns} WHERE id > ? ORDER BY id LIMIT ?", (high, limit)).fetchall()
    if after:
        return after
    return conn.execute(f"{columns} WHERE id < ? ORDER BY id DESC LIMIT ?", (low, limit)).fetchall()


def put(conn: sqlite3.Connection, rows: Sequence[tuple[int, str, bytes]]) -> None:
    conn.executemany(
        "INSERT OR REPLACE INTO episode_vectors (episode_id, group_id, vector) VALUES (?, ?, ?)",
        rows,
    )


def read(conn: sqlite3.Connection, groups: Sequence[str]) -> list[tuple[int, bytes]]:
    """(id, vector) of every embedded episode of `groups`, forgotten ones too."""
    marks = ",".join("?" * len(groups))
    return conn.execute(
        f"SELECT episode_id, vector FROM episode_vectors WHERE group_id IN ({marks})", groups
    ).fetchall()
