"""Per-session hook state: transcript offset, prompt count, what the model was shown, re-prompts.

Hooks of one session run in parallel (Claude Code starts every matching hook at once), so each
read-modify-write happens inside one IMMEDIATE transaction opened by the caller.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from graphmem.record import record
from graphmem.store.db import now


@record
class Session:
    session_id: str
    host: str
    group_id: str
    transcript_offset: int = 0
    prompts: int = 0
    injected_at_prompt: int = -1  # the prompt count at the last injection; -1: never
    reprompts: int = 0
    reprompted_turn: str | None = None
    injected_at: str | None = None  # when the model was last shown memory


_FIELDS = (
    "session_id, host, group_id, transcript_offset, prompts, injected_at_prompt, reprompts, "
    "reprompted_turn, injected_at"
)


def load(conn: sqlite3.Connection, session_id: str, host: str, group_id: str) -> Session:
    """The session's state, created on first sight."""
    row = conn.execute(f"SELECT {_FIELDS} FROM sessions WHERE session_id = ?", (session_id,))
    found = row.fetchone()
    if found:
        return Session(*found)
    stamp = now()
    conn.execute(
        "INSERT INTO sessions (session_id, host, group_id, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?)",
        (session_id, host, group_id, stamp, stamp),
    )
    return Session(session_id, host, group_id)


def save(conn: sqlite3.Connection, s: Session) -> None:
    conn.execute(
        "UPDATE sessions SET transcript_offset = ?, prompts = ?, injected_at_prompt = ?, "
        "reprompts = ?, reprompted_turn = ?, injected_at = ?, updated_at = ? WHERE session_id = ?",
        (
            s.transcript_offset,
            s.prompts,
            s.injected_at_prompt,
            s.reprompts,
            s.reprompted_turn,
            s.injected_at,
            now(),
            s.session_id,
        ),
    )


def shown(conn: sqlite3.Connection, session_id: str, after_prompt: int = -1) -> set[str]:
    """What the session was shown after its prompt number `after_prompt` (-1: ever)."""
    rows = conn.execute(
        "SELECT item FROM session_shown WHERE session_id = ? AND prompt > ?",
        (session_id, after_prompt),
    )
    return {item for (item,) in rows}


def mark_shown(
    conn: sqlite3.Connection, session_id: str, items: Iterable[str], prompt: int
) -> None:
    """Remember that the session was shown `items` at its prompt number `prompt`."""
    conn.executemany(
        "INSERT OR REPLACE INTO session_shown (session_id, item, prompt) VALUES (?, ?, ?)",
        ((session_id, item, prompt) for item in items),
    )


def forget_shown(conn: sqlite3.Connection, session_id: str) -> None:
    """After a compaction or /clear the model no longer has what it was shown."""
    conn.execute("DELETE FROM session_shown WHERE session_id = ?", (session_id,))


def last_activity(conn: sqlite3.Connection, group_id: str) -> dict[str, str | None]:
    """When hooks last captured a turn and last showed memory, in this project."""
    capture = conn.execute(
        "SELECT MAX(created_at) FROM episodes WHERE group_id = ? AND origin LIKE 'hook:%'",
        (group_id,),
    ).fetchone()[0]
    injection = conn.execute(
        "SELECT MAX(injected_at) FROM sessions WHERE group_id = ?", (group_id,)
    ).fetchone()[0]
    return {"last_capture": capture, "last_injection": injection}


def prune(conn: sqlite3.Connection, days: int) -> int:
    cutoff = (datetime.now(UTC) - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S")
    return conn.execute("DELETE FROM sessions WHERE updated_at < ?", (cutoff,)).rowcount
