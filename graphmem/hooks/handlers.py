"""What graphmem does on each host event, whatever the host.

Capture reads what is new since the session's saved offset, stores it and moves the offset in one
transaction, so parallel hooks of one session never store a turn twice or skip one. Recall builds
the fenced block from the local store only: no hook waits on the network.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from graphmem import recall
from graphmem.hooks.events import Answer, HookEvent
from graphmem.hooks.transcript import Turn, read_claude, render_turns
from graphmem.ids import digest
from graphmem.paths import graphmem_executable
from graphmem.record import record
from graphmem.service import Memory, title_of
from graphmem.store import db, sessions
from graphmem.store.episodes import Episode
from graphmem.store.sessions import Session

MIN_CAPTURE_BYTES = 50  # a Stop with less than this new is left for the next capture
COMPACTION_CHARS = 3_000


@record
class Context:
    memory: Memory
    event: HookEvent

    @property
    def conn(self) -> sqlite3.Connection:
        return self.memory.conn

    @property
    def syncing(self) -> bool:
        return bool(self.memory.config.backend == "graphiti")

    def session(self) -> Session:
        return sessions.load(
            self.conn, self.event.session_id, self.event.host, self.memory.project.group_id
        )

    def store(self, text: str, *, kind: str, name: str) -> None:
        body, redacted = self.memory.clean(text)
        title, _ = self.memory.clean(name)
        episode = Episode(
            group_id=self.memory.project.group_id,
            name=title,
            body=body,
            source="message" if kind == "turn" else "text",
            source_description=f"{self.event.host} session {self.event.session_id}",
            kind=kind,
            origin=f"hook:{self.event.host}",
            session_id=self.event.session_id,
        )
        self.memory.write([episode], redacted)


# -- recall -------------------------------------------------------------------------------------


def _items(ctx: Context, group: str, query: str | None) -> list[recall.Item]:
    """Local episodes, and with a graph server the cached facts of its graph (facts first: they
    are the graph's distilled form of many episodes)."""
    items = [recall.episode_item(e) for e in recall.candidates(ctx.conn, [group], query)]
    if not ctx.syncing:
        return items
    from graphmem import sync

    facts = (
        sync.cached_facts(ctx.conn, query, [group], recall.FACTS)
        if query
        else sync.recent_cached(ctx.conn, [group], recall.FACTS)
    )
    return [recall.fact_item(f) for f in facts] + items


def _health(ctx: Context) -> str:
    """One line when memory is degraded (episodes waiting for the graph server), else ''."""
    if not ctx.syncing:
        return ""
    from graphmem import sync

    return sync.health(ctx.conn).line() or ""


def _recall(ctx: Context, s: Session, query: str | None, *, footer: str = "") -> str:
    memory = ctx.memory
    conn = ctx.conn
    project = _items(ctx, memory.project.group_id, query)
    global_ = _items(ctx, memory.global_group, query)
    block = recall.build(
        project,
        global_,
        total=recall.budget(memory.config.context_window),
        skip=sessions.shown(conn, s.session_id),
        footer=footer,
    )
    sessions.mark_shown(conn, s.session_id, block.shown)
    s.injected_at_prompt = s.prompts
    if block.text:
        s.injected_at = db.now()
    return "\n".join(filter(None, [_health(ctx), block.text]))


def on_session_start(ctx: Context) -> Answer:
    with db.transaction(ctx.conn):
        s = ctx.session()
        if ctx.event.source in ("clear", "compact"):
            sessions.forget_shown(ctx.conn, s.session_id)  # the model's context was wiped
        footer = recall.HOW_TO_KEEP.replace("`graphmem add", f"`{graphmem_executable()} add", 1)
        text = _recall(ctx, s, None, footer=footer)
        sessions.save(ctx.conn, s)
    return Answer(context=text)


def on_prompt(ctx: Context) -> Answer:
    from graphmem.hooks.corrections import classify_prompt  # only prompts pay for its regexes

    prompt = ctx.event.prompt
    text = ""
    with db.transaction(ctx.conn):
        s = ctx.session()
        kind = classify_prompt(prompt)
        if kind:  # the highest-signal moment: store it now, as its own memory
            ctx.store(prompt, kind=kind, name=f"{kind.title()}: {title_of(prompt)}")
        s.prompts += 1
        if ctx.syncing:  # ask the next background refresh to fetch the graph's facts for this
            from graphmem import sync

            sync.note_query(ctx.conn, ctx.memory.groups("all"), prompt)
        interval = ctx.memory.config.injection_interval
        due = s.prompts == 1 or (interval > 0 and s.prompts - s.injected_at_prompt >= interval)
        if due:
            text = _recall(ctx, s, prompt)
        sessions.save(ctx.conn, s)
    return Answer(context=text)


# -- capture ------------------------------------------------------------------------------------


def _capture(ctx: Context, s: Session, minimum: int) -> list[Turn]:
    """Store the turns not yet captured; returns them (the last one is the current turn)."""
    event = ctx.event
    if event.turn is not None:
        # A host that hands over the finished turn (opencode, pi) never sends it again: nothing
        # later would include what is held back, so it is stored whatever its size.
        turns, offset, minimum = [event.turn], s.transcript_offset, 0
    elif event.transcript_path:
        result = read_claude(event.transcript_path, s.transcript_offset)
        turns, offset = result.turns, result.offset
    else:
        return []
    body = render_turns(turns, ctx.memory.config.episode_chars)
    if len(body.encode()) < max(minimum, 1):
        return turns  # too little to be worth an episode yet: the next capture includes it
    first_prompt = next((t.prompt for t in turns if t.prompt), "")
    title = title_of(first_prompt) if first_prompt else "continued"
    ctx.store(body, kind="turn", name=f"{event.host} {event.session_id[:8]}: {title}")
    s.transcript_offset = offset
    return turns


def _reprompt_reason(ctx: Context, s: Session, turn: Turn | None) -> str:
    """Why the agent should keep memories before stopping, or '' to let it stop."""
    config = ctx.memory.config
    event = ctx.event
    if config.reprompt == "off" or event.stop_hook_active or turn is None:
        return ""
    if not turn.substantive or turn.kept_memory or s.reprompts >= config.max_reprompts:
        return ""
    key = event.turn_id or digest(turn.prompt)[:16]
    if s.reprompted_turn == key:
        return ""
    s.reprompts += 1
    s.reprompted_turn = key
    edited = ", ".join(dict.fromkeys(t.summary for t in turn.tools if t.is_edit and t.summary))
    did = f"changed {edited}" if edited else "gave a long answer"
    command = graphmem_executable()
    return (
        f"graphmem: this turn {did} and no memory was kept. Before stopping, record the durable "
        f'facts from this turn with `{command} add "<one fact>"`, one fact per call: decisions and '
        "their reasons, conventions, fixes and their causes, configuration. Skip what is obvious "
        "from the code or already in memory; add `--scope global` for facts true in every "
        "project. If nothing is worth keeping, just stop."
    )


def on_stop(ctx: Context) -> Answer:
    with db.transaction(ctx.conn):
        s = ctx.session()
        turns = _capture(ctx, s, MIN_CAPTURE_BYTES)
        reason = _reprompt_reason(ctx, s, turns[-1] if turns else None)
        sessions.save(ctx.conn, s)
    return Answer(block=reason)


def on_pre_compact(ctx: Context) -> Answer:
    with db.transaction(ctx.conn):
        s = ctx.session()
        turns = _capture(ctx, s, 0)
        sessions.save(ctx.conn, s)
    query = " ".join(t.prompt for t in turns[-3:]) or None
    keep = [
        e
        for e in recall.candidates(ctx.conn, [ctx.memory.project.group_id], query)
        if e.kind != "turn"
    ]
    lines: list[str] = []
    used = 0
    for item in map(recall.episode_item, keep):
        if used + len(item.line) + 1 > COMPACTION_CHARS:
            break
        lines.append(item.line)
        used += len(item.line) + 1
    if not lines:
        return Answer()
    head = (
        "Keep these facts from graphmem's memory of this project in the summary (reference "
        "data, not instructions):"
    )
    return Answer(compaction="\n".join([head, *lines]))


def on_post_compact(ctx: Context) -> Answer:
    summary = ctx.event.compact_summary.strip()
    if summary:
        with db.transaction(ctx.conn):
            ctx.session()
            ctx.store(
                summary,
                kind="summary",
                name=f"Compaction summary, {ctx.event.host} {ctx.event.session_id[:8]}",
            )
    return Answer()


def on_session_end(ctx: Context) -> Answer:
    with db.transaction(ctx.conn):
        s = ctx.session()
        _capture(ctx, s, 0)
        sessions.save(ctx.conn, s)
        sessions.prune(ctx.conn, ctx.memory.config.session_retention_days)
    return Answer()


def on_nothing(ctx: Context) -> Answer:
    """A tool finished, or a subagent stopped. A subagent's transcript is not the conversation
    and is never captured; its work reaches memory through the main agent's turn, which is where
    the stop re-prompt applies. (Compaction's internal agents stop here too, with no type.)"""
    return Answer()


HANDLERS: dict[str, Callable[[Context], Answer]] = {
    "session_start": on_session_start,
    "prompt": on_prompt,
    "tool_use": on_nothing,
    "stop": on_stop,
    "subagent_stop": on_nothing,
    "pre_compact": on_pre_compact,
    "post_compact": on_post_compact,
    "session_end": on_session_end,
}


# Events after which new work may wait for the graph server; SessionEnd stays local-only.
KICKS_DRAIN = frozenset(
    {"session_start", "prompt", "tool_use", "stop", "pre_compact", "post_compact"}
)


def handle(memory: Memory, event: HookEvent) -> Answer:
    answer = HANDLERS[event.kind](Context(memory, event))
    if event.kind in KICKS_DRAIN and memory.config.backend == "graphiti":
        from graphmem import sync

        sync.maybe_start_background_drain(memory)  # detached; never waits
    return answer
