"""The embedded store: one SQLite file (WAL), created 0600, migrated in order.

Migrations are an ordered list; each applied one is recorded in `schema_migrations` and
`PRAGMA user_version` mirrors the count so the hook path checks the schema with one pragma.
Several processes (parallel hooks, cron drains, the CLI) open the store at once: WAL lets readers
run beside the writer and the busy timeout queues writers instead of failing them.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime

from graphmem.paths import private_dir

BUSY_TIMEOUT_MS = 10_000

MIGRATIONS: list[tuple[str, list[str]]] = [
    (
        "episodes with full-text search",
        [
            """CREATE TABLE episodes (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                group_id TEXT NOT NULL,
                name TEXT NOT NULL,
                body TEXT NOT NULL,
                source TEXT NOT NULL DEFAULT 'text' CHECK (source IN ('text', 'message', 'json')),
                source_description TEXT NOT NULL DEFAULT '',
                kind TEXT NOT NULL DEFAULT 'memory',
                origin TEXT NOT NULL DEFAULT '',
                session_id TEXT,
                created_at TEXT NOT NULL,
                content_hash TEXT NOT NULL
            )""",
            "CREATE UNIQUE INDEX episodes_content ON episodes (group_id, content_hash)",
            "CREATE INDEX episodes_recent ON episodes (group_id, created_at)",
            "CREATE INDEX episodes_kind ON episodes (group_id, kind, created_at)",
            "CREATE INDEX episodes_origin ON episodes (group_id, origin)",
            """CREATE VIRTUAL TABLE episodes_fts USING fts5 (
                name, body, content='episodes', content_rowid='id',
                tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """CREATE TRIGGER episodes_ai AFTER INSERT ON episodes BEGIN
                INSERT INTO episodes_fts (rowid, name, body) VALUES (new.id, new.name, new.body);
            END""",
            """CREATE TRIGGER episodes_ad AFTER DELETE ON episodes BEGIN
                INSERT INTO episodes_fts (episodes_fts, rowid, name, body)
                VALUES ('delete', old.id, old.name, old.body);
            END""",
        ],
    ),
    (
        "ingest manifest",
        [
            """CREATE TABLE ingest_manifest (
                group_id TEXT NOT NULL,
                path TEXT NOT NULL,
                digest TEXT NOT NULL,
                chunks INTEGER NOT NULL,
                ingested_at TEXT NOT NULL,
                PRIMARY KEY (group_id, path)
            )""",
        ],
    ),
    (
        "counters",
        ["CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)"],
    ),
    (
        "per-session hook state",
        [
            """CREATE TABLE sessions (
                session_id TEXT PRIMARY KEY,
                host TEXT NOT NULL,
                group_id TEXT NOT NULL,
                transcript_offset INTEGER NOT NULL DEFAULT 0,
                prompts INTEGER NOT NULL DEFAULT 0,
                injected_at_prompt INTEGER NOT NULL DEFAULT -1,
                reprompts INTEGER NOT NULL DEFAULT 0,
                reprompted_turn TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            )""",
            "CREATE INDEX sessions_updated ON sessions (updated_at)",
            """CREATE TABLE session_shown (
                session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
                item TEXT NOT NULL,
                PRIMARY KEY (session_id, item)
            ) WITHOUT ROWID""",
        ],
    ),
    (
        "graphiti sync: outbox, breaker and leases, cache of remote facts",
        [
            # One row per episode bound for the server. The episode itself stays in `episodes`;
            # `op` becomes 'delete' when a delivered episode is replaced locally (ingest).
            """CREATE TABLE outbox (
                id INTEGER PRIMARY KEY,
                episode_uuid TEXT NOT NULL UNIQUE,
                group_id TEXT NOT NULL,
                op TEXT NOT NULL DEFAULT 'add' CHECK (op IN ('add', 'delete')),
                state TEXT NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'acked', 'delivered', 'dead')),
                bytes INTEGER NOT NULL DEFAULT 0,
                attempts INTEGER NOT NULL DEFAULT 0,
                enqueued_at TEXT NOT NULL,
                claim_owner TEXT,
                claim_until REAL,
                sent_at TEXT,
                acked_at TEXT,
                delivered_at TEXT,
                remote_uuid TEXT,
                last_error TEXT,
                dead_reason TEXT
            )""",
            "CREATE INDEX outbox_state ON outbox (state, id)",
            "CREATE INDEX outbox_group ON outbox (group_id, state)",
            """CREATE TABLE breaker (
                name TEXT PRIMARY KEY,
                failures INTEGER NOT NULL DEFAULT 0,
                open_until REAL NOT NULL DEFAULT 0,
                last_error TEXT,
                last_failure_at TEXT,
                last_success_at TEXT
            )""",
            """CREATE TABLE leases (
                name TEXT PRIMARY KEY,
                owner TEXT NOT NULL,
                until REAL NOT NULL
            )""",
            """CREATE TABLE remote_cache (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL CHECK (kind IN ('fact', 'entity')),
                group_id TEXT NOT NULL,
                text TEXT NOT NULL,
                valid_at TEXT,
                invalid_at TEXT,
                created_at TEXT,
                fetched_at TEXT NOT NULL
            )""",
            "CREATE INDEX remote_cache_recent ON remote_cache (group_id, fetched_at)",
            """CREATE VIRTUAL TABLE remote_cache_fts USING fts5 (
                text, content='remote_cache', content_rowid='id',
                tokenize='porter unicode61 remove_diacritics 2'
            )""",
            """CREATE TRIGGER remote_cache_ai AFTER INSERT ON remote_cache BEGIN
                INSERT INTO remote_cache_fts (rowid, text) VALUES (new.id, new.text);
            END""",
            """CREATE TRIGGER remote_cache_ad AFTER DELETE ON remote_cache BEGIN
                INSERT INTO remote_cache_fts (remote_cache_fts, rowid, text)
                VALUES ('delete', old.id, old.text);
            END""",
            """CREATE TRIGGER remote_cache_au AFTER UPDATE OF text ON remote_cache BEGIN
                INSERT INTO remote_cache_fts (remote_cache_fts, rowid, text)
                VALUES ('delete', old.id, old.text);
                INSERT INTO remote_cache_fts (rowid, text) VALUES (new.id, new.text);
            END""",
            # Prompts seen by hooks: the next background run asks the server about them.
            """CREATE TABLE remote_queries (
                groups TEXT NOT NULL,
                query TEXT NOT NULL,
                noted_at TEXT NOT NULL,
                PRIMARY KEY (groups, query)
            )""",
        ],
    ),
    (
        "when a session was last shown memory",
        ["ALTER TABLE sessions ADD COLUMN injected_at TEXT"],
    ),
    (
        "forgotten episodes: kept and marked, never shown",
        [
            "ALTER TABLE episodes ADD COLUMN forgotten_at TEXT",
            "ALTER TABLE episodes ADD COLUMN forgotten_reason TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE episodes ADD COLUMN superseded_by TEXT",
        ],
    ),
    (
        "outbox: how often the server lost an episode it was processing (poison detection)",
        ["ALTER TABLE outbox ADD COLUMN losses INTEGER NOT NULL DEFAULT 0"],
    ),
    (
        "memory files a host keeps itself (Claude Code's Auto Memory), as imported",
        [
            """CREATE TABLE imported_notes (
                source TEXT NOT NULL,
                file TEXT NOT NULL,
                stamp TEXT NOT NULL,
                episode_uuid TEXT,
                indexed INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (source, file)
            ) WITHOUT ROWID""",
        ],
    ),
    (
        "the prompt at which a session was last shown each memory",
        ["ALTER TABLE session_shown ADD COLUMN prompt INTEGER NOT NULL DEFAULT 0"],
    ),
    (
        "curation: which captured episodes were curated, and each run",
        [
            "ALTER TABLE episodes ADD COLUMN curated_at TEXT",
            """CREATE TABLE curation_runs (
                id INTEGER PRIMARY KEY,
                started_at TEXT NOT NULL,
                finished_at TEXT,
                session_id TEXT,
                turns INTEGER NOT NULL DEFAULT 0,
                added INTEGER NOT NULL DEFAULT 0,
                superseded INTEGER NOT NULL DEFAULT 0,
                error TEXT
            )""",
        ],
    ),
    (
        "team memory: each group's last pull from the server, and this store's author id",
        [
            """CREATE TABLE team_pulls (
                group_id TEXT PRIMARY KEY,
                pulled_at TEXT NOT NULL,
                newest TEXT,
                stored INTEGER NOT NULL DEFAULT 0,
                gap TEXT NOT NULL DEFAULT ''
            ) WITHOUT ROWID""",
            "CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
        ],
    ),
    (
        "semantic search: each episode's embedding, computed by search (the semantic extra)",
        [
            """CREATE TABLE episode_vectors (
                episode_id INTEGER PRIMARY KEY REFERENCES episodes(id) ON DELETE CASCADE,
                group_id TEXT NOT NULL,
                vector BLOB NOT NULL
            )""",
        ],
    ),
    (
        "semantic search: vectors kept as float16 (half the bytes a search reads), made again",
        ["DELETE FROM episode_vectors"],
    ),
    (
        "semantic search: vectors also packed in blocks, what a search reads first",
        [
            # ids: int64 each; codes: one fixed-size code per id, in the same order; token: new
            # at every rewrite. AUTOINCREMENT: a block id is never reused, so neither is a copy.
            """CREATE TABLE vector_blocks (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                group_id TEXT NOT NULL,
                token INTEGER NOT NULL,
                ids BLOB NOT NULL,
                codes BLOB NOT NULL
            )""",
            "CREATE INDEX vector_blocks_group ON vector_blocks (group_id, id)",
            # deleted vectors whose slots are still in a block: the next write drops them
            "CREATE TABLE vector_drops (episode_id INTEGER NOT NULL, group_id TEXT NOT NULL)",
            """CREATE TRIGGER episode_vectors_ad AFTER DELETE ON episode_vectors BEGIN
                INSERT INTO vector_drops (episode_id, group_id)
                VALUES (old.episode_id, old.group_id);
            END""",
        ],
    ),
    (
        "episodes: a group's first and last by id in one seek (search's window of recent ids)",
        ["CREATE INDEX episodes_group ON episodes (group_id)"],  # its entries end with the id
    ),
    (
        "related words: the words of episodes near each word a prompt may use (semantic extra)",
        [
            # word: a word a prompt may use; near: a word of some episode, similar in meaning
            """CREATE TABLE related_words (
                word TEXT NOT NULL,
                near TEXT NOT NULL,
                similarity REAL NOT NULL,
                PRIMARY KEY (word, near)
            ) WITHOUT ROWID""",
            # the episodes' words related so far, and (store_meta `related_upto`) up to which id
            "CREATE TABLE related_done (word TEXT PRIMARY KEY) WITHOUT ROWID",
        ],
    ),
]


def now() -> str:
    """UTC timestamp, sortable as text."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def ago(seconds: float) -> str:
    """`now()` as it was `seconds` ago."""
    from datetime import timedelta

    return (datetime.now(UTC) - timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _create_private(path: str) -> None:
    private_dir(os.path.dirname(path))
    fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
    os.close(fd)


def explain(exc: sqlite3.DatabaseError, path: str) -> str:
    """What a store failure means for the user, and what to do."""
    reason = str(exc)
    if "locked" in reason or "busy" in reason:
        return (
            f"the store at {path} stayed busy for {BUSY_TIMEOUT_MS // 1000} s (another graphmem "
            "process holds its write lock); nothing was changed, try again"
        )
    return (
        f"the store at {path} is damaged ({reason}); move it aside (try `graphmem dump` first) "
        "and run again to start a new one"
    )


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """Open (creating 0600 if needed) and migrate the store at `path`."""
    path = os.fspath(path)
    if not os.path.exists(path):
        _create_private(path)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    # FULL: a memory acknowledged to the host survives a power cut, not only a crash.
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    if conn.execute("PRAGMA user_version").fetchone()[0] != len(MIGRATIONS):
        migrate(conn)
    return conn


def migrate(conn: sqlite3.Connection) -> None:
    with transaction(conn):
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        for version, (name, statements) in enumerate(MIGRATIONS, start=1):
            if version in done:
                continue
            for statement in statements:
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (version, name, now()),
            )
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")


class relaxed_durability:
    """`with relaxed_durability(conn):` synchronous=NORMAL, for writes that may be lost to a power
    cut (not a crash) because they can be redone; FULL again after, for what the caller keeps."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("PRAGMA synchronous = NORMAL")
        return self.conn

    def __exit__(self, *_: object) -> None:
        self.conn.execute("PRAGMA synchronous = FULL")


class transaction:
    """`with transaction(conn):` BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error).

    IMMEDIATE takes the write lock up front, so two processes never both read-then-write and
    deadlock; the busy timeout makes the second one wait its turn. Inside another transaction it
    is a savepoint: its work commits with the outer one, and an error undoes only its own part
    (then propagates), so a write path can be used alone or as one step of a larger one.
    `durable=False` commits without waiting for the disk (synchronous=NORMAL): for bookkeeping
    that can be redone, which a power cut (not a crash) may lose; never for a memory.
    """

    def __init__(self, conn: sqlite3.Connection, *, durable: bool = True) -> None:
        self.conn = conn
        self.nested = False
        self.durable = durable

    def __enter__(self) -> sqlite3.Connection:
        self.nested = self.conn.in_transaction
        if not (self.nested or self.durable):
            self.conn.execute("PRAGMA synchronous = NORMAL")
        # One name serves every depth: RELEASE and ROLLBACK TO act on the innermost of that name.
        self.conn.execute("SAVEPOINT nested" if self.nested else "BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, *_: object) -> None:
        if not self.nested:
            try:
                self.conn.execute("ROLLBACK" if exc_type else "COMMIT")
            finally:
                if not self.durable:
                    self.conn.execute("PRAGMA synchronous = FULL")
            return
        if exc_type:
            self.conn.execute("ROLLBACK TO nested")
        self.conn.execute("RELEASE nested")
