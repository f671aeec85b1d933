"""pi, through graphmem's extension shim: payload -> HookEvent, Answer -> JSON for the shim.

The shim sends `before_agent_start`'s prompt as `prompt`, `agent_end`'s messages (that prompt's
run only) as `messages`, and `session_compact`'s `compactionEntry.summary` as `summary`.
"""

from __future__ import annotations

from graphmem.hooks import shim
from graphmem.hooks.events import Answer, HookEvent

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    return shim.decode(
        "pi",
        name,
        payload,
        prompt=shim.text(payload, "prompt").strip(),
        summary=shim.text(payload, "summary").strip(),
    )


def encode(name: str, answer: Answer) -> str:
    return shim.encode(answer)
