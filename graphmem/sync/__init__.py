"""The spool: everything between the local store and the Graphiti server, as one object.

`Spool` owns the outbox, the breaker and its leases, the cache of remote facts and the drain. The
service holds one and hands it the store connection, so queueing an episode joins the service's
transaction; the spool never imports the service.

Delivery never happens in a hook. Hooks read the health line, read the cache of remote facts,
note the prompt as a query for the next refresh, and start a detached background drain
(`graphmem spool drain --quiet`) when there is work and the breaker allows it. This module is
stdlib only; the network side lives in graphmem.sync.drain and graphmem.sync.remote (httpx),
imported by the methods that talk to the server.
"""

from __future__ import annotations

import os
import time

from graphmem.record import asdict, record
from graphmem.store import breaker, outbox, remote_cache
from graphmem.store import team as team_store  # graphmem.sync.team is the pull
from graphmem.store.db import transaction
from graphmem.store.outbox import Entry
from graphmem.store.remote_cache import CachedFact
from graphmem.sync.shared import (
    CONFIRM_EVERY_S,
    CONFIRM_LEASE,
    DRAIN_LEASE,
    LEASE_ENV,
    PULL_LEASE,
    REFRESH_LEASE,
    STARTING_S,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Sequence
    from typing import Any

    from graphmem.backends.graphiti import RemoteEpisode
    from graphmem.config import Config
    from graphmem.store.episodes import Episode
    from graphmem.sync.drain import DrainReport, Progress
    from graphmem.sync.remote import Cleared, RemoteAnswer

__all__ = [
    "CONFIRM_LEASE",
    "DRAIN_LEASE",
    "LEASE_ENV",
    "PULL_LEASE",
    "CachedFact",
    "Entry",
    "Health",
    "Spool",
]


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


class Spool:
    """The way to the Graphiti server for one store (`conn`) and one configuration; `groups`:
    the project's and the global group, whose teammates' memories each sync pulls."""

    def __init__(
        self, conn: sqlite3.Connection, config: Config, groups: Sequence[str] = ()
    ) -> None:
        self.conn = conn
        self.config = config
        self.groups = list(groups)

    # -- what the service's writes queue (inside the caller's transaction) -----------------

    def enqueue(self, episodes: Sequence[Episode]) -> None:
        outbox.enqueue(self.conn, episodes)

    def retire(self, episode_uuids: Sequence[str]) -> tuple[int, int]:
        """These episodes are deleted or forgotten locally: what never left is dropped, what may
        be on the server is queued for deletion there. Returns (dropped, deleting)."""
        return outbox.retire(self.conn, episode_uuids)

    def resend(self, episode: Episode) -> None:
        """Send `episode` again from the start (a forgotten memory was kept anew)."""
        outbox.resend(self.conn, episode)

    def forget_groups(self, groups: Sequence[str]) -> None:
        """Nothing more of these groups is sent, and their cached remote facts go."""
        outbox.forget_groups(self.conn, groups)
        remote_cache.forget_groups(self.conn, groups)

    # -- what hooks read and note (no network) ---------------------------------------------

    def health(self) -> Health:
        pending, dead = outbox.waiting(self.conn)
        state = breaker.read(self.conn)
        return Health(pending, dead, state.is_open(), state.last_error if state.failures else None)

    def cached_facts(self, query: str, groups: Sequence[str], limit: int) -> list[CachedFact]:
        return remote_cache.cached_facts(self.conn, query, groups, limit)

    def recent_cached(self, groups: Sequence[str], limit: int) -> list[CachedFact]:
        return remote_cache.recent_cached(self.conn, groups, limit)

    def note_query(self, groups: Sequence[str], query: str) -> None:
        """Ask the next background refresh to fetch the graph's facts for this."""
        remote_cache.note_query(self.conn, groups, query)

    def start_drain(self) -> bool:
        """Start `graphmem spool drain --quiet` detached when it has something to do; never
        waits.

        Something to do: pending entries, episodes the server accepted a while ago and that are
        not confirmed yet, prompts noted for a cache refresh, or a pull of teammates' memories
        (each at most once a minute).
        Not while the breaker is open or a drain is running (or being started).
        """
        conn = self.conn
        if not (
            outbox.has_pending(conn)
            or (outbox.confirm_due(conn, CONFIRM_EVERY_S) and not breaker.held(conn, CONFIRM_LEASE))
            or (remote_cache.has_queries(conn) and not breaker.held(conn, REFRESH_LEASE))
            or (self.pulling and not breaker.held(conn, PULL_LEASE))
        ):
            return False
        if breaker.read(conn).is_open() or breaker.held(conn, DRAIN_LEASE):
            return False
        placeholder = "spawn:" + breaker.new_owner()  # no pid of a live process: expiry decides
        with transaction(conn):
            if not breaker.acquire(conn, DRAIN_LEASE, placeholder, STARTING_S):
                return False
        _spawn_drain(self.config.project_root, placeholder)
        return True

    @property
    def pulling(self) -> bool:
        return self.config.pull_limit > 0 and bool(self.groups)

    # -- what a person sees and does (no network) ------------------------------------------

    def status(self) -> dict[str, Any]:
        """The outbox, the breaker and the pulls of teammates' memories, from the store only."""
        counts = outbox.counts(self.conn)
        state = breaker.read(self.conn)
        pulls = team_store.pulls(self.conn)
        return {
            "team": {
                "held": team_store.held(self.conn),
                "last_pull": max((p.pulled_at for p in pulls), default=None),
                "pulls": [asdict(p) for p in pulls],
            },
            "spool": counts.__dict__,
            "dead": [
                {"uuid": u, "group_id": g, "reason": r}
                for u, g, r in outbox.dead_entries(self.conn)
            ],
            "breaker": {
                "open": state.is_open(),
                "failures": state.failures,
                "retry_in_s": max(0.0, round(state.open_until - time.time(), 1)),
                "last_error": state.last_error,
                "last_failure_at": state.last_failure_at,
                "last_success_at": state.last_success_at,
            },
        }

    def retry_dead(self, group: str | None = None) -> int:
        with transaction(self.conn):
            return outbox.retry_dead(self.conn, group)

    def clear(self, group: str | None = None, *, dead_only: bool = False) -> int:
        with transaction(self.conn):
            return outbox.clear(self.conn, group=group, dead_only=dead_only)

    # -- the server (imports httpx) --------------------------------------------------------
    # Errors are graphmem.backends.mcp.McpError: Unreachable (exit 4) or Rejected (exit 5).

    def drain(
        self,
        *,
        max_entries: int | None = None,
        force: bool = False,
        progress: Progress | None = None,
    ) -> DrainReport:
        """Deliver pending entries now. `force` ignores an open breaker (a person asked)."""
        from graphmem.sync.drain import drain

        lease_from = os.environ.get(LEASE_ENV, "")  # set when started by `start_drain`
        return drain(
            self, max_entries=max_entries, force=force, progress=progress, lease_from=lease_from
        )

    def server_status(self, group: str) -> dict[str, Any]:
        """A fresh probe of the server, whether it reads back what was delivered to `group`, the
        shared breaker and the spool's counts."""
        from graphmem.backends.mcp import McpError
        from graphmem.sync import remote

        try:
            info, back = remote.server_report(self, group)
            server: dict[str, Any] = {
                "reachable": True,
                "name": info.name,
                "version": info.version,
                "protocol": info.protocol,
                "status": info.status,
                "message": info.message,
                "tools": list(info.tools),
                "read_back": asdict(back),
            }
        except McpError as exc:
            server = {"reachable": False, "error": str(exc)}
        return {"server": server, **self.status()}

    def search(self, query: str, groups: Sequence[str], limit: int) -> RemoteAnswer:
        """The server's facts (still valid) and entities, cached locally; or why not."""
        from graphmem.sync import remote

        return remote.search(self, query, groups, limit)

    def remote_episodes(self, groups: Sequence[str], limit: int) -> list[RemoteEpisode]:
        from graphmem.sync import remote

        return remote.episodes(self, groups, limit)

    def clear_remote(self, groups: Sequence[str]) -> Cleared:
        """Clear exactly these groups on the server (never an argument-less clear_graph), and
        what reading them back showed."""
        from graphmem.sync import remote

        return remote.clear(self, groups)


def _spawn_drain(cwd: str, placeholder: str) -> None:
    """Start the drain detached, handing it the placeholder lease to take over."""
    from graphmem import detach

    detach.start(["spool", "drain", "--quiet"], cwd, {LEASE_ENV: placeholder})
