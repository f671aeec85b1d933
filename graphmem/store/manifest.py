"""What `graphmem ingest` has stored per file, so a re-run only touches what changed."""

from __future__ import annotations

import sqlite3

from graphmem.store.db import now


def digests(conn: sqlite3.Connection, group_id: str) -> dict[str, str]:
    rows = conn.execute("SELECT path, digest FROM ingest_manifest WHERE group_id = ?", (group_id,))
    return {path: digest for path, digest in rows}


def record(conn: sqlite3.Connection, group_id: str, path: str, digest: str, chunks: int) -> None:
    conn.execute(
        "INSERT INTO ingest_manifest (group_id, path, digest, chunks, ingested_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (group_id, path) DO UPDATE SET "
        "digest = excluded.digest, chunks = excluded.chunks, ingested_at = excluded.ingested_at",
        (group_id, path, digest, chunks, now()),
    )


def forget(conn: sqlite3.Connection, group_id: str, path: str) -> None:
    conn.execute("DELETE FROM ingest_manifest WHERE group_id = ? AND path = ?", (group_id, path))
