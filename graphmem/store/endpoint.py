"""Where the configured server URL really leads: the URL a same-server redirect pointed to.

A server answering `/mcp/` with a 307 to `/mcp` (or back) would cost every new process (each
drain, each command) one extra round trip; the final URL is kept here, keyed by the configured
one, so that only the first process pays it. The client falls back to the configured URL when
the kept one stops working (graphmem.backends.mcp).
"""

from __future__ import annotations

import sqlite3

from graphmem.store.db import transaction

_PREFIX = "mcp_url:"


def read(conn: sqlite3.Connection, configured: str) -> str | None:
    row = conn.execute(
        "SELECT value FROM store_meta WHERE key = ?", (_PREFIX + configured,)
    ).fetchone()
    return str(row[0]) if row else None


def remember(conn: sqlite3.Connection, configured: str, final: str) -> None:
    """Keep `final` for the next process (forget it when it is the configured URL again);
    writes only when it changed."""
    if final == (read(conn, configured) or configured):
        return
    with transaction(conn):
        if final == configured:
            conn.execute("DELETE FROM store_meta WHERE key = ?", (_PREFIX + configured,))
        else:
            conn.execute(
                "INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)",
                (_PREFIX + configured, final),
            )
