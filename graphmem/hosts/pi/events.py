"""pi, through graphmem's extension shim: payload -> HookEvent, Answer -> JSON for the shim.

The shim sends `before_agent_start`'s prompt as `prompt`, `agent_end`'s messages (that prompt's
run only) as `messages` (read in messages.py), and `session_compact`'s `compactionEntry.summary`
as `summary`. At `session_before_compact` and `session_shutdown` it sends again, one event per
run, the messages of each run whose Stop did not finish.
"""

from __future__ import annotations

from graphmem.hosts import shim
from graphmem.hosts.events import Answer, HookEvent
from graphmem.hosts.payload import string
from graphmem.hosts.pi import messages

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    return shim.decode(
        "pi",
        name,
        payload,
        messages.turn,
        prompt=string(payload.get("prompt")).strip(),
        summary=string(payload.get("summary")).strip(),
    )


def encode(name: str, answer: Answer) -> str:
    return shim.encode(answer)


def memory_tools(root: str) -> tuple[str, str] | None:
    """(how the agent searches memory, how it keeps a fact): the shim always registers them."""
    return "the `memory` tool (action `search`)", "the `memory` tool (action `add`)"
