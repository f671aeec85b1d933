"""Talking to the Graphiti server on behalf of a person (status, search, dump, clear).

Interactive commands force a fresh probe whatever the breaker says, record the outcome in the
shared breaker, and keep the probe (a few seconds at most) apart from the work budget. A failure
is returned, not raised, where the command can still answer from the local store. Imports httpx:
never on the hook path.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from graphmem.backends.graphiti import Entity, Fact, GraphitiBackend, RemoteEpisode
from graphmem.backends.mcp import McpClient, McpError, Rejected, ServerInfo, Unreachable
from graphmem.record import field, record
from graphmem.store import breaker, endpoint, outbox, remote_cache
from graphmem.store.db import transaction
from graphmem.store.episodes import SOURCES, Episode
from graphmem.store.remote_cache import CachedFact

if TYPE_CHECKING:
    from graphmem.config import Config
    from graphmem.sync.shared import SpoolView


def open_backend(config: Config, moved_to: str | None = None) -> GraphitiBackend:
    client = McpClient(
        config.url,
        token=config.token or None,
        headers=config.headers,
        probe_timeout=config.probe_timeout,
        timeout=config.timeout,
        moved_to=moved_to,
    )
    return GraphitiBackend(client)


@contextmanager
def connected(spool: SpoolView) -> Iterator[GraphitiBackend]:
    """The server of this store, at the URL an earlier process's redirect led to (kept in the
    store, so each new process does not pay the redirect again); closed on the way out."""
    url = spool.config.url
    backend = open_backend(spool.config, endpoint.read(spool.conn, url))
    try:
        yield backend
    finally:
        backend.client.close()
        endpoint.remember(spool.conn, url, backend.client.url)


def iso(moment: datetime | None) -> str | None:
    """UTC text with a fixed shape, so stored timestamps compare as strings."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")


def still_valid(fact: Fact, at: datetime | None = None) -> bool:
    """False for a fact the graph has invalidated, or one that only becomes true later."""
    at = at or datetime.now(UTC)
    if fact.invalid_at is not None and fact.invalid_at <= at:
        return False
    if fact.expired_at is not None and fact.expired_at <= at:
        return False
    return fact.valid_at is None or fact.valid_at <= at


def cached(facts: Sequence[Fact], entities: Sequence[Entity]) -> list[CachedFact]:
    rows = [
        CachedFact(
            f.uuid,
            f.fact,
            f.group_id,
            iso(f.valid_at),
            iso(f.invalid_at),
            iso(f.created_at),
            "fact",
        )
        for f in facts
    ]
    rows += [
        CachedFact(
            e.uuid,
            f"{e.name}: {e.summary}",
            e.group_id,
            None,
            None,
            iso(e.created_at),
            "entity",
        )
        for e in entities
        if e.summary.strip()  # a bare name (nothing extracted yet) tells the model nothing
    ]
    return rows


def as_episode(remote: RemoteEpisode, origin: str) -> Episode:
    """A server episode as a local one (for dumps); the key is taken off its name."""
    created = remote.created_at or datetime.now(UTC)
    return Episode(
        group_id=remote.group_id,
        name=outbox.local_name(remote.name) or "episode",
        body=remote.content,
        source=remote.source if remote.source in SOURCES else "text",
        source_description=remote.source_description,
        kind="memory",
        origin=origin,
        uuid=remote.uuid,
        created_at=created.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
    )


def probe(config: Config) -> ServerInfo:
    """A fresh probe of the server `config` names, recorded nowhere (setup checks a url with it
    before saving it)."""
    backend = open_backend(config)
    try:
        return backend.status()
    finally:
        backend.client.close()


@contextmanager
def session(spool: SpoolView) -> Iterator[tuple[GraphitiBackend, ServerInfo]]:
    """The server for one command, after a fresh probe (whatever the breaker says).

    Whether the server could be reached is recorded in the breaker every process reads.
    """
    with connected(spool) as backend:
        try:
            info = backend.status()
            _record(spool, None)
            yield backend, info
        except Unreachable as exc:
            _record(spool, exc.reason)
            raise


def _record(spool: SpoolView, failure: str | None) -> None:
    with transaction(spool.conn):
        if failure is None:
            breaker.record_success(spool.conn)
        else:
            breaker.record_failure(spool.conn, failure)


@record
class RemoteAnswer:
    facts: list[Fact] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    error: str | None = None  # why the server did not answer
    unreachable: bool = False  # False when it answered with a refusal


def search(spool: SpoolView, query: str, groups: Sequence[str], limit: int) -> RemoteAnswer:
    """Facts (still valid) and entities from the server, cached locally; or why not."""
    try:
        with session(spool) as (backend, _):
            facts = [f for f in backend.search_facts(query, groups, limit) if still_valid(f)]
            entities = backend.search_nodes(query, groups, limit)
    except McpError as exc:
        return RemoteAnswer(error=str(exc), unreachable=isinstance(exc, Unreachable))
    with transaction(spool.conn):
        remote_cache.store(spool.conn, cached(facts, entities))
    return RemoteAnswer(facts, entities)


READ_BACK_WINDOW = 200  # newest episodes of the group read
READ_BACK_GRACE_S = 120.0  # an accepted episode may sit in the server's queue this long
GRAPH_FIX = (
    "set the server's FALKORDB_DATABASE (config: database.providers.falkordb.database) to "
    "{group!r}. graphiti-core 0.31+: get_episodes and clear_graph read only that graph; "
    "0.29.x: they read the graph written last, so also keep one group per server "
    "(docs/outage-resilience.md)"
)


@record(frozen=True)
class ReadBack:
    """Can the server read back what graphmem delivered to a group? (a round trip)"""

    group: str
    state: str  # ok | waiting | failed | unchecked | error
    detail: str
    fix: str = ""


def server_report(spool: SpoolView, group: str) -> tuple[ServerInfo, ReadBack]:
    """A fresh probe and the round-trip check of `group`, in one session."""
    with session(spool) as (backend, info):
        return info, _read_back(spool, backend, group)


def _read_back(spool: SpoolView, backend: GraphitiBackend, group: str) -> ReadBack:
    sent, oldest = outbox.sent_to(spool.conn, group)
    if not sent:
        return ReadBack(group, "unchecked", f"nothing delivered to {group} yet")
    try:
        shown = backend.get_episodes([group], READ_BACK_WINDOW)
    except Rejected as exc:
        return ReadBack(group, "error", f"get_episodes failed: {exc.reason}")
    ours = sum(1 for e in shown if e.group_id in ("", group) and outbox.key_in(e.name))
    if ours:
        return ReadBack(group, "ok", f"get_episodes shows {ours} of ours in {group}")
    if oldest and _age_s(oldest) < READ_BACK_GRACE_S:
        return ReadBack(group, "waiting", f"{sent} accepted, not shown yet (may still be queued)")
    return ReadBack(
        group,
        "failed",
        f"the server accepted {sent} episodes for {group} but its get_episodes shows none of "
        "them: it reads another graph, so delivery cannot be confirmed and clear not checked",
        GRAPH_FIX.format(group=group),
    )


def _age_s(stamp: str) -> float:
    return (
        datetime.now(UTC) - datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    ).total_seconds()


def episodes(spool: SpoolView, groups: Sequence[str], limit: int) -> list[RemoteEpisode]:
    with session(spool) as (backend, _):
        return backend.get_episodes(groups, limit)


CLEAR_CHECK = 50  # episodes read per group to check a clear


@record(frozen=True)
class Cleared:
    message: str  # what the server said it did
    before: dict[str, int]  # episodes get_episodes showed per group before the clear
    remaining: dict[str, int]  # and after it: should be none

    @property
    def verified(self) -> bool:
        """Whether get_episodes could show these groups at all (else the clear is unchecked)."""
        return any(self.before.values())


def clear(spool: SpoolView, groups: Sequence[str]) -> Cleared:
    """Clear exactly these groups on the server (never an argument-less clear_graph), then read
    them back: a server can answer "cleared" and still hold them (FalkorDB graph selection)."""
    with session(spool) as (backend, _):
        before = _shown(backend, groups)
        message = backend.clear(groups)
        remaining = _shown(backend, groups)
    return Cleared(message, before, remaining)


def _shown(backend: GraphitiBackend, groups: Sequence[str]) -> dict[str, int]:
    try:
        found = backend.get_episodes(groups, CLEAR_CHECK)
    except Rejected:
        found = []
    return {g: sum(1 for e in found if e.group_id == g) for g in groups}
