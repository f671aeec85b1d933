"""opencode, through graphmem's plugin shim: payload -> HookEvent, Answer -> JSON for the shim.

The shim forwards `chat.message` output parts (UserPromptSubmit) and `client.session.messages()`
entries (Stop, PreCompact, PostCompact) untouched, so what counts as the user's words and where
the compaction summary is are decided here (messages.py), not in JavaScript.
"""

from __future__ import annotations

import os

from graphmem.hosts import shim
from graphmem.hosts.events import Answer, HookEvent, tools_wired
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


def memory_tools(root: str) -> tuple[str, str] | None:
    """(how the agent searches memory, how it keeps a fact) when the MCP server is wired."""
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
    if tools_wired(f"{root}/.opencode", f"{config}/opencode"):
        return "the `graphmem_search` tool", "the `graphmem_add` tool"
    return None
