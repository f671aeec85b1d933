"""What curation reads and records: captured episodes not yet curated, and each run.

A captured episode (a turn, or a prompt a hook kept as a correction or preference) is marked
`curated_at` in the same transaction that stores the facts drawn from it, so a run killed half-way
leaves its episodes for the next run. stdlib only: a hook counts what waits before it starts one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from graphmem.store.db import now
from graphmem.store.episodes import _COLUMNS, SHOWN, Episode, _episode

CAPTURED_KINDS = ("turn", "correction", "preference")  # what hooks capture from a session

_WAITING = f"{SHOWN} AND curated_at IS NULL AND origin LIKE 'hook:%' AND kind IN (?, ?, ?)"


def waiting(
    conn: sqlite3.Connection,
    group_id: str,
    *,
    session_id: str | None = None,
    since: str | None = None,
    limit: int = 200,
) -> list[Episode]:
    """Captured episodes of `group_id` not yet curated, oldest first."""
    sql = f"SELECT {_COLUMNS} FROM episodes WHERE group_id = ? AND {_WAITING}"
    args: list[object] = [group_id, *CAPTURED_KINDS]
    if session_id:
        sql += " AND session_id = ?"
        args.append(session_id)
    if since:
        sql += " AND created_at >= ?"
        args.append(since)
    sql += " ORDER BY id LIMIT ?"
    args.append(limit)
    return [_episode(row) for row in conn.execute(sql, args)]


def count_waiting(conn: sqlite3.Connection, group_id: str, session_id: str) -> int:
    row = conn.execute(
        f"SELECT count(*) FROM episodes WHERE group_id = ? AND {_WAITING} AND session_id = ?",
        (group_id, *CAPTURED_KINDS, session_id),
    ).fetchone()
    return int(row[0])


def mark_curated(conn: sqlite3.Connection, uuids: Sequence[str]) -> None:
    at = now()
    conn.executemany("UPDATE episodes SET curated_at = ? WHERE uuid = ?", [(at, u) for u in uuids])


def start_run(conn: sqlite3.Connection, session_id: str | None) -> int:
    cursor = conn.execute(
        "INSERT INTO curation_runs (started_at, session_id) VALUES (?, ?)", (now(), session_id)
    )
    return int(cursor.lastrowid or 0)


def finish_run(
    conn: sqlite3.Connection,
    run: int,
    *,
    turns: int = 0,
    added: int = 0,
    superseded: int = 0,
    error: str | None = None,
) -> None:
    conn.execute(
        "UPDATE curation_runs SET finished_at = ?, turns = ?, added = ?, superseded = ?, "
        "error = ? WHERE id = ?",
        (now(), turns, added, superseded, error, run),
    )


def runs_since(conn: sqlite3.Connection, since: str) -> int:
    """Runs started at `since` or later (the daily cap)."""
    row = conn.execute(
        "SELECT count(*) FROM curation_runs WHERE started_at >= ?", (since,)
    ).fetchone()
    return int(row[0])


def last_runs(conn: sqlite3.Connection, limit: int = 2) -> list[dict[str, object]]:
    """The newest runs, newest first, as `status` shows them."""
    conn_rows = conn.execute(
        "SELECT started_at, finished_at, session_id, turns, added, superseded, error "
        "FROM curation_runs ORDER BY id DESC LIMIT ?",
        (limit,),
    )
    keys = ("started_at", "finished_at", "session_id", "turns", "added", "superseded", "error")
    return [dict(zip(keys, row, strict=True)) for row in conn_rows]


def facts(conn: sqlite3.Connection, group_id: str, origin: str, limit: int = 200) -> list[str]:
    """The texts of the shown episodes of `origin` in `group_id`, oldest first."""
    rows = conn.execute(
        f"SELECT body FROM episodes WHERE group_id = ? AND origin = ? AND {SHOWN} "
        "ORDER BY id LIMIT ?",
        (group_id, origin, limit),
    )
    return [body for (body,) in rows]
