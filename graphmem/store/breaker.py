"""Cross-process coordination in the store: the circuit breaker toward the server, and leases.

Every graphmem process (hooks, cron drains, the CLI) is short-lived, so what one learns about the
server must be written down for the next: after a failure the breaker stays open for 5 s, then
15 s, 60 s and at most 300 s; while it is open nobody touches the network unless a person asked
(interactive commands force a fresh probe). When it reopens for a try ("half-open"), one process
at a time may probe, holding the `probe` lease; the others behave as if it were still open.

A lease is a named row with an owner and an expiry. The owner string carries the host and pid, so
a lease (or an outbox claim) held by a process that died on this machine is taken over at once
instead of after its expiry. stdlib only: the hook path reads the breaker.
"""

from __future__ import annotations

import os
import sqlite3
import time

from graphmem.record import record
from graphmem.store.db import now as timestamp

BACKOFF_S = (5.0, 15.0, 60.0, 300.0)
SERVER = "graphiti"  # the breaker's name: one server per store


def new_owner() -> str:
    """An owner id for leases and claims: host, pid, and a nonce (pids are reused)."""
    import socket

    return f"{socket.gethostname()}:{os.getpid()}:{os.urandom(4).hex()}"


def owner_alive(owner: str) -> bool:
    """False only when the owner is a process of this host that no longer exists."""
    import socket

    host, _, rest = owner.partition(":")
    pid_text = rest.split(":", 1)[0]
    if host != socket.gethostname() or not pid_text.isdigit():
        return True  # another machine's process: only its expiry can tell
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# -- breaker ----------------------------------------------------------------------------------


@record(frozen=True)
class Breaker:
    failures: int
    open_until: float  # epoch seconds; the network may be tried from then on
    last_error: str | None
    last_failure_at: str | None
    last_success_at: str | None

    def is_open(self, at: float | None = None) -> bool:
        return self.failures > 0 and (time.time() if at is None else at) < self.open_until


def read(conn: sqlite3.Connection) -> Breaker:
    row = conn.execute(
        "SELECT failures, open_until, last_error, last_failure_at, last_success_at "
        "FROM breaker WHERE name = ?",
        (SERVER,),
    ).fetchone()
    if row is None:
        return Breaker(0, 0.0, None, None, None)
    return Breaker(*row)


def record_failure(conn: sqlite3.Connection, error: str) -> Breaker:
    """One more consecutive failure: the breaker opens for the next step of the backoff."""
    failures = read(conn).failures + 1
    delay = BACKOFF_S[min(failures, len(BACKOFF_S)) - 1]
    conn.execute(
        "INSERT INTO breaker (name, failures, open_until, last_error, last_failure_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET failures = excluded.failures, "
        "open_until = excluded.open_until, last_error = excluded.last_error, "
        "last_failure_at = excluded.last_failure_at",
        (SERVER, failures, time.time() + delay, error, timestamp()),
    )
    return read(conn)


def record_success(conn: sqlite3.Connection) -> None:
    conn.execute(
        "INSERT INTO breaker (name, failures, open_until, last_success_at) VALUES (?, 0, 0, ?) "
        "ON CONFLICT (name) DO UPDATE SET failures = 0, open_until = 0, "
        "last_success_at = excluded.last_success_at",
        (SERVER, timestamp()),
    )


def may_try(conn: sqlite3.Connection, owner: str, lease_s: float) -> bool:
    """May this (non-interactive) process use the network now? Takes the probe lease if needed."""
    state = read(conn)
    if state.failures == 0:
        return True
    if state.is_open():
        return False
    return acquire(conn, "probe", owner, lease_s)


# -- leases -----------------------------------------------------------------------------------


def acquire(
    conn: sqlite3.Connection, name: str, owner: str, seconds: float, *, replacing: str = ""
) -> bool:
    """Take (or renew) lease `name`; False while another live owner holds it.

    `replacing` names a placeholder owner this process may take over (the lease a hook took
    while starting this background process). Call inside a write transaction.
    """
    at = time.time()
    row = conn.execute("SELECT owner, until FROM leases WHERE name = ?", (name,)).fetchone()
    mine = row is None or row[0] in (owner, replacing)
    if not mine and row[1] > at and owner_alive(row[0]):
        return False
    conn.execute(
        "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?) "
        "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until",
        (name, owner, at + seconds),
    )
    return True


def release(conn: sqlite3.Connection, name: str, owner: str) -> None:
    conn.execute("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner))


def held(conn: sqlite3.Connection, name: str) -> bool:
    """Is lease `name` held by a live owner right now?"""
    row = conn.execute("SELECT owner, until FROM leases WHERE name = ?", (name,)).fetchone()
    return row is not None and row[1] > time.time() and owner_alive(row[0])
