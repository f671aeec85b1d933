"""opencode, through graphmem's plugin shim: payload -> HookEvent, Answer -> JSON for the shim.

The shim forwards `chat.message` output parts (UserPromptSubmit) and `client.session.messages()`
entries (Stop, PreCompact, PostCompact) untouched, so what counts as the user's words and where
the compaction summary is are decided here, not in JavaScript.
"""

from __future__ import annotations

from graphmem.hooks import shim
from graphmem.hooks.events import Answer, HookEvent

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any


def _own_text(parts: Any) -> str:
    """The user's text of a message: text parts that opencode or a plugin did not add."""
    return "\n".join(
        p["text"].strip()
        for p in (parts if isinstance(parts, list) else ())
        if isinstance(p, dict)
        and p.get("type") == "text"
        and isinstance(p.get("text"), str)
        and not (p.get("synthetic") or p.get("ignored"))
        and p["text"].strip()
    )


def _summary(messages: list[dict[str, Any]]) -> str:
    """The text of the last compaction summary (an assistant message with `info.summary`)."""
    for message in reversed(messages):
        info = message.get("info")
        if isinstance(info, dict) and info.get("role") == "assistant" and info.get("summary"):
            return _own_text(message.get("parts"))
    return ""


def decode(name: str, payload: dict[str, Any]) -> HookEvent | None:
    return shim.decode(
        "opencode",
        name,
        payload,
        prompt=_own_text(payload.get("parts")),
        summary=_summary(shim.messages(payload)) if name == "PostCompact" else "",
    )


def encode(name: str, answer: Answer) -> str:
    return shim.encode(answer)
