"""Episode embeddings for semantic search (graphmem/semantic.py, the optional `semantic` extra).

Two tables, written together:
- `episode_vectors`: one exact vector per episode (float16: graphmem.semantic.STORED), of its
  body as stored (redacted already), written by the search path (never by a hook). The embedded
  episodes are always one run of ids, grown at both ends: those stored since (newest first, the
  first time), then older ones, so what is missing is found with two index reads however large
  the store. A body and its group never change once stored, so a vector never goes stale; a
  deleted episode's vector goes with it (ON DELETE CASCADE). Forgotten episodes keep theirs
  (`forget` can be undone): search shows only what `episodes.by_ids` shows.
- `vector_blocks`: the same episodes packed for a search's first pass, a block of up to `BLOCK`
  slots a row, per group: their ids (int64, native order) and a short code of each. A search
  reads a few large blobs where one row per episode cost ~1.3 ms per 1,000 rows, and a reader
  keeps what it read by the block's `token`, new at every rewrite. A deleted vector leaves its
  slot behind (logged by a trigger in `vector_drops`); the next write drops it first, in the
  same transaction as any slot it adds, so a reused id never meets its old slot. Until then a
  dead slot is only a candidate that rescoring from `episode_vectors` no longer finds.
"""

from __future__ import annotations

import sqlite3
from array import array
from collections.abc import Iterable, Sequence

BLOCK = 1024  # slots a block holds: appending rewrites at most this many

# episode id, group, the episode's content hash when it was embedded, exact vector, code
Row = tuple[int, str, str, bytes, bytes]


def missing(conn: sqlite3.Connection, limit: int) -> list[tuple[int, str, str, str]]:
    """(id, group, content hash, body) of up to `limit` episodes next to the embedded run: after
    it (the first of them first, so the run stays whole), else before it (the last first); with
    none embedded yet, the newest."""
    # one aggregate a query: SQLite reads min() or max() from the index, both at once by a scan
    (low,) = conn.execute("SELECT min(episode_id) FROM episode_vectors").fetchone()
    (high,) = conn.execute("SELECT max(episode_id) FROM episode_vectors").fetchone()
    columns = "SELECT id, group_id, content_hash, body FROM episodes"
    if high is None:
        return conn.execute(f"{columns} ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
    after = conn.execute(f"{columns} WHERE id > ? ORDER BY id LIMIT ?", (high, limit)).fetchall()
    if after:
        return after
    return conn.execute(f"{columns} WHERE id < ? ORDER BY id DESC LIMIT ?", (low, limit)).fetchall()


def put(conn: sqlite3.Connection, rows: Sequence[Row]) -> int:
    """Store `rows` (inside the caller's transaction), but not those another process stored
    meanwhile, nor those whose episode is gone or is another one now; how many were stored."""
    marks = ",".join("?" * len(rows))
    ids = [r[0] for r in rows]
    sql = f"SELECT episode_id FROM episode_vectors WHERE episode_id IN ({marks})"
    done = {i for (i,) in conn.execute(sql, ids)}
    sql = f"SELECT id, group_id, content_hash FROM episodes WHERE id IN ({marks})"
    live = {tuple(row) for row in conn.execute(sql, ids)}
    fresh = [r for r in rows if r[0] not in done and r[:3] in live]
    drop_dead_slots(conn)  # first: an id reused since its deletion must not meet its old slot
    conn.executemany(
        "INSERT INTO episode_vectors (episode_id, group_id, vector) VALUES (?, ?, ?)",
        [(i, g, v) for i, g, _, v, _ in fresh],
    )
    pack(conn, [(i, g, c) for i, g, _, _, c in fresh])
    return len(fresh)


def pack(conn: sqlite3.Connection, slots: Iterable[tuple[int, str, bytes]]) -> None:
    """A slot for each (id, group, code) in its group's last block, new blocks as they fill."""
    by_group: dict[str, list[tuple[int, bytes]]] = {}
    for episode, group, code in slots:
        by_group.setdefault(group, []).append((episode, code))
    for group, found in by_group.items():
        last = conn.execute(
            "SELECT id, ids, codes FROM vector_blocks WHERE group_id = ? ORDER BY id DESC LIMIT 1",
            (group,),
        ).fetchone()
        block, ids, codes = (
            (last[0], array("q", last[1]), last[2]) if last else (None, array("q"), b"")
        )
        added: list[bytes] = []
        for episode, code in found:
            if len(ids) == BLOCK:
                _write(conn, block, group, ids, codes + b"".join(added))
                block, ids, codes, added = None, array("q"), b"", []
            ids.append(episode)
            added.append(code)
        _write(conn, block, group, ids, codes + b"".join(added))


def _write(
    conn: sqlite3.Connection, block: int | None, group: str, ids: array[int], codes: bytes
) -> None:
    if block is None:
        conn.execute(
            "INSERT INTO vector_blocks (group_id, token, ids, codes) VALUES (?, random(), ?, ?)",
            (group, ids.tobytes(), bytes(codes)),
        )
    elif ids:
        conn.execute(
            "UPDATE vector_blocks SET token = random(), ids = ?, codes = ? WHERE id = ?",
            (ids.tobytes(), bytes(codes), block),
        )
    else:
        conn.execute("DELETE FROM vector_blocks WHERE id = ?", (block,))


def drop_dead_slots(conn: sqlite3.Connection) -> None:
    """Take the slots of deleted vectors out of their blocks (inside the caller's transaction)."""
    dead: dict[str, set[int]] = {}
    for episode, group in conn.execute("SELECT episode_id, group_id FROM vector_drops"):
        dead.setdefault(group, set()).add(episode)
    for group, gone in dead.items():
        rows = conn.execute(
            "SELECT id, ids, codes FROM vector_blocks WHERE group_id = ?", (group,)
        ).fetchall()
        for block, blob, codes in rows:
            ids = array("q", blob)
            keep = [k for k, i in enumerate(ids) if i not in gone]
            if len(keep) == len(ids):
                continue
            width = len(codes) // len(ids)
            _write(
                conn,
                block,
                group,
                array("q", [ids[k] for k in keep]),
                b"".join(codes[k * width : (k + 1) * width] for k in keep),
            )
    if dead:
        conn.execute("DELETE FROM vector_drops")


def has_dead_slots(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT EXISTS (SELECT 1 FROM vector_drops)").fetchone()[0] == 1


def unpacked(conn: sqlite3.Connection) -> bool:
    """Whether the vectors were stored before blocks were (by an older graphmem)."""
    sql = "SELECT EXISTS (SELECT 1 FROM episode_vectors), EXISTS (SELECT 1 FROM vector_blocks)"
    return tuple(conn.execute(sql).fetchone()) == (1, 0)


def blocks(conn: sqlite3.Connection, groups: Sequence[str]) -> list[tuple[int, str, int]]:
    """(block, group, token) of every block of `groups`: what a reader checks its copy against."""
    marks = ",".join("?" * len(groups))
    return conn.execute(
        f"SELECT id, group_id, token FROM vector_blocks WHERE group_id IN ({marks})", groups
    ).fetchall()


def block(conn: sqlite3.Connection, block: int) -> tuple[int, bytes, bytes] | None:
    """(token, ids, codes) of `block`, or None once it is gone."""
    return conn.execute(
        "SELECT token, ids, codes FROM vector_blocks WHERE id = ?", (block,)
    ).fetchone()


def exact(conn: sqlite3.Connection, ids: Sequence[int]) -> list[tuple[int, bytes]]:
    """(id, vector) of those of `ids` still embedded."""
    marks = ",".join("?" * len(ids))
    return conn.execute(
        f"SELECT episode_id, vector FROM episode_vectors WHERE episode_id IN ({marks})", ids
    ).fetchall()


def everything(conn: sqlite3.Connection) -> list[tuple[int, str, bytes]]:
    """(id, group, vector) of every embedded episode, by id."""
    return conn.execute(
        "SELECT episode_id, group_id, vector FROM episode_vectors ORDER BY episode_id"
    ).fetchall()
