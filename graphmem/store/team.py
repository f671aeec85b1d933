"""Team memory in the store: this store's author id, and each group's last pull from the server.

Episodes pulled from the server live in `episodes` like any other, with origin `team:<author>`
(see Episode.teammate); here is only the bookkeeping of pulling them.
"""

from __future__ import annotations

import os
import sqlite3

from graphmem.record import record
from graphmem.store.episodes import TEAM_ORIGIN

_AUTHOR_KEY = "author_id"


def author_id(conn: sqlite3.Connection) -> str:
    """A random id of this store, made once: what tells its own episodes on the server from a
    teammate's (two stores on one machine, for one user, are two authors). Call inside a write
    transaction the first time."""
    row = conn.execute("SELECT value FROM store_meta WHERE key = ?", (_AUTHOR_KEY,)).fetchone()
    if row:
        return str(row[0])
    made = os.urandom(4).hex()
    conn.execute("INSERT INTO store_meta (key, value) VALUES (?, ?)", (_AUTHOR_KEY, made))
    return made


def holds_key(conn: sqlite3.Connection, key: str) -> bool:
    """Whether an episode of this store has the server key `gm:<12 hex>` (its uuid's start)."""
    hexes = key.removeprefix("gm:")
    prefix = f"{hexes[:8]}-{hexes[8:12]}"
    row = conn.execute(
        "SELECT 1 FROM episodes WHERE uuid >= ? AND uuid < ? LIMIT 1", (prefix, prefix + "\uffff")
    ).fetchone()
    return row is not None


def held_uuids(conn: sqlite3.Connection, uuids: list[str]) -> set[str]:
    """Which of `uuids` the store holds (a pulled episode keeps the server's uuid)."""
    found: set[str] = set()
    for start in range(0, len(uuids), 500):
        chunk = uuids[start : start + 500]
        rows = conn.execute(
            f"SELECT uuid FROM episodes WHERE uuid IN ({','.join('?' * len(chunk))})", chunk
        )
        found.update(row[0] for row in rows)
    return found


@record(frozen=True)
class Pull:
    group_id: str
    pulled_at: str
    newest: str | None  # created_at (server time) of the newest episode a whole window covered
    stored: int  # pulled episodes stored by that run
    gap: str  # why older episodes may have been missed, or ''


def last(conn: sqlite3.Connection, group: str) -> Pull | None:
    row = conn.execute(
        "SELECT group_id, pulled_at, newest, stored, gap FROM team_pulls WHERE group_id = ?",
        (group,),
    ).fetchone()
    return Pull(*row) if row else None


def record_pull(conn: sqlite3.Connection, pull: Pull) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO team_pulls (group_id, pulled_at, newest, stored, gap) "
        "VALUES (?, ?, ?, ?, ?)",
        (pull.group_id, pull.pulled_at, pull.newest, pull.stored, pull.gap),
    )


def pulls(conn: sqlite3.Connection) -> list[Pull]:
    rows = conn.execute(
        "SELECT group_id, pulled_at, newest, stored, gap FROM team_pulls ORDER BY group_id"
    )
    return [Pull(*row) for row in rows]


def held(conn: sqlite3.Connection) -> int:
    """How many teammates' episodes this store holds (forgotten ones aside)."""
    return int(
        conn.execute(
            "SELECT count(*) FROM episodes WHERE (origin = ? OR origin LIKE ?) "
            "AND forgotten_at IS NULL",
            (TEAM_ORIGIN, TEAM_ORIGIN + ":%"),
        ).fetchone()[0]
    )
