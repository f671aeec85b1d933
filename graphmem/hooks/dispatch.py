"""Route a host event to its handler. Host formats are decoded and encoded at this edge."""

from __future__ import annotations

import os

from graphmem import config, fastjson, hosts
from graphmem.detach import CURATING_ENV
from graphmem.hosts.events import IDLE_KINDS

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def _payload(raw: bytes) -> dict[str, Any]:
    data = fastjson.loads(raw.decode("utf-8", errors="replace")) if raw.strip() else {}
    if not isinstance(data, dict):
        raise ValueError("event payload is not a JSON object")
    return data


def handle(name: str, raw: bytes, host: str = "", *, close: bool = True) -> str:
    """Answer for the host's stdout ('' for none). `host`: as the installed command names it.

    `close=False` when the process ends right after without teardown: closing the last
    connection to a WAL store checkpoints the log into the database file, ~7% of a recall hook
    measured; what the hook committed is already durable in the log (`synchronous=FULL`), the next
    process to open the store reads it there, and SQLite checkpoints when the log grows past
    1,000 pages."""
    if os.environ.get(CURATING_ENV):
        return ""  # a curator's own run (docs/curation.md): no capture, recall or re-prompt
    payload = _payload(raw)
    name = name or str(payload.get("hook_event_name", ""))
    # graphmem's opencode and pi shims name their host in the payload; a host that runs the hook
    # command itself is named in the command, except Claude Code, whose commands predate that.
    adapter = hosts.adapter(host or str(payload.get("host") or "claude-code"))
    if adapter is None:
        return ""  # a host graphmem has no adapter for
    event = adapter.decode(name, payload)
    if event is None or not event.session_id:
        return ""  # an event graphmem does not handle, or no session to attach it to
    if not os.path.isdir(event.cwd):
        event.cwd = os.getcwd()

    cfg = config.load(event.cwd)
    if cfg.ignored:  # the one stderr line a hook may leave: the host shows it to the user
        import sys

        print(config.ignored_line(cfg), file=sys.stderr)
    if not cfg.enabled:
        return ""  # switched off: no capture, no recall, the store is not even opened
    if event.kind in IDLE_KINDS and not cfg.syncing:
        return ""  # the most frequent events (every tool call) need not even open the store

    import sqlite3

    from graphmem.hooks.handlers import handle as run_handler
    from graphmem.service import Memory, store_error

    memory = Memory.for_config(cfg)
    try:
        answer = run_handler(memory, event)
    except sqlite3.DatabaseError as exc:  # a lock held too long, a damaged page: said plainly
        raise store_error(exc) from None
    finally:
        if close:
            memory.close()
    return adapter.encode(name, answer) if answer else ""
