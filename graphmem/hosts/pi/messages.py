"""pi's conversation, as the shim forwards `agent_end.messages`, read into a turn.

`[{role, content}]`; `user` (content a string or text/image blocks), `assistant` (`text`,
`thinking`, `toolCall {id, name, arguments}` blocks), `toolResult {toolCallId, toolName, content,
isError}`; `custom` (extension messages, e.g. a re-prompt sent with `pi.sendMessage`) and any
other role are not prompts.
"""

from __future__ import annotations

from graphmem.hosts.payload import string
from graphmem.hosts.turns import TurnBuilder, assistant_blocks, last_turn, text_of

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

    from graphmem.hosts.turns import Turn

_KINDS = {"assistant": "assistant", "toolResult": "result"}


def turn(messages: list[dict[str, Any]]) -> Turn | None:
    """The conversation's last turn (see `turns.last_turn`)."""
    return last_turn(messages, _kind, _add)


def _kind(message: dict[str, Any]) -> tuple[str, str]:
    """("prompt", text), or (kind, "") with kind assistant / result / other."""
    role = message.get("role")
    if role == "user":
        text = text_of(message.get("content")).strip()
        return ("prompt", text) if text else ("other", "")
    return _KINDS.get(string(role), "other"), ""


def _add(turn: TurnBuilder, kind: str, message: dict[str, Any]) -> None:
    if kind == "assistant":
        assistant_blocks(turn, message.get("content"), "toolCall", "arguments")
    else:
        tool = turn.by_id.get(string(message.get("toolCallId")))
        turn.result(tool, message.get("isError") is True, message.get("content"))
