"""The circuit breaker and leases live in the store, so every process sees the same state."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem.store import breaker, db


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    connection = db.connect(tmp_path / "store.db")
    yield connection
    connection.close()


def fail(conn: sqlite3.Connection, error: str = "refused") -> breaker.Breaker:
    with db.transaction(conn):
        return breaker.record_failure(conn, error)


def test_failures_back_off_5_15_60_300_and_stay_capped(
    conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(breaker.time, "time", lambda: 1_000.0)
    delays = [fail(conn).open_until - 1_000.0 for _ in range(6)]
    assert delays == [5.0, 15.0, 60.0, 300.0, 300.0, 300.0]
    state = breaker.read(conn)
    assert state.is_open(1_299.0) and not state.is_open(1_300.0)
    assert state.last_error == "refused"


def test_success_resets(conn: sqlite3.Connection) -> None:
    fail(conn)
    fail(conn)
    with db.transaction(conn):
        breaker.record_success(conn)
    state = breaker.read(conn)
    assert state.failures == 0 and not state.is_open()
    assert state.last_success_at is not None
    assert fail(conn).failures == 1  # the next failure starts the backoff again


def test_open_breaker_refuses_and_half_open_admits_one_prober(
    conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = {"now": 1_000.0}
    monkeypatch.setattr(breaker.time, "time", lambda: clock["now"])
    fail(conn)
    with db.transaction(conn):
        assert not breaker.may_try(conn, "host:1:a", 10)  # open: nobody
    clock["now"] += 5.0  # half-open
    with db.transaction(conn):
        assert breaker.may_try(conn, "other-host:1:a", 10)
        assert not breaker.may_try(conn, "other-host:2:b", 10)  # one probe at a time
        assert breaker.may_try(conn, "other-host:1:a", 10)  # the prober itself may go on
    clock["now"] += 11.0  # the prober's lease expired (it hung or died elsewhere)
    with db.transaction(conn):
        assert breaker.may_try(conn, "other-host:2:b", 10)


def test_state_is_shared_between_processes(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    script = (
        "import sys; from pathlib import Path; from graphmem.store import breaker, db\n"
        "conn = db.connect(Path(sys.argv[1]))\n"
        "with db.transaction(conn): breaker.record_failure(conn, 'timeout')\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True)
    conn = db.connect(path)
    state = breaker.read(conn)
    assert state.failures == 1 and state.is_open() and state.last_error == "timeout"


def test_lease_of_a_dead_local_process_is_taken_over(conn: sqlite3.Connection) -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    dead_owner = f"{breaker.new_owner().split(':')[0]}:{child.pid}:x"
    with db.transaction(conn):
        assert breaker.acquire(conn, "drain", dead_owner, 600)
    with db.transaction(conn):
        assert not breaker.held(conn, "drain")
        assert breaker.acquire(conn, "drain", breaker.new_owner(), 600)


def test_live_lease_is_exclusive_and_a_placeholder_can_be_taken_over(
    conn: sqlite3.Connection,
) -> None:
    mine = breaker.new_owner()
    with db.transaction(conn):
        assert breaker.acquire(conn, "drain", "spawn:x", 600)
        assert breaker.held(conn, "drain")
        assert not breaker.acquire(conn, "drain", mine, 600)
        assert breaker.acquire(conn, "drain", mine, 600, replacing="spawn:x")
        assert not breaker.acquire(conn, "drain", "spawn:y", 600)
        breaker.release(conn, "drain", mine)
        assert not breaker.held(conn, "drain")
