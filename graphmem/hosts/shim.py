"""The wire format of graphmem's own plugin shims (opencode, pi): JSON in, JSON out.

A shim forwards each host event as `graphmem hook <Event>` with one JSON object on stdin:
`host`, `session_id`, `cwd`, and per event `source` (SessionStart), the prompt (UserPromptSubmit),
`messages` (the conversation since the shim last sent it: Stop, PreCompact; pi also sends again,
at PreCompact and SessionEnd, a run whose Stop did not finish), `stop_hook_active`
(Stop: this turn continues a re-prompt, or ends a compaction) and the compaction summary
(PostCompact). The answer is `{"context", "block", "compaction"}` with only the non-empty keys;
the shim applies each the host's way. Each host reads its own prompt, summary and message shapes.
"""

from __future__ import annotations

from graphmem import fastjson
from graphmem.hosts.events import KINDS as HOOK_KINDS
from graphmem.hosts.events import Answer, HookEvent
from graphmem.hosts.payload import string

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from graphmem.hosts.events import Kind
    from graphmem.hosts.turns import Turn

KINDS: dict[str, Kind] = {
    name: kind
    for name, kind in HOOK_KINDS.items()
    if name not in ("PostToolUse", "SubagentStop")  # no shim sends these
}


def messages(payload: dict[str, Any]) -> list[dict[str, Any]]:
    value = payload.get("messages")
    return [m for m in value if isinstance(m, dict)] if isinstance(value, list) else []


def decode(
    host: str,
    name: str,
    payload: dict[str, Any],
    turn: Callable[[list[dict[str, Any]]], Turn | None],
    *,
    prompt: str = "",
    summary: str = "",
) -> HookEvent | None:
    """The event of a shim payload; `prompt`, `summary` and the `turn` read from the messages sent
    come from the host's own shapes.

    A UserPromptSubmit without prompt text (a message holding only injected or re-prompt text)
    is no event: it must not count as the user's prompt.
    """
    kind = KINDS.get(name)
    if kind is None or (kind == "prompt" and not prompt):
        return None
    sent = messages(payload)
    return HookEvent(
        kind=kind,
        host=host,
        session_id=string(payload.get("session_id")),
        cwd=string(payload.get("cwd")) or ".",
        source=string(payload.get("source")),
        prompt=prompt,
        turn=turn(sent) if sent else None,
        stop_hook_active=payload.get("stop_hook_active") is True,
        compact_summary=summary,
    )


def encode(answer: Answer) -> str:
    fields = {"context": answer.context, "block": answer.block, "compaction": answer.compaction}
    return fastjson.dumps({k: v for k, v in fields.items() if v})
