"""Sync with the Graphiti server: what the hook path may call (stdlib only, no network).

Delivery never happens in a hook. Hooks read the health line, read the cache of remote facts,
note the prompt as a query for the next refresh, and start a detached background drain
(`graphmem spool drain --quiet`) when there is work and the breaker allows it. The network side
lives in graphmem.sync.drain and graphmem.sync.remote, which import httpx.
"""

from __future__ import annotations

import os
import subprocess
import sys

from graphmem.record import record
from graphmem.store import breaker, outbox, remote_cache
from graphmem.store.db import transaction
from graphmem.store.remote_cache import CachedFact, cached_facts, note_query, recent_cached

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import sqlite3

    from graphmem.service import Memory

__all__ = [
    "CachedFact",
    "Health",
    "cached_facts",
    "health",
    "maybe_start_background_drain",
    "note_query",
    "recent_cached",
]

DRAIN_LEASE = "drain"
REFRESH_LEASE = "refresh"
LEASE_ENV = "GRAPHMEM_DRAIN_LEASE"  # the placeholder lease a background drain takes over
STARTING_S = 15.0  # how long a placeholder holds the drain lease while the process starts
REFRESH_EVERY_S = 60.0  # a background run only to refresh the cache, at most this often


@record(frozen=True)
class Health:
    pending: int  # episodes waiting for the server
    dead: int  # given up (kept locally; `graphmem spool retry-dead`)
    breaker_open: bool
    last_error: str | None

    def line(self) -> str | None:
        """One line for the agent and the user, or None when all is well."""
        parts = []
        if self.pending:
            parts.append(f"{self.pending} memories waiting for the graph server")
        if self.dead:
            parts.append(f"{self.dead} not delivered (see `graphmem spool`)")
        if not parts:
            return None
        down = " (server unreachable)" if self.breaker_open else ""
        return "graphmem: " + "; ".join(parts) + down


def health(conn: sqlite3.Connection) -> Health:
    pending, dead = conn.execute(
        "SELECT COALESCE(SUM(state = 'pending'), 0), COALESCE(SUM(state = 'dead'), 0) "
        "FROM outbox WHERE state IN ('pending', 'dead')"
    ).fetchone()
    state = breaker.read(conn)
    return Health(pending, dead, state.is_open(), state.last_error if state.failures else None)


def maybe_start_background_drain(memory: Memory) -> bool:
    """Start `graphmem spool drain --quiet` detached when it has something to do; never waits.

    Something to do: pending entries, or prompts noted for a cache refresh (at most once a
    minute). Not while the breaker is open or a drain is running (or being started).
    """
    if memory.config.backend != "graphiti":
        return False
    conn = memory.conn
    if not outbox.has_pending(conn) and not (
        remote_cache.has_queries(conn) and not breaker.held(conn, REFRESH_LEASE)
    ):
        return False
    if breaker.read(conn).is_open() or breaker.held(conn, DRAIN_LEASE):
        return False
    placeholder = "spawn:" + breaker.new_owner()  # no pid of a live process: expiry decides
    with transaction(conn):
        if not breaker.acquire(conn, DRAIN_LEASE, placeholder, STARTING_S):
            return False
    _spawn_drain(memory, placeholder)
    return True


def _spawn_drain(memory: Memory, placeholder: str) -> None:
    subprocess.Popen(
        [sys.executable, "-m", "graphmem", "spool", "drain", "--quiet"],
        cwd=memory.config.project_root,
        env={**os.environ, LEASE_ENV: placeholder},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
