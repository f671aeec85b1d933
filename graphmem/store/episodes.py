"""Episodes: the unit of memory, and full-text search over them."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from itertools import pairwise

from graphmem.ids import digest, new_uuid
from graphmem.record import field, record, replace
from graphmem.store import related
from graphmem.store.db import now, transaction

SOURCES = ("text", "message", "json")
# What an episode is; `load` refuses others (a made-up kind could be pinned above all recall).
KINDS = ("memory", "turn", "summary", "correction", "preference", "doc")
TEAM_ORIGIN = "team"  # a teammate's episode pulled from the server: `team:<user@host>`

# Words too common to rank on; a query made only of these answers empty rather than everything.
STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves""".split()
)
COMMON_DOCS = 400  # a word in more episodes than this (or a third of the store) is common
COMMON_SHARE = 3
NEXT_TURN_GAP = 100  # rows between a session's turns (other sessions' in parallel, memories)
RECENT_SCAN = 1_000  # episodes a query of common words only is ranked over
LEAD_CHARS = 160  # the start of a body shown for a hit with no query word in it


@record(frozen=True)
class Episode:
    group_id: str
    name: str
    body: str
    source: str = "text"
    source_description: str = ""
    kind: str = "memory"  # one of KINDS
    origin: str = ""  # who wrote it: cli, hook:<host>, ingest:<path>, load
    session_id: str | None = None
    uuid: str = field(default_factory=new_uuid)
    created_at: str = field(default_factory=now)
    # Set by `forget`: the episode stays in the store and the dump, and is never shown again.
    forgotten_at: str | None = None
    forgotten_reason: str = ""
    superseded_by: str | None = None  # the uuid of the memory that replaces this one

    @property
    def teammate(self) -> str | None:
        """Who kept it (user@host, '' when unknown) if pulled from a teammate; None if ours."""
        if self.origin == TEAM_ORIGIN or self.origin.startswith(TEAM_ORIGIN + ":"):
            return self.origin.partition(":")[2]
        return None

    @property
    def content_hash(self) -> str:
        return digest(f"{self.name}\0{self.body}")


@record(frozen=True)
class Hit:
    episode: Episode
    snippet: str
    score: float  # bm25: lower is better


_COLUMNS = (
    "uuid, group_id, name, body, source, source_description, kind, origin, session_id, created_at,"
    " forgotten_at, forgotten_reason, superseded_by"
)
SHOWN = "forgotten_at IS NULL"  # what search and recall may show


def _episode(row: sqlite3.Row) -> Episode:
    return Episode(
        uuid=row["uuid"],
        group_id=row["group_id"],
        name=row["name"],
        body=row["body"],
        source=row["source"],
        source_description=row["source_description"],
        kind=row["kind"],
        origin=row["origin"],
        session_id=row["session_id"],
        created_at=row["created_at"],
        forgotten_at=row["forgotten_at"],
        forgotten_reason=row["forgotten_reason"],
        superseded_by=row["superseded_by"],
    )


def insert(conn: sqlite3.Connection, episode: Episode) -> bool:
    """Store `episode`; False when the same uuid or the same content is already in its group."""
    cursor = conn.execute(
        f"INSERT OR IGNORE INTO episodes ({_COLUMNS}, content_hash) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            episode.uuid,
            episode.group_id,
            episode.name,
            episode.body,
            episode.source,
            episode.source_description,
            episode.kind,
            episode.origin,
            episode.session_id,
            episode.created_at,
            episode.forgotten_at,
            episode.forgotten_reason,
            episode.superseded_by,
            episode.content_hash,
        ),
    )
    return cursor.rowcount == 1


class _NotWords(dict[int, int]):
    """A `str.translate` table that makes each character that is not a word character (a
    letter, digit or `_` of any script, as `\\w` in a pattern) a space; filled as characters are
    met. String methods, not `re`: importing it costs every recall hook ~3 ms."""

    def __missing__(self, code: int) -> int:
        char = chr(code)
        self[code] = kept = code if char.isalnum() or char == "_" else 0x20
        return kept


_NOT_WORDS = _NotWords()


def tokens(text: str) -> list[str]:
    """The words of `text` in order, repeats too: what the pattern `\\w+` finds."""
    return text.translate(_NOT_WORDS).split()


def words(text: str) -> list[str]:
    """The searchable words of `text`, each once, in order."""
    found = tokens(text.lower())
    return list(dict.fromkeys(w for w in found if w not in STOPWORDS and len(w) > 1))


def _quote(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def fts_query(text: str) -> str | None:
    """User text -> a safe FTS5 query (each word quoted, OR-ed); None when nothing is searchable.

    Quoting every token means FTS syntax in user text (quotes, NEAR, *, -, :) is never parsed.
    """
    unique = words(text)
    return " OR ".join(map(_quote, unique)) if unique else None


@record(frozen=True)
class Terms:
    """A query's words by how many episodes have them: rare words find episodes, common words
    only rank them, so a common word costs neither time nor rank (see `terms`)."""

    rare: list[str]
    common: list[str]
    pairs: list[str] = field(default_factory=list)  # "a b": words next to each other, one rare

    @property
    def all(self) -> list[str]:
        return [*self.rare, *self.common]


def terms(conn: sqlite3.Connection, text: str) -> Terms:
    """Split the words of `text` by rarity in this store: a word in more than
    min(COMMON_DOCS, store size / COMMON_SHARE) episodes is common. Each word is probed for one
    match past that threshold, which reads at most that many index entries (~0.15 ms): counting
    a common word's matches reads all of them (12-50 ms at 100k episodes)."""
    found = words(text)
    size = conn.execute("SELECT max(id) FROM episodes").fetchone()[0] or 0
    threshold = max(8, min(COMMON_DOCS, size // COMMON_SHARE))
    rare: list[str] = []
    common: list[str] = []
    for word in found:
        (common if _has_more(conn, word, threshold) else rare).append(word)
    pairs = [
        f"{a} {b}"
        for a, b in pairwise(tokens(text.lower()))
        if a not in STOPWORDS and b not in STOPWORDS and (a in rare or b in rare) and a != b
    ]
    return Terms(rare, common, list(dict.fromkeys(pairs)))


def shared(conn: sqlite3.Connection, found: Sequence[str], most: int) -> list[str]:
    """The words of `found` that more than one episode has and at most `most` do: each probed
    for one match past 1 and past `most`, which reads at most `most` + 1 index entries."""
    return [w for w in found if _has_more(conn, w, 1) and not _has_more(conn, w, most)]


def scarce(conn: sqlite3.Connection, found: Sequence[str], most: int) -> list[str]:
    """The words of `found` that at most `most` episodes have (none too): each probed for one
    match past `most`, which reads at most `most` + 1 index entries."""
    return [w for w in found if not _has_more(conn, w, most)]


def _has_more(conn: sqlite3.Connection, word: str, than: int) -> bool:
    probe = conn.execute(
        "SELECT rowid FROM episodes_fts WHERE episodes_fts MATCH ? LIMIT 1 OFFSET ?",
        (_quote(word), than),
    )
    return probe.fetchone() is not None


def search_terms(
    conn: sqlite3.Connection,
    query: Terms,
    groups: Sequence[str],
    limit: int,
    kinds: Sequence[str] = (),
) -> list[Hit]:
    """Episodes (of `kinds`, when given) with the query's rare words, best bm25 first; with only
    common words, the best of the newest `RECENT_SCAN` episodes (ranking every match of a common
    word at 100k episodes is ~100 ms). Hits come without snippets: see `with_snippets`."""
    if not query.all or not groups or limit <= 0:
        return []
    where = ""
    if query.rare:
        # A phrase of the prompt found as a phrase counts as one more, rarer, word: bm25 weighs
        # it by how few episodes have it. Each has a rare word, so it reads few positions.
        match = " OR ".join(map(_quote, [*query.rare, *query.pairs]))
    else:
        match = " OR ".join(map(_quote, query.common))
        low, high = recent_window(conn, groups)
        where = f"AND episodes_fts.rowid BETWEEN {low} AND {high}"
    if kinds:
        where += f" AND e.kind IN ({','.join('?' * len(kinds))})"
    marks = ",".join("?" * len(groups))
    best = conn.execute(
        f"""SELECT e.id, bm25(episodes_fts, 2.0, 1.0) AS score
            FROM episodes_fts JOIN episodes e ON e.id = episodes_fts.rowid
            WHERE episodes_fts MATCH ? {where} AND e.group_id IN ({marks}) AND e.{SHOWN}
            ORDER BY score, e.created_at DESC LIMIT ?""",
        (match, *kinds, *groups, limit),
    ).fetchall()
    if not best:
        return []
    # Whole rows of the winners only: read in the ranking query, every match's row would be.
    scores = {row[0]: row[1] for row in best}
    rows = conn.execute(
        f"SELECT id, {_COLUMNS} FROM episodes WHERE id IN ({','.join('?' * len(best))})",
        tuple(scores),
    ).fetchall()
    rank = {rowid: i for i, rowid in enumerate(scores)}
    rows.sort(key=lambda r: rank[r["id"]])
    return [Hit(_episode(r), "", scores[r["id"]]) for r in rows]


def by_ids(conn: sqlite3.Connection, ids: Sequence[int]) -> list[Episode]:
    """The shown episodes of `ids`, in their order (the others are skipped)."""
    if not ids:
        return []
    rows = conn.execute(
        f"SELECT id, {_COLUMNS} FROM episodes WHERE id IN ({','.join('?' * len(ids))}) AND {SHOWN}",
        tuple(ids),
    ).fetchall()
    found = {r["id"]: _episode(r) for r in rows}
    return [found[i] for i in ids if i in found]


def recent_window(conn: sqlite3.Connection, groups: Sequence[str]) -> tuple[int, int]:
    """The ids of the `RECENT_SCAN` episodes up to the groups' newest: what a query of common
    words only is ranked over. Bounded on both sides, wherever the groups' newest episodes sit
    in a store that other projects keep writing to (two index reads per group)."""
    high = max((_edge(conn, g, newest=True) for g in groups), default=0)
    return high - RECENT_SCAN + 1, high


def holds(conn: sqlite3.Connection, groups: Sequence[str]) -> bool:
    """Whether the groups have any episode at all (one index seek each)."""
    return any(_edge(conn, g, newest=True) for g in groups)


def spans_window(conn: sqlite3.Connection, groups: Sequence[str]) -> bool:
    """Whether all of the groups' episodes lie in their `recent_window`: a small project (a
    conversation of a few hundred turns), however big the store around it."""
    low, _ = recent_window(conn, groups)
    return all(_edge(conn, g, newest=False) >= low for g in groups)


def _edge(conn: sqlite3.Connection, group: str, *, newest: bool) -> int:
    """The group's highest (or lowest) episode id, 0 when it has none: one index seek. By id, not
    by date: the window is a range of ids, and ids and dates disagree for an episode written by
    one of two processes at once (dated before the other, committed after) or loaded from a
    dump; bounded by the newest date's id, such an episode was outside every window."""
    order = "DESC" if newest else "ASC"
    row = conn.execute(
        f"SELECT id FROM episodes WHERE group_id = ? ORDER BY id {order} LIMIT 1", (group,)
    ).fetchone()
    return int(row[0]) if row else 0


def with_snippets(conn: sqlite3.Connection, query: Terms, hits: Sequence[Hit]) -> list[Hit]:
    """`hits` with FTS snippets of their bodies around the query's words (the body's start for
    a hit with none of them: a semantic neighbour). A snippet tokenizes its whole body again
    (~0.2 ms each), so only the hits that will be shown get one."""
    if not hits:
        return []
    snippets: dict[str, str] = {}
    if query.all:
        uuids = [h.episode.uuid for h in hits]
        rows = conn.execute(
            f"""SELECT e.uuid, snippet(episodes_fts, 1, '', '', '…', 24)
                FROM episodes_fts JOIN episodes e ON e.id = episodes_fts.rowid
                WHERE episodes_fts MATCH ?
                  AND episodes_fts.rowid IN
                      (SELECT id FROM episodes WHERE uuid IN ({",".join("?" * len(uuids))}))""",
            (" OR ".join(map(_quote, query.all)), *uuids),
        )
        snippets = dict(rows.fetchall())
    return [replace(h, snippet=snippets.get(h.episode.uuid) or _lead(h.episode.body)) for h in hits]


def _lead(body: str) -> str:
    """The start of a body, about as long as a snippet."""
    text = " ".join(body.split())
    return text if len(text) <= LEAD_CHARS else text[:LEAD_CHARS].rsplit(" ", 1)[0] + "…"


def next_turns(
    conn: sqlite3.Connection, turns: Sequence[Episode], count: int = 1
) -> dict[str, list[Episode]]:
    """uuid of a turn -> the `count` turns its session captured next, when there are any: where
    an answer to what the turn asked usually is. Read by rowid (a session's turns are stored in
    order, close together; at most `NEXT_TURN_GAP` rows on), so no index on sessions is needed."""
    found: dict[str, list[Episode]] = {}
    for turn in turns:
        rows = conn.execute(
            f"""SELECT {_COLUMNS} FROM episodes,
                       (SELECT id AS start FROM episodes WHERE uuid = ?)
                WHERE id > start AND id <= start + ? AND session_id = ? AND kind = 'turn'
                  AND {SHOWN}
                ORDER BY id LIMIT ?""",
            (turn.uuid, NEXT_TURN_GAP, turn.session_id, count),
        ).fetchall()
        if rows:
            found[turn.uuid] = [_episode(row) for row in rows]
    return found


def recent(
    conn: sqlite3.Connection, groups: Sequence[str], limit: int, kinds: Sequence[str]
) -> list[Episode]:
    """The newest episodes of `kinds` in `groups`, newest first.

    One index range per group and kind, each read newest first for at most `limit` rows, then
    merged: a single `IN (...)` query would sort every matching row, 5 ms at 10k episodes even for
    a kind with no rows at all.
    """
    ranges = [(group, kind) for group in groups for kind in kinds]
    if not ranges:
        return []
    one = (
        f"SELECT * FROM (SELECT {_COLUMNS} FROM episodes WHERE group_id = ? AND kind = ?"
        f" AND {SHOWN} ORDER BY created_at DESC LIMIT ?)"
    )
    sql = " UNION ALL ".join([one] * len(ranges)) + " ORDER BY created_at DESC LIMIT ?"
    params = [value for group, kind in ranges for value in (group, kind, limit)]
    rows = conn.execute(sql, [*params, limit]).fetchall()
    return [_episode(r) for r in rows]


def iter_group(conn: sqlite3.Connection, group_id: str) -> Iterator[Episode]:
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM episodes WHERE group_id = ? ORDER BY created_at, id", (group_id,)
    )
    for row in rows:
        yield _episode(row)


def find(conn: sqlite3.Connection, ref: str, groups: Sequence[str] | None = None) -> list[Episode]:
    """Episodes whose uuid is `ref` or starts with it (the short ids search shows), in `groups`
    when given."""
    ref = ref.strip().lower()
    if not ref:
        return []
    where, params = "uuid >= ? AND uuid < ?", [ref, ref + "\uffff"]
    if groups is not None:
        where += f" AND group_id IN ({','.join('?' * len(groups))})"
        params += groups
    rows = conn.execute(f"SELECT {_COLUMNS} FROM episodes WHERE {where} LIMIT 2", params)
    return [_episode(r) for r in rows]


def same_content(conn: sqlite3.Connection, episode: Episode) -> Episode | None:
    """The stored episode of `episode`'s group with the same content, if any."""
    row = conn.execute(
        f"SELECT {_COLUMNS} FROM episodes WHERE group_id = ? AND content_hash = ?",
        (episode.group_id, episode.content_hash),
    ).fetchone()
    return _episode(row) if row else None


def mark_forgotten(
    conn: sqlite3.Connection, uuid: str, reason: str, superseded_by: str | None, at: str
) -> None:
    conn.execute(
        "UPDATE episodes SET forgotten_at = ?, forgotten_reason = ?, superseded_by = ?"
        " WHERE uuid = ?",
        (at, reason, superseded_by, uuid),
    )


def revive(conn: sqlite3.Connection, uuid: str) -> None:
    """Show a forgotten episode again (the same memory was kept anew)."""
    conn.execute(
        "UPDATE episodes SET forgotten_at = NULL, forgotten_reason = '', superseded_by = NULL"
        " WHERE uuid = ?",
        (uuid,),
    )


def counts(conn: sqlite3.Connection, groups: Sequence[str] | None = None) -> dict[str, int]:
    """Episodes per group: every group, or only `groups` (each an index range, not a scan)."""
    if groups is None:
        rows = conn.execute("SELECT group_id, COUNT(*) FROM episodes GROUP BY group_id ORDER BY 1")
        return {group: n for group, n in rows}
    sql = "SELECT COUNT(*) FROM episodes WHERE group_id = ?"
    return {group: conn.execute(sql, (group,)).fetchone()[0] for group in groups}


def delete_groups(conn: sqlite3.Connection, groups: Sequence[str]) -> dict[str, int]:
    """Delete every episode of `groups`; returns how many each group lost."""
    deleted = {}
    with transaction(conn):
        for group in groups:
            cursor = conn.execute("DELETE FROM episodes WHERE group_id = ?", (group,))
            conn.execute("DELETE FROM ingest_manifest WHERE group_id = ?", (group,))
            deleted[group] = cursor.rowcount
        if any(deleted.values()):
            related.reset(conn)  # no word of what was cleared stays behind
    return deleted


def of_origin(conn: sqlite3.Connection, group_id: str, origin: str) -> dict[str, str]:
    """uuid -> body of the episodes one source (an ingested file) produced."""
    rows = conn.execute(
        "SELECT uuid, body FROM episodes WHERE group_id = ? AND origin = ?", (group_id, origin)
    )
    return {uuid: body for uuid, body in rows}


def delete_uuids(conn: sqlite3.Connection, uuids: Sequence[str]) -> int:
    if not uuids:
        return 0
    marks = ",".join("?" * len(uuids))
    return conn.execute(f"DELETE FROM episodes WHERE uuid IN ({marks})", list(uuids)).rowcount
