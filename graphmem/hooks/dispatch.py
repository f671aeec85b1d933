"""Route a host event to its handler. Host formats are decoded at this edge."""

from __future__ import annotations


def handle(event: str, raw: bytes) -> str:
    """Answer for the host's stdout ('' for none)."""
    return ""
