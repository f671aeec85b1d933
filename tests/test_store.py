"""The embedded store: private file, recorded migrations, and no lost writes under concurrency."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from graphmem import paths
from graphmem.store import db, episodes
from graphmem.store.episodes import Episode
from tests.conftest import Cli


def test_new_store_is_private_and_records_its_migrations(graphmem_home: Path) -> None:
    conn = db.connect(Path(paths.store_file()))
    assert stat.S_IMODE(Path(paths.store_file()).stat().st_mode) == 0o600
    assert stat.S_IMODE(Path(paths.data_dir()).stat().st_mode) == 0o700
    rows = conn.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == list(range(1, len(db.MIGRATIONS) + 1))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(db.MIGRATIONS)


def test_reopening_does_not_reapply_migrations(graphmem_home: Path) -> None:
    db.connect(Path(paths.store_file())).close()
    conn = db.connect(Path(paths.store_file()))
    assert conn.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] == len(
        db.MIGRATIONS
    )


def test_a_failed_transaction_leaves_nothing(graphmem_home: Path) -> None:
    conn = db.connect(Path(paths.store_file()))
    try:
        with db.transaction(conn):
            conn.execute("INSERT INTO counters (name, value) VALUES ('x', 1)")
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert conn.execute("SELECT COUNT(*) FROM counters").fetchone()[0] == 0


def _counters(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM counters ORDER BY name")]


def test_a_nested_transaction_commits_with_the_outer_one(graphmem_home: Path) -> None:
    conn = db.connect(Path(paths.store_file()))
    with db.transaction(conn):
        conn.execute("INSERT INTO counters (name, value) VALUES ('outer', 1)")
        with db.transaction(conn), db.transaction(conn):
            conn.execute("INSERT INTO counters (name, value) VALUES ('inner', 1)")
        assert conn.in_transaction  # the inner exit did not commit the outer work early
        try:
            with db.transaction(conn):
                conn.execute("INSERT INTO counters (name, value) VALUES ('failed', 1)")
                raise RuntimeError("boom")
        except RuntimeError:
            pass
        conn.execute("INSERT INTO counters (name, value) VALUES ('after', 1)")
    other = db.connect(Path(paths.store_file()))  # what another process sees: committed work
    assert _counters(other) == ["after", "inner", "outer"]


def test_a_failed_outer_transaction_undoes_its_nested_ones(graphmem_home: Path) -> None:
    conn = db.connect(Path(paths.store_file()))
    try:
        with db.transaction(conn):
            with db.transaction(conn):
                conn.execute("INSERT INTO counters (name, value) VALUES ('inner', 1)")
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert not conn.in_transaction
    assert _counters(conn) == []


WRITER = """
import sys
from graphmem.service import Memory
memory = Memory.open()
for i in range(int(sys.argv[2])):
    memory.remember(f"writer {sys.argv[1]} memory {i}", origin="test")
"""


def test_many_processes_adding_at_once_lose_nothing(project: Path, cli: Cli) -> None:
    writers, each = 8, 40
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(w), str(each)], env=os.environ.copy())
        for w in range(writers)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0] * writers
    counts = cli.json("status")["episodes"]
    assert sum(counts.values()) == writers * each
    assert len(cli.json("search", "writer memory", "--limit", "1000")) == writers * each


def test_an_episode_dated_before_the_newest_but_stored_after_is_found_by_common_words(
    project: Path, cli: Cli, tmp_path: Path
) -> None:
    # What two processes writing at once produce (one dates its episode first and commits it
    # second), and what a dump of older memories loaded into a used store does: ids and dates
    # disagree. A search of common words only ranks a window of the newest ids.
    for i in range(20):
        cli.json("add", f"writer memory {i}")
    older = tmp_path / "older.jsonl"
    cli("dump", str(older), "--format", "jsonl")
    lines = older.read_text().splitlines()
    record = json.loads(lines[-1])
    record.update(uuid="0b0e5c1e-0000-4000-8000-000000000001", body="writer memory of last year")
    record.update(name="writer memory of last year", created_at="2025-01-05T10:00:00.000000Z")
    older.write_text(lines[0] + "\n" + json.dumps(record) + "\n")  # the header, one record
    assert cli.json("load", str(older))["added"] == 1
    found = [hit["uuid"] for hit in cli.json("search", "writer memory", "--limit", "100")]
    assert len(found) == 21 and record["uuid"] in found


def test_a_corrupt_store_gives_a_clear_error(project: Path, cli: Cli) -> None:
    store = Path(paths.store_file())
    store.parent.mkdir(parents=True)
    store.write_bytes(b"this is not a database" * 100)
    result = cli("status")
    assert result.exit_code == 1
    assert "is damaged" in result.stderr and "move it aside" in result.stderr


def test_a_damaged_page_gives_a_clear_error_not_a_traceback(project: Path, cli: Cli) -> None:
    for i in range(200):
        cli.json("add", f"fact number {i} " + "padding " * 40)
    store = Path(paths.store_file())
    writer = sqlite3.connect(store)
    writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything into the main file
    writer.close()
    data = bytearray(store.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    half = len(data) // 2 // page * page  # pages of episodes and their index, past the schema
    data[half : len(data) - page] = b"\xa5" * (len(data) - page - half)
    store.write_bytes(bytes(data))
    result = cli("search", "fact")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "is damaged" in result.stderr and "Traceback" not in result.output


def test_lock_contention_gives_a_clear_error(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.json("add", "first")
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 200)
    holder = sqlite3.connect(paths.store_file(), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process in the middle of a long write
    try:
        result = cli("add", "second")
    finally:
        holder.rollback()
        holder.close()
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "busy" in result.stderr and "try again" in result.stderr


def test_every_folder_is_created_private_whatever_the_umask(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "deep" / "er" / "home"
    monkeypatch.setenv("GRAPHMEM_HOME", str(home))
    old = os.umask(0)
    try:
        cli.json("add", "x marks the spot")
    finally:
        os.umask(old)
    for folder in (tmp_path / "deep", tmp_path / "deep" / "er", home, home / "data"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


@pytest.mark.parametrize("what", ["folder open to others", "store open to others", "not ours"])
def test_a_store_others_can_write_is_refused(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    cli.json("add", "a private fact")
    store = Path(paths.store_file())
    if what == "folder open to others":
        store.parent.chmod(0o777)
    elif what == "store open to others":
        store.chmod(0o666)
    else:
        monkeypatch.setattr(os, "getuid", lambda: os.stat(store).st_uid + 1)
    result = cli("search", "private")
    assert result.exit_code == 3 and "not private to you" in result.stderr
    assert "private fact" not in result.stdout


def test_a_config_cache_others_could_write_is_not_believed(project: Path, cli: Cli) -> None:
    config_file = Path(paths.user_config_file())
    config_file.parent.mkdir(parents=True)
    config_file.write_text("max_reprompts = 1\n")
    then = config_file.stat().st_mtime - 3600
    os.utime(config_file, (then, then))
    cli.json("status")  # caches the parse
    cache = Path(paths.config_cache_file())
    planted = cache.read_text().replace('"max_reprompts": 1', '"project_group": "planted"')
    cache.write_text(planted)
    assert cli.json("status")["project"]["group_id"] == "planted"  # our own cache is believed
    cache.chmod(0o666)
    assert cli.json("status")["project"]["group_id"] != "planted"


def test_fts_index_follows_deletes(project: Path, cli: Cli) -> None:
    cli.json("add", "ephemeral zebra fact")
    cli.json("clear", "--yes")
    assert cli.json("search", "zebra") == []
    conn = sqlite3.connect(Path(paths.store_file()))
    conn.execute("INSERT INTO episodes_fts (episodes_fts) VALUES ('integrity-check')")


def test_recent_merges_groups_and_kinds_newest_first(graphmem_home: Path) -> None:
    conn = db.connect(Path(paths.store_file()))
    stamps = iter(f"2026-01-01T00:00:{s:02d}Z" for s in range(60))
    made: list[Episode] = []
    mix = [("a", "memory"), ("b", "doc"), ("a", "turn"), ("a", "doc"), ("c", "doc")]
    for group, kind in mix * 3:
        episode = Episode(group, f"{kind} {len(made)}", "body", kind=kind, created_at=next(stamps))
        made.append(episode)
    with db.transaction(conn):
        for episode in made:
            episodes.insert(conn, episode)
    got = episodes.recent(conn, ["a", "b"], 4, ("memory", "doc"))
    wanted = [e for e in made if e.group_id in "ab" and e.kind in ("memory", "doc")][::-1][:4]
    assert [e.name for e in got] == [e.name for e in wanted] and len(got) == 4
    assert episodes.recent(conn, ["a"], 10, ("summary",)) == []
    assert episodes.recent(conn, [], 10, ("doc",)) == []
