"""Delivering the outbox to the Graphiti server: `graphmem spool drain` and background runs.

One drain:

1. marks dead what exceeds the spool's bounds (no network);
2. asks the breaker (unless a person forced it) and probes the server;
3. claims batches of pending rows and sends them one by one, stopping at the first transport
   failure (the breaker opens; nothing counted against the episodes). A rejection counts one
   attempt; after `spool_max_attempts` the row is dead with the server's reason;
4. confirms acked rows with `get_episodes` (see `_confirm`), re-queueing what the server lost;
5. refreshes the cache of remote facts for the prompts hooks noted;
6. pulls teammates' kept memories (graphmem.sync.team).

No duplicates: a row is sent only by the drain holding its claim, and `sent_at` is written
before the request. A row found with `sent_at` set and no acknowledgement (the drain died, or
the call timed out) is looked up by its key on the server before anything is sent again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from graphmem.backends.graphiti import GraphitiBackend, RemoteEpisode
from graphmem.backends.mcp import McpError, Rejected, Unreachable
from graphmem.record import field, record
from graphmem.store import breaker, outbox, remote_cache
from graphmem.store import team as team_store
from graphmem.store.db import now, relaxed_durability, transaction
from graphmem.store.outbox import Entry
from graphmem.sync.remote import cached, connected, still_valid
from graphmem.sync.shared import (
    CONFIRM_EVERY_S,
    CONFIRM_LEASE,
    DRAIN_LEASE,
    PULL_EVERY_S,
    PULL_LEASE,
    REFRESH_EVERY_S,
    REFRESH_LEASE,
)
from graphmem.sync.team import PullReport, described, pull

if TYPE_CHECKING:
    import sqlite3

    from graphmem.sync.shared import SpoolView

BATCH = 25
SENDERS = 4  # add_memory calls in flight at once
# Transport failures after which the request may have reached the server: look before resending.
UNCERTAIN = frozenset({"timeout", "transport error", "bad answer"}) | {
    f"http {code}" for code in range(500, 600)
}
# A server found so right after a send failed mid-request has died: nothing listens (refused),
# or the proxy in front of it answers for it (docker's closes the connection, others say 502/503).
DOWN = frozenset({"refused", "transport error", "http 502", "http 503"})
# How much later another episode must have been acknowledged before its presence on the server
# proves an absent earlier one lost (the server's queue is FIFO per group; the margin covers two
# drains acknowledging in a different order than the server queued).
CONFIRM_MARGIN_S = 10.0
# A group where get_episodes never showed one of ours: after this long, "queued" is all we get.
UNCONFIRMABLE_AFTER_S = 3600.0
FAILED_ALONE = (
    "accepted by the server, then not stored while later episodes were: its processing of this "
    "episode failed (see the server's log)"
)
DROPPED_AS_IT_DIED = (
    "sent as the server died (the connection dropped, then the server was down): it may have "
    "killed the server"
)
SERVER_FAILED = (
    "accepted by the server, which then stopped answering ({error}) and lost it: it may have "
    "died processing this episode"
)
LOST_WITH_QUEUE = (
    "accepted by the server, then lost with everything queued after it: the server died or "
    "restarted while processing it"
)
EPISODE_WINDOW = 200  # get_episodes rows read per group when confirming
REFRESH_QUERIES = 5  # noted prompts asked of the server per run
REFRESH_RETRY_S = 5.0  # after a refresh that found nothing, ask again this soon
RENEW_EVERY_S = 10.0  # claims last two work timeouts: renewing more often only costs commits

Progress = Callable[[str, Entry], None]
T = TypeVar("T")


@record
class _Window:
    """What get_episodes showed of a group: our episodes there, by key."""

    ours: dict[str, RemoteEpisode] | None  # None: the server refused to list the group
    # The newest EPISODE_WINDOW episodes only: when the window is full (others write the group
    # too), one of ours acknowledged before its oldest may lie beyond it, so its absence there
    # proves nothing. The epoch from which it does (-inf when the whole group was shown).
    horizon: float = float("-inf")
    refused: str = ""  # why get_episodes failed


@record
class DrainReport:
    sent: int = 0  # accepted by the server this run
    confirmed: int = 0  # seen on the server this run
    deleted: int = 0  # removed from the server (replaced ingest chunks)
    rejected: int = 0  # rejections counted this run
    dead: list[str] = field(default_factory=list)  # reasons of rows that died this run
    requeued: int = 0  # acknowledged earlier, found lost on the server
    refreshed: int = 0  # cached facts and entities refreshed
    pulled: PullReport = field(default_factory=PullReport)  # teammates' memories
    unreachable: str | None = None  # why the run stopped early
    skipped: str | None = None  # why the run did nothing (breaker open)


def drain(
    spool: SpoolView,
    *,
    max_entries: int | None = None,
    force: bool = False,
    progress: Progress | None = None,
    lease_from: str = "",
) -> DrainReport:
    """Deliver pending rows. `force` ignores an open breaker (a person asked)."""
    # Every capture was written with synchronous=FULL; the outbox's bookkeeping can trade that
    # for speed: a power cut (not a crash) may lose the last acknowledgement, and that row is
    # then looked up or sent again.
    with relaxed_durability(spool.conn):
        return _drain(spool, max_entries, force, progress, lease_from)


def _drain(
    spool: SpoolView,
    max_entries: int | None,
    force: bool,
    progress: Progress | None,
    lease_from: str,
) -> DrainReport:
    config = spool.config
    conn = spool.conn
    owner = breaker.new_owner()
    lease_s = config.timeout * 2 + 30
    report = DrainReport()
    with transaction(conn):
        outbox.enforce_bounds(
            conn,
            max_pending=config.spool_max_pending,
            max_bytes=config.spool_max_bytes,
            max_age_days=config.spool_max_age_days,
        )
        leased = breaker.acquire(conn, DRAIN_LEASE, owner, lease_s, replacing=lease_from)
        allowed = force or breaker.may_try(conn, owner, config.probe_timeout + 5)
    if lease_from and not leased:
        # A background drain started while another ran: claims would keep them apart, but
        # one is enough. (Cron and people's drains run regardless.)
        report.skipped = "another drain is running"
    elif not allowed:
        report.skipped = "the server failed recently; the breaker is open"
    if report.skipped:
        _release(conn, owner)
        return report
    try:
        with connected(spool) as backend:
            _Run(spool, backend, owner, lease_s, report, progress).run(max_entries)
    finally:
        _release(conn, owner)
    return report


def _release(conn: sqlite3.Connection, owner: str) -> None:
    with transaction(conn):
        outbox.release(conn, owner)
        breaker.release(conn, DRAIN_LEASE, owner)
        breaker.release(conn, "probe", owner)


class _Stop(Exception):
    """The server became unreachable: end the run, the breaker has been told."""


class _Run:
    def __init__(
        self,
        spool: SpoolView,
        backend: GraphitiBackend,
        owner: str,
        lease_s: float,
        report: DrainReport,
        progress: Progress | None,
    ) -> None:
        self.conn = spool.conn
        self.spool = spool
        self.backend = backend
        self.owner = owner
        self.lease_s = lease_s
        self.report = report
        self.progress = progress or (lambda _what, _entry: None)
        self.max_attempts = spool.config.spool_max_attempts
        self.confirm_after_s = spool.config.spool_confirm_after_s
        self.seen: dict[str, _Window] = {}  # group -> what get_episodes showed
        self.failure = ""  # the short reason of the last transport failure

    def run(self, max_entries: int | None) -> None:
        budget = max_entries if max_entries is not None else float("inf")
        with ThreadPoolExecutor(SENDERS, thread_name_prefix="graphmem-send") as self.senders:
            self._run(budget)

    def _run(self, budget: float) -> None:
        try:
            self._call(self.backend.status)
            self._record(None)
            with transaction(self.conn):
                self.author_id = team_store.author_id(self.conn)
            # Twice: the confirmation may re-queue what the server lost.
            for _ in range(2):
                budget -= self._send_pending(budget)
                if not self._confirm() or budget <= 0:
                    break
            self._refresh()
            self._pull()
        except _Stop:
            pass

    # -- the network, with the breaker told about every transport failure ----------------------

    def _call(self, operation: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        try:
            return operation(*args, **kwargs)
        except Unreachable as exc:
            self.report.unreachable = str(exc)
            self.failure = exc.reason
            self._record(exc.reason)
            raise _Stop from None

    def _record(self, failure: str | None) -> None:
        with transaction(self.conn):
            if failure is None:
                breaker.record_success(self.conn)
                breaker.release(self.conn, "probe", self.owner)
            else:
                breaker.record_failure(self.conn, failure)

    # -- sending ----------------------------------------------------------------------------

    def _send_pending(self, budget: float) -> int:
        handled = 0
        renewed = time.monotonic()
        while handled < budget:
            with transaction(self.conn):
                batch = outbox.claim(
                    self.conn, self.owner, int(min(BATCH, budget - handled)), self.lease_s
                )
                breaker.acquire(self.conn, DRAIN_LEASE, self.owner, self.lease_s)
            if not batch:
                break
            sends = [entry for entry in batch if self._handle(entry)]
            for entry in sends:  # suspected of failing the server: alone, first, in order
                if entry.losses:
                    self._send([entry])
            self._send([entry for entry in sends if not entry.losses])
            handled += len(batch)
            if time.monotonic() - renewed > RENEW_EVERY_S:
                with transaction(self.conn):
                    outbox.renew(self.conn, self.owner, self.lease_s)
                renewed = time.monotonic()
        return handled

    def _handle(self, entry: Entry) -> bool:
        """Settle what needs no add_memory call; True when the entry is to be sent."""
        if entry.op == "delete":
            self._delete(entry)
        elif not entry.name and not entry.body:
            with transaction(self.conn):  # the episode is gone locally (cleared): nothing to send
                outbox.drop(self.conn, entry.id)
        elif (entry.sent_at is None and not entry.losses) or not self._look_first(entry):
            return True
        return False

    def _send(self, entries: list[Entry]) -> None:
        """add_memory for each entry, SENDERS calls in flight at once (the server only queues,
        and answers while it extracts: waiting for each answer in turn left both sides idle).

        Every `sent_at` is committed before any request. After a transport failure, requests
        not started yet are withdrawn (never sent); those in flight get their outcome.
        """
        with transaction(self.conn):  # a claim taken over: the other drain owns that row now
            mine = [e for e in entries if outbox.mark_sending(self.conn, e.id, self.owner)]
        calls = {self.senders.submit(self._add, entry): entry for entry in mine}
        stop: Unreachable | None = None
        dropped: list[Entry] = []  # in flight when the transport failed: outcome unknown
        for call in as_completed(calls):
            entry = calls[call]
            if call.cancelled():  # withdrawn before it started: never sent
                with transaction(self.conn):
                    outbox.mark_unsent(self.conn, entry.id, self.failure, uncertain=False)
                continue
            try:
                started = call.result()
            except Unreachable as exc:
                if stop is None:
                    stop, self.failure = exc, exc.reason
                    for other in calls:
                        other.cancel()
                uncertain = exc.reason in UNCERTAIN
                with transaction(self.conn):
                    outbox.mark_unsent(self.conn, entry.id, exc.reason, uncertain=uncertain)
                if uncertain:
                    dropped.append(entry)
                continue
            except (McpError, ValueError) as exc:
                self._failed(entry, str(exc))
                continue
            with transaction(self.conn):  # committed at once: a kill loses no acknowledgement
                outbox.mark_acked(self.conn, entry.id, started)
            self.seen.pop(entry.group_id, None)
            self.report.sent += 1
            self.progress("sent", entry)
        if stop is not None:
            if dropped and self._server_died():
                self._lost_as_it_died(dropped)
            self._call(_raise, stop)  # the breaker is told, the run ends

    def _server_died(self) -> bool:
        """Is the server down right after a send failed mid-request? Then it died, and what it
        had queued died with it. A network failure shows as no route or a timeout instead."""
        try:
            self.backend.status()
        except Unreachable as exc:
            return exc.reason in DOWN
        return False

    def _lost_as_it_died(self, entries: list[Entry]) -> None:
        """Episodes in flight when the server died: each may be what killed it, and the server
        may never answer one that does (its worker can be faster than its reply). Each counts
        a loss, as `_confirm` counts the lost episodes it cannot tell apart, and is re-sent
        alone, after a look on the server (it may have been stored before the death)."""
        for entry in entries:
            with transaction(self.conn):
                dead = outbox.mark_lost(
                    self.conn,
                    entry.id,
                    DROPPED_AS_IT_DIED,
                    suspect=True,
                    max_attempts=self.max_attempts,
                )
            if dead:
                self.report.dead.append(DROPPED_AS_IT_DIED)
            else:
                self.report.requeued += 1

    def _add(self, entry: Entry) -> str:
        """Send one episode; when the request started. Acknowledgements are stamped with it:
        the order of the starts, not of the answers, is the order of the server's queue that
        `_confirm` reasons about (which lost episode the server was processing)."""
        started = now()
        self.backend.add_episode(
            name=outbox.remote_name(entry.name, entry.episode_uuid),
            body=entry.body,
            group_id=entry.group_id,
            source=entry.source,
            source_description=described(entry.source_description, entry.kind, self.author_id),
        )
        return started

    def _failed(self, entry: Entry, reason: str) -> None:
        with transaction(self.conn):
            dead = outbox.mark_failed(self.conn, entry.id, reason, self.max_attempts)
        self.report.rejected += 1
        if dead:
            self.report.dead.append(reason)
        self.progress("dead" if dead else "rejected", entry)

    def _look_first(self, entry: Entry) -> bool:
        """A send with an unknown outcome, or one the server lost (it may have stored it after
        all): True when settled without sending again.

        Found on the server: delivered. An unknown outcome not found, while the server shows
        this group: it may still be queued there, so it becomes acked as of when it was sent
        (the server queued it then, if at all: episodes accepted clearly later prove it lost)
        and `_confirm` decides. Otherwise (lost, or the group is invisible: FalkorDB's
        get_episodes reads only the default graph) send again, accepting a possible duplicate
        over a possible loss.
        """
        ours = self._ours(entry.group_id)
        found = ours.get(entry.key) if ours is not None else None
        queued = found is None and entry.sent_at is not None and bool(ours)
        with transaction(self.conn):
            if found is not None:
                outbox.mark_delivered(self.conn, entry.id, found.uuid)
            elif queued:
                outbox.mark_acked(self.conn, entry.id, entry.sent_at)
        if found is not None:
            self.report.confirmed += 1
            self.progress("confirmed", entry)
        return found is not None or queued

    def _delete(self, entry: Entry) -> None:
        """Remove a replaced episode from the server, when it can be found there."""
        target = entry.remote_uuid
        if target is None:
            ours = self._ours(entry.group_id) or {}
            target = ours[entry.key].uuid if entry.key in ours else None
        note = None
        if target is None:
            note = "not found on the server (its get_episodes may not show this group)"
        else:
            try:
                self._call(self.backend.delete_episode, target)
                self.report.deleted += 1
            except Rejected as exc:
                note = f"delete refused: {exc.reason}"
        with transaction(self.conn):
            outbox.mark_delivered(self.conn, entry.id, None, note)
        self.seen.pop(entry.group_id, None)
        self.progress("deleted", entry)

    # -- confirming -------------------------------------------------------------------------

    def _ours(self, group: str) -> dict[str, RemoteEpisode] | None:
        """Our episodes (by key) among the group's newest on the server; None if it refused."""
        return self._window(group).ours

    def _window(self, group: str) -> _Window:
        if group not in self.seen:
            try:
                episodes = self._call(self.backend.get_episodes, [group], EPISODE_WINDOW)
            except McpError as exc:
                self.seen[group] = _Window(None, refused=exc.reason)
                return self.seen[group]
            found = {}
            for episode in episodes:
                key = outbox.key_in(episode.name)
                if key and episode.group_id in ("", group):
                    found[key] = episode
            horizon = float("-inf")
            if len(episodes) >= EPISODE_WINDOW:
                stamps = [e.created_at.timestamp() for e in episodes if e.created_at]
                horizon = min(stamps) if len(stamps) == len(episodes) else float("inf")
            self.seen[group] = _Window(found, horizon)
        return self.seen[group]

    def _confirm(self) -> bool:
        """Confirm acked rows; True when some were found lost and re-queued.

        Seen on the server: delivered, with the remote uuid. Absent, it was lost when either
        - an episode acknowledged clearly later (CONFIRM_MARGIN_S) is present: the server's FIFO
          queue passed it (its processing failed, or a restart dropped the queue); or
        - the clock ran out: `spool_confirm_after_s` passed since it was acknowledged and since
          the server last showed progress in the group (one of ours newly seen), so it is not
          merely waiting in a slow queue: the server died or restarted holding it.
        Lost rows are re-queued. The first of each run of lost rows is the one the server was
        processing, but episodes sent together (SENDERS at once) reach its queue in any order, so
        the first SENDERS of the run are suspects (outbox.mark_lost: quarantined after 2 such
        rounds). A suspect is re-sent alone and first, so the next round names it exactly, and
        a poison episode fails the server twice at most. Otherwise it may
        still be queued and stays acked. Where absence proves nothing, a row is delivered,
        unconfirmed, UNCONFIRMABLE_AFTER_S after it was accepted: in a group where none of ours
        was ever seen (FalkorDB's get_episodes reads one graph), when get_episodes fails, and
        when the group's newest EPISODE_WINDOW episodes are all later than it (others write
        there too).
        """
        lost = 0
        failure = breaker.read(self.conn)
        for group, rows in outbox.acked(self.conn).items():
            window = self._window(group)
            ours = window.ours
            if ours is None:
                self._unconfirmable(rows, f"get_episodes failed: {window.refused}")
                continue
            present = [(i, u, at) for i, u, at, _ in rows if outbox.key_of(u) in ours]
            with transaction(self.conn):
                for entry_id, episode_uuid, _ in present:
                    outbox.mark_delivered(
                        self.conn, entry_id, ours[outbox.key_of(episode_uuid)].uuid
                    )
            self.report.confirmed += len(present)
            latest, progress = outbox.latest_confirmed(self.conn, group)
            if latest is None:
                self._unconfirmable(rows, "the server's get_episodes does not show this group")
                continue
            hidden = window.horizon + CONFIRM_MARGIN_S  # absent and acked before: unknown
            beyond = [r for r in rows if outbox.key_of(r[1]) not in ours and _epoch(r[2]) < hidden]
            self._unconfirmable(beyond, "others' later episodes hide it from get_episodes")
            stalled_before = time.time() - self.confirm_after_s
            run, suspects = 0, 1  # lost rows in a row so far; how many of them are suspects
            for entry_id, episode_uuid, acked_at, losses in rows:
                if outbox.key_of(episode_uuid) in ours:
                    run = 0
                    continue
                if _epoch(acked_at) < hidden:
                    run = 0  # beyond the window: present or not, it cannot be seen
                    continue
                passed = _clearly_before(acked_at, latest)
                if not passed and max(_epoch(acked_at), _epoch(progress)) > stalled_before:
                    run = 0  # may still be in the server's queue
                    continue
                if failure.last_failure_at and failure.last_failure_at > acked_at:
                    reason = SERVER_FAILED.format(error=failure.last_error)
                else:
                    reason = FAILED_ALONE if acked_at < latest else LOST_WITH_QUEUE
                with transaction(self.conn):
                    dead = outbox.mark_lost(
                        self.conn,
                        entry_id,
                        reason,
                        suspect=run < suspects,
                        max_attempts=self.max_attempts,
                    )
                if run == 0:  # sent alone (a suspect already), or together with others
                    suspects = 1 if losses else SENDERS
                run += 1
                if dead:
                    self.report.dead.append(reason)
                else:
                    lost += 1
        self.report.requeued += lost
        with transaction(self.conn):  # hooks start the next confirming run a minute from now
            breaker.acquire(self.conn, CONFIRM_LEASE, "cooldown", CONFIRM_EVERY_S)
        return lost > 0

    def _unconfirmable(self, rows: list[tuple[int, str, str, int]], why: str) -> None:
        """Rows that cannot be confirmed: delivered, unconfirmed, once UNCONFIRMABLE_AFTER_S
        has passed since the server accepted them (re-sending could only duplicate them)."""
        note = f"accepted; not confirmable ({why})"
        cutoff = time.time() - UNCONFIRMABLE_AFTER_S
        with transaction(self.conn):
            for entry_id, _, acked_at, _ in rows:
                if _epoch(acked_at) < cutoff:
                    outbox.mark_delivered(self.conn, entry_id, None, note)

    # -- the cache of remote facts ----------------------------------------------------------

    def _refresh(self) -> None:
        with transaction(self.conn):
            if breaker.held(self.conn, REFRESH_LEASE):
                return
            queries = remote_cache.take_queries(self.conn, REFRESH_QUERIES)
            if not queries:
                return  # a delivery-only run must not hold back the next prompt's refresh
            breaker.acquire(self.conn, REFRESH_LEASE, "cooldown", REFRESH_RETRY_S)
        found = 0
        for groups, query in queries:
            try:
                facts = self._call(self.backend.search_facts, query, groups, 20)
                nodes = self._call(self.backend.search_nodes, query, groups, 10)
            except (Rejected, ValueError):
                continue  # a query the server cannot take; the next prompt brings another
            rows = cached([f for f in facts if still_valid(f)], nodes)
            with transaction(self.conn):
                remote_cache.store(self.conn, rows)
            self.report.refreshed += len(rows)
            found += len(rows)
        if found:  # nothing found (often: not extracted yet) may be asked again soon
            with transaction(self.conn):
                breaker.acquire(self.conn, REFRESH_LEASE, "cooldown", REFRESH_EVERY_S)

    # -- teammates' memories ----------------------------------------------------------------

    def _pull(self) -> None:
        if not self.spool.config.pull_limit or not self.spool.groups:
            return
        self.report.pulled = pull(
            self.conn,
            self.spool.config,
            self.spool.groups,
            lambda group, n: self._call(self.backend.get_episodes, [group], n),
            refused=Rejected,
        )
        with transaction(self.conn):  # hooks start the next pulling run a minute from now
            breaker.acquire(self.conn, PULL_LEASE, "cooldown", PULL_EVERY_S)


def _raise(error: Exception) -> None:
    raise error


def _clearly_before(earlier: str, later: str) -> bool:
    return _epoch(later) - _epoch(earlier) >= CONFIRM_MARGIN_S


def _epoch(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
