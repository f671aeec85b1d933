"""The outbox ("spool"): every episode bound for the Graphiti server, until it is delivered.

States of a row:

- `pending`: to send (or, with `op = 'delete'`, to remove from the server). `sent_at` set on a
  pending row means a send was started and its outcome is unknown (the process died, or the call
  timed out): the next drain looks the episode up on the server before sending it again.
- `acked`: the server answered "queued". Graphiti only queues; `acked` rows are confirmed by
  finding their key in `get_episodes`, or found lost (see graphmem.sync.drain).
- `delivered`: seen on the server (`remote_uuid` known), or accepted where the server cannot show
  it. `dead`: given up, with `dead_reason`; the episode stays in the local store and
  `retry_dead` puts it back to pending.

Rows are claimed by a drain (`claim_owner`, `claim_until`) so two drains never send the same
entry. A claim of a dead process of this host is taken over at once, any other at its expiry.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Sequence

from graphmem.record import record
from graphmem.store.breaker import owner_alive
from graphmem.store.db import now
from graphmem.store.episodes import Episode

KEY_CHARS = 12
_KEY = re.compile(r"\s*\[(gm:[0-9a-f]{12})\]\s*$")


def key_of(episode_uuid: str) -> str:
    """The stable key carried in the episode's name on the server: `gm:<12 hex of the uuid>`."""
    return "gm:" + episode_uuid.replace("-", "")[:KEY_CHARS]


def remote_name(name: str, episode_uuid: str) -> str:
    return f"{name} [{key_of(episode_uuid)}]"


def key_in(remote: str) -> str | None:
    """The key at the end of an episode name on the server, if graphmem sent it."""
    found = _KEY.search(remote)
    return found.group(1) if found else None


def local_name(remote: str) -> str:
    """The episode name without its key."""
    return _KEY.sub("", remote).rstrip()


@record(frozen=True)
class Entry:
    id: int
    episode_uuid: str
    group_id: str
    op: str  # add | delete
    attempts: int
    losses: int  # times the server lost it while it was the one being processed (suspected)
    sent_at: str | None
    remote_uuid: str | None
    name: str  # the local episode's; empty for a delete of an episode gone locally
    body: str
    source: str
    source_description: str
    kind: str = "memory"  # the local episode's: teammates pull what was kept, not raw turns

    @property
    def key(self) -> str:
        return key_of(self.episode_uuid)


@record(frozen=True)
class Counts:
    pending: int
    uncertain: int  # pending rows whose last send has an unknown outcome
    acked: int
    delivered: int
    dead: int
    pending_bytes: int
    oldest_pending: str | None
    last_error: str | None


def enqueue(conn: sqlite3.Connection, episodes: Sequence[Episode]) -> None:
    conn.executemany(
        "INSERT OR IGNORE INTO outbox (episode_uuid, group_id, bytes, enqueued_at) "
        "VALUES (?, ?, ?, ?)",
        [
            (e.uuid, e.group_id, len(e.name.encode()) + len(e.body.encode()), now())
            for e in episodes
        ],
    )


def retire(conn: sqlite3.Connection, episode_uuids: Sequence[str]) -> tuple[int, int]:
    """These episodes are deleted or forgotten locally (ingest replaced or pruned a file, forget).

    What never left the machine is dropped; what may be on the server becomes a pending delete.
    Returns how many were dropped and how many will be deleted on the server.
    """
    if not episode_uuids:
        return 0, 0
    chosen = ",".join("?" * len(episode_uuids))
    dropped = conn.execute(
        f"DELETE FROM outbox WHERE episode_uuid IN ({chosen}) AND op = 'add' "
        "AND sent_at IS NULL AND state IN ('pending', 'dead')",
        list(episode_uuids),
    ).rowcount
    deleting = conn.execute(
        f"UPDATE outbox SET op = 'delete', state = 'pending', attempts = 0, sent_at = NULL, "
        "claim_owner = NULL, claim_until = NULL, last_error = NULL, dead_reason = NULL, "
        f"bytes = 0 WHERE episode_uuid IN ({chosen})",
        list(episode_uuids),
    ).rowcount
    return dropped, deleting


def resend(conn: sqlite3.Connection, episode: Episode) -> None:
    """Send `episode` again from the start (a forgotten memory was kept anew)."""
    conn.execute("DELETE FROM outbox WHERE episode_uuid = ?", (episode.uuid,))
    enqueue(conn, [episode])


def forget_groups(conn: sqlite3.Connection, groups: Sequence[str]) -> int:
    marks = ",".join("?" * len(groups))
    return conn.execute(f"DELETE FROM outbox WHERE group_id IN ({marks})", list(groups)).rowcount


# -- claiming and recording outcomes ----------------------------------------------------------

_ENTRY_SQL = (
    "SELECT o.id, o.episode_uuid, o.group_id, o.op, o.attempts, o.losses, o.sent_at, "
    "o.remote_uuid, "
    "o.claim_owner, o.claim_until, COALESCE(e.name, '') AS name, COALESCE(e.body, '') AS body, "
    "COALESCE(e.source, 'text') AS source, "
    "COALESCE(e.source_description, '') AS source_description, "
    "COALESCE(e.kind, 'memory') AS kind "
    "FROM outbox o LEFT JOIN episodes e ON e.uuid = o.episode_uuid "
)


def claim(conn: sqlite3.Connection, owner: str, limit: int, lease_s: float) -> list[Entry]:
    """Claim up to `limit` pending rows, oldest first. Call inside a write transaction.

    Rows this owner already holds were handled in this run (a rejection keeps its claim until
    the run ends), so they are not handed out again.
    """
    at = time.time()
    rows = conn.execute(
        _ENTRY_SQL + "WHERE o.state = 'pending' AND (o.claim_owner IS NULL OR o.claim_owner != ?) "
        "ORDER BY o.id LIMIT ?",
        (owner, limit * 4),
    ).fetchall()
    free = [
        r
        for r in rows
        if r["claim_owner"] is None or r["claim_until"] < at or not owner_alive(r["claim_owner"])
    ][:limit]
    conn.executemany(
        "UPDATE outbox SET claim_owner = ?, claim_until = ? WHERE id = ?",
        [(owner, at + lease_s, r["id"]) for r in free],
    )
    return [
        Entry(
            id=r["id"],
            episode_uuid=r["episode_uuid"],
            group_id=r["group_id"],
            op=r["op"],
            attempts=r["attempts"],
            losses=r["losses"],
            sent_at=r["sent_at"],
            remote_uuid=r["remote_uuid"],
            name=r["name"],
            body=r["body"],
            source=r["source"],
            source_description=r["source_description"],
            kind=r["kind"],
        )
        for r in free
    ]


def renew(conn: sqlite3.Connection, owner: str, lease_s: float) -> None:
    conn.execute(
        "UPDATE outbox SET claim_until = ? WHERE claim_owner = ? AND state = 'pending'",
        (time.time() + lease_s, owner),
    )


def release(conn: sqlite3.Connection, owner: str) -> None:
    conn.execute(
        "UPDATE outbox SET claim_owner = NULL, claim_until = NULL WHERE claim_owner = ?", (owner,)
    )


def drop(conn: sqlite3.Connection, entry_id: int) -> None:
    """Forget a row with nothing to send (its episode is gone locally)."""
    conn.execute("DELETE FROM outbox WHERE id = ?", (entry_id,))


def mark_sending(conn: sqlite3.Connection, entry_id: int, owner: str) -> bool:
    """Record that a send starts now; False when the claim was lost (never send then)."""
    cursor = conn.execute(
        "UPDATE outbox SET sent_at = ? WHERE id = ? AND claim_owner = ? AND state = 'pending'",
        (now(), entry_id, owner),
    )
    return cursor.rowcount == 1


_UNCLAIM = "claim_owner = NULL, claim_until = NULL"


def mark_acked(conn: sqlite3.Connection, entry_id: int, at: str | None = None) -> None:
    """The server queued it (`at`: when, if not now)."""
    conn.execute(
        f"UPDATE outbox SET state = 'acked', acked_at = ?, last_error = NULL, {_UNCLAIM} "
        "WHERE id = ?",
        (at or now(), entry_id),
    )


def mark_delivered(
    conn: sqlite3.Connection, entry_id: int, remote_uuid: str | None, note: str | None = None
) -> None:
    conn.execute(
        f"UPDATE outbox SET state = 'delivered', delivered_at = ?, "
        f"remote_uuid = COALESCE(?, remote_uuid), last_error = ?, {_UNCLAIM} WHERE id = ?",
        (now(), remote_uuid, note, entry_id),
    )


def mark_unsent(conn: sqlite3.Connection, entry_id: int, error: str, *, uncertain: bool) -> None:
    """A transport failure: no attempt counted. `uncertain` keeps `sent_at` (may have arrived)."""
    keep = "sent_at" if uncertain else "NULL"
    conn.execute(
        f"UPDATE outbox SET sent_at = {keep}, last_error = ?, {_UNCLAIM} WHERE id = ?",
        (error, entry_id),
    )


def mark_failed(conn: sqlite3.Connection, entry_id: int, error: str, max_attempts: int) -> bool:
    """The server rejected it (or accepted and lost it): one attempt. True when now dead.

    A claim is kept, so the same run does not send it again; the run releases it at its end.
    """
    conn.execute(
        "UPDATE outbox SET state = 'pending', attempts = attempts + 1, sent_at = NULL, "
        "last_error = ? WHERE id = ?",
        (error, entry_id),
    )
    cursor = conn.execute(
        "UPDATE outbox SET state = 'dead', dead_reason = ? WHERE id = ? AND attempts >= ?",
        (f"{error} ({max_attempts} attempts)", entry_id, max_attempts),
    )
    return cursor.rowcount == 1


QUARANTINE_AFTER = 2  # rounds of "accepted, then lost while the server processed it"


def mark_lost(
    conn: sqlite3.Connection, entry_id: int, reason: str, *, suspect: bool, max_attempts: int
) -> bool:
    """The server accepted it and then lost it: send it again. True when now dead.

    A `suspect` may be the episode the server was processing when it failed (see
    graphmem.sync.drain._confirm): it counts an attempt and a loss, and after QUARANTINE_AFTER
    losses it is dead with the reason, so a poison episode cannot take the server down in a loop.
    The others lost with it were only queued behind it: they count nothing.
    """
    counted = 1 if suspect else 0
    conn.execute(
        "UPDATE outbox SET state = 'pending', attempts = attempts + ?, losses = losses + ?, "
        "sent_at = NULL, last_error = ? WHERE id = ?",
        (counted, counted, reason, entry_id),
    )
    cursor = conn.execute(
        "UPDATE outbox SET state = 'dead', dead_reason = ? || ' (' || losses || ' times): "
        "quarantined so it cannot fail the server again; `graphmem spool retry-dead` re-sends it' "
        "WHERE id = ? AND losses >= ?",
        (reason, entry_id, QUARANTINE_AFTER),
    )
    if cursor.rowcount:
        return True
    cursor = conn.execute(
        "UPDATE outbox SET state = 'dead', dead_reason = ? WHERE id = ? AND attempts >= ?",
        (f"{reason} ({max_attempts} attempts)", entry_id, max_attempts),
    )
    return cursor.rowcount == 1


def confirm_due(conn: sqlite3.Connection, older_than_s: float) -> bool:
    """Are there episodes the server accepted more than `older_than_s` ago, not yet confirmed?"""
    cutoff = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(time.time() - older_than_s))
    return (
        conn.execute(
            "SELECT 1 FROM outbox WHERE state = 'acked' AND acked_at < ? LIMIT 1", (cutoff,)
        ).fetchone()
        is not None
    )


def acked(conn: sqlite3.Connection) -> dict[str, list[tuple[int, str, str, int]]]:
    """Acked rows per group, in the order the server acknowledged them:
    (id, uuid, acked_at, losses)."""
    found: dict[str, list[tuple[int, str, str, int]]] = {}
    rows = conn.execute(
        "SELECT id, episode_uuid, group_id, acked_at, losses FROM outbox WHERE state = 'acked' "
        "ORDER BY acked_at, id"
    )
    for entry_id, episode_uuid, group_id, acked_at, losses in rows:
        found.setdefault(group_id, []).append((entry_id, episode_uuid, acked_at, losses))
    return found


def latest_confirmed(conn: sqlite3.Connection, group: str) -> tuple[str | None, str]:
    """When the newest of the group's rows seen on the server was acknowledged, and when one
    was last newly seen there (the server's progress)."""
    latest, progress = conn.execute(
        "SELECT MAX(acked_at), MAX(delivered_at) FROM outbox WHERE group_id = ? "
        "AND state = 'delivered' AND remote_uuid IS NOT NULL",
        (group,),
    ).fetchone()
    return latest, progress or "1970-01-01T00:00:00Z"


def sent_to(conn: sqlite3.Connection, group: str) -> tuple[int, str | None]:
    """How many of the group's episodes the server accepted (or showed), and the oldest
    acknowledgement among them."""
    count, oldest = conn.execute(
        "SELECT COUNT(*), MIN(acked_at) FROM outbox WHERE group_id = ? AND op = 'add' "
        "AND state IN ('acked', 'delivered') AND acked_at IS NOT NULL",
        (group,),
    ).fetchone()
    return count, oldest


# -- bounds, status, and what a person may do -------------------------------------------------


def enforce_bounds(
    conn: sqlite3.Connection, *, max_pending: int, max_bytes: int, max_age_days: int
) -> int:
    """Mark dead what exceeds the bounds (the oldest go first); returns how many."""
    cutoff = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(time.time() - max_age_days * 86_400))
    dead = conn.execute(
        "UPDATE outbox SET state = 'dead', dead_reason = ?, claim_owner = NULL "
        "WHERE state = 'pending' AND enqueued_at < ?",
        (f"waited more than {max_age_days} days for the server", cutoff),
    ).rowcount
    # Newest first, with running totals: a row is kept while both totals stay in bounds.
    over = conn.execute(
        "SELECT id FROM (SELECT id, COUNT(*) OVER w AS n, SUM(bytes) OVER w AS b FROM outbox "
        "WHERE state = 'pending' WINDOW w AS (ORDER BY id DESC ROWS UNBOUNDED PRECEDING)) "
        "WHERE n > ? OR b > ?",
        (max_pending, max_bytes),
    ).fetchall()
    reason = f"spool over its bounds ({max_pending} entries / {max_bytes} bytes)"
    conn.executemany(
        "UPDATE outbox SET state = 'dead', dead_reason = ?, claim_owner = NULL WHERE id = ?",
        [(reason, row[0]) for row in over],
    )
    return dead + len(over)


def counts(conn: sqlite3.Connection) -> Counts:
    by_state = dict.fromkeys(("pending", "acked", "delivered", "dead"), 0)
    for state, n in conn.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state"):
        by_state[state] = n
    uncertain, pending_bytes, oldest = conn.execute(
        "SELECT COUNT(sent_at), COALESCE(SUM(bytes), 0), MIN(enqueued_at) FROM outbox "
        "WHERE state = 'pending'"
    ).fetchone()
    last = conn.execute(
        "SELECT last_error FROM outbox WHERE state = 'pending' AND last_error IS NOT NULL "
        "ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return Counts(
        pending=by_state["pending"],
        uncertain=uncertain,
        acked=by_state["acked"],
        delivered=by_state["delivered"],
        dead=by_state["dead"],
        pending_bytes=pending_bytes,
        oldest_pending=oldest,
        last_error=last[0] if last else None,
    )


def dead_entries(conn: sqlite3.Connection, limit: int = 20) -> list[tuple[str, str, str]]:
    """(episode uuid, group, reason) of the newest dead rows."""
    rows = conn.execute(
        "SELECT episode_uuid, group_id, dead_reason FROM outbox WHERE state = 'dead' "
        "ORDER BY id DESC LIMIT ?",
        (limit,),
    )
    return [(u, g, r or "") for u, g, r in rows]


def _scope(group: str | None) -> tuple[str, tuple[str, ...]]:
    return (" AND group_id = ?", (group,)) if group else ("", ())


def retry_dead(conn: sqlite3.Connection, group: str | None = None) -> int:
    where, args = _scope(group)
    return conn.execute(
        "UPDATE outbox SET state = 'pending', attempts = 0, losses = 0, dead_reason = NULL, "
        f"sent_at = NULL, enqueued_at = ? WHERE state = 'dead'{where}",
        (now(), *args),
    ).rowcount


def clear(conn: sqlite3.Connection, *, group: str | None = None, dead_only: bool = False) -> int:
    """Stop delivering: drop pending (and dead) rows; the episodes stay in the local store."""
    where, args = _scope(group)
    states = "('dead')" if dead_only else "('pending', 'dead')"
    return conn.execute(f"DELETE FROM outbox WHERE state IN {states}{where}", args).rowcount


def waiting(conn: sqlite3.Connection) -> tuple[int, int]:
    """(pending, dead): what the health line reports, in one cheap query for the hook path."""
    pending, dead = conn.execute(
        "SELECT COALESCE(SUM(state = 'pending'), 0), COALESCE(SUM(state = 'dead'), 0) "
        "FROM outbox WHERE state IN ('pending', 'dead')"
    ).fetchone()
    return pending, dead


def has_pending(conn: sqlite3.Connection) -> bool:
    return (
        conn.execute("SELECT 1 FROM outbox WHERE state = 'pending' LIMIT 1").fetchone() is not None
    )
