"""opencode, through graphmem's plugin shim: payload -> HookEvent, Answer -> JSON for the shim.

The shim forwards `chat.message` output parts (UserPromptSubmit) and `client.session.messages()`
entries (Stop, PreCompact, PostCompact) untouched, so what counts as the user's words and where
the compaction summary is are decided here (messages.py), not in JavaScript.
"""

from __future__ import annotations

from graphmem.hosts import shim
from graphmem.hosts.events import Answer, HookEvent
from graphmem.hosts.opencode import messages

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    return shim.decode(
        "opencode",
        name,
        payload,
        messages.turn,
        prompt=messages.own_text(payload.get("parts")),
        summary=messages.summary(shim.messages(payload)) if name == "PostCompact" else "",
    )


def encode(name: str, answer: Answer) -> str:
    return shim.encode(answer)
