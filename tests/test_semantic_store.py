"""How the semantic extra keeps its vectors (graphmem/store/vectors.py): packed in blocks that a
search reads first, rescored from the exact vectors. What a search returns is what reading every
vector returned; deleted episodes, a store from before blocks, two processes embedding at once and
a long-lived process that keeps what it read all leave each embedded episode exactly one slot."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem import paths, semantic
from graphmem.store import db, vectors

if not semantic.available():  # under CI (which installs the extra) a skip fails the run
    pytest.skip("needs the semantic extra: pip install -e '.[semantic]'", allow_module_level=True)

import numpy as np

from graphmem.service import Memory
from tests.conftest import Cli
from tests.test_semantic import OTHERS, QUERY, TARGET

GLOBAL_NOTES = [
    "Prefer small pull requests with one concern each.",
    "Write commit messages that say why, not what.",
    "Money amounts are integers of cents, never floats.",
]


@pytest.fixture
def conn(project: Path, cli: Cli) -> Iterator[sqlite3.Connection]:
    """The store of `project`, with TARGET and OTHERS in it and GLOBAL_NOTES in the global group."""
    for text in [TARGET, *OTHERS]:
        cli.json("add", text)
    for text in GLOBAL_NOTES:
        cli.json("add", text, "--scope", "global")
    store = db.connect(paths.store_file())
    yield store
    store.close()


def groups() -> list[str]:
    return Memory.open().groups("all")


def slots(conn: sqlite3.Connection) -> list[int]:
    """The ids in every block, in no particular order, duplicates kept."""
    rows = conn.execute("SELECT ids FROM vector_blocks").fetchall()
    return [int(i) for (blob,) in rows for i in np.frombuffer(blob, dtype=np.int64)]


def embedded(conn: sqlite3.Connection) -> list[int]:
    return [i for (i,) in conn.execute("SELECT episode_id FROM episode_vectors ORDER BY 1")]


def episodes(conn: sqlite3.Connection) -> list[int]:
    return [i for (i,) in conn.execute("SELECT id FROM episodes ORDER BY 1")]


def every_vector_read(conn: sqlite3.Connection, query: str, limit: int) -> list[int]:
    """The search before blocks: every vector of the groups read and scored exactly."""
    marks = ",".join("?" * len(groups()))
    rows = conn.execute(
        f"SELECT episode_id, vector FROM episode_vectors WHERE group_id IN ({marks})", groups()
    ).fetchall()
    ids = np.array([i for i, _ in rows])
    matrix = np.frombuffer(b"".join(v for _, v in rows), dtype=semantic.STORED).reshape(-1, 256)
    scores = matrix.astype(np.float32) @ semantic.model().embed([query])[0]
    order = np.argsort(-scores, kind="stable")[:limit]
    least = max(semantic.MIN_SIMILARITY, semantic.RELATIVE * float(scores[order[0]]))
    return [int(ids[i]) for i in order if scores[i] >= least]


def body(conn: sqlite3.Connection, episode: int) -> str:
    return str(conn.execute("SELECT body FROM episodes WHERE id = ?", (episode,)).fetchone()[0])


def vector(conn: sqlite3.Connection, episode: int) -> np.ndarray:
    (blob,) = conn.execute(
        "SELECT vector FROM episode_vectors WHERE episode_id = ?", (episode,)
    ).fetchone()
    return np.frombuffer(blob, dtype=semantic.STORED).astype(np.float32)


QUERIES = [QUERY, "where do deploys come from", "how are amounts of money kept", TARGET]


def test_a_search_returns_what_reading_every_vector_returned(
    conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vectors, "BLOCK", 4)  # several blocks a group, the last one part full
    semantic.embed_missing(conn)
    assert len(embedded(conn)) == len(episodes(conn)) == 16
    assert sorted(slots(conn)) == embedded(conn)
    assert conn.execute("SELECT count(*) FROM vector_blocks").fetchone()[0] == 5  # 4+4+4+1, 3
    for query in QUERIES:
        assert semantic.nearest(conn, groups(), query, 50) == every_vector_read(conn, query, 50)
        assert semantic.nearest(conn, groups(), query, 3) == every_vector_read(conn, query, 3)
    # where the first pass keeps fewer than the store holds, a text still finds itself first
    monkeypatch.setattr(semantic, "RESCORE", 3)
    for text in (TARGET, OTHERS[5], GLOBAL_NOTES[2]):
        assert body(conn, semantic.nearest(conn, groups(), text, 10)[0]) == text


def test_a_deleted_episode_leaves_its_block_and_its_reused_id_gets_one_slot(
    conn: sqlite3.Connection, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vectors, "BLOCK", 4)
    semantic.embed_missing(conn)
    target = next(i for i in episodes(conn) if body(conn, i) == TARGET)
    newest = episodes(conn)[-1]
    with db.transaction(conn):
        conn.execute("DELETE FROM episodes WHERE id IN (?, ?)", (target, newest))
    assert target not in embedded(conn) and target in slots(conn)  # until the next write
    assert target not in semantic.nearest(conn, groups(), QUERY, 50)  # never shown meanwhile
    replacement = "Card payments settle through Stripe Connect every night."
    cli.json("add", replacement)
    assert episodes(conn)[-1] == newest  # SQLite gave the deleted id to the new episode
    # as when the deletion lands just after a search looked for dead slots: the write drops them
    monkeypatch.setattr(vectors, "has_dead_slots", lambda _: False)
    semantic.embed_missing(conn)
    assert sorted(slots(conn)) == embedded(conn) == episodes(conn)
    assert conn.execute("SELECT count(*) FROM vector_drops").fetchone()[0] == 0
    assert np.allclose(vector(conn, newest), semantic.model().embed([replacement])[0], atol=1e-3)
    assert semantic.nearest(conn, groups(), replacement, 1) == [newest]


def test_deleting_a_group_empties_its_blocks_and_a_long_lived_reader_forgets_them(
    conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graphmem.store import episodes as ep

    monkeypatch.setattr(semantic, "KEEP", True)  # as in the long-lived server
    semantic.embed_missing(conn)
    semantic.nearest(conn, groups(), QUERY, 10)
    kept = (paths.store_file(), Memory.open().global_group)
    assert len(semantic._READ[kept]) == 1
    ep.delete_groups(conn, [Memory.open().global_group])
    semantic.embed_missing(conn)
    assert sorted(slots(conn)) == embedded(conn) == episodes(conn)
    assert len(episodes(conn)) == 13
    semantic.nearest(conn, groups(), QUERY, 10)
    assert semantic._READ[kept] == {}


def test_a_vector_of_an_episode_that_changed_while_it_was_embedded_is_not_kept(
    conn: sqlite3.Connection,
) -> None:
    rows = vectors.missing(conn, 1)  # the newest, as a search embeds it
    (episode, group, digest, text) = rows[0]
    made = semantic.model().embed([text])[0]
    row = (episode, group, digest, made.astype(semantic.STORED).tobytes(), b"\0" * 128)
    with db.transaction(conn):  # meanwhile it is deleted and its id reused by another memory
        conn.execute("DELETE FROM episodes WHERE id = ?", (episode,))
        conn.execute(
            "INSERT INTO episodes (id, uuid, group_id, name, body, created_at, content_hash) "
            "VALUES (?, 'u-new', ?, 'n', 'Search runs on OpenSearch 2.', ?, 'h-new')",
            (episode, group, db.now()),
        )
    now = (episode, group, "h-new", *row[3:])
    with db.transaction(conn):
        assert vectors.put(conn, [row]) == 0
        assert vectors.put(conn, [now]) == 1
        assert vectors.put(conn, [now]) == 0  # stored already
    assert slots(conn) == embedded(conn) == [episode]


def old_store(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bytes]]:
    """A store as graphmem kept it before blocks: TARGET and OTHERS embedded, one row each."""
    before = next(i for i, (name, _) in enumerate(db.MIGRATIONS) if "packed in blocks" in name)
    with monkeypatch.context() as patch:
        patch.setattr(db, "MIGRATIONS", db.MIGRATIONS[:before])
        for text in [TARGET, *OTHERS]:
            cli.json("add", text)
        old = db.connect(paths.store_file())
        rows = old.execute("SELECT id, group_id, body FROM episodes").fetchall()
        made = semantic.model().embed([b for *_, b in rows]).astype(semantic.STORED)
        with db.transaction(old):
            old.executemany(
                "INSERT INTO episode_vectors (episode_id, group_id, vector) VALUES (?, ?, ?)",
                [(i, g, v.tobytes()) for (i, g, _), v in zip(rows, made, strict=True)],
            )
        kept = old.execute("SELECT episode_id, vector FROM episode_vectors ORDER BY 1").fetchall()
        assert "vector_blocks" not in {
            n for (n,) in old.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        old.close()
    return [(i, v) for i, v in kept]


def test_an_old_store_keeps_its_vectors_packed_not_embedded_again(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = old_store(cli, monkeypatch)
    model = semantic.model()
    texts: list[str] = []
    embed = model.embed
    monkeypatch.setattr(model, "embed", lambda t: texts.extend(t) or embed(t))
    rows = cli.json("search", QUERY)
    assert TARGET in rows[0]["snippet"]
    assert texts == [QUERY]  # the query only: every stored vector was kept
    conn = db.connect(paths.store_file())
    assert [
        (i, v) for i, v in conn.execute("SELECT episode_id, vector FROM episode_vectors")
    ] == kept
    assert sorted(slots(conn)) == embedded(conn) == [i for i, _ in kept]
    conn.close()


RACER = """
import sys, time
from graphmem import semantic
from graphmem.store import db
semantic.BATCH = 16
conn = db.connect(sys.argv[1])
while time.time() < float(sys.argv[2]):  # both start together
    time.sleep(0.001)
print(semantic.embed_missing(conn, budget_s=float("inf")))
"""


def test_two_processes_embedding_at_once_store_each_vector_once(project: Path) -> None:
    from benchmarks.corpus import episodes as generated

    path = paths.store_file()
    conn = db.connect(path)
    with db.transaction(conn):
        conn.executemany(
            "INSERT INTO episodes (uuid, group_id, name, body, source, source_description, "
            "kind, origin, session_id, created_at, content_hash) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            generated(300, "bench", seed=3),
        )
    start = str(time.time() + 3)  # past both processes' imports
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, path, start], stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    done = [int(r.communicate(timeout=120)[0]) for r in racers]
    assert [r.returncode for r in racers] == [0, 0]
    assert sum(done) == 300  # every vector stored by one of them, none twice
    assert sorted(slots(conn)) == embedded(conn) == episodes(conn)
    conn.close()


def test_a_long_lived_process_reads_again_only_the_blocks_that_changed(
    conn: sqlite3.Connection, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vectors, "BLOCK", 4)
    monkeypatch.setattr(semantic, "KEEP", False)  # a one-off process, whatever ran before
    semantic.embed_missing(conn)
    semantic.nearest(conn, groups(), QUERY, 10)
    assert all(semantic._READ[paths.store_file(), g] == {} for g in groups())  # none kept
    monkeypatch.setattr(semantic, "KEEP", True)  # as in the long-lived server
    semantic.nearest(conn, groups(), QUERY, 10)  # what it read it keeps
    read: list[int] = []
    block = vectors.block
    monkeypatch.setattr(vectors, "block", lambda c, b: read.append(b) or block(c, b))
    semantic.nearest(conn, groups(), QUERY, 10)
    assert read == []
    newest = "Search runs on OpenSearch 2 with one replica a shard."
    cli.json("add", newest)
    semantic.embed_missing(conn)
    found = semantic.nearest(conn, groups(), newest, 10)
    assert body(conn, found[0]) == newest
    assert read == [max(b for (b,) in conn.execute("SELECT id FROM vector_blocks"))]


def test_the_mcp_server_keeps_what_its_searches_read(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graphmem import server

    monkeypatch.setattr(semantic, "KEEP", False)  # a one-off `graphmem search` keeps nothing
    server.build(str(project))
    assert semantic.KEEP
