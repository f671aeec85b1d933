"""Team memory: the kept memories of teammates, pulled from the Graphiti server as written.

What graphmem sends carries a tag at the end of its source description, `[gm <kind> by
<user@host>/<author id>]`, so a pull tells what a teammate kept on purpose (a memory, a
correction, a summary) from raw turns, and this store's own episodes from everyone else's. Each
sync reads the newest `pull_limit` episodes of each group (get_episodes has no cursor) and keeps
the others' as read-only episodes (origin `team:<author>`), deduplicated against everything the
store holds. The network comes first and the store after, in one transaction: an interrupted
pull stores nothing, and the next one does it all.

Imports no network code itself: the drain hands it `fetch`.
"""

from __future__ import annotations

import getpass
import re
import socket
from collections.abc import Callable, Sequence
from datetime import UTC
from typing import TYPE_CHECKING

from graphmem.record import field, record, replace
from graphmem.redact import Redactor
from graphmem.store import episodes as ep
from graphmem.store import outbox, team
from graphmem.store.db import now, transaction
from graphmem.store.episodes import KINDS, SOURCES, Episode

if TYPE_CHECKING:
    import sqlite3

    from graphmem.backends.graphiti import RemoteEpisode
    from graphmem.config import Config

_TAG = re.compile(r"\s*\[gm (\w+) by ([^\]\s/]*)/([0-9a-f]{8})\]\s*$")
_UNSAFE = re.compile(r"[^\w.@-]+")
OTHER_GRAPH = (
    "get_episodes lists other groups only: the server reads another graph, so teammates' "
    "memories of this group cannot be pulled (docs/outage-resilience.md: FALKORDB_DATABASE)"
)

Fetch = Callable[[str, int], "list[RemoteEpisode]"]


def author() -> str:
    """Who keeps memories on this machine, as teammates see it: user@host."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "someone"
    return _UNSAFE.sub("", f"{user}@{socket.gethostname()}")[:64]


def described(description: str, kind: str, author_id: str, by: str | None = None) -> str:
    """The source description sent to the server: the episode's own, then the tag."""
    return f"{description} [gm {kind} by {by if by is not None else author()}/{author_id}]".strip()


def parse(description: str) -> tuple[str, str | None, str, str]:
    """(description without the tag, kind, author, author id); kind None without a tag."""
    found = _TAG.search(description)
    if not found:
        return description, None, "", ""
    by = _UNSAFE.sub("", found.group(2))  # shown to the model: word characters only
    return description[: found.start()], found.group(1), by, found.group(3)


@record
class PullReport:
    stored: int = 0  # teammates' episodes new in the store
    seen: int = 0  # episodes the server listed
    own: int = 0  # this store's own episodes, left alone
    turns: int = 0  # raw turns of others, left on the server (pull_turns off)
    capped: bool = False  # the byte cap stopped the run: the rest comes next time
    gaps: list[str] = field(default_factory=list)  # groups where older episodes may be missed
    refused: list[str] = field(default_factory=list)  # groups whose get_episodes failed


def pull(
    conn: sqlite3.Connection,
    config: Config,
    groups: Sequence[str],
    fetch: Fetch,
    *,
    refused: type[Exception] = Exception,
) -> PullReport:
    """Pull the newest episodes of `groups` into the store. `fetch(group, n)` reads the server
    (its transport errors propagate: nothing is stored); `refused` is the error of a group the
    server will not list, noted and skipped."""
    report = PullReport()
    limit = config.pull_limit
    if limit <= 0 or not groups:
        return report
    windows: dict[str, list[RemoteEpisode]] = {}
    blind: set[str] = set()  # groups the server's get_episodes does not read
    for group in groups:
        try:
            listed = fetch(group, limit)
        except refused as exc:
            report.refused.append(f"{group}: {exc}")
            continue
        windows[group] = _window(listed, group, limit)
        if listed and not windows[group]:
            blind.add(group)
    redactor = Redactor(config.redact_patterns, config.redact_allowlist)
    room = config.pull_max_bytes
    with transaction(conn):
        me = team.author_id(conn)
        for group, window in windows.items():
            report.seen += len(window)
            previous = team.last(conn, group)
            stored = 0
            capped = False
            held = team.held_uuids(conn, [r.uuid for r in window])  # pulled before: no redacting
            for remote in window:
                if remote.uuid in held:
                    continue
                episode = _episode(conn, remote, group, me, config.pull_turns, report)
                if episode is None:
                    continue
                episode = _cleaned(episode, redactor)
                size = len(episode.name.encode()) + len(episode.body.encode())
                if size > config.pull_max_bytes:
                    continue  # larger than a whole run may take: never pulled
                if size > room:
                    capped = True
                    break
                if ep.insert(conn, episode):
                    room -= size
                    stored += 1
            report.stored += stored
            report.capped |= capped
            gap = OTHER_GRAPH if group in blind else _gap(window, limit, previous, capped)
            if gap:
                report.gaps.append(f"{group}: {gap}")
            newest = previous.newest if previous else None
            if window and not capped:  # the whole window was read: it is covered now
                newest = max(filter(None, [newest, _stamp(window[0])]))
            team.record_pull(conn, team.Pull(group, now(), newest, stored, gap))
    return report


def _window(found: list[RemoteEpisode], group: str, limit: int) -> list[RemoteEpisode]:
    """The group's episodes newest first, at most `limit` (a server may list more)."""
    mine = [e for e in found if e.group_id in ("", group) and e.uuid]
    return sorted(mine, key=_stamp, reverse=True)[:limit]


def _stamp(remote: RemoteEpisode) -> str:
    if remote.created_at is None:
        return ""
    return remote.created_at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _episode(
    conn: sqlite3.Connection,
    remote: RemoteEpisode,
    group: str,
    me: str,
    turns: bool,
    report: PullReport,
) -> Episode | None:
    """The server's episode as a teammate's, or None: this store's own, or a turn not wanted."""
    description, kind, by, author_id = parse(remote.source_description)
    key = outbox.key_in(remote.name)
    if author_id == me or (key and team.holds_key(conn, key)):
        report.own += 1
        return None
    if kind not in KINDS:
        kind = "turn" if remote.source == "message" else "memory"
    if kind == "turn" and not turns:
        report.turns += 1
        return None
    return Episode(
        group_id=group,
        name=outbox.local_name(remote.name) or "episode",
        body=remote.content,
        source=remote.source if remote.source in SOURCES else "text",
        source_description=description,
        kind=kind,
        origin=f"{ep.TEAM_ORIGIN}:{by}" if by else ep.TEAM_ORIGIN,
        uuid=remote.uuid,
        created_at=_stamp(remote) or now(),
    )


def _cleaned(episode: Episode, redactor: Redactor) -> Episode:
    """What another client sent may hold secrets: kept here redacted, as everything is."""
    return replace(
        episode,
        name=redactor.redact(episode.name).text,
        body=redactor.redact(episode.body).text,
        source_description=redactor.redact(episode.source_description).text,
    )


def _gap(window: list[RemoteEpisode], limit: int, previous: team.Pull | None, capped: bool) -> str:
    """Why episodes older than this window may never have been pulled, or ''."""
    if capped:
        return "more than pull_max_bytes this run: the rest comes with the next pulls"
    if len(window) < limit:
        return ""  # the server listed the whole group
    oldest = _stamp(window[-1])
    if previous is None or previous.newest is None:
        return f"only the newest {limit} were pulled (pull_limit); older ones stay on the server"
    if oldest > previous.newest:
        return (
            f"all {limit} listed were new: more may have been missed since the last pull "
            "(raise pull_limit or sync more often)"
        )
    return ""
