"""Running totals shown by `status` (for example secrets redacted, per kind)."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping


def add(conn: sqlite3.Connection, prefix: str, amounts: Mapping[str, int]) -> None:
    for name, amount in amounts.items():
        conn.execute(
            "INSERT INTO counters (name, value) VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET value = value + excluded.value",
            (f"{prefix}{name}", amount),
        )


def read(conn: sqlite3.Connection, prefix: str) -> dict[str, int]:
    rows = conn.execute(
        "SELECT name, value FROM counters WHERE name LIKE ? ORDER BY name", (prefix + "%",)
    )
    return {name[len(prefix) :]: value for name, value in rows}
