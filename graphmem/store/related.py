"""Related words: for each word a prompt may use, the words of stored episodes near it in meaning
("music" -> "guitar"). Written off the hook path, with the optional `semantic` extra
(graphmem/semantic.py's `relate_missing`); read by recall in one indexed query, so a hook finds
a memory told in other words than the prompt's without loading a model.

The episodes' words are related in order of id, once each: `related_done` holds those done, and
store_meta's `related_upto` the last episode read. Rows are never stale (a word's neighbours do
not change), and a word whose episodes are deleted one by one only widens a search that finds
nothing; clearing a project forgets them all, to be made again from what is left.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

UPTO = "related_upto"


def near(conn: sqlite3.Connection, words: Sequence[str], most: int) -> list[str]:
    """Up to `most` episode words nearest any of `words` and not among them, nearest first."""
    if not words:
        return []
    marks = ",".join("?" * len(words))
    rows = conn.execute(
        f"SELECT near, max(similarity) AS s FROM related_words WHERE word IN ({marks}) "
        "GROUP BY near ORDER BY s DESC LIMIT ?",
        (*words, most + len(words)),
    )
    asked = set(words)
    return [word for word, _ in rows if word not in asked][:most]


def count(conn: sqlite3.Connection) -> int:
    """How many episode words are related."""
    return int(conn.execute("SELECT count(*) FROM related_done").fetchone()[0])


def upto(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT value FROM store_meta WHERE key = ?", (UPTO,)).fetchone()
    return int(row[0]) if row else 0


def waiting(conn: sqlite3.Connection) -> int:
    """About how many episodes were stored after the last one related (ids may skip)."""
    (last,) = conn.execute("SELECT max(id) FROM episodes").fetchone()
    return (last or 0) - upto(conn)


def episodes_after(conn: sqlite3.Connection, after: int, limit: int) -> list[tuple[int, str]]:
    """(id, body) of the first `limit` episodes after id `after`."""
    rows = conn.execute(
        "SELECT id, body FROM episodes WHERE id > ? ORDER BY id LIMIT ?", (after, limit)
    )
    return [(i, body) for i, body in rows]


def done(conn: sqlite3.Connection) -> list[str]:
    """Every episode word related so far."""
    return [word for (word,) in conn.execute("SELECT word FROM related_done")]


def reset(conn: sqlite3.Connection) -> None:
    """Forget every related word (inside the caller's transaction): the next run relates the
    words of the episodes left."""
    conn.execute("DELETE FROM related_words")
    conn.execute("DELETE FROM related_done")
    conn.execute("DELETE FROM store_meta WHERE key = ?", (UPTO,))


def put(
    conn: sqlite3.Connection,
    rows: Iterable[tuple[str, str, float]],
    words: Iterable[str],
    last: int,
) -> None:
    """Store (word, near, similarity) `rows` and mark `words` done up to episode `last`, inside
    the caller's transaction; what another process stored meanwhile stays."""
    conn.executemany("INSERT OR IGNORE INTO related_words VALUES (?, ?, ?)", rows)
    conn.executemany("INSERT OR IGNORE INTO related_done VALUES (?)", ((w,) for w in words))
    conn.execute(
        "INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
        "value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))",
        (UPTO, str(last)),
    )
