"""Memory files a host keeps itself (Claude Code's Auto Memory), as graphmem last imported them.

One row per file of a source folder: the stamp it had (mtime and size), the episode it became, and
whether the host shows the file's index line to its model itself, so a Stop hook learns with one
indexed read whether anything changed since.
"""

from __future__ import annotations

import sqlite3


def known(conn: sqlite3.Connection, source: str) -> dict[str, tuple[str, str | None]]:
    """`{file: (stamp, episode uuid or None)}` for the files of `source` imported so far."""
    # A row whose episode is gone (`graphmem clear`) is not known: its file is imported again.
    rows = conn.execute(
        "SELECT n.file, n.stamp, n.episode_uuid FROM imported_notes n "
        "LEFT JOIN episodes e ON e.uuid = n.episode_uuid "
        "WHERE n.source = ? AND (n.episode_uuid IS NULL OR e.uuid IS NOT NULL)",
        (source,),
    )
    return {file: (stamp, uuid) for file, stamp, uuid in rows}


def save(conn: sqlite3.Connection, source: str, file: str, stamp: str, uuid: str | None) -> None:
    conn.execute(
        "INSERT INTO imported_notes (source, file, stamp, episode_uuid) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (source, file) DO UPDATE SET "
        "stamp = excluded.stamp, episode_uuid = excluded.episode_uuid",
        (source, file, stamp, uuid),
    )


def drop(conn: sqlite3.Connection, source: str, file: str) -> None:
    conn.execute("DELETE FROM imported_notes WHERE source = ? AND file = ?", (source, file))


def set_indexed(conn: sqlite3.Connection, source: str, files: set[str]) -> None:
    """The files of `source` whose index line the host shows its model; the others' is not."""
    marks = ",".join("?" * len(files))
    conn.execute(
        f"UPDATE imported_notes SET indexed = (file IN ({marks})) WHERE source = ?",
        (*sorted(files), source),
    )


def indexed(conn: sqlite3.Connection, uuids: list[str]) -> set[str]:
    """Which of the episodes `uuids` the host already shows (by their file's index line)."""
    marks = ",".join("?" * len(uuids))
    rows = conn.execute(
        f"SELECT episode_uuid FROM imported_notes WHERE indexed AND episode_uuid IN ({marks})",
        uuids,
    )
    return {uuid for (uuid,) in rows}
