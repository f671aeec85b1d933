"""opencode's conversation, as the shim forwards `client.session.messages()`, read into a turn.

`[{info: {role, summary?}, parts: [...]}]`; parts `{type: "text", text, synthetic?, ignored?}`,
`{type: "tool", tool, callID, state: {status: pending|running|completed|error, input, output?,
error?}}`, `{type: "compaction"}`, and step/reasoning/file parts (ignored). A user message whose
text is all `synthetic` (injected context, or a re-prompt the shim sent with `synthetic: true`) or
that holds a compaction part is not a prompt. Assistant messages with `info.summary` are
compaction summaries.
"""

from __future__ import annotations

from graphmem.hosts.turns import TurnBuilder, last_turn

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

    from graphmem.hosts.turns import Turn


def turn(messages: list[dict[str, Any]]) -> Turn | None:
    """The conversation's last turn (see `turns.last_turn`)."""
    return last_turn(messages, _kind, _add)


def own_text(parts: Any) -> str:
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


def summary(messages: list[dict[str, Any]]) -> str:
    """The text of the last compaction summary (an assistant message with `info.summary`)."""
    for message in reversed(messages):
        info = message.get("info")
        if isinstance(info, dict) and info.get("role") == "assistant" and info.get("summary"):
            return own_text(message.get("parts"))
    return ""


def _kind(message: dict[str, Any]) -> tuple[str, str]:
    """("prompt", text), or (kind, "") with kind assistant / summary / other."""
    info = message.get("info")
    info = info if isinstance(info, dict) else {}
    parts = message.get("parts")
    parts = parts if isinstance(parts, list) else []
    if info.get("role") == "assistant":
        return ("summary" if info.get("summary") is True else "assistant"), ""
    if info.get("role") != "user" or any(_part_type(p) == "compaction" for p in parts):
        return "other", ""
    text = own_text(parts)
    return ("prompt", text) if text else ("other", "")


def _part_type(part: Any) -> Any:
    return part.get("type") if isinstance(part, dict) else None


def _add(turn: TurnBuilder, kind: str, message: dict[str, Any]) -> None:
    parts = message.get("parts")
    for part in parts if isinstance(parts, list) else ():
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text" and not part.get("synthetic"):
            turn.text(part.get("text"))
        elif part.get("type") == "tool":
            state = part.get("state")
            state = state if isinstance(state, dict) else {}
            tool = turn.call(part.get("callID"), part.get("tool"), state.get("input"))
            status = state.get("status")
            if status in ("completed", "error"):
                failed = status == "error"
                turn.result(tool, failed, state.get("error" if failed else "output"))
