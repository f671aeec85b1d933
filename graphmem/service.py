"""The one service layer: CLI commands and hook handlers call these functions and nothing below.

Every write is redacted first and lands in the embedded store before anything else happens, so a
memory is durable the moment a call returns. stdlib only: the hook path imports this module.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cached_property

from graphmem import config as config_mod
from graphmem import paths, recall
from graphmem.errors import ConfigError, Exit, GraphmemError
from graphmem.record import field, record, replace
from graphmem.scope import SCOPES, Project, project_for, sanitize
from graphmem.store import counters, db, notes, sessions
from graphmem.store import episodes as ep
from graphmem.store.episodes import SOURCES, Episode, Hit
from graphmem.store.sessions import Session

__all__ = ["SOURCES", "Episode", "Hit", "Memory", "Session", "Stored", "title_of"]

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Literal, Protocol

    from graphmem import ingest as ingest_mod
    from graphmem.backends.mcp import ServerInfo
    from graphmem.scope import Scope
    from graphmem.store.remote_cache import CachedFact
    from graphmem.sync import Spool

    class Note(Protocol):
        """One memory file a host keeps itself (hosts/claude_code/automemory.py's Note)."""

        name: str
        kind: str
        scope: Scope

        def text(self) -> str: ...


@record(frozen=True)
class Stored:
    episode: Episode
    new: bool  # False when the same memory was already stored in that group
    redacted: Mapping[str, int] = field(default_factory=dict)


@record(frozen=True)
class Forgotten:
    episode: Episode  # as it is now: marked
    already: bool  # it was forgotten before this call (the marking is left as it was)
    server: str  # backend graphiti: "not sent" (never left), "delete queued" (delivered), or ""


@record(frozen=True)
class NotesImport:
    kept: int = 0  # files stored as new memories
    superseded: int = 0  # memories an edited file replaced
    forgotten: int = 0  # memories whose file was deleted


@record(frozen=True)
class IngestEvent:
    path: str
    action: Literal["added", "replaced", "unchanged", "skipped", "pruned"]
    chunks: int = 0
    reason: str = ""


@record(frozen=True)
class GraphAnswer:
    facts: list[Any]  # graphmem.backends.graphiti.Fact, still valid
    entities: list[Any]  # graphmem.backends.graphiti.Entity
    cached: list[CachedFact]  # when the server could not be asked
    error: str | None  # why the server could not be asked
    unreachable: bool = False  # False when the server answered with a refusal


@record(frozen=True)
class Curated:
    reviewed: int  # captured episodes shown to the curator (marked curated unless a dry run)
    operations: list[dict[str, Any]]  # op, text, scope, turns (uuids), memory, uuid (once stored)
    added: int = 0
    superseded: int = 0
    dry_run: bool = False


@record(frozen=True)
class LoadReport:
    added: int
    skipped: int
    groups: dict[str, int]


NOTES_ORIGIN = "auto-memory"  # an episode imported from a host's own memory files
CURATED_ORIGIN = "curated"  # a fact the curator drew from captured turns (docs/curation.md)
CURATE_LEASE = "curate"  # held by the one curation run at a time
# Episodes whose words wait to be related before a session's end starts `graphmem index`: each
# run loads the model (~0.3 s of CPU), so not for a turn or two.
RELATE_AFTER = 20
CURATE_LEASE_ENV = "GRAPHMEM_CURATE_LEASE"  # the placeholder lease a detached run takes over
CURATE_STARTING_S = 30.0  # how long that placeholder holds while the process starts
REMOTE_ORIGIN = "graphiti"  # an episode read from the server (dump), never sent back


def probe_server(url: str) -> ServerInfo:
    """Whether the Graphiti server at `url` answers, with the token, headers and timeouts of the
    config in effect; raises graphmem.backends.mcp.McpError. Nothing is stored: setup asks this
    before it saves the url."""
    from graphmem.sync import remote

    return remote.probe(config_mod.load(overrides={"url": url}))


def store_error(exc: sqlite3.DatabaseError) -> GraphmemError:
    """A store failure (a damaged page, a lock held too long) as the error a user can act on."""
    return GraphmemError(db.explain(exc, paths.store_file()))


def title_of(text: str, limit: int = 80) -> str:
    """A short name for a memory: its first non-empty line, cut at a word."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "memory")
    if len(line) <= limit:
        return line
    return line[:limit].rsplit(" ", 1)[0].rstrip(" ,.;:") + "…"


_LOADED_TEXT = ("name", "body", "source_description", "origin", "session_id", "forgotten_reason")


def _global_group(cfg: config_mod.Config) -> str:
    return sanitize(cfg.group_prefix + cfg.global_group, "global")


def _is_home_or_root(directory: str) -> bool:
    return directory in ("/", os.path.realpath(os.path.expanduser("~")))


class Memory:
    """graphmem for one working directory: its config, its project, its store."""

    def __init__(self, config: config_mod.Config, project: Project) -> None:
        self.config = config
        self.project = project

    @classmethod
    def open(
        cls, cwd: str | os.PathLike[str] | None = None, overrides: Mapping[str, Any] | None = None
    ) -> Memory:
        return cls.for_config(config_mod.load(cwd, overrides))

    @classmethod
    def for_config(cls, cfg: config_mod.Config) -> Memory:
        if cfg.global_only_in_home and _is_home_or_root(cfg.project_root):
            # No project here: an agent started in ~ or / works on everything and nothing.
            project = Project(cfg.project_root, _global_group(cfg), None)
        else:
            project = project_for(
                cfg.project_root,
                in_repo=cfg.in_repo,
                override=cfg.project_group,
                prefix=cfg.group_prefix,
            )
        return cls(cfg, project)

    # -- plumbing -------------------------------------------------------------------------

    @property
    def store_path(self) -> str:
        return paths.store_file()

    @cached_property
    def conn(self) -> sqlite3.Connection:
        store = self.store_path
        for path in (os.path.dirname(store), store):
            try:
                why = paths.foreign(os.stat(path))
            except FileNotFoundError:
                continue  # created below, privately
            if why:
                raise GraphmemError(
                    f"{path} is not private to you: {why}. graphmem will not use it; fix its "
                    "owner and mode (0700 for the folder, 0600 for the store) or set GRAPHMEM_HOME",
                    Exit.CONFIG,
                )
        try:
            return db.connect(store)
        except sqlite3.DatabaseError as exc:
            raise GraphmemError(db.explain(exc, store)) from None

    @cached_property
    def redactor(self) -> Any:
        from graphmem.redact import Redactor

        try:
            return Redactor(self.config.redact_patterns, self.config.redact_allowlist)
        except ValueError as exc:
            raise ConfigError(f"redact_patterns / redact_allowlist: {exc}") from None

    @cached_property
    def spool(self) -> Spool:
        """The way to the Graphiti server: outbox, breaker, cache of its facts, the drain.

        It shares this store connection, so what it queues joins the caller's transaction.
        Loaded on first use: hooks on the embedded store never import it.
        """
        from graphmem.sync import Spool

        return Spool(self.conn, self.config, self.groups("all"))

    def close(self) -> None:
        self.__dict__.pop("spool", None)
        if "conn" in self.__dict__:
            self.conn.close()
            del self.__dict__["conn"]

    @property
    def global_group(self) -> str:
        return _global_group(self.config)

    def groups(self, scope: Scope) -> list[str]:
        if scope not in SCOPES:
            raise GraphmemError(f"scope must be one of {', '.join(SCOPES)}", Exit.USAGE)
        return {
            "project": [self.project.group_id],
            "global": [self.global_group],
            "all": list(dict.fromkeys([self.project.group_id, self.global_group])),
        }[scope]

    def group_for(self, scope: Scope = "project", group: str | None = None) -> str:
        return sanitize(group) if group else self.groups(scope)[0]

    def transaction(self, *, durable: bool = True) -> db.transaction:
        """One atomic unit of work on the store; nested ones are savepoints inside it.
        `durable=False` for work that can be redone (db.transaction): it skips the disk's wait."""
        return db.transaction(self.conn, durable=durable)

    # -- writing --------------------------------------------------------------------------

    def clean(self, text: str) -> tuple[str, dict[str, int]]:
        """Redacted text, and how many secrets of each kind were taken out."""
        result = self.redactor.redact(text)
        return result.text, dict(result.counts)

    def cleaner(self, redacted: dict[str, int]) -> Callable[[str], str]:
        """`clean` as a text-to-text function that adds what it redacts to `redacted`."""

        def clean(text: str) -> str:
            body, counts = self.clean(text)
            for kind, n in counts.items():
                redacted[kind] = redacted.get(kind, 0) + n
            return body

        return clean

    def write(self, episodes: Sequence[Episode], redacted: Mapping[str, int]) -> list[bool]:
        """Insert already-redacted episodes inside the caller's transaction; returns which were
        new. Every episode graphmem stores passes here, so this is where delivery hooks in."""
        created = [ep.insert(self.conn, e) for e in episodes]
        counters.add(self.conn, "redacted:", redacted)
        if self.syncing:  # bound for the server too, in the same transaction
            self.spool.enqueue(
                [
                    e
                    for e, new in zip(episodes, created, strict=True)
                    if new
                    and e.origin != REMOTE_ORIGIN
                    and e.teammate is None  # a teammate's stays theirs
                    and e.forgotten_at is None
                ]
            )
        return created

    def remember(
        self,
        text: str,
        *,
        scope: Scope = "project",
        group: str | None = None,
        name: str | None = None,
        source: str = "text",
        source_description: str = "",
        kind: str = "memory",
        origin: str = "cli",
        session_id: str | None = None,
        redacted: Mapping[str, int] | None = None,
    ) -> Stored:
        """Store `text`, redacted here unless the caller passes the counts of its own redaction
        (a hook that redacted a turn before cutting it)."""
        if redacted is None:
            body, redacted = self.clean(text)
        else:
            body = text
        if not body.strip():
            why = "all of it was private or a secret" if text.strip() else "the text is empty"
            raise GraphmemError(f"nothing to remember: {why}", Exit.INPUT)
        title, _ = self.clean(name) if name else (title_of(body), {})
        episode = Episode(
            group_id=self.group_for(scope, group),
            name=title,
            body=body,
            source=source,
            source_description=source_description,
            kind=kind,
            origin=origin,
            session_id=session_id,
        )
        with self.transaction():
            (new,) = self.write([episode], redacted)
            if not new:  # the same memory was kept before: answer with it, shown again
                episode = ep.same_content(self.conn, episode) or episode
                if episode.forgotten_at is not None:
                    self._revive(episode)
                    episode = replace(
                        episode, forgotten_at=None, forgotten_reason="", superseded_by=None
                    )
        return Stored(episode, new, redacted)

    # -- hook sessions --------------------------------------------------------------------
    # Hooks of one session run in parallel: each event's read-modify-write of its session runs
    # inside one `transaction()` the handler opens, and everything below joins it.

    def session(self, session_id: str, host: str) -> Session:
        """The session's hook state, created on first sight."""
        return sessions.load(self.conn, session_id, host, self.project.group_id)

    def save_session(self, session: Session) -> None:
        sessions.save(self.conn, session)

    def forget_shown(self, session: Session) -> None:
        """After a compaction or /clear the model no longer has what it was shown."""
        sessions.forget_shown(self.conn, session.session_id)

    def prune_sessions(self) -> int:
        return sessions.prune(self.conn, self.config.session_retention_days)

    def inject(
        self, session: Session, query: str | None, *, footer: str = "", own_index: bool = False
    ) -> str:
        """The memory block to show the model now (what this session was not shown in its last
        `injection_interval` prompts), with a health line first when memory is degraded; marks
        what it shows as shown. `own_index`: the host shows an index of its own memory files
        itself (Claude Code's MEMORY.md), so memories imported from them come only when they
        match the prompt."""
        same = self.global_group == self.project.group_id  # in ~ or /: global memory only
        terms = ep.terms(self.conn, query) if query else None
        block = recall.build(
            self._recall_items(self.project.group_id, query, terms, own_index),
            [] if same else self._recall_items(self.global_group, query, terms, own_index),
            total=recall.budget(self.config.context_window),
            skip=sessions.shown(self.conn, session.session_id, self._scrolled_out(session)),
            footer=footer,
        )
        sessions.mark_shown(self.conn, session.session_id, block.shown, session.prompts)
        session.injected_at_prompt = session.prompts
        if block.text:
            session.injected_at = db.now()
        return "\n".join(filter(None, [self._health(), block.text]))

    def _scrolled_out(self, session: Session) -> int:
        """The last prompt whose memories may be shown again: those shown `injection_interval`
        prompts ago or more have likely left the model's view, and one relevant to this prompt
        is worth showing again. With no re-injection (0), nothing is shown twice."""
        interval = self.config.injection_interval
        return session.prompts - interval if interval > 0 else -1

    def _recall_items(
        self, group: str, query: str | None, terms: ep.Terms | None, own_index: bool = False
    ) -> Iterator[recall.Item]:
        """Local episodes, and with a graph server the cached facts of its graph (facts first:
        they are the graph's distilled form of many episodes). Lines are made as the block
        reads them: a long turn's passage costs ~0.1 ms, and most candidates never fit."""
        room = recall.budget(self.config.context_window)
        candidates = recall.candidates(self.conn, [group], terms, room=room)
        found = candidates.episodes
        if own_index and any(e.origin == NOTES_ORIGIN for e in found):
            found = self._without_indexed(found, group, terms)
        items = self._episode_items(found, candidates.words)
        if not self.syncing:
            yield from items
            return
        facts = (
            self.spool.cached_facts(query, [group], recall.FACTS)
            if query
            else self.spool.recent_cached([group], recall.FACTS)
        )
        stale = self.config.stale_days
        # A fact that only repeats a memory (as a teammate's, pulled as written) adds nothing.
        said = {recall.same_text(e.body) for e in found}
        distinct = recall.distinct(facts, lambda f: f.text)
        fresh = (f for f in distinct if recall.same_text(f.text) not in said)
        yield from (recall.fact_item(f, stale) for f in fresh)
        yield from items

    def _episode_items(
        self, episodes: list[Episode], words: Sequence[str]
    ) -> Iterator[recall.Item]:
        """Lines for `episodes`, each with the passage about `words` and its age and standing."""
        old = recall.superseded(episodes)
        stale = self.config.stale_days
        chars = recall.item_chars(recall.budget(self.config.context_window))
        for e in episodes:
            yield recall.episode_item(
                e, words, stale_days=stale, superseded=e.uuid in old, chars=chars
            )

    def _without_indexed(
        self, found: list[Episode], group: str, terms: ep.Terms | None
    ) -> list[Episode]:
        """`found` less the imported memory files whose index line the host already shows and
        that do not match the prompt's `terms`: only a body the prompt asks for adds anything."""
        shown = notes.indexed(self.conn, [e.uuid for e in found if e.origin == NOTES_ORIGIN])
        if shown and terms:
            hits = recall.ranked(self.conn, terms, [group], len(found))
            shown -= {h.episode.uuid for h in hits}
        return [e for e in found if e.uuid not in shown]

    def _health(self) -> str:
        """One line when memory is degraded (episodes waiting for the graph server), else ''."""
        if not self.syncing:
            return ""
        return self.spool.health().line() or ""

    def notes_for(self, query: str | None) -> list[str]:
        """Memories other than raw turns, best first, as lines within recall's budget and with
        its 70/30 split between this project's and global memory: what a compaction summary
        should keep."""

        terms = ep.terms(self.conn, query) if query else None

        def notes(group: str) -> Iterator[recall.Item]:
            found = recall.candidates(self.conn, [group], terms)
            kept = [e for e in found.episodes if e.kind != "turn"]
            return self._episode_items(kept, found.words)

        same = self.global_group == self.project.group_id
        project, global_ = recall.split(
            notes(self.project.group_id),
            [] if same else notes(self.global_group),
            recall.budget(self.config.context_window),
            frozenset(),
        )
        lines = recall.lines(project)
        if global_:
            lines += ["All projects:", *recall.lines(global_)]
        return lines

    def note_query(self, prompt: str) -> None:
        """With a graph server: ask the next background refresh to fetch its facts for this."""
        if self.syncing:  # kept in the store, later sent to the server: redacted first
            self.spool.note_query(self.groups("all"), self.clean(prompt)[0])

    # -- forgetting -----------------------------------------------------------------------

    def find(self, ref: str) -> Episode:
        """The one episode whose id is `ref` or starts with it (any group: ids are unique)."""
        if len(ref.strip()) < 4:
            raise GraphmemError(
                "give at least 4 characters of the memory's id (search shows them)", Exit.INPUT
            )
        found = ep.find(self.conn, ref)
        if not found:
            raise GraphmemError(f"no memory has the id {ref!r}", Exit.INPUT)
        if len(found) > 1:
            raise GraphmemError(
                f"several memories have ids starting {ref!r}: give more", Exit.INPUT
            )
        return found[0]

    def forget(self, ref: str, reason: str = "", superseded_by: str | None = None) -> Forgotten:
        """Mark a memory wrong or obsolete: kept in the store and the dump, never shown again.

        With backend graphiti the server only offers delete_episode: a copy not yet sent is never
        sent, a delivered one is queued for deletion there (the local, marked episode remains).
        """
        target = self.find(ref)
        newer = self.find(superseded_by).uuid if superseded_by else None
        if newer == target.uuid:
            raise GraphmemError("a memory cannot supersede itself", Exit.INPUT)
        if target.forgotten_at is not None:
            return Forgotten(target, True, "")
        reason, _ = self.clean(reason.strip())
        at = db.now()
        with self.transaction():
            server = self._mark(target, reason, newer, at)
        marked = replace(target, forgotten_at=at, forgotten_reason=reason, superseded_by=newer)
        return Forgotten(marked, False, server)

    def _mark(self, episode: Episode, reason: str, newer: str | None, at: str) -> str:
        """Mark inside the caller's transaction; what becomes of the server's copy, if any."""
        ep.mark_forgotten(self.conn, episode.uuid, reason, newer, at)
        if not self.syncing:
            return ""
        dropped, deleting = self.spool.retire([episode.uuid])
        return "delete queued" if deleting else "not sent" if dropped else ""

    def _revive(self, episode: Episode) -> None:
        ep.revive(self.conn, episode.uuid)
        if self.syncing:  # sent again, whatever became of the earlier copy
            self.spool.resend(episode)

    # -- a host's own memory files --------------------------------------------------------

    def import_notes(
        self,
        source: str,
        stamps: Mapping[str, str],
        read: Callable[[str], Note | None],
        indexed: Callable[[], set[str]],
    ) -> NotesImport:
        """Keep the memory files of folder `source` ({file: stamp}) as memories: a new file
        becomes one, an edited file supersedes what it was, a deleted file's memory is
        forgotten. `indexed()`: the files whose index line the host shows its model itself.
        Joins the caller's transaction; when nothing changed it costs one read."""
        known = notes.known(self.conn, source)
        if {file: stamp for file, (stamp, _) in known.items()} == stamps:
            return NotesImport()
        kept = superseded = forgotten = 0
        with self.transaction():
            for file, stamp in stamps.items():
                before, old = known.get(file, ("", None))
                if stamp == before:
                    continue
                note = read(file)
                new = self._keep_note(source, file, note) if note else None
                kept += new is not None and new != old
                if old and old != new:
                    superseded += self._retire(old, f"{file} was edited", new)
                notes.save(self.conn, source, file, stamp, new)
            for file in known.keys() - stamps.keys():
                old = known[file][1]
                if old:
                    forgotten += self._retire(old, f"{file} was deleted", None)
                notes.drop(self.conn, source, file)
            notes.set_indexed(self.conn, source, indexed())
        return NotesImport(kept, superseded, forgotten)

    def imported_notes(self, source: str) -> int:
        """How many memory files of folder `source` are held as memories."""
        return sum(1 for _, uuid in notes.known(self.conn, source).values() if uuid)

    def _keep_note(self, source: str, file: str, note: Note) -> str | None:
        try:
            stored = self.remember(
                note.text(),
                scope=note.scope,
                name=note.name,
                kind=note.kind,
                origin=NOTES_ORIGIN,
                source_description=f"{os.path.join(source, file)}",
            )
        except GraphmemError:  # nothing left once private parts are taken out
            return None
        return stored.episode.uuid

    def _retire(self, uuid: str, reason: str, newer: str | None) -> bool:
        """Forget episode `uuid` (inside the caller's transaction) unless it already is."""
        found = ep.find(self.conn, uuid)
        if not found or found[0].forgotten_at is not None:
            return False
        self._mark(found[0], reason, newer, db.now())
        return True

    # -- reading --------------------------------------------------------------------------

    def search(
        self, query: str, *, scope: Scope = "all", limit: int = 10, semantic: bool = False
    ) -> list[Hit]:
        """Best matches first. With `semantic` (`graphmem search` and the agent's tool, never a
        hook) and the semantic extra installed and allowed, the episodes nearest the query in
        meaning are fused in (docs/configuration.md, `semantic`)."""
        terms = ep.terms(self.conn, query)
        groups = self.groups(scope)
        if semantic and terms.all and self.semantic:  # only stopwords: nothing to look for
            hits = self._fused(query, terms, groups, limit)
        else:
            hits = recall.ranked(self.conn, terms, groups, limit)
        return ep.with_snippets(self.conn, terms, hits)

    @property
    def semantic(self) -> bool:
        """Whether search may fuse in semantic neighbours: allowed and installed."""
        if not self.config.semantic:
            return False
        from graphmem import semantic  # the extra stays off the hook path

        return semantic.available()

    def _fused(self, query: str, terms: ep.Terms, groups: list[str], limit: int) -> list[Hit]:
        """Lexical matches and semantic neighbours by reciprocal rank; episodes are embedded
        the first time a search looks at them (as stored: redacted)."""
        from graphmem import semantic

        conn = self.conn
        depth = max(limit, semantic.DEPTH)  # each side brings as many as may be shown
        lexical = recall.ranked(conn, terms, groups, depth)
        semantic.embed_missing(conn)
        near = ep.by_ids(conn, semantic.nearest(conn, groups, query, depth))
        episodes = {h.episode.uuid: h.episode for h in lexical} | {e.uuid: e for e in near}
        fused = semantic.fuse([h.episode.uuid for h in lexical], [e.uuid for e in near], limit)
        return [Hit(episodes[uuid], "", -score) for uuid, score in fused]

    def index_meaning(self) -> tuple[int, int]:
        """Make, for every episode still without them, what the semantic extra finds memories
        by: its vector (search) and its words' related words (recall's hooks); how many of
        each were made."""
        if not self.semantic:
            raise GraphmemError(
                "the semantic extra is off: install it (pip install 'graphmem[semantic]') and "
                "leave `semantic` true"
            )
        from graphmem import semantic

        embedded = semantic.embed_missing(self.conn, float("inf"))
        return embedded, semantic.relate_missing(self.conn)

    def start_indexing(self) -> bool:
        """At a session's end: start `graphmem index` detached when the semantic extra is on
        and RELATE_AFTER episodes wait for their words to be related. Never waits; the hook
        only looks for the extra, never loads it."""
        from graphmem.store import related

        if not self.config.semantic or related.waiting(self.conn) < RELATE_AFTER:
            return False
        if not paths.installed("wordllama"):  # a look, not an import
            return False
        from graphmem import detach

        detach.start(["index", "--background"], self.project.root, {})
        return True

    def recent(
        self, kinds: Sequence[str], *, scope: Scope = "all", limit: int = 10
    ) -> list[Episode]:
        """The newest episodes of `kinds`, newest first (forgotten ones never)."""
        return ep.recent(self.conn, self.groups(scope), limit, kinds)

    def counts(self, scope: Scope | None = None) -> dict[str, int]:
        """Episodes per group: every group in the store, or the groups of `scope`."""
        return ep.counts(self.conn, self.groups(scope) if scope else None)

    def status(self) -> dict[str, Any]:
        store = self.store_path
        size = sum(os.path.getsize(p) for p in (store, f"{store}-wal") if os.path.exists(p))
        ignored = dict(self.config.ignored)
        return {
            "config_files": list(self.config.files),
            "project_files": [
                {
                    "path": path,
                    "trusted": config_mod.is_trusted(path),
                    "ignored": list(ignored.get(path, ())),
                }
                for path in self.config.files
                if os.path.basename(path) == config_mod.PROJECT_FILE
            ],
            "env": list(self.config.env),
            "backend": self.config.backend,
            "url": self.config.url or None,
            "token": "set" if self.config.token else None,
            "project": {
                "root": self.project.root,
                "group_id": self.project.group_id,
                "remote": self.project.remote,
            },
            "global_group": self.global_group,
            "store": {"path": store, "bytes": size},
            "episodes": self.counts(),
            "redacted": counters.read(self.conn, "redacted:"),
            "activity": sessions.last_activity(self.conn, self.project.group_id),
            "curation": self._curation_status(),
            "semantic": self._semantic_status(),
        }

    def _semantic_status(self) -> dict[str, Any]:
        """Whether the semantic extra is on, and how far its related words (recall's) are made."""
        from graphmem.store import related

        return {
            "on": self.semantic,
            "related_words": related.count(self.conn),
            "episodes_waiting": max(related.waiting(self.conn), 0),
        }

    # -- ingest ---------------------------------------------------------------------------

    def ingest(
        self,
        patterns: Sequence[str],
        *,
        group: str | None = None,
        name: str | None = None,
        source: str = "text",
        chunk_chars: int | None = None,
        prune: bool = False,
        dry_run: bool = False,
    ) -> tuple[int, Iterator[IngestEvent]]:
        """Ingest files: how many were found, and events yielded as each is handled."""
        from graphmem import ingest as ingest_mod  # ingest and transfer stay off the hook path

        files = ingest_mod.expand(patterns)
        events = self._ingest(
            files,
            patterns,
            group=group,
            name=name,
            source=source,
            cap=chunk_chars or self.config.chunk_chars,
            prune=prune,
            dry_run=dry_run,
        )
        return len(files), events

    def _ingest(
        self,
        files: Sequence[Path | ingest_mod.Skipped],
        patterns: Sequence[str],
        *,
        group: str | None,
        name: str | None,
        source: str,
        cap: int,
        prune: bool,
        dry_run: bool,
    ) -> Iterator[IngestEvent]:
        from graphmem import ingest as ingest_mod
        from graphmem.store import manifest

        group_id = self.group_for("project", group)
        known = manifest.digests(self.conn, group_id)
        seen: set[str] = set()
        for found in files:
            redacted: dict[str, int] = {}
            doc = (
                found
                if isinstance(found, ingest_mod.Skipped)
                else ingest_mod.read(
                    found, self.project.root, cap=cap, source=source, clean=self.cleaner(redacted)
                )
            )
            if isinstance(doc, ingest_mod.Skipped):
                key = ingest_mod.key_for(doc.path, self.project.root, follow=False)
                yield IngestEvent(key, "skipped", reason=doc.reason)
                continue
            seen.add(doc.key)
            previous = known.get(doc.key)
            if previous == doc.digest:
                yield IngestEvent(doc.key, "unchanged", len(doc.chunks))
                continue
            if not dry_run:
                self._ingest_document(doc, group_id, name, source, redacted)
            yield IngestEvent(doc.key, "replaced" if previous else "added", len(doc.chunks))
        if prune:
            roots = [ingest_mod.key_for(p, self.project.root) for p in patterns]
            for key in sorted(set(known) - seen):
                if any(key == r or key.startswith(r.rstrip("/") + "/") for r in roots):
                    if not dry_run:
                        with self.transaction():
                            origin = ep.of_origin(self.conn, group_id, f"ingest:{key}")
                            self._delete(list(origin))
                            manifest.forget(self.conn, group_id, key)
                    yield IngestEvent(key, "pruned")

    def _ingest_document(
        self,
        doc: ingest_mod.Document,
        group_id: str,
        prefix: str | None,
        source: str,
        redacted: Mapping[str, int],
    ) -> None:
        """Store a document whose chunks `ingest.read` has already redacted."""
        from graphmem import ingest as ingest_mod
        from graphmem.store import manifest

        episodes = []
        for title, body in zip(ingest_mod.episode_names(doc, prefix), doc.chunks, strict=True):
            episodes.append(
                Episode(
                    group_id=group_id,
                    name=title,
                    body=body,
                    source=source,
                    source_description=f"file {doc.key}",
                    kind="doc",
                    origin=f"ingest:{doc.key}",
                )
            )
        with self.transaction():
            # Chunks whose text did not change keep their episode: on a graph server each new
            # episode costs an LLM extraction, so only what changed is deleted and re-sent.
            existing = ep.of_origin(self.conn, group_id, f"ingest:{doc.key}")
            bodies = {e.body for e in episodes}
            self._delete([u for u, body in existing.items() if body not in bodies])
            kept = set(existing.values())
            self.write([e for e in episodes if e.body not in kept], redacted)
            manifest.record(self.conn, group_id, doc.key, doc.digest, len(doc.chunks))

    def _delete(self, uuids: Sequence[str]) -> None:
        self.spool.retire(uuids)  # whatever the backend now: it may have been sent before
        ep.delete_uuids(self.conn, uuids)

    # -- transfer -------------------------------------------------------------------------

    def export(self, groups: Sequence[str] | None = None) -> list[tuple[str, list[Episode]]]:
        """Episodes per group, oldest first: every group in the store unless `groups` is given."""
        names = list(groups) if groups else list(self.counts())
        return [(g, list(ep.iter_group(self.conn, g))) for g in names]

    def load(self, text: str) -> LoadReport:
        """Import a dump into the groups it names; what is already stored is skipped."""
        episodes = []
        redacted: dict[str, int] = {}
        from graphmem import transfer

        for episode in transfer.read(text):
            # Every text field is stored and may be sent on: each is redacted, not only the body.
            cleaned: dict[str, Any] = {"group_id": sanitize(episode.group_id)}
            for name in _LOADED_TEXT:
                value = getattr(episode, name)
                if value:
                    cleaned[name], counts = self.clean(value)
                    for kind, n in counts.items():
                        redacted[kind] = redacted.get(kind, 0) + n
            episodes.append(replace(episode, **cleaned))
        with self.transaction():
            created = self.write(episodes, redacted)
            for episode, new in zip(episodes, created, strict=True):
                if not new and episode.forgotten_at is not None:
                    self._forget_loaded(episode)
        groups: dict[str, int] = {}
        for episode, new in zip(episodes, created, strict=True):
            if new:
                groups[episode.group_id] = groups.get(episode.group_id, 0) + 1
        added = sum(created)
        return LoadReport(added, len(episodes) - added, groups)

    def _forget_loaded(self, episode: Episode) -> None:
        """A dump says a memory we hold was forgotten: the marking travels with the memory."""
        held = next(iter(ep.find(self.conn, episode.uuid)), None)
        held = held or ep.same_content(self.conn, episode)
        if held is not None and held.forgotten_at is None:
            at = episode.forgotten_at or db.now()
            self._mark(held, episode.forgotten_reason, episode.superseded_by, at)

    # -- clearing -------------------------------------------------------------------------

    def clear(self, groups: Sequence[str]) -> dict[str, int]:
        """Forget the groups locally: episodes, what waits to be sent, cached remote facts."""
        deleted = ep.delete_groups(self.conn, groups)
        if groups:
            with self.transaction():
                self.spool.forget_groups(groups)
        return deleted

    # -- the Graphiti server (backend = graphiti) -----------------------------------------
    # What only concerns the server and the spool (`graphmem spool`, probing, clearing it) is
    # the spool's; here is what combines it with the local store.

    @property
    def syncing(self) -> bool:
        return self.config.syncing

    def with_server_episodes(
        self, groups: list[tuple[str, list[Episode]]], limit: int
    ) -> list[tuple[str, list[Episode]]]:
        """Add each group's episodes that are only on the server (origin `graphiti`).

        Ours are recognised by the key in their name; on FalkorDB servers get_episodes may see
        only the server's default group (a server bug), so others can be missing.
        """
        from graphmem.store import outbox
        from graphmem.sync import remote

        names = [g for g, _ in groups]
        found = self.spool.remote_episodes(names, limit) if names else []
        merged = []
        for group, local in groups:
            known = {outbox.key_of(e.uuid) for e in local}
            pulled = {e.uuid for e in local if e.teammate is not None}  # the server's uuids
            extra = [
                remote.as_episode(r, REMOTE_ORIGIN)
                for r in found
                if r.group_id == group
                and outbox.key_in(r.name) not in known
                and r.uuid not in pulled
            ]
            merged.append((group, local + sorted(extra, key=lambda e: e.created_at)))
        return merged

    def search_graph(self, query: str, *, scope: Scope = "all", limit: int = 10) -> GraphAnswer:
        """The server's facts and entities, each text once; from the local cache when it cannot
        be reached."""
        groups = self.groups(scope)
        query = self.clean(query)[0]  # a query leaves the machine too
        answer = self.spool.search(query, groups, limit)
        if answer.error is None:
            facts = recall.distinct(answer.facts, lambda f: f.fact)
            entities = recall.distinct(
                [e for e in answer.entities if e.summary.strip()],  # a bare name says nothing
                lambda e: f"{e.name}: {e.summary}",
            )
            return GraphAnswer(facts, entities, [], None)
        cached = self.spool.cached_facts(query, groups, limit)
        return GraphAnswer(
            [], [], recall.distinct(cached, lambda c: c.text), answer.error, answer.unreachable
        )

    def start_background_drain(self) -> bool:
        """Deliver in a detached process when there is work; never waits for the server."""
        if not self.syncing:
            return False  # hooks on the embedded store never load the spool
        return self.spool.start_drain()

    # -- curation (docs/curation.md) -------------------------------------------------------

    def start_curation(self, session_id: str, after: int | None = None) -> bool:
        """At a session's end: start `graphmem curate` detached when curation is on, enough of
        the session waits for it (`after` captured episodes, curate_every unless given; 0: never),
        the daily cap allows and no run holds the lease. Never waits."""
        cfg = self.config
        if cfg.curate != "on" or after == 0:
            return False
        from graphmem.store import breaker
        from graphmem.store import curation as cur

        conn = self.conn
        need = max(cfg.curate_every if after is None else after, 1)
        if cur.count_waiting(conn, self.project.group_id, session_id) < need:
            return False
        if cur.runs_since(conn, db.ago(86_400)) >= cfg.curate_daily_max:
            return False
        placeholder = "spawn:" + breaker.new_owner()  # no live pid: its expiry decides
        with self.transaction():
            if not breaker.acquire(conn, CURATE_LEASE, placeholder, CURATE_STARTING_S):
                return False
        from graphmem import detach

        args = ["curate", "--session", session_id, "--background"]
        detach.start(args, self.project.root, {CURATE_LEASE_ENV: placeholder})
        return True

    def curate(
        self, *, session_id: str | None = None, since: str | None = None, dry_run: bool = False
    ) -> Curated:
        """Show the captured turns not yet curated, and the memories they may touch, to the
        curator; apply its validated answer in one transaction. Raises GraphmemError (the run
        is recorded with its error, and nothing of the answer is applied)."""
        from graphmem.store import breaker
        from graphmem.store import curation as cur

        waiting = cur.waiting(self.conn, self.project.group_id, session_id=session_id, since=since)
        if not waiting:
            return Curated(0, [], dry_run=dry_run)
        owner = breaker.new_owner()
        lease_s = self.config.curate_timeout + 60
        with self.transaction():
            placeholder = os.environ.get(CURATE_LEASE_ENV, "")
            if not breaker.acquire(self.conn, CURATE_LEASE, owner, lease_s, replacing=placeholder):
                raise GraphmemError("another curation is running; try again later")
            run = cur.start_run(self.conn, session_id)
        try:
            done = self._curate(waiting, dry_run)
        except GraphmemError as exc:
            with self.transaction():
                cur.finish_run(self.conn, run, turns=len(waiting), error=self.clean(str(exc))[0])
            raise
        finally:
            with self.transaction():
                breaker.release(self.conn, CURATE_LEASE, owner)
        error = None
        try:
            if not dry_run:
                self.write_memory_file()
        except GraphmemError as exc:
            error = str(exc)
            raise
        finally:
            with self.transaction():
                cur.finish_run(
                    self.conn,
                    run,
                    turns=done.reviewed,
                    added=done.added,
                    superseded=done.superseded,
                    error=error,
                )
        return done

    def write_memory_file(self) -> str | None:
        """Rewrite graphmem's section of `memory_file` with the curated project facts; its path,
        or None when there is none. The facts are kept whatever becomes of the file."""
        name = self.config.memory_file
        if not name:
            return None
        from graphmem import memory_file
        from graphmem.store import curation as cur

        facts = cur.facts(self.conn, self.project.group_id, CURATED_ORIGIN)
        try:
            path = memory_file.target(self.project.root, name)
            memory_file.update(path, facts)
        except (OSError, ValueError) as exc:
            raise GraphmemError(f"facts curated, but memory_file not written: {exc}") from None
        return path

    def _curate(self, waiting: list[Episode], dry_run: bool) -> Curated:
        from graphmem import curation
        from graphmem.store import curation as cur

        turns = {f"T{i}": e for i, e in enumerate(waiting, 1)}
        memories = {f"M{i}": e for i, e in enumerate(self._touched(waiting), 1)}
        text, shown = curation.prompt(
            [(h, recall.neutral(e.body, curation.MAX_FACT_CHARS)) for h, e in memories.items()],
            [(h, e.body) for h, e in turns.items()],
        )
        host = waiting[-1].origin.removeprefix("hook:")
        argv, stdin = curation.command(self.config.curate_command, host)
        raw = curation.run(
            argv, text, stdin=stdin, timeout=self.config.curate_timeout, cwd=self.project.root
        )
        answer = curation.parse(raw, set(shown), set(memories))
        ops: list[dict[str, Any]] = []
        for op in answer.operations:
            if self.clean(op.text)[1]:  # the prompt forbids it: the whole answer is suspect
                raise curation.Refused("the curator's answer holds a secret in a fact")
            entry: dict[str, Any] = {
                "op": op.op,
                "text": op.text,
                "scope": op.scope,
                "turns": [turns[t].uuid for t in op.turns],
            }
            if isinstance(op, curation.Supersede):
                entry["memory"] = memories[op.memory].uuid
            ops.append(entry)
        reviewed = [turns[h].uuid for h in shown]
        if dry_run:
            return Curated(len(reviewed), ops, dry_run=True)
        added = superseded = 0
        with self.transaction():
            for entry in ops:
                stored = self.remember(
                    entry["text"],
                    scope=entry["scope"],
                    kind="correction" if entry["op"] == "supersede" else "memory",
                    origin=CURATED_ORIGIN,
                    source_description="curated from " + ", ".join(entry["turns"]),
                    session_id=turns_session(waiting, entry["turns"]),
                )
                entry["uuid"] = stored.episode.uuid
                added += stored.new
                old = entry.get("memory")
                if old and old != stored.episode.uuid:
                    done = self.forget(old, f"corrected: {entry['text']}", stored.episode.uuid)
                    superseded += not done.already
            cur.mark_curated(self.conn, reviewed)
        return Curated(len(reviewed), ops, added, superseded)

    def _touched(self, waiting: list[Episode]) -> list[Episode]:
        """The memories a curation may touch: what recall would show for these turns (kept
        facts, not turns), and every note imported from the host's own memory files, so the
        curator neither adds them again nor misses what they now contradict. The query is the
        corrections and preferences the session flagged, wherever they are in it, and its end."""
        flagged = " ".join(e.body for e in waiting if e.kind != "turn")[:2_000]
        query = flagged + " " + " ".join(e.body for e in waiting)[-4_000:]
        groups = self.groups("all")
        kept = [k for k in ep.KINDS if k not in ("turn", "doc")]
        # Kept facts only: among all episodes, turns (far more of them) would crowd them out.
        hits = recall.ranked(self.conn, ep.terms(self.conn, query), groups, 60, kept)
        reviewed = {e.uuid for e in waiting}  # shown once, as what is reviewed
        found = [h.episode for h in hits if h.episode.uuid not in reviewed]
        imported = [e for e in ep.recent(self.conn, groups, 30, kept) if e.origin == NOTES_ORIGIN]
        return list({e.uuid: e for e in [*imported, *found]}.values())[:40]

    def _curation_status(self) -> dict[str, Any]:
        from graphmem.store import curation as cur

        runs = cur.last_runs(self.conn, 1)
        return {"mode": self.config.curate, "last": runs[0] if runs else None}

    def curation_failure_is_new(self) -> bool:
        """Whether the newest run failed differently from the one before: a curator that is
        not installed is reported once, not at every session end."""
        from graphmem.store import curation as cur

        runs = cur.last_runs(self.conn, 2)
        return bool(runs) and (len(runs) < 2 or runs[0]["error"] != runs[1]["error"])


def turns_session(waiting: Sequence[Episode], uuids: Sequence[str]) -> str | None:
    """The session the first of `uuids` was captured in."""
    by_uuid = {e.uuid: e for e in waiting}
    return next((by_uuid[u].session_id for u in uuids if u in by_uuid), None)
