"""Reading what a host sends: JSON of a shape graphmem does not control. Stdlib only (hook path);
below both the event types and the turn readers, which use it."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def string(value: Any) -> str:
    """A payload's string value; anything else (missing, null, a number) reads as ''."""
    return value if isinstance(value, str) else ""
