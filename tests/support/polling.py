"""Waiting for what happens in the background (a graph server extracting, a detached drain)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import TypeVar

import pytest

T = TypeVar("T")
DEADLINE_S = 60.0  # offline extraction takes ~0.4 s; a loaded 2-core machine far more


def eventually(probe: Callable[[], T | None], what: str, deadline_s: float = DEADLINE_S) -> T:
    """Poll `probe` until it returns something other than None; fail the test after the deadline."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        found = probe()
        if found is not None:
            return found
        time.sleep(0.05)
    pytest.fail(f"{what} did not happen within {deadline_s:.0f} s")


def unique_word(prefix: str = "Zq") -> str:
    """A capitalised word no other test uses: the LLM stub makes it (part of) an entity, and a
    session-wide server never mixes one test's data into another's."""
    return prefix + uuid.uuid4().hex[:10]
